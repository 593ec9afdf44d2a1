"""Storage: players, tables, seats, the move log, chat and ratings (SQLAlchemy 2 + Alembic).

The move log is the truth: a table's position is rebuilt by replaying it. `Store.open(url)`
connects and migrates; `database_url(data_dir)` picks SQLite in the data directory unless
`TABLETOP_DATABASE_URL` names another database (PostgreSQL).
"""

from tabletop.store.database import DATABASE_URL_VARIABLE, database_url
from tabletop.store.records import (
    MODES,
    OPEN_STATUSES,
    AlreadySeated,
    ChatRecord,
    Forfeit,
    GameCount,
    LeaderboardEntry,
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
    SeatSpec,
    SeatTaken,
    SoloBest,
    StoreError,
    TableFinished,
    TableMode,
    TableRecord,
    TableStatus,
    UsernameTaken,
)
from tabletop.store.store import Store, is_table_id

__all__ = [
    "DATABASE_URL_VARIABLE",
    "MODES",
    "OPEN_STATUSES",
    "AlreadySeated",
    "ChatRecord",
    "Forfeit",
    "GameCount",
    "LeaderboardEntry",
    "MoveConflict",
    "MoveRecord",
    "NameTaken",
    "NewMove",
    "NewTable",
    "NotFound",
    "PlayedGame",
    "PlayerRecord",
    "RatingDelta",
    "RatingPoint",
    "RatingRecord",
    "SeatRecord",
    "SeatSpec",
    "SeatTaken",
    "SoloBest",
    "Store",
    "StoreError",
    "TableFinished",
    "TableMode",
    "TableRecord",
    "TableStatus",
    "UsernameTaken",
    "database_url",
    "is_table_id",
]
