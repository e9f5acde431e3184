"""Database access for Parlour: aiosqlite by default, numbered SQL migrations, one interface."""

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
from bot.store.sqlite import ChannelTaken, Store, StoreError, VersionConflict

__all__ = [
    "GLOBAL_SCOPE",
    "ActionRow",
    "ChannelTaken",
    "Finish",
    "MigrationError",
    "RatingRow",
    "ResultRow",
    "SeatRow",
    "Store",
    "StoreError",
    "TableRow",
    "VersionConflict",
]
