"""The climber: a heuristic bot for Roll to the Top (docs/rules/rolltothetop.md).

Writing step: it plans the rest of its turn. From its own sheet and the dice it has not
used yet, it searches the orders of writes (R8), where each open box gets the cheapest
group of free dice that fits it (the smallest sum at least the box's least number, then
the fewest dice), and values a finished plan by `evaluator.progress` (filled boxes, open
boxes, and the floors that high numbers set for the boxes above, R6) less a little for
every number written, so low numbers are kept when all else is equal. It plays the first
write of the best plan, or confirms when writing nothing more is best; it never undoes.

Pool step: for each change it may make (R13–R17), it rolls the next turn's pool a few times
from its own generator and plans each roll greedily; it makes the change with the best mean.

It plays its own sheet as a race, whatever the others write (their sheets do not change
its own, R9), and sees only what its seat sees: it works on `determinize(seat, ...)`.

Alone, over 500 seeded games each (`tabletop match rolltothetop rolltothetop -p 1 -n 500
-o postcard=...`, 95% intervals), it needs 6.58 ± 0.16 turns on the Harbour Lighthouse,
8.74 ± 0.19 on the Windmill, 10.61 ± 0.22 on the Bridge and 21.01 ± 0.48 on the Clock
Tower; random play needs 23.7, 32.2, 34.1 and 84.0 (the last mostly stopped by the turn limit).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from tabletop.engine import ActionId, Rng, Seat, State
from tabletop.games.rolltothetop.board import CONFIRM, SIDES, SUBMASKS, Postcard, dice_of
from tabletop.games.rolltothetop.evaluator import progress
from tabletop.games.rolltothetop.rules import Sheet, changed_pool, group_sums, least_number
from tabletop.games.rolltothetop.state import POOL, WRITE, RollToTheTopState

LOW_NUMBER_WEIGHT = 1e-4
"""What each pip written costs a plan: only a tie-breaker between plans of equal progress."""
POOL_SAMPLES = 12
"""Rolls tried per possible pool change."""

Plan = tuple[float, ActionId | None]


class ClimberBot:
    """Plans each writing step, and picks pool changes by sampled next rolls.

    `ClimberBot(seed=1)`; the seed only drives the sampled rolls of the pool step.
    """

    name = "rolltothetop"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def choose(self, state: State, seat: Seat) -> ActionId:
        """The first write of the best plan, `confirm`, or the best pool change."""
        world = cast(RollToTheTopState, state.determinize(seat, self._rng))
        legal = state.legal_action_ids(seat)
        if world.phase == POOL:
            return max(legal, key=lambda change: self._pool_value(world, seat, change))
        if world.phase != WRITE:
            raise ValueError(f"seat {seat} has nothing to choose")
        free = world.active & ~world.used[seat]
        _, first = best_plan(world.postcard, world.sheets[seat], free, world.sums)
        return first if first is not None and first in legal else CONFIRM

    def _pool_value(self, world: RollToTheTopState, seat: Seat, change: ActionId) -> float:
        """The mean value of the next turn's best greedy plan with the pool after `change`."""
        active = changed_pool(world.active, change)
        total = 0.0
        for _ in range(POOL_SAMPLES):
            faces = [1 + self._rng.below(SIDES[die]) if active >> die & 1 else 0 for die in range(len(SIDES))]
            total += greedy_value(world.postcard, world.sheets[seat], active, group_sums(faces))
        return total / POOL_SAMPLES


def plan_value(postcard: Postcard, sheet: Sheet) -> float:
    """What a sheet is worth at the end of a plan."""
    return progress(postcard, sheet) - LOW_NUMBER_WEIGHT * sum(sheet)


def cheapest_writes(
    postcard: Postcard, sheet: Sheet, free: int, sums: Sequence[int]
) -> list[tuple[int, int]]:
    """For each open box, the (box, group) of free dice with the smallest fitting sum, then fewest dice."""
    found = []
    for box in range(len(sheet)):
        least = least_number(postcard, sheet, box)
        if not least:
            continue
        fitting = [group for group in SUBMASKS[free] if sums[group] >= least]
        if fitting:
            found.append((box, min(fitting, key=lambda group: (sums[group], len(dice_of(group))))))
    return found


def best_plan(postcard: Postcard, sheet: Sheet, free: int, sums: Sequence[int]) -> Plan:
    """The best value reachable this turn by cheapest writes in some order, and its first write."""
    memo: dict[tuple[tuple[int, ...], int], float] = {}

    def search(current: Sheet, dice: int) -> Plan:
        key = (tuple(current), dice)
        best: Plan = (plan_value(postcard, current), None)
        if key in memo:
            return memo[key], None
        for box, group in cheapest_writes(postcard, current, dice, sums):
            current[box] = sums[group]
            value, _ = search(current, dice & ~group)
            current[box] = 0
            if value > best[0]:
                best = (value, postcard.write_ids[box][group])
        memo[key] = best[0]
        return best

    return search(list(sheet), free)


def greedy_value(postcard: Postcard, sheet: Sheet, free: int, sums: Sequence[int]) -> float:
    """The value after writing, one at a time, whichever cheapest write helps most, until none helps."""
    current = list(sheet)
    value = plan_value(postcard, current)
    while True:
        best: tuple[float, int, int] | None = None
        for box, group in cheapest_writes(postcard, current, free, sums):
            current[box] = sums[group]
            gained = plan_value(postcard, current)
            current[box] = 0
            if gained > value and (best is None or gained > best[0]):
                best = (gained, box, group)
        if best is None:
            return value
        value, box, group = best
        current[box] = sums[group]
        free &= ~group
