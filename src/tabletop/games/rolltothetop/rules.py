"""Roll to the Top's rules as pure functions of a position (docs/rules/rolltothetop.md §3).

A sheet is a list of numbers, one per box of the postcard, 0 for an empty box (dice never
show 0, so 0 is free to mean "empty").
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from tabletop.engine import Outcome, mention
from tabletop.games.rolltothetop.board import (
    ADD,
    ALL_DICE,
    DICE,
    EITHER,
    REMOVE,
    SUBMASKS,
    SWAP,
    Postcard,
    add_id,
    dice_of,
    parse_pool_change,
    remove_id,
    swap_id,
)

Sheet = list[int]


def group_sums(faces: Sequence[int]) -> tuple[int, ...]:
    """The sum of every group of dice, by mask (R3), given each die's face (0 if not rolled).

    Built die by die: the groups with die i are those without it, shifted by bit i, plus its face.

    >>> group_sums([2, 5, 5, 0, 0])[0b00111]
    12
    """
    return _group_sums(tuple(faces))


@lru_cache(maxsize=4096)
def _group_sums(faces: tuple[int, ...]) -> tuple[int, ...]:
    """`group_sums`, remembered: every roll asks, and with few dice active the same faces come back.

    A die not rolled adds nothing: the groups with it repeat those without, copied whole.
    """
    sums = [0]
    for face in faces:
        sums += [total + face for total in sums] if face else sums
    return tuple(sums)


def least_number(postcard: Postcard, sheet: Sequence[int], box: int) -> int:
    """The smallest number `box` accepts now, or 0 if it cannot be filled now (R4–R7).

    A dot box takes anything (R5); a supported box needs every box below it filled and
    at least their largest number (R6); a hanging box needs a filled side neighbour (R7).
    """
    if sheet[box]:
        return 0
    dot, below, side = postcard.needs[box]
    if dot:
        return 1
    if below:
        least = 0
        for other in below:
            number = sheet[other]
            if not number:
                return 0
            if number > least:  # noqa: PLR1730 - a compare costs less than a call of max() here
                least = number
        return least
    for other in side:
        if sheet[other]:
            return 1
    return 0


OpenBoxes = tuple[tuple[int, int], ...]
"""The boxes that may be filled now, each with the least number it takes, in box order."""


def writes(postcard: Postcard, opened: OpenBoxes, free: int, sums: Sequence[int]) -> list[str]:
    """The ids of every write allowed now: a group of free dice whose sum fits an open box (R3–R7).

    The hottest function of random playouts: `opened` is the sheet's `open_boxes`, and a
    box that takes any number adds the ready-made ids of every group of the free dice (free
    dice were rolled, so every group of them sums to 1 or more).
    """
    groups = SUBMASKS[free]
    largest = sums[free]  # all the free dice together: no group reaches more
    found: list[str] = []
    for box, least in opened:
        if least == 1:
            found += postcard.every_write[box][free]
        elif least <= largest:  # a box no group can reach costs no look at the groups
            ids = postcard.write_ids[box]
            found += [ids[group] for group in groups if sums[group] >= least]
    return found


@lru_cache(maxsize=1024)
def open_boxes(postcard: Postcard, sheet: tuple[int, ...]) -> OpenBoxes:
    """Every box that may be filled now with the least number it takes (`least_number`), in box order.

    Remembered by sheet: a sheet changes only when a box is written, and playouts meet the
    same sheet again (after an undo, in a turn with nothing written, early in every game):
    six calls in ten are answered from memory.
    """
    found = []
    for box in range(len(postcard)):
        least = least_number(postcard, sheet, box)
        if least:
            found.append((box, least))
    return tuple(found)


def reopened(postcard: Postcard, sheet: Sheet, before: OpenBoxes, box: int) -> OpenBoxes:
    """`open_boxes` of `sheet` just after a write into `box`, from the open boxes before it.

    Only `box` itself and the boxes resting on it or hanging beside it can change (R6, R7),
    so a write re-examines those few instead of the whole postcard.
    """
    changed = postcard.dependents[box]
    found = [entry for entry in before if entry[0] != box and entry[0] not in changed]
    for other in changed:
        least = least_number(postcard, sheet, other)
        if least:
            found.append((other, least))
    found.sort()
    return tuple(found)


def can_write(
    postcard: Postcard, sheet: Sheet, free: int, sums: Sequence[int], write: tuple[int, int]
) -> bool:
    """Whether writing the sum of a group into a box, `write` = (box, group), is legal now (see `writes`)."""
    box, group = write
    if not group or group & ~free:
        return False
    least = least_number(postcard, sheet, box)
    return bool(least) and sums[group] >= least


def is_full(sheet: Sheet) -> bool:
    """Every box filled: the player has reached the top (R12, R18)."""
    return all(sheet)


def pool_rule(active: int, face: str, anybody_wrote: bool) -> str:
    """What the active player must do to the pool: ADD, REMOVE, SWAP or EITHER (R13–R16).

    R13 comes first (Q4 of the rules: with five dice active nothing can be added).

    >>> pool_rule(0b11111, ADD, True), pool_rule(0b00010, REMOVE, True), pool_rule(0b00110, REMOVE, False)
    ('−', '+', '+')
    """
    count = len(dice_of(active))
    if count == len(DICE):
        return REMOVE
    if count == 1 or not anybody_wrote:
        return ADD
    return face


@cache
def pool_changes(active: int, rule: str) -> tuple[str, ...]:
    """The action ids of the pool changes a rule allows: which die in or out (R17).

    Made once per pool and rule (at most 32 × 4), as every pool step asks twice.
    """
    reserve = ALL_DICE & ~active
    into = tuple(add_id(die) for die in dice_of(reserve))
    out = tuple(remove_id(die) for die in dice_of(active))
    if rule == ADD:
        return into
    if rule == REMOVE:
        return out
    if rule == SWAP:
        return tuple(swap_id(gone, new) for gone in dice_of(active) for new in dice_of(reserve))
    return into + out if rule == EITHER else ()


@lru_cache(maxsize=2048)
def changed_pool(active: int, action_id: str) -> int:
    """The active dice after a legal pool change (remembered: 32 pools × 45 changes at most)."""
    change = parse_pool_change(action_id)
    if change is None:
        raise ValueError(f"not a pool change: {action_id!r}")
    _, out, into = change
    if out >= 0:
        active &= ~(1 << out)
    if into >= 0:
        active |= 1 << into
    return active


def filled(sheet: Sheet) -> int:
    """How many boxes hold a number."""
    return sum(1 for number in sheet if number)


def final_outcome(sheets: Sequence[Sheet], turns: int, turn_limit: int) -> Outcome:
    """The result (R18, R19): full sheets win together, the others rank by filled boxes.

    Alone, the score is minus the turns taken (fewer is better, and bots maximise
    scores); a sheet left unfinished at the turn limit scores as if each empty box had
    cost one more turn.
    """
    counts = [filled(sheet) for sheet in sheets]
    size = len(sheets[0])
    if len(sheets) == 1:
        empty = size - counts[0]
        if empty:
            reason = f"turn limit of {turn_limit} reached with {empty} of {size} boxes empty"
            return Outcome((-float(turns + empty),), (1,), reason)
        return Outcome((-float(turns),), (1,), f"postcard finished in {turns} turns")
    finishers = [seat for seat, count in enumerate(counts) if count == size]
    if finishers:
        names = " and ".join(mention(seat) for seat in finishers)
        reason = f"{names} reached the top in turn {turns}; the others rank by filled boxes"
    else:
        reason = f"turn limit of {turn_limit} reached; ranked by filled boxes"
    return Outcome.from_scores([float(count) for count in counts], reason)


UNDO_LIMIT = 3
"""Undos a seat may take in one writing step, so that a game has a bounded length."""
TURN_LIMIT = 80
"""Turns after which the game ends even if nobody reached the top (a decision of ours: dice
alone could stall a climb forever, and every game needs a bounded length)."""


def actions_per_turn(players: int) -> int:
    """At most this many actions in a turn: per seat up to five writes before each undo and
    after the last, the undos and a confirm; then one pool change."""
    per_seat = (UNDO_LIMIT + 1) * len(DICE) + UNDO_LIMIT + 1
    return players * per_seat + 1
