// The replay page's analysis block (server/analysis_pages.py): asked for again every second
// while an analysis runs, and whenever the replay shows another position; the analyst's move
// for the shown position is outlined on the board by the ids of its clicks.
(() => {
  "use strict";
  const POLL_MS = 1000;
  const section = () => document.getElementById("tt-analysis");
  const stepNumber = document.getElementById("tt-step-number");
  if (!section() || !stepNumber) return;
  const tableId = section().dataset.table;
  let timer = null;

  async function reload() {
    const response = await fetch("/t/" + tableId + "/analysis?move=" + Number(stepNumber.textContent));
    if (!response.ok) return;
    section().outerHTML = await response.text();
    settle();
  }

  function outlineBest() {
    const board = document.getElementById("tt-board");
    if (!board) return;
    board.querySelectorAll(".analysis-best").forEach((element) => element.classList.remove("analysis-best"));
    JSON.parse(section().dataset.bestPath || "[]").forEach((id) => {
      const element = board.querySelector('[id="' + CSS.escape(id) + '"]');
      if (element) element.classList.add("analysis-best");
    });
  }

  function settle() {
    outlineBest();
    clearTimeout(timer);
    if (section().dataset.running === "true") timer = setTimeout(reload, POLL_MS);
  }

  new MutationObserver(reload).observe(stepNumber, { childList: true, characterData: true, subtree: true });
  settle();
})();
