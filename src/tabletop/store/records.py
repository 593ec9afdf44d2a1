"""What the store hands out: plain frozen records (never live ORM objects) and its errors.

Records are safe to pass between threads and to keep in the server's cache after the
database session that read them has closed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from tabletop.engine import ActionId, Outcome, Seat

TableStatus = Literal["waiting", "playing", "finished", "abandoned"]
TableMode = Literal["live", "turn-based"]
OPEN_STATUSES: tuple[TableStatus, ...] = ("waiting", "playing")
MODES: tuple[TableMode, ...] = ("live", "turn-based")


class StoreError(Exception):
    """Something the store refused; the message says what and why."""


class SeatTaken(StoreError):
    """The seat is already held by a player or a bot."""


class AlreadySeated(StoreError):
    """The player already holds another seat at this table (one seat per player)."""


class MoveConflict(StoreError):
    """A move with that (table, seq) is already in the log: someone else moved first."""


class TableFinished(MoveConflict):
    """The table had already finished: another move, process or forfeit ended it first."""


class UsernameTaken(StoreError):
    """Another account already uses that username."""


class NameTaken(StoreError):
    """Another player already shows that display name (ignoring case and look-alikes)."""


class NotFound(StoreError):
    """No table, seat or player with that id."""


@dataclass(frozen=True)
class PlayerRecord:
    """A person: `username` is None for a guest."""

    id: int
    name: str
    username: str | None

    @property
    def is_guest(self) -> bool:
        """Guests have a name but no account to log in to."""
        return self.username is None


@dataclass(frozen=True)
class SeatSpec:
    """How a seat starts when a table is created: open, a player, or a bot at a level."""

    player_id: int | None = None
    bot: str | None = None
    bot_level: int | None = None


@dataclass(frozen=True)
class SeatRecord:
    """Who sits at one seat now."""

    seat: Seat
    player_id: int | None
    player_name: str | None
    bot: str | None
    bot_level: int | None
    stand_in: str | None = None
    stand_in_level: int | None = None

    @property
    def is_open(self) -> bool:
        """Nobody sits here yet: a person may join."""
        return self.player_id is None and self.bot is None

    @property
    def is_bot(self) -> bool:
        """A bot plays this seat: a bot's own seat, or a person's that a bot stands in for."""
        return self.bot is not None or self.stand_in is not None

    @property
    def playing_bot(self) -> tuple[str, int] | None:
        """The bot that moves for this seat and its level, or None when a person does."""
        if self.bot is not None:
            return self.bot, self.bot_level or 1
        if self.stand_in is not None:
            return self.stand_in, self.stand_in_level or 1
        return None


@dataclass(frozen=True)
class TableOrigin:
    """Where a table begun from another table's position came from, and that first position.

    `start` is the new table's own first state (`State.to_json` of `State.start_here`):
    hidden cards and the dice to come are in it, so it stays on the server.
    """

    table_id: str
    move: int
    start: dict[str, Any] = field(repr=False)


@dataclass(frozen=True)
class NewTable:
    """Everything a table starts with; the store adds an id and the creation time."""

    game_id: str
    options: dict[str, Any]
    seed: int
    seats: tuple[SeatSpec, ...]
    mode: TableMode = "live"
    created_by: int | None = None
    clock: dict[str, Any] | None = None
    rematch_of: str | None = None
    rated: bool = False
    origin: TableOrigin | None = None

    @property
    def players(self) -> int:
        """The player count is the number of seats."""
        return len(self.seats)


@dataclass(frozen=True)
class RatingDelta:
    """One seat's rating before and after a rated table (the game-over box shows it)."""

    seat: Seat
    before: int
    after: int

    @property
    def change(self) -> int:
        """How much the shown rating moved (0 for a bot: bots are fixed anchors)."""
        return self.after - self.before


@dataclass(frozen=True)
class TableRecord:
    """A table as stored: its game set-up, status, seats and result (never its position)."""

    id: str
    game_id: str
    options: dict[str, Any]
    seed: int
    players: int
    mode: TableMode
    status: TableStatus
    created_by: int | None
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    result: Outcome | None
    seats: tuple[SeatRecord, ...] = field(default=())
    clock: dict[str, Any] | None = None
    forfeits: tuple[Forfeit, ...] = ()
    rematch_of: str | None = None
    last_move_at: datetime | None = None
    rated: bool = False
    rating_changes: tuple[RatingDelta, ...] = ()
    """Once a rated table has finished: each rated seat's shown rating before and after."""
    origin: TableOrigin | None = None
    """The position this table began from, when it was not the game's own start."""

    def seat_of(self, player_id: int | None) -> Seat | None:
        """The seat this player holds, or None (a spectator)."""
        if player_id is None:
            return None
        for seat in self.seats:
            if seat.player_id == player_id:
                return seat.seat
        return None


@dataclass(frozen=True)
class Forfeit:
    """A seat that left the game: it resigned or ran out of time, and ranks last."""

    seat: Seat
    reason: str
    seq: int

    def to_json(self) -> dict[str, Any]:
        """As stored in the table's row."""
        return {"seat": self.seat, "reason": self.reason, "seq": self.seq}


@dataclass(frozen=True)
class NewMove:
    """A move to append to the log; `result` set when it ends the game."""

    table_id: str
    seq: int
    seat: Seat
    action_id: ActionId
    result: Outcome | None = None


@dataclass(frozen=True)
class MoveRecord:
    """One entry of the move log."""

    seq: int
    seat: Seat
    action_id: ActionId
    created_at: datetime


@dataclass(frozen=True)
class ChatRecord:
    """One line of chat, with its author's name at the time it is read."""

    id: int
    table_id: str
    player_id: int
    player_name: str
    text: str
    created_at: datetime


@dataclass(frozen=True)
class RatingRecord:
    """A participant's rating at one game: `shown` is the number people see (docs/ratings.md)."""

    game_id: str
    mu: float
    sigma: float
    shown: int
    games: int


@dataclass(frozen=True)
class RatingPoint:
    """A person's shown rating after one rated table: a point of the profile's chart."""

    table_id: str
    finished_at: datetime
    shown: int


@dataclass(frozen=True)
class PlayedGame:
    """A finished table as one of its players saw it: their seat, rank and rating change."""

    table: TableRecord
    seat: Seat
    rank: int
    rating: RatingDelta | None

    @property
    def opponents(self) -> tuple[SeatRecord, ...]:
        """Everyone else at the table."""
        return tuple(seat for seat in self.table.seats if seat.seat != self.seat)


@dataclass(frozen=True)
class GameCount:
    """How many tables of a game a player finished, and the rated ones among them."""

    game_id: str
    played: int
    rated: int


@dataclass(frozen=True)
class SoloBest:
    """A person's record at a game played alone: personal best, where, and the average."""

    game_id: str
    games: int
    best: float
    best_table_id: str
    average: float


@dataclass(frozen=True)
class LeaderboardEntry:
    """One line of a game's leaderboard."""

    place: int
    player_id: int
    name: str
    shown: int
    games: int


@dataclass(frozen=True)
class AnalystKey:
    """Which analyst made a review: its name, its version and its budget (what reuse checks)."""

    name: str
    version: str
    budget: int


@dataclass(frozen=True)
class AnalysisLeaseRecord:
    """A table's review by one analyst as the store sees it: whose it is, how many moves it
    reviews, whether its holder still renews it, and why the last one stopped, if it failed."""

    holder: str
    total: int
    running: bool
    error: str | None


@dataclass(frozen=True)
class MoveAnalysisRecord:
    """One analysed move, for the mover: values before and after, the analyst's move, the verdict."""

    move_index: int
    kind: str
    seat: Seat
    played: ActionId
    label: str
    best: ActionId | None
    best_label: str
    value_before: float
    value_after: float
    verdict: str
