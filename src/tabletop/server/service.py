"""The table service, the one authority over every table (boardgame.io calls it the master).

`play(table, seat, action_id, expected_seq)` checks the seat, the turn, the seq and the
legality, appends the move to the log in one transaction, and only then advances the
cached state and publishes the change. Any refusal raises a `ServiceError` before anything
is written. Writes to one table are serialised by the table's asyncio lock; the store's
unique (table, seq) key backs it up across processes.

The store, the hub, the game loader and the bot runner are passed in, so tests run the
same service in memory. Nothing here knows a game by name.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import logging
import secrets
import uuid
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, ParamSpec, TypeVar

import anyio.to_thread

from tabletop import bots
from tabletop.engine import ActionId, Game, IllegalAction, InvalidOptions, OptionValue, Rng, Seat, UnknownGame
from tabletop.engine.errors import shown
from tabletop.server import errors
from tabletop.server.bot_runner import BotRunner, BotTimeout
from tabletop.server.bot_worker import BotRequest, TablePosition
from tabletop.server.clocks import ClockSpec
from tabletop.server.fair_share import FairShare
from tabletop.server.forfeits import ends_the_game, ranked_with_forfeits, walkover
from tabletop.server.hub import Event, Hub, table_channel
from tabletop.server.inputs import clean_line
from tabletop.server.live import LiveTable, LogEntry, UnreadableTable, first_position, rebuild
from tabletop.server.move_writer import MoveWriter
from tabletop.server.origins import StartingPosition, check_same_setup, table_origin
from tabletop.server.rate_limits import MAX_OPEN_TABLES
from tabletop.server.summaries import bot_display_name, table_people
from tabletop.store import (
    MODES,
    OPEN_STATUSES,
    AlreadySeated,
    MoveConflict,
    NewMove,
    NewTable,
    NotFound,
    SeatRecord,
    SeatSpec,
    SeatTaken,
    Store,
    TableMode,
    TableRecord,
    is_table_id,
)
from tabletop.store.models import CHAT_LENGTH
from tabletop.store.ratings import bot_participant

GameLoader = Callable[[str], Game]
BOT_LEVELS = range(1, 6)
FINISHED_TABLES_KEPT = 200
MAX_ACTION_ID_LENGTH = 200
MAX_SEATS = 16
"""The most seats any table may have (the API and the forms refuse more before building them)."""
SWEEPS_PER_EXPIRY = 24
"""How often, per `waiting_expiry`, the server looks for tables left waiting (hourly for a day)."""
STAND_IN_LEVEL = 2
"""The level of the bot that plays on for a person who left (fast enough for a live clock)."""
BOT_LEASE_MARGIN = 5.0
"""Seconds a bot lease outlives the bot's budget: time to commit the move it chose."""
SEED_BITS = 62

P = ParamSpec("P")
R = TypeVar("R")


async def in_worker_thread(function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """Runs a blocking call (the store's) in a worker thread, so the event loop keeps serving."""
    return await anyio.to_thread.run_sync(lambda: function(*args, **kwargs))


_LOG = logging.getLogger(__name__)


@dataclass(frozen=True)
class TableRequest:
    """A new table as asked for: the game, one `SeatSpec` per seat, options and mode."""

    game_id: str
    seats: tuple[SeatSpec, ...]
    options: Mapping[str, Any]
    mode: str = "live"
    seed: int | None = None
    created_by: int | None = None
    clock: ClockSpec | None = None
    rematch_of: str | None = None
    rated: bool = False
    """Asked for a rated table; a table of one is never rated (solo games keep personal bests)."""
    start_from: StartingPosition | None = None
    """A position of another table to begin at ("play from here"); such a table is never rated."""


class TableService:
    """Creates tables, seats players, plays moves, runs bots and keeps views current."""

    def __init__(
        self,
        store: Store,
        hub: Hub,
        load_game: GameLoader,
        bot_runner: BotRunner | None = None,
        *,
        bot_delay: float = 0.0,
        bot_capacity: int = 1,
        bot_lease: float = 30.0,
        max_open_tables: int = MAX_OPEN_TABLES,
        waiting_expiry: timedelta = timedelta(days=1),
        watch_clocks: bool = True,
    ) -> None:
        self.store = store
        self.hub = hub
        self.load_game = load_game
        self.instance_id = uuid.uuid4().hex
        self._event_numbers = itertools.count(1)
        self._bot_runner = bot_runner
        self._bot_delay = bot_delay
        self._writer = MoveWriter(store)
        self._tables: dict[str, LiveTable] = {}
        self._finished: OrderedDict[str, None] = OrderedDict()
        self._loading: dict[str, asyncio.Lock] = {}
        self._bot_tasks: dict[tuple[str, Seat], asyncio.Task[None]] = {}
        self._followers: dict[str, asyncio.Task[None]] = {}
        self._bot_share = FairShare(bot_capacity)
        self._bot_lease = timedelta(seconds=bot_lease)
        self.max_open_tables = max_open_tables
        self.waiting_expiry = waiting_expiry
        self.watch_clocks = watch_clocks
        self._clock_watchers: dict[str, asyncio.Task[None]] = {}
        self._janitor: asyncio.Task[None] | None = None

    # Life cycle

    async def start(self) -> int:
        """Rebuilds every open table from its log and restarts its bots; returns how many."""
        for table_id in await in_worker_thread(self.store.start_full_tables):
            _LOG.warning("table %s had every seat taken but had not started: started it", table_id)
        await self._abandon_stale_tables_now()
        self._janitor = asyncio.create_task(self._sweep_stale_tables())
        records = await in_worker_thread(self.store.tables, OPEN_STATUSES, None)
        for record in records:
            try:
                live = await self.table(record.id)
            except errors.ServiceError:
                _LOG.exception("could not rebuild table %s", record.id)
                continue
            self._schedule_bots(live)
        return len(records)

    async def stop(self) -> None:
        """Cancels the bot moves under way (they are replayed from the log on the next start)."""
        tasks = [*self._bot_tasks.values(), *self._followers.values(), *self._clock_watchers.values()]
        if self._janitor is not None:
            tasks.append(self._janitor)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._bot_tasks.clear()
        self._followers.clear()
        self._clock_watchers.clear()
        self._writer.close()

    # Reading

    async def table(self, table_id: str) -> LiveTable:
        """The live table, rebuilt from the store on first use; raises `TableNotFound`."""
        live = self._tables.get(table_id)
        if live is not None:
            return live
        if not is_table_id(table_id):
            raise errors.TableNotFound(f"no table {shown(table_id)}")
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                live = self._tables.get(table_id)
                if live is None:
                    live = await self._load(table_id)
                    self._remember(live)
        finally:
            if not lock.locked():
                self._loading.pop(table_id, None)
        return live

    def _remember(self, live: LiveTable) -> None:
        """Caches the table; of finished ones only the most recently used few stay in memory."""
        self._tables[live.id] = live
        if live.record.status != "finished":
            if self.hub.shared_by_processes and live.id not in self._followers:
                self._followers[live.id] = asyncio.create_task(self._follow(live))
            if live.clocks is not None and self.watch_clocks and live.id not in self._clock_watchers:
                self._clock_watchers[live.id] = asyncio.create_task(self._watch_clock(live))
            return
        self._finished[live.id] = None
        self._finished.move_to_end(live.id)
        while len(self._finished) > FINISHED_TABLES_KEPT:
            evicted, _ = self._finished.popitem(last=False)
            self._tables.pop(evicted, None)

    async def _load(self, table_id: str) -> LiveTable:
        record = await in_worker_thread(self.store.table, table_id)
        if record is None:
            raise errors.TableNotFound(f"no table {table_id!r}")
        moves = await in_worker_thread(self.store.moves, table_id)
        try:
            return rebuild(record, self.game(record.game_id), moves)
        except UnreadableTable as error:
            raise errors.TableUnreadable(str(error)) from error

    async def open_tables(self, limit: int = 100) -> list[TableRecord]:
        """Tables waiting for players or being played, newest first (for the lobby)."""
        return await in_worker_thread(self.store.tables, OPEN_STATUSES, limit)

    def game(self, game_id: str) -> Game:
        """The game with that id; raises `BadRequest` naming the known ones."""
        try:
            return self.load_game(game_id)
        except UnknownGame as error:
            raise errors.BadRequest(str(error)) from error

    # Creating and joining

    async def create_table(self, request: TableRequest) -> LiveTable:
        """Validates the request against the game's declarations and stores the table."""
        game = self.game(request.game_id)
        new_table = self._check_request(game, request)
        if request.start_from is not None:
            new_table = await self._begun_from(new_table, request.start_from)
        if new_table.rated:
            await self._check_rated(game, request.seats)
        if request.created_by is not None:
            await self._check_open_tables(request.created_by)
        record = await in_worker_thread(self.store.create_table, new_table)
        live = rebuild(record, game, [])
        self._remember(live)
        self._schedule_bots(live)
        return live

    async def _begun_from(self, table: NewTable, position: StartingPosition) -> NewTable:
        """The new table with its origin: unrated, since its players did not play the start."""
        origin = await self.table(position.table_id)
        check_same_setup(origin.record, table)
        begun = table_origin(origin, position.move, table.created_by, table.seed)
        return dataclasses.replace(table, rated=False, origin=begun)

    async def _check_open_tables(self, player_id: int) -> None:
        """Refuses a new table to a player who already has `max_open_tables` under way."""
        count = await in_worker_thread(self.store.open_tables_created_by, player_id)
        if count >= self.max_open_tables:
            raise errors.TooManyRequests(
                f"you already have {count} open tables (at most {self.max_open_tables}); "
                "finish or leave one first"
            )

    async def _check_rated(self, game: Game, seats: Sequence[SeatSpec]) -> None:
        """A rated table's bots must have a calibrated rating (docs/ratings.md)."""
        calibrated = await in_worker_thread(self.store.bot_ratings, game.id)
        for seat in seats:
            if seat.bot is None:
                continue
            if (game.id, bot_participant(seat.bot, seat.bot_level)) not in calibrated:
                name = bot_display_name(seat.bot, seat.bot_level)
                raise errors.BadRequest(
                    f"{name} has no rating at {game.title} yet: play it at a friendly table"
                )

    def _check_request(self, game: Game, request: TableRequest) -> NewTable:
        try:
            game.check_players(len(request.seats))
            options = game.resolve_options(request.options)
        except InvalidOptions as error:
            raise errors.BadRequest(str(error)) from error
        if request.mode not in MODES:
            raise errors.BadRequest(f"mode must be one of {', '.join(MODES)}; got {request.mode!r}")
        for seat in request.seats:
            _check_seat_spec(seat, game.id, options)
        people = [seat.player_id for seat in request.seats if seat.player_id is not None]
        if len(people) != len(set(people)):
            raise errors.BadRequest("a player can hold only one seat at a table")
        mode: TableMode = "live" if request.mode == "live" else "turn-based"
        if request.clock is not None:
            mode = "live" if request.clock.mode == "live" else "turn-based"
        seed = secrets.randbits(SEED_BITS) if request.seed is None else request.seed
        clock = None if request.clock is None else request.clock.to_json()
        return NewTable(
            request.game_id,
            options,
            seed,
            request.seats,
            mode,
            request.created_by,
            clock,
            request.rematch_of,
            rated=request.rated and len(request.seats) > 1,
        )

    async def join(self, table_id: str, player_id: int, seat: Seat | None = None) -> LiveTable:
        """Seats a player at `seat` (or the first open one); the table starts once full.

        Without a chosen seat, a seat another process gave away a moment ago is not a
        refusal: the record is read again and the next open seat is taken.
        """
        live = await self.table(table_id)
        async with live.lock:
            if live.record.seat_of(player_id) is not None:
                raise errors.SeatUnavailable("you already have a seat at this table")
            if seat is not None and not 0 <= seat < live.record.players:
                raise errors.SeatUnavailable(
                    f"this table has seats 0 to {live.record.players - 1}; got {seat}"
                )
            for _attempt in range(live.record.players):
                chosen = _open_seat(live.record) if seat is None else seat
                try:
                    record = await in_worker_thread(self.store.take_seat, table_id, chosen, player_id)
                    break
                except SeatTaken as error:
                    if seat is not None:
                        raise errors.SeatUnavailable(str(error)) from error
                    await self._reload_record(live)
                except AlreadySeated as error:
                    raise errors.SeatUnavailable(str(error)) from error
            else:
                raise errors.SeatUnavailable(f"table {table_id} has no open seat left")
            live.replace_record(record)
        await self._publish(live, "table")
        self._schedule_bots(live)
        return live

    # Playing

    async def play_as(
        self, table_id: str, player_id: int, action_id: object, expected_seq: object
    ) -> LogEntry:
        """`play` for the seat this player holds (the seat comes from who asks, never from them)."""
        live = await self.table(table_id)
        seat = live.record.seat_of(player_id)
        if seat is None:
            raise errors.NotSeated(f"you have no seat at table {table_id}; spectators cannot move")
        await self.enforce_clock(live)
        if live.record.seats[seat].stand_in is not None:
            raise errors.GameOver("a bot plays your seat now: your time ran out or you resigned")
        return await self.play(table_id, seat, action_id, expected_seq)

    async def play(self, table_id: str, seat: Seat, action_id: object, expected_seq: object) -> LogEntry:
        """Checks, commits, applies and publishes one move; returns its log entry."""
        action_id, expected_seq = _checked_move(action_id, expected_seq)
        live = await self.table(table_id)
        async with live.lock:
            if expected_seq > live.seq:  # another server process may have moved: look first
                await self._refresh(live)
            _check_turn(live, seat, action_id, expected_seq)
            after = live.state.clone()
            try:
                after.apply(seat, action_id)
            except IllegalAction as error:
                people = table_people(live.record, live.state.view(None), seat)
                raise errors.IllegalMove(people.resolve(str(error))) from error
            outcome = after.outcome() if after.is_over() else None
            result = None if outcome is None else ranked_with_forfeits(outcome, live.record)
            try:
                move = await self._writer.append(NewMove(table_id, live.seq + 1, seat, action_id, result))
            except MoveConflict as error:
                await self._refresh(live)
                raise errors.StaleSeq(
                    f"another move was played first; the table is at seq {live.seq}"
                ) from error
            live.advance(after, LogEntry.of(move, live.state), move.created_at)
            entry = live.log[-1]
            if result is not None:
                await self._reload_record(live)
                self._remember(live)
        await self._publish(live, "move", seq=entry.seq)
        self._schedule_bots(live)
        return entry

    # Time and the end of a table

    async def enforce_clock(self, live: LiveTable) -> None:
        """Applies the table's timeout policy to every seat whose time is over now.

        Called by the clock watcher at each deadline and before a person's move, so a
        timeout happens even with nobody connected; `Store.leave_game` makes it happen once
        however many processes notice it.
        """
        if live.clocks is None or live.record.status != "playing":
            return
        for seat in live.clocks.out_of_time(self.store.clock()):
            spec = live.clocks.spec
            await self._leave_game(live, seat, "ran out of time", forfeit=spec.on_timeout == "lose")

    async def resign(self, table_id: str, player_id: int) -> LiveTable:
        """The player concedes: in a game of two the other wins; in a bigger one a bot plays on."""
        live = await self.table(table_id)
        seat = live.record.seat_of(player_id)
        if seat is None:
            raise errors.NotSeated(f"you have no seat at table {table_id}")
        if live.record.status != "playing":
            raise errors.GameOver(f"the game at table {table_id} is not under way: leave it instead")
        if live.record.seats[seat].stand_in is not None:
            raise errors.GameOver("you have already left this game")
        await self._leave_game(live, seat, "resigned", forfeit=True)
        return live

    async def _leave_game(self, live: LiveTable, seat: Seat, reason: str, *, forfeit: bool) -> None:
        """Records a seat leaving (a forfeit, or only a stand-in bot) once, and tells everyone."""
        async with live.lock:
            record = live.record
            last = forfeit and ends_the_game(record, seat)
            result = walkover(record, seat, reason) if last else None
            stand_in = None if last else (bots.strongest(record.game_id), STAND_IN_LEVEL)
            changed = await in_worker_thread(
                self.store.leave_game,
                live.id,
                seat,
                live.seq,
                forfeit=reason if forfeit else None,
                stand_in=stand_in,
                result=result,
            )
            if changed is None:  # another process (or a move a moment ago) got there first
                await self._refresh(live)
            else:
                live.replace_record(changed)
                self._remember(live)
        await self._publish(live, "table")
        self._schedule_bots(live)

    async def leave(self, table_id: str, player_id: int) -> LiveTable:
        """Leaves a table that has not started (its seat opens again)."""
        live = await self.table(table_id)
        async with live.lock:
            try:
                record = await in_worker_thread(self.store.leave, table_id, player_id)
            except (SeatTaken, NotFound) as error:
                raise errors.SeatUnavailable(str(error)) from error
            live.replace_record(record)
        await self._publish(live, "table")
        return live

    async def rematch(self, table_id: str, player_id: int) -> LiveTable:
        """A new table like a finished one: same game, options, clock and bots; the others invited.

        The player who asks takes their old seat; the other people's seats are left open
        for them (the finished table shows everyone the way to the new one). A second ask
        finds the rematch already made and joins it.
        """
        live = await self.table(table_id)
        record = live.record
        if record.status != "finished" or record.seat_of(player_id) is None:
            raise errors.BadRequest("only the players of a finished table can ask for a rematch")
        existing = await in_worker_thread(self.store.rematch_of, table_id)
        if existing is not None:
            rematch = await self.table(existing)
            if rematch.record.seat_of(player_id) is None and rematch.record.status == "waiting":
                return await self.join(existing, player_id, record.seat_of(player_id))
            return rematch
        seats = tuple(_rematch_seat(seat, player_id) for seat in record.seats)
        request = TableRequest(
            record.game_id,
            seats,
            record.options,
            record.mode,
            created_by=player_id,
            clock=ClockSpec.stored(record.clock),
            rematch_of=table_id,
            rated=record.rated,
            start_from=None
            if record.origin is None
            else StartingPosition(record.origin.table_id, record.origin.move),
        )
        rematch = await self.create_table(request)
        await self._publish(live, "rematch", rematch=rematch.id)
        return rematch

    async def abandon_stale_tables(self) -> list[str]:
        """Tables still waiting for players after `waiting_expiry` are abandoned (leave the lobby)."""
        expired = await in_worker_thread(self.store.abandon_waiting, self.store.clock() - self.waiting_expiry)
        for table_id in expired:
            live = self._tables.get(table_id)
            if live is not None:
                await self._reload_record(live)
                self._remember(live)
        return expired

    async def _abandon_stale_tables_now(self) -> None:
        for table_id in await self.abandon_stale_tables():
            _LOG.info("table %s waited for players too long: abandoned", table_id)

    async def _sweep_stale_tables(self) -> None:
        """Abandons tables left waiting, a few times per expiry period, for as long as the server runs."""
        while True:
            await asyncio.sleep(max(60.0, self.waiting_expiry.total_seconds() / SWEEPS_PER_EXPIRY))
            await self._abandon_stale_tables_now()

    async def _watch_clock(self, live: LiveTable) -> None:
        """Sleeps until the table's next deadline (or a move that changes it), then enforces it."""
        try:
            while live.record.status == "playing" and live.clocks is not None:
                live.clock_changed.clear()
                deadline = live.clocks.earliest_deadline()
                wait = None if deadline is None else max(0.0, (deadline - self.store.clock()).total_seconds())
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(live.clock_changed.wait(), wait)
                await self.enforce_clock(live)
        finally:
            self._clock_watchers.pop(live.id, None)

    async def say(self, table_id: str, player_id: int, text: str) -> None:
        """Stores a chat line and sends it to everyone at the table."""
        text = clean_line(text, "a chat message", CHAT_LENGTH)
        live = await self.table(table_id)
        if live.record.seat_of(player_id) is None:
            raise errors.NotSeated("only the players at a table chat there; spectators watch")
        line = await in_worker_thread(self.store.add_chat, table_id, player_id, text)
        chat = {"name": line.player_name, "text": line.text, "time": line.created_at.isoformat()}
        await self._publish(live, "chat", chat=chat)

    # Keeping processes in step

    async def _publish(self, live: LiveTable, kind: str, **fields: Any) -> None:
        """Announces a change; the event's id is unique across processes (this one's id and a
        count), which is all `sync` asks of it, without a random draw for every move."""
        event_id = f"{self.instance_id}-{next(self._event_numbers)}"
        event: Event = {"id": event_id, "origin": self.instance_id, "kind": kind, "table": live.id}
        event.update(fields)
        await self.hub.publish(table_channel(live.id), event)

    async def _follow(self, live: LiveTable) -> None:
        """Keeps this process's copy of a table in step with the other processes until it ends.

        Behind a load balancer a player's requests reach any process, over HTTP as well as
        WebSockets, so every process that has a table in memory listens to its channel,
        whether or not a WebSocket of that table is open on it. A hub no other process
        publishes on has nothing to follow (every change was made here, to the cached table),
        so no follower starts then: it would cost a wake-up per move to drop this process's
        own event, and two store reads per table when it began.
        """
        try:
            async with self.hub.subscribe(table_channel(live.id)) as subscription:
                async with live.lock:  # what happened before the subscription began
                    await self._refresh(live)
                self._schedule_bots(live)
                while live.record.status != "finished":
                    await self.sync(await subscription.get())
        finally:
            self._followers.pop(live.id, None)

    async def sync(self, event: Event) -> None:
        """Brings the cached table up to date after a change made by another server process."""
        if event.get("origin") == self.instance_id or event.get("kind") == "chat":
            return
        live = self._tables.get(str(event.get("table")))
        if live is None:
            return
        async with live.lock:
            if event.get("id") in live.synced_events:
                return
            live.synced_events.append(str(event.get("id")))
            await self._refresh(live)
        self._schedule_bots(live)

    async def table_as_stored(self, table_id: str) -> LiveTable:
        """The table, first brought up to what the store holds when other processes share the hub.

        What a new viewer is shown first: it subscribes, then reads. A change another process
        made just before may have reached this process's follower without being applied yet,
        and the viewer, subscribed too late, would never hear of it (a seat taken through the
        other process left its creator's page "waiting" for good). With an in-process hub the
        cached table is the whole truth.
        """
        live = await self.table(table_id)
        if self.hub.shared_by_processes:
            async with live.lock:
                await self._refresh(live)
        return live

    async def _refresh(self, live: LiveTable) -> None:
        await self._reload_record(live)
        live.catch_up(await in_worker_thread(self.store.moves, live.id, live.seq))

    async def _reload_record(self, live: LiveTable) -> None:
        record = await in_worker_thread(self.store.table, live.id)
        if record is not None:
            live.replace_record(record)

    # Bots

    def _schedule_bots(self, live: LiveTable) -> None:
        if self._bot_runner is None or live.record.status != "playing" or live.is_over:
            return
        for seat in live.state.current_players():
            key = (live.id, seat)
            if live.record.seats[seat].is_bot and key not in self._bot_tasks:
                self._bot_tasks[key] = asyncio.create_task(self._bot_move(live, seat, live.seq))

    async def _bot_move(self, live: LiveTable, seat: Seat, seq: int) -> None:
        """Thinks and plays one move of a bot seat; the seat counts as busy until it is played."""
        try:
            if self._bot_delay:
                await asyncio.sleep(self._bot_delay)
            if not await self._lease_bot_move(live, seat, seq):
                return
            action_id = await self._bot_action(live, seat, seq)
            try:
                await self.play(live.id, seat, action_id, seq)
            except errors.StaleSeq:
                pass  # the table moved on while the bot thought: it thinks again below
            except errors.ServiceError as error:
                _LOG.info("bot move %s at table %s seq %d not played: %s", action_id, live.id, seq, error)
        finally:
            self._bot_tasks.pop((live.id, seat), None)
        self._schedule_bots(live)

    async def _lease_bot_move(self, live: LiveTable, seat: Seat, seq: int) -> bool:
        """True once this process holds the lease to compute the move; False if it was played.

        With several processes following a table, each would compute every bot move; the
        lease in the database lets exactly one do it. A process that finds the lease held
        waits for it to run out: if the move has not come by then, its holder died and
        this process takes over.
        """
        take = self.store.take_bot_lease
        while not await in_worker_thread(take, live.id, seat, seq, self.instance_id, self._bot_lease):
            await asyncio.sleep(self._bot_lease.total_seconds())
            if live.seq != seq or live.is_over:
                return False
        return True

    async def _bot_action(self, live: LiveTable, seat: Seat, seq: int) -> ActionId:
        assert self._bot_runner is not None
        seat_record = live.record.seats[seat]
        record = live.record
        position = TablePosition(
            record.game_id,
            record.players,
            record.options,
            record.seed,
            live.moves()[:seq],
            first_position(record),
        )
        request = BotRequest(
            position,
            seat,
            seat_record.bot or "random",
            seat_record.bot_level or 1,
            _bot_seed(record.seed, seq, seat),
        )
        legal = live.state.legal_action_ids(seat)
        owner = record.created_by if record.created_by is not None else record.id
        try:
            async with self._bot_share.slot(owner):
                chosen = await self._bot_runner.choose(request)
        except BotTimeout:
            _LOG.warning(
                "bot %s ran out of time at table %s; playing a random legal move", request.bot, live.id
            )
            chosen = ""
        except Exception:  # a broken bot must not stop the table
            _LOG.exception("bot %s failed at table %s; playing a random legal move", request.bot, live.id)
            chosen = ""
        return chosen if chosen in legal else Rng(request.bot_seed).choice(legal)


def _bot_seed(table_seed: int, seq: int, seat: Seat) -> int:
    """A seed for one bot decision, different for every move and seat, replayable.

    Mixed through the generator so that it never equals the table's own seed (a bot seeded
    like the game would draw the game's own numbers).
    """
    return Rng(table_seed * 1_000_003 + seq * 101 + seat + 1).next_u64() >> 1


def _check_seat_spec(seat: SeatSpec, game_id: str, options: Mapping[str, OptionValue]) -> None:
    if seat.bot is None:
        return
    if not bots.can_play(seat.bot, game_id, options):
        known = ", ".join(bots.names(game_id, options))
        raise errors.BadRequest(f"no bot {seat.bot!r} for {game_id}; bots that play it: {known}")
    if seat.bot_level not in BOT_LEVELS:
        raise errors.BadRequest(f"bot level must be 1 to 5; got {seat.bot_level!r}")


def _rematch_seat(seat: SeatRecord, asking: int) -> SeatSpec:
    """The seat at the rematch: the asking player's own, a bot's bot, anyone else's left open."""
    if seat.player_id == asking:
        return SeatSpec(player_id=asking)
    if seat.bot is not None:
        return SeatSpec(bot=seat.bot, bot_level=seat.bot_level)
    return SeatSpec()


def _open_seat(record: TableRecord) -> Seat:
    for seat in record.seats:
        if seat.is_open:
            return seat.seat
    raise errors.SeatUnavailable(f"table {record.id} has no open seat")


def _checked_move(action_id: object, expected_seq: object) -> tuple[ActionId, int]:
    """The move's fields with their types checked: they may come straight from a client."""
    if not isinstance(action_id, str) or not 0 < len(action_id) <= MAX_ACTION_ID_LENGTH:
        raise errors.BadRequest(f"an action id is a string of 1 to {MAX_ACTION_ID_LENGTH} characters")
    if isinstance(expected_seq, bool) or not isinstance(expected_seq, int):
        raise errors.BadRequest(f"expected_seq must be a whole number; got {expected_seq!r}")
    return action_id, expected_seq


def _check_turn(live: LiveTable, seat: Seat, action_id: ActionId, expected_seq: int) -> None:
    """Every check of `play` but legality, in the order that gives the most useful error."""
    if live.record.status == "waiting":
        raise errors.NotStarted(f"table {live.id} is waiting for players")
    if live.record.status == "finished" or live.is_over:
        raise errors.GameOver(f"the game at table {live.id} is over")
    if not 0 <= seat < live.record.players:
        raise errors.NotSeated(f"this table has seats 0 to {live.record.players - 1}; got {seat}")
    if expected_seq > live.seq:
        raise errors.StaleSeq(f"the table is at seq {live.seq}; seq {expected_seq} has not happened")
    if not live.is_current(seat, expected_seq):
        for played in live.log[max(expected_seq, 0) :]:
            if (played.seat, played.action_id) == (seat, action_id):
                raise errors.DuplicateMove(f"{action_id!r} was already played as move {played.seq}")
        raise errors.StaleSeq(f"the table is at seq {live.seq}; your move was chosen at seq {expected_seq}")
    if seat not in live.state.current_players():
        waiting = ", ".join(str(mover) for mover in live.state.current_players())
        raise errors.NotYourTurn(f"seat {seat} may not act now; waiting for seat {waiting}")
