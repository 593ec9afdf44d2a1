"""Monte Carlo tree search (UCT) that plays any game through the engine contract alone.

The variant, and why:

- Hidden information: every iteration searches one *determinization*,
  `state.determinize(seat, rng)`, a world consistent with what the bot's seat has seen
  (single-observer Information Set MCTS). One tree serves every determinization: its edges
  are keyed by (seat, action id), and an edge takes part in a selection only when its action
  is legal in the current determinization, so UCB counts how often an edge was *available*
  instead of how often its parent was visited.
- Chance: open-loop sampling. The tree follows action ids only; the dice that `apply` draws
  come from the determinization's own generator, which `determinize` replaces for games with
  chance, so the bot cannot foresee the real game's dice.
- Several players: a finished game gives each seat a reward in [0, 1] from the ranks
  (`rank_rewards`), and every seat's choices maximise its own reward. A one-player game is
  rewarded by its score, scaled to the range of scores seen during the search.
- Simultaneous turns: decoupled UCT. When several seats must act at a node, each one picks
  from its own edge statistics there, without seeing the others' choices; the joint choice
  leads to the child node.
- Evaluator: when the game overrides `Game.evaluate`, a playout stops after
  `EVALUATION_DEPTH` random actions and takes the game's estimate, (v + 1) / 2 per seat;
  where the evaluator answers None the playout goes on to the end. One-player games always
  play to the end, since their reward is a score and not a chance of winning.
- Tactics: in games without chance or hidden information, a win on the board is played
  at once and moves that let the opponent win on the next move are left out of the search
  (`tactics`), which a small budget would otherwise miss.
- Budget: iterations (reproducible: the same seed on the same state gives the same move) or
  seconds, whichever runs out first when both are set.

Known limits: in the tree, the opponents' choices are conditioned on the bot's own hidden
information (the usual weakness of single-observer ISMCTS), and a seat that makes several
decisions in one simultaneous step sees, in the tree, what the others chose before it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from time import perf_counter

from tabletop.bots import tactics
from tabletop.bots.spec import DEFAULT_LEVEL
from tabletop.engine import ActionId, Game, Rng, Seat, State

Choice = tuple[Seat, ActionId]
"""An edge of the tree: which seat took which action."""

EXPLORATION = 0.7
"""The UCB1 constant: about 1/sqrt(2), the usual choice for rewards in [0, 1]."""

EVALUATION_DEPTH = 4
"""Random actions played after the tree before a game's evaluator is asked."""


@dataclass(frozen=True)
class Budget:
    """How long one move may think: a number of iterations, seconds, or both (first one reached)."""

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search budget needs a number of iterations, of seconds, or both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"a search needs at least 1 iteration; got {self.iterations}")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"a search needs a positive number of seconds; got {self.seconds}")


LEVELS: dict[int, Budget] = {
    1: Budget(iterations=50),
    2: Budget(iterations=250),
    3: Budget(seconds=0.3),
    4: Budget(seconds=0.7),
    5: Budget(seconds=1.5),
}
"""Strength levels: the two weakest are reproducible iteration counts, the others think for a time."""


@dataclass(frozen=True)
class SearchResult:
    """The chosen action and what the search saw at the root, for analysis and benchmarks.

    `visits` and `values` cover the searching seat's legal actions: how often each was tried
    and the seat's mean reward after it (in [0, 1], or the mean score in a one-player game).
    """

    action: ActionId
    iterations: int
    seconds: float
    visits: dict[ActionId, int]
    values: dict[ActionId, float]


@dataclass(frozen=True)
class Assessment:
    """What a full search from one seat's view makes of a position, for post-game analysis.

    `seat_values` is every seat's mean reward (in [0, 1], or the mean score in a one-player
    game) after the most visited action of the seat to act — the line the search expects —
    or over all iterations in a simultaneous step; `best` is the viewer's most visited
    action when the viewer is to act, else None.
    """

    seat_values: tuple[float, ...]
    best: ActionId | None
    iterations: int


def rank_rewards(ranks: Sequence[int]) -> tuple[float, ...]:
    """Each seat's reward in [0, 1] from the ranks of two or more seats: shared places are averaged.

    >>> rank_rewards((1, 2))
    (1.0, 0.0)
    >>> rank_rewards((1, 1))
    (0.5, 0.5)
    >>> rank_rewards((2, 1, 2))
    (0.25, 1.0, 0.25)
    """
    last = len(ranks) - 1
    return tuple((last - (rank - 1) - (ranks.count(rank) - 1) / 2) / last for rank in ranks)


class MctsBot:
    """UCT for any game: `MctsBot(iterations=400, seed=7)`, `MctsBot(seconds=0.2)` or `at_level(4)`.

    Without a budget it thinks as much as level `DEFAULT_LEVEL`. It reads the state only
    through `determinize(seat, ...)` and the seat's own legal actions.
    """

    name = "mcts"

    def __init__(
        self,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        seed: int = 0,
        exploration: float = EXPLORATION,
        evaluation_depth: int | None = EVALUATION_DEPTH,
    ) -> None:
        if iterations is None and seconds is None:
            self.budget = LEVELS[DEFAULT_LEVEL]
        else:
            self.budget = Budget(iterations, seconds)
        self.exploration = exploration
        self.evaluation_depth = evaluation_depth
        self._rng = Rng(seed)

    @classmethod
    def at_level(cls, level: int, seed: int = 0) -> MctsBot:
        """The bot at a strength level of `LEVELS` (1 = weakest, 5 = strongest)."""
        if level not in LEVELS:
            raise ValueError(f"MCTS levels are {min(LEVELS)} to {max(LEVELS)}; got {level}")
        budget = LEVELS[level]
        return cls(iterations=budget.iterations, seconds=budget.seconds, seed=seed)

    def choose(self, state: State, seat: Seat) -> ActionId:
        """The legal action of `seat` that the search tried most often."""
        return self.search(state, seat).action

    def search(self, state: State, seat: Seat) -> SearchResult:
        """Searches within the budget (not at all when only one action is legal) and reports."""
        legal = state.legal_action_ids(seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action to choose from")
        started = perf_counter()
        search = _Search(state, seat, self._rng, self.exploration, self.evaluation_depth)
        if len(legal) > 1 and tactics.is_exact(state):
            win = tactics.winning_action(state, seat, legal)
            if win is not None:
                return SearchResult(win, 0, perf_counter() - started, {}, {})
            search.root_actions = set(tactics.safe_actions(state, seat, legal))
        iterations = search.run(self.budget) if len(search.root_actions or legal) > 1 else 0
        return search.result(legal, iterations, perf_counter() - started)

    def assess(self, state: State, viewer: Seat) -> Assessment:
        """Searches the whole budget from `viewer`'s view, whoever is to act, and reports every seat's value.

        Unlike `search` it takes no tactical short cut and runs even when one action is
        legal, so every position of a game is valued the same way. The tree is searched
        from determinizations of `viewer`'s view only, so nothing `viewer` cannot see
        enters the values.
        """
        search = _Search(state, viewer, self._rng, self.exploration, self.evaluation_depth)
        iterations = search.run(self.budget)
        legal = state.legal_action_ids(viewer)
        best = search.result(legal, iterations, 0.0).action if legal else None
        return Assessment(search.expected_values(iterations), best, iterations)


class _Edge:
    """Statistics of one (seat, action) at a node, from the point of view of that seat."""

    __slots__ = ("available", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 1


class _Node:
    """A point of the tree: the edges tried here, and the child reached by each joint choice."""

    __slots__ = ("children", "edges")

    def __init__(self) -> None:
        self.edges: dict[Choice, _Edge] = {}
        self.children: dict[tuple[Choice, ...], _Node] = {}


class _Search:
    """One move's search: the tree, the reward scale and the iterations."""

    def __init__(
        self, state: State, seat: Seat, rng: Rng, exploration: float, evaluation_depth: int | None
    ) -> None:
        game = state.game
        self.state = state
        self.seat = seat
        self.rng = rng
        self.exploration = exploration
        self.root = _Node()
        self.root_totals: dict[_Edge | None, list[float]] = {}
        """Every seat's summed reward, by the first edge taken from the root (`assess`)."""
        self.root_actions: set[ActionId] | None = None
        """At the root, the searching seat considers only these (None: every legal action)."""
        self.solo = state.players == 1
        self.evaluation_depth = evaluation_depth
        self.evaluator: Callable[[State], Sequence[float] | None] | None = None
        if evaluation_depth is not None and not self.solo and type(game).evaluate is not Game.evaluate:
            self.evaluator = game.evaluate
        # Rewards of two or more seats are already in [0, 1]; scores are scaled as they come.
        self.low, self.high, self.scale = (math.inf, -math.inf, 0.0) if self.solo else (0.0, 1.0, 1.0)

    def run(self, budget: Budget) -> int:
        """Iterates until the budget runs out (at least once) and returns how many iterations ran."""
        deadline = math.inf if budget.seconds is None else perf_counter() + budget.seconds
        limit = math.inf if budget.iterations is None else budget.iterations
        done = 0
        while done < limit and (done == 0 or perf_counter() < deadline):
            self.iterate()
            done += 1
        return done

    def iterate(self) -> None:
        """One determinization: select and expand in the tree, play out, back the rewards up."""
        sample = self.state.determinize(self.seat, self.rng)
        visited = self.descend(sample)
        rewards = self.playout(sample)
        for mover, edge in visited:
            edge.visits += 1
            edge.total += rewards[mover]
        first = visited[0][1] if visited else None
        totals = self.root_totals.get(first)
        if totals is None:
            totals = self.root_totals[first] = [0.0] * self.state.players
        for seat, reward in enumerate(rewards):
            totals[seat] += reward

    def descend(self, sample: State) -> list[tuple[Seat, _Edge]]:
        """Plays tree choices on `sample` until it adds a node or the game ends; returns the edges used."""
        node, visited = self.root, []
        while movers := sample.current_players():
            choices: list[Choice] = []
            for mover in movers:
                if choices and mover not in sample.current_players():
                    continue
                legal = sample.legal_action_ids(mover)
                if node is self.root and mover == self.seat and self.root_actions is not None:
                    legal = [action for action in legal if action in self.root_actions]
                action, edge = self.select(node, mover, legal)
                sample.apply(mover, action)
                visited.append((mover, edge))
                choices.append((mover, action))
            key = tuple(choices)
            child = node.children.get(key)
            if child is None:
                node.children[key] = _Node()
                break
            node = child
        return visited

    def select(self, node: _Node, seat: Seat, legal: list[ActionId]) -> tuple[ActionId, _Edge]:
        """An untried legal action at random if there is one, else the best by UCB over available edges."""
        edges = node.edges
        untried: list[ActionId] = []
        best: tuple[ActionId, _Edge] | None = None
        best_score = -math.inf
        low, scale, exploration = self.low, self.scale, self.exploration
        sqrt, log = math.sqrt, math.log  # locals: this loop is the search's hottest
        for action in legal:
            edge = edges.get((seat, action))
            if edge is None:
                untried.append(action)
                continue
            edge.available += 1
            mean = (edge.total / edge.visits - low) * scale
            score = mean + exploration * sqrt(log(edge.available) / edge.visits)
            if score > best_score:
                best, best_score = (action, edge), score
        if untried:
            action = self.rng.choice(untried)
            edge = edges[(seat, action)] = _Edge()
            return action, edge
        if best is None:
            raise RuntimeError(f"{self.state.game.id}: seat {seat} must act but has no legal action")
        return best

    def playout(self, sample: State) -> Sequence[float]:
        """Random actions to the end, or to `EVALUATION_DEPTH` when the game can evaluate."""
        rng, steps = self.rng, 0
        while movers := sample.current_players():
            if steps == self.evaluation_depth and self.evaluator is not None:
                values = self.evaluator(sample)
                if values is not None:
                    return [(value + 1) / 2 for value in values]
            mover = movers[0]
            sample.apply(mover, rng.choice(sample.legal_action_ids(mover)))
            steps += 1
        return self.final_rewards(sample)

    def final_rewards(self, sample: State) -> Sequence[float]:
        """Rank rewards, or the score of a one-player game (widening the scale to include it)."""
        outcome = sample.outcome()
        if outcome is None:
            raise RuntimeError(f"{sample.game.id}: no seat may act, yet outcome() is None")
        if not self.solo:
            return rank_rewards(outcome.ranks)
        score = outcome.scores[0]
        if not self.low <= score <= self.high:
            self.low, self.high = min(self.low, score), max(self.high, score)
            self.scale = 1 / (self.high - self.low) if self.high > self.low else 0.0
        return outcome.scores

    def expected_values(self, iterations: int) -> tuple[float, ...]:
        """Each seat's mean reward after the most visited root edge of the one seat to act.

        With several seats to act (or none) it is the mean over every iteration instead.
        """
        movers = self.state.current_players()
        if len(movers) == 1:
            edges = [edge for (seat, _), edge in self.root.edges.items() if seat == movers[0]]
            if edges:
                chosen = max(edges, key=lambda edge: edge.visits)
                return tuple(total / chosen.visits for total in self.root_totals[chosen])
        sums = [sum(column) for column in zip(*self.root_totals.values(), strict=True)]
        return tuple(total / iterations for total in sums)

    def result(self, legal: list[ActionId], iterations: int, seconds: float) -> SearchResult:
        """The most visited legal action of the searching seat (ties: the better mean, then the first)."""
        if self.root_actions is not None:
            legal = [action for action in legal if action in self.root_actions]
        edges = {action: self.root.edges.get((self.seat, action)) for action in legal}
        visits = {action: edge.visits if edge else 0 for action, edge in edges.items()}
        values = {action: edge.total / edge.visits for action, edge in edges.items() if edge and edge.visits}
        action = max(legal, key=lambda action: (visits[action], values.get(action, 0.0)))
        return SearchResult(action, iterations, seconds, visits, values)
