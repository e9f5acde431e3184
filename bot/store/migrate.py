"""Numbered SQL migrations, applied in order, each in its own transaction, with a checksum: one
runner (`run`) for SQLite and PostgreSQL, each reached through a `Ledger`.

A migration that was applied and then edited is refused: the database was built from the old
text, so silently skipping it would leave the schema different from what the file says. Add a new
numbered file instead.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

import aiosqlite

from bot.store.errors import UnusableDatabase

DEFAULT_MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"

_NAME = re.compile(r"^(\d{4})_[A-Za-z0-9_\-]+\.sql$")

LEDGER = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    checksum   TEXT NOT NULL,
    applied_at TEXT NOT NULL
)
"""


class MigrationError(UnusableDatabase):
    """The database and the migrations directory disagree; the message says how to fix it."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str

    @property
    def checksum(self) -> str:
        # Line endings are normalised so a checkout on Windows does not count as an edit.
        text = self.sql.replace("\r\n", "\n")
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def discover(directory: Path) -> list[Migration]:
    """The migrations in ``directory`` sorted by number; a duplicate number is an error."""
    if not directory.is_dir():
        raise MigrationError(f"Migrations directory {directory} does not exist.")
    found: dict[int, Migration] = {}
    for path in sorted(directory.glob("*.sql")):
        match = _NAME.match(path.name)
        if not match:
            raise MigrationError(
                f"Migration file {path.name} is not named NNNN_description.sql."
            )
        version = int(match.group(1))
        if version in found:
            raise MigrationError(
                f"Two migrations share number {version:04d}: {found[version].name} and {path.name}."
            )
        found[version] = Migration(version, path.name, path.read_text(encoding="utf-8"))
    return [found[v] for v in sorted(found)]


class Ledger(Protocol):
    """What the runner needs of a database: its ledger, and a way to apply one migration."""

    async def applied(self) -> dict[int, tuple[str, str]]:
        """Make the ledger if there is none; version -> (name, checksum) of those applied."""
        ...

    async def apply(self, migration: Migration, row: tuple[int, str, str, str]) -> None:
        """Run ``migration`` (in this database's dialect) and insert the ledger ``row`` in
        one transaction; roll back and raise if either fails."""
        ...


LEDGER_INSERT = ("INSERT INTO schema_migrations (version, name, checksum, applied_at)"
                 " VALUES (?, ?, ?, ?)")


async def run(ledger: Ledger, directory: Path) -> list[str]:
    """Apply every pending migration through ``ledger``; return the names applied now."""
    applied = await ledger.applied()
    migrations = discover(directory)
    on_disk = {m.version for m in migrations}
    missing = sorted(set(applied) - on_disk)
    if missing:
        names = ", ".join(applied[v][0] for v in missing)
        raise MigrationError(
            f"The database has migrations that are not in {directory}: {names}. "
            "Is this an older checkout of Parlour than the one that created the database?"
        )
    done: list[str] = []
    for migration in migrations:
        if migration.version in applied:
            checksum = applied[migration.version][1]
            if checksum != migration.checksum:
                raise MigrationError(
                    f"Migration {migration.name} was edited after it was applied to this "
                    f"database (recorded checksum {checksum[:12]}…, file now "
                    f"{migration.checksum[:12]}…). Applied migrations must never change: "
                    "restore the file and put the change in a new numbered migration."
                )
            continue
        row = (migration.version, migration.name, migration.checksum,
               datetime.now(UTC).isoformat())
        try:
            await ledger.apply(migration, row)
        except MigrationError:
            raise
        except Exception as exc:
            raise MigrationError(
                f"Migration {migration.name} failed and was rolled back: {exc}"
            ) from exc
        done.append(migration.name)
    return done


class SQLiteLedger:
    """The ledger on an aiosqlite connection: the migrations run as written."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def applied(self) -> dict[int, tuple[str, str]]:
        await self._conn.execute(LEDGER)
        await self._conn.commit()
        async with self._conn.execute(
            "SELECT version, name, checksum FROM schema_migrations"
        ) as cur:
            return {row[0]: (row[1], row[2]) for row in await cur.fetchall()}

    async def apply(self, migration: Migration, row: tuple[int, str, str, str]) -> None:
        conn = self._conn
        try:
            # executescript commits anything pending first, then runs the script; the explicit
            # BEGIN keeps the DDL and the ledger row in one transaction.
            await conn.executescript("BEGIN;\n" + migration.sql)
            await conn.execute(LEDGER_INSERT, row)
            await conn.commit()
        except BaseException:
            if conn.in_transaction:
                await conn.rollback()
            raise


async def migrate(conn: aiosqlite.Connection, directory: Path) -> list[str]:
    """Apply every pending migration to a SQLite database; return the names applied now."""
    return await run(SQLiteLedger(conn), directory)
