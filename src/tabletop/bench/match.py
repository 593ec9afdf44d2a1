"""Bot tournaments: seeded games between bots whose seats rotate, and a summary per bot.

Seats rotate from one game to the next (in game i, seat s is taken by bot (s + i) mod
the number of bots), so every bot plays every seat equally often over each full rotation.
The games of one rotation share their seed, hence the same dice and deals, and the bot in a
seat gets the same seed too: luck evens out between the bots. Every game depends only on
the plan and its index, so running it in a process pool (`jobs`) changes nothing but the
time (bots with a time budget aside).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from tabletop import bots, games
from tabletop.bench.stats import mean_interval, wilson_interval
from tabletop.engine import OptionValue, Rng, Seat

_BOT_STREAMS = 0xB075_5EED
"""Mixed into bot seeds so that the bots' random numbers are never the game's own."""


@dataclass(frozen=True)
class MatchPlan:
    """What to play: the game and its table, the bots (as specs), how many games, the seed."""

    game_id: str
    specs: tuple[str, ...]
    games: int
    players: int
    options: dict[str, OptionValue] = field(default_factory=dict)
    seed: int = 0

    def check(self) -> None:
        """Raises (`UnknownGame`, `InvalidOptions`, `ValueError`) before any game is played."""
        game = games.load(self.game_id)
        game.check_players(self.players)
        game.resolve_options(self.options)
        if not self.specs:
            raise ValueError("a match needs at least one bot")
        for spec in self.specs:
            bots.from_spec(spec)

    def lineup(self, index: int) -> tuple[int, ...]:
        """The bot (an index into `specs`) in each seat of game `index`."""
        return tuple((seat + index) % len(self.specs) for seat in range(self.players))

    def game_seed(self, index: int) -> int:
        """The seed of game `index`: shared by the games of one rotation of the seats."""
        return self.seed + index // len(self.specs)


def bot_seed(game_seed: int, seat: Seat) -> int:
    """The seed of the bot in `seat` of a game seeded `game_seed`.

    It is mixed, never the game's seed itself: a random bot drawing the same numbers as the
    game's generator would, in a game that draws the prize from the same sorted list it bids
    from, always bid exactly the prize it is about to see.
    """
    return Rng((game_seed << 8 | seat) ^ _BOT_STREAMS).next_u64()


@dataclass(frozen=True)
class GameRecord:
    """One finished game: who sat where, the scores and ranks by seat, and its length."""

    index: int
    lineup: tuple[int, ...]
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    actions: int


def play_game(plan: MatchPlan, index: int) -> GameRecord:
    """Plays game `index` of the plan to the end (a top-level function so a process pool can run it)."""
    seed = plan.game_seed(index)
    lineup = plan.lineup(index)
    players = [bots.from_spec(plan.specs[bot], seed=bot_seed(seed, seat)) for seat, bot in enumerate(lineup)]
    state = games.load(plan.game_id).new_state(plan.players, plan.options, seed)
    actions = 0
    while movers := state.current_players():
        state.apply(movers[0], players[movers[0]].choose(state, movers[0]))
        actions += 1
    outcome = state.outcome()
    if outcome is None:
        raise RuntimeError(f"{plan.game_id}: no seat may act, yet outcome() is None")
    return GameRecord(index, lineup, outcome.scores, outcome.ranks, actions)


def run(
    plan: MatchPlan, jobs: int = 1, on_record: Callable[[GameRecord], None] | None = None
) -> list[GameRecord]:
    """Plays every game of the plan, in `jobs` processes; calls `on_record` as each one ends."""
    records: list[GameRecord] = []

    def keep(record: GameRecord) -> None:
        records.append(record)
        if on_record is not None:
            on_record(record)

    if jobs <= 1:
        for index in range(plan.games):
            keep(play_game(plan, index))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(play_game, plan, index) for index in range(plan.games)]
            for future in as_completed(futures):
                keep(future.result())
    return sorted(records, key=lambda record: record.index)


@dataclass(frozen=True)
class BotSummary:
    """One bot's results over the seats it took: a shared first place is a draw."""

    spec: str
    wins: int
    draws: int
    losses: int
    scores: tuple[float, ...]

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def win_interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson_interval(self.wins, self.games)

    def score_interval(self) -> tuple[float, float]:
        """The mean score and the half-width of its 95% interval."""
        return mean_interval(self.scores)


def summarize(plan: MatchPlan, records: Sequence[GameRecord]) -> list[BotSummary]:
    """Wins, draws, losses and scores per bot of the plan, in the order of `plan.specs`."""
    tallies = [[0, 0, 0] for _ in plan.specs]
    scores: list[list[float]] = [[] for _ in plan.specs]
    for record in records:
        shared_first = record.ranks.count(1) > 1
        for seat, bot in enumerate(record.lineup):
            result = 2 if record.ranks[seat] != 1 else 1 if shared_first else 0
            tallies[bot][result] += 1
            scores[bot].append(record.scores[seat])
    return [
        BotSummary(spec, wins, draws, losses, tuple(bot_scores))
        for spec, (wins, draws, losses), bot_scores in zip(plan.specs, tallies, scores, strict=True)
    ]
