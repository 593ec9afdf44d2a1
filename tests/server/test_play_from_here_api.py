"""Play from here over the HTTP API: `POST /api/tables` with `{"from": {"table", "move"}}`.

Every refused request is followed by a look at the database: nothing changed.
"""

from __future__ import annotations

from typing import Any

import pytest
from running_site import Guest, Site


def _finished_nim(site: Site) -> tuple[str, Guest, Guest]:
    """Nim 3-4-5 played out by Ann and Bob: each move empties a heap, Ann takes the last."""
    ann, bob = site.guest("Ann"), site.guest("Bob")
    body = {"game": "nim", "seats": [{"kind": "me"}, {"kind": "open"}], "options": {"heaps": "3-4-5"}}
    table_id = site.http.post("/api/tables", json=body, headers=ann.headers).json()["id"]
    site.http.post(f"/api/tables/{table_id}/join", json={}, headers=bob.headers)
    for seq, (who, action) in enumerate([(ann, "1:3"), (bob, "2:4"), (ann, "3:5")]):
        answer = site.http.post(
            f"/api/tables/{table_id}/moves", json={"action": action, "seq": seq}, headers=who.headers
        )
        assert answer.status_code == 201, answer.text
    return table_id, ann, bob


def _from(site: Site, guest: Guest, **body: Any) -> Any:
    return site.http.post("/api/tables", json=body, headers=guest.headers)


def _tables(site: Site) -> int:
    return len(site.store.tables(["waiting", "playing", "finished", "abandoned"], None))


def test_a_table_begins_at_a_position_of_a_finished_one(site: Site) -> None:
    """After Ann's first move it is the second seat's turn: Carol takes it, a bot the first."""
    origin, _ann, _bob = _finished_nim(site)
    carol = site.guest("Carol")
    seats = [{"kind": "bot", "bot": "random", "level": 1}, {"kind": "me"}]
    answer = _from(site, carol, seats=seats, rated=True, **{"from": {"table": origin, "move": 1}})
    assert answer.status_code == 201, answer.text
    table = answer.json()
    assert (table["game"], table["options"], table["status"]) == ("nim", {"heaps": "3-4-5"}, "playing")
    assert (table["rated"], table["seq"]) == (False, 0)
    assert table["origin"] == {"table": origin, "move": 1, "url": f"/t/{origin}/replay?move=1"}
    assert "start" not in table
    view = site.http.get(f"/api/tables/{table['id']}/view", headers=carol.headers).json()
    assert view["view"]["heaps"] == [0, 4, 5] and view["seat"] == 1
    assert [action["id"] for action in view["actions"]][:2] == ["2:1", "2:2"]
    move = {"action": "2:4", "seq": 0}
    assert (
        site.http.post(f"/api/tables/{table['id']}/moves", json=move, headers=carol.headers).status_code
        == 201
    )
    for _ in range(500):
        if len(site.store.moves(table["id"])) == 2:
            break
        site.http.get(f"/api/tables/{table['id']}")
    bot_move = site.store.moves(table["id"])[1]
    assert (bot_move.seat, bot_move.action_id.split(":")[0]) == (0, "3")  # heap 3 is all that is left
    log = site.http.get(f"/api/tables/{table['id']}/moves").json()
    assert log["origin"] == table["origin"] and [entry["seq"] for entry in log["moves"]] == [1, 2]
    step = site.http.get(f"/api/tables/{table['id']}/replay/0").json()
    assert (step["view"]["heaps"], step["total_moves"]) == ([0, 4, 5], 2)


@pytest.mark.parametrize(
    ("start_from", "seats", "status", "message"),
    [
        ({"move": 7}, 2, 400, "positions after 0 to 3 moves; got 7"),
        ({"move": -1}, 2, 400, "from.move: Input should be greater than or equal to 0"),
        ({"move": 3}, 2, 409, "the game is over here"),
        ({"move": 1}, 3, 400, "is nim for 2"),
        ({"move": 1, "table": "nosuchtabl"}, 2, 404, "no table"),
    ],
)
def test_a_position_that_cannot_be_played_from_is_refused(
    site: Site, start_from: dict[str, Any], seats: int, status: int, message: str
) -> None:
    origin, _ann, _bob = _finished_nim(site)
    carol, before = site.guest("Carol"), _tables(site)
    body = {"table": origin} | start_from
    answer = _from(site, carol, seats=[{"kind": "me"}] + [{"kind": "open"}] * (seats - 1), **{"from": body})
    assert answer.status_code == status and message in answer.text, answer.text
    assert _tables(site) == before


def test_a_game_of_others_under_way_is_refused(site: Site) -> None:
    ann, bob, carol = site.guest("Ann"), site.guest("Bob"), site.guest("Carol")
    body = {"game": "nim", "seats": [{"kind": "me"}, {"kind": "open"}]}
    table_id = site.http.post("/api/tables", json=body, headers=ann.headers).json()["id"]
    site.http.post(f"/api/tables/{table_id}/join", json={}, headers=bob.headers)
    before = _tables(site)
    answer = _from(
        site, carol, seats=[{"kind": "me"}, {"kind": "open"}], **{"from": {"table": table_id, "move": 0}}
    )
    assert answer.status_code == 403 and "only a finished table" in answer.text
    assert _tables(site) == before


def test_a_table_needs_a_game_or_a_position(site: Site) -> None:
    answer = _from(site, site.guest("Ann"), seats=[{"kind": "me"}])
    assert answer.status_code == 400 and "say which game" in answer.text
