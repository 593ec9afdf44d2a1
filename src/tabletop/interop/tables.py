"""A table seen as research libraries see it: integer actions, fixed tensors, utilities.

OpenSpiel and PettingZoo both number actions 0…n−1 and want rewards in a known range; a
`Table` turns one game, player count and option set into that, through the engine
contract only (`Game.action_space`, `State.observation`, `State.outcome`), so it works for
every registered game and knows none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from tabletop import games
from tabletop.engine import ActionId, Game, Options, OptionValue, Outcome, Seat, State

WAIT: ActionId = "wait"
"""The no-op of a simultaneous step: the only action of a seat that has nothing to decide.

OpenSpiel's simultaneous nodes and PettingZoo's parallel API ask every seat for an action;
a seat outside `current_players()` answers with this one, numbered `len(action_space)`.
"""


@dataclass(frozen=True)
class Table:
    """One game at a fixed player count and option set, with its action numbering."""

    game: Game
    players: int
    options: dict[str, OptionValue] = field(default_factory=dict)

    @classmethod
    def of(cls, game_id: str, players: int | None = None, options: Options | None = None) -> Table:
        """The table of `game_id` (default: its fewest players and default options), validated."""
        game = games.load(game_id)
        count = game.check_players(game.min_players if players is None else players)
        return cls(game, count, game.resolve_options(options))

    @cached_property
    def actions(self) -> tuple[ActionId, ...]:
        """The game's action space; an id's position is its integer."""
        return self.game.action_space(self.players, self.options)

    @cached_property
    def index(self) -> dict[ActionId, int]:
        """Action id → integer."""
        return {action_id: number for number, action_id in enumerate(self.actions)}

    @cached_property
    def shape(self) -> tuple[int, ...]:
        """The shape of every observation tensor at this table."""
        return self.game.observation_shape(self.players, self.options)

    @property
    def simultaneous(self) -> bool:
        """Whether several seats may act at once (then `WAIT` is action `len(actions)`)."""
        return self.game.capabilities.simultaneous

    def new_state(self, seed: int) -> State:
        """The seeded starting position."""
        return self.game.new_state(self.players, self.options, seed)

    def legal(self, state: State, seat: Seat) -> list[int]:
        """The integers of `seat`'s legal actions, ascending (both libraries want them so)."""
        try:
            return sorted(self.index[action_id] for action_id in state.legal_action_ids(seat))
        except KeyError as missing:
            raise ValueError(f"{self.game.id}: legal id {missing} is not in the action space") from None

    def action_id(self, number: int) -> ActionId:
        """The id of an action integer; raises ValueError for one outside the space."""
        if not 0 <= number < len(self.actions):
            raise ValueError(f"{self.game.id} has actions 0–{len(self.actions) - 1}; got {number}")
        return self.actions[number]

    def utilities(self, outcome: Outcome) -> list[float]:
        """Each seat's final reward: win/draw/loss in [−1, 1], or a normalised score alone.

        With several seats a seat earns 1 − 2(p − 1)/(n − 1), where p is the mean of the
        places its tie group covers: 1 for a clear first, −1 for a clear last, 0 each in a
        two-player draw, and the rewards always sum to zero. A solo game has no one to beat,
        so its reward is the score scaled into [0, 1] by the game's `score_bounds`.
        """
        if self.players == 1:
            low, high = self.game.score_bounds(1, self.options)
            return [(outcome.scores[0] - low) / (high - low)]
        return [_place_reward(outcome.ranks, rank, self.players) for rank in outcome.ranks]

    @property
    def utility_range(self) -> tuple[float, float]:
        """The smallest and largest reward one seat can get."""
        return (0.0, 1.0) if self.players == 1 else (-1.0, 1.0)


def _place_reward(ranks: Sequence[int], rank: int, players: int) -> float:
    """1 − 2(p − 1)/(n − 1) for the tie group at `rank` (see `Table.utilities`)."""
    tied = sum(1 for other in ranks if other == rank)
    place = rank + (tied - 1) / 2
    return 1 - 2 * (place - 1) / (players - 1)
