"""Every game as a PettingZoo environment: PettingZoo's own API tests, rewards and refusals.

`api_test` and `parallel_api_test` are PettingZoo's conformance checks. They warn about
any observation space that is not a plain Box, including the dictionaries with an
`action_mask` that PettingZoo's own board games use; those two advisory warnings are
expected, and any other warning fails the test.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, parallel_api_test

from tabletop import games
from tabletop.interop import pettingzoo as tabletop_zoo

EXPECTED_ADVICE = ("Observation space for each agent probably", "Observation is not a NumPy array")
SIMULTANEOUS = [game.id for game in games.all() if game.capabilities.simultaneous]


def _unexpected_warnings(run: object) -> list[str]:
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        run()  # type: ignore[operator]
    return [str(warning.message) for warning in seen if not str(warning.message).startswith(EXPECTED_ADVICE)]


@pytest.mark.parametrize("game_id", games.ids())
def test_pettingzoos_api_test_passes(game_id: str) -> None:
    game = games.load(game_id)
    for players in sorted({game.min_players, game.max_players}):
        environment = tabletop_zoo.env(game_id, players)
        assert (
            _unexpected_warnings(lambda environment=environment: api_test(environment, num_cycles=40)) == []
        )


@pytest.mark.parametrize("game_id", SIMULTANEOUS)
def test_pettingzoos_parallel_api_test_passes_for_simultaneous_games(game_id: str) -> None:
    environment = tabletop_zoo.parallel_env(game_id, 3)
    assert _unexpected_warnings(lambda: parallel_api_test(environment, num_cycles=40)) == []


def test_turn_based_games_have_no_parallel_environment() -> None:
    with pytest.raises(ValueError, match="turn-based"):
        tabletop_zoo.parallel_env("kalah")


def test_an_episode_ends_with_the_win_draw_loss_rewards() -> None:
    environment = tabletop_zoo.env("kalah", 2, {"pits": 3, "seeds": 2})
    environment.reset(seed=4)
    chooser = np.random.default_rng(4)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        assert observation["observation"].shape == (11,)
        environment.step(int(chooser.choice(np.flatnonzero(observation["action_mask"]))))
    outcome = environment.state_now.outcome()
    assert outcome is not None
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0]), totals
    winners = outcome.winners()
    if len(winners) == 1:
        assert totals[f"player_{winners[0]}"] == 1.0


def test_the_same_seed_gives_the_same_episode() -> None:
    first, second = tabletop_zoo.env("luckynumbers", 3), tabletop_zoo.env("luckynumbers", 3)
    first.reset(seed=9)
    second.reset(seed=9)
    assert first.state_now.to_json() == second.state_now.to_json()
    first.reset(seed=10)
    assert first.state_now.to_json() != second.state_now.to_json()


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    environment = tabletop_zoo.env("kalah", 2, {"pits": 3, "seeds": 2})
    environment.reset(seed=0)
    environment.step(0)
    environment.step(0)
    before = environment.state_now.to_json()
    with pytest.raises(ValueError, match="pit 1 is empty"):
        environment.step(0)
    with pytest.raises(ValueError, match="actions 0–2"):
        environment.step(3)
    assert environment.state_now.to_json() == before


def test_a_drawn_tile_is_in_the_drawers_observation_only() -> None:
    # Lucky Numbers (board.observation): after the gardens (2 × 321) and the table (20) come
    # 20 values for the tile in hand, set only for the player who may see it.
    environment = tabletop_zoo.env("luckynumbers", 2)
    environment.reset(seed=1)
    draw = environment.episode.table.index["draw"]
    while environment.observe(environment.agent_selection)["action_mask"][draw] == 0:
        mask = environment.observe(environment.agent_selection)["action_mask"]
        environment.step(int(np.flatnonzero(mask)[0]))
    drawer = environment.agent_selection
    environment.step(draw)
    in_hand = slice(2 * 321 + 20, 2 * 321 + 40)
    for agent in environment.possible_agents:
        seen = environment.observe(agent)["observation"][in_hand]
        assert seen.sum() == (1.0 if agent == drawer else 0.0), agent


def test_a_parallel_step_needs_every_agent_and_waits_only_from_idle_ones() -> None:
    environment = tabletop_zoo.parallel_env("rolltothetop", 2)
    observations, _ = environment.reset(seed=3)
    wait = environment.action_space("player_0").n - 1
    legal = {agent: np.flatnonzero(observations[agent]["action_mask"]) for agent in environment.agents}
    before = environment.episode.state.to_json()
    with pytest.raises(ValueError, match="no action from player_1"):
        environment.step({"player_0": int(legal["player_0"][0])})
    movers = environment.episode.state.current_players()
    idle = [agent for seat, agent in enumerate(environment.agents) if seat not in movers]
    mover = environment.agents[movers[0]]
    with pytest.raises(ValueError, match="must decide now"):
        environment.step({**{agent: int(legal[agent][0]) for agent in environment.agents}, mover: wait})
    for agent in idle:
        assert list(legal[agent]) == [wait]
    assert environment.episode.state.to_json() == before
