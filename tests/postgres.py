"""PostgreSQL for tests: the server's URL, and a fresh schema per test, dropped after.

The URL is ``PARLOUR_TEST_DATABASE_URL`` (default: the local server, user postgres). With no
server answering there, the PostgreSQL cases are skipped with one line saying how to run them;
CI sets ``PARLOUR_REQUIRE_POSTGRES=1``, which makes that a failure instead of a skip.
"""

from __future__ import annotations

import asyncio
import functools
import os
import secrets
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlencode, urlsplit, urlunsplit

import asyncpg
import pytest

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
HOW = ("PostgreSQL cases skipped: no server at {where}. Run them with a server there, or set "
       "PARLOUR_TEST_DATABASE_URL=postgresql://user@host:port/db")


skipped: list[str] = []
"""The one line the run's summary prints when PostgreSQL cases were skipped."""


def server_url() -> str:
    return os.environ.get("PARLOUR_TEST_DATABASE_URL", DEFAULT_URL)


@functools.cache
def _reachable(url: str) -> str | None:
    """None if the server answers, else why not (asked once per test run)."""

    async def probe() -> None:
        conn = await asyncpg.connect(url, timeout=5)
        await conn.close()

    try:  # on a thread of its own: the caller may be inside a running event loop
        with ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, probe()).result()
    except Exception as exc:
        return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return None


def require_server() -> str:
    """The server's URL, or skip (fail, under ``PARLOUR_REQUIRE_POSTGRES=1``) the test."""
    url = server_url()
    problem = _reachable(url)
    if problem is not None:
        parts = urlsplit(url)
        line = HOW.format(where=f"{parts.hostname}:{parts.port or 5432}")
        if os.environ.get("PARLOUR_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"{line} ({problem})")
        if not skipped:
            skipped.append(line)
        pytest.skip(line)
    return url


def with_schema(url: str, schema: str) -> str:
    """``url`` whose connections work in ``schema`` (asyncpg passes the query on as a server
    setting)."""
    parts = urlsplit(url)
    query = "&".join(p for p in (parts.query, urlencode({"search_path": schema})) if p)
    return urlunsplit(parts._replace(query=query))


class Schemas:
    """Fresh schemas on one server, each named at random and dropped by `drop_all`."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.prefix = f"parlour_t{secrets.token_hex(5)}"
        self.made: list[str] = []

    async def new(self, name: str = "db") -> str:
        """The URL of schema ``name`` (made on first use; the same URL after)."""
        schema = f"{self.prefix}_{name}".lower()
        if schema not in self.made:
            conn = await asyncpg.connect(self.url)
            try:
                await conn.execute(f'CREATE SCHEMA "{schema}"')
            finally:
                await conn.close()
            self.made.append(schema)
        return with_schema(self.url, schema)

    async def drop_all(self) -> None:
        if not self.made:
            return
        conn = await asyncpg.connect(self.url)
        try:
            for schema in self.made:
                await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        finally:
            await conn.close()
        self.made.clear()
