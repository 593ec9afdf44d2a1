"""The Yatzy bot: the exact solver's policy, and a turn-exact heuristic where no table exists.

On every card with an exact table (all; Maxi Yatzy once solved, see below) the bot plays
optimally for its own expected final score: each decision maximises, over the legal
actions, the expected final total of its card when every later decision is optimal too
(`action_values`). That policy averages 254.59 in solo Yahtzee under the forced joker (the
published optimum; docs/rules/yatzy.md lists every card's value). In multi-player tables
the bot plays this solo-optimal policy: it maximises its own expected score and ignores
the opponents' cards, which is not always what maximises the chance to win (a player far
behind should gamble more), but it is exact for what it optimises and cheap.

`action_values` and `value_of` expose the solver's values for analysis: the exact
expected-score loss of a decision is the best value minus the value of the action played.

Maxi Yatzy (saved rolls, six dice, 20 boxes) has an exact table only once `tabletop solve
yatzy --variant maxi` has computed it (`yatzy_saved`: about an hour, 15 GB on disk, read
memory-mapped), and the bot then plays it exactly as the others. Until then it plays the
best play inside each turn against an estimate of the rest of the card (`_Card`): each
decision maximises the expected value of the turn, computed exactly over the dice
(`yatzy_turn.TurnValues`), where writing roll R into box B is worth

    points(B, R) + Yahtzee bonus now − open_value(B) + upper-bonus and Yahtzee-bonus outlook

`open_value(B)` estimates what B would score if left open: the mean of the best of `m`
turns spent on B alone, with m growing with the turns left. The upper-bonus outlook is the
expected bonus given the upper total and the distributions of the open upper boxes. On
solo Yahtzee this heuristic averaged about 248 (1,000 seeded games), 6.7 below the optimum.

It plays from the view alone (nothing is hidden in Yatzy).

>>> from tabletop.games.yatzy import GAME
>>> maxi = GAME.new_state(options={"variant": "maxi"}, seed=1)
>>> YatzyBot().choose(maxi, 0) in maxi.legal_action_ids(0)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from tabletop.bots.solvers import yatzy_tables
from tabletop.bots.solvers.yatzy_exact import Turn
from tabletop.bots.solvers.yatzy_turn import Counts, DiceTables, TurnValues, dice_tables
from tabletop.engine import ActionId, Seat, State
from tabletop.games.yatzy.board import SCORE_PREFIX, roll_choices, roll_id
from tabletop.games.yatzy.rules import (
    ROLLS_PER_TURN,
    VARIANTS,
    YAHTZEE_BONUS,
    Variant,
    earns_yahtzee_bonus,
    scoring_choices,
    upper_total,
)
from tabletop.games.yatzy.scoring import counts_of

EXTRA_CHANCES_PER_TURN = 0.4
"""How many more turns' worth of chances a box gets for each further turn it stays open."""
SAVED_ROLL_VALUE = 2.0
"""Maxi Yatzy (Y-R5): the points an unused roll is worth for later turns."""
MAX_REROLLS = 4
"""Maxi Yatzy can bank many rolls; plans look at most this many rerolls ahead."""
YAHTZEE_RATE = 0.02
"""Chance per later turn of rolling another Yahtzee without chasing it (for the Y-R7 outlook)."""

Sheet = Mapping[str, int | None]


class YatzyBot:
    """The exact solo-optimal player (a turn-exact heuristic in Maxi Yatzy until it is solved).

    It is deterministic: `seed` is accepted for the common bot factory signature only.
    Among equally good actions it takes the first legal one (fewest dice kept, then card order).
    """

    name = "yatzy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: State, seat: Seat) -> ActionId:
        """The best roll (as one action keeping the chosen dice) or the best box."""
        view = state.view(seat)
        if not yatzy_tables.has_exact_table(VARIANTS[view["variant"]]):
            return choose_from_view(view, seat)
        values = action_values(view, seat)
        return max(values, key=lambda action_id: values[action_id])


class YatzyExactValues:
    """The solver's values for analysis: each decision's exact expected final total (`bots.ExactValues`).

    It takes every card with a table (`takes_table`); the loss of a decision is then the
    exact expected score it gave away, whatever the dice did next.
    """

    name = "yatzy-exact"
    version = f"table-v{yatzy_tables.TABLE_VERSION}"
    kind = "score"

    def action_values(self, state: State, seat: Seat) -> dict[ActionId, float]:
        """`action_values` of the seat's own view."""
        return action_values(state.view(seat), seat)


def takes_table(options: Mapping[str, Any]) -> bool:
    """Whether a Yatzy table with these resolved options has an exact table (all cards; Maxi
    Yatzy once `tabletop solve yatzy --variant maxi` has computed it).

    >>> takes_table({"variant": "yahtzee"})
    True
    """
    return yatzy_tables.has_exact_table(VARIANTS[str(options["variant"])])


def action_values(view: Mapping[str, Any], seat: Seat) -> dict[ActionId, float]:
    """Per legal action of `seat` (the mover): the expected final total of its card when every
    later decision is optimal (exact; cards with a table only, see `yatzy_exact.solvable`).

    Legal actions come in the game's order, so the first maximum is the bot's choice.
    """
    variant = VARIANTS[view["variant"]]
    sheet = view["seats"][seat]["sheet"]
    so_far = float(view["seats"][seat]["total"])
    joker = str(view["joker"])
    dice: list[int] = view["dice"]
    counts = counts_of(dice)
    values: dict[ActionId, float] = {}
    rolls_left = int(view["rolls_left"])
    if rolls_left:
        turn = _turn(variant.id, joker, tuple(sheet[box_id] for box_id in variant.box_ids))
        for action_id, kept in roll_choices(len(dice)).items():
            keep = counts_of(dice[index] for index in kept)
            values[action_id] = so_far + turn.keep_value(keep, rolls_left)
    for box_id, value in (
        yatzy_tables.exact_card(variant.id, joker).choice_values(sheet, counts, rolls_left).items()
    ):
        values[SCORE_PREFIX + box_id] = so_far + value
    return values


def value_of(state: State, action_id: ActionId) -> float:
    """The expected final total of the mover's card after `action_id`, optimal play after it.

    The exact expected-score loss of a decision is `max(action_values) - value_of(played)`.
    Raises KeyError for an action that is not legal now.
    """
    (seat,) = state.current_players()
    return action_values(state.view(seat), seat)[action_id]


@lru_cache(maxsize=64)
def _turn(variant_id: str, joker: str, sheet_values: tuple[int | None, ...]) -> Turn:
    """The exact turn of a sheet, kept for the three decisions of a turn."""
    variant = VARIANTS[variant_id]
    sheet = dict(zip(variant.box_ids, sheet_values, strict=True))
    return yatzy_tables.exact_card(variant_id, joker).turn(sheet)


def choose_from_view(view: Mapping[str, Any], seat: Seat) -> ActionId:
    """The heuristic's action for `seat` from what that seat sees (any card, Maxi Yatzy included)."""
    variant = VARIANTS[view["variant"]]
    sheet = view["seats"][seat]["sheet"]
    card = _card(variant.id, str(view["joker"]), tuple(sheet[box_id] for box_id in variant.box_ids))
    counts = counts_of(view["dice"])
    rerolls = min(int(view["rolls_left"]), MAX_REROLLS)
    if rerolls:
        keep, _ = card.turn.best_keep(card.turn.tables.roll_index[counts], rerolls)
        if keep is not None:
            return roll_keeping(view["dice"], card.turn.tables.keeps[keep])
    return SCORE_PREFIX + card.best_box(counts)


def roll_keeping(dice: Sequence[int], keep: Counts) -> ActionId:
    """The roll keeping these face counts: the first dice showing each kept face stay.

    Equal dice are interchangeable, so of the rolls keeping the same faces the bot always
    names the one keeping the lowest positions.

    >>> roll_keeping([3, 1, 3, 3, 6], (0, 0, 2, 0, 0, 1))
    'roll:0,2,4'
    """
    wanted = list(keep)
    kept = []
    for index, face in enumerate(dice):
        if wanted[face - 1]:
            wanted[face - 1] -= 1
            kept.append(index)
    return roll_id(kept)


class _Card:
    """One player's card seen by the bot: the value of each way to end this turn."""

    def __init__(self, variant: Variant, joker: str, sheet: Sheet) -> None:
        self.variant = variant
        self.joker = joker
        self.sheet = sheet
        self.turns_after = list(sheet.values()).count(None) - 1
        self.upper_total = upper_total(sheet)
        self.open_upper = frozenset(box.id for box in variant.boxes if box.is_upper and sheet[box.id] is None)
        tables = dice_tables(variant.dice)
        stop = [self.stop_value(roll) for roll in tables.rolls]
        self.turn = TurnValues(tables, stop, SAVED_ROLL_VALUE if variant.saves_rolls else 0.0)

    def stop_value(self, counts: Counts) -> float:
        """What ending the turn with this roll is worth: the best box for it."""
        return max(self._choice_values(counts).values())

    def best_box(self, counts: Counts) -> str:
        """The box to write this roll in (the first in card order among equals)."""
        values = self._choice_values(counts)
        return max(values, key=lambda box_id: values[box_id])

    def _choice_values(self, counts: Counts) -> dict[str, float]:
        bonus = YAHTZEE_BONUS if earns_yahtzee_bonus(self.variant, self.sheet, counts) else 0
        choices = scoring_choices(self.variant, self.joker, self.sheet, counts)
        return {box_id: self._value(box_id, points) + bonus for box_id, points in choices.items()}

    def _value(self, box_id: str, points: int) -> float:
        """Points now, minus what the box was expected to bring, plus the bonus outlooks after it."""
        value = _sign(self.variant, box_id) * points - open_value(self.variant.id, box_id, self.turns_after)
        upper, open_upper = self.upper_total, self.open_upper
        if box_id in open_upper:
            upper, open_upper = upper + points, open_upper - {box_id}
        value += expected_upper_bonus(self.variant.id, upper, open_upper, self.turns_after)
        yahtzee_box = points if box_id == "yahtzee" else self.sheet.get("yahtzee")
        return value + self._yahtzee_outlook(yahtzee_box)

    def _yahtzee_outlook(self, yahtzee_box: int | None) -> float:
        """Y-R7: later Yahtzees earn 100 each once the Yahtzee box holds 50.

        An open Yahtzee box may still get its 50, on average halfway through the turns left.
        """
        if not self.variant.has_joker or yahtzee_box == 0:
            return 0.0
        if yahtzee_box == 50:
            return self.turns_after * YAHTZEE_RATE * YAHTZEE_BONUS
        best = dict(best_of(self.variant.id, "yahtzee", attempts(self.turns_after)))
        return best.get(50, 0.0) * self.turns_after / 2 * YAHTZEE_RATE * YAHTZEE_BONUS


@lru_cache(maxsize=64)
def _card(variant_id: str, joker: str, sheet_values: tuple[int | None, ...]) -> _Card:
    """The card with its turn values, kept for the several decisions of one turn."""
    variant = VARIANTS[variant_id]
    return _Card(variant, joker, dict(zip(variant.box_ids, sheet_values, strict=True)))


def attempts(turns_after: int) -> float:
    """How many turns' worth of chances a box left open still has (1 when it must be next)."""
    return 1.0 + EXTRA_CHANCES_PER_TURN * max(0, turns_after - 1)


def _sign(variant: Variant, box_id: str) -> int:
    """-1 for Yams' Minus, whose points count against Delta (5.3 in rules/yatzy.md); 1 otherwise."""
    return -1 if variant.has_delta and box_id == "minus" else 1


@cache
def devoted_distribution(variant_id: str, box_id: str) -> tuple[tuple[int, float], ...]:
    """(points, chance) of `box_id` when a whole turn of three rolls is played for it alone.

    Points of Yams' Minus are negated: a turn for Minus aims low.
    """
    variant = VARIANTS[variant_id]
    sign = _sign(variant, box_id)
    score = variant.box(box_id).score
    tables = dice_tables(variant.dice)
    turn = TurnValues(tables, [float(sign * score(roll)) for roll in tables.rolls])
    distribution: dict[int, float] = {}
    for roll, chance in enumerate(_final_rolls(tables, turn, ROLLS_PER_TURN - 1)):
        points = sign * score(tables.rolls[roll])
        distribution[points] = distribution.get(points, 0.0) + chance
    return tuple(sorted(distribution.items()))


def _final_rolls(tables: DiceTables, turn: TurnValues, rerolls: int) -> list[float]:
    """The chance of ending the turn on each roll when every keep is the best one."""
    current = [0.0] * len(tables.rolls)
    for roll, chance in tables.outcomes[0]:
        current[roll] += chance
    final = [0.0] * len(tables.rolls)
    for left in range(rerolls, 0, -1):
        following = [0.0] * len(tables.rolls)
        for roll, chance in enumerate(current):
            keep, _ = turn.best_keep(roll, left) if chance else (None, 0.0)
            if keep is None:
                final[roll] += chance
                continue
            for next_roll, next_chance in tables.outcomes[keep]:
                following[next_roll] += chance * next_chance
        current = following
    return [stopped + last for stopped, last in zip(final, current, strict=True)]


@cache
def best_of(variant_id: str, box_id: str, tries: float) -> tuple[tuple[int, float], ...]:
    """(points, chance) of the best of `tries` devoted turns: P(best <= v) = P(one <= v) ** tries."""
    result = []
    cumulative = previous = 0.0
    for points, chance in devoted_distribution(variant_id, box_id):
        cumulative = min(1.0, cumulative + chance)
        below = cumulative**tries
        result.append((points, below - previous))
        previous = below
    return tuple(result)


@cache
def open_value(variant_id: str, box_id: str, turns_after: int) -> float:
    """The points a box left open is expected to bring (nothing to gain when no turn follows)."""
    if turns_after <= 0:
        return 0.0
    return sum(points * chance for points, chance in best_of(variant_id, box_id, attempts(turns_after)))


@cache
def expected_upper_bonus(variant_id: str, upper: int, open_upper: frozenset[str], turns_after: int) -> float:
    """The expected upper bonus (Y-R6, Y-R9, Q6) given the upper total and the open upper boxes."""
    variant = VARIANTS[variant_id]
    totals = {upper: 1.0}
    for box_id in sorted(open_upper):
        following: dict[int, float] = {}
        for points, chance in best_of(variant_id, box_id, attempts(turns_after)):
            for total, total_chance in totals.items():
                following[total + points] = following.get(total + points, 0.0) + total_chance * chance
        totals = following
    return sum(chance * variant.upper_bonus(total) for total, chance in totals.items())
