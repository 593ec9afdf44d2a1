"""Concrete Roll to the Top positions for the tests, on the rules' test board T12.

T12 is read from `data/t12.json` beside these tests, through the same loader the game
uses for its own postcards: a transcribed postcard is one such file and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tabletop.games.rolltothetop import GAME
from tabletop.games.rolltothetop.board import Postcard, load_postcard
from tabletop.games.rolltothetop.state import RollToTheTopState

T12_FILE = Path(__file__).resolve().parent / "data" / "t12.json"
T12: Postcard = load_postcard(T12_FILE)


def t12(
    *sheets: Mapping[str, int],
    players: int | None = None,
    faces: Mapping[str, int] | None = None,
    **position: Any,
) -> RollToTheTopState:
    """A position on T12: one sheet per player ({box id: number}), the dice named in `faces`
    active with those faces (default: d6 and d8 with unknown faces)."""
    count = players if players is not None else max(1, len(sheets))
    if faces is not None:
        position.setdefault("active", tuple(faces))
    return RollToTheTopState.from_position(
        GAME, postcard=T12, players=count, sheets=list(sheets), faces=faces, **position
    )


def writes_of(state: RollToTheTopState, seat: int = 0) -> list[str]:
    """The seat's legal write ids (everything but undo and confirm)."""
    return [action for action in state.legal_action_ids(seat) if "=" in action]


def play(state: RollToTheTopState, seat: int, actions: Sequence[str]) -> RollToTheTopState:
    """Applies `actions` for `seat` in order and returns the state."""
    for action in actions:
        state.apply(seat, action)
    return state
