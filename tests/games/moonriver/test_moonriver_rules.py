"""Every numbered rule of docs/rules/moonriver.md on concrete positions, its scenarios, the setup
and what stays hidden. Seats: 0 is Player 1 (A), 1 is Player 2 (B), and so on."""

from __future__ import annotations

import json
import re

import pytest
from moonriver_positions import position

from tabletop.engine import IllegalAction, People, Rng, mention
from tabletop.games.moonriver import GAME
from tabletop.games.moonriver.board import (
    BRIDGE_CELLS,
    CELL_INDEX,
    CELL_NAMES,
    COW_SUPPLY,
    EDGES,
    NEIGHBOURS,
    PLOT_COUNT,
    PLOTS,
)
from tabletop.games.moonriver.rules import placement_ids, score_parts
from tabletop.games.moonriver.state import (
    CLAIM,
    COWBOY,
    DESPERADO,
    HIRE,
    OVER,
    PICK,
    SKULL,
    THIEF,
    MoonRiverState,
)


def cows_at(state: object, seat: int, cell: str) -> int:
    return state.cows[seat][CELL_INDEX[cell]]  # type: ignore[attr-defined,no-any-return]


# -- setup (section 2) -------------------------------------------------------------------


def test_two_players_use_48_plots_and_claim_a_b_b_a() -> None:
    state = GAME.new_state(2, None, 7)
    assert len(state.deck) + len(state.active) == 48 and len(state.box) == 48
    first, second = state.claim_order[0], state.claim_order[1]
    assert state.claim_order == [first, second, second, first]
    assert state.phase == CLAIM and state.current == first


def test_three_and_four_players_use_every_plot_and_one_ranchero_each() -> None:
    for players in (3, 4):
        state = GAME.new_state(players, None, 3)
        assert len(state.deck) + len(state.active) == 96 and not state.box
        assert sorted(state.claim_order) == list(range(players))


def test_a_column_is_sorted_lowest_on_top() -> None:
    state = GAME.new_state(4, None, 11)
    numbers = [entry[0] for entry in state.active]
    assert numbers == sorted(numbers) and len(numbers) == 4


# -- rounds ----------------------------------------------------------------------------


def test_turn_order_follows_the_column_scenario_13() -> None:
    # R1, scenario 13: column 5, 12, 30, 41 held by B, A, D, C plays B, A, D, C.
    state = position(players=4, to_move=1, took=5, reserve=[5], active=[(5, 1), (12, 0), (30, 3), (41, 2)])
    order = []
    while state.phase != OVER and len(order) < 4:
        order.append(state.current)
        assert state.phase == PICK  # one plot in reserve: nothing to lay
        state.apply(state.current, state.legal_action_ids(state.current)[0])
    assert order == [1, 0, 3, 2]


def test_a_fourth_plot_forces_a_domino_scenario_1() -> None:
    # R2, scenario 1: reserve 3 + the plot taken: ending the expansion is refused.
    state = position(took=7, reserve=[5, 15, 20, 7])
    ids = state.legal_action_ids(0)
    assert "done" not in ids and "5a1+15b1" in ids
    with pytest.raises(IllegalAction):
        state.apply(0, "done")
    state.apply(0, "5a1+15b1")
    assert len(state.reserve[0]) == 2 and "done" in state.legal_action_ids(0)


def test_four_plots_allow_two_dominoes_three_allow_one() -> None:
    # R3
    state = position(took=7, reserve=[5, 15, 20, 7])
    state.apply(0, "5a1+15b1")
    state.apply(0, "7c1+20d1")
    assert state.phase == PICK and state.reserve[0] == []
    state = position(took=7, reserve=[5, 15, 7])
    state.apply(0, "5a1+15b1")
    assert state.phase == PICK and state.reserve[0] == [7]


def test_the_ranchero_moves_to_a_free_plot_of_the_next_column() -> None:
    # R4
    state = position(
        took=7, reserve=[7], pending=[(8, 1), (9, -1), (11, -1), (14, -1)], active=[(7, 0), (10, 1)]
    )
    assert state.legal_action_ids(0) == ["pick:9", "pick:11", "pick:14"]
    state.apply(0, "pick:11")
    assert [entry[:2] for entry in state.pending] == [[8, 1], [9, -1], [11, 0], [14, -1]]


def test_end_of_round_discards_the_unclaimed_plot_and_draws_a_new_column() -> None:
    # R5 with three players: plot 30 unclaimed leaves; the next column becomes active.
    state = position(
        players=3,
        took=12,
        reserve=[12],
        active=[(12, 0), (30, -1)],
        pending=[(8, 1), (9, 2), (11, -1), (14, -1)],
        deck=[60, 61, 62, 63, 64],
        saloon=[],
    )
    state.apply(0, "pick:14")
    assert [entry[0] for entry in state.active] == [8, 9, 11, 14]
    assert [entry[0] for entry in state.pending] == [60, 61, 62, 63] and state.deck == [64]
    assert state.current == 1 and 30 not in state.reserve[1]
    assert state.saloon == [1, 1, 1, 1, 1]  # R30 refilled


def test_fewer_than_four_plots_left_starts_the_final_round() -> None:
    # R5, R40: no next column can be drawn.
    state = position(
        took=12,
        reserve=[12],
        reserves=[[], [5]],
        active=[(12, 0)],
        pending=[(8, 1), (9, -1), (11, 0), (14, -1)],
        deck=[60],
    )
    state.apply(0, "pick:9")
    assert state.final and state.pending == [] and state.deck == [60]
    assert state.current == 1 and state.reserve[1] == [5, 8] and "done" not in state.legal_action_ids(1)


# -- laying a domino -----------------------------------------------------------------------


def test_any_two_plots_join_either_way_round() -> None:
    # R10
    ids = position(took=7, reserve=[5, 7]).legal_action_ids(0)
    assert {"5a1+7b1", "5b1+7a1", "5a1+7a2", "5a2+7a1"} <= set(ids)


def test_the_first_domino_must_touch_a_bridge_scenario_2() -> None:
    # R11a, scenario 2
    ids = position(took=7, reserve=[5, 7]).legal_action_ids(0)
    assert "5a1+7b1" in ids and "5b1+7b2" not in ids and "5b2+7b1" not in ids
    assert "5d1+7e1" in ids and "5b1+7c1" in ids


def test_a_domino_must_match_a_terrain_scenario_3() -> None:
    # R11b, scenario 3: F on a1; M+C on b1-b2 refused; F+M with the F on b1 legal.
    state = position(took=12, reserve=[5, 12], ranches=[{"a1": 7}])
    assert "5b1+12b2" not in state.legal_action_ids(0) and "5b2+12b1" not in state.legal_action_ids(0)
    state = position(took=5, reserve=[5, 10], ranches=[{"a1": 7}])
    assert "5b2+10b1" in state.legal_action_ids(0)
    assert "5b1+10b2" not in state.legal_action_ids(0)  # the M on b1 touches F only


def test_cells_outside_the_ranch_do_not_exist_scenario_4() -> None:
    # R11: a–e × 1–5 only.
    state = position(took=7, reserve=[5, 7])
    cells = {half[-2:] for action in state.legal_action_ids(0) if "+" in action for half in action.split("+")}
    assert cells <= {f"{c}{r}" for c in "abcde" for r in "12345"}
    with pytest.raises(IllegalAction):
        state.apply(0, "5e1+7f1")
    with pytest.raises(IllegalAction):
        state.apply(0, "5a0+7a1")


def _dominoes_by_reading_r11(ranch: list[int], reserve: list[int]) -> list[str]:
    """R10/R11 read edge by edge: both cells empty, and a half on a bridge or next to its terrain."""
    terrain = {cell: PLOTS[number - 1].terrain for cell, number in enumerate(ranch) if number}

    def touches(number: int, cell: int) -> bool:
        return any(terrain.get(other) == PLOTS[number - 1].terrain for other in NEIGHBOURS[cell])

    numbers = sorted(reserve)
    return [
        f"{first}{CELL_NAMES[a]}+{second}{CELL_NAMES[b]}"
        for i, first in enumerate(numbers)
        for second in numbers[i + 1 :]
        for a, b in EDGES
        if not ranch[a] and not ranch[b]
        if a in BRIDGE_CELLS or b in BRIDGE_CELLS or touches(first, a) or touches(second, b)
    ]


def test_the_dominoes_listed_are_exactly_those_r11_allows_over_random_games() -> None:
    # R10, R11: the bit masks of the move generator (and the ranch masks kept domino by domino)
    # against a plain reading of the rule, at every step of random games, with a fourth plot
    # added to the reserve so that pairs of every kind are asked.
    rng, asked = Rng(11), 0
    for seed in range(12):
        state = GAME.new_state(2 + seed % 3, None, seed)
        assert isinstance(state, MoonRiverState)
        while seats := state.current_players():
            for seat in range(state.players):
                extra = rng.below(PLOT_COUNT) + 1
                reserve = state.reserve[seat] + ([] if extra in state.reserve[seat] else [extra])
                expected = _dominoes_by_reading_r11(state.ranch[seat], reserve)
                assert placement_ids(state._masks_of(seat), reserve) == expected
                asked += 1
            state.apply(seats[0], rng.choice(state.legal_action_ids(seats[0])))
    assert asked > 1000


def full_ranch_but(*empty: str) -> dict[str, int]:
    """Every cell filled with desert plots except `empty`."""
    deserts = iter(
        [6, 16, 21, 24, 34, 47, 51, 62, 73, 86, 13, 31, 1, 2, 3, 4, 10, 17, 22, 25, 35, 8, 11, 23, 26]
    )
    return {f"{c}{r}": next(deserts) for r in "12345" for c in "abcde" if f"{c}{r}" not in empty}


def test_no_room_with_four_plots_discards_two_scenario_5() -> None:
    # R12, scenario 5: a1 and c3 empty and apart: no domino fits.
    state = position(
        took=5, reserve=[5, 15, 20, 28], ranches=[full_ranch_but("a1", "c3")], deck=list(range(36, 40))
    )
    ids = state.legal_action_ids(0)
    assert ids == [f"discard:{a}+{b}" for a, b in ((5, 15), (5, 20), (5, 28), (15, 20), (15, 28), (20, 28))]
    state.apply(0, "discard:15+28")
    assert sorted(state.reserve[0]) == [5, 20] and state.phase == PICK


def test_expanding_is_optional() -> None:
    # R13
    state = position(took=7, reserve=[5, 7])
    assert "done" in state.legal_action_ids(0)
    state.apply(0, "done")
    assert state.phase == PICK and sorted(state.reserve[0]) == [5, 7]


# -- symbols -------------------------------------------------------------------------------


def test_cows_come_before_skulls_scenario_6() -> None:
    # R20, R21, R22, scenario 6: plot 41 shows a cow and a skull; the cow arrives, then dies.
    state = position(took=41, reserve=[5, 41])
    state.apply(0, "5a1+41b1")
    assert cows_at(state, 0, "b1") == 0 and sum(state.cows[0]) == 0


def test_cows_arrive_on_their_plot_while_the_supply_lasts() -> None:
    # R21: 31 cows on the ranches, a plot with 2 cows brings only one.
    state = position(took=94, reserve=[5, 94], cows=[{}, {"a1": 31}], ranches=[{}, {"a1": 5}])
    state.apply(0, "5a1+94b1")
    assert cows_at(state, 0, "b1") == 1 and sum(map(sum, state.cows)) == COW_SUPPLY


def test_a_skull_kills_a_cow_of_its_territory_chosen_by_the_player() -> None:
    # R22: the merged meadow b1-c1-d1 holds cows on c1 and d1; the skull of 41 is resolved after the cow.
    state = position(took=41, reserve=[5, 41], ranches=[{"c1": 70, "d1": 74}], cows=[{"c1": 1, "d1": 1}])
    state.apply(0, "5a1+41b1")
    assert state.phase == SKULL
    assert sorted(state.legal_action_ids(0)) == ["kill:b1", "kill:c1", "kill:d1"]
    state.apply(0, "kill:d1")
    assert state.cows[0][CELL_INDEX["d1"]] == 0 and sum(state.cows[0]) == 2


def test_a_skull_without_cows_is_lost_scenario_7() -> None:
    # R22, scenario 7: desert skull, cows only in a meadow elsewhere.
    state = position(took=1, reserve=[1, 6], ranches=[{"e5": 70}], cows=[{"e5": 1}])
    state.apply(0, "1a1+6b1")
    assert cows_at(state, 0, "e5") == 1 and state.tasks == [] and state.phase == PICK


def test_a_circle_hires_a_partner_on_its_plot() -> None:
    # R23: plot 83 (meadow, circle); the Gold Digger goes on it and acts at the end only.
    state = position(took=83, reserve=[5, 83])
    state.apply(0, "5a1+83b1")
    assert state.phase == HIRE and "hire:digger" in state.legal_action_ids(0)
    state.apply(0, "hire:digger")
    assert state.partners[0] == [[CELL_INDEX["b1"], 2, 0]] and state.saloon[2] == 0
    assert state.phase == PICK


def test_an_empty_saloon_makes_a_circle_do_nothing_scenario_10() -> None:
    # R23, scenario 10, R30: refilled only at the end of the round.
    state = position(took=83, reserve=[5, 83], saloon=[], active=[(83, 0), (90, 1)])
    state.apply(0, "5a1+83b1")
    assert state.partners[0] == [] and state.phase == PICK
    state.apply(0, "pick:8")
    assert state.saloon == [0] * 5  # round still going: seat 1 plays 90
    state.apply(1, "pick:9")
    assert state.saloon == [1] * 5


def test_partners_stay_where_they_were_put() -> None:
    # R24: a later domino and a Cowboy move cows, never partners.
    state = position(
        took=83,
        reserve=[5, 83],
        ranches=[{"c1": 70}],
        cows=[{"c1": 1}],
        partners=[[("c1", "trapper", "specialist")]],
    )
    state.apply(0, "5a1+83b1")
    state.apply(0, "hire:desperado/cowboy")
    state.apply(0, "move:c1b1")
    assert [p[0] for p in state.partners[0]] == [CELL_INDEX["c1"], CELL_INDEX["b1"]]


def test_cowboy_moves_three_steps_never_into_a_corn_field_scenario_9() -> None:
    # R32 Cowboy, scenario 9: meadow a1-b1-c1, corn field d1.
    state = position(took=83, reserve=[83, 12], ranches=[{"a1": 70, "b1": 5}], cows=[{"a1": 1}])
    state.apply(0, "12d1+83c1")
    state.apply(0, "hire:farmer/cowboy")
    assert state.phase == COWBOY
    state.apply(0, "move:a1b1")
    state.apply(0, "move:b1c1")
    assert "move:c1d1" not in state.legal_action_ids(0)  # d1 is the corn field
    with pytest.raises(IllegalAction):
        state.apply(0, "move:c1d1")
    state.apply(0, "move:c1b1")
    assert cows_at(state, 0, "b1") == 1 and state.phase == PICK


def test_cowboy_may_move_three_cows_one_step_or_stop() -> None:
    # R32 Cowboy: unused points are lost.
    state = position(
        took=83, reserve=[83, 5], ranches=[{"a1": 70, "a2": 74, "a3": 77}], cows=[{"a1": 1, "a2": 1, "a3": 1}]
    )
    state.apply(0, "5b1+83b2")
    state.apply(0, "hire:thief/cowboy")
    state.apply(0, "move:a1b1")
    state.apply(0, "stop")
    assert state.phase == PICK and cows_at(state, 0, "b1") == 1


def test_thief_steals_only_unprotected_cows_scenario_8() -> None:
    # R31, R32 Cattle Thief, scenario 8: B's forest holds a Cowboy; its meadow does not.
    state = position(
        took=83,
        reserve=[5, 83],
        ranches=[{}, {"a1": 72, "b1": 10, "d1": 70}],
        cows=[{}, {"a1": 1, "d1": 1}],
        partners=[[], [("b1", "digger", "cowboy")]],
    )
    state.apply(0, "5a1+83b1")
    state.apply(0, "hire:thief")
    assert state.phase == THIEF and state.legal_action_ids(0) == ["steal:1d1"]
    state.apply(0, "steal:1d1")
    assert cows_at(state, 1, "d1") == 0 and cows_at(state, 0, "b1") == 1


def test_desperado_swaps_a_plot_with_a_blind_one() -> None:
    # R32 Desperado
    state = position(took=83, reserve=[5, 83, 28], reserves=[[], [40]])
    state.apply(0, "5a1+83b1")
    state.apply(0, "hire:desperado")
    assert state.phase == DESPERADO and state.legal_action_ids(0) == ["swap:28>1", "swap:no"]
    state.apply(0, "swap:28>1")
    assert state.reserve == [[40], [28]]


def test_gold_digger_doubles_nuggets_scenario_12() -> None:
    # R33, R43 part 2, scenario 12: 3 nuggets + Gold Digger = 6.
    state = position(
        took=5,
        reserve=[5],
        ranches=[{"a1": 43, "b1": 44, "c1": 48, "d1": 83}],
        partners=[[("d1", "digger", "specialist")]],
    )
    parts = score_parts(state.ranch[0], state.cows[0], state.partners[0])
    assert parts == {"territories": 0, "symbols": 3, "specialists": 3}


def test_a_cowboy_side_token_gives_no_bonus() -> None:
    # R33: the specialist must be face up.
    parts = score_parts([43] + [0] * 24, [0] * 25, [[0, 2, 1]])
    assert parts["specialists"] == 0


# -- the end -----------------------------------------------------------------------------


def test_final_round_forces_a_domino_and_no_ranchero_moves() -> None:
    # R40, R41
    state = position(took=7, reserve=[5, 7], final=True, active=[(7, 0), (9, 1)], reserves=[[], [11]])
    assert "done" not in state.legal_action_ids(0)
    state.apply(0, "5a1+7b1")
    assert state.current == 1 and state.reserve[1] == [11, 9] and "done" not in state.legal_action_ids(1)
    assert "pick:8" not in state.legal_action_ids(1)
    state.apply(1, "9a1+11b1")
    assert state.phase == OVER and state.pending == []


def test_final_round_player_who_cannot_place_passes_and_reserve_scores_nothing() -> None:
    # R41
    state = position(took=5, reserve=[5, 15], final=True, ranches=[full_ranch_but("a1", "c3")])
    assert state.phase == OVER and sorted(state.reserve[0]) == [5, 15]
    assert state.score(0) == score_parts(state.ranch[0], state.cows[0], state.partners[0])["symbols"]


def test_overpopulation_and_territory_scoring_scenario_11() -> None:
    # R42, R43, scenario 11: 4 meadow plots with cows 2, 0, 1, 0 → 2 cows → 8 points.
    state = position(
        took=7,
        reserve=[7],
        final=True,
        ranches=[{"a1": 5, "b1": 15, "c1": 20, "d1": 28}],
        cows=[{"a1": 2, "c1": 1}],
    )
    assert state.phase == OVER and cows_at(state, 0, "a1") == 1
    assert score_parts(state.ranch[0], state.cows[0], state.partners[0])["territories"] == 8


def test_tie_goes_to_the_largest_territory_scenario_14() -> None:
    # R44, scenario 14: equal points; A's largest territory 6 plots, B's 7.
    a = {f"{c}1": n for c, n in zip("abcde", (5, 15, 20, 28, 33), strict=True)} | {"a2": 94, "e3": 7}
    b = {f"{c}1": n for c, n in zip("abcde", (7, 10, 17, 22, 25), strict=True)} | {"a2": 35, "b2": 72}
    state = position(took=12, reserve=[12], final=True, ranches=[a, b], active=[(12, 0)])
    assert state.phase == OVER
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (0.0, 0.0) and outcome.ranks == (2, 1)


def test_tie_after_territory_goes_to_cows_then_shared() -> None:
    # R44
    state = position(took=12, reserve=[12], final=True, ranches=[{"a1": 7}, {"a1": 10}], active=[(12, 0)])
    outcome = state.outcome()
    assert outcome is not None and outcome.ranks == (1, 1)


# -- hidden information (section 4.12) ---------------------------------------------------------


def _hidden_numbers(state: object, viewer: int | None) -> set[int]:
    """Plot numbers `viewer` may not know: other reserves, the deck, the box."""
    out = set(state.deck) | set(state.box)  # type: ignore[attr-defined]
    for seat, reserve in enumerate(state.reserve):  # type: ignore[attr-defined]
        if seat != viewer:
            out |= set(reserve)
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_nothing_hidden_shows_in_views_labels_or_drawings(players: int) -> None:
    state = GAME.new_state(players, None, 100 + players)
    rng = Rng(players)
    while not state.is_over():
        seat = state.current_players()[0]
        action = rng.choice(state.legal_action_ids(seat))
        for viewer in [None, *range(players)]:
            hidden = _hidden_numbers(state, viewer)
            view = state.view(viewer)
            mine = {entry[0] for entry in view["reserve"] or []}
            assert not mine & hidden
            drawn = {int(n) for n in re.findall(r'id="res-(\d+)"', GAME.draw_svg(view))}
            assert not drawn & hidden
            assert view["reserve_sizes"] == [len(r) for r in state.reserve]
            if viewer != seat:
                label = state.public_label(viewer, seat, action) or ""
                if action.startswith(("discard:", "swap:")):
                    assert not re.search(r"\bplot \d|\d+\+\d+", label)
            shown = json.dumps(view)
            assert '"deck": ' + str(len(state.deck)) in shown
        state.apply(seat, action)


def test_determinize_keeps_the_viewer_reserve_and_reshuffles_the_rest() -> None:
    state = GAME.new_state(3, None, 5)
    for _ in range(12):
        seat = state.current_players()[0]
        state.apply(seat, state.legal_action_ids(seat)[-1])
    copy = state.determinize(0, Rng(1))
    assert copy.reserve[0] == state.reserve[0]
    assert [len(r) for r in copy.reserve] == [len(r) for r in state.reserve]
    assert sorted(copy.deck + copy.reserve[1] + copy.reserve[2]) == sorted(
        state.deck + state.reserve[1] + state.reserve[2]
    )


def test_a_swap_and_a_discard_show_no_plot_numbers_afterwards() -> None:
    # 4.12: the log and the last move keep the plots of a swap or a discard face down.
    state = position(took=83, reserve=[5, 83, 28], reserves=[[], [40]])
    state.apply(0, "5a1+83b1")
    state.apply(0, "hire:desperado")
    label = People(("Ann", "Bob"), viewer=1).resolve(str(state.public_label(1, 0, "swap:28>1")))
    assert label == "Ann swaps a reserve plot with you (Desperado)"
    state.apply(0, "swap:28>1")
    for viewer in (None, 0, 1):
        move = state.view(viewer)["last_move"]
        assert move["action"] == "swap:?>1" and "28" not in move["label"] and "40" not in move["label"]
    state = position(
        took=5, reserve=[5, 15, 20, 28], ranches=[full_ranch_but("a1", "c3")], deck=list(range(36, 40))
    )
    state.apply(0, "discard:15+28")
    assert state.view(1)["last_move"] == {
        "seat": 0,
        "action": "discard",
        "label": mention(0, "discards") + " two plots",
    }


def test_legends_of_the_west_and_bonus_tiles_are_not_offered() -> None:
    # R50, 4.4: no scenario or bonus-tile option exists, and the shipped plots show no farms.
    assert dict(GAME.options) == {}
    state = GAME.new_state(2, None, 1)
    assert all(state.view(None)["scores"][seat] == 0 for seat in range(2))
    assert not any(p.farms for p in PLOTS)
