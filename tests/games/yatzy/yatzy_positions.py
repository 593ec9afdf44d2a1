"""Helpers shared by the Yatzy tests: concrete positions and a snapshot to compare states."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from tabletop.games.yatzy import GAME, YatzyState

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
YAHTZEE_LOWER = (
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "yahtzee",
    "chance",
)


def position(dice: Sequence[int], **details: Any) -> YatzyState:
    """A position with these dice on the table (see `YatzyState.from_position`)."""
    return YatzyState.from_position(GAME, dice=dice, **details)


def points(dice: Sequence[int], variant: str = "yahtzee", **details: Any) -> dict[str, int]:
    """What each box would score with these dice on a fresh card (or the given sheets)."""
    return position(dice, variant=variant, **details).scoring_choices()


def score_ids(state: YatzyState) -> list[str]:
    """The boxes the mover may write in now (the `score:` actions, prefix removed)."""
    ids = state.legal_action_ids(state.mover)
    return [action_id.removeprefix("score:") for action_id in ids if action_id.startswith("score:")]


def snapshot(state: YatzyState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)
