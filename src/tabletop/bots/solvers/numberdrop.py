"""The Number Drop bot: a greedy player that judges each decision by the sheet it leaves.

Every decision is taken on the bot's own copy of the position (`determinize`), so it sees
its own sheet and the roll and nothing the other seats have chosen (R2 in
docs/rules/numberdrop.md):

- a drop is judged first by its placement (holes left under it, height, rows filled, the
  Game Over line) and then by its digits (equal and consecutive neighbours, which become
  combinations later); the best few are judged again with the best combination they allow
  at once;
- a star digit or a starred shape is the one whose best drop is best;
- a combination is taken greedily when it is worth its box: the largest open box, with a
  bonus for a pair of boxes (a BLOCK letter) and for a full column;
- a solo slide moves a tile whose letter is already harmless, else the tile furthest
  from "GO!", so the X shapes fall as late as possible (R40–R42); an X drop goes where it
  leaves the fewest holes.

It never undoes. It plays every player count, treating each seat's sheet as its own game.
"""

from __future__ import annotations

from tabletop.engine import ActionId, Rng, Seat, State
from tabletop.games.numberdrop.board import (
    ALL_SIZES,
    BONUS_SIZE,
    EMPTY,
    LINE,
    NEIGHBOURS,
    OPEN,
    ORIENTATION_BY_NAME,
    WIDTH,
    X_MARK,
    Orientation,
    Sheet,
    cell_of,
    parse_cells,
)
from tabletop.games.numberdrop.rules import (
    RUN,
    SAME,
    combination_id,
    combinations,
    drop_ids,
    landed_cells,
)
from tabletop.games.numberdrop.state import NumberDropState
from tabletop.games.numberdrop.turn import CONFIRM, GO, SeatTurn

HOLE_COST = 3.0
"""A covered empty cell: it blocks a row bonus (+2) and wastes room."""
HEIGHT_COST = 0.6
"""Per row of the highest column above SAFE_ROWS, squared: room runs out near the line."""
SAFE_ROWS = 5
LINE_COST = 40.0
"""Writing beyond the line costs 5 a row and ends the game with everything still unscored."""
ROW_CREDIT = 2.0
SAME_NEIGHBOUR = 0.9
RUN_NEIGHBOUR = 0.6
"""Credit per pair of orthogonal neighbours that could belong to one combination later."""
LETTER_CREDIT = 3.0
"""Both boxes of a size: a BLOCK for the others, protection for oneself (R29, R31)."""
RECHECKED_DROPS = 12
"""How many of the best drops are judged again with the combination they allow."""
STAR_SAMPLES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9)


class NumberDropBot:
    """Greedy heuristic player for Number Drop (solo and with others)."""

    name = "numberdrop"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def choose(self, state: State, seat: Seat) -> ActionId:
        """The action the heuristic likes best for `seat`, from the seat's own view of `state`."""
        mine = state.determinize(seat, self._rng)
        if not isinstance(mine, NumberDropState):
            raise ValueError("the Number Drop bot plays Number Drop only")
        turn = mine.turns[seat]
        legal = turn.legal_ids()
        pending = turn.pending()
        if pending == "start":
            return "start:a1"
        if pending == "slide":
            return _slide(turn, legal)
        if pending == "x":
            return _best_x(turn, legal)
        if pending == "shape":
            shapes = [action[6:] for action in legal if action.startswith("shape:")]
            best = max(shapes, key=lambda shape: _best_drop_value(turn.sheet, shape, _known_digits(turn)))
            return f"shape:{best}"
        if pending == "star":
            return _star(turn)
        if pending == "drop":
            return _best_drop(turn.sheet, legal)
        return _combination_or_confirm(turn.sheet, legal)


def _known_digits(turn: SeatTurn, guess: int | None = None) -> tuple[int, ...]:
    """The four digits, an unchosen star read as `guess` (or as 5, a middle digit)."""
    return tuple((5 if guess is None else guess) if digit is None else digit for digit in turn.digits)


def _star(turn: SeatTurn) -> ActionId:
    """The star digit whose best drop is best (the stars after it read the same way)."""
    die = turn.digits.index(None)
    assert turn.shape is not None
    shape = turn.shape
    best = max(
        STAR_SAMPLES, key=lambda digit: _best_drop_value(turn.sheet, shape, _known_digits(turn, digit))
    )
    return f"N{die + 1}={best}"


def _slide(turn: SeatTurn, legal: list[str]) -> ActionId:
    """A harmless tile first (its letter circled or crossed), else the one furthest from GO! (R42)."""
    tiles = ["ABCDE".index(action[6:]) for action in legal if action.startswith("slide:")]
    harmless = [tile for tile in tiles if turn.sheet.letters[tile] != OPEN and turn.tiles[tile] < GO]
    if harmless:
        return f"slide:{'ABCDE'[harmless[0]]}"
    return f"slide:{'ABCDE'[min(tiles, key=lambda tile: turn.tiles[tile])]}"


def _best_x(turn: SeatTurn, legal: list[str]) -> ActionId:
    """The X placement that hurts least: few holes, low, rows filled."""
    return max(
        (action for action in legal if action.startswith("X:")),
        key=lambda action: _placement_value(turn.sheet, *_placement_of(action[2:])),
    )


def _placement_of(text: str) -> tuple[Orientation, int]:
    name, _, column = text.partition("@")
    return ORIENTATION_BY_NAME[name], "abcdefg".index(column[0])


def _best_drop_value(sheet: Sheet, shape: str, digits: tuple[int, ...]) -> float:
    ranked = _ranked_drops(sheet, drop_ids(sheet.tops, shape, digits))
    return ranked[0][0] if ranked else -LINE_COST


def _best_drop(sheet: Sheet, legal: list[str]) -> ActionId:
    """The drop with the best value, the leaders judged again with their best combination."""
    ranked = _ranked_drops(sheet, [action for action in legal if "@" in action])
    finalists = []
    for value, action in ranked[:RECHECKED_DROPS]:
        after = _dropped(sheet, action)
        finalists.append((value + _best_combination(after)[0], action))
    return max(finalists)[1]


def _ranked_drops(sheet: Sheet, actions: list[str]) -> list[tuple[float, str]]:
    """Every drop with its value, best first; the placement part is computed once per placement."""
    placement_values: dict[str, tuple[float, list[int]]] = {}
    ranked = []
    for action in actions:
        placement, _, digits = action.partition(":")
        if placement not in placement_values:
            orientation, column = _placement_of(placement)
            cells = landed_cells(sheet.tops, orientation, column) or []
            placement_values[placement] = (_placement_value(sheet, orientation, column), cells)
        value, cells = placement_values[placement]
        ranked.append((value + _digit_value(sheet, cells, [int(digit) for digit in digits]), action))
    ranked.sort(reverse=True)
    return ranked


def _placement_value(sheet: Sheet, orientation: Orientation, column: int) -> float:
    """Holes covered, height reached and rows filled by a shape landing there (R5, R33, R34)."""
    cells = landed_cells(sheet.tops, orientation, column)
    if cells is None:
        return -10 * LINE_COST
    filled = set(cells)
    holes = 0
    for dx in range(orientation.width):
        x = column + dx
        lowest = min(cell // WIDTH for cell in cells if cell % WIDTH == x)
        holes += lowest - 1 - sheet.tops[x]
    peak = max(*(cell // WIDTH for cell in cells), *sheet.tops)
    rows = {cell // WIDTH for cell in cells}
    full_rows = sum(
        1
        for y in rows
        if y < LINE
        and all(sheet.cells[cell_of(x, y)] != EMPTY or cell_of(x, y) in filled for x in range(WIDTH))
    )
    beyond = sum(1 for y in rows if y >= LINE)
    return (
        -HOLE_COST * holes
        - HEIGHT_COST * max(0, peak - SAFE_ROWS) ** 2
        + ROW_CREDIT * full_rows
        - LINE_COST * (beyond > 0)
    )


def _digit_value(sheet: Sheet, cells: list[int], digits: list[int]) -> float:
    """Credit for neighbours that could join these digits in a later combination (R22, R23)."""
    placed = dict(zip(cells, digits, strict=True))
    value = 0.0
    for cell, digit in placed.items():
        for other in NEIGHBOURS[cell]:
            neighbour = placed.get(other, sheet.cells[other] if not sheet.circled >> other & 1 else EMPTY)
            if neighbour in (EMPTY, X_MARK):
                continue
            # pairs inside the shape are seen from both ends, so they count half each time
            share = 0.5 if other in placed else 1.0
            if neighbour == digit:
                value += SAME_NEIGHBOUR * share
            elif abs(neighbour - digit) == 1:
                value += RUN_NEIGHBOUR * share
    return value


def _dropped(sheet: Sheet, action: str) -> Sheet:
    placement, _, digits = action.partition(":")
    orientation, column = _placement_of(placement)
    cells = landed_cells(sheet.tops, orientation, column)
    assert cells is not None
    after = sheet.copy()
    after.write(cells, [int(digit) for digit in digits])
    return after


def _best_combination(sheet: Sheet) -> tuple[float, str | None]:
    """The most valuable combination the sheet may score now, and its value (0 and None if none)."""
    best: tuple[float, str | None] = (0.0, None)
    for combination in combinations(sheet):
        value = _combination_value(sheet, *combination)
        if value > best[0]:
            best = (value, combination_id(combination))
    return best


def _combination_value(sheet: Sheet, kind: str, cells: tuple[int, ...]) -> float:
    """The box's points, plus a BLOCK letter and a full column when this box completes them (R26, R29)."""
    size = len(cells)
    value = float(size)
    if size == BONUS_SIZE:
        return value
    bit = 1 << (size - 3)
    own, other = (sheet.same, sheet.run) if kind == SAME else (sheet.run, sheet.same)
    if other & bit and sheet.letters[size - 3] == OPEN:
        value += LETTER_CREDIT
    if own | bit == ALL_SIZES:
        value += 10
    return value


def _combination_or_confirm(sheet: Sheet, legal: list[str]) -> ActionId:
    """The best combination if there is one, else confirm."""
    choices = [action for action in legal if action.startswith((SAME, RUN))]
    if not choices:
        return CONFIRM
    return max(choices, key=lambda action: _combination_value(sheet, *_parsed_combination(action)))


def _parsed_combination(action: str) -> tuple[str, tuple[int, ...]]:
    kind, _, text = action.partition(":")
    cells = parse_cells(text)
    assert cells is not None
    return kind, tuple(cells)
