"""Bots' calibrated ratings: data written by `tabletop ratings calibrate`, read by the server.

`data/ratings.json` holds, per game, each bot at each level ("mcts:3") as an OpenSkill
belief (mu, sigma) fitted from a round-robin of the bots (`tabletop.bench.calibration`),
with how it was measured. A bot with a rating is a rated participant: a table with it can
be rated, and its number is shown where the bot is offered ("MCTS level 3 ≈ 1,480").
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

RATINGS_FILE = Path(str(resources.files("tabletop.bots") / "data" / "ratings.json"))


@dataclass(frozen=True)
class Calibration:
    """How one game's bots were calibrated: games played, the options used, and the ratings."""

    game_id: str
    games: int
    players: int
    ratings: dict[str, tuple[float, float]]
    """(mu, sigma) by bot participant, e.g. "mcts:3"."""

    def to_json(self) -> dict[str, Any]:
        """As stored in the data file."""
        return {
            "games": self.games,
            "players": self.players,
            "ratings": {bot: {"mu": mu, "sigma": sigma} for bot, (mu, sigma) in sorted(self.ratings.items())},
        }

    @classmethod
    def from_json(cls, game_id: str, data: dict[str, Any]) -> Calibration:
        """From the data file's entry for `game_id`."""
        ratings = {bot: (float(r["mu"]), float(r["sigma"])) for bot, r in data["ratings"].items()}
        return cls(game_id, int(data["games"]), int(data["players"]), ratings)


def load(path: Path = RATINGS_FILE) -> dict[str, Calibration]:
    """Every calibrated game in the data file, by game id (none when there is no file)."""
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {game_id: Calibration.from_json(game_id, entry) for game_id, entry in sorted(data.items())}


@cache
def calibrated() -> dict[tuple[str, str], tuple[float, float]]:
    """(mu, sigma) by (game id, bot participant) from the shipped data file."""
    return {
        (game_id, bot): rating
        for game_id, calibration in load().items()
        for bot, rating in calibration.ratings.items()
    }


def save(calibration: Calibration, path: Path = RATINGS_FILE) -> None:
    """Writes one game's calibration into the data file, keeping the other games'."""
    data = {game_id: entry.to_json() for game_id, entry in load(path).items()}
    data[calibration.game_id] = calibration.to_json()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(dict(sorted(data.items())), indent=2) + "\n", encoding="utf-8")
