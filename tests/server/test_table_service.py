"""The table service in memory: seats, turns, seqs, legality, the log, bots and rebuilds.

Every refusal is checked twice: the precise error, and that nothing reached the store.
"""

from __future__ import annotations

import asyncio
import contextlib

import pytest
import server_games

from tabletop.server import errors
from tabletop.server import service as service_module
from tabletop.server.hub import MemoryHub, Subscription, table_channel
from tabletop.server.service import TableRequest, TableService
from tabletop.store import SeatSpec, Store

pytestmark = pytest.mark.asyncio

NIM_ONE_HEAP_OF_TWO = {"heaps": "1-2"}


async def _two_player_nim(service: TableService, store: Store) -> tuple[str, int, int]:
    """A started Nim table with heaps 1 and 2; returns (table id, seat 0 player, seat 1 player)."""
    ann, bob = store.create_guest("Ann"), store.create_guest("Bob")
    request = TableRequest("nim", (SeatSpec(player_id=ann.id), SeatSpec()), NIM_ONE_HEAP_OF_TWO, seed=1)
    live = await service.create_table(request)
    await service.join(live.id, bob.id)
    return live.id, ann.id, bob.id


async def test_a_table_waits_until_every_seat_is_taken(service: TableService, store: Store) -> None:
    ann, bob = store.create_guest("Ann"), store.create_guest("Bob")
    live = await service.create_table(TableRequest("nim", (SeatSpec(player_id=ann.id), SeatSpec()), {}))
    assert live.record.status == "waiting"
    with pytest.raises(errors.NotStarted):
        await service.play(live.id, 0, "1:1", 0)
    joined = await service.join(live.id, bob.id)
    assert joined.record.status == "playing"
    assert joined.record.seat_of(bob.id) == 1


async def test_joining_twice_or_a_taken_seat_is_refused(service: TableService, store: Store) -> None:
    table_id, ann, _bob = await _two_player_nim(service, store)
    carol = store.create_guest("Carol")
    with pytest.raises(errors.SeatUnavailable, match="already have a seat"):
        await service.join(table_id, ann, 1)
    with pytest.raises(errors.SeatUnavailable, match="no open seat"):
        await service.join(table_id, carol.id)
    with pytest.raises(errors.SeatUnavailable, match="seats 0 to 1; got 5"):
        await service.join(table_id, carol.id, 5)


@pytest.mark.parametrize(
    "case",
    [
        ("chess", 2, {}, "no game 'chess'"),
        ("nim", 4, {}, "played by 2–3 players; got 4"),
        ("nim", 2, {"heaps": "9-9"}, "option 'heaps' must be one of"),
        ("nim", 2, {"colour": "red"}, "unknown option 'colour'"),
    ],
)
async def test_a_table_request_is_checked_against_the_game(
    service: TableService, store: Store, case: tuple[str, int, dict[str, str], str]
) -> None:
    game_id, seats, options, message = case
    with pytest.raises(errors.BadRequest, match=message):
        await service.create_table(TableRequest(game_id, tuple(SeatSpec() for _ in range(seats)), options))
    assert store.tables(["waiting", "playing", "finished"]) == []


async def test_bots_are_checked_by_name_and_level(service: TableService) -> None:
    with pytest.raises(errors.BadRequest, match="no bot 'genius'"):
        await service.create_table(TableRequest("nim", (SeatSpec(bot="genius", bot_level=1), SeatSpec()), {}))
    with pytest.raises(errors.BadRequest, match="bot level must be 1 to 5; got 9"):
        await service.create_table(TableRequest("nim", (SeatSpec(bot="random", bot_level=9), SeatSpec()), {}))


async def test_a_solver_bot_sits_only_at_its_own_game(service: TableService) -> None:
    with pytest.raises(errors.BadRequest, match="no bot 'yatzy' for nim; bots that play it: mcts, random"):
        await service.create_table(TableRequest("nim", (SeatSpec(bot="yatzy", bot_level=1), SeatSpec()), {}))


async def test_a_player_cannot_be_seated_twice_at_creation(service: TableService, store: Store) -> None:
    ann = store.create_guest("Ann")
    seats = (SeatSpec(player_id=ann.id), SeatSpec(player_id=ann.id))
    with pytest.raises(errors.BadRequest, match="only one seat"):
        await service.create_table(TableRequest("nim", seats, {}))


async def test_a_move_is_logged_applied_and_published(
    service: TableService, store: Store, hub: MemoryHub
) -> None:
    table_id, ann, _bob = await _two_player_nim(service, store)
    async with hub.subscribe(table_channel(table_id)) as subscription:
        entry = await service.play_as(table_id, ann, "2:1", 0)
        event = await asyncio.wait_for(subscription.get(), 1)
    assert (entry.seq, entry.seat, entry.action_id, entry.label) == (1, 0, "2:1", "take 1 from heap 2")
    assert [(move.seq, move.seat, move.action_id) for move in store.moves(table_id)] == [(1, 0, "2:1")]
    live = await service.table(table_id)
    assert live.state.view(None)["heaps"] == [1, 1]
    assert (event["kind"], event["table"], event["seq"]) == ("move", table_id, 1)


async def test_a_spectator_cannot_move(service: TableService, store: Store) -> None:
    table_id, _ann, _bob = await _two_player_nim(service, store)
    carol = store.create_guest("Carol")
    with pytest.raises(errors.NotSeated, match="no seat"):
        await service.play_as(table_id, carol.id, "1:1", 0)
    assert store.moves(table_id) == []


async def test_a_seat_that_does_not_exist_is_refused(service: TableService, store: Store) -> None:
    table_id, _ann, _bob = await _two_player_nim(service, store)
    with pytest.raises(errors.NotSeated, match="seats 0 to 1; got 2"):
        await service.play(table_id, 2, "1:1", 0)
    assert store.moves(table_id) == []


async def test_moving_out_of_turn_is_refused(service: TableService, store: Store) -> None:
    table_id, _ann, bob = await _two_player_nim(service, store)
    with pytest.raises(errors.NotYourTurn, match="seat 1 may not act now; waiting for seat 0"):
        await service.play_as(table_id, bob, "1:1", 0)
    assert store.moves(table_id) == []


async def test_an_illegal_action_gets_the_engines_reason(service: TableService, store: Store) -> None:
    table_id, ann, _bob = await _two_player_nim(service, store)
    with pytest.raises(errors.IllegalMove, match="'3:1' is not a legal action for seat 0"):
        await service.play_as(table_id, ann, "3:1", 0)
    assert store.moves(table_id) == []
    assert (await service.table(table_id)).state.view(None)["heaps"] == [1, 2]


@pytest.mark.parametrize(
    ("action_id", "expected_seq", "message"),
    [
        (7, 0, "action id is a string"),
        ("", 0, "action id is a string"),
        ("x" * 201, 0, "action id is a string"),
        ("1:1", "0", "expected_seq must be a whole number"),
        ("1:1", True, "expected_seq must be a whole number"),
    ],
)
async def test_malformed_moves_are_refused(
    service: TableService, store: Store, action_id: object, expected_seq: object, message: str
) -> None:
    table_id, ann, _bob = await _two_player_nim(service, store)
    with pytest.raises(errors.BadRequest, match=message):
        await service.play_as(table_id, ann, action_id, expected_seq)
    assert store.moves(table_id) == []


async def test_a_stale_seq_and_a_duplicate_are_told_apart(service: TableService, store: Store) -> None:
    table_id, ann, bob = await _two_player_nim(service, store)
    await service.play_as(table_id, ann, "2:1", 0)
    with pytest.raises(errors.DuplicateMove, match="'2:1' was already played as move 1"):
        await service.play_as(table_id, ann, "2:1", 0)
    with pytest.raises(errors.StaleSeq, match="the table is at seq 1; your move was chosen at seq 0"):
        await service.play_as(table_id, ann, "1:1", 0)
    with pytest.raises(errors.StaleSeq, match="seq 5 has not happened"):
        await service.play_as(table_id, bob, "1:1", 5)
    assert [move.action_id for move in store.moves(table_id)] == ["2:1"]


async def test_two_concurrent_moves_at_one_seq_commit_once(service: TableService, store: Store) -> None:
    table_id, ann, _bob = await _two_player_nim(service, store)
    results = await asyncio.gather(
        service.play_as(table_id, ann, "2:1", 0),
        service.play_as(table_id, ann, "1:1", 0),
        return_exceptions=True,
    )
    assert isinstance(results[1], errors.StaleSeq)
    assert [move.action_id for move in store.moves(table_id)] == ["2:1"]


async def test_the_last_move_finishes_the_table_with_its_result(service: TableService, store: Store) -> None:
    table_id, ann, bob = await _two_player_nim(service, store)
    await service.play_as(table_id, ann, "2:1", 0)  # heaps 1, 1
    await service.play_as(table_id, bob, "1:1", 1)  # heaps 0, 1
    await service.play_as(table_id, ann, "2:1", 2)  # Ann takes the last stone and wins
    record = store.table(table_id)
    assert record is not None and record.status == "finished" and record.finished_at is not None
    assert record.result is not None and record.result.ranks == (1, 2)
    with pytest.raises(errors.GameOver):
        await service.play_as(table_id, bob, "1:1", 3)
    assert len(store.moves(table_id)) == 3


async def test_a_new_service_rebuilds_open_tables_from_the_log(service: TableService, store: Store) -> None:
    table_id, ann, bob = await _two_player_nim(service, store)
    await service.play_as(table_id, ann, "2:1", 0)
    await service.play_as(table_id, bob, "1:1", 1)
    before = (await service.table(table_id)).state.to_json()

    restarted = TableService(store, MemoryHub(), server_games.load)
    assert await restarted.start() == 1
    live = await restarted.table(table_id)
    assert live.state.to_json() == before
    assert [entry.label for entry in live.log] == ["take 1 from heap 2", "take 1 from heap 1"]
    await restarted.play_as(table_id, ann, "2:1", 2)
    assert (await restarted.table(table_id)).is_over


async def test_an_unknown_table_is_not_found(service: TableService) -> None:
    with pytest.raises(errors.TableNotFound, match="no table 'nope'"):
        await service.table("nope")


async def test_chat_is_stored_and_published(service: TableService, store: Store, hub: MemoryHub) -> None:
    table_id, ann, _bob = await _two_player_nim(service, store)
    async with hub.subscribe(table_channel(table_id)) as subscription:
        await service.say(table_id, ann, "  good luck  ")
        event = await asyncio.wait_for(subscription.get(), 1)
    assert event["chat"]["text"] == "good luck" and event["chat"]["name"] == "Ann"
    assert [line.text for line in store.chat(table_id)] == ["good luck"]
    with pytest.raises(errors.BadRequest):
        await service.say(table_id, ann, " ")


async def test_finished_tables_leave_memory_but_not_the_store(
    service: TableService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service_module, "FINISHED_TABLES_KEPT", 1)
    first, ann, bob = await _two_player_nim(service, store)
    second, carol, dave = await _two_player_nim(service, store)
    cached = await service.table(first)
    for table_id, (south, north) in ((first, (ann, bob)), (second, (carol, dave))):
        await service.play_as(table_id, south, "2:1", 0)
        await service.play_as(table_id, north, "1:1", 1)
        await service.play_as(table_id, south, "2:1", 2)
    evicted = await service.table(first)  # rebuilt from the log
    assert evicted is not cached
    assert evicted.is_over and [entry.action_id for entry in evicted.log] == ["2:1", "1:1", "2:1"]


async def test_in_a_simultaneous_step_each_seat_keeps_its_own_seq(
    service: TableService, store: Store
) -> None:
    ann, bob = store.create_guest("Ann"), store.create_guest("Bob")
    seats = (SeatSpec(player_id=ann.id), SeatSpec())
    table_id = (await service.create_table(TableRequest("goofspiel", seats, {}, seed=3))).id
    await service.join(table_id, bob.id)
    await service.play_as(table_id, ann.id, "2", 0)
    await service.play_as(table_id, bob.id, "3", 0)  # chosen before Ann's bid arrived: still current
    assert [(move.seat, move.action_id) for move in store.moves(table_id)] == [(0, "2"), (1, "3")]
    with pytest.raises(errors.DuplicateMove, match="'2' was already played as move 1"):
        await service.play_as(table_id, ann.id, "2", 0)
    with pytest.raises(errors.StaleSeq, match="your move was chosen at seq 1"):
        await service.play_as(table_id, bob.id, "1", 1)  # a new round began at seq 2
    await service.play_as(table_id, bob.id, "1", 2)
    assert len(store.moves(table_id)) == 3


async def test_a_solver_for_some_tables_sits_only_at_those(service: TableService, store: Store) -> None:
    # kalah-perfect takes small Kalah boards only (bots.can_play with the table's options).
    seats = (SeatSpec(bot="kalah-perfect", bot_level=1), SeatSpec())
    refusal = "no bot 'kalah-perfect' for kalah; bots that play it: mcts, random"
    with pytest.raises(errors.BadRequest, match=refusal):
        await service.create_table(TableRequest("kalah", seats, {}))
    assert store.tables(["waiting", "playing", "finished"]) == []
    live = await service.create_table(TableRequest("kalah", seats, {"pits": 3, "seeds": 2}))
    assert live.record.seats[0].bot == "kalah-perfect"


class _CountingHub(MemoryHub):
    """An in-process hub that notes every channel subscribed to."""

    def __init__(self) -> None:
        super().__init__()
        self.subscribed: list[str] = []

    def subscribe(self, channel: str) -> contextlib.AbstractAsyncContextManager[Subscription]:
        self.subscribed.append(channel)
        return super().subscribe(channel)


async def test_one_process_on_its_own_hub_does_not_follow_its_tables(store: Store) -> None:
    """Nothing reaches an in-process hub from elsewhere: every move was made here, to the
    cached table, so a follower would only wake up to drop this process's own events."""
    hub = _CountingHub()
    service = TableService(store, hub, server_games.load)
    try:
        table_id, ann, bob = await _two_player_nim(service, store)
        await service.play_as(table_id, ann, "2:1", 0)
        await service.play_as(table_id, bob, "2:1", 1)
        await asyncio.sleep(0)
    finally:
        await service.stop()
    assert hub.subscribed == []
    assert [move.action_id for move in store.moves(table_id)] == ["2:1", "2:1"]
