"""Input: YINSH's action ids (section 8 of docs/rules/yinsh.md), undo, and what is refused.

Also the engine contract around them: records, options and the length bound. Illegal or
malformed actions are refused with `IllegalAction` and change nothing; hand-made positions
that no game can reach are refused with `ValueError`.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from yinsh_positions import play

from tabletop.engine import IllegalAction, InvalidOptions, Rng, State
from tabletop.games.yinsh import GAME
from tabletop.games.yinsh.state import YinshState


def snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def legal(state: State) -> list[str]:
    (seat,) = state.current_players()
    return state.legal_action_ids(seat)


def six_in_column_e() -> State:
    """White to move D4F4, which flips E4 and makes six white markers E2–E7."""
    return YinshState.from_position(
        GAME,
        white_rings=["D4", "A5", "K7"],
        black_rings=["K10", "J11", "B1"],
        white_markers=["E2", "E3", "E5", "E6", "E7"],
        black_markers=["E4"],
    )


def rows_for_both() -> State:
    """Black to move F3F6, which makes a row for Black (D5–H5) and one for White (D4–H4)."""
    return YinshState.from_position(
        GAME,
        white_rings=["K10", "J11", "A5"],
        black_rings=["F3", "B1", "K7"],
        white_markers=["D4", "E4", "G4", "H4", "F5"],
        black_markers=["D5", "E5", "G5", "H5", "F4"],
        to_move=1,
    )


# -- undo -----------------------------------------------------------------------------------


def test_undo_after_a_move_that_made_a_row_restores_the_start_of_the_turn() -> None:
    state = six_in_column_e()
    before = state.to_json()
    play(state, "D4F4")
    assert "undo" in legal(state)
    play(state, "undo")
    assert state.to_json() == {**before, "undos": 1}
    assert "undo" not in legal(state) and "D4F4" in legal(state)


def test_undo_during_the_ring_choice_goes_back_before_the_move() -> None:
    state = six_in_column_e()
    start = state.view(None)
    play(state, "D4F4", "row:E2E6")
    assert "undo" in legal(state)
    play(state, "undo")
    assert state.view(None) == start


def test_no_undo_once_the_turn_has_passed_or_in_a_single_decision_turn() -> None:
    state = GAME.new_state()
    play(state, "F6")
    assert "undo" not in legal(state)
    state = six_in_column_e()
    play(state, "D4F4", "row:E2E6", "remove:A5")
    assert state.current_players() == (1,) and "undo" not in legal(state)


def test_the_opponents_undo_stops_at_the_start_of_their_own_turn() -> None:
    # White's run starts with the row Black's move made for it; undo cannot reach Black's move.
    state = play(rows_for_both(), "F3F6", "row:D5H5", "remove:B1")
    start_of_whites_turn = state.view(None)
    assert "undo" not in legal(state)
    play(state, "row:D4H4", "remove:A5")
    assert state.current_players() == (0,) and "undo" in legal(state)
    play(state, "undo")
    assert state.view(None) == start_of_whites_turn


def test_a_turn_can_be_undone_three_times() -> None:
    state = six_in_column_e()
    for _ in range(3):
        play(state, "D4F4")
        play(state, "undo")
    play(state, "D4F4")
    assert "undo" not in legal(state)
    play(state, "row:E2E6", "remove:F4")
    assert state.current_players() == (1,) and state.to_json()["undos"] == 0


def test_is_legal_agrees_with_the_legal_ids_undo_included() -> None:
    # The engine asks is_legal on every move; undo is legal exactly while it is offered.
    state = play(rows_for_both(), "F3F6", "row:D5H5", "remove:B1", "row:D4H4", "remove:A5")
    for _ in range(4):
        (seat,) = state.current_players()
        offered = legal(state)
        assert all(state.is_legal(seat, action_id) for action_id in offered)
        assert state.is_legal(seat, "undo") == ("undo" in offered)
        assert not state.is_legal(seat, "row:D4H4") and not state.is_legal(seat, "F6")
        if "undo" in offered:
            play(state, "undo", "row:D4H4", "remove:A5")
    assert not state.is_legal(0, "undo") and "undo" not in legal(state)


# -- illegal input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "action_id", "reason"),
    [
        (1, "F6F7", "seat 1 may not act now"),
        (0, "F6F6", "not a legal action"),
        (0, "K10K9", "not a legal action"),  # Black's ring
        (0, "undo", "not a legal action"),  # nothing to undo
        (0, "row:E2E6", "not a legal action"),
        (0, "remove:F6", "not a legal action"),
        (0, "Z9", "not a legal action"),
        (0, 17, "not a legal action"),
        (0, None, "not a legal action"),
        ("0", "F6F7", "may not act now"),
    ],
)
def test_illegal_actions_are_refused_and_change_nothing(seat: Any, action_id: Any, reason: str) -> None:
    state = YinshState.from_position(GAME, white_rings=["F6"], black_rings=["K10"])
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=reason):
        state.apply(seat, action_id)
    assert snapshot(state) == before


def test_a_placement_on_an_occupied_point_is_refused() -> None:
    state = play(GAME.new_state(), "F6")
    with pytest.raises(IllegalAction, match="'F6' is not a legal action for seat 1"):
        state.apply(1, "F6")


def test_no_action_after_the_game_is_over() -> None:
    # Blitz: White's F6G7 completes F2–F6, and the first ring removed ends the game.
    state = YinshState.from_position(
        GAME,
        white_rings=["F6", "A2"],
        black_rings=["K10"],
        white_markers=["F2", "F3", "F4", "F5"],
        variant="blitz",
    )
    play(state, "F6G7", "row:F2F6", "remove:A2")
    assert state.is_over() and state.current_players() == ()
    assert state.legal_actions(0) == [] and state.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(0, "remove:G7")


@pytest.mark.parametrize(
    ("arguments", "reason"),
    [
        ({"white_rings": ["F6", "F6"], "black_rings": []}, "two pieces on one point"),
        ({"white_rings": ["F6"], "black_rings": [], "white_markers": ["F6"]}, "two pieces on one point"),
        ({"white_rings": ["A1"], "black_rings": []}, "not a point of the YINSH board"),
        ({"white_rings": ["A2", "A3", "A4", "A5", "B1", "B2"], "black_rings": []}, "5 rings"),
        ({"white_rings": [], "black_rings": [], "white_markers": ["F2", "F3", "F4", "F5", "F6"]}, "no row"),
        ({"white_rings": [], "black_rings": [], "rings_removed": (3, 0)}, "not a game in progress"),
        (
            {"white_rings": ["F6"], "black_rings": [], "to_move": 2},
            "expected to_move 0 .White. or 1 .Black., got 2",
        ),
        ({"white_rings": [6], "black_rings": []}, "6 is not a point of the YINSH board"),
    ],
)
def test_impossible_positions_are_refused(arguments: dict[str, Any], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        YinshState.from_position(GAME, **arguments)


# -- records --------------------------------------------------------------------------------


def _states_of_a_game(seed: int) -> list[State]:
    state, rng, seen = GAME.new_state(seed=seed), Rng(seed), []
    while not state.is_over():
        seen.append(state.clone())
        (seat,) = state.current_players()
        state.apply(seat, rng.choice(state.legal_action_ids(seat)))
    return [*seen, state]


def test_json_round_trips_exactly_in_every_phase() -> None:
    states = [*_states_of_a_game(3), play(six_in_column_e(), "D4F4", "row:E2E6")]
    phases = set()
    for state in states:
        rebuilt = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
        assert snapshot(rebuilt) == snapshot(state)
        assert rebuilt.view(None) == state.view(None)
        phases.add(state.view(None)["phase"])
    assert phases >= {"place", "move", "ring", "over"}


def test_a_rebuilt_state_can_still_undo() -> None:
    state = play(six_in_column_e(), "D4F4", "row:E2E6")
    rebuilt = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    play(rebuilt, "undo")
    assert rebuilt.view(None) == six_in_column_e().view(None)


def test_a_clone_is_independent() -> None:
    state = play(six_in_column_e(), "D4F4")
    before = snapshot(state)
    copy = state.clone()
    play(copy, "row:E2E6", "remove:F4", "K10K9")
    assert snapshot(state) == before
    play(state, "undo")
    assert snapshot(copy) != snapshot(state)


def test_replaying_the_log_gives_the_same_state() -> None:
    state, rng, log = GAME.new_state(seed=9), Rng(9), []
    while not state.is_over():
        (seat,) = state.current_players()
        action_id = rng.choice(state.legal_action_ids(seat))
        state.apply(seat, action_id)
        log.append((seat, action_id))
    assert snapshot(GAME.replay(2, None, 9, log)) == snapshot(state)


def test_every_action_has_a_label_and_a_click_path_of_points() -> None:
    state = play(six_in_column_e(), "D4F4")
    actions = {action.id: action for action in state.legal_actions(0)}
    assert actions["row:E2E6"].path == ("pt-e2", "pt-e6")
    assert actions["undo"].path == () and actions["undo"].label == "Undo"
    assert (
        YinshState.from_position(GAME, white_rings=["F6"], black_rings=[]).legal_actions(0)[0].path[0]
        == "pt-f6"
    )


def test_row_paths_are_unambiguous_click_sequences() -> None:
    # Q6: no path is a prefix of another, even with crossing rows and lines of six.
    for state in [play(six_in_column_e(), "D4F4"), *_states_of_a_game(5)]:
        for seat in state.current_players():
            paths = [action.path for action in state.legal_actions(seat) if action.path]
            assert len(set(paths)) == len(paths)
            assert not any(a != b and b[: len(a)] == a for a in paths for b in paths)


# -- options and bounds ---------------------------------------------------------------------


def test_the_variant_option() -> None:
    assert GAME.new_state().view(None)["rings_to_win"] == 3
    assert GAME.new_state(options={"variant": "blitz"}).view(None)["rings_to_win"] == 1
    with pytest.raises(InvalidOptions, match="variant"):
        GAME.new_state(options={"variant": "random setup"})


def test_games_end_within_max_length_even_when_undo_is_played_whenever_offered() -> None:
    for variant in ("standard", "blitz"):
        limit = GAME.max_length(2, {"variant": variant})
        for seed in range(4):
            state, rng, actions = GAME.new_state(options={"variant": variant}, seed=seed), Rng(seed), 0
            while not state.is_over():
                (seat,) = state.current_players()
                choices = state.legal_action_ids(seat)
                state.apply(seat, "undo" if "undo" in choices else rng.choice(choices))
                actions += 1
            assert actions <= limit
    assert GAME.max_length(2, {"variant": "blitz"}) < GAME.max_length(2)
