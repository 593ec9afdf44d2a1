"""Biyi's rules as plain functions of a position: every legal turn and what it leads to.

A position is a list of columns, one per square of the `Board`; a column is a tuple of
token numbers from bottom to top, and the empty tuple an empty square. Token numbers are
fixed for the whole game (the drawing's element ids), and a token's owner is its parity:
even numbers are Light's (seat 0), odd numbers Dark's (seat 1).

`turns` is the single source of legality: it plays out every movement (R1–R8), its
compulsory jumps (R10–R12), and keeps the complete turns that leave the river chained
(R20), that do not undo the mover's previous movement (R28), and that may enter the
opponent's bird (R30). Each `Turn` carries the columns it leaves behind, so applying one
is a few assignments. Rule numbers refer to docs/rules/biyi.md.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from tabletop.games.biyi.board import BACKWARD, FORWARD, SIDEWAYS, Board, Square, move_id

Column = tuple[int, ...]
Stacks = list[Column]

JUMP_THRESHOLD = 4
"""Four or more of the mover's tokens in the landing column force a jump (R10, decision 4.2)."""
UNIFORM_HEIGHT = 3
"""A uniform stack is at least this tall (R25)."""

SLIDE, CLIMB, DESCEND = "slide", "climb", "descend"


class Movement(NamedTuple):
    """What R28 remembers of a player's last movement: which tokens went where, from which level."""

    origin: Square
    target: Square
    moved: Column
    level: int
    """The height of the origin column below the moved tokens: where they stood."""


class Turn(NamedTuple):
    """One complete legal turn: the movement, its jumps, and the columns it changes.

    A named tuple, not a dataclass: a position has dozens of turns and random playouts
    build them all at every move, so they must be cheap to make.
    """

    id: str
    kind: str
    origin: Square
    target: Square
    moved: Column
    level: int
    """The height of the origin column below the moved tokens."""
    landings: tuple[Square, ...]
    changes: tuple[tuple[Square, Column], ...]
    """The columns the turn leaves on the squares it touches, in order (a square may repeat);
    empty for a movement without jumps, whose two columns follow from the movement."""
    wins: bool
    """The last movement or jump ended on the opponent's bird (R8, R30)."""

    @property
    def movement(self) -> Movement:
        """The movement that begins the turn, as R28 remembers it."""
        return Movement(self.origin, self.target, self.moved, self.level)


def count_of(column: Column, seat: int) -> int:
    """How many of `seat`'s tokens stand in a column, at any level (R10, decision 4.3)."""
    return sum(1 for token in column if token & 1 == seat)


def prisoners(column: Column) -> int:
    """How many tokens of the column have a token of the other player somewhere above them.

    Those are the imprisoned tokens: covered by the enemy, they move only when carried.

    >>> prisoners((0, 1, 0)), prisoners((1, 0, 0)), prisoners((0, 0, 2))
    (2, 1, 0)
    """
    top = len(column) - 1
    while top > 0 and column[top - 1] & 1 == column[top] & 1:
        top -= 1
    return top


def is_chained(board: Board, stacks: Stacks) -> bool:
    """R20: every occupied river square reaches an occupied bank square through occupied river squares.

    Colour does not matter (decision 4.7).
    """
    in_river, neighbours = board.in_river, board.neighbours
    reached: set[Square] = set()
    for start in board.river:
        if not stacks[start] or start in reached:
            continue
        group, anchored = [start], False
        reached.add(start)
        for square in group:  # the list grows while it is read: a breadth-first search
            for neighbour in neighbours[square]:
                if not stacks[neighbour]:
                    continue
                if not in_river[neighbour]:
                    anchored = True
                elif neighbour not in reached:
                    reached.add(neighbour)
                    group.append(neighbour)
        if not anchored:
            return False
    return True


def is_uniform(column: Column, seat: int) -> bool:
    """R25: three or more tokens, all of them `seat`'s."""
    return len(column) >= UNIFORM_HEIGHT and all(token & 1 == seat for token in column)


def in_dragon_trouble(board: Board, stacks: Stacks, seat: int) -> bool:
    """R25: two of `seat`'s uniform stacks stand orthogonally side by side."""
    if max(map(len, stacks)) < UNIFORM_HEIGHT:
        return False
    uniform = {
        square
        for square, column in enumerate(stacks)
        if len(column) >= UNIFORM_HEIGHT and is_uniform(column, seat)
    }
    neighbours = board.neighbours
    return len(uniform) > 1 and any(other in uniform for square in uniform for other in neighbours[square])


class Candidates(NamedTuple):
    """The movements from one square, as `turns` may keep them while its neighbourhood stays.

    Each movement comes as the turn it makes when nothing forces a jump, with whether it is
    plain (no jump, not onto a bird). `settled` holds them all by id when every one is plain
    and the square is away from the river: then nothing but R28 can take one away.
    """

    moves: tuple[tuple[Turn, bool], ...]
    settled: dict[str, Turn] | None


def turns(
    board: Board,
    stacks: Stacks,
    seat: int,
    previous: Movement | None,
    *,
    known: dict[Square, Candidates] | None = None,
    chained: bool | None = None,
) -> dict[str, Turn]:
    """Every legal turn of `seat` by id, movement by movement in square order (R1–R30).

    Written for speed, as bots call it at every position. The movements from a square
    depend only on that square and its neighbours, so a caller may keep them in `known`
    (by square) and forget those around the squares a turn changes. A plain movement is
    legal unless it undoes the previous one (R28) or empties a square in or beside the
    river next to occupied river squares, when the river groups there are checked
    (`_river_holds`); the others are played out with their jumps (`_complete`). A caller
    that knows whether the position meets R20 says so in `chained`; where it does not,
    every turn must mend the river and is played out in full.
    """
    found: dict[str, Turn] = {}
    forbidden = _undoing(previous, stacks)
    if chained is None:
        chained = is_chained(board, stacks)
    in_river, river_neighbours = board.in_river, board.river_neighbours
    controlled = [origin for origin, column in enumerate(stacks) if column and column[-1] & 1 == seat]
    for origin in controlled:
        candidates = None if known is None else known.get(origin)
        if candidates is None:
            candidates = movements_from(board, stacks, origin)
            if known is not None:
                known[origin] = candidates
        if candidates.settled is not None and chained and (forbidden is None or forbidden.origin != origin):
            found.update(candidates.settled)
            continue
        beside = river_neighbours[origin]
        for turn, plain in candidates.moves:
            if (
                forbidden is not None and turn.origin == forbidden.origin and turn.movement == forbidden
            ):  # R28
                continue
            if not plain or not chained:
                found.update((whole.id, whole) for whole in _complete(board, stacks, seat, turn))
            elif (
                turn.level
                or not beside
                or not (in_river[turn.target] or any(stacks[square] for square in beside))
                or _river_holds(board, stacks, origin, turn.target)
            ):
                found[turn.id] = turn
    return found


def movements_from(board: Board, stacks: Stacks, origin: Square) -> Candidates:
    """The movements from a square by the player on top: slides (R2, R3), descents (R4), climbs (R5)."""
    column = stacks[origin]
    seat, height = column[-1] & 1, len(column)
    own_bird, other_bird = board.birds[seat], board.birds[1 - seat]
    pair_ids = board.pair_ids[origin]
    found: list[tuple[Turn, bool]] = []
    for target, step in board.steps[seat][origin]:
        if target == own_bird:  # R7
            continue
        below_column = stacks[target]
        below = len(below_column)
        moves: list[tuple[str, Column]] = []
        if below < height and (step == SIDEWAYS or (column[below] & 1 == seat) == (step == FORWARD)):
            moves.append((SLIDE, column[below:]))
        if step != BACKWARD:
            if below <= height - 2:
                moves.append((DESCEND, column[-1:]))
            elif below == height and below_column[-1] & 1 == seat:
                moves.append((CLIMB, column[-1:]))
        for kind, moved in moves:
            plain = target != other_bird and (
                below + len(moved) < JUMP_THRESHOLD or count_of(below_column + moved, seat) < JUMP_THRESHOLD
            )
            text = pair_ids[target] + ("/1" if kind == DESCEND else "")
            turn = Turn(text, kind, origin, target, moved, height - len(moved), (), (), False)
            found.append((turn, plain))
    settled = None
    if not board.river_neighbours[origin] and all(plain for _, plain in found):
        settled = {turn.id: turn for turn, _ in found}
    return Candidates(tuple(found), settled)


def _river_holds(board: Board, stacks: Stacks, emptied: Square, filled: Square) -> bool:
    """R20 after a movement that empties `emptied` and fills `filled`, in a position that held it.

    Only the river groups touching the emptied square can lose their link to the bank, so
    only those are searched.
    """
    in_river, neighbours = board.in_river, board.neighbours
    reached: set[Square] = set()
    for start in neighbours[emptied]:
        if not in_river[start] or start in reached or not (start == filled or stacks[start]):
            continue
        group, anchored = [start], False
        reached.add(start)
        for square in group:  # the list grows while it is read: a breadth-first search
            for neighbour in neighbours[square]:
                if neighbour == emptied or not (neighbour == filled or stacks[neighbour]):
                    continue
                if not in_river[neighbour]:
                    anchored = True
                    break
                if neighbour not in reached:
                    reached.add(neighbour)
                    group.append(neighbour)
            if anchored:
                break
        if not anchored:
            return False
    return True


def _undoing(previous: Movement | None, stacks: Stacks) -> Movement | None:
    """The one movement R28 forbids now: the previous one backwards, to the level the tokens left."""
    if previous is None or len(stacks[previous.origin]) != previous.level:
        return None
    target_column = stacks[previous.target]
    level = len(target_column) - len(previous.moved)
    if target_column[level:] != previous.moved:
        return None
    return Movement(previous.target, previous.origin, previous.moved, level)


def _complete(board: Board, stacks: Stacks, seat: int, movement: Turn) -> Iterator[Turn]:
    """The turns that begin with this movement: with every legal jump chain it forces (R10–R12)."""
    origin, target, moved, level = movement.origin, movement.target, movement.moved, movement.level
    after = stacks[:]
    after[origin] = stacks[origin][:level]
    after[target] = stacks[target] + moved
    alone = movement.kind == DESCEND
    changes = ((origin, after[origin]), (target, after[target]))
    plain = movement._replace(changes=changes)
    if target == board.birds[1 - seat]:
        if not in_dragon_trouble(board, after, seat):  # R30
            yield plain._replace(wins=True)
        return
    if count_of(after[target], seat) < JUMP_THRESHOLD:
        if is_chained(board, after):  # R20
            yield plain
        return
    for landings, jumps, wins in _jumps(board, after, seat, target, (target,)):
        text = move_id(board, origin, target, alone, landings)
        yield plain._replace(id=text, landings=landings, changes=changes + jumps, wins=wins)


def _jumps(
    board: Board, stacks: Stacks, seat: int, square: Square, visited: tuple[Square, ...]
) -> Iterator[tuple[tuple[Square, ...], tuple[tuple[Square, Column], ...], bool]]:
    """Every legal chain of jumps from `square`: (landings, columns changed, ends on the bird).

    The top token jumps forward or sideways onto any column (R10), never onto the mover's
    bird (R7) or a square already in the chain (R11); landing on the opponent's bird ends
    the turn with a win if the mover is not in dragon trouble (R30); a chain whose end
    leaves the river unchained is not a turn (R12, R20).
    """
    token = stacks[square][-1]
    for landing in board.advances[seat][square]:
        if landing == board.birds[seat] or landing in visited:
            continue
        after = stacks[:]
        after[square] = stacks[square][:-1]
        after[landing] = stacks[landing] + (token,)
        changes = ((square, after[square]), (landing, after[landing]))
        if landing == board.birds[1 - seat]:
            if not in_dragon_trouble(board, after, seat):
                yield (landing,), changes, True
        elif count_of(after[landing], seat) >= JUMP_THRESHOLD:
            for rest, more, wins in _jumps(board, after, seat, landing, (*visited, landing)):
                yield (landing, *rest), changes + more, wins
        elif is_chained(board, after):
            yield (landing,), changes, False


class _OwnerStrings(dict[Column, str]):
    """Each column's owner string ("aab"), made once: the same columns come back all game long."""

    def __missing__(self, column: Column) -> str:
        text = self[column] = "".join("ab"[token & 1] for token in column)
        return text


_OWNER_STRINGS = _OwnerStrings()


def position_key(stacks: Stacks, to_move: int) -> str:
    """The full position for R29: every column by owners ("a" Light, "b" Dark), and who moves.

    >>> position_key([(0, 1), (), (2,)], 1)
    'ab..a:1'
    """
    return ".".join(map(_OWNER_STRINGS.__getitem__, stacks)) + f":{to_move}"
