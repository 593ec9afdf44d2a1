"""The exact Yatzy solver: published optima, the rules page's best-play scenarios, closed forms
for end-game positions, the disk cache, and the bot's use of it.

Rules and scenarios cited are those of docs/rules/yatzy.md. The tables are computed once
per test session into a temporary cache directory (`solver_tables` in tests/conftest.py;
about 10 s each on an idle core).
"""

from __future__ import annotations

from dataclasses import replace
from math import comb
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tabletop.bots.solvers import yatzy_tables
from tabletop.bots.solvers.yatzy import YatzyBot, action_values, value_of
from tabletop.bots.solvers.yatzy_exact import CardSolver, solvable
from tabletop.bots.solvers.yatzy_turn import TurnValues, dice_tables
from tabletop.games.yatzy import GAME, YatzyState
from tabletop.games.yatzy.rules import VARIANTS, Variant
from tabletop.games.yatzy.scoring import total_pips


def _values(dice: list[int], **details: Any) -> dict[str, float]:
    state = YatzyState.from_position(GAME, dice=dice, **details)
    return action_values(state.view(state.mover), state.mover)


def _top(values: dict[str, float], count: int) -> list[float]:
    return [round(value, 4) for value in sorted(values.values(), reverse=True)[:count]]


@pytest.mark.parametrize(
    ("variant", "joker", "published"),
    [("yahtzee", "forced", 254.5877), ("yahtzee", "free", 254.5896), ("yatzy", "forced", 248.4400)],
)
def test_the_value_of_a_fresh_card_is_the_published_optimum(
    variant: str, joker: str, published: float
) -> None:
    # Scenario 25's last sentence: the expected final score of optimal solo play.
    assert round(yatzy_tables.solver(variant, joker).start_value(), 4) == published


@pytest.mark.parametrize(
    ("variant", "joker", "best_three"),
    [
        ("yahtzee", "forced", [251.4054, 249.9371, 249.9364]),
        ("yahtzee", "free", [251.4072, 249.9388, 249.9381]),
        ("yatzy", "forced", [245.7548, 245.6731, 245.6395]),
    ],
)
def test_the_best_keeps_of_a_first_roll_match_scenario_24(
    variant: str, joker: str, best_three: list[float]
) -> None:
    values = _values([1, 3, 3, 5, 6], rolls_left=2, variant=variant, joker=joker)
    rolls = {action_id: value for action_id, value in values.items() if action_id.startswith("roll:")}
    assert _top(rolls, 3) == best_three
    assert max(values, key=lambda action_id: values[action_id]) == "roll:1,2"  # keep 3-3


@pytest.mark.parametrize(
    ("variant", "expected"),
    [
        ("yahtzee", {"score:yahtzee": 320.8306, "score:sixes": 279.4714, "score:four_of_a_kind": 265.5385}),
        ("yatzy", {"score:yahtzee": 280.1217, "score:sixes": 270.3376, "score:four_of_a_kind": 256.3628}),
    ],
)
def test_five_sixes_on_a_fresh_card_match_scenario_25(variant: str, expected: dict[str, float]) -> None:
    values = _values([6] * 5, rolls_left=0, variant=variant)
    assert {action_id: round(values[action_id], 4) for action_id in expected} == expected
    assert _top(values, 3) == list(expected.values())


def _all_written_but(*open_boxes: str, **written: int) -> dict[str, int]:
    sheet = {box_id: 0 for box_id in VARIANTS["yahtzee"].box_ids if box_id not in open_boxes}
    sheet.update(written)
    return sheet


def _last_turn(sheet: dict[str, int]) -> float:
    """The expected points of the last turn of a Yahtzee card, before its first roll."""
    card = yatzy_tables.solver("yahtzee", "forced")
    return card.turn({**dict.fromkeys(VARIANTS["yahtzee"].box_ids), **sheet}).keep_value((0,) * 6, 3)


def test_a_last_turn_for_chance_is_worth_70_over_3() -> None:
    # One die over three rolls is worth 3.5, then 4.25 (reroll below 4), then 14/3
    # (reroll below 5); five dice: 70/3.
    assert _last_turn(_all_written_but("chance", ones=3, threes=9)) == pytest.approx(70 / 3, abs=1e-9)
    # With two rolls left after the first, rerolling all is worth 5 * 4.25 more than the 12 so far.
    sheet = _all_written_but("chance", ones=3, threes=9)
    state = YatzyState.from_position(GAME, dice=[1, 1, 2, 2, 3], rolls_left=2, sheets=[sheet])
    assert value_of(state, "roll:") == pytest.approx(12 + 5 * 4.25, abs=1e-9)


def test_a_last_turn_for_the_yahtzee_box_is_worth_its_classic_chance() -> None:
    # The best chance of five equal dice within three rolls is 2,783,176 / 6^10 (Y-R3).
    assert _last_turn(_all_written_but("yahtzee")) == pytest.approx(50 * 2_783_176 / 6**10, abs=1e-9)


def test_a_last_turn_for_sixes_counts_the_upper_bonus() -> None:
    # Y-R6: at 45 after Ones to Fives, three sixes make 63 and earn 35. Keeping every six,
    # each die ends a six with chance p = 1 - (5/6)^3, so the turn is worth
    # 6 * 5p + 35 * P(at least three of five).
    sheet = _all_written_but("sixes", ones=3, twos=6, threes=9, fours=12, fives=15)
    p = 1 - (5 / 6) ** 3
    at_least_three = sum(comb(5, k) * p**k * (1 - p) ** (5 - k) for k in range(3, 6))
    assert _last_turn(sheet) == pytest.approx(6 * 5 * p + 35 * at_least_three, abs=1e-9)


def test_a_joker_yahtzee_in_the_last_box_earns_its_bonus() -> None:
    # Y-R7 and Y-R8 rule 2: Yahtzee box 50, Sixes written, Chance open: 30 + 100.
    sheet = _all_written_but("chance", yahtzee=50, sixes=24)
    state = YatzyState.from_position(GAME, dice=[6] * 5, rolls_left=0, sheets=[sheet])
    assert action_values(state.view(0), 0) == {"score:chance": 74 + 30 + 100}


def test_the_turn_of_a_fresh_card_averages_to_the_tables_value() -> None:
    # The query path (one state's turn) and the table (every state at once) agree.
    card = yatzy_tables.solver("yahtzee", "forced")
    turn = card.turn(dict.fromkeys(VARIANTS["yahtzee"].box_ids))
    first_roll = turn.keeps[2, 0]  # keeping nothing with two rerolls after the roll = the turn
    assert turn.keep_value((0,) * 6, 3) == pytest.approx(card.start_value(), abs=1e-9)
    assert first_roll == pytest.approx(_values([1, 3, 3, 5, 6], rolls_left=2)["roll:"], abs=1e-9)


def test_the_bot_plays_the_best_action_and_value_of_agrees() -> None:
    state = YatzyState.from_position(GAME, dice=[1, 3, 3, 5, 6], rolls_left=2)
    values = action_values(state.view(0), 0)
    choice = YatzyBot().choose(state, 0)
    assert choice == "roll:1,2" and value_of(state, choice) == max(values.values())
    assert set(values) == set(state.legal_action_ids(0))
    with pytest.raises(KeyError):
        value_of(state, "roll:0,1,2,3,4")


def test_in_a_multi_player_table_the_bot_plays_its_solo_optimal_policy() -> None:
    sheet = {"ones": 2, "full_house": 25}
    solo = YatzyState.from_position(GAME, dice=[2, 2, 4, 5, 5], rolls_left=1, sheets=[sheet])
    table = YatzyState.from_position(
        GAME, dice=[2, 2, 4, 5, 5], rolls_left=1, players=3, mover=2, sheets=[{"sixes": 30}, {}, sheet]
    )
    assert YatzyBot().choose(table, 2) == YatzyBot().choose(solo, 0)
    assert action_values(table.view(2), 2) == action_values(solo.view(0), 0)


@pytest.mark.parametrize("dice", [[5, 3, 5, 5, 2], [2, 6, 6, 1, 6], [4, 4, 1, 4, 4]])
def test_equal_dice_give_equal_values_and_the_bot_keeps_the_lowest_positions(dice: list[int]) -> None:
    state = YatzyState.from_position(GAME, dice=dice, rolls_left=1)
    values = action_values(state.view(0), 0)
    by_faces: dict[tuple[int, ...], set[float]] = {}
    for action_id, value in values.items():
        if action_id.startswith("roll:"):
            kept = action_id.removeprefix("roll:")
            faces = tuple(sorted(dice[int(index)] for index in kept.split(","))) if kept else ()
            by_faces.setdefault(faces, set()).add(value)
    assert all(len(group) == 1 for group in by_faces.values())
    assert len(by_faces) < sum(action_id.startswith("roll:") for action_id in values)
    best = max(values.values())
    assert YatzyBot().choose(state, 0) == next(a for a in state.legal_action_ids(0) if values[a] == best)


def test_tables_are_saved_versioned_and_loaded_back(
    solver_tables: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    yatzy_tables._solver.cache_clear()  # a table loaded before from elsewhere would not prove the save
    card = yatzy_tables.solver("yahtzee", "forced")
    path = solver_tables / f"yatzy-yahtzee-forced-v{yatzy_tables.TABLE_VERSION}.npy"
    assert yatzy_tables.table_path("yahtzee", "forced") == path and path.exists()
    assert (
        yatzy_tables.table_path("yatzy", "free").name == f"yatzy-yatzy-none-v{yatzy_tables.TABLE_VERSION}.npy"
    )
    yatzy_tables._solver.cache_clear()
    monkeypatch.setattr(yatzy_tables, "compute", _refuse)
    loaded = yatzy_tables.solver("yahtzee", "forced")
    assert np.array_equal(loaded.solved_table(), card.solved_table())


def test_a_table_of_the_wrong_shape_is_computed_again(solver_tables: Path) -> None:
    path = yatzy_tables.table_path("yahtzee", "free")
    yatzy_tables.solver("yahtzee", "free")
    good = np.load(path)
    np.save(path, np.zeros((2, 2)))
    yatzy_tables._solver.cache_clear()
    assert np.array_equal(yatzy_tables.solver("yahtzee", "free").solved_table(), good)
    assert np.load(path).shape == good.shape


def _refuse(card: CardSolver, show_progress: bool) -> None:
    raise AssertionError("the table should have been loaded, not computed")


def test_maxi_yatzy_has_no_table_and_the_bot_plays_its_heuristic() -> None:
    assert not solvable(VARIANTS["maxi"]) and all(
        solvable(VARIANTS[card]) for card in VARIANTS if card != "maxi"
    )
    with pytest.raises(ValueError, match="Maxi Yatzy has no exact table"):
        CardSolver(VARIANTS["maxi"], "forced")
    state = GAME.new_state(options={"variant": "maxi"}, seed=4)
    assert YatzyBot().choose(state, 0) in state.legal_action_ids(0)


def _small_card(*box_ids: str, like: str) -> Variant:
    """A card of a few of `like`'s boxes with its bonus rules: a table of a few thousand states."""
    rules = VARIANTS[like]
    boxes = tuple(rules.box(box_id) for box_id in box_ids)
    return replace(rules, id=f"small-{like}", boxes=boxes, has_delta="plus" in box_ids)


def test_yams_delta_is_paid_when_the_second_of_plus_and_minus_is_written() -> None:
    # 5.3 and Q4: Plus 25 written, Minus the last box: the turn is worth E[max(0, 25 - sum)]
    # under the best play, computed here by the independent pure-Python turn of yatzy_turn.
    card = CardSolver(_small_card("ones", "plus", "minus", like="yams"), "forced")
    card.solve()
    tables = dice_tables(5)
    stop = [float(max(0, 25 - total_pips(roll))) for roll in tables.rolls]
    expected = TurnValues(tables, stop).expected_start(rerolls=2)
    turn = card.turn({"ones": 2, "plus": 25, "minus": None})
    assert turn.keep_value((0,) * 6, 3) == pytest.approx(expected, abs=1e-9)
    # Minus first, then Plus: the same Delta from the other side.
    stop = [float(max(0, total_pips(roll) - 12)) for roll in tables.rolls]
    expected = TurnValues(tables, stop).expected_start(rerolls=2)
    turn = card.turn({"ones": 2, "plus": None, "minus": 12})
    assert turn.keep_value((0,) * 6, 3) == pytest.approx(expected, abs=1e-9)


def test_yams_upper_bonus_follows_the_total_beyond_60() -> None:
    # Y-R9: at 45 after Ones to Fives, k sixes make 45 + 6k; from 60 the bonus is that minus 30.
    card = CardSolver(_small_card(*VARIANTS["yams"].box_ids[:6], like="yams"), "forced")
    card.solve()
    tables = dice_tables(5)
    stop = [6.0 * roll[5] + (45 + 6 * roll[5] - 30 if 45 + 6 * roll[5] >= 60 else 0) for roll in tables.rolls]
    expected = TurnValues(tables, stop).expected_start(rerolls=2)
    sheet = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": None}
    assert card.turn(sheet).keep_value((0,) * 6, 3) == pytest.approx(expected, abs=1e-9)
