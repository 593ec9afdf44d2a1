"""Play from here on the pages, as a browser without JavaScript sees them: the replay's link,
the new-table form fixed to the origin, the new table naming where it came from."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from running_site import Guest, Site


@pytest.fixture
def visitor(site: Site) -> Iterator[httpx.Client]:
    """A cookie-keeping client: one visitor."""
    with httpx.Client(base_url=site.base_url) as client:
        yield client


def _csrf(page: httpx.Response) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert found, "the page has no CSRF token"
    return found.group(1)


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
    site: Site, visitor: httpx.Client
) -> None:
    origin = _nim(site, ["1:3", "2:4", "3:5"], options="3-4-5")
    replay = visitor.get(f"/t/{origin}/replay?move=1")
    assert f'href="/t/{origin}/play-from/1"' in replay.text
    assert 'data-over-at="3">' in replay.text  # shown at move 1, hidden where the game ends
    assert 'data-over-at="3" hidden>' in visitor.get(f"/t/{origin}/replay").text
    form = visitor.get(f"/t/{origin}/play-from/1")
    assert form.status_code == 200
    assert (
        'name="from-table" value="' + origin + '"' in form.text and 'name="from-move" value="1"' in form.text
    )
    assert 'name="option-heaps" value="3-4-5"' in form.text
    assert "Tables started from a position are unrated" in form.text and 'name="rated"' not in form.text
    assert re.findall(r'<option value="(\d+)"', form.text) == ["2"]
    fields = {"csrf": _csrf(form), "from-table": origin, "from-move": "1", "players": "2"}
    fields |= {"option-heaps": "3-4-5", "seat-0": "open", "seat-1": "me", "clock": "none"}
    created = visitor.post("/games/nim/new", data=fields)
    assert created.status_code == 303
    table_id = created.headers["location"].removeprefix("/t/")
    stored = site.store.table(table_id)
    assert stored is not None and stored.origin is not None and stored.origin.move == 1
    page = visitor.get(f"/t/{table_id}")
    assert f'href="/t/{origin}/replay?move=1">move 1 of another table</a> and is unrated' in page.text


def test_a_game_of_others_under_way_offers_nothing_and_refuses_the_form(
    site: Site, visitor: httpx.Client
) -> None:
    under_way = _nim(site, ["1:3"])
    assert "tt-play-from-here" not in visitor.get(f"/t/{under_way}/replay").text
    refused = visitor.get(f"/t/{under_way}/play-from/1")
    assert refused.status_code == 403 and "only a finished table" in refused.text


def test_the_form_refuses_the_end_of_a_game(site: Site, visitor: httpx.Client) -> None:
    finished = _nim(site, ["1:3", "2:4", "3:5"])
    refused = visitor.get(f"/t/{finished}/play-from/3")
    assert refused.status_code == 409 and "the game is over here" in refused.text
