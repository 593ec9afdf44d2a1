"""Every Tabletop game as a PettingZoo environment: `env("kalah")`, and `parallel_env` for simultaneous games.

The AEC environment (`env`) has one agent per seat (`player_0`, …), a `Discrete` action
space of the game's action space (`Game.action_space`: integer n is the n-th id), and
observations `{"observation": State.observation(seat), "action_mask": 1 for each legal
action}`. The selected agent is the lowest seat that must act now, so simultaneous games
play too (their seats act one after the other, each seeing only its own view). Rewards
come only at the end: the `Table.utilities` (win/draw/loss in [−1, 1], a normalised score
alone). Games never run past `max_length`, so nothing is ever truncated.

`parallel_env` is the parallel API for games whose seats act at once
(`capabilities.simultaneous`): each `step` takes one action from every agent; a seat with
nothing to decide plays `WAIT`, the extra last action, which its mask alone allows.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv

from tabletop.engine import Options, Seat, State
from tabletop.interop.tables import WAIT, Table

Observation = dict[str, np.ndarray[Any, Any]]


def env(game_id: str, players: int | None = None, options: Options | None = None) -> TabletopEnv:
    """The AEC environment of that table (default: the game's fewest players and default options)."""
    return TabletopEnv(Table.of(game_id, players, options))


def parallel_env(
    game_id: str, players: int | None = None, options: Options | None = None
) -> TabletopParallelEnv:
    """The parallel environment of a simultaneous game's table; raises ValueError for a turn-based game."""
    table = Table.of(game_id, players, options)
    if not table.simultaneous:
        raise ValueError(f"{table.game.title} is turn-based: use env({game_id!r}), the AEC environment")
    return TabletopParallelEnv(table)


class _Episode:
    """What both environments share: the table, the seeds of its episodes and their spaces."""

    def __init__(self, table: Table, extra_actions: int) -> None:
        self.table = table
        self.size = len(table.actions) + extra_actions
        self.agent_names = [f"player_{seat}" for seat in range(table.players)]
        self.seeds = random.Random(0)
        self.state = table.new_state(0)
        box = gymnasium.spaces.Box(low=-np.inf, high=np.inf, shape=table.shape, dtype=np.float32)
        mask = gymnasium.spaces.Box(low=0, high=1, shape=(self.size,), dtype=np.int8)
        self.observation_spaces = {
            name: gymnasium.spaces.Dict({"observation": box, "action_mask": mask})
            for name in self.agent_names
        }
        self.action_spaces = {name: gymnasium.spaces.Discrete(self.size) for name in self.agent_names}

    def restart(self, seed: int | None) -> None:
        """A new game; `seed` restarts the sequence of game seeds (reproducible episodes)."""
        if seed is not None:
            self.seeds = random.Random(seed)
        self.state = self.table.new_state(self.seeds.getrandbits(63))

    def observe(self, seat: Seat, legal: list[int]) -> Observation:
        mask = np.zeros(self.size, dtype=np.int8)
        mask[legal] = 1
        return {"observation": self.state.observation(seat), "action_mask": mask}

    def rewards(self) -> dict[str, float]:
        outcome = self.state.outcome()
        if outcome is None:
            return dict.fromkeys(self.agent_names, 0.0)
        return dict(zip(self.agent_names, self.table.utilities(outcome), strict=True))

    def action_id(self, seat: Seat, action: int) -> str:
        """The id of a seat's action, refused with a clear error (changing nothing) if not legal now.

        `WAIT` (the extra last integer of the parallel environment) is the one answer of a
        seat that has nothing to decide, and never a move.
        """
        wait = len(self.table.actions)
        if seat not in self.state.current_players():
            if self.size > wait and action == wait:
                return WAIT
            raise ValueError(
                f"player_{seat} has nothing to decide now and must play {wait} (wait); got {action}"
            )
        if self.size > wait and action == wait:
            raise ValueError(
                f"player_{seat} must decide now: {wait} (wait) is for a seat with nothing to decide"
            )
        action_id = self.table.action_id(int(action))
        if not self.state.is_legal(seat, action_id):
            raise self.state.illegal(seat, action_id)
        return action_id


class TabletopEnv(AECEnv):  # type: ignore[misc]
    """One Tabletop table as a PettingZoo AEC environment."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.episode = _Episode(table, extra_actions=0)
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"tabletop_{table.game.id}",
            "is_parallelizable": False,
        }
        self.possible_agents = list(self.episode.agent_names)
        self.render_mode = "ansi"
        self.reset()

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.episode.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.episode.action_spaces[agent]

    @property
    def state_now(self) -> State:
        """The engine's state of the episode under way."""
        return self.episode.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. Table options are fixed by `env(...)`; `options` here is accepted and unused."""
        self.episode.restart(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._next_agent()

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        return self.episode.observe(seat, self.episode.table.legal(self.state_now, seat))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for an agent whose game is over")
        seat = self.possible_agents.index(agent)
        self._cumulative_rewards[agent] = 0.0
        self.state_now.apply(seat, self.episode.action_id(seat, int(action)))
        if self.state_now.is_over():
            self.rewards = self.episode.rewards()
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        self.agent_selection = self._next_agent()

    def render(self) -> str:
        return self.state_now.observation_string(None)

    def close(self) -> None:
        """Nothing to release."""

    def _next_agent(self) -> str:
        movers = self.state_now.current_players()
        return self.possible_agents[min(movers)] if movers else self.agents[0]


class TabletopParallelEnv(ParallelEnv):  # type: ignore[misc]
    """One simultaneous Tabletop table as a PettingZoo parallel environment."""

    def __init__(self, table: Table) -> None:
        self.episode = _Episode(table, extra_actions=1)
        self.metadata = {"render_modes": ["ansi"], "name": f"tabletop_{table.game.id}_parallel"}
        self.possible_agents = list(self.episode.agent_names)
        self.agents = list(self.possible_agents)
        self.render_mode = "ansi"

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.episode.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.episode.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """A new game; as in the AEC environment, `options` is accepted and unused."""
        self.episode.restart(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, int]) -> tuple[Any, ...]:
        """Every acting seat's action, applied in seat order (each decision is private)."""
        state = self.episode.state
        missing = [agent for agent in self.agents if agent not in actions]
        if missing:
            raise ValueError(f"every agent acts in a parallel step; no action from {', '.join(missing)}")
        chosen = [
            (seat, self.episode.action_id(seat, actions[agent])) for seat, agent in enumerate(self.agents)
        ]
        for seat, action_id in chosen:
            if action_id != WAIT:
                state.apply(seat, action_id)
        over = state.is_over()
        observations = self._observations()
        rewards = self.episode.rewards()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str:
        return self.episode.state.observation_string(None)

    def close(self) -> None:
        """Nothing to release."""

    def _observations(self) -> dict[str, Observation]:
        state = self.episode.state
        movers = state.current_players()
        wait = [len(self.episode.table.actions)]
        return {
            agent: self.episode.observe(
                seat, self.episode.table.legal(state, seat) if seat in movers else wait
            )
            for seat, agent in enumerate(self.possible_agents)
        }
