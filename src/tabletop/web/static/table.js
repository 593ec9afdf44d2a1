/* Tabletop's table client: one file for every game; it knows no game.
 *
 * The server sends "view" messages (docs/protocol.md): the HTML of the changing part of
 * the page (board SVG, prompt, players, log) and the viewer's legal actions, each with the
 * `path` of drawing element ids a player clicks to choose it and, for a multi-select
 * decision, the `selection` of elements toggled before that path. This client morphs the
 * HTML in place (idiomorph), then after every click keeps the actions whose path starts
 * with the clicks so far, marks the next possible elements `clickable`, sends an action once
 * it is fully matched, and offers buttons by label for path-less or ambiguous choices. A
 * click anywhere else cancels the clicks. Moves carry the seq they were chosen at. After a
 * move the server sends only an "update" (the new drawing, the log entry appended, the
 * prompt and players): the client applies it to the live state it keeps, then shows that
 * as it shows a view.
 *
 * Multi-select: an element named in the selection of any action still possible is
 * toggled by a click (classes `clickable toggleable`, and `toggled` while chosen, with
 * aria-pressed), here in the browser alone. When a path is complete the client sends the
 * action whose selection is exactly the toggled set; a path none of whose actions has that
 * selection is not clickable (`tt-blocked`) and a hint says why. An action without a
 * selection ignores the toggles, unless it shares its path with actions that have one.
 * Toggles survive views that leave them possible (another seat's move), and end with a
 * move sent or Cancel.
 *
 * The board is played with the keyboard too: every clickable element gets tabindex, the
 * role of a button and a name (its `<title>`, else the action's label); Enter or Space
 * clicks it, the arrow keys move to the nearest clickable element in that direction. On a
 * touch screen a tap on an element that cannot be clicked, or a long press on any, shows
 * its `<title>` as a tooltip. (The geometry and the gestures are in board_input.js.)
 *
 * While the connection is down the board is not clickable (`body[data-connection]` is not
 * "live") and clicks do nothing; the notice goes as soon as the connection is back.
 *
 * The move log is a way back in time: clicking an entry shows the position after that
 * move (the server's replay step, drawn from this viewer's own view) until "Back to the
 * live game"; live views keep coming meanwhile, and only the board waits.
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
  const BoardInput = window.TabletopBoardInput;
  const tableId = root.dataset.table;
  const replaying = root.dataset.mode === "replay";
  let view = JSON.parse(document.getElementById("tt-initial").textContent);
  let liveHtml = document.getElementById("tt-state").outerHTML;
  let clicks = [];
  let toggled = new Set();
  let pending = false;
  let sent = 0;
  let awaitedSeq = Infinity; // the seq of the move on its way, once the server has said it
  let connected = false;
  let past = null; // {seq, board, lastMovePath} while the live table shows an earlier position
  let focusToRestore = null; // the board element that had the focus when it stopped being clickable

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
  const turnIcon = icon ? icon.dataset.turnIcon : null;
  let myTurnBefore = false;
  let serverOffsetMs = 0;

  const CLOSE_TABLE_NOT_FOUND = 4404;
  const CLOSE_POLICY_VIOLATION = 1008;
  const BLOCKED_HINT = "No move has exactly the elements you selected: change the selection to go on.";
  const FIRST_SELECT_HINT = "Choose on the board first: a click selects an element, another puts it back.";
  const SVG_NAMESPACE = "http://www.w3.org/2000/svg";
  const MARKS = ["clickable", "selected", "last-move", "toggleable", "toggled", "tt-blocked"];

  function startsWith(path, prefix) {
    return prefix.length <= path.length && prefix.every((id, index) => path[index] === id);
  }

  function canAct() {
    return !pending && past === null && (replaying || connected);
  }

  function candidates() {
    return canAct() ? view.actions.filter((action) => startsWith(action.path, clicks)) : [];
  }

  function selectionOf(action) {
    return action.selection || [];
  }

  function selectable(actions) {
    return new Set(actions.flatMap(selectionOf));
  }

  function hasToggledSelection(action) {
    const selection = selectionOf(action);
    return selection.length === toggled.size && selection.every((id) => toggled.has(id));
  }

  // The candidates that the toggled set allows: their selection is exactly it, or they have
  // none and no action of their path has one (then the toggles are not theirs to consider).
  function allowed(actions) {
    const key = (action) => action.path.join("\n");
    const withSelection = new Set(actions.filter((action) => selectionOf(action).length).map(key));
    return actions.filter((action) =>
      hasToggledSelection(action) || (!selectionOf(action).length && !withSelection.has(key(action)))
    );
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

  function mark(id, ...classNames) {
    const element = boardElement(id);
    if (element) element.classList.add(...classNames);
    return element;
  }

  function titleOf(element) {
    return BoardInput.titleOf(element, board());
  }

  // What a screen reader or the keyboard user hears for a clickable element.
  function nameOf(element, actions) {
    const title = titleOf(element);
    if (title) return title;
    const completing = actions.filter((a) => a.path.length === clicks.length + 1 && a.path[clicks.length] === element.id);
    return completing.length === 1 ? completing[0].label : element.id.replace(/[-_]+/g, " ");
  }

  function makeOperable(element, name) {
    element.dataset.ttKey = "yes";
    element.setAttribute("tabindex", "0");
    element.setAttribute("role", "button");
    element.setAttribute("aria-label", name);
  }

  function clearMarks() {
    board().querySelectorAll("." + MARKS.join(", .")).forEach((element) => element.classList.remove(...MARKS));
    board().querySelectorAll("[data-tt-key]").forEach((element) => {
      ["tabindex", "role", "aria-label", "aria-pressed", "data-tt-key"].forEach((name) => element.removeAttribute(name));
    });
  }

  function markBoard(actions) {
    const open = allowed(actions);
    const next = nextElements(open);
    const toggles = selectable(actions);
    toggles.forEach((id) => {
      const element = mark(id, "clickable", "toggleable");
      if (!element) return;
      makeOperable(element, titleOf(element) || id.replace(/[-_]+/g, " "));
      element.setAttribute("aria-pressed", toggled.has(id) ? "true" : "false");
      if (toggled.has(id)) element.classList.add("toggled");
    });
    next.forEach((id) => {
      const element = mark(id, "clickable");
      if (element) makeOperable(element, nameOf(element, open));
    });
    const blocked = [...nextElements(actions)].filter((id) => !next.has(id) && !toggles.has(id));
    blocked.forEach((id) => mark(id, "tt-blocked"));
    const svg = board().querySelector("svg");
    if (svg && svg.getAttribute("role") === "img" && (next.size || toggles.size)) svg.setAttribute("role", "group");
    return blocked.length > 0;
  }

  function refresh() {
    const focused = board().contains(document.activeElement) ? document.activeElement.id : null;
    clearMarks();
    const lastMove = past ? past.lastMovePath : view.last_move_path;
    (lastMove || []).forEach((id) => mark(id, "last-move"));
    clicks.forEach((id) => mark(id, "selected"));
    const actions = candidates();
    const blocked = markBoard(actions);
    renderButtons(actions, blocked);
    keepFocus(focused);
    document.body.dataset.status = view.status;
    document.body.dataset.seq = String(view.seq);
    document.body.dataset.myTurn = view.actions.length ? "yes" : "no";
    document.body.dataset.pending = pending ? "yes" : "no";
    document.body.dataset.sent = String(sent);
    document.body.dataset.toggled = [...toggled].sort().join(" ");
    announceTurn(view.actions.length > 0 && !replaying);
    tickClocks();
  }

  function announceTurn(myTurn) {
    document.title = myTurn ? "\u25cf Your turn \u2014 " + view.title : originalTitle;
    if (icon && originalIcon && turnIcon) icon.setAttribute("href", myTurn ? turnIcon : originalIcon);
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

  function renderButtons(actions, blocked) {
    const box = document.getElementById("tt-buttons");
    if (!box) return;
    const complete = allowed(actions).filter((action) => action.path.length === clicks.length);
    box.replaceChildren(
      ...complete.map((action) => {
        const element = button(action.label, () => send(action.id), "action");
        element.dataset.action = action.id;
        return element;
      })
    );
    const unmatched = actions.some((a) => a.path.length === clicks.length && selectionOf(a).length) && !complete.length;
    if (blocked || unmatched) {
      const hint = document.createElement("p");
      hint.className = "tt-hint";
      hint.id = "tt-selection-hint";
      hint.textContent = toggled.size ? BLOCKED_HINT : FIRST_SELECT_HINT;
      box.append(hint);
    }
    if (clicks.length || toggled.size) box.append(button("Cancel", cancel, "secondary"));
  }

  function notice(text, isError, kind) {
    const element = document.getElementById("tt-notice");
    if (!element) return;
    element.textContent = text;
    element.classList.toggle("error", Boolean(isError));
    element.dataset.kind = kind || "";
  }

  function cancel() {
    clicks = [];
    toggled = new Set();
    refresh();
  }

  // The board element a click or key press is about: the innermost one with an id that the
  // client marked, else the innermost one with an id.
  function targetOf(start) {
    let fallback = null;
    for (let element = start; element && element !== board(); element = element.parentElement) {
      if (element.dataset && element.dataset.ttKey) return element;
      if (element.id && !fallback) fallback = element;
    }
    return fallback;
  }

  function activate(element) {
    if (replaying || !view.actions.length || !canAct()) return;
    const actions = candidates();
    const id = element ? element.id : null;
    if (id && selectable(actions).has(id)) {
      if (toggled.has(id)) toggled.delete(id);
      else toggled.add(id);
      if (document.getElementById("tt-notice").dataset.kind === "selection") notice("");
      refresh();
      return;
    }
    if (!id || !nextElements(allowed(actions)).has(id)) {
      if (id && nextElements(actions).has(id)) {
        notice(toggled.size ? BLOCKED_HINT : FIRST_SELECT_HINT, true, "selection");
        return;
      }
      clicks = [];
      refresh();
      return;
    }
    clicks.push(id);
    const remaining = allowed(candidates());
    if (remaining.length === 1 && remaining[0].path.length === clicks.length) {
      send(remaining[0].id);
      return;
    }
    refresh();
    focusFirstClickable();
  }

  // Marking the board anew takes tabindex off and on again, which would drop the focus; and
  // an element that stops being clickable (a move sent) loses it to the page. A keyboard
  // player finds it again on the board once something there is clickable: the same element
  // if it can be clicked again, else the first that can.
  function keepFocus(id) {
    const wanted = id || (document.activeElement === document.body ? focusToRestore : null);
    if (!wanted) return;
    const element = boardElement(wanted);
    const first = board().querySelector("[data-tt-key]");
    const target = element && element.dataset.ttKey ? element : id ? null : first;
    if (!target) {
      focusToRestore = wanted;
      return;
    }
    focusToRestore = null;
    if (document.activeElement !== target) target.focus({ preventScroll: true });
  }

  function focusFirstClickable() {
    if (!board().contains(document.activeElement)) return;
    const first = board().querySelector("[data-tt-key]");
    if (first) first.focus();
  }

  function send(actionId) {
    if (!connected || !socket || socket.readyState !== WebSocket.OPEN) {
      notice("Not connected; reconnecting…", true, "connection");
      return;
    }
    pending = true;
    awaitedSeq = Infinity;
    clicks = [];
    toggled = new Set();
    socket.send(JSON.stringify({ type: "move", action: actionId, seq: view.seq }));
    notice("");
    refresh();
  }

  // The changing part of the page from `html`; while an earlier position is shown, its board
  // stays in place of the live one.
  function morphState(html) {
    let fragment = html;
    if (past) {
      const parsed = new DOMParser().parseFromString(html, "text/html");
      const liveBoard = parsed.getElementById("tt-board");
      if (liveBoard) liveBoard.innerHTML = past.board;
      fragment = parsed.getElementById("tt-state").outerHTML;
    }
    Idiomorph.morph(document.getElementById("tt-state"), fragment);
    markLogEntry();
  }

  function applyView(message) {
    if (message.server_time) serverOffsetMs = Date.parse(message.server_time) - Date.now();
    view = message;
    liveHtml = message.html;
    settlePending();
    if (!candidates().length) clicks = []; // another seat's move keeps a choice still possible
    const stillSelectable = selectable(view.actions.filter((action) => startsWith(action.path, clicks)));
    if ([...toggled].some((id) => !stillSelectable.has(id))) toggled = new Set();
    morphState(message.html);
    if (past) describePast();
    const log = document.getElementById("tt-log");
    if (log && !past) log.scrollTop = log.scrollHeight;
    refresh();
  }

  // An "update" carries what one move changed (docs/protocol.md): it is applied to the live
  // state this client holds, and the result is shown as a view would be. One that does not
  // start from this client's seq (a move missed) is dropped, and the whole view asked for.
  function applyUpdate(message) {
    if (message.since !== view.seq || replaying) {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "sync" }));
      return;
    }
    const parsed = new DOMParser().parseFromString(liveHtml, "text/html");
    const state = parsed.getElementById("tt-state");
    state.dataset.seq = String(message.seq);
    state.dataset.status = message.status;
    if (!patchBoard(parsed, message)) {
      socket.send(JSON.stringify({ type: "sync" }));
      return;
    }
    Object.entries(message.parts).forEach(([id, html]) => {
      const part = parsed.getElementById(id);
      if (part) part.outerHTML = html;
    });
    const log = parsed.getElementById("tt-log");
    message.log.forEach((html) => log.insertAdjacentHTML("beforeend", html));
    const { board: _board, board_changes: _changes, parts: _parts, log: _log, since: _since, ...fields } = message;
    applyView({ ...view, ...fields, type: "view", html: state.outerHTML });
  }

  // The update's drawing: whole, or as runs of the <svg>'s children replaced (each run
  // [first, removed, markup], applied from the last so that the earlier indices hold, or
  // [index, children, runs]: the same for the children of the child at index, or
  // [index, attributes, text]: that child's new attribute values and text).
  // False when this client's drawing does not have the children the runs were made for.
  function patchBoard(parsed, message) {
    const board = parsed.getElementById("tt-board");
    if (message.board !== null) {
      board.innerHTML = message.board;
      return true;
    }
    const { children, runs } = message.board_changes;
    return Boolean(board.firstElementChild) && patchChildren(parsed, board.firstElementChild, children, runs);
  }

  function patchChildren(parsed, element, children, runs) {
    if (element.children.length !== children) return false;
    return runs
      .slice()
      .reverse()
      .every(([first, removed, markup]) => {
        if (Array.isArray(markup)) return patchChildren(parsed, element.children[first], removed, markup);
        if (typeof removed === "object") return retouch(element.children[first], removed, markup);
        for (let index = 0; index < removed; index += 1) element.children[first].remove();
        const holder = parsed.createElementNS(SVG_NAMESPACE, "svg");
        holder.innerHTML = markup;
        const before = element.children[first] || null;
        [...holder.childNodes].forEach((node) => element.insertBefore(node, before));
        return true;
      });
  }

  // A child kept with new attribute values and, unless null, a new text.
  function retouch(child, values, text) {
    Object.entries(values).forEach(([name, value]) => child.setAttribute(name, value));
    if (text !== null) child.textContent = text;
    return true;
  }

  function addChat(message) {
    const lines = document.getElementById("tt-chat-lines");
    const line = document.createElement("li");
    const time = document.createElement("time");
    time.dateTime = message.time;
    showLocalTime(time);
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = message.name;
    line.append(time, " ", who, " " + message.text);
    lines.append(line);
    lines.scrollTop = lines.scrollHeight;
  }

  // Chat times come in UTC (what a page without scripts shows); people read their own clock.
  function showLocalTime(element) {
    const when = new Date(element.dateTime);
    if (Number.isNaN(when.getTime())) return;
    element.textContent = when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    element.title = when.toLocaleString();
  }

  function showViewers(message) {
    const element = document.getElementById("tt-viewers");
    if (!element) return;
    const count = message.watching;
    element.textContent = count === 1 ? "1 person watching" : count + " people watching";
    element.hidden = count === 0;
    element.dataset.count = String(count);
  }

  function onMessage(event) {
    const message = JSON.parse(event.data);
    if (message.type === "view") {
      applyView(message);
      showViewers(message);
    } else if (message.type === "update") {
      applyUpdate(message);
      showViewers(message);
    } else if (message.type === "moved") {
      awaitedSeq = message.seq;
      sent += 1;
      settlePending();
      refresh();
    } else if (message.type === "chat") {
      addChat(message);
    } else if (message.type === "viewers") {
      showViewers(message);
    } else if (message.type === "rematch") {
      const link = document.createElement("a");
      link.href = "/t/" + message.table;
      link.textContent = "A rematch is ready: join it";
      document.getElementById("tt-notice").replaceChildren(link);
    } else if (message.type === "error") {
      pending = false;
      clicks = [];
      notice(message.message, true, "refusal");
      refresh();
    }
  }

  function connection(state, text) {
    connected = state === "live";
    const element = document.getElementById("tt-connection");
    if (element) {
      element.textContent = text;
      element.classList.toggle("down", state !== "live");
    }
    document.body.dataset.connection = state;
    if (connected && document.getElementById("tt-notice").dataset.kind === "connection") notice("");
    refresh();
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/t/" + tableId + "/ws");
    socket.addEventListener("open", () => {
      retries = 0;
      connection("live", "live");
    });
    socket.addEventListener("message", onMessage);
    socket.addEventListener("close", (event) => {
      pending = false;
      if (event.code === CLOSE_TABLE_NOT_FOUND || event.code === CLOSE_POLICY_VIOLATION) {
        connection("closed", "closed: " + (event.reason || event.code));
        return;
      }
      connection("reconnecting", "Connection lost: reconnecting…");
      retries += 1;
      setTimeout(connect, Math.min(5000, 250 * 2 ** retries));
    });
  }

  async function fetchStep(moves) {
    const response = await fetch("/t/" + tableId + "/replay/" + moves);
    return response.ok ? response.json() : null;
  }

  async function step(target) {
    const moves = Math.max(0, Math.min(view.total_moves, target));
    const message = await fetchStep(moves);
    if (!message) return;
    applyView(message);
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
      if (board().contains(event.target)) return;
      if (event.key === "ArrowLeft") step(view.seq - 1);
      if (event.key === "ArrowRight") step(view.seq + 1);
    });
  }

  // The live table shows the position after move `moves` (from this viewer's view) in place
  // of the board; every other part of the page stays live.
  async function showPast(moves) {
    if (moves >= view.seq) {
      backToLive();
      return;
    }
    const message = await fetchStep(moves);
    if (!message) return;
    const parsed = new DOMParser().parseFromString(message.html, "text/html");
    past = { seq: message.seq, board: parsed.getElementById("tt-board").innerHTML, lastMovePath: message.last_move_path };
    clicks = [];
    morphState(liveHtml);
    document.body.dataset.past = String(past.seq);
    document.getElementById("tt-past").hidden = false;
    describePast();
    refresh();
  }

  function describePast() {
    document.getElementById("tt-past-text").textContent =
      "You are looking at the position after move " + past.seq + " of " + view.seq + ".";
  }

  function backToLive() {
    if (!past) return;
    past = null;
    delete document.body.dataset.past;
    document.getElementById("tt-past").hidden = true;
    morphState(liveHtml);
    refresh();
  }

  function markLogEntry() {
    const shown = replaying ? view.seq : past ? past.seq : null;
    document.querySelectorAll(".tt-log-entry").forEach((entry) => {
      if (Number(entry.dataset.seq) === shown) entry.setAttribute("aria-current", "step");
      else entry.removeAttribute("aria-current");
    });
  }

  function setUpLog() {
    root.addEventListener("click", (event) => {
      const entry = event.target.closest(".tt-log-entry");
      if (!entry) return;
      event.preventDefault();
      const moves = Number(entry.dataset.seq);
      if (replaying) step(moves);
      else showPast(moves);
    });
    const back = document.getElementById("tt-past-back");
    if (back) back.addEventListener("click", backToLive);
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && past) backToLive();
    });
  }

  function setUpChat() {
    document.querySelectorAll("#tt-chat-lines time").forEach(showLocalTime);
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

  const touch = BoardInput.touchTips(board);

  function onBoardKey(event) {
    const element = targetOf(event.target);
    if (!element || !element.dataset.ttKey) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      activate(element);
      return;
    }
    const next = BoardInput.neighbour(element, event.key, board().querySelectorAll("[data-tt-key]"));
    if (next) {
      event.preventDefault();
      next.focus();
    }
  }

  // A click that ends a long press only showed the tooltip; a tap on what cannot be clicked
  // shows it too, and cancels as any other click beside the clickable elements does.
  function onBoardTap(event) {
    if (touch.wasLongPress()) return;
    const element = targetOf(event.target);
    if (touch.lastWasTouch() && !(element && element.dataset.ttKey)) touch.show(event.target);
    activate(element);
  }

  root.addEventListener("click", (event) => {
    if (board() && board().contains(event.target) && !onZoomClick(event)) onBoardTap(event);
  });
  root.addEventListener("keydown", (event) => {
    if (board() && board().contains(event.target)) onBoardKey(event);
  });
  setUpCopyButtons();
  setUpAlerts();
  setUpLog();
  if (replaying) {
    setUpReplay();
    markLogEntry();
  } else {
    setUpChat();
    document.body.dataset.connection = "connecting";
    connect();
  }
  refresh();
})();
