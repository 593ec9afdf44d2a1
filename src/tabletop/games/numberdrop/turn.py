"""A seat's part of one step: its working sheet and the decisions it still owes (R1–R3, R16–R20, R40–R42).

Every seat plays its part of a step on a private copy of its sheet. Decisions come one at
a time, in a fixed order so that each action is one decision:

- start step: write the seat number into a column of row 1 (§2.5);
- solo turn: the required slide, the X drop of a tile that reached "GO!", the second
  slide when a star was rolled (automatic when the shape die names the tile) and its X
  drop, then as a normal turn;
- normal turn: the shape for a starred shape die, a digit for each starred number die
  (N1 first), the drop, then at most one combination;
- BLOCK turn: the X drop of the BLOCK.

`confirm` ends the seat's part once the required decisions are made; `undo` goes back to
the start of the step (at most `UNDOS` times per step, so games stay bounded).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from tabletop.engine import JsonDict, Tensor
from tabletop.games.numberdrop.board import (
    BLOCK_SHAPES,
    CELLS,
    COLUMNS,
    CROSSED,
    LETTERS,
    NUMBER_DICE,
    OPEN,
    ORIENTATIONS,
    SHAPE_DIE,
    SHAPE_DIE_INDEX,
    SHAPES,
    TETROMINOES,
    WIDTH,
    X_MARK,
    Sheet,
    block_id,
    cell_of,
    parse_cells,
    parse_placement,
)
from tabletop.games.numberdrop.rules import (
    RUN,
    SAME,
    DropTable,
    can_drop,
    combination_id,
    combinations,
    drops,
    every_combination_id,
    every_drop_id,
    landed_cells,
    placements,
    score_combination,
)

START, NORMAL, BLOCK, SOLO = "start", "normal", "block", "solo"
UNDO, CONFIRM = "undo", "confirm"
UNDOS = 3
"""How often a seat may go back to the start of its step (R3), bounded so games are."""
GO = 4
"""The last position of a solo tile (R39)."""
NO_LETTER = -1

START_IDS = tuple(f"start:{COLUMNS[x]}1" for x in range(WIDTH))
SLIDE_IDS = tuple(f"slide:{letter}" for letter in LETTERS)
SHAPE_IDS = tuple(f"shape:{shape}" for shape in SHAPES)
STAR_IDS = tuple(tuple(f"N{die + 1}={digit}" for digit in range(10)) for die in range(len(NUMBER_DICE)))
"""The ids of the small decisions, written once: a step's legal ids are asked after every decision."""


class SeatTurn:
    """What one seat has done so far in the current step, on its own copy of its sheet."""

    __slots__ = (
        "_drops",
        "_ids",
        "acted",
        "blocks",
        "confirmed",
        "digits",
        "dropped",
        "kind",
        "number",
        "scored",
        "shape",
        "shape_face",
        "sheet",
        "slides",
        "slides_due",
        "tiles",
        "undos",
        "written",
        "x_letter",
    )

    def __init__(self, kind: str, sheet: Sheet, blocks: tuple[str, ...], number: int) -> None:
        self.kind = kind
        self.sheet = sheet
        self.blocks = blocks
        self.number = number
        self.tiles: list[int] = []
        self.slides = 0
        self.slides_due = 0
        self.x_letter = NO_LETTER
        self.shape_face: str | None = None
        self.shape: str | None = None
        self.digits: list[int | None] = []
        self.dropped = False
        self.scored = False
        self.written: list[int] = []
        self.undos = 0
        self.confirmed = False
        self.acted = False
        self._ids: list[str] | None = None
        """The legal ids, cached until the next decision; while a drop is owed, only those after the drops."""
        self._drops: tuple[DropTable, int] | None = None
        """While a drop is owed, its table and fitting placements: the drop ids, never listed in `_ids`."""

    @classmethod
    def begin(
        cls,
        kind: str,
        sheet: Sheet,
        *,
        blocks: tuple[str, ...],
        number: int,
        dice: list[int],
        tiles: list[int],
        letter: int = NO_LETTER,
    ) -> SeatTurn:
        """A seat's fresh start of a step, from its resolved sheet and the roll."""
        turn = cls(kind, sheet.copy(), blocks, number)
        turn.tiles = tiles.copy()
        turn.x_letter = letter
        if dice:
            turn.shape_face = SHAPE_DIE[dice[SHAPE_DIE_INDEX]]
            turn.shape = turn.shape_face
            turn.digits = [NUMBER_DICE[die][face] for die, face in enumerate(dice[:SHAPE_DIE_INDEX])]
            if kind == SOLO:
                turn.slides_due = 2 if None in turn.digits or turn.shape_face is None else 1
        return turn

    def copy(self) -> SeatTurn:
        twin = SeatTurn.__new__(SeatTurn)
        for name in SeatTurn.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.sheet = self.sheet.copy()
        twin.tiles = self.tiles.copy()
        twin.digits = self.digits.copy()
        twin.written = self.written.copy()
        return twin

    # --- what is owed -----------------------------------------------------------------------

    def pending(self) -> str:
        """The decision the seat owes now: "start", "slide", "x", "shape", "star", "drop", "done"."""
        if self.kind == START:
            return "done" if self.written else "start"
        if self.slides == 0 and self.slides_due:
            return "slide"
        if self.x_letter != NO_LETTER:
            return "x"
        if self.slides < self.slides_due:
            return "slide"
        if self.kind == BLOCK:
            return "done"
        if self.dropped:
            return "done"
        if self.shape is None:
            return "shape"
        return "star" if None in self.digits else "drop"

    def legal_ids(self) -> list[str]:
        """Every action id the seat may play now, as a new list the caller may keep.

        Why a new list: the state hands it out as `legal_action_ids`. A drop's hundreds of
        ids go from its `DropTable` straight into that list, so they are copied once, not
        cached and copied again; the other decisions' few ids are cached in `_ids`.
        """
        if self._ids is None:
            self._ids = self._generate_ids()
        if self._drops is None:
            return self._ids.copy()
        table, fitting = self._drops
        ids = table.ids(fitting)
        ids += self._ids
        return ids

    def _generate_ids(self) -> list[str]:
        """The legal ids, except a drop's, which it leaves in `_drops`."""
        self._drops = None
        if self.confirmed:
            return []
        owed = self.pending()
        ids = self._decision_ids(owed)
        if owed == "done":
            ids.append(CONFIRM)
        if self.undos < UNDOS and self.acted:
            ids.append(UNDO)
        return ids

    def _decision_ids(self, owed: str) -> list[str]:
        if owed == "start":
            return list(START_IDS)
        if owed == "slide":
            return [SLIDE_IDS[tile] for tile, position in enumerate(self.tiles) if position < GO]
        if owed == "x":
            shape = self.blocks[self.x_letter]
            return [
                block_id(orientation, column) for orientation, column in placements(self.sheet.tops, shape)
            ]
        if owed == "shape":
            return list(SHAPE_IDS)
        if owed == "star":
            return list(STAR_IDS[self.digits.index(None)])
        if owed == "drop":
            assert self.shape is not None
            self._drops = drops(self.sheet.tops, self.shape, tuple(d for d in self.digits if d is not None))
            return []
        if self.kind in (NORMAL, SOLO) and not self.scored:
            return [combination_id(combination) for combination in combinations(self.sheet)]
        return []

    # --- making a decision ---------------------------------------------------------------------

    def perform(self, action_id: str) -> None:
        """Carries out one legal decision (never `undo`/`confirm`, which the state handles).

        A drop ("L5@c:1347") is the most common decision and the only one with "@" before
        its ":", so it is told apart first.
        """
        self._ids = None
        self.acted = True
        head, _, rest = action_id.partition(":")
        if "@" in head:
            self._drop(action_id)
        elif head == "start":
            self._write([cell_of(COLUMNS.index(rest[0]), 0)], [self.number])
        elif head == "slide":
            self._slide("ABCDE".index(rest))
        elif head == "X":
            self._drop_x(rest)
        elif head == "shape":
            self.shape = rest
        elif head in (SAME, RUN):
            cells = parse_cells(rest)
            assert cells is not None
            score_combination(self.sheet, head, cells)
            self.scored = True
        else:
            die, digit = action_id[1:].split("=")
            self.digits[int(die) - 1] = int(digit)
        self._settle()

    def _write(self, cells: list[int], values: list[int]) -> None:
        self.sheet.write(cells, values)
        self.written.extend(cells)

    def _slide(self, tile: int) -> None:
        """Moves a tile one step down; an unprotected tile reaching "GO!" must drop its X shape (R42)."""
        self.slides += 1
        if self.tiles[tile] >= GO:
            return
        self.tiles[tile] += 1
        if self.tiles[tile] == GO and self.sheet.letters[tile] == OPEN:
            self.x_letter = tile

    def _drop_x(self, placement: str) -> None:
        found = parse_placement(placement)
        assert found is not None
        cells = landed_cells(self.sheet.tops, *found)
        assert cells is not None
        self._write(cells, [X_MARK] * len(cells))
        if self.kind == SOLO:
            self.sheet.letters[self.x_letter] = CROSSED
        self.x_letter = NO_LETTER

    def _drop(self, action_id: str) -> None:
        placement, _, digits = action_id.partition(":")
        found = parse_placement(placement)
        assert found is not None
        cells = landed_cells(self.sheet.tops, *found)
        assert cells is not None
        self._write(cells, list(map(int, digits)))
        self.dropped = True

    def _settle(self) -> None:
        """Does what needs no decision: a forced second solo slide (R41), a shape that fits nowhere (Q14)."""
        while True:
            if self.x_letter != NO_LETTER:
                if can_drop(self.sheet.tops, self.blocks[self.x_letter]):
                    break
                self.sheet.letters[self.x_letter] = CROSSED
                self.x_letter = NO_LETTER
            elif 0 < self.slides < self.slides_due and self.shape_face is not None:
                self._slide(self.blocks.index(self.shape_face))
            elif 0 < self.slides < self.slides_due and all(position >= GO for position in self.tiles):
                self.slides += 1
            else:
                break
        if (
            not self.dropped
            and self.shape is not None
            and self.pending() in ("star", "drop")
            and not can_drop(self.sheet.tops, self.shape)
        ):
            self.dropped = True

    def confirm(self) -> None:
        """Ends the seat's part of the step (its choices stay hidden until the step resolves)."""
        self.confirmed = True
        self._ids = None

    def is_legal(self, action_id: str) -> bool:
        """Whether the seat may play `action_id` now: a lookup in the cached legal ids, or for a
        drop in its own placement's few (`DropTable.has`) rather than a scan of hundreds."""
        if self._ids is None:
            self._ids = self._generate_ids()
        if self._drops is not None:
            table, fitting = self._drops
            if table.has(action_id, fitting):
                return True
        return action_id in self._ids

    # --- storage ---------------------------------------------------------------------------------

    def to_json(self) -> JsonDict:
        return {
            "kind": self.kind,
            "sheet": self.sheet.to_json(),
            "number": self.number,
            "tiles": self.tiles.copy(),
            "slides": self.slides,
            "slides_due": self.slides_due,
            "x_letter": self.x_letter,
            "shape_face": self.shape_face,
            "shape": self.shape,
            "digits": self.digits.copy(),
            "dropped": self.dropped,
            "scored": self.scored,
            "written": self.written.copy(),
            "undos": self.undos,
            "confirmed": self.confirmed,
            "acted": self.acted,
        }

    @classmethod
    def from_json(cls, data: JsonDict, blocks: tuple[str, ...]) -> SeatTurn:
        turn = cls(str(data["kind"]), Sheet.from_json(data["sheet"]), blocks, int(data["number"]))
        turn.tiles = [int(position) for position in data["tiles"]]
        turn.slides, turn.slides_due = int(data["slides"]), int(data["slides_due"])
        turn.x_letter = int(data["x_letter"])
        turn.shape_face, turn.shape = data["shape_face"], data["shape"]
        turn.digits = [None if digit is None else int(digit) for digit in data["digits"]]
        turn.dropped, turn.scored = bool(data["dropped"]), bool(data["scored"])
        turn.written = [int(cell) for cell in data["written"]]
        turn.undos, turn.confirmed = int(data["undos"]), bool(data["confirmed"])
        turn.acted = bool(data["acted"])
        return turn


# --- research: the action space and the observation tensor ---------------------------------


@lru_cache(maxsize=2)
def action_space(solo: bool) -> tuple[str, ...]:
    """Every id ever legal, alone (`solo`) or with others, in the order of the notation:

    "start:a1"…"start:g1"; alone "slide:A"…"slide:E"; the X drops of the solo tiles (the
    tetrominoes) alone or of the BLOCKs with others, by orientation then fitting column;
    "shape:<S>"; "N<k>=<digit>" for each die with a star; every tetromino drop with every
    possible digit string (`rules.every_drop_id`); every combination
    (`rules.every_combination_id`); "undo", "confirm". About 1.36 million ids.
    """
    slides = SLIDE_IDS if solo else ()
    tiles = TETROMINOES if solo else BLOCK_SHAPES
    x_drops = [
        block_id(orientation, column)
        for shape in tiles
        for orientation in ORIENTATIONS[shape]
        for column in range(WIDTH - orientation.width + 1)
    ]
    stars = [star for die, faces in enumerate(NUMBER_DICE) if None in faces for star in STAR_IDS[die]]
    drops = every_drop_id()
    return (*START_IDS, *slides, *x_drops, *SHAPE_IDS, *stars, *drops, *every_combination_id(), UNDO, CONFIRM)


STEPS = (START, NORMAL, BLOCK, SOLO, "over")
DECISIONS = ("start", "slide", "x", "shape", "star", "drop", "done")
CELL_VALUES = 12
"""Per cell: empty, X, or a digit 0–9."""
SHEET_FEATURES = CELLS * (CELL_VALUES + 1) + 2 * 5 + 1 + 3 * len(LETTERS) + 3
DIE_VALUES = 11
"""A number die: a digit 0–9 or a star."""
TILE_SHAPES = (*TETROMINOES, *BLOCK_SHAPES)
"""What a BLOCK letter can stand for: a tetromino alone (R39), a BLOCK tile with others."""
MINE_FEATURES = len(DECISIONS) + len(TILE_SHAPES) + len(LETTERS) + len(NUMBER_DICE) * DIE_VALUES + CELLS + 1
REST_FEATURES = len(STEPS) + len(LETTERS) * len(TILE_SHAPES) + len(LETTERS) * 2 + 4


def observation_shape(players: int) -> tuple[int, ...]:
    """A sheet per seat, the dice, the viewer's part of the step, the rest (see `observation`)."""
    dice = len(NUMBER_DICE) * DIE_VALUES + len(SHAPES) + 1
    return (players * SHEET_FEATURES + dice + MINE_FEATURES + REST_FEATURES,)


def observation(view: JsonDict, viewer: int | None) -> Tensor:
    """A view as a vector, seen from the viewer (seat 0 for a spectator).

    For each seat, the viewer's first and then the others in turn order (another seat's
    writes of this step are not in the view): each cell a1…g14 one-hot (empty, X, 0…9) and
    circled; the same and run boxes of sizes 3–7 circled, the bonus box, each BLOCK letter
    one-hot (open, circled, crossed), the plus and minus rows and the score. The dice rolled: N1–N4
    one-hot (0…9, star) and the shape die one-hot (I, O, T, L, S, star). The viewer's part
    of the step: the decision owed one-hot, the chosen shape, the X letter, the digits
    chosen (as the dice), the cells written and whether it confirmed. Then the step one-hot,
    the tile shape of each letter, the BLOCK of this turn, the solo tiles' positions
    (GO = 4), 1.0 where the viewer must act, the rolls, solo, and whether the viewer plays.
    """
    players = view["players"]
    me = viewer or 0
    sheets = [
        _sheet_features(view["sheets"][(me + step) % players], view["scores"][(me + step) % players])
        for step in range(players)
    ]
    dice = np.zeros(len(NUMBER_DICE) * DIE_VALUES + len(SHAPES) + 1, np.float32)
    for die in view["dice"]:
        value = die["value"]
        if die["die"] == "S":
            dice[len(NUMBER_DICE) * DIE_VALUES + (len(SHAPES) if value is None else SHAPES.index(value))] = 1
        else:
            dice[(int(die["die"][1:]) - 1) * DIE_VALUES + (10 if value is None else value)] = 1
    rest = np.zeros(REST_FEATURES, np.float32)
    rest[STEPS.index(view["step"])] = 1
    for letter, tile in enumerate(view["blocks"]):
        rest[len(STEPS) + letter * len(TILE_SHAPES) + TILE_SHAPES.index(tile)] = 1
    at = len(STEPS) + len(LETTERS) * len(TILE_SHAPES)
    if view["block"] is not None:
        rest[at + LETTERS.index(view["block"])] = 1
    rest[at + len(LETTERS) : at + len(LETTERS) + len(view["tiles"])] = view["tiles"]
    rest[-4:] = me in view["waiting"], view["rolls"], view["solo"], viewer is not None
    return np.concatenate([*sheets, dice, _mine_features(view["mine"]), rest])


def _sheet_features(sheet: JsonDict, score: int) -> Tensor:
    cells = np.zeros((CELLS, CELL_VALUES + 1), np.float32)
    for cell, value in enumerate(sheet["cells"]):
        cells[cell, 0 if value < 0 else 1 if value == X_MARK else 2 + value] = 1
    cells[sheet["circled"], CELL_VALUES] = 1
    boxes = [size in sheet[kind] for kind in (SAME, RUN) for size in range(3, 8)]
    letters = [state == name for state in sheet["letters"] for name in ("open", "circled", "crossed")]
    counts = [len(sheet["plus"]), len(sheet["minus"]), score]
    return np.concatenate([cells.ravel(), np.array([*boxes, sheet["bonus"], *letters, *counts], np.float32)])


def _mine_features(mine: JsonDict | None) -> Tensor:
    features = np.zeros(MINE_FEATURES, np.float32)
    if mine is None:
        return features
    if mine["pending"] in DECISIONS:
        features[DECISIONS.index(mine["pending"])] = 1
    at = len(DECISIONS)
    if mine["shape"] is not None:
        features[at + TILE_SHAPES.index(mine["shape"])] = 1
    at += len(TILE_SHAPES)
    if mine["x_letter"] is not None:
        features[at + LETTERS.index(mine["x_letter"])] = 1
    at += len(LETTERS)
    for number, digit in enumerate(mine["digits"]):
        features[at + number * DIE_VALUES + (10 if digit is None else digit)] = 1
    at += len(NUMBER_DICE) * DIE_VALUES
    features[[at + cell for cell in mine["written"]]] = 1
    features[-1] = mine["confirmed"]
    return features
