"""The analysis on the replay page, against a real server as a browser without JavaScript sees it:
Analyse, the progress, the chart with a title per point, the marked moves and the analyst's move."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import httpx
import pytest
from running_site import Site

from tabletop import games
from tabletop.engine import Outcome
from tabletop.games.yatzy import YatzyState
from tabletop.games.yatzy.rules import VARIANTS
from tabletop.store import NewTable, SeatSpec, TableOrigin

DEADLINE_S = 240.0
"""Long enough for a loaded machine to compute an exact solver's table on first use."""


@pytest.fixture
def browser(site: Site) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=site.base_url) as client:
        yield client


def _thrown_away_nim(site: Site) -> str:
    """A finished Nim table (heaps 1 and 2): Ann takes the whole second heap, Bob takes the last stone."""
    ann, bob = site.store.create_guest("Ann"), site.store.create_guest("Bob")
    seats = (SeatSpec(player_id=ann.id), SeatSpec(player_id=bob.id))
    table = site.store.create_table(NewTable("nim", {"heaps": "1-2"}, 0, seats))
    site.store.append_move(table.id, 1, 0, "2:2")
    site.store.append_move(table.id, 2, 1, "1:1", Outcome((0.0, 1.0), (2, 1), "Bob took the last stone"))
    return table.id


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found, "the page has no CSRF token"
    return found.group(1)


def _analysed(browser: httpx.Client, table_id: str, move: int) -> str:
    """The analysis block once the job has finished (it is polled as the page's script does)."""
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        block = browser.get(f"/t/{table_id}/analysis", params={"move": move}).text
        if 'data-running="false"' in block and "tt-analysis-log" in block:
            return block
        time.sleep(0.2)
    raise AssertionError("the analysis did not finish")


def test_a_finished_table_is_analysed_from_its_replay(browser: httpx.Client, site: Site) -> None:
    table_id = _thrown_away_nim(site)
    replay = browser.get(f"/t/{table_id}/replay", params={"move": 0})
    assert replay.status_code == 200 and 'id="tt-analyse"' in replay.text
    asked = browser.post(f"/t/{table_id}/analyse", data={"csrf": _csrf(replay.text), "move": "0"})
    assert asked.status_code == 303 and asked.headers["location"] == f"/t/{table_id}/replay?move=0"
    block = _analysed(browser, table_id, 0)
    assert block.count("<circle") == 3 and "<title>Start: 100% for Ann (Red)</title>" in block
    assert "<title>After move 1: 0% for Ann (Red)</title>" in block and 'class="point blunder"' in block
    assert re.search(r'data-seq="1".*take 2 from heap 2.*\?\?', block)
    assert 'The analyst\'s move: <strong id="tt-analysis-best">take 1 from heap 2</strong>' in block
    assert "<figcaption>After take 1 from heap 2</figcaption>" in block
    assert 'id="tt-analyse"' not in block  # nothing left to analyse
    reloaded = browser.get(f"/t/{table_id}/replay", params={"move": 1}).text
    assert "Move 2: Bob (Blue) played <strong>take 1 from heap 1</strong>" in reloaded


def test_analyse_without_the_forms_token_is_refused(browser: httpx.Client, site: Site) -> None:
    table_id = _thrown_away_nim(site)
    browser.get(f"/t/{table_id}/replay")
    refused = browser.post(f"/t/{table_id}/analyse", data={"csrf": "forged"})
    assert refused.status_code == 403
    assert 'id="tt-analyse"' in browser.get(f"/t/{table_id}/analysis").text  # no job was started


def test_a_game_under_way_shows_no_analysis_to_others(browser: httpx.Client, site: Site) -> None:
    ann, bob = site.store.create_guest("Ann"), site.store.create_guest("Bob")
    seats = (SeatSpec(player_id=ann.id), SeatSpec(player_id=bob.id))
    table = site.store.create_table(NewTable("nim", {"heaps": "1-2"}, 0, seats))
    site.store.append_move(table.id, 1, 0, "2:1")
    replay = browser.get(f"/t/{table.id}/replay").text
    assert "opens once it is over" in replay and 'id="tt-analyse"' not in replay
    refused = browser.post(f"/t/{table.id}/analyse", data={"csrf": _csrf(browser.get("/").text)})
    assert refused.status_code == 403 and "only its own player" in refused.text


PLAYERS = ("Ada", "Ben", "Cid")
"""Names no other test of this module's site takes (a guest's name is unique)."""
YATZY_OPTIONS: dict[str, str] = {}
LAST_BOXES = ("chance", "yahtzee", "sixes")
"""The one box each of Ada, Ben and Cid has left on their Yahtzee card."""
LAST_ROUND = ((0, "score:chance"), (1, "score:yahtzee"), (2, "roll:"), (2, "score:sixes"))
"""Ada writes her forced Chance; Ben gives up his two rerolls for Yahtzee; Cid rerolls all, then writes."""


def _three_at_yatzy_in_the_last_round(site: Site) -> str:
    """A finished three-player Yahtzee table begun from its last round, where Ada has 6-6-6-6-5 to write."""
    yatzy = games.load("yatzy")
    boxes = VARIANTS["yahtzee"].box_ids
    sheets = [dict.fromkeys((box for box in boxes if box != last), 0) for last in LAST_BOXES]
    position = YatzyState.from_position(yatzy, dice=[6, 6, 6, 6, 5], players=3, sheets=sheets)
    start = position.start_here(seed=11).to_json()
    people = [site.store.create_guest(name) for name in PLAYERS]
    seats = tuple(SeatSpec(player_id=person.id) for person in people)
    origin = site.store.create_table(NewTable("yatzy", YATZY_OPTIONS, 10, seats))
    table = site.store.create_table(
        NewTable("yatzy", YATZY_OPTIONS, 11, seats, origin=TableOrigin(origin.id, 0, start))
    )
    final = yatzy.replay(3, YATZY_OPTIONS, 11, LAST_ROUND, start=start)
    for seq, (seat, action) in enumerate(LAST_ROUND, start=1):
        site.store.append_move(
            table.id, seq, seat, action, final.outcome() if seq == len(LAST_ROUND) else None
        )
    return table.id


def _dots(block: str) -> list[tuple[str, str]]:
    """Each dot of the value chart: its verdict class and its title."""
    return re.findall(r'<circle [^>]*class="point ([a-z]*)"[^>]*><title>([^<]*)</title>', block)


def test_a_table_of_three_gets_a_line_per_player_from_their_own_moves(
    browser: httpx.Client, site: Site
) -> None:
    table_id = _three_at_yatzy_in_the_last_round(site)
    replay = browser.get(f"/t/{table_id}/replay", params={"move": 0})
    browser.post(f"/t/{table_id}/analyse", data={"csrf": _csrf(replay.text), "move": "0"})
    block = _analysed(browser, table_id, 0)
    chart = block[block.index("<svg") : block.index("</svg>")]
    assert "<title>Expected score for each player, move by move" in chart
    assert chart.count("<polyline") == 3 and re.findall(r"<text[^>]*>(Ada|Ben|Cid)</text>", chart) == [
        "Ada",
        "Ben",
        "Cid",
    ]
    logged = dict(
        re.findall(
            r'data-seq="(\d)" data-verdict="[a-z]+" data-mark="[^"]*" title="[a-z]+: [\d.]+ → ([\d.]+)"',
            block,
        )
    )
    for seq, (seat, _) in enumerate(LAST_ROUND, start=1):  # each dot after a move: its mover's own value
        assert f"After move {seq}: {logged[str(seq)]} for {PLAYERS[seat]}" in chart
    assert _dots(chart) == [
        ("", "Start: 29.0 for Ada"),  # 6+6+6+6+5 in Chance, her one move
        ("best", "After move 1: 29.0 for Ada"),
        ("", "After move 1: 1.5 for Ben"),  # a pair of 4s and two rolls left: Yahtzee's 50 now and then
        ("blunder", "After move 2: 0.0 for Ben"),
        ("", "After move 2: 17.5 for Cid"),
        ("blunder", "After move 3: 9.2 for Cid"),  # rerolling his pair of 6s too
        ("blunder", "After move 4: 6.0 for Cid"),
    ]


def test_each_players_line_is_drawn_in_the_colour_their_game_gives_them(
    browser: httpx.Client, site: Site
) -> None:
    # Three at Nim (heaps 1 and 2), whose views name the seats Red, Blue and Green: Dan takes
    # one of the two, Eve one of the last two, and Fay the last stone.
    people = [site.store.create_guest(name) for name in ("Dan", "Eve", "Fay")]
    seats = tuple(SeatSpec(player_id=person.id) for person in people)
    table = site.store.create_table(NewTable("nim", {"heaps": "1-2"}, 0, seats))
    site.store.append_move(table.id, 1, 0, "2:1")
    site.store.append_move(table.id, 2, 1, "1:1")
    site.store.append_move(
        table.id, 3, 2, "2:1", Outcome((0.0, 0.0, 1.0), (2, 2, 1), "Fay took the last stone")
    )
    replay = browser.get(f"/t/{table.id}/replay", params={"move": 0})
    browser.post(f"/t/{table.id}/analyse", data={"csrf": _csrf(replay.text), "move": "0"})
    chart = _analysed(browser, table.id, 0)
    lines = re.findall(r'<polyline [^>]*stroke="(#[0-9a-f]{6})"', chart)
    assert lines == ["#c62828", "#1565c0", "#2e7d32"]  # red, blue, green
    legend = re.findall(r'stroke="(#[0-9a-f]{6})" stroke-width="3"[^>]*/><text[^>]*>([^<]+)</text>', chart)
    assert legend == [("#c62828", "Dan (Red)"), ("#1565c0", "Eve (Blue)"), ("#2e7d32", "Fay (Green)")]
    assert "<title>After move 3: 100% for Fay (Green)</title>" in chart  # she took the last stone
