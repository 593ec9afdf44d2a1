"""Moon River's components and notation: terrains, plots read from `data/plots.json`, the ranch grid.

The retail plots are not public, so the shipped set is Tabletop's own (2.2 of
docs/rules/moonriver.md). A transcribed set drops in as the same file: `load_plots` checks it
field by field and raises `PlotDataError` naming the bad field.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, reduce
from importlib import resources
from operator import or_
from typing import Any, cast

from tabletop.engine import POSSESSIVE, Action, mention

TERRAINS = ("meadow", "forest", "cornfield", "desert", "hills", "lake")
TERRAIN_LETTERS = {"meadow": "M", "forest": "F", "cornfield": "C", "desert": "D", "hills": "H", "lake": "L"}
CORNFIELD = TERRAINS.index("cornfield")
SYMBOLS = ("cows", "skulls", "circles", "nuggets", "beavers", "corn", "farms")
PLOT_COUNT = 96
SIZE = 5
BRIDGE_COLUMNS = (1, 3, 5)
RESERVE = 3
COLUMN = 4
COW_SUPPLY = 32
PARTNERS = ("desperado", "thief", "digger", "trapper", "farmer")
PARTNER_LETTERS = {"desperado": "D", "thief": "T", "digger": "G", "trapper": "P", "farmer": "A"}
TOKENS_PER_TYPE = 4
COWBOY_POINTS = 3


class PlotDataError(ValueError):
    """A plot file that breaks the schema; the message names the file and the field."""


@dataclass(frozen=True, slots=True)
class Plot:
    """One plot: the number on its back, its terrain (index in TERRAINS) and its symbols."""

    number: int
    terrain: int
    cows: int
    skulls: int
    circles: int
    nuggets: int
    beavers: int
    corn: int
    farms: int

    def code(self) -> str:
        """Short text: terrain letter then symbols, e.g. "M2c" (meadow, two cows)."""
        marks = (
            ("c", self.cows),
            ("x", self.skulls),
            ("o", self.circles),
            ("n", self.nuggets),
            ("b", self.beavers),
            ("k", self.corn),
        )
        letter = TERRAIN_LETTERS[TERRAINS[self.terrain]]
        return letter + "".join(f"{count if count > 1 else ''}{mark}" for mark, count in marks if count)


def _field(entry: dict[str, Any], key: str, where: str, origin: str, high: int) -> int:
    if key not in entry:
        raise PlotDataError(f"{origin}: {where}.{key} is missing")
    value = entry[key]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise PlotDataError(f"{origin}: {where}.{key} must be a whole number from 0 to {high}; got {value!r}")
    return value


def parse_plots(data: object, origin: str) -> tuple[Plot, ...]:
    """The plots of a decoded file, checked: 96 plots, unique numbers 1–96, six terrains, symbols 0–3."""
    if not isinstance(data, dict) or not isinstance(data.get("plots"), list):
        raise PlotDataError(f"{origin}: plots must be a list under the key 'plots'")
    entries = data["plots"]
    if len(entries) != PLOT_COUNT:
        raise PlotDataError(f"{origin}: plots must hold {PLOT_COUNT} plots; got {len(entries)}")
    plots: list[Plot] = []
    for place, entry in enumerate(entries):
        where = f"plots[{place}]"
        if not isinstance(entry, dict):
            raise PlotDataError(f"{origin}: {where} must be an object")
        number = _field(entry, "number", where, origin, PLOT_COUNT)
        terrain = entry.get("terrain")
        if terrain not in TERRAINS:
            raise PlotDataError(
                f"{origin}: {where}.terrain must be one of {', '.join(TERRAINS)}; got {terrain!r}"
            )
        counts = [_field(entry, key, where, origin, 3) for key in SYMBOLS]
        plots.append(Plot(number, TERRAINS.index(terrain), *counts))
    numbers = sorted(plot.number for plot in plots)
    if numbers != list(range(1, PLOT_COUNT + 1)):
        missing = sorted(set(range(1, PLOT_COUNT + 1)) - set(numbers))
        raise PlotDataError(
            f"{origin}: plots[].number must run 1 to {PLOT_COUNT} once each; missing {missing[:5]}"
        )
    if len({plot.terrain for plot in plots}) != len(TERRAINS):
        raise PlotDataError(f"{origin}: plots[].terrain must use all {len(TERRAINS)} terrains")
    return tuple(sorted(plots, key=lambda plot: plot.number))


def load_plots() -> tuple[Plot, ...]:
    """The shipped plot set, indexed by number − 1."""
    path = resources.files(__package__ or "tabletop.games.moonriver").joinpath("data", "plots.json")
    try:
        data = json.loads(path.read_text())
    except json.JSONDecodeError as error:
        raise PlotDataError(f"plots.json is not JSON: {error}") from error
    return parse_plots(data, "plots.json")


PLOTS = load_plots()


def plot(number: int) -> Plot:
    """The plot with this back number."""
    return PLOTS[number - 1]


# -- the ranch grid: cell index = (r - 1) * 5 + (c - 1); "a1" is column 1, row 1 (the bank) ----

CELLS = SIZE * SIZE
CELL_NAMES = tuple(f"{'abcde'[i % SIZE]}{i // SIZE + 1}" for i in range(CELLS))
CELL_INDEX = {name: i for i, name in enumerate(CELL_NAMES)}
BRIDGE_CELLS = frozenset(c - 1 for c in BRIDGE_COLUMNS)


def _neighbours(cell: int) -> tuple[int, ...]:
    col, row = cell % SIZE, cell // SIZE
    out = []
    for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        c, r = col + dc, row + dr
        if 0 <= c < SIZE and 0 <= r < SIZE:
            out.append(r * SIZE + c)
    return tuple(out)


NEIGHBOURS = tuple(_neighbours(cell) for cell in range(CELLS))
EDGES = tuple((a, b) for a in range(CELLS) for b in NEIGHBOURS[a])
"""Every ordered pair of adjacent cells (80)."""

# -- sets of edges as bit masks (bit i is EDGES[i]), for move generation ----------------------
#
# Listing a turn's dominoes asks, for every edge, whether both cells are empty and whether a
# half touches its terrain (R11): done edge by edge that is most of a playout's time. With
# one bit per edge the question is a few ANDs and ORs, and tables made once turn a set of
# cells into the set of edges leaving (or entering) them, and a set of edges back into
# its (from, to) pairs, a byte at a time.

_BYTE = 8


def _members_by_byte(count: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per byte of a mask of `count` bits, and per value of that byte, the members it holds."""
    return tuple(
        tuple(
            tuple(base + bit for bit in range(min(_BYTE, count - base)) if byte >> bit & 1)
            for byte in range(1 << _BYTE)
        )
        for base in range(0, count, _BYTE)
    )


def _edges_where(keep: Callable[[int, int], bool]) -> int:
    return sum(1 << index for index, (a, b) in enumerate(EDGES) if keep(a, b))


def _edges_by_cell_byte(end: int) -> tuple[tuple[int, ...], ...]:
    """Per byte of a cell mask and per value, the edges whose cell `end` (0 = from, 1 = to) it holds."""
    per_cell = [_edges_where(lambda *edge, cell=cell: edge[end] == cell) for cell in range(CELLS)]
    return tuple(
        tuple(reduce(or_, (per_cell[cell] for cell in members), 0) for members in table)
        for table in _members_by_byte(CELLS)
    )


_LEAVING = _edges_by_cell_byte(0)
_ENTERING = _edges_by_cell_byte(1)
_PAIRS = tuple(
    tuple(tuple(EDGES[edge] for edge in members) for members in table)
    for table in _members_by_byte(len(EDGES))
)
ALL_EDGES = (1 << len(EDGES)) - 1
BRIDGE_EDGES = _edges_where(lambda a, b: a in BRIDGE_CELLS or b in BRIDGE_CELLS)
"""The edges with a half on a bridge cell (R11a)."""


def _union(tables: tuple[tuple[int, ...], ...], cells: int) -> int:
    """The union of the tables' entries for the four bytes of a cell mask, written out (no loop)."""
    first, second, third, fourth = tables  # 25 cells: four bytes
    return first[cells & 0xFF] | second[cells >> 8 & 0xFF] | third[cells >> 16 & 0xFF] | fourth[cells >> 24]


def edges_leaving(cells: int) -> int:
    """The edges (a, b) whose `a` is in the cell mask `cells`.

    >>> [EDGES[i] for i in range(len(EDGES)) if edges_leaving(1 << 6) >> i & 1]
    [(6, 7), (6, 5), (6, 11), (6, 1)]
    """
    return _union(_LEAVING, cells)


def edges_entering(cells: int) -> int:
    """The edges (a, b) whose `b` is in the cell mask `cells`."""
    return _union(_ENTERING, cells)


def edge_pairs(edges: int) -> list[tuple[int, int]]:
    """The (from, to) cells of every edge in the mask `edges`, in the order of `EDGES`.

    >>> edge_pairs(edges_leaving(1) | edges_entering(1))
    [(0, 1), (0, 5), (1, 0), (5, 0)]
    """
    found: list[tuple[int, int]] = []
    for table in _PAIRS:
        if not edges:
            break
        found += table[edges & 0xFF]
        edges >>= _BYTE
    return found


def parse_half(text: str) -> tuple[int, int] | None:
    """ "12a1" → (12, cell index), or None."""
    if (
        len(text) < 3
        or text[-2:] not in CELL_INDEX
        or not (text[:-2].isascii() and text[:-2].isdigit())
        or len(text) > 4
    ):
        return None
    return int(text[:-2]), CELL_INDEX[text[-2:]]


def public_form(action_id: str) -> str:
    """The action as the whole table sees it: a discard and a Desperado swap hide the plots."""
    if action_id.startswith("discard:"):
        return "discard"
    if action_id.startswith("swap:") and action_id != "swap:no":
        return "swap:?" + action_id[action_id.index(">") :]
    return action_id


def public_text(seat: int, action_id: str) -> str:
    """The label of a move as the whole table sees it (the action or its public form)."""
    shown = public_form(action_id)
    if shown == "discard":
        return f"{mention(seat, 'discards')} two plots"
    if shown.startswith("swap:?"):
        target = int(shown.split(">")[1])
        return f"{mention(seat, 'swaps')} a reserve plot with {mention(target)} (Desperado)"
    return describe(seat, action_id).label


def describe(seat: int, action_id: str) -> Action:
    """The action `action_id` of `seat`: its label for buttons and the log, and the path clicked."""
    verb, _, rest = action_id.partition(":")
    if verb == "pick":
        return Action(action_id, f"Ranchero on plot {rest} ({plot(int(rest)).code()})", (f"col-{rest}",))
    if "+" in action_id and verb != "discard":
        halves = [parse_half(half) for half in action_id.split("+")]
        (a, ca), (b, cb) = cast(list[tuple[int, int]], halves)
        label = f"Plot {a} ({plot(a).code()}) on {CELL_NAMES[ca]}, {b} ({plot(b).code()}) on {CELL_NAMES[cb]}"
        return Action(
            action_id,
            label,
            (f"res-{a}", f"res-{b}", f"r{seat}-{CELL_NAMES[ca]}", f"r{seat}-{CELL_NAMES[cb]}"),
        )
    if verb == "discard":
        return Action(action_id, f"Discard plots {rest.replace('+', ' and ')}")
    if verb == "kill":
        return Action(action_id, f"Drought kills the cow on {rest}", (f"r{seat}-{rest}",))
    if verb == "hire":
        kind, _, side = rest.partition("/")
        if side:
            return Action(action_id, f"Hire the {kind} token as a Cowboy")
        return Action(action_id, f"Hire the {kind}", (f"saloon-{kind}",))
    if verb == "move":
        return Action(
            action_id,
            f"Cowboy: cow {rest[:2]} → {rest[2:]}",
            (f"r{seat}-{rest[:2]}", f"r{seat}-{rest[2:]}"),
        )
    if verb == "swap":
        if rest == "no":
            return Action(action_id, "Desperado: no swap")
        number, target = rest.split(">")
        return Action(
            action_id,
            f"Desperado: give plot {number} to {mention(int(target))} for a random one of theirs",
        )
    if verb == "steal":
        return Action(
            action_id,
            f"Cattle Thief: take the cow on {mention(int(rest[0]), POSSESSIVE)} {rest[1:]}",
            (f"r{rest[0]}-{rest[1:]}",),
        )
    if action_id == "stop":
        return Action(action_id, "Cowboy: stop")
    return Action(action_id, "End the expansion")


# -- research: the action space --------------------------------------------------------------


@cache
def action_space(players: int) -> tuple[str, ...]:
    """Every id ever legal at a table of `players`, in the order of the notation's table:

    "pick:<n>" for plots 1…96; every domino "<a><cell>+<b><cell>" (a < b, then the
    ordered pairs of adjacent cells, `EDGES`); "done"; "discard:<a>+<b>" (a < b);
    "kill:<cell>"; "hire:<partner>" then "hire:<partner>/cowboy"; "move:<cell><cell>"
    (`EDGES`); "stop"; "swap:<n>><seat>" by plot then seat, "swap:no"; "steal:<seat><cell>".
    Cells go a1…e1, a2…e5. Any two plots can meet in a reserve, so every pair is there:
    364,800 dominoes.

    >>> space = action_space(2)
    >>> len(space), space[96], space[-1]
    (369816, '1a1+2b1', 'steal:1e5')
    """
    numbers = range(1, PLOT_COUNT + 1)
    pairs = [(a, b) for a in numbers for b in numbers if a < b]
    cells = CELL_NAMES
    ids = [f"pick:{n}" for n in numbers]
    ids += [f"{a}{cells[ca]}+{b}{cells[cb]}" for a, b in pairs for ca, cb in EDGES]
    ids += ["done", *(f"discard:{a}+{b}" for a, b in pairs), *(f"kill:{cell}" for cell in cells)]
    ids += [f"hire:{name}" for name in PARTNERS] + [f"hire:{name}/cowboy" for name in PARTNERS]
    ids += [f"move:{cells[a]}{cells[b]}" for a, b in EDGES] + ["stop"]
    ids += [f"swap:{n}>{seat}" for n in numbers for seat in range(players)] + ["swap:no"]
    ids += [f"steal:{seat}{cell}" for seat in range(players) for cell in cells]
    return tuple(ids)
