"""The review of one game: every move valued before and after for the player who made it.

A game is the same record the server stores and `Game.replay` plays: the game, the player
count, the options, the seed and the moves as (seat, action id). For each move the
analyst assesses the position before it from the mover's view (its value for the mover
and the move it prefers) and the position after it, again from the mover's view; the loss
is how much the mover's value fell, and its verdict comes from `verdicts`.

Positions are assessed once per (position, viewer), and in games without hidden
information once per position: every seat then sees the same thing, so the position
after a move, valued for its mover, is the position before the next move. An exact
analyst values the mover's every action in the position before the move, so the loss is
the value of the best action minus the played one's, before any dice fall.

`ReviewPlan` and `move_review` are the steps of `review`, for a caller that computes the
valuations elsewhere (the site's background job, one position at a time in the bot pool).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tabletop.analysis.analysts import Analyst, Valuation
from tabletop.analysis.verdicts import Verdict, verdict
from tabletop.engine import ActionId, Game, JsonDict, Options, Seat, State

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
    start: JsonDict | None = None
    """The snapshot a table begun from another's position replays from (`Game.replay`'s `start`)."""

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
                data.get("start"),
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
    state = game.replay(record.players, record.options, record.seed, [], start=record.start)
    states = [state.clone()]
    for seat, action in record.moves:
        state.apply(seat, action)
        states.append(state.clone())
    return states


def review(game: Game, record: GameRecord, analyst: Analyst, progress: Progress | None = None) -> Review:
    """Values every move of `record` with `analyst`; see the module docstring."""
    states = positions(game, record)
    plan = ReviewPlan(record, shared=not game.capabilities.hidden_information)
    valuations: dict[PositionKey, Valuation] = {}

    def valued(key: PositionKey) -> Valuation:
        if key not in valuations:
            valuations[key] = analyst.value(states[key[0]], key[1])
        return valuations[key]

    reviewed: list[MoveReview] = []
    for index in range(len(record.moves)):
        before = valued(plan.before(index))
        after_key = plan.after(index, before)
        after = None if after_key is None else valued(after_key)
        move = record.moves[index]
        reviewed.append(
            move_review(states[index], index, move=move, before=before, after=after, kind=analyst.kind)
        )
        if progress is not None:
            progress(index + 1, len(record.moves))
    return Review(record, analyst.name, analyst.kind, tuple(reviewed))


PositionKey = tuple[int, Seat]
"""A position of the record (how many moves were played) and the seat whose view values it."""


class ReviewPlan:
    """Which valuations each move needs: the position before it, and the one after unless exact.

    With nothing hidden every seat sees the same position, so one valuation serves them
    all; it is made from the view of the seat that moves next in the record, whose
    preferred move the review needs. An exact analyst values every action of the mover
    (`Valuation.actions`), so the position after a move is never searched.
    """

    def __init__(self, record: GameRecord, *, shared: bool) -> None:
        self.movers = [seat for seat, _ in record.moves]
        self.shared = shared

    def before(self, index: int) -> PositionKey:
        """The position before move `index`, from its mover's view."""
        return index, self.movers[index]

    def after(self, index: int, before: Valuation) -> PositionKey | None:
        """The position after move `index` from a view that serves its mover, or None when exact."""
        if before.actions is not None:
            return None
        viewer = self.movers[index]
        if self.shared and index + 1 < len(self.movers):
            viewer = self.movers[index + 1]
        return index + 1, viewer


def move_review(
    state: State,
    index: int,
    *,
    move: tuple[Seat, ActionId],
    before: Valuation,
    after: Valuation | None,
    kind: str,
) -> MoveReview:
    """One move's review from the valuations before it and after it (None: `before` is exact)."""
    seat, played = move
    labels = {action.id: action.label for action in state.legal_actions(seat)}
    value_before = before.values[seat]
    if after is None:
        if before.actions is None or played not in before.actions:
            raise ValueError(f"move {index + 1} ({played}) has no exact value")
        value_after = before.actions[played]
    else:
        value_after = after.values[seat]
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
