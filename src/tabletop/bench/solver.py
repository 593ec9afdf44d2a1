"""`tabletop bench solver`: our exact Yahtzee table against the PyPI package `yatzy-solver`.

Each solver builds the whole table of solo Yahtzee (forced joker, 13 boxes) in a fresh
process of its own, so neither profits from the other's memory or caches, and the figures
are wall time and the process's peak resident memory (RSS: what the machine must have,
whatever language allocated it). Our compiled kernels are loaded (or compiled) before the
clock starts, and that time is reported on its own. `yatzy-solver` is the optional `bench`
extra (`pip install -c constraints.txt -e '.[bench]'`); without it only ours is measured.
"""

from __future__ import annotations

import multiprocessing
import resource
from dataclasses import dataclass
from importlib.util import find_spec
from time import perf_counter

THEIRS = "yatzy-solver"
THEIR_VARIANT = {"forced": "american+forced-joker", "free": "american"}
"""The package's names for the Yahtzee card under each joker convention."""


@dataclass(frozen=True)
class SolverRun:
    """One solver building the whole Yahtzee table."""

    name: str
    seconds: float
    start_value: float
    peak_rss_mb: float
    baseline_rss_mb: float
    """Peak RSS of the process before the table was built (interpreter and libraries)."""
    warm_up_seconds: float = 0.0


def run(joker: str = "forced") -> list[SolverRun]:
    """Ours, then theirs if installed, each in its own fresh process."""
    runs = [_in_fresh_process(_ours, joker)]
    if find_spec("yatzy_solver") is not None:
        runs.append(_in_fresh_process(_theirs, joker))
    return runs


def describe(runs: list[SolverRun]) -> list[str]:
    """One line per solver, then how they compare."""
    lines = [
        f"{run.name}: {run.seconds:.2f} s for the whole table, start value {run.start_value:.4f}, "
        f"peak RSS {run.peak_rss_mb:.0f} MB ({run.peak_rss_mb - run.baseline_rss_mb:.0f} MB above the "
        f"{run.baseline_rss_mb:.0f} MB of the loaded process)"
        + (
            f"; kernels loaded or compiled first in {run.warm_up_seconds:.2f} s"
            if run.warm_up_seconds
            else ""
        )
        for run in runs
    ]
    if len(runs) == 2:
        ours, theirs = runs
        lines.append(f"ours / theirs: {ours.seconds / theirs.seconds:.2f} of the time")
    else:
        lines.append(f"{THEIRS} is not installed: pip install -c constraints.txt -e '.[bench]'")
    return lines


def _in_fresh_process(target: object, joker: str) -> SolverRun:
    context = multiprocessing.get_context("spawn")
    with context.Pool(1) as pool:
        result: SolverRun = pool.apply(target, (joker,))  # type: ignore[arg-type]
    return result


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _ours(joker: str) -> SolverRun:
    """Our table, computed (not loaded from the disk cache)."""
    from tabletop.bots.solvers.yatzy_exact import CardSolver, warm_up  # noqa: PLC0415 - in the fresh process
    from tabletop.games.yatzy.rules import YAHTZEE  # noqa: PLC0415 - in the fresh process

    started = perf_counter()
    warm_up()
    warm = perf_counter() - started
    card = CardSolver(YAHTZEE, joker)
    baseline = _peak_rss_mb()
    started = perf_counter()
    table = card.solve()
    seconds = perf_counter() - started
    return SolverRun("tabletop (numba)", seconds, float(table[0, 0, 0]), _peak_rss_mb(), baseline, warm)


def _theirs(joker: str) -> SolverRun:
    import yatzy_solver  # noqa: PLC0415 - optional, and in the fresh process

    variant = yatzy_solver.Variant(THEIR_VARIANT[joker])
    baseline = _peak_rss_mb()
    started = perf_counter()
    solver = yatzy_solver.Solver.build(variant)
    seconds = perf_counter() - started
    value = float(solver.state_value("upper 0 | filled -"))
    return SolverRun(f"{THEIRS} (Rust)", seconds, value, _peak_rss_mb(), baseline)
