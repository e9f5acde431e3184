"""Moving a SQLite database into an empty PostgreSQL one (``python -m bot copy-to-postgres``):
how an existing Parlour goes sharded without losing its games, ratings and settings.

The SQLite file is only read (opened read-only), and must be at the schema this Parlour builds
(start Parlour on it once first if it is older). Everything is copied in one transaction, so a
failure leaves the PostgreSQL database as empty as it was; the table ids go on from the largest.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from bot.store.errors import UnusableDatabase
from bot.store.migrate import DEFAULT_MIGRATIONS_DIR, discover
from bot.store.postgres import PostgresStore, where_is

TABLES = ("tables", "seats", "actions", "results", "ratings", "tallies", "season_tallies",
          "settings")
"""In an order the foreign keys accept (a table's rows before its seats, actions, results)."""


Rows = tuple[list[str], list[tuple[Any, ...]]]
"""A table's columns and its rows."""


class CopyRefused(UnusableDatabase):
    """The copy cannot start as things are; the message says why and what to do."""


def _read_source(path: Path, migrations_dir: Path) -> dict[str, Rows]:
    """Every row of the SQLite database at ``path``: table -> (columns, rows)."""
    if not path.is_file():
        raise CopyRefused(f"There is no SQLite database at {path} (DATABASE_PATH).")
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as raw:
            applied = {r[0] for r in raw.execute("SELECT name FROM schema_migrations")}
            wanted = {m.name for m in discover(migrations_dir)}
            if applied != wanted:
                raise CopyRefused(
                    f"The SQLite database {path} is not at this Parlour's schema (it has "
                    f"{len(applied)} of {len(wanted)} migrations): start Parlour on it once, "
                    "then copy.")
            out: dict[str, Rows] = {}
            for table in TABLES:
                columns = [r[1] for r in raw.execute(f"PRAGMA table_info({table})")]
                rows = raw.execute(f"SELECT {', '.join(columns)} FROM {table}").fetchall()
                out[table] = (columns, rows)
            return out
    except sqlite3.DatabaseError as exc:
        raise CopyRefused(f"Cannot read the SQLite database {path}: {exc}") from exc


async def copy_to_postgres(path: Path, url: str, *,
                           migrations_dir: Path | None = None) -> dict[str, int]:
    """Copy the SQLite database at ``path`` into the empty PostgreSQL database at ``url``;
    rows copied per table."""
    migrations = migrations_dir or DEFAULT_MIGRATIONS_DIR
    source = _read_source(path, migrations)
    store = await PostgresStore.open(url, migrations_dir=migrations)
    try:
        async with store._pool.acquire() as conn, conn.transaction():
            for table in TABLES:
                if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table})"):
                    raise CopyRefused(
                        f"The PostgreSQL database {where_is(url)} already has data (in "
                        f"{table}): copy only into an empty one.")
            for table in TABLES:
                columns, rows = source[table]
                if rows:
                    await conn.copy_records_to_table(table, records=rows, columns=columns)
            await conn.execute(
                "SELECT setval(pg_get_serial_sequence('tables', 'id'),"
                " COALESCE((SELECT MAX(id) FROM tables), 0) + 1, false)")
    finally:
        await store.close()
    return {table: len(source[table][1]) for table in TABLES}
