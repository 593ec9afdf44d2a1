/* The "new table" form: show only the seat choices of the chosen number of players. */
(function () {
  "use strict";
  const players = document.getElementById("players");
  if (!players) return;
  function update() {
    const count = Number(players.value);
    document.querySelectorAll(".seat-choice").forEach((label) => {
      const used = Number(label.dataset.seat) < count;
      label.hidden = !used;
      label.querySelector("select").disabled = !used;
    });
  }
  players.addEventListener("change", update);
  update();
})();
