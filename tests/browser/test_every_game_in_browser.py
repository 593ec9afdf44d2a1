"""Every registered game, played to the end in Chromium by a person who only clicks.

One test per id of `tabletop.games.ids()`, so a game registered later is covered without
touching this file. The person creates a table on the "new table" form, takes seat 0 and
gives the other seat(s) to MCTS bots at level 1 (two seats in all, or the game's minimum
when it needs more; Crazy Farmers is played once more with four seats). On their turn they
click one of the board elements table.js marks `clickable`, or one of the action buttons it
offers, chosen by a seeded `random.Random`, until the move is sent; undo buttons only now
and then. The same position always gets the same clicks, but the server draws each table's
seed, so the games differ from run to run.
At the end the game-over panel must agree with the result the server stored and with the
engine replaying the public move log from the revealed seed.

Screenshots for people to look at: test-artifacts/<game>-final.png (the final position,
1000 px wide) and <game>-phone.png (a mid-game position, 360 px wide).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize
from table_driver import Person, create_table, play_one_move, seq, settle, wait_for_turn

from tabletop import bots, games
from tabletop.engine import Game, People, State

pytestmark = pytest.mark.browser

BOT_LEVEL = 1
PERSON_SEAT = 0
PHONE_VIEWPORT: ViewportSize = {"width": 360, "height": 780}
PHONE_SHOT_SEQ = 20
"""The phone screenshot is taken on the person's first turn at or after this many moves;
a game that ends sooner gets it from the replay of its middle move instead."""


def _player_count(game: Game) -> int:
    return min(max(game.min_players, 2), game.max_players)


def _save_phone_screenshot(page: Page, path: Path) -> None:
    desktop = page.viewport_size
    assert desktop is not None
    page.set_viewport_size(PHONE_VIEWPORT)
    settle(page)
    page.screenshot(path=path, full_page=True)
    page.set_viewport_size(desktop)


def _play_to_the_end(page: Page, game: Game, players: int, phone_shot: Path) -> int:
    """Plays the person's turns until the game is over; returns how many moves they sent."""
    person = Person(random.Random(game.id))
    sent = 0
    while wait_for_turn(page):
        if not phone_shot.exists() and seq(page) >= PHONE_SHOT_SEQ:
            _save_phone_screenshot(page, phone_shot)
        play_one_move(page, person)
        sent += 1
        assert sent <= game.max_length(players), "more moves than the game's declared bound"
    return sent


def _opponent(game_id: str) -> tuple[str, str]:
    """The bot the person plays: the game's solver if it has one, else MCTS at `BOT_LEVEL`.

    Returns the "new table" form's seat choice and the name the page shows for it.
    """
    default_table = games.load(game_id).resolve_options({})
    name = next(bot for bot in bots.names(game_id, default_table) if bot != "random")
    if bots.has_levels(name):
        return f"bot:{name}:{BOT_LEVEL}", f"{name.upper()} bot, level {BOT_LEVEL}"
    return f"bot:{name}:1", f"{name.capitalize()} bot"


def _panel_rows(page: Page, bot_name: str) -> list[tuple[int, bool, str]]:
    """The game-over table as (rank, is it me, score as shown), after checking the names."""
    page.wait_for_selector("#tt-game-over")
    cells = page.eval_on_selector_all(
        "#tt-game-over tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent.trim()))"
    )
    rows = [row[:3] for row in cells]  # rank, player, score (then the rating change, if rated)
    for _, name, _ in rows:
        assert name.endswith("(you)") or name.startswith(bot_name), name  # then its colour, if any
    return [(int(rank), name.endswith("(you)"), score) for rank, name, score in rows]


def _replayed_state(game: Game, table: dict[str, Any], moves: list[dict[str, Any]]) -> State:
    """The engine's own end of the logged moves from the table's seed."""
    played = [(move["seat"], move["action"]) for move in moves]
    return game.replay(table["players"], table["options"], table["seed"], played)


def _check_the_result(page: Page, base_url: str, game: Game, moves_sent: int, bot_name: str) -> None:
    table_id = page.url.rsplit("/", 1)[-1]
    table = page.request.get(f"{base_url}/api/tables/{table_id}").json()
    moves = page.request.get(f"{base_url}/api/tables/{table_id}/moves").json()["moves"]
    result = table["result"]
    assert table["status"] == "finished"
    state = _replayed_state(game, table, moves)
    outcome = state.outcome()
    assert outcome is not None, "the logged moves do not finish the game"
    assert (result["scores"], result["ranks"]) == (list(outcome.scores), list(outcome.ranks))
    names = [seat["name"] or bot_name for seat in table["seats"]]
    assert result["reason"] == People(tuple(names)).resolve(outcome.reason)
    assert sum(move["seat"] == PERSON_SEAT for move in moves) == moves_sent
    assert page.locator("#tt-log li").count() == len(moves) == seq(page)
    person = People.of_view(state.view(PERSON_SEAT), names, PERSON_SEAT)
    assert page.inner_text("#tt-game-over p") == person.resolve(outcome.reason)
    expected = [
        (rank, seat == PERSON_SEAT, f"{score:g}")
        for seat, (rank, score) in enumerate(zip(result["ranks"], result["scores"], strict=True))
    ]
    assert sorted(_panel_rows(page, bot_name)) == sorted(expected)


def _save_middle_of_replay(page: Page, phone_shot: Path) -> None:
    """For a game too short for PHONE_SHOT_SEQ: the phone screenshot of its middle move."""
    page.goto(f"{page.url}/replay?move={seq(page) // 2}")
    _save_phone_screenshot(page, phone_shot)


def _play_a_table(
    page: Page, base_url: str, artifacts: Path, game_id: str, *, players: int, shots: str
) -> None:
    """The person at seat 0 and bots in the other seats, to the end; screenshots named `shots`-…"""
    game = games.load(game_id)
    phone_shot = artifacts / f"{shots}-phone.png"
    phone_shot.unlink(missing_ok=True)
    bot_seat, bot_name = _opponent(game_id)
    create_table(page, base_url, game_id, players, ["me"] + [bot_seat] * (players - 1))
    moves_sent = _play_to_the_end(page, game, players, phone_shot)
    _check_the_result(page, base_url, game, moves_sent, bot_name)
    settle(page)
    page.screenshot(path=artifacts / f"{shots}-final.png", full_page=True)
    if not phone_shot.exists():
        _save_middle_of_replay(page, phone_shot)


@pytest.mark.parametrize("game_id", games.ids())
def test_a_person_plays_the_game_to_the_end_against_a_bot_by_clicking(
    game_id: str, page: Page, base_url: str, artifacts: Path
) -> None:
    players = _player_count(games.load(game_id))
    _play_a_table(page, base_url, artifacts, game_id, players=players, shots=game_id)


FULL_TABLES = [("crazyfarmers", 4), ("iwari", 5), ("numberdrop", 6), ("rolltothetop", 6)]
"""Games whose full table differs from the two seats above: the person and bots in every other seat
(in Number Drop and Roll to the Top five bots write at the same time as the person)."""


@pytest.mark.parametrize(("game_id", "players"), FULL_TABLES, ids=[f"{g}-{n}p" for g, n in FULL_TABLES])
def test_a_full_table_is_played_to_the_end(
    game_id: str, players: int, page: Page, base_url: str, artifacts: Path
) -> None:
    _play_a_table(page, base_url, artifacts, game_id, players=players, shots=f"{game_id}-{players}p")
