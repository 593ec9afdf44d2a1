"""Calibrating the bots' ratings: a round-robin of bot matches, rated with the site's own model.

Every group of bots of the table size (pairs for a two-player table) plays a seeded match
through `tabletop.bench.match` (seats rotate, luck is shared within a rotation). The games
are then rated one by one with the model of `tabletop.store.ratings`, interleaved across
the groups (game 0 of every group, then game 1...), so no group's games all come last.
Every bot starts as a newcomer; the result is the belief (mu, sigma) after all the games,
stored as data in `tabletop/bots/data/ratings.json` (docs/ratings.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, zip_longest

from tabletop import bots, games
from tabletop.bench import match as matches
from tabletop.bots.calibration import Calibration
from tabletop.engine import OptionValue
from tabletop.store.ratings import Skill, bot_participant, rate


def default_specs(
    game_id: str, levels: Sequence[int], options: dict[str, OptionValue] | None = None
) -> list[str]:
    """The bots of a game's tables to calibrate: each levelled bot at `levels`, the others once.

    Only the bots that take such tables (the game's defaults unless `options` say otherwise):
    the Kalah solver plays small boards only.

    >>> default_specs("kalah", [1, 2])
    ['mcts:1', 'mcts:2', 'random:1']
    >>> default_specs("kalah", [1], {"pits": 3, "seeds": 2})
    ['kalah-perfect:1', 'mcts:1', 'random:1']
    """
    resolved = games.load(game_id).resolve_options(options)
    specs: list[str] = []
    for name in bots.names(game_id, resolved):
        specs += [f"{name}:{level}" for level in levels] if bots.has_levels(name) else [f"{name}:1"]
    return specs


def round_robin(
    game_id: str,
    specs: Sequence[str],
    games_per_group: int,
    *,
    options: dict[str, OptionValue] | None = None,
    seed: int = 0,
    jobs: int = 1,
    on_game: Callable[[], None] | None = None,
) -> Calibration:
    """Plays every group of bots and rates the games; the bots' specs must be "name:level"."""
    game = games.load(game_id)
    players = max(2, game.min_players)
    if game.max_players < players or len(specs) < players:
        raise ValueError(f"{game.title} needs {players} bots at a table; got {len(specs)}")
    groups = list(combinations(specs, players))
    played: list[list[tuple[tuple[str, ...], matches.GameRecord]]] = []
    for number, group in enumerate(groups):
        plan = matches.MatchPlan(
            game_id, group, games_per_group, players, dict(options or {}), seed + 1000 * number
        )
        plan.check()
        records = matches.run(plan, jobs, None if on_game is None else lambda _record: on_game())
        played.append([(group, record) for record in records])
    beliefs = {spec: Skill.new() for spec in specs}
    for round_of_games in zip_longest(*played):
        for entry in round_of_games:
            if entry is not None:
                _rate_game(beliefs, *entry)
    return Calibration(
        game_id,
        games_per_group * len(groups),
        players,
        {_participant(spec): (skill.mu, skill.sigma) for spec, skill in beliefs.items()},
    )


def _rate_game(beliefs: dict[str, Skill], group: tuple[str, ...], record: matches.GameRecord) -> None:
    seated = [group[bot] for bot in record.lineup]
    after = rate([beliefs[spec] for spec in seated], record.ranks)
    for spec, skill in zip(seated, after, strict=True):
        beliefs[spec] = skill


def _participant(spec: str) -> str:
    """ "mcts:3" stays itself; the participant name the server gives a seat with that bot."""
    name, _, level = spec.partition(":")
    return bot_participant(name, int(level) if level else None)
