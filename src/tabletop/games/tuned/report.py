"""Tuned's view (what the drawings are made from) and its words: prompt, last move, result.

Everything in Tuned is public, so every viewer gets the same view but for `viewer`, which
only tells the drawing whose side goes at the bottom.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import JsonDict, Seat
from tabletop.games.tuned.actions import portion_words
from tabletop.games.tuned.barn import (
    CELL_NAMES,
    CELLS,
    KIND_NAMES,
    KIND_TITLES,
    TOP,
    Piece,
    cell_element,
    kind_of,
    piece_element,
    rooster_element,
)
from tabletop.games.tuned.rules import (
    ACTION_LIMIT,
    DRAW_BY_LIMIT,
    DRAW_BY_REPETITION,
    LOSS_NO_ADD,
    NOBODY,
    SPACE_NAMES,
    SUPPLY,
    WIN_BY_LINE,
)

if TYPE_CHECKING:
    from tabletop.games.tuned.state import Line, TunedState

LINE_NAMES = {
    (0, 1, 2): "row 1",
    (3, 4, 5): "row 2",
    (6, 7, 8): "row 3",
    (0, 3, 6): "column a",
    (1, 4, 7): "column b",
    (2, 5, 8): "column c",
    (0, 4, 8): "the diagonal a1–c3",
    (2, 4, 6): "the diagonal c1–a3",
}


def view_of(state: TunedState, viewer: Seat | None) -> JsonDict:
    """The barn, both players' supplies and Roosters, the turn, the last move and the prompt."""
    return {
        "cells": [
            {"name": CELL_NAMES[cell], "element": cell_element(cell), "pieces": _pieces(state.stacks[cell])}
            for cell in CELLS
        ],
        "seats": [
            {
                "supply": _pieces(state.supply(seat)),
                "rooster": SPACE_NAMES[state.rooster(seat)],
                "rooster_element": rooster_element(seat),
                "rooster_in_use": bool(state.supply(seat)),
                "must_add": state.must_add(seat),
            }
            for seat in range(2)
        ],
        "viewer": viewer,
        "to_move": None if state.to_move == NOBODY else state.to_move,
        "winner": _winner(state),
        "first_player": state.first_player,
        "last_move": _last_move(state),
        "forbidden": _forbidden(state),
        "winning_lines": [[CELL_NAMES[cell] for cell in line] for line in (state.end or ("", 0, ()))[2]],
        "played": state.played,
        "action_limit": ACTION_LIMIT,
        "result": end_reason(state) if state.end else None,
        "prompt": prompt(state),
    }


def prompt(state: TunedState) -> str:
    """What is expected now, in words (R2, R3), or the result."""
    seat = state.to_move
    if seat == NOBODY:
        return end_reason(state)
    if not state.supply(seat):
        return f"Seat {seat} to move: move an animal (supply empty)"
    if state.must_add(seat):
        return f"Seat {seat} to move: add an animal (the Rooster is on Move)"
    return f"Seat {seat} to move: add or move an animal"


def end_reason(state: TunedState) -> str:
    """Who won and by which rule (R8, R9, R10), or why the game is drawn (decisions D1, D2)."""
    if state.end is None:
        return ""
    reason, winner, lines = state.end
    if reason == DRAW_BY_REPETITION:
        return "Draw: the same position came up for the third time"
    if reason == DRAW_BY_LIMIT:
        return f"Draw: {ACTION_LIMIT} actions were played without a line of three"
    if reason == WIN_BY_LINE:
        return f"Seat {winner} wins: " + " and ".join(_line_words(state, line) for line in lines)
    loser = 1 - winner
    if reason == LOSS_NO_ADD:
        return f"Seat {winner} wins: seat {loser} must add an animal but none can be placed (R9)"
    return f"Seat {winner} wins: seat {loser} has no legal action (R10)"


def _line_words(state: TunedState, line: Line) -> str:
    kind = TOP[state.codes[line[0]]]
    return f"three {KIND_TITLES[kind]}s on top in {LINE_NAMES[line]}"


def _winner(state: TunedState) -> Seat | None:
    if state.end is None or state.end[1] == NOBODY:
        return None
    return state.end[1]


def _pieces(pieces: tuple[Piece, ...]) -> list[JsonDict]:
    return [{"id": piece_element(piece), "kind": KIND_NAMES[kind_of(piece)]} for piece in pieces]


def _last_move(state: TunedState) -> JsonDict | None:
    if state.last_move is None:
        return None
    seat, piece, source, target, k = state.last_move
    portion = portion_words(kind_of(piece), k)
    if source == SUPPLY:
        text = f"seat {seat} added a {portion} on {CELL_NAMES[target]}"
    else:
        text = f"seat {seat} moved {portion} from {CELL_NAMES[source]} to {CELL_NAMES[target]}"
    return {
        "seat": seat,
        "type": "add" if source == SUPPLY else "move",
        "pieces": [piece_element(moved) for moved in state.stacks[target][-k:]],
        "from": None if source == SUPPLY else CELL_NAMES[source],
        "to": CELL_NAMES[target],
        "text": text,
    }


def _forbidden(state: TunedState) -> JsonDict | None:
    """R7: the one Move the player to move may not make, for the players' information."""
    source, target, k = state.reversal
    if source == SUPPLY or state.end is not None:
        return None
    kind = kind_of(state.stacks[source][-k])
    return {"from": CELL_NAMES[source], "to": CELL_NAMES[target], "animals": portion_words(kind, k)}
