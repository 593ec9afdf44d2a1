"""`tabletop bench server`: N simulated players over WebSockets against a real server.

The server runs as a subprocess (`python -m tabletop.server serve`) on a scratch database
(an SQLite file in a temporary directory, or a scratch schema in the PostgreSQL database
given), or as several processes sharing it through a Redis hub, the two players of each
table talking to different ones (`Deployment`). Clients are paired at tables of a game
(Kalah by default); each plays a random legal action when it is its turn, after an
exponentially distributed think time if one is given, and a pair starts a new table when its
game ends, so the load is sustained (moves sent inside the window are the load offered,
those every viewer saw inside it the load served). Spectators, when asked for, watch the one
pair's table and join each new one; a table's first move waits until every viewer has its
first view. For every move the latency is measured from sending it to the moment every
viewer of that table has received the view that contains it. The run also reads what each
view message weighs and how much CPU the server process spent per move. With `baseline` the
same clients play against `relay`, a bare WebSocket relay with no game, for the ceiling the
transport allows. The run is bounded in time and in connections and talks only to 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import json
import math
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import httpx
import orjson
import websockets
from redis import Redis
from websockets.asyncio.client import ClientConnection

from tabletop.bench import fanout
from tabletop.server.hub import REDIS_URL_VARIABLE
from tabletop.server.process import free_port, start_listening, start_server
from tabletop.server.settings import SECRET_KEY_VARIABLE
from tabletop.store.database import SQLITE_FILE_NAME, scratch_schema

SERVER_STARTUP_SECONDS = 60
SETUP_CONCURRENCY = 20
SETUP_LIMIT_SECONDS = 600
CONNECT_SECONDS = 60
WINDOW_CHECK_SECONDS = 1.0

T = TypeVar("T")


@dataclass
class Measurements:
    """Moves and their latencies, counted only inside the measuring window.

    The window opens `warmup` seconds after the last pair has its first table (creating
    hundreds of tables is set-up, not play) and lasts `seconds`.
    """

    warmup: float
    seconds: float
    pairs_waiting: int
    window_start: float = math.inf
    window_end: float = field(default_factory=lambda: time.perf_counter() + SETUP_LIMIT_SECONDS)
    latencies: list[float] = field(default_factory=list)
    view_bytes: list[int] = field(default_factory=list)
    errors: int = 0
    games_finished: int = 0
    sent: int = 0
    """Moves sent inside the window: the load offered (the latencies count those served)."""
    cpu_seconds: float = math.nan
    redis: RedisFigures | None = None

    def pair_ready(self) -> None:
        """One more pair is playing; the last one opens the window."""
        self.pairs_waiting -= 1
        if self.pairs_waiting == 0:
            self.window_start = time.perf_counter() + self.warmup
            self.window_end = self.window_start + self.seconds

    def is_open(self, moment: float) -> bool:
        """Whether `moment` lies inside the measuring window."""
        return self.window_start <= moment <= self.window_end

    def record(self, sent: float, seen_by_all: float) -> None:
        if self.window_start <= sent and seen_by_all <= self.window_end:
            self.latencies.append(seen_by_all - sent)

    def received(self, size: int) -> None:
        """A viewer received a view message of `size` bytes."""
        if self.is_open(time.perf_counter()):
            self.view_bytes.append(size)

    async def growth(self, read: Callable[[], float]) -> float:
        """How much `read()` grew from the window's opening to its close."""
        while math.isinf(self.window_start):
            await asyncio.sleep(0.05)
        await asyncio.sleep(max(0.0, self.window_start - time.perf_counter()))
        start = read()
        await asyncio.sleep(max(0.0, self.window_end - time.perf_counter()))
        return read() - start

    async def measure_cpu(self, cpu_seconds: Callable[[], float]) -> None:
        """Reads the server's CPU time as the window opens and as it closes."""
        self.cpu_seconds = await self.growth(cpu_seconds)

    async def measure_redis(self, url: str) -> None:
        """Counts the hub's PUBLISHes and Redis's CPU over the window, and the subscribers per table."""
        client = Redis.from_url(url)
        published, cpu = await asyncio.gather(
            self.growth(lambda: fanout.publishes(client)),
            self.growth(lambda: fanout.redis_cpu_seconds(client)),
        )
        self.redis = RedisFigures(published, cpu, fanout.subscribers_per_table(client))
        client.close()


@dataclass(frozen=True)
class RedisFigures:
    """The Redis hub's work over the window (the whole Redis server's: give the run its own)."""

    publishes: float
    cpu_seconds: float
    subscribers_per_table: float


@dataclass(frozen=True)
class Timing:
    """How long to warm up and measure, and how long a client thinks (mean) before a move.

    Think times are exponential, as independent people's are: the moves of many tables then
    arrive as a Poisson stream, bursts included, rather than evenly spaced.
    """

    seconds: float = 20.0
    warmup: float = 5.0
    think: float = 0.0


@dataclass(frozen=True)
class Load:
    """What the clients do: the game and its options, how many play, and how many watch.

    With spectators, the clients are one pair and the spectators watch its table.
    """

    game: str = "kalah"
    clients: int = 100
    spectators: int = 0
    options: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Deployment:
    """What serves the clients: how many server processes, on which database, with which hub.

    With several processes, the two players of a table talk to different ones (and the
    spectators are spread over all), so a table's moves arrive through either; they need a
    Redis hub to hear each other. With `by_table` every client of a table talks to the
    process it was created on, as behind a proxy that routes by table id, and the tables
    are spread over the processes instead.
    """

    postgres_url: str | None = None
    redis_url: str | None = None
    processes: int = 1
    first_port: int | None = None
    """Process `i` listens on `first_port + i`; None: on any free port."""
    by_table: bool = False

    @property
    def database(self) -> str:
        name = "PostgreSQL" if self.postgres_url else "SQLite"
        if self.redis_url:
            name += "+Redis"
        if self.processes == 1:
            return name
        return f"{name} x{self.processes}{' by table' if self.by_table else ''}"


@dataclass(frozen=True)
class BenchResult:
    """What `tabletop bench server` prints."""

    clients: int
    spectators: int
    database: str
    seconds: float
    think: float
    moves: int
    offered: int
    p50_ms: float
    p99_ms: float
    errors: int
    games_finished: int
    median_view_bytes: float
    cpu_seconds: float
    redis: RedisFigures | None = None

    @property
    def moves_per_second(self) -> float:
        """Moves served: sent inside the window and seen by every viewer before it closed."""
        return self.moves / self.seconds

    @property
    def offered_per_second(self) -> float:
        """Moves the clients sent inside the window, served or not."""
        return self.offered / self.seconds

    @property
    def cpu_ms_per_move(self) -> float:
        """The server's CPU time (all its threads) per move measured, in milliseconds."""
        return self.cpu_seconds / self.moves * 1000 if self.moves else math.nan


class _Table:
    """One table's pending moves: when each was sent and which viewers have seen it."""

    def __init__(self, viewers: int, measurements: Measurements, think: float) -> None:
        self.viewers = viewers
        self.measurements = measurements
        self.think = think
        self.sent: dict[int, float] = {}
        self.seen: dict[int, int] = {}
        self.connected = 0
        self.everyone_connected = asyncio.Event()

    def arrived(self) -> None:
        """A viewer has its first view; the first move waits for all of them."""
        self.connected += 1
        if self.connected == self.viewers:
            self.everyone_connected.set()

    def sent_move(self, seq: int) -> None:
        moment = time.perf_counter()
        self.sent[seq] = moment
        if self.measurements.is_open(moment):
            self.measurements.sent += 1

    def saw(self, held: int | None, seq: int) -> None:
        """A viewer that held the view at `held` received the one at `seq`: it has seen every
        move up to `seq` (a spectator's update may cover several), and a move is seen once
        all viewers have seen it or a later one."""
        for move in [move for move in self.sent if (held is None or held < move) and move <= seq]:
            self.seen[move] = self.seen.get(move, 0) + 1
            if self.seen[move] == self.viewers:
                self.measurements.record(self.sent.pop(move), time.perf_counter())
                del self.seen[move]


async def _player(url: str, headers: dict[str, str], table: _Table, rng: random.Random) -> None:
    """One client: plays a random legal action whenever it may, until the game or the time ends.

    A spectator (no `headers`) is offered no actions, so it only watches. A connection that
    fails or drops counts as an error: on a loaded machine a handshake can take long, and one
    lost client must not end the run.
    """
    try:
        async with websockets.connect(
            url, additional_headers=headers, max_size=2**22, open_timeout=CONNECT_SECONDS
        ) as socket_:
            await _play_through(socket_, table, rng)
    except (OSError, TimeoutError, websockets.exceptions.WebSocketException):
        table.measurements.errors += 1
        table.arrived()  # so that the others at the table do not wait for this one


async def _play_through(socket_: ClientConnection, table: _Table, rng: random.Random) -> None:
    """Reads views and answers with moves until the game or the measuring window ends."""
    first = True
    held: int | None = None
    receive = functools.partial(socket_.recv, decode=False)
    while (data := await _before_window_closes(table.measurements, receive)) is not None:
        message = orjson.loads(data)
        if message["type"] == "error":
            table.measurements.errors += 1
            continue
        if message["type"] not in ("view", "update"):  # an update is a view's moving parts
            continue
        table.measurements.received(len(data))
        table.saw(held, message["seq"])
        held = message["seq"] if held is None else max(held, message["seq"])
        if first:
            table.arrived()
            first = False
            if await _before_window_closes(table.measurements, table.everyone_connected.wait) is None:
                return
        if message["status"] == "finished":
            return
        if message["actions"]:
            action = rng.choice(message["actions"])["id"]
            if table.think:
                await asyncio.sleep(rng.expovariate(1 / table.think))
            table.sent_move(message["seq"] + 1)
            await socket_.send(json.dumps({"type": "move", "action": action, "seq": message["seq"]}))


async def _before_window_closes(measurements: Measurements, waiting: Callable[[], Awaitable[T]]) -> T | None:
    """What `waiting()` gives, or None once the measuring window has closed.

    Until every pair has its first table the window's end is only the set-up limit, and it
    moves earlier when the window opens: a wait computed from it once would hold a table
    where nothing happens (a lost event, a stuck server) for the whole set-up limit, so the
    end is looked at again every `WINDOW_CHECK_SECONDS`. Cancelling a WebSocket `recv` loses
    no message.
    """
    while (left := measurements.window_end - time.perf_counter()) > 0:
        try:
            async with asyncio.timeout(min(left, WINDOW_CHECK_SECONDS)):
                return await waiting()
        except TimeoutError:
            continue
    return None


@dataclass(frozen=True)
class _Plan:
    """Where the clients play, which game, and where they record what they see."""

    bases: tuple[str, ...]
    """One URL per server process; pair `index` creates its table on `bases[index % len]`."""
    by_table: bool
    """Whether a table's clients all talk to the process of its table (see `Deployment`)."""
    load: Load
    think: float
    measurements: Measurements
    setting_up: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(SETUP_CONCURRENCY))
    """Pairs creating and joining a table at once: no more than the HTTP pool's connections,
    so that hundreds of pairs starting together queue here rather than time out in the pool."""

    @property
    def deadline(self) -> float:
        return self.measurements.window_end

    def base(self, pair: int, client: int) -> str:
        """The server process that client `client` of the `pair`-th pair talks to: the next
        one for each client, or the pair's own one `by_table`."""
        return self.bases[(pair if self.by_table else pair + client) % len(self.bases)]


async def _pair(http: httpx.AsyncClient, plan: _Plan, tokens: tuple[dict[str, str], ...], seed: int) -> None:
    """Two clients playing table after table until the deadline, each through its own process."""
    rng = random.Random(seed)
    first = True
    while time.perf_counter() < plan.deadline:
        body = {
            "game": plan.load.game,
            "options": plan.load.options,
            "seats": [{"kind": "me"}, {"kind": "open"}],
        }
        try:
            async with plan.setting_up:
                created = await http.post(f"{plan.base(seed, 0)}/api/tables", json=body, headers=tokens[0])
                table_id = created.json()["id"]
                joined = f"{plan.base(seed, 1)}/api/tables/{table_id}/join"
                (await http.post(joined, json={}, headers=tokens[1])).raise_for_status()
        except (httpx.HTTPError, KeyError, ValueError):  # lost under load: this pair tries again
            plan.measurements.errors += 1
            continue
        if first:
            plan.measurements.pair_ready()
            first = False
        viewers = [*tokens, *({} for _ in range(plan.load.spectators))]
        table = _Table(len(viewers), plan.measurements, plan.think)
        urls = [
            "ws" + plan.base(seed, index).removeprefix("http") + f"/t/{table_id}/ws"
            for index in range(len(viewers))
        ]
        await asyncio.gather(
            *(_player(url, headers, table, rng) for url, headers in zip(urls, viewers, strict=True))
        )
        if time.perf_counter() < plan.deadline:
            plan.measurements.games_finished += 1


async def _guests(http: httpx.AsyncClient, count: int) -> list[dict[str, str]]:
    limit = asyncio.Semaphore(SETUP_CONCURRENCY)

    async def one(index: int) -> dict[str, str]:
        async with limit:
            answer = await http.post("/api/guests", json={"name": f"bench {index}"})
            return {"Authorization": f"Bearer {answer.json()['token']}"}

    return list(await asyncio.gather(*(one(index) for index in range(count))))


async def run_load(
    base: str,
    load: Load,
    timing: Timing,
    cpu_seconds: Callable[[], float] | None = None,
    *,
    other_bases: Sequence[str] = (),
    by_table: bool = False,
    redis_url: str | None = None,
) -> Measurements:
    """Runs the clients in pairs; measures `seconds` once all play and `warmup` has passed.

    `cpu_seconds`, when given, reads the servers' CPU time (see `process_cpu_seconds`);
    `other_bases` are more processes serving the same tables (`by_table`: see `Deployment`),
    and `redis_url` the hub whose work is counted (see `RedisFigures`).
    """
    limits = httpx.Limits(max_connections=SETUP_CONCURRENCY)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits, cookies=None) as http:
        tokens = await _guests(http, load.clients)
        http.cookies.clear()
        pairs = [(tokens[index], tokens[index + 1]) for index in range(0, load.clients - 1, 2)]
        measurements = Measurements(timing.warmup, timing.seconds, len(pairs))
        plan = _Plan((base, *other_bases), by_table, load, timing.think, measurements)
        playing = [_pair(http, plan, pair, seed) for seed, pair in enumerate(pairs)]
        if cpu_seconds is not None:
            playing.append(measurements.measure_cpu(cpu_seconds))
        if redis_url is not None:
            playing.append(measurements.measure_redis(redis_url))
        with _cycle_collection_paused():
            await asyncio.gather(*playing)
    return measurements


@contextmanager
def _cycle_collection_paused() -> Iterator[None]:
    """Keeps the load client's own garbage collector from pausing it while it measures.

    One client process holds a thousand connections, about 170,000 objects the cycle
    collector tracks; each full collection stopped it for 70–190 ms, and every move in
    flight then looked that much slower although the server had answered in time. Reference
    counting still frees almost everything; the cycles wait for the collection afterwards.
    """
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.collect()


def process_cpu_seconds(*pids: int) -> Callable[[], float]:
    """A reader of the user + system CPU time of these processes (all their threads), from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")

    def one(pid: int) -> float:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / ticks  # utime and stime, fields 14 and 15

    return lambda: sum(one(pid) for pid in pids)


@contextmanager
def running_server(
    data_dir: Path,
    database_url: str | None,
    settings: Mapping[str, str] | None = None,
    port: int | None = None,
) -> Iterator[tuple[str, int]]:
    """The real server on a loopback port (a free one unless given), stopped afterwards; yields
    its URL and pid.

    Rate limits are off: every simulated player comes from 127.0.0.1.
    """
    port = free_port() if port is None else port
    options = ("--bot-delay", "0", "--no-rate-limits")
    log = data_dir / "server.log"
    process = start_server(data_dir, port, log, *options, database_url=database_url, settings=settings)
    try:
        yield f"http://127.0.0.1:{port}", process.pid
    finally:
        process.terminate()
        process.wait(timeout=30)


@contextmanager
def running_servers(
    scratch: Path, deployment: Deployment, database_url: str | None
) -> Iterator[list[tuple[str, int]]]:
    """`deployment.processes` servers on one database, one data directory each, sharing the
    signing secret and the Redis hub; yields their URLs and pids."""
    settings = {SECRET_KEY_VARIABLE: secrets.token_urlsafe(32)}
    if deployment.redis_url:
        settings[REDIS_URL_VARIABLE] = deployment.redis_url
    if database_url is None:  # SQLite: every process opens the first one's file
        database_url = f"sqlite:///{scratch / '0' / SQLITE_FILE_NAME}"
    with ExitStack() as stack:
        servers = []
        for index in range(deployment.processes):
            data_dir = scratch / str(index)
            data_dir.mkdir()
            port = None if deployment.first_port is None else deployment.first_port + index
            servers.append(stack.enter_context(running_server(data_dir, database_url, settings, port)))
        yield servers


@contextmanager
def running_relay(data_dir: Path) -> Iterator[tuple[str, int]]:
    """The bare relay (`tabletop.bench.relay`) on a free loopback port; yields its URL and pid."""
    port = free_port()
    command = [sys.executable, "-m", "tabletop.bench.relay", "--port", str(port)]
    process = start_listening(command, port, data_dir / "relay.log")
    try:
        yield f"http://127.0.0.1:{port}", process.pid
    finally:
        process.terminate()
        process.wait(timeout=30)


def bench(load: Load, timing: Timing, deployment: Deployment) -> BenchResult:
    """One measured run against fresh servers and a fresh database."""
    with (
        tempfile.TemporaryDirectory(prefix="tabletop-bench-") as scratch,
        _database(deployment.postgres_url) as database_url,
        running_servers(Path(scratch), deployment, database_url) as servers,
    ):
        (base, _pid), *others = servers
        cpu = process_cpu_seconds(*(pid for _url, pid in servers))
        loading = run_load(
            base,
            load,
            timing,
            cpu,
            other_bases=[url for url, _ in others],
            by_table=deployment.by_table,
            redis_url=deployment.redis_url,
        )
        measured = asyncio.run(loading)
    return _result(load, timing, deployment.database, measured)


def bench_relay(load: Load, timing: Timing) -> BenchResult:
    """The same clients against the bare relay: the transport's ceiling on this machine."""
    with (
        tempfile.TemporaryDirectory(prefix="tabletop-relay-") as scratch,
        running_relay(Path(scratch)) as (base, pid),
    ):
        measured = asyncio.run(run_load(base, load, timing, process_cpu_seconds(pid)))
    return _result(load, timing, "relay", measured)


def _result(load: Load, timing: Timing, database: str, measured: Measurements) -> BenchResult:
    latencies = sorted(measured.latencies)
    return BenchResult(
        clients=load.clients,
        spectators=load.spectators,
        database=database,
        seconds=timing.seconds,
        think=timing.think,
        moves=len(latencies),
        offered=measured.sent,
        p50_ms=_percentile(latencies, 0.50) * 1000,
        p99_ms=_percentile(latencies, 0.99) * 1000,
        errors=measured.errors,
        games_finished=measured.games_finished,
        median_view_bytes=statistics.median(measured.view_bytes) if measured.view_bytes else math.nan,
        cpu_seconds=measured.cpu_seconds,
        redis=measured.redis,
    )


@contextmanager
def _database(postgres_url: str | None) -> Iterator[str | None]:
    if postgres_url is None:
        yield None
        return
    with scratch_schema(postgres_url, "bench") as url:
        yield url


def _percentile(values: list[float], fraction: float) -> float:
    """The value below which `fraction` of the sorted `values` lie (nearest rank).

    >>> _percentile([1.0, 2.0, 3.0, 4.0], 0.5)
    2.0
    """
    if not values:
        return float("nan")
    return values[max(1, math.ceil(fraction * len(values))) - 1]


def describe(result: BenchResult) -> str:
    """One line of figures for people (two with a Redis hub)."""
    watchers = f" + {result.spectators} spectators" if result.spectators else ""
    line = (
        f"{result.database:10} {result.clients:5} clients{watchers}  think {result.think:3.1f} s  "
        f"{result.moves_per_second:8.1f} moves/s served of {result.offered_per_second:.1f} offered  "
        f"p50 {result.p50_ms:7.1f} ms  p99 {result.p99_ms:7.1f} ms  "
        f"{result.cpu_ms_per_move:6.2f} ms CPU/move  {result.median_view_bytes:7,.0f} B/view (median)  "
        f"({result.moves} moves in {result.seconds:.0f} s, "
        f"{result.games_finished} games, {result.errors} errors)"
    )
    if result.redis is None or not result.moves:
        return line
    redis = result.redis
    return line + (
        f"\n{'':10} Redis: {redis.publishes / result.moves:.2f} PUBLISH/move (all events), "
        f"{redis.subscribers_per_table:.2f} subscribers/table, "
        f"{redis.cpu_seconds / result.moves * 1e6:.0f} us Redis CPU/move"
    )
