"""The HTTP API against a real server: create, join, view, move, log; and bad input.

Every refused request is followed by a look at the database: nothing changed.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from running_site import Guest, Site


def _nim_table(site: Site, creator: Guest, **extra: Any) -> dict[str, Any]:
    body = {"game": "nim", "seats": [{"kind": "me"}, {"kind": "open"}], "options": {"heaps": "1-2"}} | extra
    answer = site.http.post("/api/tables", json=body, headers=creator.headers)
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def _started_nim(site: Site) -> tuple[str, Guest, Guest]:
    ann, bob = site.guest("Ann"), site.guest("Bob")
    table = _nim_table(site, ann)
    joined = site.http.post(f"/api/tables/{table['id']}/join", json={}, headers=bob.headers)
    assert joined.json()["status"] == "playing"
    return table["id"], ann, bob


def _move(site: Site, table_id: str, guest: Guest, action: object, seq: object) -> httpx.Response:
    return site.http.post(
        f"/api/tables/{table_id}/moves",
        json={"action": action, "seq": seq},
        headers=guest.headers,
    )


def _logged(site: Site, table_id: str) -> list[str]:
    return [move.action_id for move in site.store.moves(table_id)]


def test_games_are_listed_with_their_declarations(site: Site) -> None:
    listed = {game["id"]: game for game in site.http.get("/api/games").json()}
    assert listed["nim"]["players"] == "2–3"
    assert listed["nim"]["options"]["heaps"] == {
        "label": "Heaps",
        "default": "3-4-5",
        "choices": ["1-2", "3-4-5", "2-2"],
        "choice_names": ["1-2", "3-4-5", "Two and two"],
        "help": "Stones in each heap",
    }


def test_a_game_played_over_the_api(site: Site) -> None:
    table_id, ann, bob = _started_nim(site)
    view = site.http.get(f"/api/tables/{table_id}/view", headers=ann.headers).json()
    assert view["seat"] == 0 and view["seq"] == 0 and view["view"]["heaps"] == [1, 2]
    assert [action["id"] for action in view["actions"]] == ["1:1", "2:1", "2:2"]
    assert view["svg"].startswith("<svg")
    assert site.http.get(f"/api/tables/{table_id}/view", headers=bob.headers).json()["actions"] == []

    assert _move(site, table_id, ann, "2:1", 0).json() == {
        "seq": 1,
        "seat": 0,
        "action": "2:1",
        "label": "take 1 from heap 2",
    }
    assert _move(site, table_id, bob, "1:1", 1).status_code == 201
    assert _move(site, table_id, ann, "2:1", 2).status_code == 201

    summary = site.http.get(f"/api/tables/{table_id}").json()
    assert summary["status"] == "finished" and summary["result"]["ranks"] == [1, 2]
    assert summary["seed"] == site.store.table(table_id).seed  # type: ignore[union-attr]
    log = site.http.get(f"/api/tables/{table_id}/moves").json()
    assert [(move["seq"], move["seat"], move["action"]) for move in log["moves"]] == [
        (1, 0, "2:1"),
        (2, 1, "1:1"),
        (3, 0, "2:1"),
    ]


def test_the_seed_stays_secret_while_the_game_runs(site: Site) -> None:
    table_id, _ann, _bob = _started_nim(site)
    summary = site.http.get(f"/api/tables/{table_id}").json()
    assert "seed" not in summary and summary["status"] == "playing"


def test_a_replay_step_is_a_spectators_view(site: Site) -> None:
    table_id, ann, bob = _started_nim(site)
    _move(site, table_id, ann, "2:1", 0)
    _move(site, table_id, bob, "1:1", 1)
    step = site.http.get(f"/api/tables/{table_id}/replay/1").json()
    assert (step["seq"], step["seat"], step["view"]["heaps"], step["total_moves"]) == (1, None, [1, 1], 2)
    assert step["actions"] == [] and [entry["action"] for entry in step["log"]] == ["2:1"]


@pytest.mark.parametrize(
    "case",
    [
        ("bob", "1:1", 0, 409, "not_your_turn"),
        ("carol", "1:1", 0, 403, "wrong_seat"),
        ("ann", "9:9", 0, 422, "illegal_action"),
        ("ann", "1:1", 3, 409, "stale_seq"),
        ("ann", 12, 0, 400, "bad_request"),
        ("ann", "1:1", -1, 400, "bad_request"),
        ("ann", "x" * 201, 0, 400, "bad_request"),
    ],
)
def test_a_refused_move_changes_nothing(site: Site, case: tuple[str, object, object, int, str]) -> None:
    who, action, seq, status, code = case
    table_id, ann, bob = _started_nim(site)
    guest = {"ann": ann, "bob": bob, "carol": site.guest("Carol")}[who]
    answer = _move(site, table_id, guest, action, seq)
    assert (answer.status_code, answer.json()["error"]["code"]) == (status, code)
    assert answer.json()["error"]["message"]
    assert _logged(site, table_id) == []


def test_a_duplicate_submission_is_named_and_not_logged_twice(site: Site) -> None:
    table_id, ann, _bob = _started_nim(site)
    assert _move(site, table_id, ann, "2:1", 0).status_code == 201
    again = _move(site, table_id, ann, "2:1", 0)
    assert (again.status_code, again.json()["error"]["code"]) == (409, "duplicate_move")
    assert _logged(site, table_id) == ["2:1"]


def test_malformed_json_is_a_clear_error(site: Site) -> None:
    table_id, ann, _bob = _started_nim(site)
    answer = site.http.post(
        f"/api/tables/{table_id}/moves",
        content=b'{"action": "2:1", "seq": ',
        headers=ann.headers | {"Content-Type": "application/json"},
    )
    assert (answer.status_code, answer.json()["error"]["code"]) == (400, "bad_request")
    assert _logged(site, table_id) == []


def test_an_oversized_body_is_refused_before_it_is_read(site: Site) -> None:
    table_id, ann, _bob = _started_nim(site)
    answer = site.http.post(
        f"/api/tables/{table_id}/moves",
        content=b'{"action": "' + b"x" * 100_000 + b'", "seq": 0}',
        headers=ann.headers | {"Content-Type": "application/json"},
    )
    assert (answer.status_code, answer.json()["error"]["code"]) == (413, "too_large")
    assert _logged(site, table_id) == []


def test_moving_needs_a_player_and_a_valid_token(site: Site) -> None:
    table_id, _ann, _bob = _started_nim(site)
    anonymous = site.http.post(f"/api/tables/{table_id}/moves", json={"action": "2:1", "seq": 0})
    forged = site.http.post(
        f"/api/tables/{table_id}/moves",
        json={"action": "2:1", "seq": 0},
        headers={"Authorization": "Bearer 1.forged"},
    )
    assert (anonymous.status_code, forged.status_code) == (401, 401)
    assert _logged(site, table_id) == []


def test_creating_a_table_is_checked(site: Site) -> None:
    ann = site.guest("Ann")
    tables_before = len(site.store.tables(["waiting", "playing", "finished"], None))
    for body, message in [
        ({"game": "chess", "seats": [{"kind": "me"}]}, "no game 'chess'"),
        ({"game": "nim", "seats": [{"kind": "me"}, {"kind": "me"}]}, "only one seat"),
        ({"game": "nim", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "genius"}]}, "no bot 'genius'"),
        ({"game": "nim", "seats": [{"kind": "me"}, {"kind": "bot", "level": 7}]}, "level"),
    ]:
        answer = site.http.post("/api/tables", json=body, headers=ann.headers)
        assert answer.status_code == 400 and message in answer.json()["error"]["message"], answer.text
    assert len(site.store.tables(["waiting", "playing", "finished"], None)) == tables_before


def test_a_bot_answers_over_the_api(site: Site) -> None:
    ann = site.guest("Ann")
    table = _nim_table(
        site,
        ann,
        seats=[{"kind": "me"}, {"kind": "bot", "bot": "random", "level": 1}],
        options={"heaps": "3-4-5"},
    )
    assert table["status"] == "playing"
    _move(site, table["id"], ann, "1:1", 0)
    for _ in range(500):
        if len(site.store.moves(table["id"])) == 2:
            break
        site.http.get(f"/api/tables/{table['id']}")
    assert [move.seat for move in site.store.moves(table["id"])] == [0, 1]


def test_accounts_register_and_log_in(site: Site) -> None:
    with httpx.Client(base_url=site.base_url) as browser:  # its own cookie jar
        guest = browser.post("/api/guests", json={"name": "Ann"}).json()
        account = browser.post("/api/register", json={"username": "ann", "password": "long enough"}).json()
        assert account["id"] == guest["id"] and account["username"] == "ann"
        weak = browser.post("/api/register", json={"username": "bob", "password": "short"})
        assert weak.status_code == 400 and "password" in weak.json()["error"]["message"]
    wrong = site.http.post("/api/login", json={"username": "ann", "password": "wrong password"})
    right = site.http.post("/api/login", json={"username": "ANN", "password": "long enough"})
    assert wrong.status_code == 401 and right.json()["id"] == guest["id"]
    me = site.http.get("/api/me", headers={"Authorization": f"Bearer {right.json()['token']}"})
    assert me.json()["name"] == guest["name"]  # "Ann", or "Ann (2)"... where the site has another Ann
