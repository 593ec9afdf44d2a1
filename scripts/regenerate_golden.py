"""Rewrites the golden transcripts tests/golden/<game>*.txt (after a deliberate rules change).

`make golden` rewrites every registered game's; `make golden GAMES="kalah yinsh"` only
those. Then read the diff before committing it: every changed line is a change
in how stored games replay or how boards are drawn.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tabletop import games
from tabletop.engine.playthrough import GOLDEN_SEED, golden_files, transcript

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"


def main(game_ids: list[str]) -> None:
    """Writes the transcripts of the named games (all when none is named) and says which changed."""
    GOLDEN_DIR.mkdir(exist_ok=True)
    for game in [games.load(game_id) for game_id in game_ids] or games.all():
        for name, players in golden_files(game).items():
            path = GOLDEN_DIR / name
            text = transcript(game, players, None, GOLDEN_SEED)
            changed = not path.exists() or path.read_text() != text
            path.write_text(text)
            print(f"{path.name}: {'rewritten' if changed else 'unchanged'}")


if __name__ == "__main__":
    main(sys.argv[1:])
