"""Inputs that once hurt the server (issue 11, items 4-6), each answered with a 4xx or a clean
WebSocket error and nothing changed: huge player counts, non-ASCII digits, numbers of
thousands of digits, NUL bytes, lone surrogates, bidi overrides, frames nested too deep,
and lookups of unknown table ids that used to leave a lock behind each."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import httpx
import pytest
from running_site import Site
from websockets.sync.client import connect

from tabletop.server.service import TableService
from tabletop.store import Store

TIMEOUT = 5


@pytest.fixture
def visitor(site: Site) -> Iterator[httpx.Client]:
    """A cookie-keeping client that has a session and a CSRF token."""
    with httpx.Client(base_url=site.base_url) as client:
        yield client


def _csrf(client: httpx.Client, path: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', client.get(path).text)
    assert found
    return found.group(1)


def _tables(site: Site) -> int:
    return len(site.store.tables(["waiting", "playing", "finished"], None))


@pytest.mark.parametrize("players", ["4000000", "²", "9" * 5000, "-1", "\x00", ""])
def test_a_player_count_is_checked_before_any_seat_is_built(
    visitor: httpx.Client, site: Site, players: str
) -> None:
    before = _tables(site)
    form = {"csrf": _csrf(visitor, "/games/nim/new"), "players": players, "seat-0": "me"}
    answer = visitor.post("/games/nim/new", data=form)
    assert answer.status_code == 400 and "number of players must be a whole number" in answer.text
    assert _tables(site) == before


@pytest.mark.parametrize("value", ["²", "9" * 5000, "\x00", "3\x00", "٣"])
def test_an_option_value_that_is_not_a_number_is_refused(site: Site, value: str) -> None:
    ann = site.guest("Ann")
    body = {"game": "goofspiel", "seats": [{"kind": "me"}, {"kind": "open"}], "options": {"cards": value}}
    before = _tables(site)
    answer = site.http.post("/api/tables", json=body, headers=ann.headers)
    assert answer.status_code == 400, answer.text
    assert "option 'cards' must be one of 2, 3, 4, 5, 6" in answer.text
    assert len(answer.text) < 1000  # the 5,000 digits are not echoed back
    assert _tables(site) == before


@pytest.mark.parametrize("seat", ["²", "9" * 5000, "\x00"])
def test_a_seat_number_that_is_not_a_number_is_refused(visitor: httpx.Client, site: Site, seat: str) -> None:
    ann = site.guest("Ann")
    body = {"game": "nim", "seats": [{"kind": "me"}, {"kind": "open"}]}
    table_id = site.http.post("/api/tables", json=body, headers=ann.headers).json()["id"]
    answer = visitor.post(f"/t/{table_id}/join", data={"csrf": _csrf(visitor, "/"), "seat": seat})
    assert answer.status_code == 400
    record = site.store.table(table_id)
    assert record is not None and record.status == "waiting"


@pytest.mark.parametrize("name", ["Ann\x00", "\ud800", "ann\u202eevil", "\u200b", " "])
def test_a_name_with_invisible_characters_is_refused(site: Site, name: str) -> None:
    answer = site.http.post("/api/guests", content=json.dumps({"name": name}))
    assert answer.status_code in (400, 422), answer.text


def test_look_alike_names_are_one_name(site: Site) -> None:
    assert site.http.post("/api/guests", json={"name": "Ａｄｍｉｎ"}).json()["name"] == "Admin"
    first = site.http.post("/api/register", json={"username": "Ｂｏｂｂｙ", "password": "long enough"})
    assert first.status_code == 201 and first.json()["username"] == "bobby"
    again = site.http.post("/api/register", json={"username": "bobby", "password": "long enough"})
    assert again.status_code == 409


@pytest.mark.parametrize("table_id", ["%00", "abc%00def0", "x" * 10, "A" * 10, "é" * 10])
def test_an_impossible_table_id_is_a_404(site: Site, table_id: str) -> None:
    assert site.http.get(f"/api/tables/{table_id}").status_code == 404


def test_a_login_with_a_nul_byte_is_just_a_wrong_login(site: Site) -> None:
    answer = site.http.post("/api/login", json={"username": "ann\x00", "password": "x\x00y"})
    assert answer.status_code == 401


def test_hostile_websocket_frames_get_an_error_and_the_socket_lives_on(site: Site) -> None:
    ann = site.guest("Ann")
    body = {"game": "nim", "seats": [{"kind": "me"}, {"kind": "open"}]}
    table_id = site.http.post("/api/tables", json=body, headers=ann.headers).json()["id"]
    frames = [
        "[" * 2000 + "]" * 2000,
        '{"type": "chat", "text": "\\ud800"}',
        '{"type": "chat", "text": "a\\u0000b"}',
        '{"type": "move", "action": "\\ud800", "seq": 0}',
    ]
    with connect(
        f"{site.ws_url}/t/{table_id}/ws", additional_headers=ann.headers, open_timeout=TIMEOUT
    ) as socket:
        assert json.loads(socket.recv(timeout=TIMEOUT))["type"] == "view"
        for frame in frames:
            socket.send(frame)
            answer = json.loads(socket.recv(timeout=TIMEOUT))
            assert answer["type"] == "error" and answer["code"] in ("bad_request", "not_started"), answer
        socket.send(json.dumps({"type": "chat", "text": "still here"}))
        while (message := json.loads(socket.recv(timeout=TIMEOUT)))["type"] != "chat":
            pass
        assert message["text"] == "still here"
    assert [line.text for line in site.store.chat(table_id)] == ["still here"]


@pytest.mark.asyncio
async def test_unknown_table_ids_leave_nothing_behind(service: TableService, store: Store) -> None:
    for number in range(200):
        with pytest.raises(Exception, match="no table"):
            await service.table(f"{number:010d}")
        with pytest.raises(Exception, match="no table"):
            await service.table("x" * 60_000)
    assert service._loading == {}


def test_a_spectator_cannot_chat_at_a_table(site: Site) -> None:
    ann, watcher = site.guest("Ann"), site.guest("Watcher")
    body = {"game": "nim", "seats": [{"kind": "me"}, {"kind": "open"}]}
    table_id = site.http.post("/api/tables", json=body, headers=ann.headers).json()["id"]
    with connect(
        f"{site.ws_url}/t/{table_id}/ws", additional_headers=watcher.headers, open_timeout=TIMEOUT
    ) as socket:
        assert json.loads(socket.recv(timeout=TIMEOUT))["seat"] is None
        socket.send(json.dumps({"type": "chat", "text": "play 1:1!"}))
        answer = json.loads(socket.recv(timeout=TIMEOUT))
    assert answer["code"] == "wrong_seat" and "spectators watch" in answer["message"]
    assert site.store.chat(table_id) == []


@pytest.mark.parametrize("path", ["/", "/games/nim/new", "/api/games"])
def test_every_page_says_what_a_browser_may_load_and_frame(site: Site, path: str) -> None:
    headers = site.http.get(path).headers
    assert headers["x-frame-options"] == "DENY" and headers["referrer-policy"] == "same-origin"
    policy = headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
