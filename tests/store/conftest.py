"""The store's tests run against both backends: ``backend`` is SQLite (a fresh file) and
PostgreSQL (a fresh schema on the test server, dropped after; skipped with one line when no
server answers, see `tests.postgres`)."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from contextlib import closing, suppress
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.store import TableStore
from bot.store.postgres import PostgresStore
from bot.store.sqlite import Store
from tests.postgres import Schemas, require_server


class Backend:
    """Opens stores of one kind; ``name`` picks the database, so the same name reopens it."""

    name: str
    integrity: type[Exception]
    """What a broken constraint raises (the driver's own error: a bug, not a fault)."""

    def __init__(self) -> None:
        self.opened: list[TableStore] = []

    async def open(self, name: str = "db", **kw: Any) -> TableStore:
        store = await self._open(name, **kw)
        self.opened.append(store)
        return store

    async def _open(self, name: str, **kw: Any) -> TableStore:
        raise NotImplementedError

    async def query(self, name: str, sql: str) -> list[tuple[Any, ...]]:
        """Rows of ``sql`` read straight from database ``name``, past the store."""
        raise NotImplementedError

    async def table_names(self, name: str) -> set[str]:
        raise NotImplementedError

    async def close(self) -> None:
        for store in self.opened:
            with suppress(Exception):
                await store.close()


class SQLiteBackend(Backend):
    name = "sqlite"
    integrity = sqlite3.IntegrityError

    def __init__(self, directory: Path) -> None:
        super().__init__()
        self.directory = directory

    def path(self, name: str) -> Path:
        return self.directory / f"{name}.sqlite3"

    async def _open(self, name: str, **kw: Any) -> TableStore:
        return await Store.open(self.path(name), **kw)

    async def query(self, name: str, sql: str) -> list[tuple[Any, ...]]:
        with closing(sqlite3.connect(self.path(name))) as raw:
            return raw.execute(sql).fetchall()

    async def table_names(self, name: str) -> set[str]:
        rows = await self.query(name, "SELECT name FROM sqlite_master WHERE type = 'table'")
        return {r[0] for r in rows}


class PostgresBackend(Backend):
    name = "postgres"
    integrity = asyncpg.IntegrityConstraintViolationError

    def __init__(self, schemas: Schemas) -> None:
        super().__init__()
        self.schemas = schemas

    async def url(self, name: str) -> str:
        return await self.schemas.new(name)

    async def _open(self, name: str, **kw: Any) -> TableStore:
        kw.pop("busy_timeout_ms", None)
        return await PostgresStore.open(await self.url(name), **kw)

    async def query(self, name: str, sql: str) -> list[tuple[Any, ...]]:
        conn = await asyncpg.connect(await self.url(name))
        try:
            return [tuple(r) for r in await conn.fetch(sql)]
        finally:
            await conn.close()

    async def table_names(self, name: str) -> set[str]:
        rows = await self.query(
            name, "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        return {r[0] for r in rows}

    async def close(self) -> None:
        await super().close()
        await self.schemas.drop_all()


@pytest.fixture(params=["sqlite", "postgres"])
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    made: Backend = (SQLiteBackend(tmp_path) if request.param == "sqlite"
                     else PostgresBackend(Schemas(require_server())))
    try:
        yield made
    finally:
        await made.close()


@pytest.fixture
async def store(backend: Backend) -> TableStore:
    return await backend.open()
