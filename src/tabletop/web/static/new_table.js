/* The "new table" form: show only the seat choices of the chosen number of players, and
   allow "Rated" only while every chosen bot is calibrated (the server refuses it otherwise). */
(function () {
  "use strict";
  const players = document.getElementById("players");
  if (!players) return;
  const rated = document.getElementById("rated");
  let wantsRated = rated ? rated.checked : false;
  function updateRated() {
    if (!rated) return;
    const unrated = Array.from(document.querySelectorAll(".seat-choice select:not(:disabled)")).some(
      (select) => select.selectedOptions[0] && select.selectedOptions[0].hasAttribute("data-unrated")
    );
    rated.disabled = unrated;
    rated.checked = unrated ? false : wantsRated;
    rated.title = unrated ? "A bot without a rating at this game makes the table friendly" : "";
  }
  function update() {
    const count = Number(players.value);
    document.querySelectorAll(".seat-choice").forEach((label) => {
      const used = Number(label.dataset.seat) < count;
      label.hidden = !used;
      label.querySelector("select").disabled = !used;
    });
    updateRated();
  }
  players.addEventListener("change", update);
  document.querySelectorAll(".seat-choice select").forEach((select) => select.addEventListener("change", updateRated));
  if (rated) rated.addEventListener("change", () => (wantsRated = rated.checked));
  update();
})();
