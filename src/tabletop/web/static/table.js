/* Tabletop's table client: one file for every game; it knows no game.
 *
 * The server sends "view" messages (docs/protocol.md): the HTML of the changing part of
 * the page (board SVG, prompt, players, log) and the viewer's legal actions, each with the
 * `path` of drawing element ids a player clicks to choose it. This client morphs the HTML
 * in place (idiomorph), then after every click keeps the actions whose path starts with
 * the clicks so far, marks the next possible elements `clickable`, sends an action once it
 * is fully matched, and offers buttons by label for path-less or ambiguous choices. A
 * click anywhere else cancels. Moves carry the seq they were chosen at.
 */
(function () {
  "use strict";

  const root = document.getElementById("tt-table");
  if (!root) return;
  const tableId = root.dataset.table;
  const replaying = root.dataset.mode === "replay";
  let view = JSON.parse(document.getElementById("tt-initial").textContent);
  let clicks = [];
  let pending = false;
  let socket = null;
  let retries = 0;

  const CLOSE_TABLE_NOT_FOUND = 4404;
  const CLOSE_POLICY_VIOLATION = 1008;

  function startsWith(path, prefix) {
    return prefix.length <= path.length && prefix.every((id, index) => path[index] === id);
  }

  function candidates() {
    return pending ? [] : view.actions.filter((action) => startsWith(action.path, clicks));
  }

  function nextElements(actions) {
    return new Set(actions.filter((a) => a.path.length > clicks.length).map((a) => a.path[clicks.length]));
  }

  function board() {
    return document.getElementById("tt-board");
  }

  function boardElement(id) {
    return board().querySelector('[id="' + CSS.escape(id) + '"]');
  }

  function mark(id, className) {
    const element = boardElement(id);
    if (element) element.classList.add(className);
  }

  function refresh() {
    board().querySelectorAll(".clickable, .selected, .last-move").forEach((element) => {
      element.classList.remove("clickable", "selected", "last-move");
    });
    (view.last_move_path || []).forEach((id) => mark(id, "last-move"));
    clicks.forEach((id) => mark(id, "selected"));
    const actions = candidates();
    nextElements(actions).forEach((id) => mark(id, "clickable"));
    renderButtons(actions);
    document.body.dataset.status = view.status;
    document.body.dataset.seq = String(view.seq);
    document.body.dataset.myTurn = view.actions.length ? "yes" : "no";
    document.body.dataset.pending = pending ? "yes" : "no";
  }

  function button(text, onClick, className) {
    const element = document.createElement("button");
    element.type = "button";
    element.textContent = text;
    if (className) element.className = className;
    element.addEventListener("click", onClick);
    return element;
  }

  function renderButtons(actions) {
    const box = document.getElementById("tt-buttons");
    if (!box) return;
    const complete = actions.filter((action) => action.path.length === clicks.length);
    box.replaceChildren(
      ...complete.map((action) => {
        const element = button(action.label, () => send(action.id), "action");
        element.dataset.action = action.id;
        return element;
      })
    );
    if (clicks.length) box.append(button("Cancel", cancel, "secondary"));
  }

  function notice(text, isError) {
    const element = document.getElementById("tt-notice");
    if (!element) return;
    element.textContent = text;
    element.classList.toggle("error", Boolean(isError));
  }

  function cancel() {
    clicks = [];
    refresh();
  }

  function onBoardClick(event) {
    if (replaying || !view.actions.length || pending) return;
    const next = nextElements(candidates());
    let element = event.target;
    while (element && element !== board() && !(element.id && next.has(element.id))) {
      element = element.parentElement;
    }
    if (!element || element === board()) {
      cancel();
      return;
    }
    clicks.push(element.id);
    const remaining = candidates();
    if (remaining.length === 1 && remaining[0].path.length === clicks.length) {
      send(remaining[0].id);
      return;
    }
    refresh();
  }

  function send(actionId) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      notice("Not connected; reconnecting…", true);
      return;
    }
    pending = true;
    clicks = [];
    socket.send(JSON.stringify({ type: "move", action: actionId, seq: view.seq }));
    notice("");
    refresh();
  }

  function applyView(message) {
    view = message;
    clicks = [];
    pending = false;
    Idiomorph.morph(document.getElementById("tt-state"), message.html);
    const log = document.getElementById("tt-log");
    if (log) log.scrollTop = log.scrollHeight;
    refresh();
  }

  function addChat(message) {
    const lines = document.getElementById("tt-chat-lines");
    const line = document.createElement("li");
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = message.name;
    line.append(who, " " + message.text);
    lines.append(line);
  }

  function onMessage(event) {
    const message = JSON.parse(event.data);
    if (message.type === "view") {
      applyView(message);
    } else if (message.type === "chat") {
      addChat(message);
    } else if (message.type === "error") {
      pending = false;
      clicks = [];
      notice(message.message, true);
      refresh();
    }
  }

  function connection(text) {
    const element = document.getElementById("tt-connection");
    if (element) element.textContent = text;
    document.body.dataset.connection = text;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/t/" + tableId + "/ws");
    socket.addEventListener("open", () => {
      retries = 0;
      connection("live");
    });
    socket.addEventListener("message", onMessage);
    socket.addEventListener("close", (event) => {
      pending = false;
      if (event.code === CLOSE_TABLE_NOT_FOUND || event.code === CLOSE_POLICY_VIOLATION) {
        connection("closed: " + (event.reason || event.code));
        return;
      }
      connection("reconnecting…");
      retries += 1;
      setTimeout(connect, Math.min(5000, 250 * 2 ** retries));
    });
  }

  async function step(target) {
    const total = view.total_moves;
    const moves = Math.max(0, Math.min(total, target));
    const response = await fetch("/t/" + tableId + "/replay/" + moves);
    if (!response.ok) return;
    applyView(await response.json());
    document.getElementById("tt-step-number").textContent = String(view.seq);
    history.replaceState(null, "", "?move=" + view.seq);
  }

  function replayTarget(kind) {
    return { first: 0, previous: view.seq - 1, next: view.seq + 1, last: view.total_moves }[kind];
  }

  function setUpReplay() {
    document.querySelectorAll("[data-step]").forEach((link) => {
      link.addEventListener("click", (event) => {
        event.preventDefault();
        step(replayTarget(link.dataset.step));
      });
    });
    document.addEventListener("keydown", (event) => {
      if (event.key === "ArrowLeft") step(view.seq - 1);
      if (event.key === "ArrowRight") step(view.seq + 1);
    });
  }

  function setUpChat() {
    const form = document.getElementById("tt-chat-form");
    if (!form) return;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const input = form.elements.namedItem("text");
      if (input.value.trim() && socket && socket.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify({ type: "chat", text: input.value }));
        input.value = "";
      }
    });
  }

  function setUpCopyButtons() {
    document.querySelectorAll("[data-copy]").forEach((copy) => {
      copy.addEventListener("click", () => {
        const input = document.querySelector(copy.dataset.copy);
        input.select();
        if (navigator.clipboard) navigator.clipboard.writeText(input.value);
      });
    });
  }

  root.addEventListener("click", (event) => {
    if (board() && board().contains(event.target)) onBoardClick(event);
  });
  setUpCopyButtons();
  if (replaying) {
    setUpReplay();
  } else {
    setUpChat();
    connect();
  }
  refresh();
})();
