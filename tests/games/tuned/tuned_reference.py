"""An independent, plain reading of docs/rules/tuned.md, to check the engine's move generation against.

Written from the rules file alone and differently from the engine: the barn is a list of
nine strings of letters, bottom to top ("DG"); a portion may go onto a cell exactly when
the cell's letters followed by the portion's spell one of the stacks of section 2.2 (this
says the same as the placement table of section 2.3, since a Donkey is always at the
bottom, a Dog only on a Donkey and a Cat only on a Dog); the Rooster is the simplified
`last_action` of section 4; R7 is checked in its other form of Q1, "the move must not
recreate the board as it was before the opponent's move"; and a win is a scan of all 8
lines after every action.

It ignores the draws of decisions D1 and D2 (repetition and the action limit), so it is
only compared with the engine from positions and depths where neither can happen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

VALID_STACKS = {"", "D", "G", "C", "DG", "GC", "DGC"}
NAMES = [column + row for row in "123" for column in "abc"]
LINES = (
    [[(r, c) for c in range(3)] for r in range(3)]
    + [[(r, c) for r in range(3)] for c in range(3)]
    + [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]
)


@dataclass
class Position:
    """A position: the barn, both supplies, each seat's last action, whose turn, and R7's memory."""

    barn: list[str]
    supplies: list[str]
    last_action: list[str]
    to_move: int
    before_opponent_move: list[str] | None = None
    won: bool = False


def of_view(view: Mapping[str, Any]) -> Position:
    """The reference position shown by an engine view (the seat to move must be known)."""
    letter = {"donkey": "D", "dog": "G", "cat": "C"}
    barn = ["".join(letter[piece["kind"]] for piece in cell["pieces"]) for cell in view["cells"]]
    supplies = ["".join(letter[piece["kind"]] for piece in seat["supply"]) for seat in view["seats"]]
    last_action = ["move" if seat["rooster"] == "move" else "add" for seat in view["seats"]]
    before = None
    last = view["last_move"]
    if last and last["type"] == "move":
        before = list(barn)
        k = len(last["pieces"])
        source, target = NAMES.index(last["from"]), NAMES.index(last["to"])
        before[source] += barn[target][-k:]
        before[target] = barn[target][:-k]
    return Position(barn, supplies, last_action, int(view["to_move"]), before)


def actions(position: Position) -> list[tuple[str, Position]]:
    """Every (action id, resulting position) of the player to move."""
    seat = position.to_move
    supply = position.supplies[seat]
    results = []
    if supply:
        results += _adds(position, seat)
    if not supply or position.last_action[seat] == "add":
        results += _moves(position, seat)
    return results


def _adds(position: Position, seat: int) -> list[tuple[str, Position]]:
    results = []
    for letter in sorted(set(position.supplies[seat])):
        for index, stack in enumerate(position.barn):
            if stack + letter in VALID_STACKS:
                barn = list(position.barn)
                barn[index] += letter
                supplies = list(position.supplies)
                supplies[seat] = supplies[seat].replace(letter, "", 1)
                results.append(
                    (letter + NAMES[index], _next(position, seat, barn, supplies, kind="add", before=None))
                )
    return results


def _moves(position: Position, seat: int) -> list[tuple[str, Position]]:
    results = []
    for source, stack in enumerate(position.barn):
        for k in range(1, len(stack) + 1):
            portion = stack[-k:]
            for target, other in enumerate(position.barn):
                if target == source or other + portion not in VALID_STACKS:
                    continue
                barn = list(position.barn)
                barn[source] = stack[:-k]
                barn[target] = other + portion
                if barn == position.before_opponent_move:
                    continue
                action = portion[0] + NAMES[source] + NAMES[target]
                results.append(
                    (
                        action,
                        _next(position, seat, barn, position.supplies, kind="move", before=position.barn),
                    )
                )
    return results


def _next(
    position: Position,
    seat: int,
    barn: list[str],
    supplies: list[str],
    *,
    kind: str,
    before: list[str] | None,
) -> Position:
    last_action = list(position.last_action)
    if position.supplies[seat]:
        last_action[seat] = kind
    return Position(barn, list(supplies), last_action, 1 - seat, before, won=has_line(barn))


def has_line(barn: list[str]) -> bool:
    """R8: some line whose three cells are non-empty with the same letter on top."""
    for line in LINES:
        tops = {barn[3 * r + c][-1:] for r, c in line}
        if len(tops) == 1 and "" not in tops:
            return True
    return False


def perft(position: Position, depth: int) -> int:
    """Leaves `depth` actions ahead; a finished game (a line, or no action: R9, R10) has no leaves."""
    if depth == 0:
        return 1
    if position.won:
        return 0
    found = actions(position)
    if depth == 1:
        return len(found)
    return sum(perft(child, depth - 1) for _, child in found)
