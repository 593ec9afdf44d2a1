"""Mammalath in words: the view of a position, the prompt, the last move, the end and rejections."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import JsonDict, Seat
from tabletop.games.mammalath.board import (
    CELL_NAMES,
    CELL_OF_NAME,
    COLOURS,
    KINDS,
    SIZE,
    TOKENS_PER_PLAYER,
    TRIPLES,
    cell_at,
    cells_of,
    line_name,
)
from tabletop.games.mammalath.notation import ACTION_OF_ID, PLACE, RELEASE_KIND, RELEASE_LINE, SWAP_ID
from tabletop.games.mammalath.rules import LOSS, WIN

if TYPE_CHECKING:
    from tabletop.games.mammalath.state import End, MammalathState

_KIND_OF_LETTER = {kind[0]: kind for kind in KINDS}


def player_name(seat: Seat) -> str:
    """ "Black (seat 0)" or "White (seat 1)"."""
    return f"{COLOURS[seat].capitalize()} (seat {seat})"


def view_of(state: MammalathState, viewer: Seat | None) -> JsonDict:
    """The whole position (nothing is hidden in Mammalath), as JSON-safe data for the drawings.

    `animals` is a 6×6 grid of kind names or None, rows from the top (row 1); `placed` lists
    each colour's token cells in the order placed, which numbers the tokens (see
    `notation.token_element`).
    """
    letters = state.animal_letters()
    movers = state.current_players()
    placed = state.placed
    return {
        "prompt": prompt(state),
        "last_move": last_move_of(state),
        "animals": [
            [_KIND_OF_LETTER.get(letters[cell_at(row, column)]) for column in range(SIZE)]
            for row in range(SIZE)
        ],
        "placed": {COLOURS[seat]: [CELL_NAMES[cell] for cell in placed[seat]] for seat in range(2)},
        "supply": {COLOURS[seat]: TOKENS_PER_PLAYER - len(placed[seat]) for seat in range(2)},
        "seats": {colour: seat for seat, colour in enumerate(COLOURS)},
        "first_player": COLOURS[state.first_player],
        "to_move": COLOURS[movers[0]] if movers else None,
        "swap_available": state.swap_available,
        "viewer": COLOURS[viewer] if viewer in (0, 1) else None,
        "result": None if state.end is None else result_of(state.end),
    }


def prompt(state: MammalathState) -> str:
    """What is expected now, in words."""
    if state.end is not None:
        return end_text(state.end)
    mover = player_name(state.current_players()[0])
    if state.plies == 0:
        return f"{mover} to move: place the first token"
    if state.swap_available:
        first_cell = CELL_NAMES[state.placed[state.first_player][0]]
        return f"{mover} to move: place a token, release animals, or swap (take over {first_cell})"
    return f"{mover} to move: place a token or release animals"


def last_move_of(state: MammalathState) -> JsonDict | None:
    """The last action for the drawings: its id, who took it, the cells it touched and a sentence."""
    if state.last_move is None:
        return None
    action_id, seat, released = state.last_move
    who = COLOURS[seat].capitalize()
    if released:
        cells = cells_of(released)
        what = "every " + action_id if action_id in KINDS else "the line " + action_id.replace("-", "–")
        text = f"{who} released {what} ({len(cells)} animal{'s' if len(cells) > 1 else ''})"
    elif action_id == SWAP_ID:
        cells = [state.placed[seat][-1]]
        text = f"{who} swapped, taking over {CELL_NAMES[cells[0]]}"
    else:
        cells = [CELL_OF_NAME[action_id]]
        text = f"{who} placed on {action_id}"
    return {
        "id": action_id,
        "colour": COLOURS[seat],
        "cells": [CELL_NAMES[cell] for cell in cells],
        "text": text,
    }


def result_of(end: End) -> JsonDict:
    """The end for the drawings: win, loss or draw, whose placement it was, the deciding line."""
    verdict, seat, triple = end
    kind = {WIN: "win", LOSS: "loss"}.get(verdict, "draw")
    line = [CELL_NAMES[cell] for cell in TRIPLES[triple]] if triple >= 0 else []
    return {"kind": kind, "colour": COLOURS[seat], "line": line, "text": end_text(end)}


def end_text(end: End) -> str:
    """Why the game ended, citing the rule."""
    verdict, seat, triple = end
    who = player_name(seat)
    if verdict == WIN:
        return f"{who} wins: the line {line_name(triple)} holds three of their tokens and no animal (R8)"
    if verdict == LOSS:
        return f"{who} loses: the line {line_name(triple)} holds three of their tokens and an animal (R8)"
    return f"Draw: {who} placed their {TOKENS_PER_PLAYER}th token without making a line (R10)"


def rejection_reason(state: MammalathState, action_id: object) -> str:
    """Why a well-formed or malformed action id is not legal for the seat to move."""
    try:
        move, index = ACTION_OF_ID[action_id]  # type: ignore[index]
    except (KeyError, TypeError):
        return (
            f"{action_id!r} is not a Mammalath action (a cell like 'C3', a kind like 'fox', "
            "a line like 'A1-C3', or 'swap')"
        )
    if move == PLACE:
        return f"{CELL_NAMES[index]} already holds a token (R2)"
    if state.plies == 0:
        return "the first action of the game must be a place (R6)"
    if move == RELEASE_KIND:
        return f"no {KINDS[index]} is left on the board (R3)"
    if move == RELEASE_LINE:
        return f"the line {line_name(index)} has a cell without an animal (R4)"
    return "the swap is only allowed as the second player's first action, with the swap rule on (R7)"
