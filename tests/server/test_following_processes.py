"""A server process among others on one database: what a new viewer is first shown includes
what another process changed before this one's follower applied it, and that change's event,
heard afterwards, does not show it again."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from running_site import serving
from websockets.sync.client import connect

from tabletop.server.hub import Event, MemoryHub, Subscription, table_channel

TIMEOUT = 5


class _BehindHub(MemoryHub):
    """A hub other processes publish on too, none of whose events has arrived here yet: the
    moment between another process's change and this process's follower applying it, made
    to last."""

    shared_by_processes = True


def test_a_first_view_shows_a_seat_taken_through_another_process_not_yet_followed(tmp_path: Path) -> None:
    with serving(tmp_path / "data", _BehindHub(), rate_limits=False) as site:
        ann, bob = site.guest("Ann"), site.guest("Bob")
        body = {"game": "nim", "seats": [{"kind": "me"}, {"kind": "open"}], "options": {"heaps": "3-4-5"}}
        table_id = site.http.post("/api/tables", json=body, headers=ann.headers).json()["id"]
        site.store.take_seat(table_id, 1, bob.id)  # the other process's join: stored, not heard here
        with connect(f"{site.ws_url}/t/{table_id}/ws", additional_headers=ann.headers) as socket:
            view = json.loads(socket.recv(timeout=TIMEOUT))
    assert view["type"] == "view" and view["status"] == "playing"
    assert view["actions"]  # Ann moves first: her page is not left "waiting for players"


class _LateHub(_BehindHub):
    """A hub whose events of other processes the test delivers when it chooses (from its own
    thread, into the server's event loop)."""

    loop: asyncio.AbstractEventLoop | None = None

    @asynccontextmanager
    async def subscribe(self, channel: str) -> AsyncIterator[Subscription]:
        self.loop = asyncio.get_running_loop()
        async with super().subscribe(channel) as subscription:
            yield subscription

    def deliver(self, table_id: str, event: Event) -> None:
        assert self.loop is not None
        published = asyncio.run_coroutine_threadsafe(self.publish(table_channel(table_id), event), self.loop)
        published.result(TIMEOUT)


def test_a_join_heard_after_the_first_view_read_it_does_not_offer_the_move_again(tmp_path: Path) -> None:
    """The stale move of the two-process bench: Ann's first view already showed Bob's join
    through the other process; its event, arriving next, sent her the same seq-0 view again,
    whose actions her client played a second time ("your move was chosen at seq 0")."""
    hub = _LateHub()
    with serving(tmp_path / "data", hub, rate_limits=False) as site:
        ann, bob = site.guest("Ann"), site.guest("Bob")
        body = {"game": "nim", "seats": [{"kind": "me"}, {"kind": "open"}], "options": {"heaps": "3-4-5"}}
        table_id = site.http.post("/api/tables", json=body, headers=ann.headers).json()["id"]
        site.store.take_seat(table_id, 1, bob.id)  # the other process's join, its event still on the way
        with connect(f"{site.ws_url}/t/{table_id}/ws", additional_headers=ann.headers) as socket:
            first = json.loads(socket.recv(timeout=TIMEOUT))
            joined: Event = {"id": "other-1", "origin": "other", "kind": "table", "table": table_id}
            hub.deliver(table_id, joined)
            chat = {"name": "Bob", "text": "hello", "time": "2026-01-01T00:00:00+00:00"}
            hub.deliver(
                table_id,
                {"id": "other-2", "origin": "other", "kind": "chat", "table": table_id, "chat": chat},
            )
            after = json.loads(socket.recv(timeout=TIMEOUT))  # events are forwarded in order
    assert first["type"] == "view" and first["seq"] == 0 and first["actions"]
    assert after == {"type": "chat", **chat}
