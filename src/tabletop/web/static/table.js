/* Tabletop's table client: one file for every game; it knows no game.
 *
 * The server sends "view" messages (docs/protocol.md): the HTML of the changing part of
 * the page (board SVG, prompt, players, log) and the viewer's legal actions, each with the
 * `path` of drawing element ids a player clicks to choose it. This client morphs the HTML
 * in place (idiomorph), then after every click keeps the actions whose path starts with
 * the clicks so far, marks the next possible elements `clickable`, sends an action once it
 * is fully matched, and offers buttons by label for path-less or ambiguous choices. A
 * click anywhere else cancels. Moves carry the seq they were chosen at.
 *
 * It also keeps time and attention: each seat's clock counts down from the view's clock
 * snapshot (times at the start of each turn, and the server's time as the message was
 * sent), and when it becomes this viewer's turn the tab title and icon say so, with a
 * sound and a browser notification if the person asked for them.
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
  let sent = 0;
  let awaitedSeq = Infinity; // the seq of the move on its way, once the server has said it

  // A move stays pending until the server has accepted it ("moved") and the view showing it
  // has come, in whichever order they arrive: until then the old view's actions are stale.
  function settlePending() {
    if (pending && view.seq >= awaitedSeq) pending = false;
  }
  let socket = null;
  let retries = 0;

  const originalTitle = document.title;
  const icon = document.querySelector("link[rel=icon]");
  const originalIcon = icon ? icon.getAttribute("href") : null;
  let myTurnBefore = false;
  let serverOffsetMs = 0;

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
    document.body.dataset.sent = String(sent);
    announceTurn(view.actions.length > 0 && !replaying);
    tickClocks();
  }

  function announceTurn(myTurn) {
    document.title = myTurn ? "\u25cf Your turn \u2014 " + view.title : originalTitle;
    if (icon && originalIcon) icon.setAttribute("href", myTurn ? "/static/favicon-turn.svg" : originalIcon);
    if (myTurn && !myTurnBefore) {
      if (localStorage.getItem("tt-sound") === "on") beep();
      if (document.hidden && "Notification" in window && Notification.permission === "granted") {
        new Notification("Your turn \u2014 " + view.title, { body: view.prompt, tag: "tt-" + tableId });
      }
    }
    myTurnBefore = myTurn;
  }

  function beep() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    const audio = new Context();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
  }

  function formatSeconds(seconds) {
    const whole = Math.max(0, Math.ceil(seconds));
    if (whole >= 86400) return Math.floor(whole / 86400) + " d " + Math.floor((whole % 86400) / 3600) + " h";
    if (whole >= 3600) return Math.floor(whole / 3600) + " h " + String(Math.floor((whole % 3600) / 60)).padStart(2, "0");
    return Math.floor(whole / 60) + ":" + String(whole % 60).padStart(2, "0");
  }

  function tickClocks() {
    const clock = view.clock;
    if (!clock || !clock.seats) return;
    const serverNow = Date.now() + serverOffsetMs;
    clock.seats.forEach((entry) => {
      const element = document.querySelector('.clock[data-seat="' + entry.seat + '"]');
      if (!element) return;
      const running = entry.running_since !== null && view.status === "playing";
      const left = running ? entry.remaining_s - (serverNow - Date.parse(entry.running_since)) / 1000 : entry.remaining_s;
      element.textContent = formatSeconds(left);
      element.classList.toggle("running", running);
      element.classList.toggle("low", running && left < 10);
    });
  }

  function setUpAlerts() {
    const sound = document.getElementById("tt-sound");
    if (sound) {
      const show = () => {
        const on = localStorage.getItem("tt-sound") === "on";
        sound.textContent = on ? "Sound on" : "Sound off";
        sound.setAttribute("aria-pressed", on ? "true" : "false");
      };
      sound.addEventListener("click", () => {
        localStorage.setItem("tt-sound", localStorage.getItem("tt-sound") === "on" ? "off" : "on");
        show();
      });
      show();
    }
    const notify = document.getElementById("tt-notify");
    if (notify) {
      if (!("Notification" in window) || Notification.permission !== "default") notify.hidden = true;
      notify.addEventListener("click", () => Notification.requestPermission().then(() => (notify.hidden = true)));
    }
    document.querySelectorAll("form[data-confirm]").forEach((form) => {
      form.addEventListener("submit", (event) => {
        if (!window.confirm(form.dataset.confirm)) event.preventDefault();
      });
    });
    setInterval(tickClocks, 250);
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
    awaitedSeq = Infinity;
    clicks = [];
    socket.send(JSON.stringify({ type: "move", action: actionId, seq: view.seq }));
    notice("");
    refresh();
  }

  function applyView(message) {
    if (message.server_time) serverOffsetMs = Date.parse(message.server_time) - Date.now();
    view = message;
    settlePending();
    if (!candidates().length) clicks = []; // another seat's move keeps a choice still possible
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
    } else if (message.type === "moved") {
      awaitedSeq = message.seq;
      sent += 1;
      settlePending();
      refresh();
    } else if (message.type === "chat") {
      addChat(message);
    } else if (message.type === "rematch") {
      const link = document.createElement("a");
      link.href = "/t/" + message.table;
      link.textContent = "A rematch is ready: join it";
      document.getElementById("tt-notice").replaceChildren(link);
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

  // Another player's small sheet (an element the drawing marks `tt-zoomable`) is enlarged
  // by a click, and put back by another: roll-and-write sheets are read, not clicked.
  function onZoomClick(event) {
    const zoomable = event.target.closest(".tt-zoomable");
    if (!zoomable) return false;
    const zoomed = !zoomable.classList.contains("tt-zoomed");
    board().querySelectorAll(".tt-zoomed").forEach((element) => element.classList.remove("tt-zoomed"));
    if (zoomed) {
      zoomable.classList.add("tt-zoomed");
      zoomable.parentNode.appendChild(zoomable); // drawn last, so on top of the rest
    }
    return true;
  }

  root.addEventListener("click", (event) => {
    if (board() && board().contains(event.target) && !onZoomClick(event)) onBoardClick(event);
  });
  setUpCopyButtons();
  setUpAlerts();
  if (replaying) {
    setUpReplay();
  } else {
    setUpChat();
    connect();
  }
  refresh();
})();
