"""`tabletop bench server`: N simulated players over WebSockets against a real server.

The server runs as a subprocess (`python -m tabletop.server serve`) on a scratch database
(an SQLite file in a temporary directory, or a scratch schema in the PostgreSQL database
given). Clients are paired at tables of a game (Kalah by default); each plays a random
legal action as soon as it is its turn, and a pair starts a new table when its game ends,
so the load is sustained. Spectators, when asked for, watch the one pair's table and join
each new one; a table's first move waits until every viewer has its first view. For every
move the latency is measured from sending it to the moment every viewer of that table has
received the view that contains it. The run also reads what each view message weighs and
how much CPU the server process spent per move. With `baseline` the same clients play
against `relay`, a bare WebSocket relay with no game, for the ceiling the transport allows.
The run is bounded in time and in connections and talks only to 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets

from tabletop.server.process import free_port, start_listening, start_server
from tabletop.store.database import scratch_schema

SERVER_STARTUP_SECONDS = 60
SETUP_CONCURRENCY = 20
SETUP_LIMIT_SECONDS = 600


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
    cpu_seconds: float = math.nan

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

    async def measure_cpu(self, cpu_seconds: Callable[[], float]) -> None:
        """Reads the server's CPU time as the window opens and as it closes."""
        while math.isinf(self.window_start):
            await asyncio.sleep(0.05)
        await asyncio.sleep(max(0.0, self.window_start - time.perf_counter()))
        start = cpu_seconds()
        await asyncio.sleep(max(0.0, self.window_end - time.perf_counter()))
        self.cpu_seconds = cpu_seconds() - start


@dataclass(frozen=True)
class Timing:
    """How long to warm up and measure, and how long a client thinks (mean) before a move."""

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
class BenchResult:
    """What `tabletop bench server` prints."""

    clients: int
    spectators: int
    database: str
    seconds: float
    think: float
    moves: int
    p50_ms: float
    p99_ms: float
    errors: int
    games_finished: int
    median_view_bytes: float
    cpu_seconds: float

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds

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
        self.sent[seq] = time.perf_counter()

    def saw(self, seq: int) -> None:
        """A viewer received the view at `seq`: the move that made it is seen once all have."""
        if seq not in self.sent:
            return
        self.seen[seq] = self.seen.get(seq, 0) + 1
        if self.seen[seq] == self.viewers:
            self.measurements.record(self.sent.pop(seq), time.perf_counter())
            del self.seen[seq]


async def _player(url: str, headers: dict[str, str], table: _Table, rng: random.Random) -> None:
    """One client: plays a random legal action whenever it may, until the game or the time ends.

    A spectator (no `headers`) is offered no actions, so it only watches.
    """
    async with websockets.connect(url, additional_headers=headers, max_size=2**22) as socket_:
        first = True
        while time.perf_counter() < table.measurements.window_end:
            try:
                left = table.measurements.window_end - time.perf_counter()
                text = await asyncio.wait_for(socket_.recv(), left)
            except TimeoutError:
                return
            message = json.loads(text)
            if message["type"] == "error":
                table.measurements.errors += 1
                continue
            if message["type"] not in ("view", "update"):  # an update is a view's moving parts
                continue
            table.measurements.received(len(text.encode() if isinstance(text, str) else text))
            table.saw(message["seq"])
            if first:
                table.arrived()
                first = False
                await table.everyone_connected.wait()
            if message["status"] == "finished":
                return
            if message["actions"]:
                action = rng.choice(message["actions"])["id"]
                if table.think:
                    await asyncio.sleep(rng.uniform(0, 2 * table.think))
                table.sent_move(message["seq"] + 1)
                await socket_.send(json.dumps({"type": "move", "action": action, "seq": message["seq"]}))


@dataclass(frozen=True)
class _Plan:
    """Where the clients play, which game, and where they record what they see."""

    base: str
    load: Load
    think: float
    measurements: Measurements

    @property
    def deadline(self) -> float:
        return self.measurements.window_end


async def _pair(http: httpx.AsyncClient, plan: _Plan, tokens: tuple[dict[str, str], ...], seed: int) -> None:
    """Two clients playing table after table until the deadline."""
    rng = random.Random(seed)
    ws_base = "ws" + plan.base.removeprefix("http")
    first = True
    while time.perf_counter() < plan.deadline:
        body = {
            "game": plan.load.game,
            "options": plan.load.options,
            "seats": [{"kind": "me"}, {"kind": "open"}],
        }
        table_id = (await http.post("/api/tables", json=body, headers=tokens[0])).json()["id"]
        await http.post(f"/api/tables/{table_id}/join", json={}, headers=tokens[1])
        if first:
            plan.measurements.pair_ready()
            first = False
        viewers = [*tokens, *({} for _ in range(plan.load.spectators))]
        table = _Table(len(viewers), plan.measurements, plan.think)
        url = f"{ws_base}/t/{table_id}/ws"
        await asyncio.gather(*(_player(url, headers, table, rng) for headers in viewers))
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
    base: str, load: Load, timing: Timing, cpu_seconds: Callable[[], float] | None = None
) -> Measurements:
    """Runs the clients in pairs; measures `seconds` once all play and `warmup` has passed.

    `cpu_seconds`, when given, reads the server's CPU time (see `process_cpu_seconds`).
    """
    limits = httpx.Limits(max_connections=SETUP_CONCURRENCY)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits, cookies=None) as http:
        tokens = await _guests(http, load.clients)
        http.cookies.clear()
        pairs = [(tokens[index], tokens[index + 1]) for index in range(0, load.clients - 1, 2)]
        measurements = Measurements(timing.warmup, timing.seconds, len(pairs))
        plan = _Plan(base, load, timing.think, measurements)
        playing = [_pair(http, plan, pair, seed) for seed, pair in enumerate(pairs)]
        if cpu_seconds is not None:
            playing.append(measurements.measure_cpu(cpu_seconds))
        await asyncio.gather(*playing)
    return measurements


def process_cpu_seconds(pid: int) -> Callable[[], float]:
    """A reader of the user + system CPU time of process `pid` (all its threads), from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")

    def read() -> float:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / ticks  # utime and stime, fields 14 and 15

    return read


@contextmanager
def running_server(data_dir: Path, database_url: str | None) -> Iterator[tuple[str, int]]:
    """The real server on a free loopback port, stopped afterwards; yields its URL and pid.

    Rate limits are off: every simulated player comes from 127.0.0.1.
    """
    port = free_port()
    options = ("--bot-delay", "0", "--no-rate-limits")
    process = start_server(data_dir, port, data_dir / "server.log", *options, database_url=database_url)
    try:
        yield f"http://127.0.0.1:{port}", process.pid
    finally:
        process.terminate()
        process.wait(timeout=30)


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


def bench(load: Load, timing: Timing, postgres_url: str | None) -> BenchResult:
    """One measured run against a fresh server and database."""
    with (
        tempfile.TemporaryDirectory(prefix="tabletop-bench-") as scratch,
        _database(postgres_url) as database_url,
        running_server(Path(scratch), database_url) as (base, pid),
    ):
        measured = asyncio.run(run_load(base, load, timing, process_cpu_seconds(pid)))
    return _result(load, timing, "PostgreSQL" if postgres_url else "SQLite", measured)


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
        p50_ms=_percentile(latencies, 0.50) * 1000,
        p99_ms=_percentile(latencies, 0.99) * 1000,
        errors=measured.errors,
        games_finished=measured.games_finished,
        median_view_bytes=statistics.median(measured.view_bytes) if measured.view_bytes else math.nan,
        cpu_seconds=measured.cpu_seconds,
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
    """One line of figures for people."""
    watchers = f" + {result.spectators} spectators" if result.spectators else ""
    return (
        f"{result.database:10} {result.clients:5} clients{watchers}  think {result.think:3.1f} s  "
        f"{result.moves_per_second:8.1f} moves/s  "
        f"p50 {result.p50_ms:7.1f} ms  p99 {result.p99_ms:7.1f} ms  "
        f"{result.cpu_ms_per_move:6.2f} ms CPU/move  {result.median_view_bytes:7,.0f} B/view (median)  "
        f"({result.moves} moves in {result.seconds:.0f} s, "
        f"{result.games_finished} games, {result.errors} errors)"
    )
