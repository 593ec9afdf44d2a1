"""Ratings on a real server: rated and friendly tables over the API, profiles, game history,
leaderboards, the game-over box, registering with a display name (docs/ratings.md)."""

from __future__ import annotations

import re
import uuid
from typing import Any

import httpx
from running_site import Guest, Site

from tabletop.store.ratings import MIN_LEADERBOARD_GAMES, Skill, rate

QUICK_NIM = {"heaps": "1-2"}
"""Heaps of 1 and 2 stones: the first player takes both of heap 2, the second takes the last one and wins."""


def _guest(site: Site, name: str) -> Guest:
    return site.guest(f"{name} {uuid.uuid4().hex[:6]}")


def _csrf(browser: httpx.Client) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', browser.get("/").text)
    assert found
    return found.group(1)


def _nim(site: Site, first: Guest, second: Guest, *, rated: bool) -> str:
    body = {"game": "nim", "seats": [{"kind": "me"}, {"kind": "open"}], "options": QUICK_NIM, "rated": rated}
    created = site.http.post("/api/tables", json=body, headers=first.headers)
    assert created.status_code == 201, created.text
    table_id = str(created.json()["id"])
    site.http.post(f"/api/tables/{table_id}/join", json={}, headers=second.headers)
    return table_id


def _second_player_wins(site: Site, table_id: str, first: Guest, second: Guest) -> dict[str, Any]:
    """Plays the game out: heap 2 whole, then the last stone (the second player wins)."""
    assert site.http.post(
        f"/api/tables/{table_id}/moves", json={"action": "2:2", "seq": 0}, headers=first.headers
    )
    last = site.http.post(
        f"/api/tables/{table_id}/moves", json={"action": "1:1", "seq": 1}, headers=second.headers
    )
    assert last.status_code == 201, last.text
    table: dict[str, Any] = site.http.get(f"/api/tables/{table_id}").json()
    assert table["status"] == "finished"
    return table


def test_a_rated_game_changes_both_ratings_as_the_model_says(site: Site) -> None:
    ann, bob = _guest(site, "Ann"), _guest(site, "Bob")
    table = _second_player_wins(site, _nim(site, ann, bob, rated=True), ann, bob)
    loser, winner = rate([Skill.new(), Skill.new()], [2, 1])
    assert table["rated"] is True
    assert table["rating_changes"] == [
        {"seat": 0, "before": 1000, "after": loser.shown, "change": loser.shown - 1000},
        {"seat": 1, "before": 1000, "after": winner.shown, "change": winner.shown - 1000},
    ]
    profile = site.http.get(f"/api/players/{bob.name}").json()
    [nim] = profile["games"]
    assert (nim["game"], nim["played"], nim["rated"]) == ("nim", 1, 1)
    assert (nim["rating"]["mu"], nim["rating"]["sigma"], nim["rating"]["shown"]) == (
        winner.mu,
        winner.sigma,
        winner.shown,
    )
    games = site.http.get(f"/api/players/{ann.name.upper()}/games").json()
    [played] = games["games"]
    assert (played["result"], played["rank"], played["rated"], played["replay"]) == (
        "lost",
        2,
        True,
        f"/t/{table['id']}/replay",
    )
    assert played["opponents"] == [
        {"name": bob.name, "url": f"/players/{bob.name.replace(' ', '%20')}", "bot": None}
    ]
    assert played["rating"]["change"] == loser.shown - 1000 and games["next_page"] is None


def test_a_friendly_game_is_the_default_and_changes_no_rating(site: Site) -> None:
    ann, bob = _guest(site, "Ann"), _guest(site, "Bob")
    body = {"game": "nim", "seats": [{"kind": "me"}, {"kind": "open"}], "options": QUICK_NIM}
    table_id = site.http.post("/api/tables", json=body, headers=ann.headers).json()["id"]
    site.http.post(f"/api/tables/{table_id}/join", json={}, headers=bob.headers)
    table = _second_player_wins(site, table_id, ann, bob)
    assert (table["rated"], table["rating_changes"]) == (False, [])
    [nim] = site.http.get(f"/api/players/{bob.name}").json()["games"]
    assert (nim["played"], nim["rated"], nim["rating"]) == (1, 0, None)


def test_a_rated_table_with_an_uncalibrated_bot_is_refused_and_nothing_is_stored(site: Site) -> None:
    ann = _guest(site, "Ann")
    before = len(site.store.tables_of(ann.id, ["waiting", "playing"]))
    body = {"game": "nim", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}], "rated": True}
    refused = site.http.post("/api/tables", json=body, headers=ann.headers)
    assert refused.status_code == 400
    assert "has no rating at Nim yet: play it at a friendly table" in refused.json()["error"]["message"]
    assert len(site.store.tables_of(ann.id, ["waiting", "playing"])) == before


def test_the_game_over_box_and_the_profile_page_show_the_rating(site: Site) -> None:
    ann, bob = _guest(site, "Ann"), _guest(site, "Bob")
    table = _second_player_wins(site, _nim(site, ann, bob, rated=True), ann, bob)
    winner = rate([Skill.new(), Skill.new()], [2, 1])[1]
    page = site.http.get(f"/t/{table['id']}").text
    box = re.search(r'id="rating-change-1">([^<]*)<small>([^<]*)<', page)
    assert box and (box.group(1), box.group(2)) == (f"{winner.shown:,} ", f"(+{winner.shown - 1000})")
    assert f'href="/players/{bob.name.replace(" ", "%20")}"' in page
    profile = site.http.get(f"/players/{bob.name}")
    assert profile.status_code == 200
    assert '<svg class="rating-chart"' in profile.text and "won" in profile.text
    assert f"/t/{table['id']}/replay" in profile.text
    assert site.http.get("/players/nobody-at-all-here").status_code == 404
    for junk in ("%00", "x" * 5000):
        assert site.http.get(f"/api/players/{junk}").status_code == 404


def test_the_leaderboard_lists_people_with_enough_rated_games(site: Site) -> None:
    ann, bob = _guest(site, "Ann"), _guest(site, "Bob")
    for _ in range(MIN_LEADERBOARD_GAMES):
        _second_player_wins(site, _nim(site, ann, bob, rated=True), ann, bob)
    board = site.http.get("/api/games/nim/leaderboard").json()
    names = [entry["name"] for entry in board["players"]]
    assert board["min_games"] == MIN_LEADERBOARD_GAMES
    assert names.index(bob.name) < names.index(ann.name)
    ratings = [entry["rating"] for entry in board["players"]]
    assert ratings == sorted(ratings, reverse=True)
    page = site.http.get("/games/nim/leaderboard").text
    assert bob.name in page and ann.name in page
    assert site.http.get("/api/games/no-such-game/leaderboard").status_code == 400  # as /games/{id}/new


def test_games_are_paged_newest_first(site: Site) -> None:
    ann, bob = _guest(site, "Ann"), _guest(site, "Bob")
    tables = [_second_player_wins(site, _nim(site, ann, bob, rated=False), ann, bob)["id"] for _ in range(21)]
    first = site.http.get(f"/api/players/{ann.name}/games").json()
    second = site.http.get(f"/api/players/{ann.name}/games", params={"page": 2}).json()
    assert (len(first["games"]), first["next_page"], len(second["games"]), second["next_page"]) == (
        20,
        2,
        1,
        None,
    )
    listed = [game["table"] for game in first["games"] + second["games"]]
    assert sorted(listed) == sorted(tables)
    assert site.http.get(f"/api/players/{ann.name}/games", params={"page": 0}).status_code == 400
    assert site.http.get(f"/api/players/{ann.name}/games", params={"game": "kalah"}).json()["games"] == []


def test_history_shows_the_visitors_own_games_filtered_by_game(site: Site) -> None:
    with httpx.Client(base_url=site.base_url) as browser:
        me = browser.post("/api/guests", json={"name": f"Hal {uuid.uuid4().hex[:6]}"}).json()
        hal = Guest(me["id"], me["name"], {"Authorization": f"Bearer {me['token']}"})
        bob = _guest(site, "Bob")
        table = _second_player_wins(site, _nim(site, hal, bob, rated=True), hal, bob)
        history = browser.get("/history")
        assert table["id"] in history.text and bob.name in history.text
        assert table["id"] not in browser.get("/history", params={"game": "goofspiel"}).text


def test_registering_keeps_the_games_and_sets_a_unique_display_name(site: Site) -> None:
    taken = _guest(site, "Taken")
    with httpx.Client(base_url=site.base_url) as browser:
        me = browser.post("/api/guests", json={}).json()
        guest = Guest(me["id"], me["name"], {"Authorization": f"Bearer {me['token']}"})
        bob = _guest(site, "Bob")
        _second_player_wins(site, _nim(site, guest, bob, rated=True), guest, bob)
        username = f"reg{uuid.uuid4().hex[:8]}"
        refused = browser.post(
            "/api/register",
            json={"username": username, "password": "long enough", "name": taken.name.lower()},
        )
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "name_taken"
        assert site.store.player(guest.id).username is None  # type: ignore[union-attr]
        chosen = f"Ada {uuid.uuid4().hex[:6]}"
        account = browser.post(
            "/api/register", json={"username": username, "password": "long enough", "name": chosen}
        ).json()
        assert (account["id"], account["name"]) == (guest.id, chosen)
    profile = site.http.get(f"/api/players/{chosen}").json()
    assert profile["registered"] is True and profile["games"][0]["rated"] == 1
    assert site.http.get(f"/api/players/{guest.name}").status_code == 404


def test_the_new_routes_are_in_the_openapi_schema(site: Site) -> None:
    paths = site.http.get("/openapi.json").json()["paths"]
    assert {"/api/players/{name}", "/api/players/{name}/games", "/api/games/{game_id}/leaderboard"} <= set(
        paths
    )


def test_a_calibrated_bot_is_offered_with_its_rating_and_may_sit_at_a_rated_table(site: Site) -> None:
    site.store.set_bot_ratings({("nim", "mcts:1"): (22.0, 3.0)})
    shown = Skill(22.0, 3.0).shown
    form = site.http.get("/games/nim/new").text
    assert f"MCTS bot, level 1 ≈ {shown:,}" in form and "MCTS bot, level 2 ≈" not in form
    assert f"≈ {shown:,}" in site.http.get("/bots/mcts:1").text
    assert (
        f'<a href="/bots/mcts:1">MCTS bot, level 1</a> ≈ {shown:,}'
        in site.http.get("/games/nim/leaderboard").text
    )
    assert site.http.get("/bots/mcts:4").status_code == 404
    ann = _guest(site, "Ann")
    body = {
        "game": "nim",
        "seats": [{"kind": "me"}, {"kind": "bot", "bot": "mcts", "level": 1}],
        "rated": True,
    }
    created = site.http.post("/api/tables", json=body, headers=ann.headers)
    assert created.status_code == 201 and created.json()["rated"] is True


def test_renaming_to_a_name_someone_shows_is_refused(site: Site) -> None:
    taken = _guest(site, "Zed")
    with httpx.Client(base_url=site.base_url) as browser:
        mine = browser.post("/name", data={"csrf": _csrf(browser), "name": f"Yan {uuid.uuid4().hex[:6]}"})
        assert mine.status_code == 303
        refused = browser.post("/name", data={"csrf": _csrf(browser), "name": taken.name.upper()})
        assert refused.status_code == 409 and "is taken" in refused.text
        assert taken.name not in browser.get("/").text


def test_the_header_links_to_ones_profile_and_history_and_the_lobby_to_leaderboards(site: Site) -> None:
    with httpx.Client(base_url=site.base_url) as browser:
        name = f"Lou {uuid.uuid4().hex[:6]}"
        browser.post("/api/guests", json={"name": name})
        lobby = browser.get("/").text
        assert f'href="/players/{name.replace(" ", "%20")}" id="tt-me">{name}' in lobby
        assert 'href="/history"' in lobby and 'href="/games/nim/leaderboard"' in lobby
        assert 'href="/games/guess/rules"' in lobby and 'href="/games/guess/leaderboard"' not in lobby  # solo


def test_the_registration_form_sets_the_display_name_or_says_it_is_taken(site: Site) -> None:
    taken = _guest(site, "Kim")
    with httpx.Client(base_url=site.base_url) as browser:
        browser.post("/api/guests", json={})
        username = f"form{uuid.uuid4().hex[:8]}"
        form = {"username": username, "password": "long enough", "name": taken.name}
        refused = browser.post("/register", data={"csrf": _csrf(browser), **form})
        assert refused.status_code == 400 and "is taken; choose another" in refused.text
        chosen = f"Kit {uuid.uuid4().hex[:6]}"
        done = browser.post("/register", data={"csrf": _csrf(browser), **form, "name": chosen})
        assert done.status_code == 303
        assert f'id="tt-me">{chosen}<' in browser.get("/").text
