"""Biyi's rules as plain functions of a position: every legal turn and what it leads to.

A position is a list of columns, one per square of the `Board`; a column is a tuple of
token numbers from bottom to top, and the empty tuple an empty square. Token numbers are
fixed for the whole game (the drawing's element ids), and a token's owner is its parity:
even numbers are Light's (seat 0), odd numbers Dark's (seat 1).

`legal_turns` is the single source of legality: it plays out every movement (R1–R8), its
compulsory jumps (R10–R12), and keeps the complete turns that leave the river chained
(R20), that do not undo the mover's previous movement (R28), and that may enter the
opponent's bird (R30). A turn with jumps carries the columns it leaves behind, so applying
one is a few assignments; a plain movement is only its id until it is applied. Rule
numbers refer to docs/rules/biyi.md.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from typing import NamedTuple

from tabletop.games.biyi.board import BACKWARD, FORWARD, SIDEWAYS, Board, Square, move_id, tallest

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


Remembered = Movement | Turn
"""What R28 reads of a player's last movement: a `Movement`, or the `Turn` it began, which
has the same fields; the state keeps the turn it applied, so that no movement is built per turn."""


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


def river_region(board: Board, stacks: Stacks) -> int:
    """The occupied squares of the river region (`Board.region_bits`), all that R20 looks at."""
    return sum(bit for bit, column in zip(board.region_bits, stacks, strict=True) if column)


def is_chained(board: Board, stacks: Stacks) -> bool:
    """R20 in a position given by its columns (`river_holds` on its river region)."""
    return river_holds(board, river_region(board, stacks))


def river_holds(board: Board, region: int) -> bool:
    """R20: every occupied river square reaches an occupied bank square through occupied river squares.

    `region` has a bit for each occupied square of the river region (`Board.region_bits`).
    Colour does not matter (decision 4.7), so the answer depends only on which river squares
    are occupied and which of those have an occupied bank square beside them; the board
    remembers it for each such pair (`Board.river_memo`: on `tabletop`, at most 3^7 of
    them), so that a movement by the river is checked with a few operations on one small
    number and a lookup.
    """
    below, river, above = board.region_masks
    wet = region & river
    linked = wet & ((region & below) << board.width | (region & above) >> board.width)
    key = linked << board.region_span | wet
    holds = board.river_memo.get(key)
    if holds is None:
        if len(board.river_memo) >= MEMO_LIMIT:
            board.river_memo.clear()
        holds = board.river_memo[key] = _river_holds_afresh(board, wet, linked)
    return holds


def _river_holds_afresh(board: Board, wet: int, linked: int) -> bool:
    """R20 by a search through the occupied river squares `wet`, from those `linked` to the bank."""
    bits = board.region_bits
    reached = [square for square in board.river if linked & bits[square]]
    seen = set(reached)
    for square in reached:  # the list grows while it is read: a breadth-first search
        for near in board.river_neighbours[square]:
            if wet & bits[near] and near not in seen:
                seen.add(near)
                reached.append(near)
    return len(seen) == wet.bit_count()


def is_uniform(column: Column, seat: int) -> bool:
    """R25: three or more tokens, all of them `seat`'s."""
    return len(column) >= UNIFORM_HEIGHT and all(token & 1 == seat for token in column)


def in_dragon_trouble(
    board: Board, stacks: Stacks, seat: int, tall: Collection[Square] | None = None
) -> bool:
    """R25: two of `seat`'s uniform stacks stand orthogonally side by side.

    A caller that keeps the squares at least `UNIFORM_HEIGHT` high passes them in `tall`,
    so that only those are looked at (most positions of a game have none or one).
    """
    if tall is None:
        tall = [square for square, column in enumerate(stacks) if len(column) >= UNIFORM_HEIGHT]
    if len(tall) < 2:
        return False
    uniform = {square for square in tall if is_uniform(stacks[square], seat)}
    neighbours = board.neighbours
    return len(uniform) > 1 and any(other in uniform for square in uniform for other in neighbours[square])


FREE, RIVER, PLAY_OUT = 0, 1, 2
"""What a movement from a square still needs in a chained position, from what its neighbours
show: nothing but R28 (FREE); the river checked, as it empties a square beside occupied river
squares (RIVER, R20); to be played out with its jumps or onto a bird (PLAY_OUT, R10-R12, R30)."""

Candidate = tuple[str, Square, int]
"""One movement from a square: its id, its target, and FREE, RIVER or PLAY_OUT."""

MEMO_LIMIT = 200_000
"""How many neighbourhoods `movements_from` remembers per board before it starts afresh."""


class Candidates(NamedTuple):
    """The movements from one square, as `legal_turns` may keep them while its neighbourhood stays.

    `settled` holds every id when every movement is FREE: then nothing but R28 can take
    one away, and the ids are handed over as they are.
    """

    moves: tuple[Candidate, ...]
    settled: tuple[str, ...] | None


class Legal(NamedTuple):
    """The legal turns of a position: every id in order, and the turns that had to be played out.

    A plain movement (no jump, not onto a bird, in a chained position) is only its id here;
    `plain_turn` rebuilds it from the position when it is applied or shown, so generating
    the ids of a position, which bots do at every step, builds no turn for it.
    """

    ids: list[str]
    completed: dict[str, Turn]
    """The turns with jumps, onto a bird or mending the river, by id (`_complete`)."""

    def turn(self, board: Board, stacks: Stacks, action_id: str) -> Turn:
        """The legal turn with this id in this position."""
        return self.completed.get(action_id) or plain_turn(board, stacks, action_id)


def legal_turns(
    board: Board,
    stacks: Stacks,
    seat: int,
    previous: Remembered | None,
    *,
    controlled: Iterable[Square] | None = None,
    known: list[Candidates | None] | None = None,
    codes: Sequence[int] | None = None,
    region: int | None = None,
    chained: bool | None = None,
) -> Legal:
    """Every legal turn of `seat`, movement by movement in square order (R1–R30).

    Written for speed, as bots call it at every position. A caller that keeps the squares
    `seat` controls passes them in `controlled`, each column's `COLUMN_CODES` in `codes`
    and the position's `river_region` in `region`. The movements from a square depend only
    on that square and its neighbours, so a caller may keep them in `known` (a list by
    square, None where not known) and forget those around the squares a turn changes. A
    FREE movement is legal unless it undoes the previous one (R28); a RIVER one empties a
    square in or beside the river next to occupied river squares, and R20 is asked of the
    river region after it (`river_holds`); the others are played out with their jumps
    (`_complete`). A caller that knows whether the position meets R20 says so in
    `chained`; where it does not, every turn must mend the
    river and is played out in full.
    """
    ids: list[str] = []
    completed: dict[str, Turn] = {}
    undoing_id = _undoing_id(board, stacks, previous)
    undone_from = -1 if undoing_id is None or previous is None else previous.target
    if region is None:
        region = river_region(board, stacks)
    if chained is None:
        chained = river_holds(board, region)
    bits = board.region_bits
    if controlled is None:
        controlled = [origin for origin, column in enumerate(stacks) if column and column[-1] & 1 == seat]
    if codes is None:
        codes = [COLUMN_CODES[column] for column in stacks]
    if known is None:
        known = [None] * len(stacks)
    for origin in sorted(controlled):
        candidates = known[origin]
        if candidates is None:
            candidates = known[origin] = movements_from(board, stacks, origin, codes)
        moves, settled = candidates
        if settled is not None and chained:
            ids += settled
            if origin == undone_from and undoing_id in settled:  # R28
                ids.remove(undoing_id)
            continue
        for action_id, target, check in moves:
            if action_id == undoing_id:  # R28
                continue
            if check == PLAY_OUT or not chained:
                for turn in _complete(board, stacks, seat, plain_turn(board, stacks, action_id)):
                    ids.append(turn.id)
                    completed[turn.id] = turn
            elif check == FREE or river_holds(board, (region & ~bits[origin]) | bits[target]):
                ids.append(action_id)
    return Legal(ids, completed)


def movements_from(board: Board, stacks: Stacks, origin: Square, codes: Sequence[int]) -> Candidates:
    """The movements from a square by the player on top: slides (R2, R3), descents (R4), climbs (R5).

    They depend only on the owners of the tokens on the square and its neighbours (their
    `codes`, one per square), so the board remembers them by those, square by square
    (`Board.memo`, at most `MEMO_LIMIT` over the board): random games come back to the same
    few neighbourhoods over and over.
    """
    memo = board.memo[origin]
    key = board.neighbourhood[origin](codes)
    candidates: Candidates | None = memo.get(key)
    if candidates is None:
        if len(memo) >= MEMO_LIMIT // board.size:
            memo.clear()
        candidates = memo[key] = _movements_from(board, stacks, origin)
    return candidates


def _movements_from(board: Board, stacks: Stacks, origin: Square) -> Candidates:
    column = stacks[origin]
    seat, height = column[-1] & 1, len(column)
    own_bird = board.birds[seat]
    pair_ids, alone_ids = board.pair_ids[origin], board.alone_ids[origin]
    found: list[Candidate] = []
    for target, step in board.steps[seat][origin]:
        if target == own_bird:  # R7
            continue
        below_column = stacks[target]
        below = len(below_column)
        if below < height and (step == SIDEWAYS or (column[below] & 1 == seat) == (step == FORWARD)):
            found.append((pair_ids[target], target, _check(board, stacks, origin, target, column[below:])))
        if step != BACKWARD:
            if below <= height - 2:
                found.append((alone_ids[target], target, _check(board, stacks, origin, target, column[-1:])))
            elif below == height and below_column[-1] & 1 == seat:
                found.append((pair_ids[target], target, _check(board, stacks, origin, target, column[-1:])))
    free = tuple(action_id for action_id, _, check in found if check == FREE)
    return Candidates(tuple(found), free if len(free) == len(found) else None)


def _check(board: Board, stacks: Stacks, origin: Square, target: Square, moved: Column) -> int:
    """FREE, RIVER or PLAY_OUT for the movement of `moved` (R10, R20, R30).

    Only a movement that empties its square can break the river chain.
    """
    seat, below_column = moved[-1] & 1, stacks[target]
    if target == board.birds[1 - seat] or (
        len(below_column) + len(moved) >= JUMP_THRESHOLD
        and count_of(below_column + moved, seat) >= JUMP_THRESHOLD
    ):
        return PLAY_OUT
    beside = board.river_neighbours[origin]
    if (
        len(moved) == len(stacks[origin])
        and beside
        and (board.in_river[target] or any(map(stacks.__getitem__, beside)))
    ):
        return RIVER
    return FREE


def plain_turn(board: Board, stacks: Stacks, action_id: str) -> Turn:
    """The turn of a movement without jumps ("b2b3", "b2b3/1") in this position.

    The id names the squares; the position says what moves: the top token alone for "/1"
    (R4) or a climb onto a column as tall (R5), otherwise the tokens above the target's
    height (R2).
    """
    origin, target, alone = board.bare_moves[action_id]
    column = stacks[origin]
    below = len(stacks[target])
    kind = DESCEND if alone else SLIDE if below < len(column) else CLIMB
    moved = column[-1:] if alone else _carried(column, below)
    return Turn(action_id, kind, origin, target, moved, len(column) - len(moved), (), (), False)


def _carried(column: Column, below: int) -> Column:
    """The tokens a movement without "/1" carries onto a column `below` high.

    Those above that height (a slide, R2), or the top token alone onto a column at least as
    tall (a climb, R5). R28's lookup asks it too, so that it builds no turn.
    """
    return column[below:] if below < len(column) else column[-1:]


def _undoing_id(board: Board, stacks: Stacks, previous: Remembered | None) -> str | None:
    """The id of the one movement R28 forbids now: the previous one backwards, to the level the tokens left.

    There is one while the moved tokens are still the top of the column they went to and
    the square they left is back at the height they left it at. Of the movements between
    the two squares, it is the one that carries exactly those tokens: a slide or a climb
    ("b3b2"), or the top token alone ("b3b2/1").
    """
    if previous is None or len(stacks[previous.origin]) != previous.level:
        return None
    column, moved = stacks[previous.target], previous.moved
    if column[len(column) - len(moved) :] != moved:
        return None
    if _carried(column, previous.level) == moved:  # the origin is back at that level, checked above
        return board.pair_ids[previous.target][previous.origin]
    return board.alone_ids[previous.target][previous.origin] if len(moved) == 1 else None


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


class _ColumnCodes(dict[Column, int]):
    """Each column's owners as one number, made once: the same columns come back all game long.

    The number is a 1 followed by one bit per token from the bottom (1 for Dark), so that
    columns of different heights never share a number: () is 1, (0, 1) is 0b101.
    """

    def __missing__(self, column: Column) -> int:
        code = 1
        for token in column:
            code = code << 1 | token & 1
        self[column] = code
        return code


COLUMN_CODES = _ColumnCodes()
_OWNER_LETTERS = str.maketrans("01", "ab")
_OWNER_BITS = str.maketrans("ab", "01")


def square_bits(board: Board) -> int:
    """How many bits a column's code takes in a position number: one more than the tallest column."""
    return tallest(board) + 1


def position_number(board: Board, stacks: Stacks, to_move: int) -> int:
    """The full position for R29 as one number: each column's code at its square's bits, and who moves.

    A number, not text, because the state keeps it up to date by changing only the squares
    a turn touches (`BiyiState`); `position_key` and `number_of_key` turn it into the text
    that JSON stores and back.

    >>> from tabletop.games.biyi.board import BOARDS
    >>> quick = BOARDS["quick"]
    >>> position_key(quick, position_number(quick, [(0, 1), (), (2,)] + [()] * 32, 1))[:10]
    'ab..a.....'
    """
    bits = square_bits(board)
    number = sum(COLUMN_CODES[column] << (square * bits) for square, column in enumerate(stacks))
    return number << 1 | to_move


def position_key(board: Board, number: int) -> str:
    """A position number as text: every column by owners ("a" Light, "b" Dark), and who moves."""
    bits = square_bits(board)
    mask = (1 << bits) - 1
    columns = number >> 1
    owners = (bin(columns >> (square * bits) & mask)[3:] for square in range(board.size))
    return ".".join(owners).translate(_OWNER_LETTERS) + f":{number & 1}"


def number_of_key(board: Board, key: str) -> int:
    """The position number of a `position_key` text."""
    columns, to_move = key.split(":")
    bits = square_bits(board)
    codes = (int("1" + owners.translate(_OWNER_BITS), 2) for owners in columns.split("."))
    return sum(code << (square * bits) for square, code in enumerate(codes)) << 1 | int(to_move)
