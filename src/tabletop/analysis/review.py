"""The review of one game: every move valued before and after for the player who made it.

A game is the same record the server stores and `Game.replay` plays: the game, the player
count, the options, the seed and the moves as (seat, action id). For each move the
analyst assesses the position before it from the mover's view (its value for the mover
and the move it prefers) and the position after it, again from the mover's view; the loss
is how much the mover's value fell, and its verdict comes from `verdicts`.

Positions are assessed once per (position, viewer), and in games without hidden
information once per position: every seat then sees the same thing, so the position
after a move, valued for its mover, is the position before the next move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.analysis.analysts import Analyst, Valuation
from tabletop.analysis.verdicts import Verdict, verdict
from tabletop.engine import ActionId, Game, Options, Seat, State

Progress = Callable[[int, int], None]
"""Called with (moves reviewed, moves in all) as the review goes."""


@dataclass(frozen=True)
class GameRecord:
    """Everything that replays one game: what the server stores and a game file holds."""

    game_id: str
    players: int
    options: Options
    seed: int
    moves: tuple[tuple[Seat, ActionId], ...]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        """From `{"game", "players", "options", "seed", "moves": [[seat, id], ...]}`; raises ValueError."""
        try:
            moves = tuple((int(seat), str(action)) for seat, action in data["moves"])
            return cls(
                str(data["game"]),
                int(data["players"]),
                dict(data.get("options") or {}),
                int(data["seed"]),
                moves,
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(
                f"a game file needs game, players, seed and moves [[seat, id], ...]: {error}"
            ) from error

    def to_json(self) -> dict[str, Any]:
        """The inverse of `from_json`."""
        return {
            "game": self.game_id,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "moves": [[seat, action] for seat, action in self.moves],
        }


@dataclass(frozen=True)
class MoveReview:
    """One move of the game as the analyst sees it, from the mover's side."""

    index: int
    seat: Seat
    played: ActionId
    label: str
    best: ActionId | None
    best_label: str
    value_before: float
    value_after: float
    verdict: Verdict

    @property
    def loss(self) -> float:
        """How much the mover's value fell with this move (never below zero: the search is noisy)."""
        return max(0.0, self.value_before - self.value_after)


@dataclass(frozen=True)
class Review:
    """A whole game reviewed: the moves, and which analyst valued them in which unit."""

    record: GameRecord
    analyst: str
    kind: str
    moves: tuple[MoveReview, ...] = field(default_factory=tuple)

    def counts(self, seat: Seat) -> dict[Verdict, int]:
        """How many moves of `seat` got each verdict."""
        tally = dict.fromkeys(Verdict, 0)
        for move in self.moves:
            if move.seat == seat:
                tally[move.verdict] += 1
        return tally

    def mean_loss(self, seat: Seat) -> float:
        """The mean loss of `seat`'s moves (0 when it made none)."""
        losses = [move.loss for move in self.moves if move.seat == seat]
        return sum(losses) / len(losses) if losses else 0.0


def positions(game: Game, record: GameRecord) -> list[State]:
    """The state before each move and after the last; raises IllegalAction on a bad record."""
    state = game.new_state(record.players, record.options, record.seed)
    states = [state.clone()]
    for seat, action in record.moves:
        state.apply(seat, action)
        states.append(state.clone())
    return states


def review(game: Game, record: GameRecord, analyst: Analyst, progress: Progress | None = None) -> Review:
    """Values every move of `record` with `analyst`; see the module docstring."""
    states = positions(game, record)
    movers = [seat for seat, _ in record.moves]
    valuations = _Valuations(states, movers, analyst, shared=not game.capabilities.hidden_information)
    reviewed: list[MoveReview] = []
    for index, move in enumerate(record.moves):
        valued = valuations.get(index, move[0]), valuations.get(index + 1, move[0])
        reviewed.append(_move_review(states[index], index, move, valued, analyst.kind))
        if progress is not None:
            progress(index + 1, len(record.moves))
    return Review(record, analyst.name, analyst.kind, tuple(reviewed))


def _move_review(
    state: State, index: int, move: tuple[Seat, ActionId], valued: tuple[Valuation, Valuation], kind: str
) -> MoveReview:
    """One move's review from the valuations of the positions before and after it."""
    (seat, played), (before, after) = move, valued
    labels = {action.id: action.label for action in state.legal_actions(seat)}
    value_before, value_after = before.values[seat], after.values[seat]
    best_label = "" if before.best is None else labels.get(before.best, before.best)
    return MoveReview(
        index=index,
        seat=seat,
        played=played,
        label=labels.get(played, played),
        best=before.best,
        best_label=best_label,
        value_before=value_before,
        value_after=value_after,
        verdict=verdict(
            kind, max(0.0, value_before - value_after), value_before, is_best=played == before.best
        ),
    )


class _Valuations:
    """Each position's valuation, computed once per viewer, or once in all when nothing is hidden.

    With nothing hidden every seat sees the same position, so one search serves them all;
    it is made from the view of the seat that moves next in the record, whose preferred
    move the review needs.
    """

    def __init__(
        self, states: Sequence[State], movers: Sequence[Seat], analyst: Analyst, *, shared: bool
    ) -> None:
        self.states = states
        self.movers = movers
        self.analyst = analyst
        self.shared = shared
        self.cache: dict[tuple[int, Seat], Valuation] = {}

    def get(self, index: int, viewer: Seat) -> Valuation:
        if self.shared and index < len(self.movers):
            viewer = self.movers[index]
        key = (index, viewer)
        if key not in self.cache:
            self.cache[key] = self.analyst.value(self.states[index], viewer)
        return self.cache[key]
