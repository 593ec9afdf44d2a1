"""Yatzy's components and notation: the dice on the table, the action ids, the element ids.

The score cards (which boxes, which bonuses) are rules and live in `rules`; the box formulas
in `scoring`. Section 11 of docs/rules/yatzy.md.

Actions of the mover, one decision each (the first roll of a turn happens by itself, Y-R1):
``die:<i>`` toggles keeping die i (0-based), ``roll`` rerolls the dice not kept,
``score:<box>`` writes the dice into an empty box. Drawing element ids: ``die-<i>``,
``roll``, and ``cell-<seat>-<box>`` with the box id's underscores written as hyphens
(``cell-0-full-house``), because element ids are made of [a-z0-9-].

>>> DIE_INDEX["die:4"], score_id("full_house"), cell_element(1, "full_house")
(4, 'score:full_house', 'cell-1-full-house')
"""

from __future__ import annotations

from tabletop.engine import Seat, mention

FACES = 6
"""Ordinary six-sided dice (the components on the rules page)."""
MOST_DICE = 6
"""Maxi Yatzy rolls six dice, every other card five."""

ROLL = "roll"
DIE_PREFIX = "die:"
SCORE_PREFIX = "score:"

DIE_IDS: tuple[str, ...] = tuple(f"{DIE_PREFIX}{index}" for index in range(MOST_DICE))
"""`DIE_IDS[i]`: the id toggling die i."""
DIE_INDEX: dict[str, int] = {action_id: index for index, action_id in enumerate(DIE_IDS)}
"""The die each well-formed toggle names: "die:01" or "die:+1" are not ids."""


def score_id(box_id: str) -> str:
    """The action writing the dice into `box_id`."""
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
