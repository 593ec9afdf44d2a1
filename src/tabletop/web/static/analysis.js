// The replay page's analysis block (server/analysis_pages.py): asked for again every second
// while an analysis runs, and whenever the replay shows another position; the analyst's move
// for the shown position is outlined on the board by the ids of its clicks, and the marks of
// the analysed moves are copied onto the replay's own move log.
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

  function markLog() {
    const marks = new Map();
    section().querySelectorAll("#tt-analysis-log a[data-seq]").forEach((analysed) => {
      marks.set(analysed.dataset.seq, { verdict: analysed.dataset.verdict, mark: analysed.dataset.mark });
    });
    document.querySelectorAll("#tt-log .tt-log-entry").forEach((entry) => {
      entry.querySelectorAll(".analysis-mark").forEach((old) => old.remove());
      const found = marks.get(entry.dataset.seq);
      if (!found || !found.mark) return;
      const mark = document.createElement("span");
      mark.className = "analysis-mark verdict " + found.verdict;
      mark.title = found.verdict;
      mark.textContent = " " + found.mark;
      entry.append(mark);
    });
  }

  function settle() {
    outlineBest();
    markLog();
    clearTimeout(timer);
    if (section().dataset.running === "true") timer = setTimeout(reload, POLL_MS);
  }

  new MutationObserver(reload).observe(stepNumber, { childList: true, characterData: true, subtree: true });
  settle();
})();
