"""Kalah's input: table options, illegal and malformed actions and positions, JSON, clones and views.

Every refusal must leave the state exactly as it was (docs/rules/kalah.md: K-R1, K-R8 to K-R10
and the table options).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop import games
from tabletop.engine import BoolOption, ChoiceOption, IllegalAction, IntOption, InvalidOptions, People, Rng
from tabletop.games.kalah import NORTH, SOUTH, KalahState

GAME = games.load("kalah")


def position(south: list[int], north: list[int], **options: Any) -> KalahState:
    return KalahState.from_position(GAME, south_pits=south, north_pits=north, options=options)


def test_options_are_exactly_the_table_options_of_the_rules_page() -> None:
    options = GAME.options
    assert list(options) == ["seeds", "pits", "pie_rule", "empty_capture", "end_rule", "early_finish"]
    assert isinstance(options["seeds"], IntOption)
    assert isinstance(options["pits"], IntOption)
    assert options["seeds"].choices == options["pits"].choices == (1, 2, 3, 4, 5, 6)
    assert isinstance(options["end_rule"], ChoiceOption)
    assert options["end_rule"].choices == ("at_turn", "sweep")
    assert all(
        isinstance(options[name], BoolOption) for name in ("pie_rule", "empty_capture", "early_finish")
    )
    defaults = {name: option.default for name, option in options.items()}
    assert defaults == {
        "seeds": 4,
        "pits": 6,
        "pie_rule": False,
        "empty_capture": False,
        "end_rule": "at_turn",
        "early_finish": True,
    }


@pytest.mark.parametrize(
    "options", [{"seeds": 0}, {"seeds": 7}, {"pits": 7}, {"end_rule": "later"}, {"komi": 1}]
)
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptions):
        GAME.new_state(2, options)


def test_capabilities_and_players() -> None:
    capabilities = GAME.capabilities
    assert (capabilities.chance, capabilities.hidden_information, capabilities.simultaneous) == (
        False,
        False,
        False,
    )
    assert (GAME.min_players, GAME.max_players) == (2, 2)


def _rejects(state: KalahState, seat: Any, action_id: Any, why: str) -> None:
    before = state.to_json()
    with pytest.raises(IllegalAction, match=why):
        state.apply(seat, action_id)
    assert state.to_json() == before


def test_an_empty_pit_is_refused() -> None:
    # K-R1
    _rejects(position([0, 3, 0, 1, 0, 0], [1] * 6), 0, "1", "South's pit 1 is empty")


def test_a_pit_beyond_the_row_and_a_store_are_refused() -> None:
    # K-R1: ids are "1"…"6"; "7" (a store's index, or a seventh pit) and "0" are not pits.
    state = GAME.new_state(2)
    assert isinstance(state, KalahState)
    _rejects(state, 0, "7", "not one of South's pits 1–6")
    _rejects(state, 0, "0", "not one of South's pits")
    _rejects(state, 0, " 1", "not one of South's pits")


def test_swap_is_refused_when_not_offered() -> None:
    # K-R10: no pie rule; with it, not for South nor later in the game.
    plain = GAME.new_state(2)
    assert isinstance(plain, KalahState)
    _rejects(plain, 0, "swap", "swap is only offered")
    pie = GAME.new_state(2, {"pie_rule": True})
    assert isinstance(pie, KalahState)
    _rejects(pie, 0, "swap", "swap is only offered")
    pie.apply(0, "1")
    pie.apply(1, "1")
    _rejects(pie, 0, "swap", "swap is only offered")


def test_is_legal_answers_each_id_as_the_legal_list_does() -> None:
    # K-R1 and K-R10, asked directly (apply asks is_legal on every move): at the swap offer
    # of scenario 9 and on a row with empty pits.
    offer = GAME.new_state(2, {"pie_rule": True})
    for action_id in ("3", "6"):
        offer.apply(0, action_id)
    sparse = position([0, 3, 0, 1, 0, 0], [1] * 6)
    for state, seat in ((offer, 1), (sparse, 0)):
        legal = state.legal_action_ids(seat)
        for action_id in ["1", "2", "3", "4", "5", "6", "7", "0", "swap", "S1", ""]:
            assert state.is_legal(seat, action_id) == (action_id in legal), action_id
    assert offer.is_legal(1, "swap") and not sparse.is_legal(0, "swap")


def test_the_wrong_seat_is_refused() -> None:
    state = GAME.new_state(2)
    assert isinstance(state, KalahState)
    _rejects(state, 1, "1", "seat 1 may not act now")
    _rejects(state, 2, "1", "seat 2 may not act now")
    _rejects(state, "0", "1", "may not act now")


def test_nothing_is_accepted_after_the_game_is_over() -> None:
    state = position([0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 6], early_finish=False)
    state.apply(0, "6")
    assert state.is_over()
    assert state.legal_action_ids(0) == state.legal_action_ids(1) == []
    _rejects(state, 0, "1", "the game is over")
    _rejects(state, 1, "6", "the game is over")


@pytest.mark.parametrize("action_id", [1, None, 1.0, ["1"], b"1", ("1",)])
def test_non_string_ids_are_refused(action_id: Any) -> None:
    state = GAME.new_state(2)
    assert isinstance(state, KalahState)
    _rejects(state, 0, action_id, "not one of South's pits")


@pytest.mark.parametrize(
    "bad",
    [
        {"south": [1, 2], "north": [1]},
        {"south": [1, -1], "north": [1, 1]},
        {"south": [1, 1], "north": [1, 1], "options": {"pits": 3}},
        {"south": [0, 0], "north": [1, 1]},
        {"south": [1, 1], "north": [0, 0], "options": {"end_rule": "sweep"}},
        {"south": [1, 1], "north": [1, 1], "stores": (6, 0)},
        {"south": [200, 1], "north": [100, 1]},
    ],
)
def test_from_position_refuses_impossible_or_finished_positions(bad: dict[str, Any]) -> None:
    # K-R8, K-R9: a hand-made position must still be in play.
    south_store, north_store = bad.get("stores", (0, 0))
    with pytest.raises(ValueError, match=r"."):
        KalahState.from_position(
            GAME,
            south_pits=bad["south"],
            north_pits=bad["north"],
            south_store=south_store,
            north_store=north_store,
            options=bad.get("options"),
        )


def test_from_position_refuses_a_side_that_is_not_south_or_north() -> None:
    with pytest.raises(ValueError, match="to_move must be SOUTH"):
        KalahState.from_position(GAME, south_pits=[1], north_pits=[1], to_move=2)


def _random_game(options: dict[str, Any], seed: int) -> list[KalahState]:
    """Every state of one random game, start and end included."""
    state = GAME.new_state(2, options, seed)
    assert isinstance(state, KalahState)
    rng = Rng(seed)
    states = [state.clone()]
    while not state.is_over():
        seat = state.current_players()[0]
        state.apply(seat, rng.choice(state.legal_action_ids(seat)))
        states.append(state.clone())
    return states


RANDOM_OPTIONS = [
    {},
    {"pie_rule": True, "seeds": 6},
    {"empty_capture": True, "end_rule": "sweep", "early_finish": False},
    {"pits": 3, "seeds": 2, "pie_rule": True},
]


@pytest.mark.parametrize("options", RANDOM_OPTIONS)
def test_json_round_trip_and_seed_count_through_random_games(options: dict[str, Any]) -> None:
    # K-R2 keeps every seed; to_json / state_from_json rebuild each state exactly.
    for seed in range(5):
        for state in _random_game(options, seed):
            data = json.loads(json.dumps(state.to_json()))
            rebuilt = GAME.state_from_json(data)
            assert rebuilt.to_json() == state.to_json()
            assert rebuilt.view(0) == state.view(0)
            assert rebuilt.legal_action_ids(0) + rebuilt.legal_action_ids(1) == state.legal_action_ids(
                0
            ) + state.legal_action_ids(1)
            seeds = sum(state.pits(SOUTH)) + sum(state.pits(NORTH)) + state.store(SOUTH) + state.store(NORTH)
            assert seeds == state.rules.total


@pytest.mark.parametrize("options", RANDOM_OPTIONS)
def test_random_games_end_within_max_length(options: dict[str, Any]) -> None:
    limit = GAME.max_length(2, options)
    for seed in range(10):
        assert len(_random_game(options, seed)) - 1 <= limit


def test_clone_is_independent() -> None:
    state = GAME.new_state(2)
    copy = state.clone()
    copy.apply(0, "1")
    assert state.to_json() == GAME.new_state(2).to_json()
    assert copy.to_json() != state.to_json()


def test_views_are_json_and_name_owners_turn_and_last_move() -> None:
    # Scenario 3 position: the view tells the sown pit, the landing and the capture.
    state = position([0, 0, 0, 0, 0, 10], [1, 1, 1, 1, 1, 1])
    state.apply(0, "6")
    view = state.view(1)
    json.dumps(view)
    assert view["south_pits"] == [1, 1, 0, 0, 0, 0]
    assert view["north_pits"] == [2, 2, 2, 0, 2, 2]
    assert (view["south_store"], view["north_store"]) == (4, 0)
    assert (view["south_seat"], view["north_seat"], view["viewer_side"]) == (0, 1, "north")
    assert (view["to_move"], view["to_move_seat"]) == ("north", 1)
    last = view["last_move"]
    assert (last["pit"], last["landing"], last["capture"]) == (
        "pit-s6",
        "pit-s3",
        {"pit": "pit-n4", "seeds": 3},
    )
    assert last["text"] == "South sowed pit 6 (10 seeds): last seed in South's empty pit 3, captured 3 seeds"
    assert _read(view["prompt"], view) == "Player 2 (North) to move"


def _read(text: str, view: dict[str, Any]) -> str:
    """The text as a reader with no names sees it (mentions resolved with the view's colours)."""
    return People.of_view(view).resolve(text)


def test_prompts_for_extra_move_swap_and_end() -> None:
    state = GAME.new_state(2, {"pie_rule": True})
    state.apply(0, "3")
    view = state.view(None)
    assert _read(view["prompt"], view) == "Player 1 (South) moves again"
    state.apply(0, "1")
    view = state.view(None)
    assert _read(view["prompt"], view) == "Player 2 (North): sow a pit or swap sides (pie rule)"
    state.apply(1, "swap")
    view = state.view(0)
    assert _read(view["prompt"], view) == "Player 1 (North) to move"
    assert People.of_view(view, ["Ann", "Bob"], viewer=0).resolve(view["prompt"]) == "You (North) to move"
    assert (view["south_seat"], view["north_seat"], view["viewer_side"]) == (1, 0, "north")
    swap = "Player 2 (South) swapped sides and now plays South (pie rule)"
    assert _read(view["last_move"]["text"], view) == swap
