"""Random games through the research adapters, to compare with the plain contract (`speed`).

The loops are the ones a researcher writes: OpenSpiel's `legal_actions` / `apply_action`
(`apply_actions` at a simultaneous node), and PettingZoo's `agent_iter` / `last` / `step`,
which builds every observation tensor and action mask on the way. Numbering a game's
action space (a million ids for Number Drop) happens before the clock starts. Needs the `research`
extra; `tabletop bench interop` imports this module only when asked.
"""

from __future__ import annotations

import random
from time import perf_counter

import numpy as np

from tabletop.bench.speed import PlayoutSpeed
from tabletop.engine import Game
from tabletop.interop import openspiel, pettingzoo


def openspiel_playouts(
    game: Game, players: int, *, seconds: float, count: int | None, seed: int
) -> PlayoutSpeed:
    """Random games of `tabletop_<id>` through pyspiel, for `seconds` or exactly `count` games."""
    loaded = openspiel.load(game.id, players, seed=seed)
    _ = loaded.table.index  # numbering the action space is set-up, not play
    chooser = random.Random(seed)
    simultaneous = game.capabilities.simultaneous
    played = actions = 0
    started = perf_counter()
    while _more(played, count, started + seconds):
        state = loaded.new_initial_state()
        while not state.is_terminal():
            if simultaneous:
                state.apply_actions([chooser.choice(state.legal_actions(seat)) for seat in range(players)])
            else:
                state.apply_action(chooser.choice(state.legal_actions()))
            actions += 1
        played += 1
    return PlayoutSpeed(game.id, played, actions, perf_counter() - started)


def pettingzoo_playouts(
    game: Game, players: int, *, seconds: float, count: int | None, seed: int
) -> PlayoutSpeed:
    """Random games of the AEC environment, every observation and mask built, as an agent sees them."""
    environment = pettingzoo.env(game.id, players)
    _ = environment.episode.table.index  # numbering the action space is set-up, not play
    chooser = np.random.default_rng(seed)
    played = actions = 0
    started = perf_counter()
    while _more(played, count, started + seconds):
        environment.reset(seed=seed + played)
        for _agent in environment.agent_iter():
            observation, _reward, terminated, truncated, _info = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            environment.step(int(chooser.choice(np.flatnonzero(observation["action_mask"]))))
            actions += 1
        played += 1
    return PlayoutSpeed(game.id, played, actions, perf_counter() - started)


def _more(played: int, count: int | None, deadline: float) -> bool:
    """Another game: until `count` games, or while time is left (and always at least one)."""
    if count is not None:
        return played < count
    return played == 0 or perf_counter() < deadline
