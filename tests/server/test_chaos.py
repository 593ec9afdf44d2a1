"""Chaos (issue 11): two real server processes on one PostgreSQL database and one Redis,
as behind a load balancer. Clients talk HTTP only, each request to either process; joins
of the last seats race through both; bots play at tables both processes follow; one
process is SIGKILLed mid-stream and started again. At the end: no acknowledged move is
lost, no table with every seat taken still waits, and every bot table finished.

`make test` runs a short round; `make soak` sets TABLETOP_CHAOS_TABLES and
TABLETOP_CHAOS_ROUNDS higher. The test prints what it did and what it found.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from running_site import postgres_schema

from tabletop.server.process import free_port, start_server
from tabletop.store import Store

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.slow]

REDIS_URL = "redis://127.0.0.1:6379/0"
TABLES = int(os.environ.get("TABLETOP_CHAOS_TABLES", "6"))
ROUNDS = int(os.environ.get("TABLETOP_CHAOS_ROUNDS", "1"))
TIMEOUT = 30


@dataclass
class Cluster:
    """Two server processes sharing a database, a Redis and a secret."""

    data_dir: Path
    database_url: str
    settings: dict[str, str]
    ports: list[int] = field(default_factory=list)
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def start(self, index: int) -> None:
        log = self.data_dir / f"server-{index}.log"
        options = ("--bot-delay", "0", "--no-rate-limits")
        process = start_server(
            self.data_dir / f"data-{index}",
            self.ports[index],
            log,
            *options,
            database_url=self.database_url,
            settings=self.settings,
        )
        self.processes[index] = process

    def kill(self, index: int) -> None:
        self.processes[index].send_signal(signal.SIGKILL)
        self.processes[index].wait(timeout=10)

    def url(self, index: int) -> str:
        return f"http://127.0.0.1:{self.ports[index]}"


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    with postgres_schema("chaos") as url:
        Store.open(url).close()  # migrate once, before two processes race to
        settings = {"TABLETOP_REDIS_URL": REDIS_URL, "TABLETOP_SECRET_KEY": uuid.uuid4().hex}
        ports = [free_port(), free_port()]
        running = Cluster(tmp_path, url, settings, ports, [None, None])  # type: ignore[list-item]
        try:
            running.start(0)
            running.start(1)
            yield running
        finally:
            for process in running.processes:
                if process is not None and process.poll() is None:
                    process.terminate()
                    process.wait(timeout=10)


@contextmanager
def _clients(cluster: Cluster) -> Iterator[list[httpx.Client]]:
    with (
        httpx.Client(base_url=cluster.url(0), timeout=TIMEOUT) as first,
        httpx.Client(base_url=cluster.url(1), timeout=TIMEOUT) as second,
    ):
        first.cookies = second.cookies = httpx.Cookies()
        yield [first, second]


def _guest(client: httpx.Client, name: str) -> dict[str, str]:
    token = client.post("/api/guests", json={"name": name}).json()["token"]
    client.cookies.clear()
    return {"Authorization": f"Bearer {token}"}


def _race_joins(clients: list[httpx.Client], owner: dict[str, str], players: list[dict[str, str]]) -> str:
    """A Lucky Numbers table for three created on one process, its last two seats joined at once."""
    body = {"game": "luckynumbers", "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]}
    table_id = str(clients[0].post("/api/tables", json=body, headers=owner).json()["id"])
    barrier = threading.Barrier(2)

    def join(index: int) -> None:
        barrier.wait()
        answer = clients[index].post(f"/api/tables/{table_id}/join", json={}, headers=players[index])
        assert answer.status_code == 200, answer.text

    threads = [threading.Thread(target=join, args=(index,)) for index in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return table_id


@dataclass
class Duel:
    """A Kalah table between two people, played over HTTP through both processes in turn."""

    table_id: str
    tokens: list[dict[str, str]]
    acknowledged: list[str] = field(default_factory=list)


def _play_some(clients: list[httpx.Client], duel: Duel, moves: int, chooser: random.Random) -> None:
    for _ in range(moves):
        client = chooser.choice(clients)
        try:
            view = client.get(f"/api/tables/{duel.table_id}/view", headers=duel.tokens[0]).json()
            if view["status"] != "playing":
                return
            seat = view["current_players"][0]
            mine = client.get(f"/api/tables/{duel.table_id}/view", headers=duel.tokens[seat]).json()
            if not mine["actions"]:
                continue  # this process heard of another move between the two reads
            action = chooser.choice(mine["actions"])["id"]
            answer = client.post(
                f"/api/tables/{duel.table_id}/moves",
                json={"action": action, "seq": mine["seq"]},
                headers=duel.tokens[seat],
            )
        except httpx.TransportError:
            continue  # that process is down: the next request goes to the other
        if answer.status_code == 201:
            duel.acknowledged.append(f"{answer.json()['seq']}:{action}")
        else:
            assert answer.status_code == 409, answer.text  # a stale view, never a 500


def test_two_processes_survive_races_bots_and_a_sigkill(cluster: Cluster) -> None:
    chooser = random.Random(11)
    with _clients(cluster) as clients:
        people = [_guest(clients[index % 2], f"P{index}") for index in range(2)]
        owners = [_guest(clients[index % 2], f"Owner {index}") for index in range(TABLES)]
        raced = [_race_joins(clients, owner, people[:2]) for owner in owners]
        bot_body = {"game": "kalah", "seats": [{"kind": "bot", "bot": "random"}] * 2}
        bot_tables = [
            str(clients[index % 2].post("/api/tables", json=bot_body, headers=owners[index]).json()["id"])
            for index in range(min(TABLES, 8))
        ]
        for table_id in bot_tables:  # both processes follow every bot table
            for client in clients:
                client.get(f"/api/tables/{table_id}")
        duels = []
        for index in range(TABLES):
            body = {"game": "kalah", "seats": [{"kind": "me"}, {"kind": "open"}]}
            created = clients[index % 2].post("/api/tables", json=body, headers=owners[index])
            table_id = str(created.json()["id"])
            clients[(index + 1) % 2].post(f"/api/tables/{table_id}/join", json={}, headers=people[0])
            duels.append(Duel(table_id, [owners[index], people[0]]))
        for _ in range(ROUNDS):
            for duel in duels:
                _play_some(clients, duel, 6, chooser)
            cluster.kill(1)
            for duel in duels:
                _play_some(clients, duel, 4, chooser)
            cluster.start(1)
        for duel in duels:
            _play_some(clients, duel, 500, chooser)

    store = Store.open(cluster.database_url, migrate_schema=False)
    try:
        lost = sum(
            [f"{move.seq}:{move.action_id}" for move in store.moves(duel.table_id)][: len(duel.acknowledged)]
            != duel.acknowledged
            for duel in duels
        )
        stuck = [table_id for table_id in raced if store.table(table_id).status != "playing"]  # type: ignore[union-attr]
        _wait_for_bots(store, bot_tables)
        unfinished_bots = [table_id for table_id in bot_tables if store.table(table_id).status != "finished"]  # type: ignore[union-attr]
    finally:
        store.close()
    moves = sum(len(duel.acknowledged) for duel in duels)
    print(
        f"\nchaos: {TABLES} join races, {len(bot_tables)} bot tables, {moves} acknowledged moves over "
        f"{ROUNDS} SIGKILL(s): {lost} tables lost a move, {len(stuck)} stuck waiting, "
        f"{len(unfinished_bots)} bot tables unfinished"
    )
    assert lost == 0 and stuck == [] and unfinished_bots == []
    assert all(duel.acknowledged for duel in duels)


def _wait_for_bots(store: Store, table_ids: list[str]) -> None:
    deadline = threading.Event()
    for _ in range(240):
        if all(store.table(table_id).status == "finished" for table_id in table_ids):  # type: ignore[union-attr]
            return
        deadline.wait(0.5)
