"""Rewrites tests/golden/<game>.txt for every registered game (after a deliberate rules change).

Run `make golden`, then read the diff before committing it: every changed line is a change
in how stored games replay or how boards are drawn.
"""

from __future__ import annotations

from pathlib import Path

from tabletop import games
from tabletop.engine.playthrough import GOLDEN_SEED, golden_players, transcript

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"


def main() -> None:
    """Writes one transcript per registered game and says which changed."""
    GOLDEN_DIR.mkdir(exist_ok=True)
    for game in games.all():
        path = GOLDEN_DIR / f"{game.id}.txt"
        text = transcript(game, golden_players(game), None, GOLDEN_SEED)
        changed = not path.exists() or path.read_text() != text
        path.write_text(text)
        print(f"{path.name}: {'rewritten' if changed else 'unchanged'}")


if __name__ == "__main__":
    main()
