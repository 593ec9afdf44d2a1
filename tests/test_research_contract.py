"""The research contract of every game: its action space and its observation tensors.

Seeded random games at every player count, with the default options and with each option
changed one at a time, are played to the end; at every step every legal id must be in the
game's `action_space`, and at sampled steps every viewer's `observation` must have the
table's `observation_shape`, come from the view alone (the same view gives the same tensor,
whichever state encodes it) and survive `determinize`. A game added to the registry is
checked for free; the recorded hashes catch a silent reordering of a space.
"""

from __future__ import annotations

import copy
import hashlib
import random

import numpy as np
import pytest

from tabletop import games
from tabletop.engine import Game, OptionValue, Rng, State
from tabletop.games.biyi import BiyiState

SPACES = {
    "biyi": (13206, "05264a2ad728d097"),
    "circleoflife": (61, "c3aedc81eca676f3"),
    "crazyfarmers": (644, "a98bc9c08c83c3f9"),
    "dvonn": (836, "6d833ad8d40ec85c"),
    "iwari": (945, "50f2ac954df1579c"),
    "kalah": (6, "e1b7800c06d228ec"),
    "luckynumbers": (338, "d9c8a532e2f9df8e"),
    "mammalath": (123, "5a7fffcc39cac659"),
    "moonriver": (369816, "c4a1a320ccc31258"),
    "numberdrop": (1355874, "ddc8531c8f5ebf86"),
    "rolltothetop": (590, "059d22e0089a29b9"),
    "tuned": (243, "40033e50abc0ffa5"),
    "yatzy": (44, "1dbde10047a346ed"),
    "yinsh": (2143, "09b98263585d1716"),
}
"""Size and hash of each game's space at its fewest players and default options."""

SAMPLE_EVERY = 5
"""Observations are checked at every fifth step (and at the end), which keeps the suite fast."""


def table_settings(game: Game) -> list[tuple[int, dict[str, OptionValue]]]:
    """Every player count with the defaults, and each other choice of each option alone."""
    settings: list[tuple[int, dict[str, OptionValue]]] = [
        (players, {}) for players in range(game.min_players, game.max_players + 1)
    ]
    for name, option in game.options.items():
        settings += [
            (game.min_players, {name: choice}) for choice in option.choices if choice != option.default
        ]
    return settings


def check_observations(game: Game, state: State, shape: tuple[int, ...], rng: Rng) -> None:
    for viewer in [None, *range(state.players)]:
        tensor = state.observation(viewer)
        assert tensor.shape == shape and tensor.dtype == np.float32, (viewer, tensor.shape, shape)
        assert np.isfinite(tensor).all()
        view = copy.deepcopy(state.view(viewer))
        stranger = game.new_state(state.players, seed=12345)
        assert np.array_equal(stranger._observation(view, viewer), tensor), (
            "the tensor is not the view's alone"
        )
        if viewer is not None:
            assert np.array_equal(state.determinize(viewer, rng).observation(viewer), tensor)


def play_and_check(
    game: Game, players: int, options: dict[str, OptionValue], seed: int, *, spaces: bool
) -> None:
    """A random game to the end: its legal ids against the space (`spaces`), else its observations."""
    space = set(game.action_space(players, options)) if spaces else set()
    shape = game.observation_shape(players, options)
    state = game.new_state(players, options, seed)
    chooser, rng = random.Random(seed), Rng(seed)
    for step in range(game.max_length(players, options) + 1):
        if not spaces and (step % SAMPLE_EVERY == 0 or state.is_over()):
            check_observations(game, state, shape, rng)
        if state.is_over():
            return
        for seat in state.current_players() if spaces else ():
            missing = set(state.legal_action_ids(seat)) - space
            assert not missing, f"{game.id} {players}p {options}: {sorted(missing)[:5]} not in the space"
        seat = state.current_players()[0]
        state.apply(seat, chooser.choice(state.legal_action_ids(seat)))
    raise AssertionError("the game outlasted max_length")


@pytest.mark.parametrize("game_id", games.ids())
def test_every_legal_id_of_random_games_is_in_the_action_space(game_id: str) -> None:
    game = games.load(game_id)
    for number, (players, options) in enumerate(table_settings(game)):
        play_and_check(game, players, options, seed=number, spaces=True)


@pytest.mark.parametrize("game_id", games.ids())
def test_observations_have_the_tables_shape_and_come_from_the_view_alone(game_id: str) -> None:
    game = games.load(game_id)
    for number, (players, options) in enumerate(table_settings(game)):
        play_and_check(game, players, options, seed=100 + number, spaces=False)


@pytest.mark.parametrize("game_id", games.ids())
def test_the_action_space_is_unique_and_keeps_its_recorded_order(game_id: str) -> None:
    game = games.load(game_id)
    space = game.action_space(game.min_players)
    assert len(set(space)) == len(space)
    digest = hashlib.sha256("\n".join(space).encode()).hexdigest()[:16]
    assert (len(space), digest) == SPACES[game_id], "the order is public: a change renumbers every action"
    assert game.action_space(game.min_players, {}) == space


@pytest.mark.parametrize("game_id", games.ids())
def test_bad_table_settings_are_refused_by_the_research_contract(game_id: str) -> None:
    game = games.load(game_id)
    with pytest.raises(ValueError, match="players"):
        game.action_space(game.max_players + 1)
    with pytest.raises(ValueError, match="unknown option"):
        game.observation_shape(game.min_players, {"no_such_option": 1})


@pytest.mark.parametrize("game_id", ["numberdrop", "rolltothetop", "yatzy"])
def test_solo_scores_stay_within_the_declared_bounds(game_id: str) -> None:
    game = games.load(game_id)
    low, high = game.score_bounds(1)
    assert low < high
    for seed in range(3):
        state = game.new_state(1, None, seed)
        chooser = random.Random(seed)
        while not state.is_over():
            state.apply(0, chooser.choice(state.legal_action_ids(0)))
        outcome = state.outcome()
        assert outcome is not None and low <= outcome.scores[0] <= high


def test_a_game_without_the_research_contract_says_so() -> None:
    from toy_games import NimGame

    with pytest.raises(NotImplementedError, match="no action space"):
        NimGame().action_space(2)
    with pytest.raises(NotImplementedError, match="no observation tensor"):
        NimGame().new_state(2).observation(0)


def test_kalah_is_seen_from_the_viewers_side() -> None:
    # Kalah's docstring: the viewer's pits and store come first, whichever side it plays.
    game = games.load("kalah")
    state = game.new_state(2, {"pits": 2, "seeds": 1})
    state.apply(0, "1")
    south, north = state.observation(0), state.observation(1)
    assert south.tolist()[:6] == [0.0, 2.0, 0.0, 1.0, 1.0, 0.0]
    assert north.tolist()[:6] == [1.0, 1.0, 0.0, 0.0, 2.0, 0.0]


def test_biyi_jump_chains_are_in_the_space() -> None:
    # R10, R11: the jumps of the rules tests' positions, back onto the origin included.
    game = games.load("biyi")
    space = set(game.action_space(2, {"board": "quick"}))
    for stacks in ({"a1": "LLLL", "e6": "D"}, {"b2": "LLLL", "e6": "D"}):
        state = BiyiState.from_position(game, stacks=stacks, to_move=0, board="quick")
        jumps = {action for action in state.legal_action_ids(0) if "-" in action}
        assert jumps and jumps <= space


def test_fresh_chance_keeps_the_table_and_changes_only_the_generator() -> None:
    dice = games.load("rolltothetop").new_state(2, None, seed=3)
    fresh = dice.with_fresh_chance(Rng(1))
    assert all(fresh.view(viewer) == dice.view(viewer) for viewer in (None, 0, 1))
    before, after = dice.to_json(), fresh.to_json()
    assert before["rng"] != after["rng"] and {**after, "rng": before["rng"]} == before
    board = games.load("kalah").new_state(2)
    assert board.with_fresh_chance(Rng(1)).to_json() == board.to_json()
