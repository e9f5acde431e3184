"""Database access for Parlour: aiosqlite by default, PostgreSQL (asyncpg) for several
processes, numbered SQL migrations for both, one interface (`TableStore`)."""

from bot.store.base import TableStore, is_postgres_url, open_store
from bot.store.errors import (
    ChannelTaken,
    CorruptDatabase,
    DatabaseGone,
    StoreClosed,
    StoreError,
    StoreUnavailable,
    UnusableDatabase,
    VersionConflict,
)
from bot.store.migrate import MigrationError
from bot.store.rows import (
    GLOBAL_SCOPE,
    ActionRow,
    Finish,
    RatingRow,
    ResultRow,
    SeatRow,
    ShardSet,
    TableRow,
)
from bot.store.sqlite import Store

__all__ = [
    "GLOBAL_SCOPE",
    "ActionRow",
    "ChannelTaken",
    "CorruptDatabase",
    "DatabaseGone",
    "Finish",
    "MigrationError",
    "RatingRow",
    "ResultRow",
    "SeatRow",
    "ShardSet",
    "Store",
    "StoreClosed",
    "StoreError",
    "StoreUnavailable",
    "TableRow",
    "TableStore",
    "UnusableDatabase",
    "VersionConflict",
    "is_postgres_url",
    "open_store",
]
