"""Exact solo Maxi Yatzy, whose unused rolls are saved for later turns (Y-R5), layer by layer.

A card between turns is (`mask` of boxes written, capped `upper` total, `saved` rolls). A
turn starts with 2 + saved rerolls after its first roll, and whatever rerolls are left when
the dice are written are saved again, so after k turns at most 2k are saved. The value of
a state is the expected number of points still to come under optimal play.

Two facts shape the computation (docs/rules/yatzy.md, "The exact solver", has the figures):

- **One pass per mask values every saved count.** Stopping with r rerolls left saves r, so
  the stop value of a roll depends on r: `stop_r[roll]` is the best box for it plus the
  value of the next state with r saved. With that stop value per level, the widget of
  `yatzy_dice` (E_r[roll] = max(stop_r[roll], best keep inside roll of K_r), K_r from
  E_{r-1}) runs once up to 2k + 3 levels, and the turn with s saved rolls is K_{s+3} of
  the empty keep: every s from one pass.
- **Layer by layer.** Masks with k boxes written read only masks with k + 1, so two layers
  of the table are in memory at once (at most 5.3 GiB as float64, k = 10 and 11), and each
  finished layer is written to disk: a computation that stops resumes at its last layer.

Only the upper totals that the written upper boxes can make are computed (a mask with no
upper box written has only the total 0): 1.27 billion states of the 1.87 billion in the
table's shape. The others stay 0 and are never read.

The layer of k boxes is an array `[index of the mask among those of k boxes, saved, upper]`,
masks ranked in increasing order (`MaskRanks`).

>>> from tabletop.games.yatzy.rules import MAXI
>>> solver = SavedRollsSolver(MAXI)
>>> solver.layer_shape(10), solver.states()
((184756, 21, 85), 1871704675)
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from math import comb
from pathlib import Path

import numba
import numpy as np

from tabletop.bots.solvers.yatzy_dice import DiceLevels, Indices, Values, best_inside, dice_levels, keep_means
from tabletop.bots.solvers.yatzy_exact import NEG, Turn, capped_upper, variant_cap, written_mask
from tabletop.bots.solvers.yatzy_turn import Counts
from tabletop.games.yatzy.rules import FORCED, ROLLS_PER_TURN, UPPER_BOX_IDS, Variant, scoring_choices

FIRST_TURN_REROLLS = ROLLS_PER_TURN - 1
"""A turn's own rerolls after its first roll (Y-R1, Y-R2); saved ones come on top (Y-R5)."""
Progress = Callable[[int, int], None]
"""Called with (masks done, masks in all) of one layer."""
LayerProgress = Callable[[int, int, int], None]
"""Called with (boxes written in the layer, masks done, masks in all)."""
CHUNK = 512
"""Masks per compiled call: the progress bar moves between calls."""


def most_saved(written: int) -> int:
    """The most rolls saved after `written` turns: each turn saves at most its 2 + saved rerolls."""
    return FIRST_TURN_REROLLS * written


@dataclass(frozen=True)
class MaskRanks:
    """Masks of each popcount in increasing order, and every mask's rank among its own popcount."""

    by_count: tuple[Indices, ...]
    rank: Indices

    @classmethod
    def of(cls, boxes: int) -> MaskRanks:
        masks = np.arange(1 << boxes, dtype=np.int64)
        counts = sum((masks >> box) & 1 for box in range(boxes))
        by_count = tuple(masks[counts == written] for written in range(boxes + 1))
        rank = np.empty(1 << boxes, dtype=np.int64)
        for layer in by_count:
            rank[layer] = np.arange(len(layer))
        return cls(by_count, rank)


class SavedRollsSolver:
    """The table of a card that saves rolls (no joker, no Delta: Maxi Yatzy), one layer at a time."""

    def __init__(self, variant: Variant) -> None:
        if not variant.saves_rolls or variant.has_joker or variant.has_delta:
            raise ValueError(f"{variant.title} does not save rolls or has a joker or Delta")
        self.variant = variant
        self.dice: DiceLevels = dice_levels(variant.dice)
        self.boxes = len(variant.boxes)
        self.cap = variant_cap(variant)
        self.ranks = MaskRanks.of(self.boxes)
        rolls = self.dice.rolls
        self._points = np.array(
            [[box.score(roll) for roll in rolls] for box in variant.boxes], dtype=np.int64
        )
        self._faces = np.array(
            [UPPER_BOX_IDS.index(box.id) + 1 if box.is_upper else 0 for box in variant.boxes], dtype=np.int64
        )
        """Per box: the face an upper box counts (its points are a multiple of it), else 0."""
        bonus = variant.upper_bonus
        self.step = np.array(
            [[bonus(u + p) - bonus(u) for p in range(6 * variant.dice + 1)] for u in range(self.cap + 1)],
            dtype=np.float64,
        )
        """`step[u, p]`: the upper bonus gained by p more upper points at capped total u."""

    def layer_shape(self, written: int) -> tuple[int, int, int]:
        """[mask rank, saved 0 .. most_saved(written), upper 0 .. cap]."""
        return comb(self.boxes, written), most_saved(written) + 1, self.cap + 1

    def states(self) -> int:
        """States with a turn to come, counting every upper total of the shape."""
        return sum(int(np.prod(self.layer_shape(written))) for written in range(self.boxes))

    def reachable_uppers(self, mask: int) -> Indices:
        """The capped upper totals the written upper boxes of `mask` can add up to."""
        totals = {0}
        for box, face in enumerate(self._faces):
            if face and mask >> box & 1:
                totals = {min(self.cap, total + count * face) for total in totals for count in range(7)}
        return np.array(sorted(totals), dtype=np.int64)

    def solve_layer(self, written: int, child: Values, progress: Progress | None = None) -> Values:
        """Every state of the masks with `written` boxes, from the layer with one more."""
        masks = self.ranks.by_count[written]
        layer = np.zeros(self.layer_shape(written))
        reach: dict[int, Indices] = {}
        for start in range(0, len(masks), CHUNK):
            chunk = masks[start : start + CHUNK]
            uppers = [reach.setdefault(key, self.reachable_uppers(key)) for key in self._upper_keys(chunk)]
            width = max(len(totals) for totals in uppers)
            columns = np.full((len(chunk), width), -1, dtype=np.int64)
            for row, totals in enumerate(uppers):
                columns[row, : len(totals)] = totals
            _layer_turns(
                chunk, columns, layer[start : start + CHUNK], child, self.ranks.rank, self._points,
                self._faces, self.step, self.dice.offsets, self.dice.up, self.dice.down,
            )  # fmt: skip
            if progress:
                progress(start + len(chunk), len(masks))
        return layer

    def mask_turns(self, mask: int, uppers: Indices, out: Values, child: Values, record: Values) -> None:
        """One mask's turns on these upper totals into `out`, K_r of each level into `record`."""
        dice = self.dice
        _mask_turns(
            mask, uppers, out, child, self.ranks.rank, self._points, self._faces, self.step,
            dice.offsets, dice.up, dice.down, record,
        )  # fmt: skip

    def _upper_keys(self, masks: Indices) -> list[int]:
        """Each mask's written upper boxes alone: masks that share them share their reachable totals."""
        upper_bits = sum(1 << box for box, face in enumerate(self._faces) if face)
        return [int(mask) & upper_bits for mask in masks]

    def last_layer(self) -> Values:
        """The full card: nothing more to score, saved rolls are worth nothing (Y-R5)."""
        return np.zeros(self.layer_shape(self.boxes))

    def solve(self, directory: Path | None = None, progress: LayerProgress | None = None) -> float:
        """The value of a fresh card; with a directory, every layer is saved there and reused.

        `progress(written, done, total)` follows the masks of each layer as it is computed.
        """
        child: Values | Path = self.last_layer()
        for written in range(self.boxes - 1, -1, -1):
            path = directory / layer_file(written) if directory else None
            if path is not None and path.exists():
                child = path  # read only if the layer below it is still to compute
                if progress:
                    progress(written, len(self.ranks.by_count[written]), len(self.ranks.by_count[written]))
                continue
            report = (lambda done, total, k=written: progress(k, done, total)) if progress else None
            child = self.solve_layer(written, _read(child), report)
            if path is not None:
                save_atomically(child, path)
        return float(_read(child)[0, 0, 0])


class SavedRollsTable:
    """A solved card that saves rolls, its layers read from disk: what the bot and analysis ask.

    Each decision costs one mask's widget on one upper total (`turn`) and a few reads.
    """

    def __init__(self, solver: SavedRollsSolver, layers: Sequence[Values]) -> None:
        self.solver = solver
        self.layers = layers
        """layers[k]: the layer of k boxes written, k from 0 to every box (the last is all 0)."""

    @classmethod
    def load(cls, variant: Variant, directory: Path) -> SavedRollsTable | None:
        """The table whose every layer is in `directory` (memory-mapped), or None if any is missing.

        Checking costs a few file lookups: the solver's tables are built only for a complete one.
        """
        paths = [directory / layer_file(written) for written in range(len(variant.boxes))]
        if not all(path.exists() for path in paths):
            return None
        solver = SavedRollsSolver(variant)
        layers = [np.load(path, mmap_mode="r") for path in paths]
        return cls(solver, [*layers, solver.last_layer()])

    def start_value(self) -> float:
        """The expected final score of optimal play on a fresh card."""
        return float(self.layers[0][0, 0, 0])

    def value(self, mask: int, upper: int, saved: int) -> float:
        """The expected points still to come from this state between turns."""
        written = bin(mask).count("1")
        return float(self.layers[written][self.solver.ranks.rank[mask], saved, upper])

    def choice_values(
        self, sheet: Mapping[str, int | None], counts: Counts, rolls_left: int
    ) -> dict[str, float]:
        """Per empty box for this final roll: its points and bonus now plus the expected rest.

        Writing the dice now saves the `rolls_left` rerolls not used (Y-R5).
        """
        variant, cap = self.solver.variant, self.solver.cap
        mask, upper = written_mask(variant, sheet), capped_upper(sheet, cap)
        values = {}
        for box_id, points in scoring_choices(variant, FORCED, sheet, counts).items():
            after, gain = upper, float(points)
            if box_id in UPPER_BOX_IDS:
                after = min(cap, upper + points)
                gain += float(self.solver.step[upper, points])
            child = mask | 1 << variant.box_ids.index(box_id)
            values[box_id] = gain + self.value(child, after, rolls_left)
        return values

    def turn(self, sheet: Mapping[str, int | None]) -> Turn:
        """The value of keeping each multiset with r rerolls left, for every r this card can have."""
        variant, dice = self.solver.variant, self.solver.dice
        mask = written_mask(variant, sheet)
        written = bin(mask).count("1")
        uppers = np.array([capped_upper(sheet, self.solver.cap)], dtype=np.int64)
        out = np.zeros(self.solver.layer_shape(written)[1:])
        record = np.zeros((len(out) + FIRST_TURN_REROLLS + 1, len(dice.multisets), 1))
        child = np.asarray(self.layers[written + 1])
        self.solver.mask_turns(mask, uppers, out, child, record)
        return Turn(dice, record[:, :, 0])


def layer_file(written: int) -> str:
    """The file of one layer in the directory of the table."""
    return f"layer-{written:02d}.npy"


def _read(layer: Values | Path) -> Values:
    return np.load(layer) if isinstance(layer, Path) else layer


def save_atomically(values: Values, path: Path) -> None:
    """Writes an array to `path` atomically: a reader (or a resumed computation) sees the old
    file or the whole new one, never half of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".npy", delete=False) as handle:
        np.save(handle, values)
    Path(handle.name).chmod(0o644)  # a cache file like any other, not a private temporary one
    os.replace(handle.name, path)


@numba.njit(cache=True, parallel=True, fastmath=True)
def _layer_turns(  # noqa: PLR0917 - numba kernels take their arrays by position
    masks: Indices,
    columns: Indices,
    out: Values,
    child: Values,
    rank: Indices,
    points: Indices,
    faces: Indices,
    step: Values,
    offsets: Indices,
    up: Indices,
    down: Indices,
) -> None:
    """`out[i, s, u]` for masks[i], every saved count s and the totals u in columns[i] (-1: none)."""
    nothing = np.empty((0, 0, 0))
    for row in numba.prange(len(masks)):
        width = 0
        while width < columns.shape[1] and columns[row, width] >= 0:
            width += 1
        uppers = columns[row, :width]
        _mask_turns(
            masks[row], uppers, out[row], child, rank, points, faces, step, offsets, up, down, nothing
        )


@numba.njit(cache=True, fastmath=True)
def _mask_turns(  # noqa: PLR0917 - numba kernels take their arrays by position
    mask: int,
    uppers: Indices,
    out: Values,
    child: Values,
    rank: Indices,
    points: Indices,
    faces: Indices,
    step: Values,
    offsets: Indices,
    up: Indices,
    down: Indices,
    record: Values,
) -> None:
    """One mask's turns: out[s, u] for every saved count s, by one pass over 2k + 3 reroll levels.

    `record[r]`, when it has that many rows, receives K_r: what each keep is worth with r
    rerolls left before rolling it (the bot's and the analysis' view of one turn).
    """
    full = offsets[len(offsets) - 2]
    current = np.empty((offsets[len(offsets) - 1], len(uppers)))
    best = np.empty_like(current)
    gathered = np.empty((7, len(uppers)))
    _stop_values(current[full:], 0, mask, uppers, child, rank, points, faces, step, gathered)
    levels = out.shape[0] + FIRST_TURN_REROLLS  # the turn with s saved rolls is K_{s+3} of keeping nothing
    for rerolls in range(1, levels + 1):
        if rerolls > 1:
            current[full:] = best[full:]  # E_{r-1}: the rolls' values with one reroll fewer
        keep_means(current, full, up)
        if rerolls < record.shape[0]:
            record[rerolls] = current
        saved = rerolls - 1 - FIRST_TURN_REROLLS
        if saved >= 0:
            for column in range(len(uppers)):
                out[saved, uppers[column]] = current[0, column]
        if rerolls == levels:
            break
        _stop_values(current[full:], rerolls, mask, uppers, child, rank, points, faces, step, gathered)
        best_inside(best, current, down)


@numba.njit(cache=True, fastmath=True)
def _stop_values(  # noqa: PLR0917 - numba kernels take their arrays by position
    stop: Values,
    rerolls: int,
    mask: int,
    uppers: Indices,
    child: Values,
    rank: Indices,
    points: Indices,
    faces: Indices,
    step: Values,
    gathered: Values,
) -> None:
    """stop[roll, column]: the best box for the roll, stopping with `rerolls` left (so saving them).

    What a box leads to depends on the roll only through its points, so the next states'
    values are gathered once per box (per count of the face for an upper box) and each
    roll's row is then a contiguous maximum.
    """
    cap = child.shape[2] - 1
    stop[:] = NEG
    for box in range(len(faces)):
        bit = 1 << box
        if mask & bit:
            continue
        after = child[rank[mask | bit], rerolls]
        face = faces[box]
        if face:
            for count in range(7):
                gained = count * face
                row = gathered[count]
                for column in range(len(uppers)):
                    upper = uppers[column]
                    row[column] = gained + step[upper, gained] + after[min(cap, upper + gained)]
            for roll in range(stop.shape[0]):
                _raise_to(stop[roll], gathered[points[box, roll] // face], 0.0)
        else:
            row = gathered[0]
            for column in range(len(uppers)):
                row[column] = after[uppers[column]]
            for roll in range(stop.shape[0]):
                _raise_to(stop[roll], row, float(points[box, roll]))


@numba.njit(cache=True, fastmath=True)
def _raise_to(row: Values, values: Values, plus: float) -> None:
    """row = max(row, values + plus), element by element."""
    for column in range(len(row)):
        row[column] = max(row[column], values[column] + plus)
