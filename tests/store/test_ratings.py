"""Ratings in the store: OpenSkill's arithmetic, rated and friendly tables, solo records,
exactly-once under races (SQLite and PostgreSQL), the migration of an old database, rebuild."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import create_engine, select, text
from sqlalchemy.exc import IntegrityError

from tabletop.engine import Outcome
from tabletop.store import (
    MoveConflict,
    NameTaken,
    NewTable,
    RatingDelta,
    SeatSpec,
    Store,
    TableFinished,
    UsernameTaken,
)
from tabletop.store.database import migrate
from tabletop.store.models import GameTable, Player
from tabletop.store.ratings import MODEL, Skill, rate, record_result


def _table(store: Store, seats: tuple[SeatSpec, ...], *, rated: bool = True, game: str = "nim") -> str:
    return store.create_table(NewTable(game, {}, 1, seats, rated=rated)).id


def _finish(store: Store, table_id: str, ranks: tuple[int, ...], seq: int = 1) -> None:
    scores = tuple(float(-rank) for rank in ranks)
    store.append_move(table_id, seq, 0, "x", Outcome(scores, ranks, "test"))


def _deltas(store: Store, table_id: str) -> dict[int, RatingDelta]:
    record = store.table(table_id)
    assert record is not None
    return {delta.seat: delta for delta in record.rating_changes}


def _people(store: Store, *names: str) -> list[int]:
    return [store.create_guest(name).id for name in names]


# The arithmetic: OpenSkill's published numbers


def test_the_model_gives_the_numbers_of_openskills_readme() -> None:
    """openskill.py 6.2.0 README, "Limited Example": two teams of two newcomers, the first wins."""
    r = MODEL.rating
    [[a, b], [x, y]] = MODEL.rate([[r(), r()], [r(), r()]])
    assert (a.mu, a.sigma) == (26.964294621803063, 8.177962604389991)
    assert (x.mu, x.sigma) == (23.035705378196937, 8.177962604389991)
    assert (a.mu, a.sigma) == (b.mu, b.sigma) and (x.mu, x.sigma) == (y.mu, y.sigma)


def test_the_model_keeps_openskills_defaults() -> None:
    """docs/ratings.md relies on these: they fix the shown scale of a newcomer."""
    assert (MODEL.mu, MODEL.sigma, MODEL.beta, MODEL.tau) == (25.0, 25.0 / 3.0, 25.0 / 6.0, 25.0 / 300.0)
    assert Skill.new().shown == 1000


def test_a_win_moves_two_newcomers_apart_by_the_same_amount_and_a_tie_keeps_them() -> None:
    winner, loser = rate([Skill.new(), Skill.new()], [1, 2])
    assert winner.mu > 25.0 > loser.mu
    assert winner.mu - 25.0 == pytest.approx(25.0 - loser.mu, abs=1e-12)
    tied = rate([Skill.new(), Skill.new()], [1, 1])
    assert [skill.mu for skill in tied] == [25.0, 25.0]
    assert tied[0].sigma < Skill.new().sigma


def test_a_free_for_all_orders_the_players_by_their_ranks() -> None:
    after = rate([Skill.new()] * 4, [4, 1, 3, 2])
    by_mu = sorted(range(4), key=lambda seat: -after[seat].mu)
    assert by_mu == [1, 3, 2, 0]


# Rated, friendly and solo tables


def test_a_rated_table_updates_both_players_once_it_finishes(store: Store) -> None:
    ann, bob = _people(store, "Ann", "Bob")
    table_id = _table(store, (SeatSpec(player_id=ann), SeatSpec(player_id=bob)))
    assert store.ratings_of(ann) == []
    _finish(store, table_id, (1, 2))
    [ann_rating] = store.ratings_of(ann)
    [bob_rating] = store.ratings_of(bob)
    expected = rate([Skill.new(), Skill.new()], [1, 2])
    assert (ann_rating.mu, ann_rating.sigma, ann_rating.games) == (expected[0].mu, expected[0].sigma, 1)
    assert (bob_rating.mu, bob_rating.sigma, bob_rating.games) == (expected[1].mu, expected[1].sigma, 1)
    deltas = _deltas(store, table_id)
    assert deltas[0].before == deltas[1].before == 1000
    assert deltas[0].after == ann_rating.shown and deltas[1].after == bob_rating.shown
    [game] = store.played_games(ann)
    assert (game.table.id, game.seat, game.rank, game.rating) == (table_id, 0, 1, deltas[0])
    assert [seat.player_name for seat in game.opponents] == ["Bob"]


def test_the_chart_starts_at_the_rating_before_the_first_rated_table(store: Store) -> None:
    ann, bob = _people(store, "Ann", "Bob")
    tables = [_table(store, (SeatSpec(player_id=ann), SeatSpec(player_id=bob))) for _ in range(2)]
    for table_id in tables:
        _finish(store, table_id, (1, 2))
    first, second = (_deltas(store, table_id)[0] for table_id in tables)
    points = store.rating_points(ann, "nim")
    assert [point.shown for point in points] == [1000, first.after, second.after]
    assert [point.table_id for point in points] == [tables[0], *tables]
    assert first.after == second.before


def test_a_friendly_table_changes_no_rating_but_counts_as_played(store: Store) -> None:
    ann, bob = _people(store, "Ann", "Bob")
    table_id = _table(store, (SeatSpec(player_id=ann), SeatSpec(player_id=bob)), rated=False)
    _finish(store, table_id, (2, 1))
    assert store.ratings_of(ann) == [] and _deltas(store, table_id) == {}
    [count] = store.game_counts(ann)
    assert (count.game_id, count.played, count.rated) == ("nim", 1, 0)
    assert store.played_games(bob)[0].rating is None


def test_a_calibrated_bot_is_a_fixed_anchor(store: Store) -> None:
    [ann] = _people(store, "Ann")
    store.set_bot_ratings({("nim", "mcts:3"): (30.0, 2.0)})
    table_id = _table(store, (SeatSpec(player_id=ann), SeatSpec(bot="mcts", bot_level=3)))
    _finish(store, table_id, (1, 2))
    expected = rate([Skill.new(), Skill(30.0, 2.0)], [1, 2])[0]
    [ann_rating] = store.ratings_of(ann)
    assert (ann_rating.mu, ann_rating.sigma) == (expected.mu, expected.sigma)
    bot = store.bot_ratings("nim")[("nim", "mcts:3")]
    assert (bot.mu, bot.sigma, bot.shown) == (30.0, 2.0, 1720)
    assert _deltas(store, table_id)[1].change == 0


def test_a_bot_without_a_rating_leaves_a_person_alone_unrated(store: Store) -> None:
    [ann] = _people(store, "Ann")
    table_id = _table(store, (SeatSpec(player_id=ann), SeatSpec(bot="random", bot_level=1)))
    _finish(store, table_id, (1, 2))
    assert store.ratings_of(ann) == []


def test_solo_games_keep_a_personal_best_and_an_average(store: Store) -> None:
    [ann] = _people(store, "Ann")
    tables = []
    for score in (120.0, 200.0, 160.0):
        table_id = _table(store, (SeatSpec(player_id=ann),), game="yatzy")
        store.append_move(table_id, 1, 0, "x", Outcome((score,), (1,), "final"))
        tables.append(table_id)
    [best] = store.solo_bests(ann)
    assert (best.game_id, best.games, best.best, best.best_table_id) == ("yatzy", 3, 200.0, tables[1])
    assert best.average == 160.0
    assert store.ratings_of(ann) == []


# Exactly once


def test_two_processes_finishing_the_same_table_rate_it_once(store: Store, database_url: str) -> None:
    """Both try the final move at the same seq: one commits (with the rating), one conflicts."""
    other = Store.open(database_url)
    try:
        for _ in range(8):
            ann, bob = _people(store, "Ann", "Bob")
            table_id = _table(store, (SeatSpec(player_id=ann), SeatSpec(player_id=bob)))
            barrier = threading.Barrier(2)
            outcomes: list[str] = []

            def finish(
                which: Store,
                table: str = table_id,
                both: threading.Barrier = barrier,
                seen: list[str] = outcomes,
            ) -> None:
                both.wait()
                try:
                    which.append_move(table, 1, 0, "x", Outcome((1.0, 0.0), (1, 2), "race"))
                    seen.append("finished")
                except MoveConflict:
                    seen.append("conflict")

            threads = [threading.Thread(target=finish, args=(which,)) for which in (store, other)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert sorted(outcomes) == ["conflict", "finished"]
            assert [rating.games for rating in store.ratings_of(ann)] == [1]
    finally:
        other.close()


def test_two_processes_ending_a_table_by_resignation_rate_it_once(store: Store, database_url: str) -> None:
    other = Store.open(database_url)
    try:
        ann, bob = _people(store, "Ann", "Bob")
        table_id = _table(store, (SeatSpec(player_id=ann), SeatSpec(player_id=bob)))
        barrier = threading.Barrier(2)
        handled: list[bool] = []

        def resign(which: Store) -> None:
            barrier.wait()
            record = which.leave_game(
                table_id, 0, 0, forfeit="resigned", result=Outcome((0.0, 1.0), (2, 1), "Ann resigned")
            )
            handled.append(record is not None)

        threads = [threading.Thread(target=resign, args=(which,)) for which in (store, other)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(handled) == [False, True]
        [bob_rating] = store.ratings_of(bob)
        assert bob_rating.games == 1 and bob_rating.mu > 25.0
    finally:
        other.close()


def test_a_final_move_after_a_resignation_ended_the_table_is_refused(store: Store) -> None:
    """The table ends once: the move that would end it again conflicts, and nothing of it is kept."""
    ann, bob = _people(store, "Ann", "Bob")
    table_id = _table(store, (SeatSpec(player_id=ann), SeatSpec(player_id=bob)))
    store.leave_game(table_id, 0, 0, forfeit="resigned", result=Outcome((0.0, 1.0), (2, 1), "Ann resigned"))
    with pytest.raises(TableFinished):
        store.append_move(table_id, 1, 1, "x", Outcome((0.0, 1.0), (2, 1), "again"))
    assert store.moves(table_id) == []
    assert [rating.games for rating in store.ratings_of(bob)] == [1]


def test_rating_a_table_a_second_time_fails_on_the_key_and_changes_nothing(store: Store) -> None:
    ann, bob = _people(store, "Ann", "Bob")
    table_id = _table(store, (SeatSpec(player_id=ann), SeatSpec(player_id=bob)))
    _finish(store, table_id, (1, 2))
    before = store.ratings_of(ann)

    def rate_again() -> None:
        with store._transaction() as session:
            row = session.get_one(GameTable, table_id)
            record_result(session, row, Outcome((1.0, 0.0), (1, 2), "again"), store.clock())

    with pytest.raises(IntegrityError):
        rate_again()
    assert store.ratings_of(ann) == before


def test_two_tables_with_the_same_people_finishing_at_once_both_count(
    store: Store, database_url: str
) -> None:
    """The rating rows are locked, so neither update is lost (PostgreSQL's READ COMMITTED)."""
    other = Store.open(database_url)
    try:
        ann, bob = _people(store, "Ann", "Bob")
        tables = [_table(store, (SeatSpec(player_id=ann), SeatSpec(player_id=bob))) for _ in range(2)]
        barrier = threading.Barrier(2)

        def finish(which: Store, table_id: str) -> None:
            barrier.wait()
            which.append_move(table_id, 1, 0, "x", Outcome((1.0, 0.0), (1, 2), "race"))

        threads = [
            threading.Thread(target=finish, args=pair) for pair in zip((store, other), tables, strict=True)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert [rating.games for rating in store.ratings_of(ann)] == [2]
        assert store.rebuild_ratings().changed == 0
    finally:
        other.close()


# Display names


def test_guest_names_get_a_number_when_taken_and_chosen_names_are_refused(store: Store) -> None:
    first = store.create_guest("Guest 2756")
    second = store.create_guest("guest 2756")
    assert (first.name, second.name) == ("Guest 2756", "guest 2756 (2)")
    with pytest.raises(NameTaken):
        store.rename(second.id, "GUEST 2756")
    assert store.player(second.id).name == "guest 2756 (2)"  # type: ignore[union-attr]
    assert store.player_named("ＧＵＥＳＴ 2756").id == first.id  # type: ignore[union-attr]


def test_registering_keeps_the_player_and_sets_the_chosen_name(store: Store) -> None:
    ann, _ = _people(store, "Guest 1234", "Bob")
    with pytest.raises(NameTaken):
        store.register(ann, "ann", "a long password", name="bob")
    assert store.player(ann).username is None  # type: ignore[union-attr]
    account = store.register(ann, "ann", "a long password", name="Ann")
    assert (account.id, account.name, account.username) == (ann, "Ann", "ann")
    [other] = _people(store, "Carl")
    with pytest.raises(UsernameTaken):
        store.register(other, "ann", "a long password", name="Carl")


# Migration and rebuild


def test_an_old_database_migrates_and_duplicate_names_get_numbers(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        migrate(engine, "0003")
        with engine.begin() as connection:
            for name in ("Guest 2756", "Ann", "guest 2756", "Guest 2756", "Guest 2756 (2)"):
                connection.execute(
                    text("INSERT INTO players (name, created_at) VALUES (:name, :at)"),
                    {"name": name, "at": "2026-01-01 00:00:00"},
                )
        migrate(engine)
        with engine.connect() as connection:
            names = connection.execute(select(Player.name).order_by(Player.id)).scalars().all()
            rated = connection.execute(text("SELECT count(*) FROM tables WHERE rated")).scalar()
        assert names == ["Guest 2756", "Ann", "guest 2756 (3)", "Guest 2756 (4)", "Guest 2756 (2)"]
        assert rated == 0
    finally:
        engine.dispose()


def test_rebuild_reproduces_the_stored_ratings_exactly(store: Store) -> None:
    ann, bob, cy = _people(store, "Ann", "Bob", "Cy")
    store.set_bot_ratings({("nim", "mcts:2"): (22.0, 3.0)})
    seatings = [
        ((ann, bob), (1, 2)),
        ((bob, cy), (1, 1)),
        ((ann, bob, cy), (3, 1, 2)),
        ((cy, None), (1, 2)),
        ((ann, bob, cy), (1, 1, 3)),
    ]
    for people, ranks in seatings:
        seats = tuple(SeatSpec(player_id=p) if p else SeatSpec(bot="mcts", bot_level=2) for p in people)
        _finish(store, _table(store, seats), ranks)
    unrated = (SeatSpec(player_id=ann), SeatSpec(bot="random", bot_level=1))  # no rating: nothing rated
    _finish(store, _table(store, unrated), (1, 2))
    stored = {player: store.ratings_of(player) for player in (ann, bob, cy)}
    report = store.rebuild_ratings()
    assert (report.tables, report.ratings, report.changed) == (5, 3, 0)
    assert {player: store.ratings_of(player) for player in (ann, bob, cy)} == stored
    with store._transaction() as session:
        session.execute(text("UPDATE ratings SET mu = 99 WHERE player_id = :id"), {"id": bob})
    assert store.rebuild_ratings().changed == 1
    assert store.ratings_of(bob) == stored[bob]


def test_the_leaderboard_lists_people_with_enough_games_best_first(store: Store) -> None:
    ann, bob, cy = _people(store, "Ann", "Bob", "Cy")
    for _ in range(5):
        _finish(store, _table(store, (SeatSpec(player_id=ann), SeatSpec(player_id=bob))), (1, 2))
    _finish(store, _table(store, (SeatSpec(player_id=cy), SeatSpec(player_id=ann))), (1, 2))
    board = store.leaderboard("nim")
    assert [(entry.place, entry.name, entry.games) for entry in board] == [(1, "Ann", 6), (2, "Bob", 5)]
    assert board[0].shown > board[1].shown
    everyone = store.leaderboard("nim", min_games=1)
    assert {entry.name for entry in everyone} == {"Ann", "Bob", "Cy"}
    assert [entry.shown for entry in everyone] == sorted((entry.shown for entry in everyone), reverse=True)
