"""Kalah rules on concrete positions: every numbered rule and the scenarios of docs/rules/kalah.md.

Expected boards were worked out by hand from the rules text (each test says how), never
taken from the engine.
"""

from __future__ import annotations

import pytest

from tabletop import games
from tabletop.engine import OptionValue, People
from tabletop.games.kalah import NORTH, SOUTH, KalahState
from tabletop.games.kalah.board import Side

GAME = games.load("kalah")


def new(**options: OptionValue) -> KalahState:
    state = GAME.new_state(2, options)
    assert isinstance(state, KalahState)
    return state


def position(
    south: list[int],
    north: list[int],
    stores: tuple[int, int] = (0, 0),
    to_move: Side = SOUTH,
    **options: OptionValue,
) -> KalahState:
    return KalahState.from_position(
        GAME,
        south_pits=south,
        north_pits=north,
        south_store=stores[0],
        north_store=stores[1],
        to_move=to_move,
        options=options,
    )


def board(state: KalahState) -> tuple[tuple[int, ...], int, tuple[int, ...], int]:
    return state.pits(SOUTH), state.store(SOUTH), state.pits(NORTH), state.store(NORTH)


# -- setup -------------------------------------------------------------------------------


@pytest.mark.parametrize(("pits", "seeds"), [(6, 3), (6, 4), (6, 6), (4, 2), (1, 1)])
def test_every_pit_starts_with_n_seeds_and_stores_empty(pits: int, seeds: int) -> None:
    # K-S1
    state = new(pits=pits, seeds=seeds)
    assert board(state) == ((seeds,) * pits, 0, (seeds,) * pits, 0)


def test_south_is_seat_zero_and_moves_first() -> None:
    # K-S2
    state = new()
    assert state.current_players() == (0,)
    assert state.view(None)["to_move"] == "south"
    assert state.view(None)["south_seat"] == 0


# -- the scenarios 1-10 ----------------------------------------------------------------


def test_scenario_1_last_seed_in_own_store_moves_again() -> None:
    # K-R2, K-R3: S3's four seeds go to S4, S5, S6 and the store.
    state = new(seeds=4)
    state.apply(0, "3")
    assert board(state) == ((4, 4, 0, 5, 5, 5), 1, (4,) * 6, 0)
    assert state.current_players() == (0,)
    assert state.view(None)["last_move"]["extra_move"] is True


def test_scenario_2_last_seed_in_own_non_empty_pit_passes_the_turn() -> None:
    # K-R6, K-R7: S1's four seeds go to S2…S5; S5 already held seeds.
    state = new(seeds=4)
    state.apply(0, "1")
    assert board(state) == ((0, 5, 5, 5, 5, 4), 0, (4,) * 6, 0)
    assert state.current_players() == (1,)


def test_last_seed_in_an_opponent_pit_has_no_effect() -> None:
    # K-R6: S5's three seeds go to S6, the store and N1, which was empty: no capture there.
    state = position([1, 0, 0, 0, 3, 2], [0, 2, 2, 2, 2, 2])
    state.apply(0, "5")
    assert board(state) == ((1, 0, 0, 0, 0, 3), 1, (1, 2, 2, 2, 2, 2), 0)
    assert state.current_players() == (1,)


def test_scenario_3_opponent_store_skipped_then_capture() -> None:
    # K-R2 (North's store skipped) and K-R4: seeds 1 store, 2-7 N1…N6, 8-10 S1, S2, S3;
    # S3 was empty, so its seed and N4's two go to South's store.
    state = position([0, 0, 0, 0, 0, 10], [1, 1, 1, 1, 1, 1])
    state.apply(0, "6")
    assert board(state) == ((1, 1, 0, 0, 0, 0), 4, (2, 2, 2, 0, 2, 2), 0)
    assert sum(state.board) == 16
    assert state.current_players() == (1,)
    assert state.view(None)["last_move"]["capture"] == {"pit": "pit-n4", "seeds": 3}


def test_scenario_4_thirteen_seeds_lap_back_into_the_emptied_pit_and_capture() -> None:
    # K-R2 (origin not skipped) and K-R4 (first bullet): the 13th seed refills S1, opposite N6 (2).
    state = position([13, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1])
    state.apply(0, "1")
    assert board(state) == ((0, 1, 1, 1, 1, 1), 4, (2, 2, 2, 2, 2, 0), 0)
    assert state.current_players() == (1,)


def test_fourteen_seeds_end_in_a_pit_already_sown_and_do_not_capture() -> None:
    # K-R4 (second bullet): the 14th seed lands in S2, which got the 1st seed: it holds 2.
    state = position([14, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1])
    state.apply(0, "1")
    assert board(state) == ((1, 2, 1, 1, 1, 1), 1, (2, 2, 2, 2, 2, 2), 0)
    assert state.current_players() == (1,)


def test_north_sows_round_past_souths_store_and_captures() -> None:
    # K-R2 and K-R4 from North: N6's eight seeds go to North's store, S1…S6, skip South's
    # store, then N1 (empty): N1's seed and S6's two go to North's store. Ids are North's own.
    state = position([1, 1, 1, 1, 1, 1], [0, 1, 1, 1, 1, 8], to_move=NORTH)
    state.apply(1, "6")
    assert board(state) == ((2, 2, 2, 2, 2, 0), 0, (0, 1, 1, 1, 1, 0), 4)
    assert state.current_players() == (0,)


def test_north_captures_with_its_own_pit_numbers() -> None:
    # K-R4: North's "1" is N1; its seed lands in empty N2, opposite S5 holds 2.
    state = position([2, 2, 2, 2, 2, 2], [1, 0, 3, 3, 3, 3], to_move=NORTH)
    state.apply(1, "1")
    assert board(state) == ((2, 2, 2, 2, 0, 2), 0, (0, 0, 3, 3, 3, 3), 3)


def test_scenario_5_standard_capture_needs_seeds_opposite() -> None:
    # K-R4: S2 was empty but N5 opposite is empty too, so nothing is captured.
    state = position([1, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 3])
    state.apply(0, "1")
    assert board(state) == ((0, 1, 0, 0, 0, 0), 0, (2, 0, 0, 0, 0, 3), 0)
    assert state.current_players() == (1,)


def test_scenario_5_empty_capture_at_turn_takes_the_single_seed() -> None:
    # K-R5 with End-A: the lone seed goes to the store; North still has seeds and moves.
    state = position([1, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 3], empty_capture=True, end_rule="at_turn")
    state.apply(0, "1")
    assert board(state) == ((0,) * 6, 1, (2, 0, 0, 0, 0, 3), 0)
    assert state.current_players() == (1,)
    assert not state.is_over()


def test_scenario_5_empty_capture_sweep_ends_the_game() -> None:
    # K-R5 with End-B (K-R8): South's row is empty, North adds its 5 seeds; North wins (K-R11).
    state = position([1, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 3], empty_capture=True, end_rule="sweep")
    state.apply(0, "1")
    assert state.is_over()
    assert board(state) == ((0,) * 6, 1, (0,) * 6, 5)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (1, 5)
    assert outcome.ranks == (2, 1)
    assert state.current_players() == ()


def test_scenario_6_sweep_ends_as_soon_as_a_row_is_empty() -> None:
    # K-R8 End-B: after S6, South's row is empty; North adds N1 + N6 = 2.
    state = position([0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 0, 1], (20, 25), end_rule="sweep", early_finish=False)
    state.apply(0, "6")
    assert state.is_over()
    assert (state.store(SOUTH), state.store(NORTH)) == (21, 27)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason.startswith("South's pits are empty: each side adds")


def test_scenario_6_at_turn_lets_north_play_on() -> None:
    # K-R8 End-A: North is due and has seeds, so the game goes on; once North has moved,
    # South is due with an empty row and North takes what is left on its side.
    state = position([0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 0, 1], (20, 25), end_rule="at_turn", early_finish=False)
    state.apply(0, "6")
    assert not state.is_over()
    assert state.legal_action_ids(1) == ["1", "6"]
    state.apply(1, "1")
    assert state.is_over()
    assert board(state) == ((0,) * 6, 21, (0,) * 6, 27)
    outcome = state.outcome()
    assert outcome is not None
    reason = People().resolve(outcome.reason)
    assert reason == "South's pits are empty: remaining seeds go to North; Player 2 wins 27–21"


@pytest.mark.parametrize("end_rule", ["at_turn", "sweep"])
def test_scenario_7_extra_move_with_an_empty_row_ends_the_game(end_rule: str) -> None:
    # K-R3 then K-R8 under both conventions: South's last seed reaches its store but South
    # has nothing left to sow; North takes the 10 seeds on its side.
    state = position([0, 0, 0, 0, 0, 1], [1, 2, 3, 0, 0, 4], (10, 5), end_rule=end_rule)
    state.apply(0, "6")
    assert state.is_over()
    assert board(state) == ((0,) * 6, 11, (0,) * 6, 15)


def test_a_capture_that_empties_the_opponents_row_ends_the_game() -> None:
    # K-R4 then K-R8 End-B: South's capture empties North's row; South adds its own 2 seeds.
    state = position([1, 0, 0, 0, 0, 2], [0, 0, 0, 0, 3, 0], end_rule="sweep", early_finish=False)
    state.apply(0, "1")
    assert state.is_over()
    assert board(state) == ((0,) * 6, 6, (0,) * 6, 0)


def test_scenario_8_early_finish_beats_an_extra_move() -> None:
    # K-R9: 25 of 48 seeds in South's store ends the game at once, extra move or not; Q3: no sweep.
    state = position([2, 0, 0, 0, 3, 1], [3, 3, 3, 3, 3, 3], (24, 0))
    state.apply(0, "6")
    assert state.is_over()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (25, 0)
    assert People().resolve(outcome.reason) == "early finish: South holds 25 of 48 seeds; Player 1 wins 25–0"


def test_scenario_8_without_early_finish_the_extra_move_is_played() -> None:
    # K-R9 off: the same sowing only earns the extra move (K-R3).
    state = position([2, 0, 0, 0, 3, 1], [3, 3, 3, 3, 3, 3], (24, 0), early_finish=False)
    state.apply(0, "6")
    assert not state.is_over()
    assert state.current_players() == (0,)


def test_early_finish_needs_strictly_more_than_half() -> None:
    # K-R9 and Q2: 24 of 48 is only half.
    state = position([2, 0, 0, 0, 3, 1], [3, 3, 3, 3, 3, 4], (23, 0))
    state.apply(0, "6")
    assert state.store(SOUTH) == 24
    assert not state.is_over()


def test_early_finish_after_a_capture() -> None:
    # K-R4 then K-R9: S1's seed captures in S2 (1 + 3 from N5): 22 + 4 = 26 of 48.
    state = position([1, 0, 0, 0, 0, 1], [3, 3, 3, 3, 3, 3], (22, 6))
    state.apply(0, "1")
    assert state.is_over()
    assert (state.store(SOUTH), state.store(NORTH)) == (26, 6)


def test_scenario_9_pie_rule_swap_after_souths_whole_first_turn() -> None:
    # K-R10 and Q4/Q5: S3 (extra move), then S6: 5 seeds to the store and N1…N4.
    state = new(pie_rule=True)
    state.apply(0, "3")
    assert "swap" not in state.legal_action_ids(0)
    state.apply(0, "6")
    assert state.legal_action_ids(1) == ["1", "2", "3", "4", "5", "6", "swap"]
    state.apply(1, "swap")
    assert state.south_seat == 1
    assert state.store(SOUTH) == 2
    assert state.current_players() == (0,)
    assert board(state) == ((4, 4, 0, 5, 5, 0), 2, (5, 5, 5, 5, 4, 4), 0)
    north_pit_one = state.legal_actions(0)[0]
    assert (north_pit_one.id, north_pit_one.path) == ("1", ("pit-n1",))
    state.apply(0, "1")
    assert state.current_players() == (1,)
    assert "swap" not in state.legal_action_ids(1)


def test_after_a_swap_scores_follow_the_people() -> None:
    # K-R10, K-R11 and Q5: seat 1 took South, so seat 1 scores South's store.
    state = new(pie_rule=True)
    for seat, action_id in [(0, "3"), (0, "6"), (1, "swap")]:
        state.apply(seat, action_id)
    while not state.is_over():
        seat = state.current_players()[0]
        state.apply(seat, state.legal_action_ids(seat)[-1])
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (state.store(NORTH), state.store(SOUTH))


def test_no_swap_without_the_pie_rule() -> None:
    # K-R10 is a table option (pie_rule, off by default).
    state = new()
    state.apply(0, "1")
    assert "swap" not in state.legal_action_ids(1)


def test_scenario_10_legal_moves_are_the_non_empty_own_pits() -> None:
    # K-R1: six moves at the start; an empty pit is never offered, nor a store.
    assert new().legal_action_ids(0) == ["1", "2", "3", "4", "5", "6"]
    state = position([0, 3, 0, 1, 0, 0], [1, 1, 1, 1, 1, 1])
    assert state.legal_action_ids(0) == ["2", "4"]
    assert [action.label for action in state.legal_actions(0)] == [
        "Sow pit 2 (3 seeds)",
        "Sow pit 4 (1 seed)",
    ]
    assert state.legal_action_ids(1) == []


def test_turn_passes_after_a_capture() -> None:
    # K-R7: a capture does not earn another move (scenario 3 position).
    state = position([0, 0, 0, 0, 0, 10], [1, 1, 1, 1, 1, 1])
    state.apply(0, "6")
    assert state.current_players() == (1,)


@pytest.mark.parametrize(
    ("stores", "ranks"),
    [((5, 0), (1, 1)), ((6, 0), (1, 2)), ((4, 0), (2, 1))],
)
def test_higher_store_wins_and_equal_stores_draw(stores: tuple[int, int], ranks: tuple[int, int]) -> None:
    # K-R11: South ends with its store + 1, North takes its 6 seeds (End-A).
    state = position([0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 6], stores, early_finish=False)
    state.apply(0, "6")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (stores[0] + 1, 6)
    assert outcome.ranks == ranks
