/* How a person reaches a game's drawing without a mouse: the keyboard and touch. It knows
 * no game and no table; table.js (loaded after it) decides what is clickable and what a
 * click does, and uses these helpers:
 *
 * - `titleOf(element, board)`: the text of the nearest `<title>` child from the element up
 *   to the board (what the drawing says a piece is), or null;
 * - `neighbour(from, key, elements)`: for an arrow key, the element whose centre lies
 *   nearest that way, the straight line counting more than the sideways offset;
 * - `touchTips(board)`: on a touch screen a long press on any element of the board shows
 *   its title as a tooltip (`#tt-tooltip`); `.show(target)` shows one for a tap,
 *   `.wasLongPress()` says the click that follows only ended a long press (so it must not
 *   play), `.lastWasTouch()` whether the last pointer was a finger.
 */
(function () {
  "use strict";

  const LONG_PRESS_MS = 500;
  const TOUCH_SLOP_PX = 10;
  const DIRECTIONS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

  function titleOf(element, board) {
    for (let node = element; node && node !== board; node = node.parentElement) {
      const title = node.querySelector(":scope > title");
      if (title && title.textContent.trim()) return title.textContent.trim();
    }
    return null;
  }

  function centre(element) {
    const box = element.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  }

  function neighbour(from, key, elements) {
    const direction = DIRECTIONS[key];
    if (!direction) return null;
    const [dx, dy] = direction;
    const [x, y] = centre(from);
    let best = null;
    let bestScore = Infinity;
    elements.forEach((element) => {
      const [ex, ey] = centre(element);
      const ahead = (ex - x) * dx + (ey - y) * dy;
      const aside = Math.abs((ex - x) * dy) + Math.abs((ey - y) * dx);
      const score = ahead + 2 * aside;
      if (element !== from && ahead > 0 && score < bestScore) [best, bestScore] = [element, score];
    });
    return best;
  }

  function tooltipBox() {
    let box = document.getElementById("tt-tooltip");
    if (!box) {
      box = document.createElement("div");
      box.id = "tt-tooltip";
      box.className = "tt-tooltip";
      box.setAttribute("role", "tooltip");
      box.hidden = true;
      document.body.append(box);
    }
    return box;
  }

  // Above the element, or below it when there is no room above; never off the page's sides.
  function place(box, target) {
    const rect = target.getBoundingClientRect();
    const right = document.documentElement.clientWidth - box.offsetWidth - 4;
    box.style.left = window.scrollX + Math.max(4, Math.min(rect.left, right)) + "px";
    const above = rect.top - box.offsetHeight - 6;
    box.style.top = window.scrollY + (above >= 0 ? above : rect.bottom + 6) + "px";
  }

  function touchTips(board) {
    const state = { timer: null, pressed: false, lastType: "mouse", start: [0, 0] };

    function show(target) {
      const text = titleOf(target, board());
      const box = tooltipBox();
      box.hidden = !text;
      if (!text) return false;
      box.textContent = text;
      place(box, target);
      return true;
    }

    document.addEventListener("pointerdown", (event) => {
      state.lastType = event.pointerType;
      state.pressed = false;
      tooltipBox().hidden = true;
      if (event.pointerType !== "touch" || !board() || !board().contains(event.target)) return;
      const target = event.target;
      state.start = [event.clientX, event.clientY];
      state.timer = setTimeout(() => (state.pressed = show(target)), LONG_PRESS_MS);
    });
    ["pointerup", "pointercancel", "pointermove"].forEach((type) =>
      document.addEventListener(type, (event) => {
        const [x, y] = state.start;
        if (type === "pointermove" && Math.hypot(event.clientX - x, event.clientY - y) < TOUCH_SLOP_PX) return;
        clearTimeout(state.timer);
      })
    );

    return {
      show,
      lastWasTouch: () => state.lastType === "touch",
      wasLongPress() {
        const pressed = state.pressed;
        state.pressed = false;
        return pressed;
      },
    };
  }

  window.TabletopBoardInput = { titleOf, neighbour, touchTips };
})();
