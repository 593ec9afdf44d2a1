"""Clocks: a Fischer clock per seat for live tables, a deadline per move for turn-based ones.

A table's clock is chosen at creation (`ClockSpec`) and followed move by move from the
times the store gave the moves (`SeatClocks.follow`), so rebuilding a table from its log
after a restart gives back every seat's time exactly: deadlines are stored, as the move
log is, never only in memory.

- Live (Fischer): each seat has `initial_s`; while it must act its time runs; each of its
  actions adds `increment_s`.
- Turn-based: a seat has `per_move_s` from the moment it gets the move.
- In a simultaneous step every acting seat's clock runs at once.

When a seat's time is out, the table's `on_timeout` decides: "lose" (the seat ranks last,
"out of time") or "bot" (a bot plays the seat for the rest of the game).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from tabletop.engine import Seat
from tabletop.engine.errors import shown
from tabletop.server import errors

ClockMode = Literal["live", "turn_based"]
TimeoutPolicy = Literal["lose", "bot"]
LONGEST_S = 30 * 24 * 3600
"""No clock setting may pass 30 days."""

PRESETS: dict[str, dict[str, Any]] = {
    "none": {},
    "live 3+2": {"mode": "live", "initial_s": 180, "increment_s": 2},
    "live 5+5": {"mode": "live", "initial_s": 300, "increment_s": 5},
    "live 10+10": {"mode": "live", "initial_s": 600, "increment_s": 10},
    "turn-based 12 h": {"mode": "turn_based", "per_move_s": 12 * 3600},
    "turn-based 24 h": {"mode": "turn_based", "per_move_s": 24 * 3600},
    "turn-based 72 h": {"mode": "turn_based", "per_move_s": 72 * 3600},
}
"""The choices of the new-table form ("none": a friendly table without a clock)."""


@dataclass(frozen=True)
class ClockSpec:
    """How a table keeps time."""

    mode: ClockMode
    initial_s: float = 0.0
    increment_s: float = 0.0
    per_move_s: float = 0.0
    on_timeout: TimeoutPolicy = "lose"

    @classmethod
    def from_json(cls, data: object, on_timeout: object = "lose") -> ClockSpec | None:
        """The clock a request asks for (None: no clock); raises `BadRequest` saying what is wrong.

        >>> ClockSpec.from_json({"mode": "live", "initial_s": 180, "increment_s": 5})
        ClockSpec(mode='live', initial_s=180.0, increment_s=5.0, per_move_s=0.0, on_timeout='lose')
        """
        if data is None or data == {}:
            return None
        if not isinstance(data, dict):
            raise errors.BadRequest("clock must be an object with a mode")
        if on_timeout not in ("lose", "bot"):
            raise errors.BadRequest(f'on_timeout is "lose" or "bot"; got {shown(on_timeout)}')
        policy: TimeoutPolicy = "bot" if on_timeout == "bot" else "lose"
        mode = data.get("mode")
        if mode == "live":
            initial = _seconds(data, "initial_s", minimum=1)
            return cls("live", initial, _seconds(data, "increment_s", minimum=0), on_timeout=policy)
        if mode == "turn_based":
            return cls("turn_based", per_move_s=_seconds(data, "per_move_s", minimum=60), on_timeout=policy)
        raise errors.BadRequest(f'clock mode is "live" or "turn_based"; got {shown(mode)}')

    @classmethod
    def stored(cls, data: dict[str, Any] | None) -> ClockSpec | None:
        """The spec a table's row keeps (already checked when the table was made)."""
        if not data:
            return None
        return cls(
            data["mode"],
            float(data.get("initial_s", 0)),
            float(data.get("increment_s", 0)),
            float(data.get("per_move_s", 0)),
            data.get("on_timeout", "lose"),
        )

    def to_json(self) -> dict[str, Any]:
        """As the table's row keeps it and the API shows it."""
        if self.mode == "live":
            times = {"initial_s": self.initial_s, "increment_s": self.increment_s}
        else:
            times = {"per_move_s": self.per_move_s}
        return {"mode": self.mode, **times, "on_timeout": self.on_timeout}

    def describe(self) -> str:
        """For people: "3 min + 2 s" or "24 h per move".

        >>> ClockSpec("live", 180, 2).describe(), ClockSpec("turn_based", per_move_s=86400).describe()
        ('3 min + 2 s', '24 h per move')
        """
        if self.mode == "live":
            return f"{_duration(self.initial_s)} + {_duration(self.increment_s)}"
        return f"{_duration(self.per_move_s)} per move"


@dataclass
class SeatClocks:
    """Every seat's time at one table, followed through its moves."""

    spec: ClockSpec
    remaining: dict[Seat, float]
    turn_started: dict[Seat, datetime] = field(default_factory=dict)

    @classmethod
    def start(cls, spec: ClockSpec, players: int, movers: tuple[Seat, ...], at: datetime) -> SeatClocks:
        """The clocks when the table starts: the first movers' time begins to run."""
        bank = spec.initial_s if spec.mode == "live" else spec.per_move_s
        return cls(spec, dict.fromkeys(range(players), bank), dict.fromkeys(movers, at))

    def follow(self, seat: Seat, at: datetime, before: tuple[Seat, ...], after: tuple[Seat, ...]) -> None:
        """Takes one move of `seat` at time `at`, which changed who acts from `before` to `after`."""
        started = self.turn_started.get(seat, at)
        if self.spec.mode == "live":
            used = (at - started).total_seconds()
            self.remaining[seat] = self.remaining[seat] - used + self.spec.increment_s
        for other in list(self.turn_started):
            if other not in after:
                del self.turn_started[other]
        for other in after:
            if other == seat or other not in before:
                self.turn_started[other] = at

    def deadline(self, seat: Seat) -> datetime | None:
        """When `seat` runs out of time, or None while it does not have to act."""
        started = self.turn_started.get(seat)
        if started is None:
            return None
        return started + timedelta(seconds=max(0.0, self.remaining[seat]))

    def earliest_deadline(self) -> datetime | None:
        """The next moment a seat may run out of time."""
        deadlines = [deadline for seat in self.turn_started if (deadline := self.deadline(seat))]
        return min(deadlines, default=None)

    def out_of_time(self, now: datetime) -> list[Seat]:
        """The acting seats whose time is over at `now`."""
        return [seat for seat in sorted(self.turn_started) if (self.deadline(seat) or now) <= now]

    def snapshot(self, stopped_at: datetime | None = None) -> dict[str, Any]:
        """What clients need to count down: each seat's time when its turn began, and since when.

        It changes only with a move, so a rendered message can be cached and sent later; the
        message's own `server_time` (added as it is sent) lets the client subtract what has
        run since `running_since`. Once the table has ended (`stopped_at`) nothing runs.
        """
        if stopped_at is not None:
            banks = {seat: self.time_left(seat, stopped_at) for seat in self.remaining}
            since: dict[Seat, str] = {}
        else:
            banks = self.remaining
            since = {seat: started.isoformat() for seat, started in self.turn_started.items()}
        seats = [
            {"seat": seat, "remaining_s": round(max(0.0, bank), 3), "running_since": since.get(seat)}
            for seat, bank in sorted(banks.items())
        ]
        return {**self.spec.to_json(), "seats": seats}

    def time_left(self, seat: Seat, now: datetime) -> float:
        """Seconds `seat` has left at `now` (its bank while it does not act)."""
        started = self.turn_started.get(seat)
        used = 0.0 if started is None else (now - started).total_seconds()
        return max(0.0, self.remaining[seat] - used)


def _seconds(data: dict[str, Any], name: str, *, minimum: float) -> float:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int | float) or not minimum <= value <= LONGEST_S:
        raise errors.BadRequest(f"clock {name} must be a number of seconds from {minimum:g} to {LONGEST_S}")
    return float(value)


def _duration(seconds: float) -> str:
    if seconds >= 3600 and seconds % 3600 == 0:
        return f"{seconds / 3600:g} h"
    if seconds >= 60 and seconds % 60 == 0:
        return f"{seconds / 60:g} min"
    return f"{seconds:g} s"
