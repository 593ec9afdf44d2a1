"""Tuned's move rules on bare stack codes: which actions a player has (R2 … R7) and why not.

These functions know nothing of seats, pieces or the engine; the state (`state.py`) feeds
them its stack codes, the kinds left in the mover's supply, whether the mover's Rooster
is on MOVE and the reversal R7 forbids, and turns the answers into actions. They are the
one source of legality: the state's legal actions, its checks and the bots' evaluator all
come from here.

A move is a tuple `(kind, source, target, k)`: the kind of the lowest animal that goes,
the cell it leaves (`SUPPLY` for an Add), the cell it goes to and how many animals go (1
for an Add).
"""

from __future__ import annotations

from typing import Final

from tabletop.games.tuned.barn import (
    ACCEPTS,
    CELL_NAMES,
    CELLS,
    EMPTY,
    KIND_TITLES,
    LINES_THROUGH,
    LOWEST_LIFTED,
    NO_KIND,
    PORTION_SIZES,
    REMAINDER,
    STACKS,
    TOP,
    Cell,
    Kind,
    StackCode,
    line_winner,
)

Move = tuple[Kind, Cell, Cell, int]
Reversal = tuple[Cell, Cell, int]
"""(source, target, k) of the one move R7 forbids now."""

SUPPLY: Final = -1
"""The `source` of an Add: the animal comes from the mover's supply."""
NO_REVERSAL: Final[Reversal] = (SUPPLY, SUPPLY, 0)

MOVE_SPACE: Final = 0
ADD_1_SPACE: Final = 1
ADD_2_SPACE: Final = 2
SPACE_NAMES: Final = ("move", "add-1", "add-2")
"""The Rooster's three spaces (section 2.1), by index; it starts on MOVE (section 2.4)."""

NOBODY: Final = -1
ACTION_LIMIT: Final = 200
"""Decision D2 (package docstring): a game that reaches 200 actions without a line is a draw."""
REPETITIONS_FOR_DRAW: Final = 3
"""Decision D1: the third occurrence of a position is a draw."""

WIN_BY_LINE: Final = "line"
LOSS_NO_ADD: Final = "no_add"
LOSS_NO_ACTION: Final = "no_action"
DRAW_BY_REPETITION: Final = "repetition"
DRAW_BY_LIMIT: Final = "limit"


def may_move(kinds_in_supply: tuple[Kind, ...], rooster_on_move: bool) -> bool:
    """R2, R3: a Rooster on MOVE forbids a second Move in a row, unless the supply is empty."""
    return not kinds_in_supply or not rooster_on_move


def legal_moves(
    codes: list[StackCode], kinds_in_supply: tuple[Kind, ...], rooster_on_move: bool, reversal: Reversal
) -> list[Move]:
    """Every action of the player to move: Adds by kind and cell, then Moves by source and target.

    >>> from tabletop.games.tuned.barn import DONKEY, DOG, CAT
    >>> len(legal_moves([EMPTY] * 9, (DONKEY, DOG, CAT), True, NO_REVERSAL))  # 3 kinds on 9 empty cells
    27
    """
    moves: list[Move] = []
    if kinds_in_supply:
        moves = [
            (kind, SUPPLY, cell, 1)
            for kind in kinds_in_supply
            for cell in CELLS
            if ACCEPTS[codes[cell]][kind]
        ]
    if may_move(kinds_in_supply, rooster_on_move):
        moves += board_moves(codes, reversal)
    return moves


def board_moves(codes: list[StackCode], reversal: Reversal) -> list[Move]:
    """R5, R6, R7: every top portion of every stack onto every other cell that accepts its lowest animal."""
    moves: list[Move] = []
    for source in CELLS:
        code = codes[source]
        if code == EMPTY:
            continue
        sizes_to = PORTION_SIZES[code]
        lowest = LOWEST_LIFTED[code]
        for target in CELLS:
            if target != source:
                for k in sizes_to[codes[target]]:
                    if (source, target, k) != reversal:
                        moves.append((lowest[k - 1], source, target, k))
    return moves


def winning_moves(codes: list[StackCode], moves: list[Move]) -> list[Move]:
    """R8: the moves that leave three same tops on a line through a cell they change.

    A Move puts the source's top animal on top of the target and uncovers, at the
    source, whatever was under the lifted portion; an Add puts its animal on top.

    >>> from tabletop.games.tuned.barn import CAT
    >>> codes = [3, 3, EMPTY] + [EMPTY] * 6  # row 1: Cat, Cat, empty
    >>> winning_moves(codes, [(CAT, SUPPLY, 2, 1), (CAT, SUPPLY, 5, 1)])
    [(2, -1, 2, 1)]
    """
    tops = [TOP[code] for code in codes]
    found = []
    for move in moves:
        kind, source, target, k = move
        changed = list(tops)
        if source == SUPPLY:
            changed[target] = kind
        else:
            changed[target] = tops[source]
            changed[source] = TOP[REMAINDER[codes[source]][k - 1]]
            if any(line_winner(changed, line) != NO_KIND for line in LINES_THROUGH[source]):
                found.append(move)
                continue
        if any(line_winner(changed, line) != NO_KIND for line in LINES_THROUGH[target]):
            found.append(move)
    return found


def reversal_of(move: Move) -> Reversal:
    """R7: after a Move of k animals from A to B, the opponent may not move the top k of B to A."""
    _, source, target, k = move
    return NO_REVERSAL if source == SUPPLY else (target, source, k)


def why_not(
    codes: list[StackCode],
    kinds_in_supply: tuple[Kind, ...],
    rooster_on_move: bool,
    reversal: Reversal,
    move: Move,
) -> str:
    """In words, the rule a well-formed but illegal move breaks (for `IllegalAction` messages)."""
    kind, source, target, k = move
    title = KIND_TITLES[kind]
    if source == SUPPLY:
        if not kinds_in_supply:
            return "the supply is empty, so every action is a Move (R3)"
        if kind not in kinds_in_supply:
            return f"there is no {title} left in the supply (R4)"
    else:
        if not may_move(kinds_in_supply, rooster_on_move):
            return "the Rooster is on MOVE, so this turn must be an Add (R2)"
        if kind not in STACKS[codes[source]]:
            return f"there is no {title} in {CELL_NAMES[source]} to lift (R5)"
        if source == target:
            return "a Move needs a different destination cell (R5)"
        if (source, target, k) == reversal:
            return "it would invert the opponent's last Move (R7)"
    return f"a {title} may not go onto {_stack_words(codes[target])} in {CELL_NAMES[target]} (section 2.3)"


def _stack_words(code: StackCode) -> str:
    if code == EMPTY:
        return "an empty cell"
    return "the stack " + "-".join(KIND_TITLES[kind] for kind in STACKS[code])
