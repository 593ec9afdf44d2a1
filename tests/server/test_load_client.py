"""The load client of `tabletop bench server`, run briefly against a real server: it plays
whole games through the WebSocket protocol and measures every move it counts."""

from __future__ import annotations

import asyncio
import gc
import random
import time
from pathlib import Path
from typing import cast

import pytest
from running_site import Site
from websockets.asyncio.client import ClientConnection

from tabletop.bench.server_load import (
    Deployment,
    Load,
    Measurements,
    Timing,
    _Plan,
    _play_through,
    _Table,
    bench,
    process_cpu_seconds,
    run_load,
    running_relay,
)


def test_four_clients_play_and_every_counted_move_has_a_latency(site: Site) -> None:
    measured = asyncio.run(run_load(site.base_url, Load("nim", 4), Timing(seconds=1.5, warmup=0.2)))
    assert measured.errors == 0 and measured.games_finished >= 1
    assert len(measured.latencies) >= 10 and all(latency > 0 for latency in measured.latencies)
    assert measured.window_end - measured.window_start == pytest.approx(1.5)


def test_the_client_collects_no_cycles_while_it_measures(site: Site) -> None:
    started: list[float] = []

    def note(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            started.append(time.perf_counter())

    gc.callbacks.append(note)
    try:
        measured = asyncio.run(run_load(site.base_url, Load("nim", 4), Timing(seconds=1.5, warmup=0.2)))
    finally:
        gc.callbacks.remove(note)
    assert gc.isenabled() and len(measured.latencies) >= 10
    assert not [moment for moment in started if measured.window_start <= moment <= measured.window_end]
    assert started and started[-1] > measured.window_end  # the cycles are collected afterwards


def test_spectators_watch_the_pair_and_every_counted_move_reached_them_all(site: Site) -> None:
    load = Load("nim", 2, spectators=3)
    measured = asyncio.run(run_load(site.base_url, load, Timing(seconds=1.5, warmup=0.2)))
    assert measured.errors == 0 and len(measured.latencies) >= 5
    assert measured.view_bytes and min(measured.view_bytes) > 100  # a whole view message each


def test_the_bare_relay_plays_the_same_client_and_reports_its_cpu(tmp_path: Path) -> None:
    with running_relay(tmp_path) as (base, pid):
        cpu = process_cpu_seconds(pid)
        measured = asyncio.run(run_load(base, Load("relay", 4), Timing(seconds=1.5, warmup=0.2), cpu))
    assert measured.errors == 0 and measured.games_finished >= 1
    assert len(measured.latencies) >= 10 and measured.view_bytes
    assert measured.cpu_seconds > 0


@pytest.mark.redis
def test_two_processes_serve_each_table_through_both_and_the_hub_is_counted() -> None:
    deployment = Deployment(redis_url="redis://127.0.0.1:6379/0", processes=2)
    result = bench(Load("kalah", 4), Timing(seconds=2.0, warmup=0.5), deployment)
    assert result.database == "SQLite+Redis x2"
    assert result.errors == 0 and result.moves >= 5
    assert result.offered >= result.moves  # every move served was first offered in the window
    assert result.cpu_seconds > 0 and result.redis is not None  # Redis is shared: its counts are not ours


@pytest.mark.redis
def test_two_processes_by_table_serve_each_table_from_one() -> None:
    deployment = Deployment(redis_url="redis://127.0.0.1:6379/0", processes=2, by_table=True)
    result = bench(Load("kalah", 4), Timing(seconds=2.0, warmup=0.5), deployment)
    assert result.database == "SQLite+Redis x2 by table"
    assert result.errors == 0 and result.moves >= 5


def test_the_clients_of_a_pair_talk_to_different_processes() -> None:
    measurements = Measurements(warmup=0.0, seconds=1.0, pairs_waiting=1)
    plan = _Plan(("http://a", "http://b"), False, Load(), 0.0, measurements)
    assert [plan.base(1, client) for client in range(4)] == ["http://b", "http://a", "http://b", "http://a"]
    assert _Plan(("http://a",), False, Load(), 0.0, measurements).base(0, 1) == "http://a"


def test_by_table_every_client_of_a_pair_talks_to_its_tables_process() -> None:
    measurements = Measurements(warmup=0.0, seconds=1.0, pairs_waiting=1)
    plan = _Plan(("http://a", "http://b"), True, Load(), 0.0, measurements)
    assert [plan.base(1, client) for client in range(3)] == ["http://b"] * 3
    assert [plan.base(pair, 1) for pair in range(3)] == ["http://a", "http://b", "http://a"]


def test_a_viewer_whose_update_covers_several_moves_has_seen_each_of_them() -> None:
    # A paced spectator may jump from seq 0 to seq 2: both moves count as seen by it.
    measurements = Measurements(warmup=0, seconds=60, pairs_waiting=1)
    measurements.pair_ready()
    table = _Table(2, measurements, think=0)
    table.sent_move(1)
    table.sent_move(2)
    table.saw(0, 1)  # the player, one move at a time
    table.saw(0, 2)  # the spectator, both at once
    assert len(measurements.latencies) == 1
    table.saw(1, 2)
    assert len(measurements.latencies) == 2 and not table.sent


class _SilentSocket:
    """A WebSocket on which nothing ever arrives: a table whose server has gone quiet."""

    async def recv(self, decode: bool | None = None) -> str:
        await asyncio.Event().wait()
        raise AssertionError("unreachable")


async def _released_when_the_window_closes() -> Measurements:
    measurements = Measurements(warmup=0.0, seconds=0.2, pairs_waiting=1)
    table = _Table(1, measurements, think=0.0)
    silent = cast(ClientConnection, _SilentSocket())
    waiting = asyncio.create_task(_play_through(silent, table, random.Random(1)))
    await asyncio.sleep(0.05)  # the client is waiting for a view: the window has not opened yet
    measurements.pair_ready()  # it opens and ends 0.2 s from now, not at the set-up limit
    await asyncio.wait_for(waiting, 10)  # raises (the test fails) if it still waits then
    return measurements


def test_a_quiet_table_lets_its_clients_go_when_the_window_that_opened_later_closes() -> None:
    measurements = asyncio.run(_released_when_the_window_closes())
    assert measurements.window_end - measurements.window_start == pytest.approx(0.2)
    assert not measurements.latencies
