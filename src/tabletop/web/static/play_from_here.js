/* "Play from here" on the replay page: the link follows the step shown, which the replay
   changes without reloading the page (table.js writes it into #tt-step-number), and is
   hidden at the position where the game is over. */
(function () {
  "use strict";
  const offer = document.getElementById("tt-play-from-here-offer");
  const link = document.getElementById("tt-play-from-here");
  const step = document.getElementById("tt-step-number");
  if (!offer || !link || !step) return;
  function shownStep() {
    return step.textContent.trim();
  }
  function update() {
    link.href = link.dataset.base + shownStep();
    offer.hidden = shownStep() === offer.dataset.overAt;
  }
  new MutationObserver(update).observe(step, { childList: true, characterData: true, subtree: true });
  update();
})();
