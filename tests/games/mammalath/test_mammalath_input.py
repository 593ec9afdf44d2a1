"""Illegal and malformed input, copies and serialisation: the engine contract on Mammalath positions."""

from __future__ import annotations

import json
from typing import Any

import pytest
from mammalath_positions import play, position, start

from tabletop.engine import IllegalAction, People, mention
from tabletop.games.mammalath import GAME, MammalathState
from tabletop.games.mammalath.board import BLACK, WHITE


def snapshot(state: MammalathState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize(
    ("action_id", "why"),
    [
        ("Z9", "not a Mammalath action"),
        ("c3", "not a Mammalath action"),  # ids are case-sensitive: cells are "C3"
        ("C3 ", "not a Mammalath action"),
        ("", "not a Mammalath action"),
        ("C1-A1", "not a Mammalath action"),  # a line is named from its left or top end
        ("Fox", "not a Mammalath action"),
        (None, "not a Mammalath action"),
        (3, "not a Mammalath action"),
        (["C3"], "not a Mammalath action"),
        ("A1", r"A1 already holds a token \(R2\)"),
        ("deer", r"no deer is left on the board \(R3\)"),
        ("A2-C2", r"the line A2-C2 has a cell without an animal \(R4\)"),
        ("swap", r"R7"),
    ],
)
def test_illegal_actions_are_refused_with_the_reason_and_change_nothing(action_id: Any, why: str) -> None:
    no_deer = ".a .b .c .. .e .f"
    state = position("Ba Wb .c .. .e .f", ".a .. .c .. .e .f", *[no_deer] * 4, to_move=BLACK)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=why):
        state.apply(BLACK, action_id)
    assert snapshot(state) == before


def test_is_legal_answers_each_id_as_the_legal_list_does() -> None:
    # R2 – R7 asked directly (apply asks is_legal on every move): at the first action, at the
    # swap offer, and later with a kind gone and lines broken.
    later = position("Ba Wb .c .. .e .f", ".a .. .c .. .e .f", *[".a .b .c .. .e .f"] * 4, to_move=BLACK)
    for state in (start(BLACK), play(start(BLACK), "C3"), later):
        seat = state.current_players()[0]
        legal = set(state.legal_action_ids(seat))
        for action_id in ["A1", "C3", "F6", "swap", "fox", "deer", "A1-C1", "A2-C2", "A1-A3", "Z9", "c3"]:
            assert state.is_legal(seat, action_id) == (action_id in legal), action_id


@pytest.mark.parametrize("seat", [WHITE, -1, 2, "0", None])
def test_a_seat_that_may_not_act_is_refused(seat: Any) -> None:
    state = start(BLACK)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="may not act now"):
        state.apply(seat, "C3")
    assert snapshot(state) == before
    assert state.legal_actions(seat) == []


def test_nothing_is_legal_once_the_game_is_over() -> None:
    state = position("W. W. .. .d .e .f", to_move=WHITE)
    state.apply(WHITE, "C1")
    before = snapshot(state)
    for seat in (BLACK, WHITE):
        assert state.legal_actions(seat) == []
        with pytest.raises(IllegalAction, match="the game is over"):
            state.apply(seat, "D2")
    assert snapshot(state) == before and state.current_players() == ()


def assert_round_trip(state: MammalathState) -> None:
    rebuilt = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert snapshot(rebuilt) == snapshot(state)
    assert rebuilt.view(BLACK) == state.view(BLACK) and rebuilt.outcome() == state.outcome()
    for seat in (BLACK, WHITE):
        assert rebuilt.legal_action_ids(seat) == state.legal_action_ids(seat)


def test_json_round_trips_exactly_at_the_start_mid_game_and_at_the_end() -> None:
    state = start(WHITE)
    assert_round_trip(state)
    play(state, "B2")
    assert_round_trip(state)  # the swap is on offer
    play(state, "swap", "fox", "C3", "A1-C1")
    assert_round_trip(state)
    finished = position("W. W. .. .d .e .f", to_move=WHITE)
    finished.apply(WHITE, "C1")
    assert_round_trip(finished)


def test_a_clone_is_independent() -> None:
    state = play(start(BLACK), "C3", "D4")
    before = snapshot(state)
    copy = state.clone()
    play(copy, "fox", "E5", "D1-F1")
    assert snapshot(state) == before
    assert snapshot(copy) != before
    assert state.view(None)["placed"] == {"black": ["C3"], "white": ["D4"]}


def test_the_same_seed_gives_the_same_layout_and_first_player() -> None:
    # The setup (Q1): the layout and the coin flip come from the table's seed only.
    first, again, other = (GAME.new_state(2, seed=seed) for seed in (11, 11, 12))
    assert first.to_json() == again.to_json()
    assert first.to_json()["animals"] != other.to_json()["animals"]
    assert sorted(first.to_json()["animals"]) == sorted("abcdef" * 6)
    starters = {GAME.new_state(2, seed=seed).current_players() for seed in range(20)}
    assert starters == {(BLACK,), (WHITE,)}


@pytest.mark.parametrize(
    ("rows", "kwargs", "why"),
    [
        ([".a"] * 6, {}, "row 1 needs 6 cells"),
        (["Xa .. .. .. .. .."] + [".. .. .. .. .. .."] * 5, {}, "not a token"),
        (["Bz .. .. .. .. .."] + [".. .. .. .. .. .."] * 5, {}, "not an animal letter"),
        ([".. .. .. .. .. .."] * 5, {}, "6 rows"),
        ([".. .. .. .. .. .."] * 6, {"to_move": 2}, "to_move"),
        (["B. W. .. .. .. .."] + [".. .. .. .. .. .."] * 5, {"plies": 1}, "cannot have placed"),
    ],
)
def test_a_malformed_hand_made_position_is_refused(rows: list[str], kwargs: dict[str, Any], why: str) -> None:
    with pytest.raises(ValueError, match=why):
        MammalathState.from_position(GAME, rows=rows, **kwargs)


def test_views_are_json_safe_and_say_what_is_expected() -> None:
    state = play(start(BLACK), "C3")
    view = state.view(WHITE)
    assert json.loads(json.dumps(view)) == view
    prompt = People.of_view(view, ("Ann", "Bob"), viewer=1).resolve(view["prompt"])
    assert prompt == "You (White) to move: place a token, release animals, or swap (take over C3)"
    placed = mention(0) + " placed on C3"
    assert view["last_move"] == {"id": "C3", "colour": "black", "cells": ["C3"], "text": placed}
    assert view["viewer"] == "white" and state.view(None)["viewer"] is None
