"""What each seat may see of a Lucky Numbers position, and the words that describe it.

A view holds the gardens, the face-up table and the number of face-down tiles, never their
order; the tile in hand is shown to its holder only (the others learn that a tile is in
hand). Tiles appear as ``{"id": "tile-red-7", "number": 7, "colour": "red"}`` so the drawing
needs no knowledge of the encoding.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop.engine import JsonDict, Seat
from tabletop.games.luckynumbers.garden import cell_label
from tabletop.games.luckynumbers.notation import (
    DISCARD,
    DRAW,
    PILE_ELEMENT,
    TAKE,
    PlayedMove,
    cell_element,
)
from tabletop.games.luckynumbers.rounds import SETUP, STALL_TURNS_PER_PLAYER, RoundResult, seat_name
from tabletop.games.luckynumbers.tiles import COLOURS, NO_TILE, NUMBER_OF, NUMBERS, Tile, element_id

if TYPE_CHECKING:
    from tabletop.games.luckynumbers.state import LuckyNumbersState


def tile_view(tile: Tile) -> JsonDict | None:
    """A tile as the drawing needs it, or None for an empty place.

    >>> tile_view(26)
    {'id': 'tile-red-7', 'number': 7, 'colour': 'red'}
    """
    if tile == NO_TILE:
        return None
    return {"id": element_id(tile), "number": NUMBER_OF[tile], "colour": COLOURS[tile // NUMBERS]}


def build_view(state: LuckyNumbersState, viewer: Seat | None) -> JsonDict:
    """Everything `viewer` may see (None = a spectator); see the module docstring."""
    over = state.is_over()
    holds = state.held != NO_TILE and viewer == state.current
    return {
        "game": "luckynumbers",
        "players": state.players,
        "viewer": viewer,
        "phase": state.phase,
        "current": None if over else state.current,
        "round": min(len(state.results) + 1, state.rounds),
        "rounds": state.rounds,
        "gardens": [[tile_view(tile) for tile in garden] for garden in state.gardens],
        "table": [tile_view(tile) for tile in state.table],
        "pile": len(state.pile),
        "in_hand": state.held != NO_TILE,
        "drawn": tile_view(state.held) if holds else None,
        "stall": state.stall,
        "stall_limit": STALL_TURNS_PER_PLAYER * state.players,
        "totals": list(state.totals),
        "results": [{**result.to_json(), "text": result.describe()} for result in state.results],
        "winners": list(_winners(state)) if over else [],
        "last_move": None if state.last_move is None else move_record(state.last_move),
        "prompt": prompt(state, viewer),
    }


def _winners(state: LuckyNumbersState) -> tuple[Seat, ...]:
    outcome = state.outcome()
    return outcome.winners() if outcome is not None else ()


def prompt(state: LuckyNumbersState, viewer: Seat | None) -> str:
    """What is expected now, in words, addressed to the viewer when it is their turn."""
    if state.is_over():
        outcome = state.outcome()
        return f"Game over. {outcome.reason}." if outcome is not None else "Game over."
    mover = seat_name(state.current)
    mine = viewer == state.current
    number = NUMBER_OF[state.held] if state.held != NO_TILE else 0
    if state.phase == SETUP:
        if mine:
            return f"Place your {number} on an empty start cell of your diagonal"
        return f"{mover} is placing a start tile"
    if number:
        if mine:
            return f"Place your {number} in your garden, or put it face up on the table"
        return f"{mover} has drawn a tile and is placing it"
    if mine:
        return "Your turn: draw a face-down tile, or take a face-up tile and place it"
    return f"{mover} to play"


def move_record(move: PlayedMove) -> JsonDict:
    """The `last_move` of a view: who did what, the element ids to mark, and a sentence.

    A draw names no tile: what was drawn stays in hand, unseen by the others.
    """
    tile_id = element_id(move.tile) if move.tile != NO_TILE else None
    cell_id = cell_element(move.seat, move.cell) if move.cell >= 0 else None
    replaced_id = element_id(move.replaced) if move.replaced != NO_TILE else None
    elements = [element for element in (tile_id, cell_id, replaced_id) if element is not None]
    return {
        "seat": move.seat,
        "kind": move.kind,
        "tile": tile_id,
        "cell": cell_id,
        "replaced": replaced_id,
        "elements": [PILE_ELEMENT] if move.kind == DRAW else elements,
        "text": _move_text(move),
    }


def _move_text(move: PlayedMove) -> str:
    name = seat_name(move.seat)
    if move.kind == DRAW:
        return f"{name} drew a tile"
    if move.kind == DISCARD:
        return f"{name} put {NUMBER_OF[move.tile]} face up on the table"
    source = " from the table" if move.kind == TAKE else ""
    text = f"{name} placed {NUMBER_OF[move.tile]}{source} at {cell_label(move.cell)}"
    return text if move.replaced == NO_TILE else f"{text}, exchanging {NUMBER_OF[move.replaced]}"


def tournament_summary(totals: Sequence[int], results: Sequence[RoundResult]) -> str:
    """The end of a tournament in words (R11)."""
    leaders = [seat_name(seat) for seat, total in enumerate(totals) if total == max(totals)]
    verb = "wins" if len(leaders) == 1 else "share the win"
    scores = ", ".join(f"{seat_name(seat)} {total:+d}" for seat, total in enumerate(totals))
    return f"After {len(results)} rounds {' and '.join(leaders)} {verb} (R11): {scores}"
