"""Random Yatzy games: they end with every box written and totals that add up from scratch.

The totals are recomputed here from the written sheets with the bonus rules of
rules/yatzy.md (Y-R6, Y-R7, Y-R9, Q4, Q6, 5.4), independently of the game's own sums; the
Yahtzee bonuses are counted while playing, from the dice and the sheet before each score.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from hypothesis import given, settings
from hypothesis import strategies as st
from yatzy_positions import UPPER

from tabletop.engine import Rng
from tabletop.games.yatzy import GAME, YatzyState

UPPER_BONUS: dict[str, Callable[[int], int]] = {
    "yahtzee": lambda upper: 35 if upper >= 63 else 0,
    "yahtzee14": lambda upper: 35 if upper >= 63 else 0,
    "yams": lambda upper: upper - 30 if upper >= 60 else 0,
    "yatzy": lambda upper: 50 if upper >= 63 else 0,
    "maxi": lambda upper: 100 if upper >= 84 else 0,
}


def recomputed_total(variant: str, sheet: Mapping[str, int], yahtzee_bonuses: int) -> int:
    counted = sum(points for box, points in sheet.items() if box not in ("plus", "minus"))
    delta = max(0, sheet["plus"] - sheet["minus"]) if variant == "yams" else 0
    upper = sum(sheet[box] for box in UPPER)
    return counted + delta + UPPER_BONUS[variant](upper) + 100 * yahtzee_bonuses


def earns_bonus(state: YatzyState) -> bool:
    """Y-R7 as the rules state it: five equal dice while the Yahtzee box already holds 50."""
    is_yahtzee_family = state.variant.id in ("yahtzee", "yahtzee14")
    return is_yahtzee_family and len(set(state.dice)) == 1 and state.sheets[state.mover]["yahtzee"] == 50


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**63),
    players=st.integers(1, 3),
    variant=st.sampled_from(["yahtzee", "yahtzee14", "yams", "yatzy", "maxi"]),
    joker=st.sampled_from(["forced", "free"]),
)
def test_random_games_fill_every_box_and_add_up(seed: int, players: int, variant: str, joker: str) -> None:
    # Y-S3, Y-R4, Y-R6, Y-R7, Y-R9
    state = GAME.new_state(players, {"variant": variant, "joker": joker}, seed)
    chooser = Rng(seed ^ 0x5EED)
    bonuses = [0] * players
    moves = 0
    while not state.is_over():
        action_id = chooser.choice(state.legal_action_ids(state.mover))
        if action_id.startswith("score:") and earns_bonus(state):
            bonuses[state.mover] += 1
        state.apply(state.mover, action_id)
        moves += 1
    assert moves <= GAME.max_length(players, {"variant": variant})
    outcome = state.outcome()
    assert outcome is not None
    for seat, sheet in enumerate(state.sheets):
        assert None not in sheet.values()
        written = {box: points for box, points in sheet.items() if points is not None}
        assert outcome.scores[seat] == recomputed_total(variant, written, bonuses[seat])
