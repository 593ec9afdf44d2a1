"""A server process among others on one database: what a new viewer is first shown includes
what another process changed before this one's follower applied it."""

from __future__ import annotations

import json
from pathlib import Path

from running_site import serving
from websockets.sync.client import connect

from tabletop.server.hub import MemoryHub

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
