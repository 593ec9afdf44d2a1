"""Golden playthroughs: each registered game's seeded transcript must match the saved one.

A difference means the rules, the notation or the drawing changed; if that was intended,
run `make golden`, read the diff, and note the change in CHANGELOG.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import games
from tabletop.engine.playthrough import GOLDEN_SEED, golden_files, transcript

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"


GOLDEN_CASES = [
    (game.id, name, players) for game in games.all() for name, players in golden_files(game).items()
]


@pytest.mark.parametrize(("game_id", "name", "players"), GOLDEN_CASES, ids=[case[1] for case in GOLDEN_CASES])
def test_the_seeded_playthrough_matches_the_saved_transcript(game_id: str, name: str, players: int) -> None:
    saved = GOLDEN_DIR / name
    assert saved.exists(), f"no golden transcript {name}: run `make golden`"
    assert transcript(games.load(game_id), players, None, GOLDEN_SEED) == saved.read_text()
