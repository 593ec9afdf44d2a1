"""Every game through OpenSpiel: its own random-simulation checks, and its MCTS bot playing.

`pyspiel.random_sim_test` is OpenSpiel's conformance check for a game (legal actions,
clones, histories, observation tensors and strings, returns); the MCTS test makes one of
OpenSpiel's own algorithms choose moves through the adapter in every game.
"""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import mcts  # noqa: E402

from tabletop import games  # noqa: E402
from tabletop.interop import openspiel  # noqa: E402
from tabletop.interop.tables import Table  # noqa: E402

KIND = pyspiel.GameType


def test_register_names_every_game_once() -> None:
    names = openspiel.register()
    assert names == [openspiel.PREFIX + game.id for game in games.all()]
    assert openspiel.register() == names
    assert set(names) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("game_id", games.ids())
def test_openspiels_random_simulation_checks_pass(game_id: str) -> None:
    game = openspiel.load(game_id)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", games.ids())
def test_the_game_type_says_what_kind_of_game_it_is(game_id: str) -> None:
    tabletop = games.load(game_id)
    capabilities = tabletop.capabilities
    game = openspiel.load(game_id)
    kind = game.get_type()
    simultaneous = KIND.Dynamics.SIMULTANEOUS if capabilities.simultaneous else KIND.Dynamics.SEQUENTIAL
    assert kind.dynamics == simultaneous
    chance = KIND.ChanceMode.SAMPLED_STOCHASTIC if capabilities.chance else KIND.ChanceMode.DETERMINISTIC
    assert kind.chance_mode == chance
    perfect = not (capabilities.hidden_information or capabilities.simultaneous)
    assert (kind.information == KIND.Information.PERFECT_INFORMATION) == perfect
    table = Table.of(game_id)
    assert game.num_distinct_actions() == len(table.actions) + capabilities.simultaneous
    assert game.max_game_length() == tabletop.max_length(tabletop.min_players)
    assert game.observation_tensor_shape() == [int(np.prod(table.shape))]


def test_parameters_choose_the_table() -> None:
    game = openspiel.load("kalah", pits=3, seeds=2)
    assert game.num_distinct_actions() == 3
    state = game.new_initial_state()
    assert state.legal_actions() == [0, 1, 2]
    assert state.observation_tensor(0)[:4] == [2.0, 2.0, 2.0, 0.0]
    with pytest.raises(ValueError, match="pits"):
        openspiel.load("kalah", pits=9)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    state = openspiel.load("kalah", pits=3, seeds=2).new_initial_state()
    state.apply_action(0)
    state.apply_action(0)
    before = state.state.to_json()
    with pytest.raises(ValueError, match="pit 1 is empty"):
        state.apply_action(0)  # South's pit 1 was emptied by its first sowing
    with pytest.raises(ValueError, match="actions 0–2"):
        state.apply_action(7)
    assert state.state.to_json() == before and state.history() == [0, 0]


def _mcts_bot(game: object, simulations: int, seed: int) -> mcts.MCTSBot:
    rng = np.random.RandomState(seed)
    return mcts.MCTSBot(game, 2, simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)


@pytest.mark.parametrize("game_id", games.ids())
def test_openspiels_mcts_bot_plays_every_game(game_id: str) -> None:
    # MCTS needs sequential turns, so simultaneous games go through OpenSpiel's own
    # turn-based conversion; MCTS picks the first decisions, random play finishes the game.
    game = openspiel.load(game_id)
    if game.get_type().dynamics == KIND.Dynamics.SIMULTANEOUS:
        game = pyspiel.convert_to_turn_based(game)
    bot, rng = _mcts_bot(game, simulations=3, seed=1), np.random.RandomState(2)
    state = game.new_initial_state()
    for _ in range(game.num_players() * 2):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    returns = state.returns()
    assert len(returns) == game.num_players()
    assert all(game.min_utility() <= value <= game.max_utility() for value in returns)


def test_mcts_beats_random_play_at_kalah_so_the_rewards_point_the_right_way() -> None:
    game = openspiel.load("kalah", pits=3, seeds=2)
    wins = 0
    for seed in range(4):
        bot, rng = _mcts_bot(game, simulations=60, seed=seed), np.random.RandomState(seed)
        state, mcts_seat = game.new_initial_state(), seed % 2
        while not state.is_terminal():
            mover = state.current_player()
            state.apply_action(bot.step(state) if mover == mcts_seat else rng.choice(state.legal_actions()))
        wins += state.returns()[mcts_seat] > 0
    assert wins >= 3


def _dice_after_a_few_steps(state: object) -> str:
    """Roll to the Top alone: the dice after a dozen first legal actions (the generator rolls them)."""
    for _ in range(12):
        if state.is_terminal():  # type: ignore[attr-defined]
            break
        state.apply_actions([state.legal_actions(0)[0]])  # type: ignore[attr-defined]
    return str([die["value"] for die in state.state.view(0)["dice"]])  # type: ignore[attr-defined]


def test_a_clone_replays_the_same_dice_as_openspiels_checks_require() -> None:
    original = openspiel.load("rolltothetop", 1).new_initial_state()
    clones = {_dice_after_a_few_steps(original.clone()) for _ in range(4)}
    assert clones == {_dice_after_a_few_steps(original)}


def test_with_fresh_clones_a_clone_cannot_foresee_the_dice() -> None:
    original = openspiel.load("rolltothetop", 1, fresh_clones=True).new_initial_state()
    twin = openspiel.load("rolltothetop", 1).new_initial_state()
    clones = {_dice_after_a_few_steps(original.clone()) for _ in range(6)}
    assert len(clones) > 1, "every clone rolled the same dice: the copies share the real game's future"
    assert _dice_after_a_few_steps(original) == _dice_after_a_few_steps(twin)


def test_only_the_seats_own_view_is_observed() -> None:
    game = openspiel.load("luckynumbers", 2)
    state = game.new_initial_state()
    own = game.make_py_observer()
    own.set_from(state, 1)
    assert own.tensor is not None and list(own.tensor) == list(state.state.observation(1))
    for kind in (
        pyspiel.IIGObservationType(perfect_recall=True),
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS),
    ):
        assert game.make_py_observer(kind).tensor is None
