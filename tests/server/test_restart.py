"""Crash recovery with the real server: play over the API, SIGKILL it mid-stream, start it
again on the same database, and find every acknowledged move there and the game going on."""

from __future__ import annotations

import signal
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text

from tabletop.server.process import free_port, start_server

POSTGRES_URL = "postgresql://postgres@127.0.0.1:5432/test"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest) -> Iterator[str | None]:
    """None: the server's default SQLite file; else a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        yield None
        return
    schema = f"restart_{uuid.uuid4().hex[:12]}"
    admin = create_engine(POSTGRES_URL.replace("postgresql://", "postgresql+psycopg://"))
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    yield f"{POSTGRES_URL}?options=-csearch_path%3D{schema}"
    with admin.begin() as connection:
        connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    admin.dispose()


def _play_until_killed(
    client: httpx.Client, table_id: str, tokens: list[dict[str, str]], acks: list[str]
) -> None:
    """Plays the first legal move of whoever is to move, as fast as it can, until the server dies."""
    try:
        while True:
            view = client.get(f"/api/tables/{table_id}/view", headers=tokens[0]).json()
            seat = view["current_players"][0]
            mover = client.get(f"/api/tables/{table_id}/view", headers=tokens[seat]).json()
            action = mover["actions"][0]["id"]
            answer = client.post(
                f"/api/tables/{table_id}/moves",
                json={"action": action, "seq": mover["seq"]},
                headers=tokens[seat],
            )
            if answer.status_code == 201:
                acks.append(f"{answer.json()['seq']}:{action}")
    except (httpx.HTTPError, KeyError, IndexError):
        return


@pytest.mark.slow
def test_acknowledged_moves_survive_a_sigkill(tmp_path: Path, database_url: str | None) -> None:
    port, log = free_port(), tmp_path / "server.log"
    server = start_server(tmp_path / "data", port, log, "--bot-delay", "0", database_url=database_url)
    base = f"http://127.0.0.1:{port}"
    with httpx.Client(base_url=base, timeout=10) as client:
        tokens = [
            {"Authorization": f"Bearer {client.post('/api/guests', json={'name': name}).json()['token']}"}
            for name in ("South", "North")
        ]
        client.cookies.clear()
        body = {"game": "kalah", "seats": [{"kind": "me"}, {"kind": "open"}]}
        table_id = client.post("/api/tables", json=body, headers=tokens[0]).json()["id"]
        client.post(f"/api/tables/{table_id}/join", json={}, headers=tokens[1])
        acks: list[str] = []
        player = threading.Thread(target=_play_until_killed, args=(client, table_id, tokens, acks))
        player.start()
        while len(acks) < 8 and player.is_alive():
            player.join(timeout=0.005)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        player.join(timeout=20)
    acknowledged = list(acks)
    assert len(acknowledged) >= 8

    server = start_server(tmp_path / "data", port, log, "--bot-delay", "0", database_url=database_url)
    try:
        with httpx.Client(base_url=base, timeout=10) as client:
            logged = client.get(f"/api/tables/{table_id}/moves").json()["moves"]
            stored = [f"{move['seq']}:{move['action']}" for move in logged]
            assert stored[: len(acknowledged)] == acknowledged
            assert len(stored) <= len(acknowledged) + 1  # at most the one move whose answer was lost
            view = client.get(f"/api/tables/{table_id}/view", headers=tokens[0]).json()
            assert view["seq"] == len(stored) and view["status"] == "playing"
            seat = view["current_players"][0]
            mover = client.get(f"/api/tables/{table_id}/view", headers=tokens[seat]).json()
            answer = client.post(
                f"/api/tables/{table_id}/moves",
                json={"action": mover["actions"][0]["id"], "seq": mover["seq"]},
                headers=tokens[seat],
            )
            assert answer.status_code == 201 and answer.json()["seq"] == len(stored) + 1
    finally:
        server.terminate()
        server.wait(timeout=10)


def _table_record(client: httpx.Client, table_id: str) -> dict[str, object]:
    return dict(client.get(f"/api/tables/{table_id}").json())


@pytest.mark.slow
def test_a_pending_deadline_fires_once_after_a_sigkill(tmp_path: Path, database_url: str | None) -> None:
    """Issue 12: the clock is in the log, not in memory. The server dies while Ann's 60 s run;
    it comes back with its clock two minutes on (TABLETOP_CLOCK_OFFSET_S) and ends the game
    for her at start-up, once: a second restart changes nothing."""
    port, log, data = free_port(), tmp_path / "server.log", tmp_path / "data"
    server = start_server(data, port, log, database_url=database_url)
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as client:
        ann = client.post("/api/guests", json={"name": "Ann"}).json()["token"]
        client.cookies.clear()
        bob = client.post("/api/guests", json={"name": "Bob"}).json()["token"]
        client.cookies.clear()
        body = {
            "game": "kalah",
            "seats": [{"kind": "me"}, {"kind": "open"}],
            "clock": {"mode": "live", "initial_s": 60, "increment_s": 0},
            "on_timeout": "lose",
        }
        table_id = client.post("/api/tables", json=body, headers={"Authorization": f"Bearer {ann}"}).json()[
            "id"
        ]
        client.post(f"/api/tables/{table_id}/join", json={}, headers={"Authorization": f"Bearer {bob}"})
        assert _table_record(client, table_id)["status"] == "playing"
    server.send_signal(signal.SIGKILL)
    server.wait(timeout=10)

    ahead = {"TABLETOP_CLOCK_OFFSET_S": "120"}
    for _restart in range(2):
        server = start_server(data, port, log, database_url=database_url, settings=ahead)
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as client:
                record = _wait_until_finished(client, table_id)
        finally:
            server.terminate()
            server.wait(timeout=10)
        assert record["result"]["reason"] == "Bob wins: Ann ran out of time"  # type: ignore[index]
        assert record["forfeits"] == [{"seat": 0, "reason": "ran out of time", "seq": 0}]


def _wait_until_finished(client: httpx.Client, table_id: str) -> dict[str, object]:
    for _ in range(100):
        record = _table_record(client, table_id)
        if record["status"] == "finished":
            return record
        threading.Event().wait(0.1)
    raise AssertionError(f"table {table_id} did not finish: {record}")
