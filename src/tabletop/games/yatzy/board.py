"""Yatzy's components and notation: the dice on the table, the action ids, the element ids.

The score cards (which boxes, which bonuses) are rules and live in `rules`; the box formulas
in `scoring`. Section 11 of docs/rules/yatzy.md.

Actions of the mover, one decision each (the first roll of a turn happens by itself, Y-R1):
``roll:<kept>`` keeps the dice at the listed positions (0-based, increasing, separated by
commas) and rerolls the others, ``roll:`` rerolls them all; ``score:<box>`` writes the dice
into an empty box. Drawing element ids: ``die-<i>`` (the dice a roll keeps are its
selection), ``roll`` (the Roll button, every roll's path) and ``cell-<seat>-<box>`` with the
box id's underscores written as hyphens (``cell-0-full-house``), because element ids are
made of [a-z0-9-].

>>> roll_id((0, 3)), kept_positions("roll:0,3", 5), kept_positions("roll:3,0", 5)
('roll:0,3', (0, 3), None)
>>> score_id("full_house"), cell_element(1, "full_house")
('score:full_house', 'cell-1-full-house')
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations

from tabletop.engine import Seat, mention

FACES = 6
"""Ordinary six-sided dice (the components on the rules page)."""

ROLL = "roll"
"""The Roll button's element id."""
ROLL_PREFIX = "roll:"
SCORE_PREFIX = "score:"


def roll_id(kept: Iterable[int]) -> str:
    """The action keeping the dice at these positions and rerolling the others."""
    return ROLL_PREFIX + ",".join(str(index) for index in sorted(kept))


@cache
def roll_choices(dice: int) -> dict[str, tuple[int, ...]]:
    """Every roll of `dice` dice and the positions it keeps, fewest kept first, then lowest
    positions first; keeping them all would roll nothing (Y-R2), so it is not among them."""
    return {roll_id(kept): kept for size in range(dice) for kept in combinations(range(dice), size)}


def roll_ids(dice: int) -> list[str]:
    """Every roll of `dice` dice, in the order of `roll_choices`."""
    return list(roll_choices(dice))


def kept_positions(action_id: str, dice: int) -> tuple[int, ...] | None:
    """The positions a well-formed roll id keeps, or None ("roll:1,0", "roll:01" are not ids).

    Keeping every die is not a roll (Y-R2), so it is not an id either.
    """
    return roll_choices(dice).get(action_id)


@cache
def score_id(box_id: str) -> str:
    """The action writing the dice into `box_id` (remembered: every legal list names them)."""
    return SCORE_PREFIX + box_id


def player_name(seat: Seat) -> str:
    """A seat's player in the game's text: a mention, which the reader sees as a name."""
    return mention(seat)


def die_element(index: int) -> str:
    """The drawing's element id of die `index` (stable, so the browser can animate it)."""
    return f"die-{index}"


def cell_element(seat: Seat, box_id: str) -> str:
    """The drawing's element id of a box on a seat's sheet (element ids use hyphens only)."""
    return f"cell-{seat}-{box_id.replace('_', '-')}"


# -- research: the action space --------------------------------------------------------------


def action_space(dice: int, box_ids: tuple[str, ...]) -> tuple[str, ...]:
    """Every id ever legal with `dice` dice and a card of `box_ids`: every roll, then every box.

    Rolls come in the order of `roll_choices` (fewest kept first, then lowest positions);
    then "score:<box>" in card order.

    >>> space = action_space(5, ("ones", "chance"))
    >>> len(space), space[:3], space[30:]
    (33, ('roll:', 'roll:0', 'roll:1'), ('roll:1,2,3,4', 'score:ones', 'score:chance'))
    """
    return (*roll_ids(dice), *(score_id(box_id) for box_id in box_ids))
