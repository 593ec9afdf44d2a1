"""Rate limits and caps (issue 11, items 8 and 9) on a server that has them on, as in
production: guests, tables, chat and logins are limited per player and per address, a
player has a bounded number of open tables, and password hashing is bounded."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from running_site import Guest, Site, serving
from websockets.sync.client import connect

from tabletop.server.rate_limits import MAX_CONCURRENT_HASHING, MAX_OPEN_TABLES, RULES, RateLimits

TIMEOUT = 5


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[Site]:
    """A fresh server with rate limits on (each test starts with empty counters)."""
    with serving(tmp_path / "data", rate_limits=True) as running:
        yield running


def _allowed(rule: str) -> int:
    return int(rule.split("/", maxsplit=1)[0])


def test_guests_from_one_address_are_limited(limited: Site) -> None:
    allowed = _allowed(RULES["guest"].per_address)
    codes = [limited.http.post("/api/guests", json={}).status_code for _ in range(allowed + 2)]
    assert codes[:allowed] == [201] * allowed and codes[allowed:] == [429, 429]
    answer = limited.http.post("/api/guests", json={})
    assert answer.json()["error"]["code"] == "too_many_requests" and "wait a moment" in answer.text


def test_logins_to_one_account_are_limited_whatever_the_password(limited: Site) -> None:
    limited.http.post("/api/register", json={"username": "kim", "password": "right password"})
    allowed = _allowed(RULES["login"].per_player)
    codes = [
        limited.http.post("/api/login", json={"username": "kim", "password": f"guess {n}"}).status_code
        for n in range(allowed + 1)
    ]
    assert codes == [401] * allowed + [429]
    right = limited.http.post("/api/login", json={"username": "kim", "password": "right password"})
    assert right.status_code == 429  # brute force gets no answer either way until the window passes


def test_a_player_has_a_bounded_number_of_open_tables(limited: Site) -> None:
    ann = limited.guest("Ann")
    body = {"game": "nim", "seats": [{"kind": "me"}, {"kind": "open"}]}
    codes = [
        limited.http.post("/api/tables", json=body, headers=ann.headers).status_code
        for _ in range(MAX_OPEN_TABLES + 1)
    ]
    assert codes == [201] * MAX_OPEN_TABLES + [429]


def _chat_flood(site: Site, table_id: str, guest: Guest, lines: int) -> list[str]:
    answers = []
    with connect(f"{site.ws_url}/t/{table_id}/ws", additional_headers=guest.headers) as socket:
        assert json.loads(socket.recv(timeout=TIMEOUT))["type"] == "view"
        for number in range(lines):
            socket.send(json.dumps({"type": "chat", "text": f"line {number}"}))
            answers.append(json.loads(socket.recv(timeout=TIMEOUT))["type"])
    return answers


def test_chat_lines_are_limited_per_player(limited: Site) -> None:
    ann = limited.guest("Ann")
    body = {"game": "nim", "seats": [{"kind": "me"}, {"kind": "open"}]}
    table_id = limited.http.post("/api/tables", json=body, headers=ann.headers).json()["id"]
    allowed = _allowed(RULES["chat"].per_player)
    answers = _chat_flood(limited, table_id, ann, allowed + 3)
    assert answers[:allowed] == ["chat"] * allowed and answers[allowed:] == ["error"] * 3
    assert len(limited.store.chat(table_id)) == allowed


@pytest.mark.asyncio
async def test_password_hashing_runs_a_few_at_a_time() -> None:
    limits = RateLimits(enabled=True)
    running = 0
    most = 0

    async def hash_once() -> None:
        nonlocal running, most
        async with limits.hashing:
            running += 1
            most = max(most, running)
            await asyncio.sleep(0.01)
            running -= 1

    await asyncio.gather(*(hash_once() for _ in range(40)))
    assert most == MAX_CONCURRENT_HASHING
