"""The load client of `tabletop bench server`, run briefly against a real server: it plays
whole games through the WebSocket protocol and measures every move it counts."""

from __future__ import annotations

import asyncio

import pytest
from running_site import Site

from tabletop.bench.server_load import Timing, run_load


def test_four_clients_play_and_every_counted_move_has_a_latency(site: Site) -> None:
    measured = asyncio.run(run_load(site.base_url, "nim", 4, Timing(seconds=1.5, warmup=0.2)))
    assert measured.errors == 0 and measured.games_finished >= 1
    assert len(measured.latencies) >= 10 and all(latency > 0 for latency in measured.latencies)
    assert measured.window_end - measured.window_start == pytest.approx(1.5)
