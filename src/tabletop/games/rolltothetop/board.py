"""Roll to the Top's components and notation: the dice, the postcards, the action ids.

Components are §2 of docs/rules/rolltothetop.md. A postcard is data (a JSON file in
`data/`, the schema of §2.2) read through `load_postcard`, which refuses a bad file with
an error naming the file, the box and the field; a transcribed postcard drops into `data/`
and becomes a table choice with no code change (`catalogue`).

Dice sets are 5-bit masks (bit i = `DICE[i]`), so a group of dice, the active pool and the
dice used this turn are small integers, and every group of a pool is a table lookup.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from tabletop.engine import Tensor

DICE = ("d4", "d6", "d8", "d12", "d20")
"""The five number dice, smallest first; a die's index is its bit in a dice mask."""
SIDES = (4, 6, 8, 12, 20)
ALL_DICE = (1 << len(DICE)) - 1
DIE_INDEX = {name: index for index, name in enumerate(DICE)}

ADD, REMOVE, SWAP, EITHER = "+", "−", "swap", "±"
ACTION_FACES = (ADD, ADD, REMOVE, REMOVE, SWAP, EITHER)
"""The six faces of the white action die (§2.1)."""

CONFIRM = "confirm"
UNDO = "undo"
RANDOM_POSTCARD = "random"

DATA_DIR = Path(__file__).resolve().parent / "data"

DOT, SUPPORTED, HANGING = "dot", "supported", "hanging"
_ID_PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,15}")
_NAME_PATTERN = re.compile(r"[a-z][a-z0-9_-]{0,31}")
_BOX_FIELDS = {"id", "row", "x", "dot", "below", "side"}
_POSTCARD_FIELDS = {"name", "title", "credit", "boxes"}
MAX_BOXES = 60


_DICE_OF = tuple(
    tuple(index for index in range(len(DICE)) if mask >> index & 1) for mask in range(ALL_DICE + 1)
)


def dice_of(mask: int) -> tuple[int, ...]:
    """The die indices in a mask, smallest die first (a table lookup: move generation asks often).

    >>> dice_of(0b01010)
    (1, 3)
    """
    return _DICE_OF[mask]


def dice_names(mask: int) -> str:
    """A group of dice in the notation: names joined by "+", smallest first.

    >>> dice_names(0b00110)
    'd6+d8'
    """
    return "+".join(DICE[index] for index in dice_of(mask))


SUBMASKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(group for group in range(1, ALL_DICE + 1) if group & ~free == 0) for free in range(ALL_DICE + 1)
)
"""For each set of free dice, every non-empty group of them (R3), precomputed for move generation."""


def die_element(index: int) -> str:
    """The SVG id of a die, as the paths name it."""
    return f"die-{DICE[index]}"


def box_element(box_id: str) -> str:
    """The SVG id of one of the viewer's own boxes, as the paths name it."""
    return f"box-{box_id}"


# --- postcards ------------------------------------------------------------------------------


class PostcardError(ValueError):
    """A postcard file that does not follow the schema of §2.2; the message names the field."""


@dataclass(frozen=True, slots=True)
class Box:
    """One box of a postcard: where it is, whether it has a dot, and its neighbours by index."""

    id: str
    row: int
    x: int
    dot: bool
    below: tuple[int, ...]
    side: tuple[int, ...]

    @property
    def kind(self) -> str:
        """ "dot", "supported" or "hanging" (§2.2): which of R5, R6, R7 governs it."""
        if self.dot:
            return DOT
        return SUPPORTED if self.below else HANGING


class Postcard:
    """A board: its boxes in file order, and the notation of writing into them.

    `write_ids[box][group]` is the action id of writing the sum of `group` into `box`, and
    `writes` maps each id back, so move generation and parsing never build strings.
    `every_write[box][free]` lists the ids of every group of the free dice into `box`: a
    box that takes any number (R5, R7) offers exactly those, joined in one step.
    """

    def __init__(self, name: str, title: str, credit: str, boxes: Sequence[Box]) -> None:
        self.name = name
        self.title = title
        self.credit = credit
        self.boxes = tuple(boxes)
        self.index = {box.id: number for number, box in enumerate(self.boxes)}
        self.needs = tuple((box.dot, box.below, box.side) for box in self.boxes)
        """Per box, what R5–R7 look at, as plain tuples for the move generator."""
        self.dependents = tuple(
            frozenset(
                other for other, box in enumerate(self.boxes) if number in box.below or number in box.side
            )
            for number in range(len(self.boxes))
        )
        """Per box, the boxes that rest on it or hang beside it: the only ones a write there can open."""
        self.write_ids = tuple(
            tuple(f"{box.id}={dice_names(group)}" if group else "" for group in range(ALL_DICE + 1))
            for box in self.boxes
        )
        self.every_write = tuple(
            tuple(tuple(ids[group] for group in groups) for groups in SUBMASKS) for ids in self.write_ids
        )
        self.writes = {
            action_id: (number, group)
            for number, ids in enumerate(self.write_ids)
            for group, action_id in enumerate(ids)
            if group
        }

    def __len__(self) -> int:
        return len(self.boxes)

    def to_json(self) -> dict[str, Any]:
        """The postcard in the file format (§2.2), with `below` and `side` written out."""
        boxes = [
            {
                "id": box.id,
                "row": box.row,
                "x": box.x,
                "dot": box.dot,
                "below": [self.boxes[other].id for other in box.below],
                "side": [self.boxes[other].id for other in box.side],
            }
            for box in self.boxes
        ]
        return {"name": self.name, "title": self.title, "credit": self.credit, "boxes": boxes}


def load_postcard(path: Path) -> Postcard:
    """The postcard in a JSON file; raises `PostcardError` naming the file and the bad field."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise PostcardError(f"{path.name}: not a readable JSON file ({error})") from error
    return parse_postcard(data, path.name)


def parse_postcard(data: object, source: str) -> Postcard:
    """The postcard described by `data` (already parsed JSON), checked against §2.2.

    `below` and `side` may be left out of a box: they are then derived as for brick
    layouts (the boxes one row down whose x differs by at most 1; those in the same row at
    x ± 2). Every box must be fillable in some order, or no game on it could end.
    """
    if not isinstance(data, dict):
        raise PostcardError(f"{source}: a postcard is a JSON object; got {type(data).__name__}")
    _check_fields(data, _POSTCARD_FIELDS, {"name", "title", "credit", "boxes"}, source)
    name = _text(data, "name", source)
    if not _NAME_PATTERN.fullmatch(name) or name == RANDOM_POSTCARD:
        raise PostcardError(
            f"{source}: field 'name' must be lowercase letters, digits, '-' or '_'; got {name!r}"
        )
    title, credit = _text(data, "title", source), _text(data, "credit", source)
    records = data["boxes"]
    if not isinstance(records, list) or not 1 <= len(records) <= MAX_BOXES:
        raise PostcardError(f"{source}: field 'boxes' must be a list of 1 to {MAX_BOXES} boxes")
    places = [_place(record, number, source) for number, record in enumerate(records)]
    index: dict[str, int] = {}
    for number, (box_id, _, _, _) in enumerate(places):
        if box_id in index:
            raise PostcardError(f"{source}: boxes[{number}]: field 'id' repeats {box_id!r}")
        index[box_id] = number
    _check_overlaps(places, source)
    layout = _Layout(places, index, source)
    boxes = [layout.box(number, record) for number, record in enumerate(records)]
    _check_fillable(boxes, source)
    return Postcard(name, title, credit, boxes)


def catalogue(directory: Path = DATA_DIR) -> dict[str, Postcard]:
    """Every postcard file (`*.json`) of a directory, by name, in name order."""
    postcards: dict[str, Postcard] = {}
    for path in sorted(directory.glob("*.json")):
        postcard = load_postcard(path)
        if postcard.name in postcards:
            raise PostcardError(f"{path.name}: field 'name' repeats {postcard.name!r} of another file")
        postcards[postcard.name] = postcard
    return dict(sorted(postcards.items()))


def _check_fields(record: Mapping[str, Any], allowed: set[str], required: set[str], where: str) -> None:
    unknown = sorted(set(record) - allowed)
    if unknown:
        raise PostcardError(f"{where}: unknown field {unknown[0]!r} (fields: {', '.join(sorted(allowed))})")
    missing = sorted(required - set(record))
    if missing:
        raise PostcardError(f"{where}: field {missing[0]!r} is missing")


def _text(record: Mapping[str, Any], field: str, where: str) -> str:
    value = record[field]
    if not isinstance(value, str) or not value.strip():
        raise PostcardError(f"{where}: field {field!r} must be a non-empty text; got {value!r}")
    return value


def _place(record: object, number: int, source: str) -> Place:
    """A box record's id, row, x and dot, each checked."""
    where = f"{source}: boxes[{number}]"
    if not isinstance(record, dict):
        raise PostcardError(f"{where}: a box is a JSON object; got {type(record).__name__}")
    _check_fields(record, _BOX_FIELDS, {"id", "row", "x", "dot"}, where)
    box_id = record["id"]
    if not isinstance(box_id, str) or not _ID_PATTERN.fullmatch(box_id):
        raise PostcardError(
            f"{where}: field 'id' must be a letter then letters, digits or '_'; got {box_id!r}"
        )
    where = f"{where} ({box_id!r})"
    for field in ("row", "x"):
        value = record[field]
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 99:
            raise PostcardError(
                f"{where}: field {field!r} must be a whole number from 0 to 99; got {value!r}"
            )
    if not isinstance(record["dot"], bool):
        raise PostcardError(f"{where}: field 'dot' must be true or false; got {record['dot']!r}")
    return box_id, record["row"], record["x"], record["dot"]


def _check_overlaps(places: list[Place], source: str) -> None:
    for number, (box_id, row, x, _) in enumerate(places):
        for other_id, other_row, other_x, _ in places[:number]:
            if row == other_row and abs(x - other_x) < 2:
                raise PostcardError(f"{source}: box {box_id!r}: field 'x' puts it over box {other_id!r}")


Place = tuple[str, int, int, bool]
"""A box record's id, row, x and dot, checked."""


class _Layout:
    """The checked places of a postcard's boxes, to resolve and check each box's `below` and `side`."""

    def __init__(self, places: list[Place], index: Mapping[str, int], source: str) -> None:
        self.places = places
        self.index = index
        self.source = source

    def box(self, number: int, record: Mapping[str, Any]) -> Box:
        """The box at `number`, its neighbours given by the record or derived (brick layout)."""
        box_id, row, x, dot = self.places[number]
        below = self.named(record, "below", number)
        side = self.named(record, "side", number)
        if below is None:
            below = self.around(row - 1, x, {-1, 0, 1})
        if side is None:
            side = self.around(row, x, {-2, 2})
        for field, others, wanted in (("below", below, row - 1), ("side", side, row)):
            for other in others:
                if self.places[other][1] != wanted or other == number:
                    raise PostcardError(
                        f"{self.source}: box {box_id!r}: field {field!r} names {self.places[other][0]!r}, "
                        f"which is not another box of row {wanted}"
                    )
        return Box(box_id, row, x, dot, below, side)

    def around(self, row: int, x: int, offsets: set[int]) -> tuple[int, ...]:
        """The boxes of `row` whose x differs from `x` by one of `offsets`."""
        return tuple(
            number for number, place in enumerate(self.places) if place[1] == row and place[2] - x in offsets
        )

    def named(self, record: Mapping[str, Any], field: str, number: int) -> tuple[int, ...] | None:
        """The boxes a record names in `field`, checked to exist, or None when the field is absent."""
        if field not in record:
            return None
        names = record[field]
        where = f"{self.source}: box {self.places[number][0]!r}: field {field!r}"
        if not isinstance(names, list) or len(names) > 2 or not all(isinstance(name, str) for name in names):
            raise PostcardError(f"{where} must be a list of at most 2 box ids; got {names!r}")
        unknown = [name for name in names if name not in self.index]
        if unknown:
            raise PostcardError(f"{where} names unknown box {unknown[0]!r}")
        if len(set(names)) != len(names):
            raise PostcardError(f"{where} names a box twice")
        return tuple(self.index[name] for name in names)


def _check_fillable(boxes: Sequence[Box], source: str) -> None:
    """Every box can be filled in some order (R5–R7); writing ever larger numbers upward is enough."""
    filled = [False] * len(boxes)
    progress = True
    while progress:
        progress = False
        for number, box in enumerate(boxes):
            if not filled[number] and (
                box.dot
                or (box.below and all(filled[other] for other in box.below))
                or (not box.below and any(filled[other] for other in box.side))
            ):
                filled[number] = progress = True
    stuck = [box.id for number, box in enumerate(boxes) if not filled[number]]
    if stuck:
        raise PostcardError(
            f"{source}: box {stuck[0]!r} can never be filled "
            "(fields 'dot', 'below' and 'side' leave it unreachable)"
        )


# --- the pool step's notation ---------------------------------------------------------------


def add_id(die: int) -> str:
    """Adding a reserve die to the pool (R14–R16): "add:d12"."""
    return f"add:{DICE[die]}"


def remove_id(die: int) -> str:
    """Moving an active die to reserve (R13, R16): "remove:d6"."""
    return f"remove:{DICE[die]}"


def swap_id(out: int, into: int) -> str:
    """Exchanging an active die for a reserve die (R16): "swap:d6:d12" (d6 out, d12 in)."""
    return f"swap:{DICE[out]}:{DICE[into]}"


def parse_pool_change(action_id: str) -> tuple[str, int, int] | None:
    """A pool change as (kind, die out or -1, die in or -1), or None if the id is not one.

    >>> parse_pool_change("swap:d6:d12"), parse_pool_change("add:d4"), parse_pool_change("add:d7")
    (('swap', 1, 3), ('add', -1, 0), None)
    """
    parts = action_id.split(":")
    dice = [DIE_INDEX.get(part, -1) for part in parts[1:]]
    if -1 in dice:
        return None
    if parts[0] == "add" and len(dice) == 1:
        return "add", -1, dice[0]
    if parts[0] == "remove" and len(dice) == 1:
        return "remove", dice[0], -1
    if parts[0] == "swap" and len(dice) == 2 and dice[0] != dice[1]:
        return "swap", dice[0], dice[1]
    return None


# --- research: the action space and the observation tensor ---------------------------------


def action_space(postcards: Sequence[Postcard]) -> tuple[str, ...]:
    """Every id ever legal with these postcards: the writes, "confirm", "undo", the pool changes.

    Writes go by postcard (in the order given), box (file order) and group of dice (by
    mask: d4 = 1, d6 = 2, …); an id two postcards share comes once. Then the adds and the
    removes by die, and the swaps by the die out, then the die in.

    >>> space = action_space([catalogue()["lighthouse"]])
    >>> len(space), space[:2], space[12 * 31 : 12 * 31 + 3], space[-1]
    (404, ('a0=d4', 'a0=d6'), ('confirm', 'undo', 'add:d4'), 'swap:d20:d12')
    """
    writes = {action_id: None for postcard in postcards for action_id in postcard.writes}
    dice = range(len(DICE))
    changes = [add_id(die) for die in dice] + [remove_id(die) for die in dice]
    changes += [swap_id(out, into) for out in dice for into in dice if out != into]
    return (*writes, CONFIRM, UNDO, *changes)


PHASES = ("write", "pool", "over")
FACES = (ADD, REMOVE, SWAP, EITHER)
BOX_FEATURES = 4
SHEET_FEATURES = 3


def observation_shape(players: int) -> tuple[int, ...]:
    """Every postcard padded to `MAX_BOXES` boxes (see `observation`)."""
    per_seat = SHEET_FEATURES * MAX_BOXES + 2
    return (players * per_seat + BOX_FEATURES * MAX_BOXES + 3 * len(DICE) + len(PHASES) + len(FACES) + 3,)


def observation(view: Mapping[str, Any], viewer: int | None) -> Tensor:
    """A view as a vector, seen from the viewer (seat 0 for a spectator), boxes padded to `MAX_BOXES`.

    For each seat, the viewer's first and then the others in turn order: per box in file
    order, the number written as the viewer sees it (0 for none: another seat's writes of
    this step are not shown), whether it is written, whether it is one of the viewer's
    pending writes; then the boxes filled and whether the seat is done. Per box: whether the
    postcard has it, and its kind one-hot (dot, supported, hanging). Per die d4…d20:
    whether it is active, its value, whether it is used. Then the phase one-hot, the
    action face one-hot, 1.0 where the viewer holds the dice, the turn and its limit.
    """
    players = view["players"]
    me = viewer or 0
    boxes = [box["id"] for box in view["postcard"]["boxes"]]
    sheets = np.zeros((players, SHEET_FEATURES * MAX_BOXES + 2), np.float32)
    for row, seat in enumerate((me + step) % players for step in range(players)):
        sheet = view["sheets"][seat]
        numbers = np.array(sheet["numbers"], np.float32)
        sheets[row, : len(numbers)] = numbers
        sheets[row, MAX_BOXES : MAX_BOXES + len(numbers)] = numbers > 0
        for box_id in sheet["pending"]:
            sheets[row, 2 * MAX_BOXES + boxes.index(box_id)] = 1
        sheets[row, -2:] = sheet["filled"], sheet["done"]
    kinds = np.zeros((MAX_BOXES, BOX_FEATURES), np.float32)
    for number, kind in enumerate(view["kinds"]):
        kinds[number, 0] = 1
        kinds[number, 1 + (DOT, SUPPORTED, HANGING).index(kind)] = 1
    dice = [[die["active"], die["value"] or 0, die["used"]] for die in view["dice"]]
    flags = [phase == view["phase"] for phase in PHASES] + [face == view["action_face"] for face in FACES]
    counters = [view["holder"] == me, view["turn"], view["turn_limit"]]
    rest = np.array([value for die in dice for value in die] + flags + counters, np.float32)
    return np.concatenate([sheets.ravel(), kinds.ravel(), rest])
