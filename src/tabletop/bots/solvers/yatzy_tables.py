"""The exact Yatzy tables on disk: computed once per card, then loaded in a fraction of a second.

A table is one numpy file per card and joker convention in the cache directory:
`$TABLETOP_CACHE_DIR`, else `$XDG_CACHE_HOME/tabletop`, else `~/.cache/tabletop`. The file
name carries `TABLE_VERSION`, so a change of the solver or of a rule that moves any value
is a new version, and stale files are never read. A missing table is computed on first use
(with a progress bar on the terminal) or ahead of time by `tabletop solve yatzy`.

Maxi Yatzy's table (saved rolls, `yatzy_saved`) is a directory of one file per layer,
15 GB in all: it is computed only on request (`tabletop solve yatzy --variant maxi`, about
an hour on two cores), never on first use, and read memory-mapped once complete.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import Progress

from tabletop.bots.solvers.yatzy_exact import CardSolver, solvable
from tabletop.bots.solvers.yatzy_saved import (
    LayerProgress,
    SavedRollsSolver,
    SavedRollsTable,
    save_atomically,
)
from tabletop.games.yatzy.rules import VARIANTS, Variant

TABLE_VERSION = 1
"""Bump when the solver or a rule changes any value: old files are then ignored."""


def cache_dir() -> Path:
    """Where the tables live (created on first write)."""
    if explicit := os.environ.get("TABLETOP_CACHE_DIR"):
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "tabletop"


def convention(variant: Variant, joker: str) -> str:
    """The joker convention that matters for this card: only Yahtzee cards have a joker."""
    return joker if variant.has_joker else "none"


def table_path(variant_id: str, joker: str) -> Path:
    """The file of one card's table, e.g. yatzy-yahtzee-forced-v1.npy."""
    variant = VARIANTS[variant_id]
    return cache_dir() / f"yatzy-{variant.id}-{convention(variant, joker)}-v{TABLE_VERSION}.npy"


def solver(variant_id: str, joker: str, *, show_progress: bool = True) -> CardSolver:
    """The solver of a card with its table: from memory, from disk, or computed and saved now."""
    variant = VARIANTS[variant_id]
    return _solver(variant.id, convention(variant, joker), show_progress)


@cache
def _solver(variant_id: str, joker: str, show_progress: bool) -> CardSolver:
    card = CardSolver(VARIANTS[variant_id], "forced" if joker == "none" else joker)
    path = table_path(variant_id, joker)
    if path.exists():
        table = np.load(path)
        if table.shape == card.shape:
            return CardSolver(card.variant, card.joker, table)
    compute(card, show_progress)
    save(card, path)
    return card


def compute(card: CardSolver, show_progress: bool) -> None:
    """Solves the card, with a Rich progress bar (on stderr) when asked."""
    if not show_progress:
        card.solve()
        return
    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(f"Solving {card.variant.title} ({card.joker} joker)", total=1 << card.boxes)
        card.solve(lambda done, total: bar.update(task, completed=done, total=total))


def save(card: CardSolver, path: Path) -> None:
    """Writes the table atomically: a reader sees the old file or the whole new one."""
    save_atomically(card.solved_table(), path)


def exact_card(variant_id: str, joker: str) -> CardSolver | SavedRollsTable:
    """The exact table the bot plays a card from (`has_exact_table` says whether there is one)."""
    if VARIANTS[variant_id].saves_rolls:
        table = saved_rolls_table(variant_id)
        if table is None:
            raise LookupError(
                f"{VARIANTS[variant_id].title} is not solved: run tabletop solve yatzy --variant {variant_id}"
            )
        return table
    return solver(variant_id, joker)


def layers_dir(variant_id: str) -> Path:
    """The directory of a card that saves rolls: one file per layer, e.g. yatzy-maxi-none-v1/."""
    return cache_dir() / f"yatzy-{variant_id}-none-v{TABLE_VERSION}"


def has_exact_table(variant: Variant) -> bool:
    """Whether the bot can play this card exactly now: every card but Maxi Yatzy, which once solved."""
    return solvable(variant) or saved_rolls_table(variant.id) is not None


def saved_rolls_table(variant_id: str) -> SavedRollsTable | None:
    """A card that saves rolls, if `tabletop solve yatzy` has computed every layer of it."""
    if variant_id not in _saved_rolls_tables:
        table = SavedRollsTable.load(VARIANTS[variant_id], layers_dir(variant_id))
        if table is None:
            return None
        _saved_rolls_tables[variant_id] = table
    return _saved_rolls_tables[variant_id]


_saved_rolls_tables: dict[str, SavedRollsTable] = {}
"""Complete tables only: a missing one is looked for again on the next call."""


def solve_saved_rolls(variant_id: str, show_progress: bool = True) -> SavedRollsTable:
    """Computes the layers still missing on disk (a stopped run resumes), then reads the table."""
    solver = SavedRollsSolver(VARIANTS[variant_id])
    if not show_progress:
        solver.solve(layers_dir(variant_id))
    else:
        with Progress(console=Console(stderr=True)) as bar:
            task = bar.add_task(f"Solving {solver.variant.title}", total=1 << solver.boxes)
            done_by_layer: dict[int, int] = {}

            def report(written: int, done: int, _masks: int) -> None:
                done_by_layer[written] = done
                description = f"Solving {solver.variant.title}: masks of {written} boxes"
                bar.update(task, completed=sum(done_by_layer.values()), description=description)

            progress: LayerProgress = report
            solver.solve(layers_dir(variant_id), progress)
    table = saved_rolls_table(variant_id)
    if table is None:  # pragma: no cover - solve() has just written every layer
        raise RuntimeError(f"the layers of {variant_id} are not all in {layers_dir(variant_id)}")
    return table
