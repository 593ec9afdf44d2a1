"""The store against SQLite and PostgreSQL: schema, players, tables, seats, the log, chat.

PostgreSQL runs at 127.0.0.1:5432 (database `test`) on the development machines and in CI;
each test gets a schema of its own, dropped afterwards. Those tests are marked `postgres`
and fail, not skip, when the server is down.
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text, update

from tabletop.engine import Outcome
from tabletop.store import (
    AlreadySeated,
    MoveConflict,
    NewMove,
    NewTable,
    NotFound,
    SeatSpec,
    SeatTaken,
    Store,
    UsernameTaken,
)
from tabletop.store.database import downgrade
from tabletop.store.models import Base, TableSeat


def _two_seat_table(store: Store, *, first: SeatSpec | None = None, second: SeatSpec | None = None) -> str:
    seats = (first or SeatSpec(), second or SeatSpec())
    return store.create_table(NewTable("nim", {"heaps": "3-4-5"}, 42, seats)).id


def test_the_migration_creates_exactly_the_models(store: Store) -> None:
    with store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert differences == []


def test_migrating_again_changes_nothing_and_downgrade_reverses(store: Store) -> None:
    store.migrate()
    assert {"players", "tables", "seats", "moves", "chat"} <= set(inspect(store.engine).get_table_names())
    downgrade(store.engine, "base")
    assert set(inspect(store.engine).get_table_names()) <= {"alembic_version"}
    store.migrate()
    assert "moves" in inspect(store.engine).get_table_names()


def test_a_guest_has_a_name_and_no_account(store: Store) -> None:
    guest = store.create_guest("Ann")
    assert guest.is_guest and store.player(guest.id) == guest
    assert store.rename(guest.id, "Annie").name == "Annie"
    assert store.player(guest.id + 1000) is None


def test_registering_keeps_the_player_and_stores_only_a_hash(store: Store) -> None:
    guest = store.create_guest("Ann")
    account = store.register(guest.id, "  Ann.B ", "correct horse")
    assert (account.id, account.username, account.is_guest) == (guest.id, "ann.b", False)
    with store.engine.connect() as connection:
        stored = connection.execute(text("SELECT password_hash FROM players")).scalar_one()
    assert stored.startswith("$argon2id$") and "correct horse" not in stored
    assert store.authenticate("ANN.B", "correct horse") == account
    assert store.authenticate("ann.b", "wrong horse") is None
    assert store.authenticate("nobody", "correct horse") is None


def test_a_username_is_taken_once(store: Store) -> None:
    store.register(store.create_guest("Ann").id, "ann", "password one")
    other = store.create_guest("Another Ann")
    with pytest.raises(UsernameTaken, match="'ann' is taken"):
        store.register(other.id, "Ann", "password two")
    assert store.player(other.id) == other


def test_a_table_starts_when_created_full_and_waits_otherwise(store: Store) -> None:
    ann = store.create_guest("Ann")
    full = store.create_table(
        NewTable("nim", {}, 7, (SeatSpec(player_id=ann.id), SeatSpec(bot="random", bot_level=2)))
    )
    waiting = store.table(_two_seat_table(store, first=SeatSpec(player_id=ann.id)))
    assert (full.status, full.started_at is not None) == ("playing", True)
    assert waiting is not None and (waiting.status, waiting.started_at) == ("waiting", None)
    assert full.seats[0].player_name == "Ann" and full.seats[1].is_bot and full.seats[1].bot_level == 2
    assert full.seat_of(ann.id) == 0 and full.seat_of(ann.id + 1) is None
    assert [table.id for table in store.tables(["waiting"])] == [waiting.id]
    assert {table.id for table in store.tables(["waiting", "playing"])} == {full.id, waiting.id}
    assert len(store.tables(["waiting", "playing"], limit=1)) == 1


def test_a_session_names_its_player_until_it_is_revoked_or_expires(store: Store) -> None:
    ann, bob = store.create_guest("Ann"), store.create_guest("Bob")
    ann_token, bob_token = (store.open_session(player.id, timedelta(hours=1)) for player in (ann, bob))
    assert (store.session_player(ann_token), store.session_player(bob_token)) == (ann, bob)
    assert store.session_player("not a token") is None
    store.revoke_session(ann_token)
    assert (store.session_player(ann_token), store.session_player(bob_token)) == (None, bob)
    started = store.clock()
    store.clock = lambda: started + timedelta(hours=2)
    assert store.session_player(bob_token) is None


def test_taking_seats(store: Store) -> None:
    ann, bob = store.create_guest("Ann"), store.create_guest("Bob")
    table_id = _two_seat_table(store, second=SeatSpec(bot="random", bot_level=1))
    with pytest.raises(SeatTaken):
        store.take_seat(table_id, 1, ann.id)  # a bot sits there
    with pytest.raises(SeatTaken):
        store.take_seat(table_id, 2, ann.id)  # no such seat
    started = store.take_seat(table_id, 0, ann.id)
    assert started.status == "playing" and started.started_at is not None
    assert started == store.table(table_id)  # the record handed back is the one stored
    with pytest.raises(SeatTaken):
        store.take_seat(table_id, 0, bob.id)
    with pytest.raises(NotFound):
        store.take_seat("missing", 0, bob.id)


def test_a_player_takes_one_seat_per_table(store: Store) -> None:
    ann = store.create_guest("Ann")
    table_id = _two_seat_table(store)
    store.take_seat(table_id, 0, ann.id)
    with pytest.raises(AlreadySeated):
        store.take_seat(table_id, 1, ann.id)
    record = store.table(table_id)
    assert record is not None and record.seats[1].is_open and record.status == "waiting"


def test_of_two_racing_players_one_gets_the_seat(store: Store) -> None:
    players = [store.create_guest(f"P{index}").id for index in range(6)]
    table_id = _two_seat_table(store, first=SeatSpec(player_id=players[0]))
    outcomes: list[str] = []

    def take(player_id: int) -> None:
        try:
            store.take_seat(table_id, 1, player_id)
            outcomes.append("seated")
        except SeatTaken:
            outcomes.append("refused")

    threads = [threading.Thread(target=take, args=(player,)) for player in players[1:]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["refused"] * 4 + ["seated"]


def test_two_processes_joining_the_last_two_seats_start_the_table(store: Store, database_url: str) -> None:
    """Issue 11, item 2: each join locks the table row, so one of them sees the table full."""
    other = Store.open(database_url)  # a second server process: its own connections, no shared lock
    try:
        for _ in range(15):
            owner, left, right = (store.create_guest(name).id for name in ("O", "L", "R"))
            table_id = store.create_table(
                NewTable("nim", {}, 1, (SeatSpec(player_id=owner), SeatSpec(), SeatSpec()))
            ).id
            barrier = threading.Barrier(2)

            def join(
                which: Store, seat: int, player: int, table: str = table_id, both: threading.Barrier = barrier
            ) -> None:
                both.wait()
                which.take_seat(table, seat, player)

            threads = [
                threading.Thread(target=join, args=(store, 1, left)),
                threading.Thread(target=join, args=(other, 2, right)),
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            record = store.table(table_id)
            assert record is not None and record.status == "playing"
    finally:
        other.close()


def test_a_full_table_left_waiting_is_started_on_repair(store: Store) -> None:
    owner, guest = store.create_guest("O").id, store.create_guest("G").id
    table_id = _two_seat_table(store, first=SeatSpec(player_id=owner))
    with store._transaction() as session:  # the state an old race left behind
        session.execute(
            update(TableSeat)
            .where(TableSeat.table_id == table_id, TableSeat.seat == 1)
            .values(player_id=guest)
        )
    assert store.table(table_id).status == "waiting"  # type: ignore[union-attr]
    assert store.start_full_tables() == [table_id]
    assert store.table(table_id).status == "playing"  # type: ignore[union-attr]
    assert store.start_full_tables() == []


def test_the_move_log_takes_one_move_per_seq(store: Store) -> None:
    table_id = _two_seat_table(store)
    store.append_move(table_id, 1, 0, "3:2")
    store.append_move(table_id, 2, 1, "1:1")
    with pytest.raises(MoveConflict, match="already has a move 2"):
        store.append_move(table_id, 2, 0, "2:1")
    assert [(move.seq, move.seat, move.action_id) for move in store.moves(table_id)] == [
        (1, 0, "3:2"),
        (2, 1, "1:1"),
    ]
    assert [move.seq for move in store.moves(table_id, after=1)] == [2]
    assert all(move.created_at.tzinfo is not None for move in store.moves(table_id))


def test_a_batch_stores_each_move_and_its_tables_last_move_at_the_commit_time(store: Store) -> None:
    """The batch's statements are sent as driver SQL (`driver_sql.py`): the times must still
    come back exactly, through the column types' own conversions, on every database."""
    first, second = _two_seat_table(store), _two_seat_table(store)
    store.clock = lambda: datetime(2031, 5, 6, 7, 8, 9, 123456, tzinfo=UTC)
    results = store.append_moves([NewMove(first, 1, 0, "3:2"), NewMove(second, 1, 1, "2:1")])
    moment = datetime(2031, 5, 6, 7, 8, 9, 123456, tzinfo=UTC)
    assert [(r.seq, r.seat, r.action_id, r.created_at) for r in results] == [  # type: ignore[union-attr]
        (1, 0, "3:2", moment),
        (1, 1, "2:1", moment),
    ]
    assert [(m.seat, m.action_id, m.created_at) for m in store.moves(second)] == [(1, "2:1", moment)]
    assert [store.table(table_id).last_move_at for table_id in (first, second)] == [moment, moment]  # type: ignore[union-attr]


def test_moves_of_several_tables_commit_together_and_a_conflict_spares_the_others(store: Store) -> None:
    first, second, third = (_two_seat_table(store) for _ in range(3))
    store.append_move(second, 1, 0, "1:1")
    batch = [NewMove(first, 1, 0, "3:2"), NewMove(second, 1, 1, "2:2"), NewMove(third, 1, 0, "1:1")]
    results = store.append_moves(batch)
    assert isinstance(results[1], MoveConflict)
    assert [(r.seq, r.action_id) for r in (results[0], results[2])] == [(1, "3:2"), (1, "1:1")]  # type: ignore[union-attr]
    assert [m.action_id for m in store.moves(first)] == ["3:2"]
    assert [m.action_id for m in store.moves(second)] == ["1:1"]
    assert [m.action_id for m in store.moves(third)] == ["1:1"]


def test_the_last_move_and_the_result_commit_together(store: Store) -> None:
    table_id = _two_seat_table(store)
    result = Outcome((3.0, 5.0), (2, 1), "board cleared")
    store.append_move(table_id, 1, 1, "3:5", result)
    record = store.table(table_id)
    assert record is not None and (record.status, record.result) == ("finished", result)
    assert record.finished_at is not None and store.tables(["waiting", "playing"]) == []


def test_a_conflicting_last_move_does_not_finish_the_table(store: Store) -> None:
    table_id = _two_seat_table(store)
    store.append_move(table_id, 1, 0, "3:2")
    with pytest.raises(MoveConflict):
        store.append_move(table_id, 1, 1, "3:5", Outcome((1.0, 0.0), (1, 2), "x"))
    record = store.table(table_id)
    assert record is not None and record.status == "waiting" and record.result is None


def test_chat_lines_come_back_in_order_with_names(store: Store) -> None:
    ann, bob = store.create_guest("Ann"), store.create_guest("Bob")
    table_id = _two_seat_table(store)
    for index in range(5):
        store.add_chat(table_id, (ann, bob)[index % 2].id, f"line {index}")
    lines = store.chat(table_id, limit=3)
    assert [(line.player_name, line.text) for line in lines] == [
        ("Ann", "line 2"),
        ("Bob", "line 3"),
        ("Ann", "line 4"),
    ]
    with pytest.raises(NotFound):
        store.add_chat("missing", ann.id, "hello")


def test_everything_is_there_after_reopening(database_url: str) -> None:
    first = Store.open(database_url)
    ann = first.create_guest("Ann")
    table_id = _two_seat_table(first, first=SeatSpec(player_id=ann.id))
    first.append_move(table_id, 1, 0, "1:1")
    first.close()
    again = Store.open(database_url)
    assert [move.action_id for move in again.moves(table_id)] == ["1:1"]
    record = again.table(table_id)
    assert record is not None and record.seats[0].player_id == ann.id
    again.close()
