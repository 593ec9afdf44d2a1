"""Golden playthroughs: each registered game's seeded transcript must match the saved one.

A difference means the rules, the notation or the drawing changed; if that was intended,
run `make golden`, read the diff, and note the change in CHANGELOG.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import games
from tabletop.engine.playthrough import GOLDEN_SEED, golden_players, transcript

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"


@pytest.mark.parametrize("game_id", games.ids())
def test_the_seeded_playthrough_matches_the_saved_transcript(game_id: str) -> None:
    game = games.load(game_id)
    saved = GOLDEN_DIR / f"{game_id}.txt"
    assert saved.exists(), f"no golden transcript for {game_id}: run `make golden`"
    assert transcript(game, golden_players(game), None, GOLDEN_SEED) == saved.read_text()
