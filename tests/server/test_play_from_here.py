"""Play from here in the table service: tables begun at a position of another table (issue 16).

A table started at move k of another records its origin and first position, replays only
its own moves from there, and comes back exactly after a restart (a new service on the
same store), for a game with hidden cards and one of simultaneous turns too. Every
refusal is checked with its error and an unchanged store.
"""

from __future__ import annotations

import json

import pytest
import server_games

from tabletop.engine import Rng
from tabletop.server import errors
from tabletop.server.bot_runner import ThreadBotRunner
from tabletop.server.hub import MemoryHub
from tabletop.server.live import LiveTable, replay_snapshot
from tabletop.server.origins import StartingPosition
from tabletop.server.service import TableRequest, TableService
from tabletop.store import SeatSpec, Store, TableOrigin

pytestmark = pytest.mark.asyncio


async def _people_table(
    service: TableService,
    store: Store,
    game_id: str,
    players: int,
    start_from: StartingPosition | None = None,
) -> LiveTable:
    """A started table of `players` new guests (the first creates it, the others join)."""
    people = [store.create_guest(f"{game_id} {seat}").id for seat in range(players)]
    seats = (SeatSpec(player_id=people[0]), *(SeatSpec() for _ in people[1:]))
    request = TableRequest(game_id, seats, {}, created_by=people[0], start_from=start_from, rated=True)
    live = await service.create_table(request)
    for person in people[1:]:
        live = await service.join(live.id, person)
    return live


async def _play_randomly(service: TableService, live: LiveTable, moves: int | None, seed: int = 3) -> None:
    """Plays seeded random legal moves: `moves` of them, or to the end when None."""
    chooser = Rng(seed)
    while not live.is_over and (moves is None or moves > 0):
        seat = chooser.choice(live.state.current_players())
        await service.play(live.id, seat, chooser.choice(live.state.legal_action_ids(seat)), live.seq)
        moves = None if moves is None else moves - 1


def _json(live: LiveTable) -> str:
    return json.dumps(live.state.to_json(), sort_keys=True)


async def _finished_table(service: TableService, store: Store, game_id: str, players: int = 2) -> LiveTable:
    live = await _people_table(service, store, game_id, players)
    await _play_randomly(service, live, None)
    return live


async def test_a_kalah_table_begins_at_the_position_and_logs_only_its_own_moves(
    service: TableService, store: Store
) -> None:
    origin = await _finished_table(service, store, "kalah")
    live = await _people_table(service, store, "kalah", 2, StartingPosition(origin.id, 5))
    at_five = replay_snapshot(origin, 5).state
    assert _json(live) == json.dumps(at_five.to_json(), sort_keys=True)
    assert live.seq == 0 and live.record.origin is not None
    assert (live.record.origin.table_id, live.record.origin.move) == (origin.id, 5)
    assert live.record.status == "playing"
    await _play_randomly(service, live, 4)
    assert [move.seq for move in store.moves(live.id)] == [1, 2, 3, 4]


async def test_a_table_played_from_a_position_is_never_rated(service: TableService, store: Store) -> None:
    origin = await _finished_table(service, store, "kalah")
    live = await _people_table(service, store, "kalah", 2, StartingPosition(origin.id, 3))
    assert live.record.rated is False


@pytest.mark.parametrize(("game_id", "players"), [("kalah", 2), ("luckynumbers", 2), ("numberdrop", 2)])
async def test_a_restart_rebuilds_exactly_the_table_begun_from_a_position(
    store: Store, hub: MemoryHub, game_id: str, players: int
) -> None:
    """Lucky Numbers hides tiles and the pile; Number Drop's seats act at once, in secret."""
    first = TableService(store, hub, server_games.load, ThreadBotRunner(server_games.load))
    origin = await _finished_table(first, store, game_id, players)
    live = await _people_table(first, store, game_id, players, StartingPosition(origin.id, origin.seq // 2))
    await _play_randomly(first, live, 7, seed=11)
    played, log = _json(live), [(entry.seat, entry.action_id) for entry in live.log]
    await first.stop()
    again = TableService(store, hub, server_games.load, ThreadBotRunner(server_games.load))
    try:
        rebuilt = await again.table(live.id)
        assert _json(rebuilt) == played
        assert [(entry.seat, entry.action_id) for entry in rebuilt.log] == log
        start = replay_snapshot(rebuilt, 0).state.to_json()
        assert rebuilt.record.origin == TableOrigin(origin.id, origin.seq // 2, start)
    finally:
        await again.stop()


async def test_hidden_cards_are_dealt_anew_at_the_new_table(service: TableService, store: Store) -> None:
    origin = await _finished_table(service, store, "luckynumbers")
    position = StartingPosition(origin.id, origin.seq // 2)
    live = await _people_table(service, store, "luckynumbers", 2, position)
    before = replay_snapshot(origin, position.move).state
    assert live.state.view(None) == before.view(None)
    assert live.state.to_json()["pile"] != before.to_json()["pile"]


async def test_only_a_finished_table_or_ones_own_solo_game_can_be_played_from(
    service: TableService, store: Store
) -> None:
    others = await _people_table(service, store, "kalah", 2)
    await _play_randomly(service, others, 4)
    carol = store.create_guest("Carol").id
    request = TableRequest(
        "kalah",
        (SeatSpec(player_id=carol), SeatSpec()),
        {},
        created_by=carol,
        start_from=StartingPosition(others.id, 2),
    )
    before = store.tables(["waiting", "playing", "finished"], None)
    with pytest.raises(errors.Forbidden, match="only a finished table, or your own solo game"):
        await service.create_table(request)
    assert store.tables(["waiting", "playing", "finished"], None) == before
    solo = await _people_table(service, store, "yatzy", 1)
    await _play_randomly(service, solo, 3)
    owner = solo.record.seats[0].player_id
    mine = TableRequest(
        "yatzy", (SeatSpec(player_id=owner),), {}, created_by=owner, start_from=StartingPosition(solo.id, 3)
    )
    assert (await service.create_table(mine)).record.origin is not None
    theirs = TableRequest(
        "yatzy", (SeatSpec(player_id=carol),), {}, created_by=carol, start_from=StartingPosition(solo.id, 3)
    )
    with pytest.raises(errors.Forbidden):
        await service.create_table(theirs)


@pytest.mark.parametrize(
    ("move", "error", "message"),
    [
        (-1, errors.BadRequest, r"positions after 0 to \d+ moves; got -1"),
        (10_000, errors.BadRequest, r"positions after 0 to \d+ moves; got 10000"),
        (None, errors.GameOver, "the game is over here"),
    ],
)
async def test_a_position_outside_the_log_or_at_the_end_is_refused(
    service: TableService, store: Store, move: int | None, error: type[errors.ServiceError], message: str
) -> None:
    origin = await _finished_table(service, store, "kalah")
    carol = store.create_guest("Carol").id
    position = StartingPosition(origin.id, origin.seq if move is None else move)
    request = TableRequest(
        "kalah", (SeatSpec(player_id=carol), SeatSpec()), {}, created_by=carol, start_from=position
    )
    before = store.tables(["waiting", "playing", "finished"], None)
    with pytest.raises(error, match=message):
        await service.create_table(request)
    assert store.tables(["waiting", "playing", "finished"], None) == before


@pytest.mark.parametrize(
    ("seats", "options", "message"),
    [(3, {}, "for 2 with its options"), (2, {"seeds": 3}, "with its options")],
)
async def test_the_game_options_and_seat_count_stay_those_of_the_origin(
    service: TableService, store: Store, seats: int, options: dict[str, int], message: str
) -> None:
    origin = await _finished_table(service, store, "kalah")
    game_id = "kalah" if seats == 2 else "yatzy"
    request = TableRequest(
        game_id, tuple(SeatSpec() for _ in range(seats)), options, start_from=StartingPosition(origin.id, 2)
    )
    with pytest.raises(errors.BadRequest, match=message):
        await service.create_table(request)


async def test_a_rematch_begins_at_the_same_position_again(service: TableService, store: Store) -> None:
    origin = await _finished_table(service, store, "kalah")
    live = await _people_table(service, store, "kalah", 2, StartingPosition(origin.id, 6))
    await _play_randomly(service, live, None)
    asker = live.record.seats[0].player_id
    assert asker is not None
    rematch = await service.rematch(live.id, asker)
    assert rematch.record.origin is not None
    assert (rematch.record.origin.table_id, rematch.record.origin.move) == (origin.id, 6)
    assert _json(rematch) == json.dumps(replay_snapshot(origin, 6).state.to_json(), sort_keys=True)
