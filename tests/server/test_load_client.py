"""The load client of `tabletop bench server`, run briefly against a real server: it plays
whole games through the WebSocket protocol and measures every move it counts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from running_site import Site

from tabletop.bench.server_load import Load, Timing, process_cpu_seconds, run_load, running_relay


def test_four_clients_play_and_every_counted_move_has_a_latency(site: Site) -> None:
    measured = asyncio.run(run_load(site.base_url, Load("nim", 4), Timing(seconds=1.5, warmup=0.2)))
    assert measured.errors == 0 and measured.games_finished >= 1
    assert len(measured.latencies) >= 10 and all(latency > 0 for latency in measured.latencies)
    assert measured.window_end - measured.window_start == pytest.approx(1.5)


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
