"""The exact Yatzy tables on disk: computed once per card, then loaded in a fraction of a second.

A table is one numpy file per card and joker convention in the cache directory:
`$TABLETOP_CACHE_DIR`, else `$XDG_CACHE_HOME/tabletop`, else `~/.cache/tabletop`. The file
name carries `TABLE_VERSION`, so a change of the solver or of a rule that moves any value
is a new version, and stale files are never read. A missing table is computed on first use
(with a progress bar on the terminal) or ahead of time by `tabletop solve yatzy`.
"""

from __future__ import annotations

import os
import tempfile
from functools import cache
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import Progress

from tabletop.bots.solvers.yatzy_exact import CardSolver
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
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".npy", delete=False) as handle:
        np.save(handle, card.solved_table())
    Path(handle.name).chmod(0o644)  # a cache file like any other, not a private temporary one
    os.replace(handle.name, path)
