"""The table WebSocket against a real server: snapshots, live updates to every viewer,
chat, reconnects, and every kind of bad input answered with a clear error and no change."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from running_site import Guest, Site
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

TIMEOUT = 5


@contextmanager
def _socket(
    site: Site, table_id: str, guest: Guest | None = None, **options: Any
) -> Iterator[ClientConnection]:
    headers = guest.headers if guest else {}
    with connect(
        f"{site.ws_url}/t/{table_id}/ws", additional_headers=headers, open_timeout=TIMEOUT, **options
    ) as socket:
        yield socket


def _receive(socket: ClientConnection) -> dict[str, Any]:
    return dict(json.loads(socket.recv(timeout=TIMEOUT)))


def _view_at(socket: ClientConnection, seq: int) -> dict[str, Any]:
    """The first view or update message at `seq` (earlier ones may still be on their way)."""
    while True:
        message = _receive(socket)
        if message["type"] in ("view", "update") and message["seq"] == seq:
            return message


def _started_nim(site: Site) -> tuple[str, Guest, Guest]:
    ann, bob = site.guest("Ann"), site.guest("Bob")
    body = {"game": "nim", "seats": [{"kind": "me"}, {"kind": "open"}], "options": {"heaps": "3-4-5"}}
    table_id = site.http.post("/api/tables", json=body, headers=ann.headers).json()["id"]
    site.http.post(f"/api/tables/{table_id}/join", json={}, headers=bob.headers)
    return table_id, ann, bob


def _logged(site: Site, table_id: str) -> list[str]:
    return [move.action_id for move in site.store.moves(table_id)]


def test_each_viewer_gets_a_snapshot_of_their_own_view(site: Site) -> None:
    table_id, ann, bob = _started_nim(site)
    with (
        _socket(site, table_id, ann) as first,
        _socket(site, table_id, bob) as second,
        _socket(site, table_id) as spectator,
    ):
        mine, theirs, watching = _receive(first), _receive(second), _receive(spectator)
    assert (mine["type"], mine["seq"], mine["seat"], mine["status"]) == ("view", 0, 0, "playing")
    assert len(mine["actions"]) == 12 and mine["actions"][0] == {
        "id": "1:1",
        "label": "take 1 from heap 1",
        "path": [],
        "selection": [],
    }
    assert (theirs["seat"], theirs["actions"]) == (1, [])
    assert (watching["seat"], watching["actions"]) == (None, [])
    assert 'id="tt-board"' in mine["html"] and "<svg" in mine["html"]


def test_every_viewer_sees_a_move_without_asking(site: Site) -> None:
    table_id, ann, bob = _started_nim(site)
    with (
        _socket(site, table_id, ann) as first,
        _socket(site, table_id, bob) as second,
        _socket(site, table_id) as spectator,
    ):
        for socket in (first, second, spectator):
            _receive(socket)
        first.send(json.dumps({"type": "move", "action": "3:2", "seq": 0}))
        seen = [_view_at(socket, 1) for socket in (first, second, spectator)]
    assert [(message["type"], message["since"]) for message in seen] == [("update", 0)] * 3
    assert [message["current_players"] for message in seen] == [[1], [1], [1]]
    assert (seen[0]["actions"], len(seen[1]["actions"])) == ([], 10)
    assert all("take 2 from heap 3" in message["parts"]["tt-log"] for message in seen)
    assert _logged(site, table_id) == ["3:2"]


def test_an_update_carries_only_what_the_move_changed(site: Site) -> None:
    table_id, ann, bob = _started_nim(site)
    with _socket(site, table_id, ann) as first, _socket(site, table_id, bob) as second:
        full = _receive(first)
        _receive(second)
        first.send(json.dumps({"type": "move", "action": "3:2", "seq": 0}))
        _view_at(second, 1)
        second.send(json.dumps({"type": "move", "action": "1:1", "seq": 1}))
        update = _view_at(first, 2)
    assert (update["type"], update["since"], update["seq"], update["seat"]) == ("update", 1, 2, 0)
    assert "html" not in update and sorted(update["parts"]) == ["tt-players", "tt-turn"]
    assert len(update["log"]) == 1 and 'data-seq="2"' in update["log"][0]
    assert "take 1 from heap 1" in update["log"][0]
    assert update["board"] is None and update["board_changes"]["runs"]  # the drawing's changes only
    assert "You" in update["parts"]["tt-turn"] and "(you)" in update["parts"]["tt-players"]
    assert len(json.dumps(update)) < len(json.dumps(full))


def test_a_client_that_asks_for_a_sync_gets_the_whole_view_once_per_seq(site: Site) -> None:
    table_id, ann, _bob = _started_nim(site)
    with _socket(site, table_id, ann) as socket:
        _receive(socket)
        site.http.post(f"/api/tables/{table_id}/moves", json={"action": "3:2", "seq": 0}, headers=ann.headers)
        assert _view_at(socket, 1)["type"] == "update"
        socket.send(json.dumps({"type": "sync"}))
        socket.send(json.dumps({"type": "sync"}))
        socket.send(json.dumps({"type": "chat", "text": "done"}))
        answers = [_receive(socket), _receive(socket)]
    assert [(answer["type"], answer.get("seq")) for answer in answers] == [("view", 1), ("chat", None)]
    assert "take 2 from heap 3" in answers[0]["html"]


def test_a_reconnect_restores_the_current_view(site: Site) -> None:
    table_id, ann, bob = _started_nim(site)
    with _socket(site, table_id, ann) as socket:
        _receive(socket)
        socket.send(json.dumps({"type": "move", "action": "1:3", "seq": 0}))
        _view_at(socket, 1)
    site.http.post(f"/api/tables/{table_id}/moves", json={"action": "2:4", "seq": 1}, headers=bob.headers)
    with _socket(site, table_id, ann) as again:
        snapshot = _receive(again)
    assert (snapshot["seq"], snapshot["current_players"]) == (2, [0])
    assert [action["id"] for action in snapshot["actions"]] == ["3:1", "3:2", "3:3", "3:4", "3:5"]


def test_chat_reaches_everyone_at_the_table(site: Site) -> None:
    table_id, ann, bob = _started_nim(site)
    with _socket(site, table_id, ann) as first, _socket(site, table_id, bob) as second:
        _receive(first), _receive(second)
        first.send(json.dumps({"type": "chat", "text": "good game"}))
        heard = [_receive(first), _receive(second)]
    assert [(line["type"], line["name"], line["text"]) for line in heard] == [
        ("chat", ann.name, "good game")
    ] * 2
    assert [line.text for line in site.store.chat(table_id)] == ["good game"]


@pytest.mark.parametrize(
    ("sent", "code"),
    [
        ("{not json", "bad_request"),
        ('["move"]', "bad_request"),
        ('{"type": "dance"}', "bad_request"),
        ('{"type": "move", "action": "9:9", "seq": 0}', "illegal_action"),
        ('{"type": "move", "action": "1:1", "seq": 7}', "stale_seq"),
        ('{"type": "move", "action": "1:1"}', "bad_request"),
        ('{"type": "move", "action": 11, "seq": 0}', "bad_request"),
    ],
)
def test_bad_messages_get_a_clear_error_and_change_nothing(site: Site, sent: str, code: str) -> None:
    table_id, ann, _bob = _started_nim(site)
    with _socket(site, table_id, ann) as socket:
        _receive(socket)
        socket.send(sent)
        error = _receive(socket)
        assert (error["type"], error["code"], error["seq"]) == ("error", code, 0) and error["message"]
        socket.send(json.dumps({"type": "move", "action": "1:1", "seq": 0}))
        assert _view_at(socket, 1)["current_players"] == [1]  # the connection still works
    assert _logged(site, table_id) == ["1:1"]


def _answer(socket: ClientConnection) -> dict[str, Any]:
    """The next message that answers the client (spectator counts come unasked)."""
    while (message := _receive(socket))["type"] == "viewers":
        pass
    return message


def test_a_seat_is_taken_from_the_session_not_from_the_message(site: Site) -> None:
    table_id, _ann, bob = _started_nim(site)
    carol = site.guest("Carol")
    with _socket(site, table_id, bob) as wrong_turn, _socket(site, table_id, carol) as not_seated:
        _receive(wrong_turn), _receive(not_seated)
        wrong_turn.send(json.dumps({"type": "move", "action": "1:1", "seq": 0, "seat": 0}))
        not_seated.send(json.dumps({"type": "move", "action": "1:1", "seq": 0, "seat": 0}))
        assert _answer(wrong_turn)["code"] == "not_your_turn"
        assert _answer(not_seated)["code"] == "wrong_seat"
    with _socket(site, table_id) as anonymous:
        _receive(anonymous)
        anonymous.send(json.dumps({"type": "move", "action": "1:1", "seq": 0}))
        assert _receive(anonymous)["code"] == "not_logged_in"
    assert _logged(site, table_id) == []


def test_an_oversized_message_closes_the_connection(site: Site) -> None:
    table_id, ann, _bob = _started_nim(site)
    with _socket(site, table_id, ann) as socket:
        _receive(socket)
        socket.send(json.dumps({"type": "chat", "text": "x" * 5000}))
        assert _receive(socket)["code"] == "message_too_big"
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=TIMEOUT)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    with _socket(site, table_id, ann) as socket:
        _receive(socket)
        socket.send("x" * 100_000)  # past the protocol limit: refused before the app reads it
        with pytest.raises(ConnectionClosed) as refused:
            socket.recv(timeout=TIMEOUT)
    assert refused.value.rcvd is not None and refused.value.rcvd.code == 1009
    assert _logged(site, table_id) == [] and site.store.chat(table_id) == []


def test_binary_frames_are_refused(site: Site) -> None:
    table_id, ann, _bob = _started_nim(site)
    with _socket(site, table_id, ann) as socket:
        _receive(socket)
        socket.send(b'{"type": "move", "action": "1:1", "seq": 0}')
        assert _receive(socket)["code"] == "bad_message"
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=TIMEOUT)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1003
    assert _logged(site, table_id) == []


def test_an_unknown_table_and_a_foreign_origin_are_closed_with_named_codes(site: Site) -> None:
    table_id, ann, _bob = _started_nim(site)
    with _socket(site, "nosuchtable") as socket, pytest.raises(ConnectionClosed) as missing:
        socket.recv(timeout=TIMEOUT)
    assert missing.value.rcvd is not None and missing.value.rcvd.code == 4404
    with (
        _socket(site, table_id, ann, origin="http://evil.example") as socket,
        pytest.raises(ConnectionClosed) as foreign,
    ):
        socket.recv(timeout=TIMEOUT)
    assert foreign.value.rcvd is not None and foreign.value.rcvd.code == 1008


def test_every_viewer_hears_how_many_people_watch_without_a_seat(site: Site) -> None:
    """Issue 14, item 9: the players and spectators hear the spectator count as it changes;
    a person with two tabs is one, players do not count, a visitor without a player does."""
    table_id, ann, bob = _started_nim(site)
    carol = site.guest("Carol")
    with _socket(site, table_id, ann) as player:
        assert _receive(player)["watching"] == 0
        with _socket(site, table_id, bob) as other_player:
            assert _receive(other_player)["watching"] == 0
            with _socket(site, table_id, carol) as first_tab, _socket(site, table_id, carol) as second_tab:
                assert _receive(first_tab)["watching"] == 1 and _receive(second_tab)["watching"] == 1
                assert _receive(player) == {"type": "viewers", "watching": 1}
                with _socket(site, table_id) as visitor:
                    assert _receive(visitor)["watching"] == 2
                    assert _receive(player) == {"type": "viewers", "watching": 2}
                assert _receive(player) == {"type": "viewers", "watching": 1}
            assert _receive(player) == {"type": "viewers", "watching": 0}
