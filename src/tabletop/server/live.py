"""`LiveTable`: a table the server has in memory — its record, the state rebuilt from the
move log, and the log with each move's label.

The state is only ever rebuilt by replaying the log from the table's first position
(`rebuild`) and only advanced by `advance` after the move is committed, so the cache never
runs ahead of the database.
"""

from __future__ import annotations

import asyncio
import itertools
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tabletop.engine import Action, ActionId, Game, IllegalAction, JsonDict, Seat, State
from tabletop.server.board_changes import Drawing
from tabletop.server.clocks import ClockSpec, SeatClocks
from tabletop.store import MoveRecord, TableRecord

_VERSIONS = itertools.count(1)
"""Versions of every table of this process: one never repeats, even for a table loaded again."""


@dataclass(frozen=True)
class LogEntry:
    """One played move as people read it: who, what (the action's label) and when.

    `path` names the drawing's elements the move involved, so the browser can mark the
    last move on any game's board. `public_labels` is what each other viewer (a seat, or
    None for spectators) may read of the move while the game goes on, as the game said
    with `State.public_label`; None there means the move shows as "moved".
    """

    seq: int
    seat: Seat
    action_id: ActionId
    label: str
    path: tuple[str, ...]
    time: str
    public_labels: Mapping[Seat | None, str | None] = field(default_factory=dict)

    @classmethod
    def of(cls, move: MoveRecord, before: State) -> LogEntry:
        """The entry of a stored move, described from the position it was played in."""
        seat, action_id = move.seat, move.action_id
        action = action_of(before, seat, action_id)
        viewers = [None, *range(before.players)]
        public = {
            viewer: before.public_label(viewer, seat, action_id) for viewer in viewers if viewer != seat
        }
        return cls(move.seq, seat, action_id, action.label, action.path, move.created_at.isoformat(), public)

    def as_seen_by(self, viewer: Seat | None) -> LogEntry:
        """The entry as `viewer` may read it before the game ends.

        A move whose public text is its whole label keeps its id and path; any other shows
        only the public text (or "moved"), since its id or its path may say more.
        """
        public = self.public_labels.get(viewer)
        if viewer == self.seat or public == self.label:
            return self
        return LogEntry(self.seq, self.seat, "", public or "moved", (), self.time)


class UnreadableTable(Exception):
    """The stored log no longer replays (a game's rules changed without a migration)."""


@dataclass
class LiveTable:
    """One table held in memory; change it only under `lock`."""

    record: TableRecord
    game: Game
    state: State
    log: list[LogEntry] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    rendered: dict[Any, Any] = field(default_factory=dict)
    boards: dict[Seat | None, tuple[int, Drawing | None]] = field(default_factory=dict)
    """The last drawing each viewer was sent, with its seq: what the next update's drawing
    is sent as changes to (`views.update_message`). Kept when `rendered` is cleared."""
    acting_since: dict[Seat, int] = field(default_factory=dict)
    """For each seat, the seq since which its situation has not changed (it began or stopped
    acting, or moved itself): a move chosen at any seq from there on is still current."""
    synced_events: deque[str] = field(default_factory=lambda: deque(maxlen=64))
    clocks: SeatClocks | None = None
    """Every seat's time, when the table has a clock and has started."""
    clock_changed: asyncio.Event = field(default_factory=asyncio.Event)
    """Set whenever a move or a new record changes the deadlines (the clock watcher waits on it)."""
    version: int = field(default_factory=lambda: next(_VERSIONS))
    """Changes whenever the table does (a move, a new record): a connection that was sent
    the view of this version has nothing new to send for an event whose change it already
    showed (another process's join, heard only after the first view read it from the store)."""

    @property
    def id(self) -> str:
        """The table id."""
        return self.record.id

    @property
    def seq(self) -> int:
        """The number of moves played: the `expected_seq` the next move must carry."""
        return len(self.log)

    @property
    def is_over(self) -> bool:
        """The game has ended (the record may say "finished" a moment later)."""
        return self.state.is_over()

    def moves(self) -> tuple[tuple[Seat, ActionId], ...]:
        """The log as (seat, action id) pairs: with the set-up, enough to replay the game."""
        return tuple((entry.seat, entry.action_id) for entry in self.log)

    def advance(self, state: State, entry: LogEntry, at: datetime) -> None:
        """Takes the position after a move committed at time `at`."""
        self._note_turns(self.state.current_players(), state.current_players(), entry.seat, at)
        self.state = state
        self.log.append(entry)
        self.touch()

    def follow(self, move: MoveRecord) -> None:
        """Applies one stored move: when rebuilding, or catching up with another process."""
        entry = LogEntry.of(move, self.state)
        before = self.state.current_players()
        self.state.apply(move.seat, move.action_id)
        self._note_turns(before, self.state.current_players(), move.seat, move.created_at)
        self.log.append(entry)

    def is_current(self, seat: Seat, expected_seq: int) -> bool:
        """Was a move of `seat` chosen at `expected_seq` chosen in the situation it is in now?

        In a sequential game that means `expected_seq` is the table's seq. In a simultaneous
        step several seats act at once, each on its own sheet, so moves of the others since
        the seat's turn began do not make its choice stale; its own moves, or a new step, do.
        """
        return self.acting_since.get(seat, 0) <= expected_seq <= self.seq

    def _note_turns(
        self, before: tuple[Seat, ...], after: tuple[Seat, ...], mover: Seat, at: datetime
    ) -> None:
        """A new situation for the mover and for every seat that begins or stops acting."""
        seq = self.seq + 1
        for seat in {mover, *set(before).symmetric_difference(after)}:
            self.acting_since[seat] = seq
        if self.clocks is not None:
            self.clocks.follow(mover, at, before, after)

    def replace_record(self, record: TableRecord) -> None:
        """Takes a newer record (seats filled, status changed); the clocks start with the game.

        The same record read again is no change: the views rendered stay, as does `version`.
        """
        if record == self.record:
            return
        self.record = record
        self.start_clocks()
        self.touch()

    def start_clocks(self) -> None:
        """Starts the clocks once the table has a clock and has started (idempotent)."""
        spec = ClockSpec.stored(self.record.clock)
        if spec is None or self.clocks is not None or self.record.started_at is None:
            return
        self.clocks = SeatClocks.start(
            spec, self.record.players, self.state.current_players(), self.record.started_at
        )

    def touch(self) -> None:
        """Marks every rendered view as out of date, takes a new version and wakes the clock watcher."""
        self.version = next(_VERSIONS)
        self.clock_changed.set()
        self.rendered.clear()

    def catch_up(self, moves: Iterable[MoveRecord]) -> None:
        """Applies moves committed elsewhere (another server process) after ours, if any."""
        seq = self.seq
        for move in moves:
            if move.seq == self.seq + 1:
                self.follow(move)
        if self.seq != seq:
            self.touch()


def action_of(state: State, seat: Seat, action_id: ActionId) -> Action:
    """The legal action with that id in `state` (label defaulting to the id), for the log."""
    for action in state.legal_actions(seat):
        if action.id == action_id:
            return action if action.label else Action(action.id, action.id, action.path)
    return Action(action_id, action_id)


def first_position(record: TableRecord) -> JsonDict | None:
    """The stored position the table's own moves replay from, or None for the game's seeded start.

    A table begun from another's position ("play from here") starts at its snapshot and
    its log holds only its own moves (DESIGN.md, "Play from here").
    """
    return None if record.origin is None else record.origin.start


def rebuild(record: TableRecord, game: Game, moves: Iterable[MoveRecord]) -> LiveTable:
    """The table's state and labelled log, replayed from the stored set-up and moves."""
    start = game.replay(record.players, record.options, record.seed, [], start=first_position(record))
    live = LiveTable(record, game, start)
    live.start_clocks()
    for move in moves:
        try:
            live.follow(move)
        except IllegalAction as error:
            raise UnreadableTable(
                f"table {record.id}: stored move {move.seq} does not replay: {error}"
            ) from error
    return live


def replay_snapshot(live: LiveTable, moves_played: int) -> LiveTable:
    """The table as it was after its first `moves_played` moves (a copy, for the replay page)."""
    count = max(0, min(moves_played, live.seq))
    record = live.record
    moves = live.moves()[:count]
    state = live.game.replay(record.players, record.options, record.seed, moves, start=first_position(record))
    return LiveTable(record, live.game, state, live.log[:count])
