"""Database access for Parlour: aiosqlite by default, numbered SQL migrations, one interface."""

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
    "Store",
    "StoreClosed",
    "StoreError",
    "StoreUnavailable",
    "TableRow",
    "UnusableDatabase",
    "VersionConflict",
]
