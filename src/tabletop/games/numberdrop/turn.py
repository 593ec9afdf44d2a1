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

from tabletop.engine import JsonDict
from tabletop.games.numberdrop.board import (
    COLUMNS,
    CROSSED,
    NUMBER_DICE,
    OPEN,
    SHAPE_DIE,
    SHAPE_DIE_INDEX,
    SHAPES,
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
    can_drop,
    combination_id,
    combinations,
    drop_ids,
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


class SeatTurn:
    """What one seat has done so far in the current step, on its own copy of its sheet."""

    __slots__ = (
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
        """Every action id the seat may play now (cached until its next decision)."""
        if self._ids is None:
            self._ids = self._generate_ids()
        return self._ids

    def _generate_ids(self) -> list[str]:
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
            return [f"start:{COLUMNS[x]}1" for x in range(WIDTH)]
        if owed == "slide":
            return [f"slide:{'ABCDE'[tile]}" for tile in range(5) if self.tiles[tile] < GO]
        if owed == "x":
            shape = self.blocks[self.x_letter]
            return [
                block_id(orientation, column) for orientation, column in placements(self.sheet.tops, shape)
            ]
        if owed == "shape":
            return [f"shape:{shape}" for shape in SHAPES]
        if owed == "star":
            die = self.digits.index(None)
            return [f"N{die + 1}={digit}" for digit in range(10)]
        if owed == "drop":
            assert self.shape is not None
            return drop_ids(self.sheet.tops, self.shape, tuple(d for d in self.digits if d is not None))
        if self.kind in (NORMAL, SOLO) and not self.scored:
            return [combination_id(combination) for combination in combinations(self.sheet)]
        return []

    # --- making a decision ---------------------------------------------------------------------

    def perform(self, action_id: str) -> None:
        """Carries out one legal decision (never `undo`/`confirm`, which the state handles)."""
        self._ids = None
        self.acted = True
        head, _, rest = action_id.partition(":")
        if head == "start":
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
        elif "=" in action_id:
            die, digit = action_id[1:].split("=")
            self.digits[int(die) - 1] = int(digit)
        else:
            self._drop(action_id)
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
        self._write(cells, [int(digit) for digit in digits])
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
            self.pending() in ("star", "drop")
            and self.shape is not None
            and not can_drop(self.sheet.tops, self.shape)
        ):
            self.dropped = True

    def confirm(self) -> None:
        """Ends the seat's part of the step (its choices stay hidden until the step resolves)."""
        self.confirmed = True
        self._ids = None

    def is_legal(self, action_id: str) -> bool:
        """Whether the seat may play `action_id` now (a lookup in the cached legal ids)."""
        return action_id in self.legal_ids()

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
