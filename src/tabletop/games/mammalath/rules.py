"""Mammalath's rules as functions of a position: releasable lines (R4), the end (R8, R10), refusals.

The functions of docs/rules/mammalath.md that the state and the evaluator share; positions
are the cell masks of `board.py`.

>>> from tabletop.games.mammalath.board import CELL_OF_NAME as at
>>> own = (1 << at["A1"]) | (1 << at["B1"]) | (1 << at["C1"])
>>> placement_verdict(own, 0, at["C1"])  # three clean tokens in a row: a win
(1, 0)
>>> placement_verdict(own, 1 << at["C1"], at["C1"])  # an animal still on C1: a loss
(-1, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine import Seat
from tabletop.games.mammalath.board import (
    ACTION_OF_ID,
    CELL_NAMES,
    COLOURS,
    KINDS,
    PLACE,
    RELEASE_KIND,
    RELEASE_LINE,
    TOKENS_PER_PLAYER,
    TRIPLE_MASKS,
    TRIPLES_THROUGH,
    cells_of,
    line_name,
)

Verdict = int
LOSS: Verdict = -1
"""R8: a triple of the placer's tokens holds at least one animal."""
NO_VERDICT: Verdict = 0
WIN: Verdict = 1
"""R8: a triple of the placer's tokens holds no animal (and no other triple of theirs holds one)."""
DRAW: Verdict = 2
"""R10: the placer's 18th token made no line (a game result, never returned by `placement_verdict`)."""
NO_TRIPLE = -1


def placement_verdict(own: int, animals: int, cell: int) -> tuple[Verdict, int]:
    """R8 for the player whose tokens are `own` after they placed on `cell`: the verdict and its triple.

    Only triples through `cell` are looked at: every earlier placement was checked the same
    way and any triple then complete would have ended the game, and releases never add a
    token (R9). A loss beats a win (Q6), so the first dirty triple decides; else the first
    clean one.
    """
    clean = NO_TRIPLE
    for triple in TRIPLES_THROUGH[cell]:
        mask = TRIPLE_MASKS[triple]
        if own & mask == mask:
            if animals & mask:
                return LOSS, triple
            if clean == NO_TRIPLE:
                clean = triple
    return (NO_VERDICT, NO_TRIPLE) if clean == NO_TRIPLE else (WIN, clean)


def releasable_lines(animals: int) -> tuple[int, ...]:
    """The triples whose three cells all hold an animal: the lines that may be released (R4)."""
    return tuple(triple for triple, mask in enumerate(TRIPLE_MASKS) if animals & mask == mask)


def lines_left(lines: tuple[int, ...], released: int) -> tuple[int, ...]:
    """The releasable `lines` that keep all their animals after the cells `released` lose theirs (R3, R4)."""
    return tuple(triple for triple in lines if not TRIPLE_MASKS[triple] & released)


def complete_triples(own: int) -> list[int]:
    """Every triple lying entirely in `own` (used to reject hand-made positions that R8 would have ended)."""
    return [triple for triple, mask in enumerate(TRIPLE_MASKS) if own & mask == mask]


def check_reachable(placed: Sequence[Sequence[int]], tokens: Sequence[int], plies: int, first: Seat) -> None:
    """Raises `ValueError` for a hand-made position that play could not reach or R8 / R10 would have ended.

    `placed` and `tokens` are each seat's token cells and mask, `plies` the actions taken
    so far and `first` the seat that took the first one.
    """
    for seat, cells in enumerate(placed):
        if len(cells) >= TOKENS_PER_PLAYER:
            raise ValueError(f"{COLOURS[seat]} has {len(cells)} tokens on the board; R10 ends the game at 18")
        if complete_triples(tokens[seat]):
            raise ValueError(
                f"{COLOURS[seat]} already has three tokens in a line; R8 would have ended the game"
            )
    on_board = len(placed[0]) + len(placed[1])
    if plies < on_board:
        raise ValueError(f"{plies} actions cannot have placed {on_board} tokens")
    if plies == 1 and list(placed[first]) != cells_of(tokens[0] | tokens[1]):
        raise ValueError("after one action the board holds exactly one token, the first player's (R6)")


def why_illegal(action_id: object, plies: int) -> str:
    """Why an action id is not legal for the seat to move after `plies` actions, citing the rule it breaks.

    >>> why_illegal("fox", 0)
    'the first action of the game must be a place (R6)'
    """
    try:
        move, index = ACTION_OF_ID[action_id]  # type: ignore[index]
    except (KeyError, TypeError):
        return (
            f"{action_id!r} is not a Mammalath action (a cell like 'C3', a kind like 'fox', "
            "a line like 'A1-C3', or 'swap')"
        )
    if move == PLACE:
        return f"{CELL_NAMES[index]} already holds a token (R2)"
    if plies == 0:
        return "the first action of the game must be a place (R6)"
    if move == RELEASE_KIND:
        return f"no {KINDS[index]} is left on the board (R3)"
    if move == RELEASE_LINE:
        return f"the line {line_name(index)} has a cell without an animal (R4)"
    return "the swap is only allowed as the second player's first action, with the swap rule on (R7)"
