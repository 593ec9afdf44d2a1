"""The HTML pages against a real server, as a browser without JavaScript sees them:
a guest on the first visit, CSRF-protected forms, registration and log-in, the lobby,
the new-table form built from the game's declarations, joining by the invite link."""

from __future__ import annotations

import hashlib
import re
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from running_site import Guest, Site
from sqlalchemy import select

from tabletop.server import rules_pages
from tabletop.server.templating import STATIC_DIRECTORY
from tabletop.store.models import Player
from toy_games import NIM


@pytest.fixture
def browser(site: Site) -> Iterator[httpx.Client]:
    """A cookie-keeping client: one visitor."""
    with httpx.Client(base_url=site.base_url) as client:
        yield client


def _csrf(page: httpx.Response) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert found, "the page has no CSRF token"
    return found.group(1)


def _players(site: Site) -> int:
    with site.store._transaction() as session:
        return len(session.scalars(select(Player)).all())


def test_looking_makes_no_player_and_acting_makes_a_guest_remembered_by_a_signed_cookie(
    browser: httpx.Client, site: Site
) -> None:
    before = _players(site)
    lobby = browser.get("/")
    assert lobby.status_code == 200 and 'id="tt-me"' not in lobby.text
    for path in ("/games/nim/new", "/register", "/login", "/games/nim/rules"):
        assert browser.get(path).status_code in (200, 404), path  # 404: the test game has no rules page
    assert _players(site) == before  # issue 11, item 8: page views insert no player rows
    renamed = browser.post("/name", data={"csrf": _csrf(lobby), "name": "Guest Ann"})
    assert renamed.status_code == 303 and _players(site) == before + 1
    name = re.search(r'id="tt-me">([^<]+)<', browser.get("/").text)
    assert name and name.group(1).startswith("Guest Ann")
    cookie = browser.cookies.get("tabletop_session")
    assert cookie is not None and "." in cookie  # signed by Starlette's itsdangerous signer
    assert name.group(1) in browser.get("/").text
    browser.cookies.set("tabletop_session", cookie[:-4] + "AAAA")
    assert name.group(1) not in browser.get("/").text  # a tampered cookie is a new visitor


def test_the_lobby_lists_every_game_with_its_players_and_description(browser: httpx.Client) -> None:
    lobby = browser.get("/").text
    assert 'id="game-nim"' in lobby and "2–3 players" in lobby
    assert "Take stones from one heap" in lobby and 'href="/games/goofspiel/new"' in lobby


def test_a_form_without_the_sessions_token_is_refused(browser: httpx.Client, site: Site) -> None:
    browser.get("/")
    tables_before = len(site.store.tables(["waiting", "playing", "finished"], None))
    answer = browser.post("/games/nim/new", data={"csrf": "forged", "players": "2", "seat-0": "me"})
    assert answer.status_code == 403 and "expired" in answer.text
    assert len(site.store.tables(["waiting", "playing", "finished"], None)) == tables_before


def test_every_page_masks_the_token_afresh_and_each_mask_works_only_for_its_session(
    browser: httpx.Client, site: Site
) -> None:
    def rename(client: httpx.Client, token: str) -> int:
        name = f"Masked {uuid.uuid4().hex[:8]}"
        return client.post("/name", data={"csrf": token, "name": name}).status_code

    assert rename(browser, _csrf(browser.get("/"))) == 303
    first, second = _csrf(browser.get("/")), _csrf(browser.get("/"))
    assert first != second  # compressed pages never repeat the token's bytes (BREACH)
    assert rename(browser, second) == 303 and rename(browser, first) == 303
    with httpx.Client(base_url=site.base_url) as other:
        other.get("/")
        assert rename(other, first) == 403


def test_the_new_table_form_follows_the_games_declarations(browser: httpx.Client) -> None:
    form = browser.get("/games/nim/new").text
    assert '<option value="3-4-5" selected>' in form and 'name="option-heaps"' in form
    players = form[form.index('<select name="players"') : form.index("</select>")]
    assert re.findall(r'<option value="(\d)"', players) == ["2", "3"]  # Nim: 2–3 players
    assert 'value="bot:mcts:5"' in form and 'value="bot:random:1"' in form


def test_creating_and_joining_by_the_invite_link(browser: httpx.Client, site: Site) -> None:
    form = browser.get("/games/nim/new")
    created = browser.post(
        "/games/nim/new",
        data={"csrf": _csrf(form), "players": "2", "seat-0": "me", "seat-1": "open", "option-heaps": "2-2"},
    )
    assert created.status_code == 303
    table_url = created.headers["location"]
    table_page = browser.get(table_url).text
    assert 'data-status="waiting"' in table_page and f'value="{site.base_url}{table_url}"' in table_page
    assert 'id="tt-rules-link" href="/games/nim/rules"' in table_page
    with httpx.Client(base_url=site.base_url) as friend:
        invite = friend.get(table_url)
        assert 'id="join-seat-1"' in invite.text
        joined = friend.post(f"{table_url}/join", data={"csrf": _csrf(invite), "seat": "1"})
        assert joined.status_code == 303
        assert 'data-status="playing"' in friend.get(table_url).text
    record = site.store.table(table_url.rsplit("/", 1)[1])
    assert record is not None and record.options == {"heaps": "2-2"} and record.status == "playing"


def test_a_bad_option_shows_the_form_again_with_the_reason(browser: httpx.Client) -> None:
    form = browser.get("/games/nim/new")
    answer = browser.post(
        "/games/nim/new", data={"csrf": _csrf(form), "players": "2", "seat-0": "me", "option-heaps": "7-7"}
    )
    assert answer.status_code == 400 and "option &#39;heaps&#39; must be one of" in answer.text


def test_register_log_out_and_log_in(browser: httpx.Client, site: Site) -> None:
    browser.post("/name", data={"csrf": _csrf(browser.get("/")), "name": "Guest Bea"})
    page = browser.get("/register")
    guest_name = re.search(r'id="tt-me">([^<]+)<', page.text).group(1)  # type: ignore[union-attr]
    username = f"user{site.store.create_guest('x').id}"
    registered = browser.post(
        "/register", data={"csrf": _csrf(page), "username": username, "password": "long enough"}
    )
    assert registered.status_code == 303 and "(guest)" not in browser.get("/").text
    logged_out = browser.post("/logout", data={"csrf": _csrf(browser.get("/"))})
    assert logged_out.status_code == 303 and 'id="tt-me"' not in browser.get("/").text
    login = browser.get("/login")
    wrong = browser.post("/login", data={"csrf": _csrf(login), "username": username, "password": "not it"})
    assert wrong.status_code == 401 and "wrong password" in wrong.text
    right = browser.post(
        "/login", data={"csrf": _csrf(browser.get("/login")), "username": username, "password": "long enough"}
    )
    assert right.status_code == 303 and guest_name.strip() in browser.get("/").text


def test_an_unknown_table_is_a_404_page(browser: httpx.Client) -> None:
    answer = browser.get("/t/nosuchtable")
    assert answer.status_code == 404 and "no table" in answer.text


def test_a_rules_page_is_served_as_html(
    browser: httpx.Client, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "nim.md").write_text("# Nim\n\n**R1** Take one or more <b>counters</b> from one heap.\n")
    monkeypatch.setattr(rules_pages, "RULES_DIRS", (tmp_path,))
    rules_pages.rules_html.cache_clear()
    rules = browser.get("/games/nim/rules")
    assert rules.status_code == 200 and "<h1>Nim</h1>" in rules.text
    assert "<strong>R1</strong> Take one or more &lt;b&gt;counters&lt;/b&gt;" in rules.text  # no raw HTML
    missing = browser.get("/games/goofspiel/rules")
    assert missing.status_code == 404 and "has no rules page" in missing.text
    assert browser.get("/games/no-such-game/rules").status_code == 400
    rules_pages.rules_html.cache_clear()


def test_the_lobby_puts_your_tables_first_and_finished_ones_with_their_winner(site: Site) -> None:
    with httpx.Client(base_url=site.base_url) as ann:
        ann.post("/api/guests", json={"name": "Ann"})
        bob = site.guest("Bob")
        body = {"game": "nim", "seats": [{"kind": "me"}, {"kind": "open"}], "options": {"heaps": "1-2"}}
        waiting_id = ann.post("/api/tables", json=body).json()["id"]
        playing_id = ann.post("/api/tables", json=body).json()["id"]
        site.http.post(f"/api/tables/{playing_id}/join", json={}, headers=bob.headers)
        mine = ann.get("/").text.split('id="tt-my-tables"')[1].split("</section>")[0]
        assert mine.index(playing_id) < mine.index(waiting_id) and "your turn" in mine
        ann.post(f"/api/tables/{playing_id}/moves", json={"action": "2:2", "seq": 0})
        site.http.post(
            f"/api/tables/{playing_id}/moves", json={"action": "1:1", "seq": 1}, headers=bob.headers
        )
        lobby = ann.get("/").text
    finished = lobby.split("Recently finished")[1]
    assert f"/t/{playing_id}/replay" in finished and "Bob wins" in finished
    assert playing_id not in lobby.split('id="tt-my-tables"')[1].split("</section>")[0]


def test_the_lobby_shows_each_games_start_drawn_by_the_game_itself_cached_by_its_hash(
    browser: httpx.Client,
) -> None:
    """Issue 14, item 6: a picture of each game, its start position from its drawing code."""
    lobby = browser.get("/").text
    found = re.search(r'<img class="picture" src="(/games/nim/picture\.svg\?v=([0-9a-f]{10}))"', lobby)
    assert found, "the Nim card has no picture"
    picture = browser.get(found.group(1))
    expected = NIM.draw_svg(NIM.new_state(players=2, seed=0).view(None))
    assert picture.status_code == 200 and picture.headers["content-type"].startswith("image/svg+xml")
    assert picture.text == expected and "immutable" in picture.headers["cache-control"]
    unversioned = browser.get("/games/nim/picture.svg")
    assert unversioned.text == expected and unversioned.headers["cache-control"] == "no-cache"
    again = browser.get("/games/nim/picture.svg", headers={"If-None-Match": unversioned.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    assert browser.get("/games/chess/picture.svg").status_code == 400  # as /games/chess/new: no such game


def _table_of(site: Site, game: str, players: int) -> str:
    owner = site.guest("Filter")
    seats = [{"kind": "me"}] + [{"kind": "open"}] * (players - 1)
    answer = site.http.post("/api/tables", json={"game": game, "seats": seats}, headers=owner.headers)
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


def test_the_lobby_filters_games_and_tables_by_game_and_player_count(
    browser: httpx.Client, site: Site
) -> None:
    """Issue 14, item 6: a plain GET form, so the filters work without scripts."""
    nim_for_three, nim_for_two, goofspiel = (
        _table_of(site, "nim", 3),
        _table_of(site, "nim", 2),
        _table_of(site, "goofspiel", 2),
    )
    everything = browser.get("/").text
    assert 'id="tt-filters"' in everything and all(
        f"/t/{table}" in everything for table in (nim_for_three, goofspiel)
    )
    nim = browser.get("/", params={"game": "nim"}).text
    assert f"/t/{nim_for_three}" in nim and f"/t/{nim_for_two}" in nim and f"/t/{goofspiel}" not in nim
    assert 'id="game-nim"' in nim and 'id="game-goofspiel"' not in nim
    assert '<option value="nim" selected>' in nim and 'id="tt-clear-filters"' in nim
    three = browser.get("/", params={"players": "3"}).text
    assert f"/t/{nim_for_three}" in three and f"/t/{nim_for_two}" not in three
    assert 'id="game-nim"' in three and 'id="game-secret"' not in three  # Secret is for 2
    for bad in ({"game": "chess"}, {"players": "many"}, {"players": "0"}):
        refused = browser.get("/", params=bad)
        assert refused.status_code == 400, bad
    assert 'id="tt-clear-filters"' not in browser.get("/", params={"game": "", "players": ""}).text


def test_pages_styles_scripts_and_drawings_are_compressed(browser: httpx.Client) -> None:
    """Issue 14, item 9: gzip for HTML, CSS, JS and SVG when the browser accepts it."""
    lobby = browser.get("/", headers={"Accept-Encoding": "gzip"})
    assert lobby.headers["content-encoding"] == "gzip" and "Play a game" in lobby.text
    urls = re.findall(r'(?:href|src)="(/static/[^"]+|/games/nim/picture[^"]+)"', lobby.text)
    assert any(url.endswith(".css") for url in urls) and any("picture" in url for url in urls)
    for url in urls:
        answer = browser.get(url, headers={"Accept-Encoding": "gzip"})
        if len(answer.content) >= 500:
            assert answer.headers.get("content-encoding") == "gzip", url
    plain = browser.get("/", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers


def test_static_files_have_fingerprinted_urls_kept_for_a_year(browser: httpx.Client) -> None:
    """Issue 14, item 9: a content hash in each static URL; those URLs are immutable."""
    lobby = browser.get("/").text
    css = re.search(r'href="(/static/site\.([0-9a-f]{10})\.css)"', lobby)
    assert css, "the stylesheet's URL carries no fingerprint"
    stylesheet = (STATIC_DIRECTORY / "site.css").read_bytes()
    assert css.group(2) == hashlib.sha256(stylesheet).hexdigest()[:10]
    fingerprinted = browser.get(css.group(1))
    assert fingerprinted.content == stylesheet
    assert fingerprinted.headers["cache-control"] == "public, max-age=31536000, immutable"
    for stale in ("/static/site.css", "/static/site.0123456789.css"):
        answer = browser.get(stale)
        assert answer.content == stylesheet and answer.headers["cache-control"] == "no-cache", stale
    assert browser.get("/static/nothing.0123456789.css").status_code == 404
    assert re.search(r'src="/static/table\.[0-9a-f]{10}\.js"', browser.get(f"/t/{_some_table(browser)}").text)


def _some_table(browser: httpx.Client) -> str:
    form = browser.get("/games/nim/new")
    created = browser.post("/games/nim/new", data={"csrf": _csrf(form), "players": "2", "seat-0": "me"})
    return str(created.headers["location"]).rsplit("/", 1)[1]


def test_a_replay_step_shows_each_player_their_own_hidden_card_and_a_spectator_none(site: Site) -> None:
    """Issue 14, item 7: what the live table's log and the replay page fetch, asked by each
    viewer during the game: a player sees their own card in that position, never the other's."""
    ann, bob = site.guest("Ann"), site.guest("Bob")
    body = {"game": "secret", "seats": [{"kind": "me"}, {"kind": "open"}]}
    table_id = site.http.post("/api/tables", json=body, headers=ann.headers).json()["id"]
    site.http.post(f"/api/tables/{table_id}/join", json={}, headers=bob.headers)
    site.http.post(f"/api/tables/{table_id}/moves", json={"action": "high", "seq": 0}, headers=ann.headers)
    live_cards = [
        site.http.get(f"/api/tables/{table_id}/view", headers=who.headers).json() for who in (ann, bob)
    ]
    cards = [view["view"]["my_card"] for view in live_cards]
    steps = {
        name: site.http.get(f"/t/{table_id}/replay/0", headers=headers).json()
        for name, headers in (("ann", ann.headers), ("bob", bob.headers), ("spectator", {}))
    }
    assert f">{cards[0]}</text>" in steps["ann"]["html"] and steps["ann"]["seat"] == 0
    assert f">{cards[1]}</text>" in steps["bob"]["html"] and steps["bob"]["seat"] == 1
    assert ">?</text>" in steps["spectator"]["html"] and steps["spectator"]["seat"] is None
    if cards[0] != cards[1]:  # the server deals from its own seed: equal cards one time in nine
        assert f">{cards[1]}</text>" not in steps["ann"]["html"]
        assert f">{cards[0]}</text>" not in steps["bob"]["html"]
    assert all(
        step["actions"] == [] and step["seq"] == 0 and step["total_moves"] == 1 for step in steps.values()
    )


# Play from here (issue 16): the replay's link, the form fixed to the origin, the new table


def _nim(site: Site, moves: list[str], options: str = "3-4-5") -> str:
    """A Nim table of two guests with `moves` played, alternately from the first seat."""
    guests: list[Guest] = [site.guest("Ann"), site.guest("Bob")]
    body = {"game": "nim", "seats": [{"kind": "me"}, {"kind": "open"}], "options": {"heaps": options}}
    table_id = str(site.http.post("/api/tables", json=body, headers=guests[0].headers).json()["id"])
    site.http.post(f"/api/tables/{table_id}/join", json={}, headers=guests[1].headers)
    for seq, action in enumerate(moves):
        move = {"action": action, "seq": seq}
        site.http.post(f"/api/tables/{table_id}/moves", json=move, headers=guests[seq % 2].headers)
    return table_id


def test_a_finished_replay_offers_play_from_here_and_the_form_keeps_the_origin(
    site: Site, browser: httpx.Client
) -> None:
    origin = _nim(site, ["1:3", "2:4", "3:5"], options="3-4-5")
    replay = browser.get(f"/t/{origin}/replay?move=1")
    assert f'href="/t/{origin}/play-from/1"' in replay.text
    assert 'data-over-at="3">' in replay.text  # shown at move 1, hidden where the game ends
    assert 'data-over-at="3" hidden>' in browser.get(f"/t/{origin}/replay").text
    form = browser.get(f"/t/{origin}/play-from/1")
    assert form.status_code == 200
    assert (
        'name="from-table" value="' + origin + '"' in form.text and 'name="from-move" value="1"' in form.text
    )
    assert 'name="option-heaps" value="3-4-5"' in form.text
    assert "Tables started from a position are unrated" in form.text and 'name="rated"' not in form.text
    assert re.findall(r'<option value="(\d+)"', form.text) == ["2"]
    fields = {"csrf": _csrf(form), "from-table": origin, "from-move": "1", "players": "2"}
    fields |= {"option-heaps": "3-4-5", "seat-0": "open", "seat-1": "me", "clock": "none"}
    created = browser.post("/games/nim/new", data=fields)
    assert created.status_code == 303
    table_id = created.headers["location"].removeprefix("/t/")
    stored = site.store.table(table_id)
    assert stored is not None and stored.origin is not None and stored.origin.move == 1
    page = browser.get(f"/t/{table_id}")
    assert f'href="/t/{origin}/replay?move=1">move 1 of another table</a> and is unrated' in page.text


def test_a_game_of_others_under_way_offers_nothing_and_refuses_the_form(
    site: Site, browser: httpx.Client
) -> None:
    under_way = _nim(site, ["1:3"])
    assert "tt-play-from-here" not in browser.get(f"/t/{under_way}/replay").text
    refused = browser.get(f"/t/{under_way}/play-from/1")
    assert refused.status_code == 403 and "only a finished table" in refused.text


def test_the_form_refuses_the_end_of_a_game(site: Site, browser: httpx.Client) -> None:
    finished = _nim(site, ["1:3", "2:4", "3:5"])
    refused = browser.get(f"/t/{finished}/play-from/3")
    assert refused.status_code == 409 and "the game is over here" in refused.text
