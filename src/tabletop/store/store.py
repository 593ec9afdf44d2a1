"""`Store`: the one way the server reads and writes the database (synchronous SQLAlchemy 2).

Every method opens its own short transaction and returns frozen records, so the server
can call it from a worker thread and keep the results. The server serialises the writes
for one table itself; the database backs it up with constraints: one move per
(table, seq), one seat per player per table, a seat taken only while it is open.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import secrets
import string
import threading
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Dialect, Engine, bindparam, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

from tabletop.engine import ActionId, Outcome, Seat
from tabletop.store import analyses, passwords, profiles, ratings
from tabletop.store.database import create_database_engine, is_memory_sqlite, migrate
from tabletop.store.driver_sql import DriverStatement
from tabletop.store.models import (
    NAME_LENGTH,
    BotLease,
    ChatMessage,
    GameTable,
    LoginSession,
    Move,
    Player,
    TableSeat,
)
from tabletop.store.names import name_key, next_free_name
from tabletop.store.records import (
    AlreadySeated,
    AnalysisLeaseRecord,
    AnalystKey,
    ChatRecord,
    Forfeit,
    GameCount,
    LeaderboardEntry,
    MoveAnalysisRecord,
    MoveConflict,
    MoveRecord,
    NameTaken,
    NewMove,
    NewTable,
    NotFound,
    PlayedGame,
    PlayerRecord,
    RatingDelta,
    RatingPoint,
    RatingRecord,
    SeatRecord,
    SeatTaken,
    SoloBest,
    TableFinished,
    TableOrigin,
    TableRecord,
    TableStatus,
    UsernameTaken,
)

LEASE_ATTEMPTS = 5
GUEST_NAME_ATTEMPTS = 5
GAMES_PAGE_SIZE = 20
TABLE_ID_ALPHABET = string.ascii_lowercase + string.digits
TABLE_ID_LENGTH = 10


def now() -> datetime:
    """The current time in UTC (every stored time is UTC)."""
    return datetime.now(UTC)


def is_table_id(text: object) -> bool:
    """Could `text` be a table id? (Checked before any lookup, so junk never reaches a query.)

    >>> is_table_id("k3x9q0p2ab"), is_table_id("abc"), is_table_id("k3x9q0p2a\\x00")
    (True, False, False)
    """
    return (
        isinstance(text, str)
        and len(text) == TABLE_ID_LENGTH
        and all(character in TABLE_ID_ALPHABET for character in text)
    )


def new_table_id() -> str:
    """A random id for a table: unguessable, so an unlisted table's invite link stays private."""
    return "".join(secrets.choice(TABLE_ID_ALPHABET) for _ in range(TABLE_ID_LENGTH))


class Store:
    """Players, tables, seats, the move log and chat, in one database."""

    def __init__(self, engine: Engine, *, serialise: bool = False) -> None:
        self.engine = engine
        self.clock: Callable[[], datetime] = now
        """Stamps every stored time; tests set it to move time forward without sleeping."""
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self._lock: contextlib.AbstractContextManager[Any] = (
            threading.Lock() if serialise else contextlib.nullcontext()
        )
        self._move_statements = _MoveStatements.for_dialect(engine.dialect)

    @classmethod
    def open(cls, url: str, *, migrate_schema: bool = True) -> Store:
        """A store on `url`, migrated to the newest schema unless told otherwise."""
        store = cls(create_database_engine(url), serialise=is_memory_sqlite(url))
        if migrate_schema:
            store.migrate()
        return store

    @classmethod
    def memory(cls) -> Store:
        """A migrated store in an in-memory SQLite database (for tests and quick scripts)."""
        return cls.open("sqlite://")

    def migrate(self) -> None:
        """Applies every pending Alembic migration."""
        with self._lock:
            migrate(self.engine)

    def close(self) -> None:
        """Closes every pooled connection."""
        self.engine.dispose()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Session]:
        with self._lock, self._sessions.begin() as session:
            yield session

    @contextlib.contextmanager
    def _connection(self) -> Iterator[Connection]:
        """A transaction on a bare connection, for the statements of every move and request.

        An ORM session costs several times what such a statement does in CPU (`tabletop bench
        writes`), so the hot paths use Core statements here and load no ORM objects.
        """
        with self._lock, self.engine.begin() as connection:
            yield connection

    # Players

    def create_guest(self, name: str) -> PlayerRecord:
        """A new guest player (no account) called `name`, or its first free variant "name (2)"...

        Two guests asking for a free name at once: one gets it, the other's insert fails on
        the unique key and it tries again with the next variant.
        """
        for _ in range(GUEST_NAME_ATTEMPTS):
            try:
                with self._transaction() as session:
                    player = Player(name=_free_name(session, name), created_at=self.clock())
                    player.name_key = name_key(player.name)
                    session.add(player)
                    session.flush()
                    return _player_record(player)
            except IntegrityError:
                continue
        raise NameTaken(f"no free variant of the name {name!r}; try another")

    def player_named(self, name: str) -> PlayerRecord | None:
        """The player showing this display name (ignoring case and look-alikes), or None."""
        with self._transaction() as session:
            player = profiles.player_named(session, name)
            return None if player is None else _player_record(player)

    def player(self, player_id: int) -> PlayerRecord | None:
        """The player with that id, or None."""
        with self._transaction() as session:
            player = session.get(Player, player_id)
            return None if player is None else _player_record(player)

    def rename(self, player_id: int, name: str) -> PlayerRecord:
        """Changes the name shown at tables; raises `NameTaken` when another player shows it."""
        try:
            with self._transaction() as session:
                player = _get_player(session, player_id)
                _check_name_free(session, name, player_id)
                player.name, player.name_key = name, name_key(name)
                session.flush()
                return _player_record(player)
        except IntegrityError as error:
            raise NameTaken(f"the name {name!r} is taken") from error

    def register(self, player_id: int, username: str, password: str, name: str | None = None) -> PlayerRecord:
        """Turns a guest into a named account, keeping its id, seats, games and ratings.

        `name` becomes the display name when given. Raises `UsernameTaken` or `NameTaken`;
        either way nothing changes.
        """
        username = username.strip().lower()
        password_hash = passwords.hash_password(password)
        try:
            with self._transaction() as session:
                player = _get_player(session, player_id)
                if player.username is not None:
                    raise UsernameTaken(f"this player already has the account {player.username!r}")
                if name is not None:
                    _check_name_free(session, name, player_id)
                    player.name, player.name_key = name, name_key(name)
                if session.scalar(select(Player.id).where(Player.username == username)) is not None:
                    raise UsernameTaken(f"the username {username!r} is taken")
                player.username = username
                player.password_hash = password_hash
                session.flush()
                return _player_record(player)
        except IntegrityError as error:
            raise UsernameTaken(f"the username {username!r} or the name {name!r} is taken") from error

    def authenticate(self, username: str, password: str) -> PlayerRecord | None:
        """The account when the password matches, else None (same answer for unknown names)."""
        with self._transaction() as session:
            player = session.scalar(select(Player).where(Player.username == username.strip().lower()))
            if player is None or player.password_hash is None:
                passwords.hash_password(password)  # same work either way: no timing hint
                return None
            if not passwords.verify(player.password_hash, password):
                return None
            if passwords.needs_rehash(player.password_hash):
                player.password_hash = passwords.hash_password(password)
            return _player_record(player)

    def change_password(self, player_id: int, password: str, new_password: str) -> bool:
        """Replaces the account's password if `password` is the current one."""
        with self._transaction() as session:
            player = _get_player(session, player_id)
            if player.password_hash is None or not passwords.verify(player.password_hash, password):
                return False
            player.password_hash = passwords.hash_password(new_password)
            return True

    # Sessions

    def open_session(self, player_id: int, lifetime: timedelta) -> str:
        """A new random session token for the player; only its hash is stored."""
        token = secrets.token_urlsafe(32)
        started = self.clock()
        with self._transaction() as session:
            session.add(
                LoginSession(
                    token_hash=_token_hash(token),
                    player_id=player_id,
                    created_at=started,
                    expires_at=started + lifetime,
                )
            )
        return token

    def session_player(self, token: str) -> PlayerRecord | None:
        """The player of a live session (not expired, not revoked), or None."""
        with self._connection() as connection:
            row = connection.execute(
                _SESSION_PLAYER, {"token_hash": _token_hash(token), "moment": self.clock()}
            ).first()
            return None if row is None else PlayerRecord(row.id, row.name, row.username)

    def revoke_session(self, token: str) -> None:
        """Ends one session (logging out)."""
        with self._transaction() as session:
            session.execute(
                update(LoginSession)
                .where(LoginSession.token_hash == _token_hash(token), LoginSession.revoked_at.is_(None))
                .values(revoked_at=self.clock())
            )

    def revoke_sessions(self, player_id: int) -> int:
        """Ends every session of a player (a new password, a registration); returns how many."""
        with self._transaction() as session:
            ended = session.execute(
                update(LoginSession)
                .where(LoginSession.player_id == player_id, LoginSession.revoked_at.is_(None))
                .values(revoked_at=self.clock())
            )
            return int(ended.rowcount)  # type: ignore[attr-defined]

    # Bot leases

    def take_bot_lease(self, table_id: str, seat: Seat, seq: int, holder: str, lifetime: timedelta) -> bool:
        """Claims the computing of a bot seat's move at `seq` for `holder`; False if another has it.

        The lease is taken when nobody holds one for this seat, the one held is for an
        earlier move, it has expired (its holder died), or `holder` already has it. With
        several server processes exactly one computes each bot move.
        """
        return _claimed(lambda: self._try_bot_lease(table_id, seat, seq, holder, lifetime))

    def _try_bot_lease(self, table_id: str, seat: Seat, seq: int, holder: str, lifetime: timedelta) -> bool:
        """One conditional UPDATE takes a lease that may be taken, so no other process can
        take it between a read and a write (SQLite's driver runs a SELECT outside the write
        transaction); with no lease yet, the first INSERT wins and the other's fails on the key."""
        moment = self.clock()
        expires = moment + lifetime
        with self._transaction() as session:
            taken = session.execute(
                update(BotLease)
                .where(
                    BotLease.table_id == table_id,
                    BotLease.seat == seat,
                    or_(BotLease.seq < seq, BotLease.holder == holder, BotLease.expires_at <= moment),
                )
                .values(seq=seq, holder=holder, expires_at=expires)
            )
            if taken.rowcount:  # type: ignore[attr-defined]
                return True
            if session.get(BotLease, (table_id, seat)) is not None:
                return False
            session.add(BotLease(table_id=table_id, seat=seat, seq=seq, holder=holder, expires_at=expires))
            return True

    # Tables and seats

    def create_table(self, table: NewTable) -> TableRecord:
        """Stores a new table; it is "playing" at once when every seat is filled."""
        with self._transaction() as session:
            created = self.clock()
            full = all(spec.player_id is not None or spec.bot is not None for spec in table.seats)
            row = GameTable(
                id=new_table_id(),
                game_id=table.game_id,
                options=dict(table.options),
                seed=table.seed,
                players=table.players,
                mode=table.mode,
                status="playing" if full else "waiting",
                created_by=table.created_by,
                created_at=created,
                started_at=created if full else None,
                clock=table.clock,
                rematch_of=table.rematch_of,
                rated=table.rated,
            )
            if table.origin is not None:
                row.origin_table_id, row.origin_move = table.origin.table_id, table.origin.move
                row.start = table.origin.start
            session.add(row)
            session.flush()
            session.connection().execute(  # one statement for all seats, no ORM objects
                _INSERT_SEAT,
                [
                    {
                        "table_id": row.id,
                        "seat": seat,
                        "player_id": spec.player_id,
                        "bot": spec.bot,
                        "bot_level": spec.bot_level,
                    }
                    for seat, spec in enumerate(table.seats)
                ],
            )
            return _table_record(session, row)

    def table(self, table_id: str) -> TableRecord | None:
        """The table with that id, or None."""
        with self._transaction() as session:
            row = session.get(GameTable, table_id)
            return None if row is None else _table_record(session, row)

    def tables(self, statuses: Collection[TableStatus], limit: int | None = 100) -> list[TableRecord]:
        """The newest tables in any of `statuses`, newest first (all of them when `limit` is None)."""
        with self._transaction() as session:
            rows = session.scalars(
                select(GameTable)
                .where(GameTable.status.in_(list(statuses)))
                .order_by(GameTable.created_at.desc())
                .limit(limit)
            ).all()
            return [_table_record(session, row) for row in rows]

    def open_tables_created_by(self, player_id: int) -> int:
        """How many tables this player created that still wait for players or are being played."""
        with self._connection() as connection:
            return int(connection.scalar(_OPEN_TABLES_CREATED_BY, {"player_id": player_id}) or 0)

    def take_seat(self, table_id: str, seat: Seat, player_id: int) -> TableRecord:
        """Seats a player at an open seat; the table starts when the last seat is filled.

        Raises `SeatTaken` if the seat is not open (also when someone took it a moment
        earlier) and `AlreadySeated` if the player holds another seat at this table.
        """
        try:
            with self._transaction() as session:
                row = _get_table(session, table_id, for_update=True)  # joins of one table queue here
                # On the session's connection: an ORM update would first look for the seat
                # among the session's objects, which costs more than the statement.
                taken = session.connection().execute(
                    _TAKE_SEAT, {"taken_table": table_id, "taken_seat": seat, "taker": player_id}
                )
                if taken.rowcount != 1:
                    raise SeatTaken(f"seat {seat} of table {table_id} is not open")
                session.flush()
                record = _table_record(session, row)
                if row.status == "waiting" and not any(s.is_open for s in record.seats):
                    row.status = "playing"
                    row.started_at = self.clock()
                    record = dataclasses.replace(record, status="playing", started_at=_utc(row.started_at))
                return record
        except IntegrityError as error:
            raise AlreadySeated(f"player {player_id} already has a seat at table {table_id}") from error

    def start_full_tables(self) -> list[str]:
        """Starts every waiting table whose seats are all taken (left by a crash or an old race)."""
        with self._transaction() as session:
            rows = session.scalars(select(GameTable).where(GameTable.status == "waiting")).all()
            started = []
            for row in rows:
                if not any(seat.is_open for seat in _table_record(session, row).seats):
                    row.status, row.started_at = "playing", self.clock()
                    started.append(row.id)
            return started

    # The end of a table: forfeits, stand-in bots, leaving, expiry, rematches

    def leave_game(
        self,
        table_id: str,
        seat: Seat,
        moves_played: int,
        *,
        forfeit: str | None = None,
        stand_in: tuple[str, int] | None = None,
        result: Outcome | None = None,
    ) -> TableRecord | None:
        """A seat's player leaves a game under way, exactly once: None if it was handled already.

        `forfeit` (the reason: resigned, out of time) ranks the seat last; `stand_in` puts a
        bot in the seat for the rest of the game; `result` ends the table. It takes effect
        only while the table is playing with exactly `moves_played` moves in its log and the
        seat has no bot yet, so two processes handling the same timeout, or a move committed
        a moment before it, make it happen at most once.
        """
        try:
            with self._transaction() as session:
                row = _get_table(session, table_id, for_update=True)
                logged = session.scalar(select(func.count()).where(Move.table_id == table_id))
                seat_row = session.get(TableSeat, (table_id, seat))
                if row.status != "playing" or logged != moves_played or seat_row is None:
                    return None
                if seat_row.bot is not None or seat_row.stand_in is not None:
                    return None
                if stand_in is not None:
                    seat_row.stand_in, seat_row.stand_in_level = stand_in
                if forfeit is not None:
                    row.forfeits = [*(row.forfeits or []), Forfeit(seat, forfeit, moves_played).to_json()]
                if result is not None:
                    _finish(session, table_id, result, self.clock())
                session.flush()
                return _table_record(session, row)
        except TableFinished:
            return None  # another process ended the table first: nothing of this one is kept

    def leave(self, table_id: str, player_id: int) -> TableRecord:
        """Frees the player's seat at a table that has not started; with nobody left it is abandoned."""
        with self._transaction() as session:
            row = _get_table(session, table_id, for_update=True)
            if row.status != "waiting":
                raise SeatTaken(f"table {table_id} has started: resign instead of leaving")
            left = session.execute(
                update(TableSeat)
                .where(TableSeat.table_id == table_id, TableSeat.player_id == player_id)
                .values(player_id=None)
            )
            if left.rowcount != 1:  # type: ignore[attr-defined]
                raise NotFound(f"player {player_id} has no seat at table {table_id}")
            session.flush()
            record = _table_record(session, row)
            if all(seat.player_id is None for seat in record.seats):
                row.status = "abandoned"
                record = _table_record(session, row)
            return record

    def abandon_waiting(self, created_before: datetime) -> list[str]:
        """Marks tables still waiting for players since before `created_before` as abandoned."""
        with self._transaction() as session:
            rows = session.scalars(
                select(GameTable).where(GameTable.status == "waiting", GameTable.created_at < created_before)
            ).all()
            for row in rows:
                row.status = "abandoned"
            return [row.id for row in rows]

    def tables_of(
        self, player_id: int, statuses: Collection[TableStatus], limit: int = 20
    ) -> list[TableRecord]:
        """The tables where this player holds a seat, most recently active first."""
        with self._transaction() as session:
            rows = session.scalars(
                select(GameTable)
                .join(TableSeat, TableSeat.table_id == GameTable.id)
                .where(TableSeat.player_id == player_id, GameTable.status.in_(list(statuses)))
                .order_by(func.coalesce(GameTable.last_move_at, GameTable.created_at).desc())
                .limit(limit)
            ).all()
            return [_table_record(session, row) for row in rows]

    def rematch_of(self, table_id: str) -> str | None:
        """The id of the rematch table created from this one, if any."""
        with self._transaction() as session:
            return session.scalar(
                select(GameTable.id).where(GameTable.rematch_of == table_id).order_by(GameTable.created_at)
            )

    # Ratings, profiles and leaderboards (docs/ratings.md)

    def ratings_of(self, player_id: int) -> list[RatingRecord]:
        """A person's rating at each game they finished a rated table of."""
        with self._transaction() as session:
            return profiles.ratings_of(session, player_id)

    def rating_points(self, player_id: int, game_id: str) -> list[RatingPoint]:
        """A person's shown rating after each rated table of a game, oldest first (the chart)."""
        with self._transaction() as session:
            return profiles.rating_points(session, player_id, game_id)

    def game_counts(self, player_id: int) -> list[GameCount]:
        """Finished and rated tables per game for a person."""
        with self._transaction() as session:
            return profiles.game_counts(session, player_id)

    def solo_bests(self, player_id: int) -> list[SoloBest]:
        """Personal bests and averages at the games a person played alone."""
        with self._transaction() as session:
            return profiles.solo_bests(session, player_id)

    def played_games(
        self, player_id: int, game_id: str | None = None, *, offset: int = 0, limit: int = GAMES_PAGE_SIZE
    ) -> list[PlayedGame]:
        """A person's finished tables, newest first, from `offset` on, with their rank and rating change."""
        with self._transaction() as session:
            rows = profiles.finished_tables(session, player_id, game_id, offset, limit)
            deltas = profiles.table_deltas(session, [row.id for row, _ in rows])
            return [
                PlayedGame(
                    _table_record(session, row),
                    seat,
                    int((row.result or {})["ranks"][seat]),
                    deltas.get((row.id, seat)),
                )
                for row, seat in rows
            ]

    def leaderboard(
        self, game_id: str, min_games: int = ratings.MIN_LEADERBOARD_GAMES, limit: int = 50
    ) -> list[LeaderboardEntry]:
        """The best rated people at a game among those with at least `min_games` rated games."""
        with self._transaction() as session:
            return profiles.leaderboard(session, game_id, min_games, limit)

    def bot_ratings(self, game_id: str | None = None) -> dict[tuple[str, str], RatingRecord]:
        """The calibrated bots' ratings by (game id, bot participant such as "mcts:3")."""
        with self._transaction() as session:
            return profiles.bot_ratings(session, game_id)

    def set_bot_ratings(self, calibrated: dict[tuple[str, str], tuple[float, float]]) -> None:
        """Stores bots' calibrated (mu, sigma) by (game id, bot participant); the server does it on start."""
        with self._transaction() as session:
            for (game_id, bot), (mu, sigma) in sorted(calibrated.items()):
                ratings.set_bot_rating(session, game_id, bot, ratings.Skill(mu, sigma), self.clock())

    def rated_tables(self) -> int:
        """How many tables `rebuild_ratings` replays."""
        with self._transaction() as session:
            return ratings.count_rated_tables(session)

    def rebuild_ratings(self, on_table: Callable[[], None] | None = None) -> ratings.RebuildReport:
        """Recomputes every person's rating from the rated tables, in the order they were rated."""
        with self._transaction() as session:
            return ratings.rebuild(session, on_table)

    # The move log

    def append_move(
        self, table_id: str, seq: int, seat: Seat, action_id: ActionId, result: Outcome | None = None
    ) -> MoveRecord:
        """Appends one move; with `result`, the same transaction marks the table finished.

        Raises `MoveConflict` when the log already has a move `seq` for this table.
        """
        appended = self.append_moves([NewMove(table_id, seq, seat, action_id, result)])[0]
        if isinstance(appended, MoveConflict):
            raise appended
        return appended

    def append_moves(self, moves: Sequence[NewMove]) -> list[MoveRecord | MoveConflict]:
        """Appends moves of different tables in one transaction: one commit (one disk flush) for all.

        If any of them conflicts, each is appended again on its own, so the others still
        land; the answer lists, in order, each move's record or its `MoveConflict`.
        """
        created = self.clock()
        try:
            self._write_moves(moves, created)
        except TableFinished as finished:
            if len(moves) == 1:
                return [finished]
            return [self.append_moves([move])[0] for move in moves]
        except IntegrityError:
            if len(moves) == 1:
                return [MoveConflict(f"table {moves[0].table_id} already has a move {moves[0].seq}")]
            return [self.append_moves([move])[0] for move in moves]
        return [MoveRecord(move.seq, move.seat, move.action_id, created) for move in moves]

    def _write_moves(self, moves: Sequence[NewMove], created: datetime) -> None:
        """The batch in one transaction; only a batch with a result (it writes the ratings
        too) needs an ORM session."""
        if all(move.result is None for move in moves):
            with self._connection() as connection:
                self._move_statements.write(connection, moves, created)
            return
        with self._transaction() as session:
            self._move_statements.write(session.connection(), moves, created)
            for move in moves:
                if move.result is not None:
                    _finish(session, move.table_id, move.result, created)

    def moves(self, table_id: str, after: int = 0) -> list[MoveRecord]:
        """The move log of a table from move `after + 1` on, in order."""
        with self._transaction() as session:
            rows = session.scalars(
                select(Move).where(Move.table_id == table_id, Move.seq > after).order_by(Move.seq)
            ).all()
            return [MoveRecord(row.seq, row.seat, row.action_id, _utc(row.created_at)) for row in rows]

    # Chat

    # Analyses (docs/analysis.md)

    def save_move_analyses(
        self, table_id: str, analyst: AnalystKey, moves: Sequence[MoveAnalysisRecord]
    ) -> None:
        """Stores analysed moves of a table; moves this analyst already stored stay as they were."""
        with self._transaction() as session:
            _get_table(session, table_id)
            analyses.save(session, table_id, analyst, moves, self.clock())

    def move_analyses(self, table_id: str, analyst: AnalystKey) -> list[MoveAnalysisRecord]:
        """The stored moves of a table as this analyst (name, version, budget) valued them, in order."""
        with self._transaction() as session:
            return analyses.load(session, table_id, analyst)

    def take_analysis_lease(
        self, table_id: str, analyst: AnalystKey, holder: str, total: int, lifetime: timedelta
    ) -> bool:
        """Claims the table's review by this analyst for `holder` (a server process) for
        `lifetime`; False while another process's review of it is under way."""

        def claim() -> bool:
            with self._transaction() as session:
                moment = self.clock()
                return analyses.take_lease(
                    session, table_id, analyst, holder=holder, total=total, moment=moment, lifetime=lifetime
                )

        return _claimed(claim)

    def renew_analysis_lease(
        self, table_id: str, analyst: AnalystKey, holder: str, lifetime: timedelta
    ) -> bool:
        """Keeps `holder`'s review lease for `lifetime` more; False once it has lost it."""
        with self._transaction() as session:
            moment = self.clock()
            return analyses.renew_lease(
                session, table_id, analyst, holder=holder, moment=moment, lifetime=lifetime
            )

    def end_analysis_lease(
        self, table_id: str, analyst: AnalystKey, holder: str, error: str | None = None
    ) -> None:
        """Ends `holder`'s review: its lease is dropped, or kept with `error` when it failed."""
        with self._transaction() as session:
            analyses.end_lease(session, table_id, analyst, holder=holder, moment=self.clock(), error=error)

    def analysis_lease(self, table_id: str, analyst: AnalystKey) -> AnalysisLeaseRecord | None:
        """The table's review lease for this analyst: who holds it, and whether it still runs."""
        with self._transaction() as session:
            return analyses.lease(session, table_id, analyst, self.clock())

    def add_chat(self, table_id: str, player_id: int, text: str) -> ChatRecord:
        """Stores a chat line."""
        with self._transaction() as session:
            _get_table(session, table_id)
            player = _get_player(session, player_id)
            row = ChatMessage(table_id=table_id, player_id=player_id, text=text, created_at=self.clock())
            session.add(row)
            session.flush()
            return ChatRecord(row.id, table_id, player_id, player.name, text, _utc(row.created_at))

    def chat(self, table_id: str, limit: int = 100) -> list[ChatRecord]:
        """The last `limit` chat lines of a table, oldest first."""
        with self._transaction() as session:
            rows = session.execute(
                select(ChatMessage, Player.name)
                .join(Player, Player.id == ChatMessage.player_id)
                .where(ChatMessage.table_id == table_id)
                .order_by(ChatMessage.id.desc())
                .limit(limit)
            ).all()
            return [
                ChatRecord(row.id, row.table_id, row.player_id, name, row.text, _utc(row.created_at))
                for row, name in reversed(rows)
            ]


def _utc(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; every stored time is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _get_player(session: Session, player_id: int) -> Player:
    player = session.get(Player, player_id)
    if player is None:
        raise NotFound(f"no player {player_id}")
    return player


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _claimed(claim: Callable[[], bool]) -> bool:
    """`claim()` (one transaction taking a lease), tried again while SQLite reports that
    another process wrote since it read; False when another process inserted the lease first."""
    for attempt in range(LEASE_ATTEMPTS):
        try:
            return claim()
        except IntegrityError:  # another process inserted the first lease a moment earlier
            return False
        except OperationalError:  # SQLite: another process wrote since this transaction read
            time.sleep(0.02 * (attempt + 1))
    return False


def _get_table(session: Session, table_id: str, *, for_update: bool = False) -> GameTable:
    """The table's row; `for_update` locks it until the transaction ends (PostgreSQL).

    Taking a seat and starting the table must be one step: under READ COMMITTED two joins
    of the last two seats would each still see the other's seat open, and neither would
    start the table. Locking the table row first makes such joins take turns.
    """
    row = session.get(GameTable, table_id, with_for_update=for_update)
    if row is None:
        raise NotFound(f"no table {table_id!r}")
    return row


# Statements that requests run often, built once: building one costs more CPU than
# running it (the compiled form is cached by SQLAlchemy either way).
_SESSION_PLAYER = (
    select(Player.id, Player.name, Player.username)
    .join(LoginSession, LoginSession.player_id == Player.id)
    .where(LoginSession.token_hash == bindparam("token_hash"))
    .where(LoginSession.revoked_at.is_(None), LoginSession.expires_at > bindparam("moment"))
)
_OPEN_TABLES_CREATED_BY = select(func.count()).where(
    GameTable.created_by == bindparam("player_id"), GameTable.status.in_(["waiting", "playing"])
)
_SEATS_OF_TABLE = (  # `SeatRecord`'s fields as columns: loading `TableSeat` objects cost more
    select(
        TableSeat.seat,
        TableSeat.player_id,
        Player.name,
        TableSeat.bot,
        TableSeat.bot_level,
        TableSeat.stand_in,
        TableSeat.stand_in_level,
    )
    .outerjoin(Player, Player.id == TableSeat.player_id)
    .where(TableSeat.table_id == bindparam("table_id"))
    .order_by(TableSeat.seat)
)
_INSERT_SEAT = insert(TableSeat)
_TAKE_SEAT = (
    update(TableSeat)
    .where(TableSeat.table_id == bindparam("taken_table"), TableSeat.seat == bindparam("taken_seat"))
    .where(TableSeat.player_id.is_(None), TableSeat.bot.is_(None))
    .values(player_id=bindparam("taker"))
)
_INSERT_MOVE = insert(Move)
_MOVE_COLUMNS = ("table_id", "seq", "seat", "action_id", "created_at")
_TOUCH_TABLE = (
    update(GameTable)
    .where(GameTable.id == bindparam("moved_table"))
    .values(last_move_at=bindparam("moved_at"))
)


@dataclasses.dataclass(frozen=True)
class _MoveStatements:
    """The two statements of every batch, compiled once for the store's database.

    Building them cost more CPU than running them, and so did running them as Core
    statements (`driver_sql.py`).
    """

    insert: DriverStatement
    touch: DriverStatement

    @classmethod
    def for_dialect(cls, dialect: Dialect) -> _MoveStatements:
        return cls(
            DriverStatement.compiled(_INSERT_MOVE, dialect, _MOVE_COLUMNS),
            DriverStatement.compiled(_TOUCH_TABLE, dialect),
        )

    def write(self, connection: Connection, moves: Sequence[NewMove], created: datetime) -> None:
        """The batch's rows in two statements (one INSERT and one UPDATE, each executemany).

        No ORM objects: this is the hot path of every move, and the ORM's unit of work cost
        more CPU than the database did (`tabletop bench writes`).
        """
        self.insert.execute(
            connection,
            [
                {
                    "table_id": move.table_id,
                    "seq": move.seq,
                    "seat": move.seat,
                    "action_id": move.action_id,
                    "created_at": created,
                }
                for move in moves
            ],
        )
        moved = dict.fromkeys(move.table_id for move in moves)
        self.touch.execute(connection, [{"moved_table": table_id, "moved_at": created} for table_id in moved])


def _finish(session: Session, table_id: str, result: Outcome, finished: datetime) -> None:
    """Marks the table finished and, in the same transaction, updates ratings or solo records.

    Every end of a table comes here: a final move (`Store.append_moves`) and a forfeit that ends
    the game (`leave_game`). The status changes under the database's write lock only if it
    was not "finished" yet, so a second end (on SQLite a racing `leave_game` reads the status
    before its transaction begins) raises `TableFinished` and rolls back; the rating rows'
    primary key backs that up.
    """
    ended = session.execute(
        update(GameTable)
        .where(GameTable.id == table_id, GameTable.status != "finished")
        .values(
            status="finished",
            finished_at=finished,
            result={"scores": list(result.scores), "ranks": list(result.ranks), "reason": result.reason},
        )
    )
    if ended.rowcount != 1:  # type: ignore[attr-defined]
        raise TableFinished(f"table {table_id} has already finished")
    ratings.record_result(session, _get_table(session, table_id), result, finished)


def _free_name(session: Session, name: str) -> str:
    """`name` if no player shows it, else its first free numbered variant."""
    if session.scalar(select(Player.id).where(Player.name_key == name_key(name))) is None:
        return name
    prefix = name_key(name)[: NAME_LENGTH // 2]  # numbered variants may cut the end of a long name
    taken = set(
        session.scalars(select(Player.name_key).where(Player.name_key.startswith(prefix, autoescape=True)))
    )
    return next_free_name(name, taken)


def _check_name_free(session: Session, name: str, player_id: int) -> None:
    holder = session.scalar(select(Player.id).where(Player.name_key == name_key(name)))
    if holder is not None and holder != player_id:
        raise NameTaken(f"the name {name!r} is taken; choose another")


def _player_record(player: Player) -> PlayerRecord:
    return PlayerRecord(player.id, player.name, player.username)


def _table_record(session: Session, row: GameTable) -> TableRecord:
    seats = session.execute(_SEATS_OF_TABLE, {"table_id": row.id}).all()
    return TableRecord(
        id=row.id,
        game_id=row.game_id,
        options=dict(row.options),
        seed=row.seed,
        players=row.players,
        mode=row.mode,  # type: ignore[arg-type]
        status=row.status,  # type: ignore[arg-type]
        created_by=row.created_by,
        created_at=_utc(row.created_at),
        started_at=None if row.started_at is None else _utc(row.started_at),
        finished_at=None if row.finished_at is None else _utc(row.finished_at),
        result=_outcome(row.result),
        seats=tuple(SeatRecord(*seat) for seat in seats),
        clock=None if row.clock is None else dict(row.clock),
        forfeits=tuple(Forfeit(int(f["seat"]), str(f["reason"]), int(f["seq"])) for f in row.forfeits or ()),
        rematch_of=row.rematch_of,
        last_move_at=None if row.last_move_at is None else _utc(row.last_move_at),
        rated=row.rated,
        rating_changes=_rating_changes(session, row),
        origin=_origin(row),
    )


def _origin(row: GameTable) -> TableOrigin | None:
    if row.origin_table_id is None or row.origin_move is None or row.start is None:
        return None
    return TableOrigin(row.origin_table_id, row.origin_move, dict(row.start))


def _rating_changes(session: Session, row: GameTable) -> tuple[RatingDelta, ...]:
    if not row.rated or row.status != "finished":
        return ()
    deltas = profiles.table_deltas(session, [row.id])
    return tuple(delta for _, delta in sorted(deltas.items()))


def _outcome(result: dict[str, Any] | None) -> Outcome | None:
    if result is None:
        return None
    return Outcome(tuple(result["scores"]), tuple(result["ranks"]), str(result["reason"]))
