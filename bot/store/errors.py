"""The store's own errors. Not refusals: the service turns them into those (or into a one-line
message for the operator at start)."""

from __future__ import annotations

import sqlite3
from typing import Literal


class StoreError(RuntimeError):
    """Base of the store's own errors."""


class ChannelTaken(StoreError):
    """The channel already has an open table (the unique index said so)."""


class VersionConflict(StoreError):
    """The table's version in the database is not the one the writer started from."""


class StoreClosed(StoreError):
    """The store was closed (the bot is shutting down); nothing was read or written."""


Fault = Literal["busy", "full", "io", "readonly", "corrupt", "gone"]


class StoreUnavailable(StoreError):
    """The database could not do this now, for a reason outside the data (locked past the busy
    timeout, disk full, an I/O error, the file removed). Nothing was written; a ``busy`` or
    ``full`` write may well succeed later."""

    def __init__(self, fault: Fault, detail: str) -> None:
        super().__init__(f"{fault}: {detail}")
        self.fault: Fault = fault


class DatabaseGone(StoreUnavailable):
    """The database file was removed or replaced while the store had it open: anything written
    now would go into a file nobody will open again, so every write is refused."""

    def __init__(self, detail: str) -> None:
        super().__init__("gone", detail)


class UnusableDatabase(StoreError):
    """The database cannot be opened as it is. ``str()`` is one line for the operator that says
    what is wrong and what to do; the file was not written to."""


class CorruptDatabase(UnusableDatabase):
    """The file is not a SQLite database, or SQLite's own check finds it damaged."""


# SQLite's primary result codes (the low byte of an extended code) that mean "not now".
_FAULTS: dict[int, Fault] = {
    5: "busy",  # SQLITE_BUSY
    6: "busy",  # SQLITE_LOCKED
    8: "readonly",  # SQLITE_READONLY
    10: "io",  # SQLITE_IOERR
    11: "corrupt",  # SQLITE_CORRUPT
    13: "full",  # SQLITE_FULL
    14: "io",  # SQLITE_CANTOPEN
    26: "corrupt",  # SQLITE_NOTADB
}
_BY_TEXT: tuple[tuple[str, Fault], ...] = (
    ("locked", "busy"), ("disk is full", "full"), ("i/o error", "io"), ("readonly", "readonly"),
    ("malformed", "corrupt"), ("not a database", "corrupt"),
)


def fault_of(exc: BaseException) -> Fault | None:
    """What kind of fault a sqlite3 error is, or None for one that is about the data or the
    SQL (a bug or a constraint: not something waiting would cure)."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return None
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int) and (code & 0xFF) in _FAULTS:
        return _FAULTS[code & 0xFF]
    text = str(exc).lower()
    return next((fault for words, fault in _BY_TEXT if words in text), None)
