/* "Play from here" on the replay page: the link follows the step shown, which the replay
   changes without reloading the page (table.js writes it into #tt-step-number). */
(function () {
  "use strict";
  const link = document.getElementById("tt-play-from-here");
  const step = document.getElementById("tt-step-number");
  if (!link || !step) return;
  link.addEventListener("click", () => {
    link.href = link.dataset.base + step.textContent.trim();
  });
})();
