"""Hand-made Tuned positions, written as in section 6 of rules/tuned.md (for tests and analysis).

A position is three rows top to bottom, separated by "/", each three stacks bottom to top
("DG", "." for an empty cell), plus each seat's supply as letters. Every kind must count
four animals between the barn and the supplies. The animals get their pieces as in play:
a supply keeps the later copies of each kind (copy 1 is added first), and the barn's
animals take the other pieces, lowest first, in reading order.
"""

from __future__ import annotations

from tabletop.engine import ActionId, Game, Seat
from tabletop.games.tuned.actions import parse
from tabletop.games.tuned.barn import (
    CODE_OF_STACK,
    COPIES_PER_KIND,
    KIND_LETTERS,
    KIND_TITLES,
    KINDS,
    PIECES,
    PIECES_PER_SEAT,
    Cell,
    Kind,
    Piece,
    completed_lines,
    kind_of,
)
from tabletop.games.tuned.rules import SPACE_NAMES, SUPPLY
from tabletop.games.tuned.state import LastMove, TunedState


def from_position(
    game: Game,
    rows: str,
    supplies: tuple[str, str],
    to_move: Seat,
    *,
    roosters: tuple[str, str] = ("add-1", "add-1"),
    last_move: ActionId | None = None,
) -> TunedState:
    """The position, with `to_move` to act; `last_move` is the opponent's last action as it shows
    on this board (it sets what R7 forbids). Raises `ValueError` for an impossible position.

    >>> from tabletop.games.tuned import GAME
    >>> state = from_position(GAME, "DGC . . / . . . / . . .", ("DDGGC", "DGCC"), 0)
    >>> state.codes[:2], len(state.legal_actions(0))
    ((6, 0), 48)
    """
    kinds = _stacks_of_rows(rows)
    if completed_lines([CODE_OF_STACK[stack] for stack in kinds], tuple(range(9))):
        raise ValueError("a line of three is already on the board: the game would be over (R8)")
    supply_pieces = [_supply_of(seat, letters) for seat, letters in enumerate(supplies)]
    stacks = _board_pieces(kinds, supply_pieces)
    last = None if last_move is None else _last_move(kinds, stacks, 1 - to_move, last_move)
    rooster_spaces = [SPACE_NAMES.index(space) for space in roosters]
    return TunedState.from_parts(
        game, stacks=stacks, supplies=supply_pieces, roosters=rooster_spaces, to_move=to_move, last_move=last
    )


def _stacks_of_rows(rows: str) -> list[tuple[Kind, ...]]:
    """ "DG . C / . . . / . . ." -> nine kind stacks, checked against section 2.2."""
    words = [word for row in rows.split("/") for word in row.split()]
    if len(words) != 9:
        raise ValueError(f"a barn has 9 cells in 3 rows; got {len(words)} stacks in {rows!r}")
    stacks = [() if word == "." else tuple(KIND_LETTERS.index(letter) for letter in word) for word in words]
    for word, stack in zip(words, stacks, strict=True):
        if stack not in CODE_OF_STACK:
            raise ValueError(f"{word!r} is not one of the stacks of section 2.2")
    return stacks


def _supply_of(seat: Seat, letters: str) -> tuple[Piece, ...]:
    """A seat's supply: of each kind, the copies not yet added (copy 1 is added first)."""
    pieces: list[Piece] = []
    for kind in KINDS:
        count = letters.count(KIND_LETTERS[kind])
        if count > COPIES_PER_KIND:
            raise ValueError(f"a supply holds at most {COPIES_PER_KIND} of each animal; got {letters!r}")
        first = seat * PIECES_PER_SEAT + kind * COPIES_PER_KIND
        pieces += range(first + COPIES_PER_KIND - count, first + COPIES_PER_KIND)
    return tuple(pieces)


def _board_pieces(
    stacks: list[tuple[Kind, ...]], supplies: list[tuple[Piece, ...]]
) -> list[tuple[Piece, ...]]:
    """Gives the barn's animals the pieces not in any supply, lowest first, in reading order."""
    unused = [piece for piece in PIECES if piece not in supplies[0] + supplies[1]]
    board = []
    for stack in stacks:
        pieces: list[Piece] = []
        for kind in stack:
            piece = next((piece for piece in unused if kind_of(piece) == kind), None)
            if piece is None:
                raise ValueError(f"more than four {KIND_TITLES[kind]}s between the barn and the supplies")
            unused.remove(piece)
            pieces.append(piece)
        board.append(tuple(pieces))
    if unused:
        missing = ", ".join(KIND_TITLES[kind_of(piece)] for piece in unused)
        raise ValueError(f"every kind counts four animals in the barn and the supplies; missing: {missing}")
    return board


def _last_move(
    kinds: list[tuple[Kind, ...]], stacks: list[tuple[Piece, ...]], seat: Seat, action_id: ActionId
) -> LastMove:
    """The record of the opponent's last action, checked against the board it left."""
    parsed = parse(action_id)
    if parsed is None:
        raise ValueError(f"{action_id!r} is not a Tuned action")
    kind, source, target = parsed
    stack = kinds[target]
    if kind not in stack or source == target:
        raise ValueError(f"{action_id!r} does not show on the board: no {KIND_TITLES[kind]} in the target")
    k = len(stack) - stack.index(kind)
    if source == SUPPLY and k != 1:
        raise ValueError(f"{action_id!r}: an added animal is on top of its cell")
    if source != SUPPLY and _was_over_before(kinds, source, target, k):
        raise ValueError(
            f"{action_id!r}: the barn before it was impossible or had a line (the game was over)"
        )
    return (seat, stacks[target][-k], source, target, k)


def _was_over_before(kinds: list[tuple[Kind, ...]], source: Cell, target: Cell, k: int) -> bool:
    """Was the barn before a Move of k animals from `source` to `target` impossible or already won?"""
    before = list(kinds)
    before[source] += before[target][-k:]
    before[target] = before[target][:-k]
    if before[source] not in CODE_OF_STACK:
        return True
    return bool(completed_lines([CODE_OF_STACK[stack] for stack in before], (source, target)))
