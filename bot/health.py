"""Is the bot healthy? The running bot writes its gateway state; `python -m bot health` reads it.

A health check that only opens the database calls a bot healthy that lost Discord for good. So
the bot keeps a small JSON file beside its database, ``{"gateway": "connected", "at": ...}``,
rewritten on every change of the gateway's state and every `BEAT_INTERVAL_S` while it runs. The
check fails when the gateway is not connected, or when the file is older than `STALE_AFTER_S`
(the process or its event loop is stuck), or when the database cannot be opened.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Literal

from bot.store.rows import ShardSet

log = logging.getLogger(__name__)

BEAT_INTERVAL_S = 15.0
STALE_AFTER_S = 90.0
"""Six missed beats: long enough for a busy machine, short beside Docker's 60 s interval."""

GatewayState = Literal["starting", "connecting", "connected", "disconnected", "closed"]
Clock = Callable[[], float]


def health_path(database_path: Path, shards: ShardSet | None = None) -> Path:
    """Where the bot with this database writes its heartbeat; a sharded process's file is
    named after its shards, so processes sharing a folder each keep their own."""
    if shards is None:
        return database_path.with_name(database_path.name + ".health.json")
    ids = "-".join(str(i) for i in sorted(shards.ids))
    return database_path.with_name(f"{database_path.name}.shards-{ids}.health.json")


class Heartbeat:
    """The bot's side: remember the gateway state and write it, with the time, to ``path``."""

    def __init__(self, path: Path, *, clock: Clock = time.time) -> None:
        self.path = path
        self.clock = clock
        self.state: GatewayState = "starting"
        self.since = clock()

    def set(self, state: GatewayState) -> None:
        if state != self.state:
            self.state = state
            self.since = self.clock()
        self.beat()

    def beat(self) -> None:
        """Best effort: a failed write shows up as a stale heartbeat, which is the truth."""
        record = {"gateway": self.state, "since": self.since, "at": self.clock()}
        try:
            partial = self.path.with_name(self.path.name + ".tmp")
            partial.write_text(json.dumps(record), encoding="utf-8")
            partial.replace(self.path)
        except OSError as exc:
            log.warning("could not write the heartbeat %s: %s", self.path, exc)

    async def run(self, interval_s: float = BEAT_INTERVAL_S) -> None:
        """Beat until cancelled: the file's age tells the check the event loop is alive."""
        while True:
            self.beat()
            await asyncio.sleep(interval_s)


def problem(
    database_path: Path, *, now: float, stale_after_s: float = STALE_AFTER_S,
    database_url: str | None = None, shards: ShardSet | None = None,
) -> str | None:
    """Why the bot with this database is unhealthy (one line), or None when it is healthy.
    With ``database_url`` the PostgreSQL server must answer; the heartbeat is still beside
    ``database_path`` (named after ``shards`` when sharded)."""
    if database_url is not None:
        trouble = _postgres_problem(database_url)
        if trouble is not None:
            return trouble
    else:
        try:
            with closing(sqlite3.connect(f"file:{database_path}?mode=ro", uri=True)) as conn:
                conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.Error as exc:
            return f"cannot open the database {database_path}: {exc}"
    path = health_path(database_path, shards)
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        state, at, since = str(record["gateway"]), float(record["at"]), float(record["since"])
    except FileNotFoundError:
        return f"no heartbeat at {path}: the bot has not started (or runs elsewhere)"
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return f"unreadable heartbeat {path}: {exc}"
    age = now - at
    if age > stale_after_s:
        return f"the heartbeat is {age:.0f} s old: the bot is stuck or not running"
    if state != "connected":
        return f"the Discord gateway is {state} (for {now - since:.0f} s)"
    return None


def _postgres_problem(url: str) -> str | None:
    import asyncpg

    from bot.store.postgres import where_is

    async def ask() -> None:
        conn = await asyncpg.connect(url, timeout=3)
        try:
            await conn.fetchval("SELECT 1")
        finally:
            await conn.close()

    try:
        asyncio.run(ask())
    except Exception as exc:
        return f"cannot reach the PostgreSQL database {where_is(url)}: {exc}"
    return None
