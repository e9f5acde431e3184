"""The PostgreSQL store (asyncpg pool): the same interface as the SQLite one, for several bot
processes (shards) on one database.

Every write is one transaction on one pooled connection; an action that changes nothing but the
snapshot is ONE statement (the table's UPDATE and the log's INSERT joined by a CTE), so it costs
one round trip. A write runs to its end even when its caller is cancelled, as on SQLite (where
a queued job runs regardless): the caller may be gone, the database is never left guessing.
Faults of the server or the connection come out as `StoreUnavailable`, like SQLite's.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import asyncpg

from bot.store import queries as q
from bot.store.dialect import to_postgres
from bot.store.errors import (
    ChannelTaken,
    Fault,
    StoreClosed,
    StoreUnavailable,
    UnusableDatabase,
    VersionConflict,
)
from bot.store.migrate import DEFAULT_MIGRATIONS_DIR, LEDGER, LEDGER_INSERT, Migration, run
from bot.store.queries import numbered as pg
from bot.store.queries import ts
from bot.store.rows import ActionRow, Finish, RatingRow, ResultRow, SeatRow, ShardSet, TableRow

log = logging.getLogger(__name__)

T = TypeVar("T")
Conn = asyncpg.Connection

MIGRATION_LOCK = 0x5041_524C_4F55_5201
"""The advisory lock (an arbitrary 64-bit key) held while migrating: shards starting together
migrate one after the other, and the later ones find nothing left to do."""
CONNECT_TIMEOUT_S = 10.0
COMMAND_TIMEOUT_S = 60.0
"""A statement the server has not answered by then is given up (a `busy` fault), so a hung
server refuses moves politely instead of holding them forever."""


def fault_of(exc: BaseException) -> Fault | None:
    """What kind of fault an asyncpg error is, or None for one about the data or the SQL."""
    if isinstance(exc, asyncpg.DiskFullError):
        return "full"
    if isinstance(exc, asyncpg.ReadOnlySQLTransactionError):
        return "readonly"
    if isinstance(exc, asyncpg.InsufficientResourcesError | asyncpg.TransactionRollbackError
                  | asyncpg.LockNotAvailableError | asyncpg.QueryCanceledError
                  | asyncpg.CannotConnectNowError | TimeoutError):
        return "busy"
    if isinstance(exc, asyncpg.PostgresConnectionError | asyncpg.OperatorInterventionError
                  | asyncpg.InterfaceError | OSError):
        return "io"  # the connection or the server went away; a later try may find it back
    return None


def where_is(url: str) -> str:
    """The server and database of ``url``, without its password (for messages and logs)."""
    parts = urlsplit(url)
    host = parts.hostname or "localhost"
    port = f":{parts.port}" if parts.port else ""
    return f"{host}{port}{parts.path or '/'}"


def rating_lock(game_key: str, scope: int, user_id: int) -> int:
    """The advisory lock key of one rating row (64 bits of a hash; a rare collision only makes
    two finishes wait for each other)."""
    digest = hashlib.blake2b(f"rating:{game_key}:{scope}:{user_id}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big", signed=True)


class PostgresLedger:
    """The migrations' ledger on a PostgreSQL connection: each migration translated by
    `bot.store.dialect.to_postgres`, run with its ledger row in one transaction."""

    def __init__(self, conn: Conn) -> None:
        self._conn = conn

    async def applied(self) -> dict[int, tuple[str, str]]:
        # Made only when missing: a server that takes no writes (a standby) still opens.
        if not await self._conn.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL"):
            await self._conn.execute(LEDGER)
        rows = await self._conn.fetch("SELECT version, name, checksum FROM schema_migrations")
        return {r[0]: (r[1], r[2]) for r in rows}

    async def apply(self, migration: Migration, row: tuple[int, str, str, str]) -> None:
        async with self._conn.transaction():
            await self._conn.execute(to_postgres(migration.sql))
            await self._conn.execute(pg(LEDGER_INSERT), *row)


class PostgresStore:
    """Typed access to Parlour's PostgreSQL database. Open with ``await PostgresStore.open(url)``.
    """

    path: Path | None = None
    gone = False
    """Never: a server has no file to lose (a lost connection is a `StoreUnavailable`)."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self.url = url
        self.where = where_is(url)
        self._closed = False
        self._writes: set[asyncio.Task[Any]] = set()
        self.applied: list[str] = []

    @classmethod
    async def open(
        cls, url: str, *, migrations_dir: Path | None = None, min_size: int = 1,
        max_size: int = 10,
    ) -> PostgresStore:
        """Connect, migrate (one process at a time) and return the store; a server that cannot
        be reached or used is an `UnusableDatabase` with one line for the operator."""
        try:
            pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size,
                                             timeout=CONNECT_TIMEOUT_S,
                                             command_timeout=COMMAND_TIMEOUT_S)
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError,
                ValueError) as exc:
            raise UnusableDatabase(
                f"Cannot use the PostgreSQL database {where_is(url)} ({_first_line(exc)}): "
                "check DATABASE_URL, that the server runs and that the database exists."
            ) from exc
        store = cls(pool, url)
        try:
            async with pool.acquire() as conn:
                await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
                try:
                    store.applied = await run(PostgresLedger(conn),
                                              migrations_dir or DEFAULT_MIGRATIONS_DIR)
                finally:
                    await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
        except asyncpg.PostgresError as exc:
            await pool.close()
            raise UnusableDatabase(
                f"Cannot set up the PostgreSQL database {where_is(url)} ({_first_line(exc)}): "
                "Parlour needs a database it may create tables in."
            ) from exc
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        """Close once the writes in flight are done; later calls raise `StoreClosed`."""
        self._closed = True
        if self._writes:
            await asyncio.gather(*self._writes, return_exceptions=True)
        await self._pool.close()

    async def _read(self, fn: Callable[[Conn], Awaitable[T]]) -> T:
        if self._closed:
            raise StoreClosed("the database is closed")
        try:
            async with self._pool.acquire(timeout=CONNECT_TIMEOUT_S) as conn:
                return await fn(conn)
        except Exception as exc:
            if (translated := self._translated(exc)) is exc:
                raise
            raise translated from exc

    async def _write(self, fn: Callable[[Conn], Awaitable[T]]) -> T:
        """``fn`` in one transaction, run to its end even if the caller is cancelled."""
        if self._closed:
            raise StoreClosed("the database is closed")

        async def job() -> T:
            async with self._pool.acquire(timeout=CONNECT_TIMEOUT_S) as conn, \
                    conn.transaction():
                return await fn(conn)

        task = asyncio.get_running_loop().create_task(job())
        self._writes.add(task)
        task.add_done_callback(self._finished)
        try:
            return await asyncio.shield(task)
        except Exception as exc:
            if (translated := self._translated(exc)) is exc:
                raise
            raise translated from exc

    def _finished(self, task: asyncio.Task[Any]) -> None:
        """A write is done: forget it, and look at its error (its caller may be gone: a write
        that failed after a cancellation is logged, never left unretrieved)."""
        self._writes.discard(task)
        if not task.cancelled() and (exc := task.exception()) is not None:
            log.debug("a PostgreSQL write failed: %s", _first_line(exc))

    def _translated(self, exc: Exception) -> Exception:
        if isinstance(exc, StoreClosed | VersionConflict | ChannelTaken):
            return exc
        if self._closed and isinstance(exc, asyncpg.InterfaceError):
            return StoreClosed("the database is closed")
        fault = fault_of(exc)
        if fault is None:
            return exc
        log.warning("PostgreSQL %s: %s", self.where, _first_line(exc))
        return StoreUnavailable(fault, _first_line(exc))

    # -- tables ------------------------------------------------------------------------------

    async def create_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_key: str,
        preset: str,
        options: dict[str, Any],
        players: int,
        host: SeatRow,
        seed: int,
        lobby_deadline: datetime | None,
        status: str = "lobby",
        state: str | None = None,
        turn_deadline: datetime | None = None,
        others: Sequence[SeatRow] = (),
        rematch_of: int | None = None,
        policy: dict[str, Any] | None = None,
    ) -> TableRow:
        """A new table (see `bot.store.sqlite.Store.create_table`)."""
        new = q.new_table(
            guild_id=guild_id, channel_id=channel_id, game_key=game_key, preset=preset,
            options=options, players=players, host=host, seed=seed,
            lobby_deadline=lobby_deadline, status=status, state=state,
            turn_deadline=turn_deadline, others=others, rematch_of=rematch_of, policy=policy)

        async def body(conn: Conn) -> int:
            table_id: int = await conn.fetchval(pg(q.INSERT_TABLE) + " RETURNING id",
                                                *q.insert_table_params(new, host.user_id))
            await conn.executemany(pg(q.INSERT_SEAT), q.seat_params(table_id, new.seats))
            return table_id

        try:
            table_id = await self._write(body)
        except asyncpg.UniqueViolationError as exc:
            if exc.constraint_name == "tables_one_open_per_channel":
                raise ChannelTaken(f"channel {channel_id} already has an open table") from exc
            raise
        return replace(new, id=table_id)

    async def get_table(self, table_id: int) -> TableRow | None:
        rows = await self._read(lambda conn: _tables(conn, "WHERE id = ?", (table_id,)))
        return rows[0] if rows else None

    async def open_table_in_channel(self, channel_id: int) -> TableRow | None:
        rows = await self._read(lambda conn: _tables(conn, q.OPEN_IN_CHANNEL, (channel_id,)))
        return rows[0] if rows else None

    async def open_tables(self, shards: ShardSet | None = None) -> list[TableRow]:
        """The open tables (of ``shards`` only, when given), oldest first."""
        where, params = (q.OPEN_ORDERED, ()) if shards is None else q.open_of_shards(
            shards.count, shards.ids)
        return await self._read(lambda conn: _tables(conn, where, params))

    async def finished_tables(self, game_key: str, *, user_id: int | None = None,
                              channel_id: int | None = None, limit: int = 10
                              ) -> list[TableRow]:
        where, params = q.finished_where(game_key, user_id, channel_id, limit)
        return await self._read(lambda conn: _tables(conn, where, params))

    async def save_table(self, row: TableRow, *, prev_version: int, seats: bool = True) -> None:
        """Write a changed table in one transaction."""

        async def body(conn: Conn) -> None:
            await _update_table(conn, row, prev_version)
            if seats:
                await _replace_seats(conn, row)

        await self._write(body)

    async def record_action(
        self,
        row: TableRow,
        action: ActionRow,
        *,
        prev_version: int,
        seats: bool = False,
        finish: Finish | None = None,
    ) -> None:
        """One accepted action, in ONE transaction (one statement when only the snapshot and
        the table's columns change)."""
        created_at = ts(action.created_at)
        log_row = (action.table_id, action.seq, action.seat, action.user_id, action.action,
                   action.reason, created_at)
        if not seats and finish is None:
            async def one(conn: Conn) -> None:
                status = await conn.execute(_ACTION_IN_ONE, *_table_params(row, prev_version),
                                            *log_row)
                if status.split()[-1] != "1":
                    raise _conflict(row, prev_version)

            await self._write(one)
            return

        async def body(conn: Conn) -> None:
            await _update_table(conn, row, prev_version)
            if seats:
                await _replace_seats(conn, row)
            await conn.execute(pg(q.INSERT_ACTION), *log_row)
            if finish is not None:
                await _write_finish(conn, finish)

        await self._write(body)

    async def finish_table(self, row: TableRow, *, prev_version: int, finish: Finish) -> None:
        """End a game without a final action, results and ratings included."""

        async def body(conn: Conn) -> None:
            await _update_table(conn, row, prev_version)
            await _replace_seats(conn, row)
            await _write_finish(conn, finish)

        await self._write(body)

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        await self._write(lambda conn: conn.execute(
            "UPDATE tables SET message_id = $1 WHERE id = $2", message_id, table_id))

    async def actions(self, table_id: int) -> list[ActionRow]:
        rows = await self._read(lambda conn: conn.fetch(pg(q.SELECT_ACTIONS), table_id))
        return [ActionRow(r[0], r[1], r[2], r[3], r[4], r[5], q.dt(r[6]) or q.now())
                for r in rows]

    # -- results, ratings, tallies -----------------------------------------------------------

    async def results(self, table_id: int) -> list[ResultRow]:
        rows = await self._read(lambda conn: conn.fetch(pg(q.SELECT_RESULTS), table_id))
        return [q.result_row(r) for r in rows]

    async def solo_results(
        self, game_key: str, user_id: int, preset: str | None = None
    ) -> list[ResultRow]:
        params = (game_key, user_id, *((preset,) if preset else ()))
        rows = await self._read(lambda conn: conn.fetch(pg(q.solo_results_sql(preset)),
                                                        *params))
        return [q.result_row(r) for r in rows]

    async def solo_ladder(
        self, game_key: str, preset: str, *, seed: int | None = None, limit: int = 10,
        offset: int = 0,
    ) -> list[tuple[int, str, int, int, int | None, float | None]]:
        sql, params = q.solo_ladder_query(game_key, preset, seed, limit, offset)
        rows = await self._read(lambda conn: conn.fetch(pg(sql), *params))
        return [q.solo_ladder_row(r) for r in rows]

    async def solo_ladder_size(self, game_key: str, preset: str, *,
                               seed: int | None = None) -> int:
        sql, params = q.solo_ladder_size_query(game_key, preset, seed)
        return int(await self._read(lambda conn: conn.fetchval(pg(sql), *params)))

    async def ratings(
        self, game_key: str, scope: int, user_ids: Iterable[int]
    ) -> dict[int, RatingRow]:
        ids = list(user_ids)
        if not ids:
            return {}
        rows = await self._read(lambda conn: conn.fetch(
            pg(q.ratings_sql(len(ids))), game_key, scope, *ids))
        return {r[2]: RatingRow(*r) for r in rows}

    async def leaderboard(
        self, game_key: str, scope: int, limit: int, *, offset: int = 0, by: str | None = None,
        season: str | None = None,
    ) -> list[tuple[RatingRow, dict[str, float]]]:
        """One page of a ladder with each player's tallies (see the SQLite store's)."""

        async def body(conn: Conn) -> list[tuple[RatingRow, dict[str, float]]]:
            if season is None and by is None:
                sql, params = q.LADDER_BY_RATING, (game_key, scope, limit, offset)
            else:
                sql, params = q.ladder_by_tally(game_key, scope, season, by, limit, offset)
            ratings = [RatingRow(*r) for r in await conn.fetch(pg(sql), *params)]
            if not ratings:
                return []
            sql, params = q.tallies_of_query(game_key, scope, season,
                                             [r.user_id for r in ratings])
            tallies = q.by_user(await conn.fetch(pg(sql), *params))
            return [(r, tallies.get(r.user_id, {})) for r in ratings]

        return await self._read(body)

    async def ladder_size(
        self, game_key: str, scope: int, *, by: str | None = None, season: str | None = None
    ) -> int:
        if season is None and by is None:
            sql, params = q.LADDER_SIZE, (game_key, scope)
        else:
            sql, params = q.ladder_by_tally_size(game_key, scope, season, by)
        return int(await self._read(lambda conn: conn.fetchval(pg(sql), *params)))

    async def season_tallies(
        self, user_id: int, scope: int, season: str
    ) -> dict[str, dict[str, float]]:
        rows = await self._read(lambda conn: conn.fetch(pg(q.SEASON_TALLIES), user_id, scope,
                                                        season))
        out: dict[str, dict[str, float]] = {}
        for game_key, key, value in rows:
            out.setdefault(game_key, {})[key] = value
        return out

    async def user_ladders(
        self, user_id: int, scope: int
    ) -> tuple[dict[str, RatingRow], dict[str, dict[str, float]]]:
        async def body(conn: Conn) -> tuple[dict[str, RatingRow], dict[str, dict[str, float]]]:
            ratings = {r[0]: RatingRow(*r)
                       for r in await conn.fetch(pg(q.USER_RATINGS), user_id, scope)}
            tallies: dict[str, dict[str, float]] = {}
            for game_key, key, value in await conn.fetch(pg(q.USER_TALLIES), user_id, scope):
                tallies.setdefault(game_key, {})[key] = value
            return ratings, tallies

        return await self._read(body)

    # -- settings ----------------------------------------------------------------------------

    async def get_setting(self, scope: str, scope_id: int, key: str, default: Any = None) -> Any:
        value = await self._read(lambda conn: conn.fetchval(pg(q.GET_SETTING), scope, scope_id,
                                                            key))
        return json.loads(value) if value is not None else default

    async def settings(self, scope: str, scope_id: int) -> dict[str, Any]:
        rows = await self._read(lambda conn: conn.fetch(pg(q.SETTINGS), scope, scope_id))
        return {k: json.loads(v) for k, v in rows}

    async def set_setting(self, scope: str, scope_id: int, key: str, value: Any) -> None:
        text = json.dumps(value)
        await self._write(lambda conn: conn.execute(
            pg(q.SET_SETTING), scope, scope_id, key, text, ts(q.now())))

    async def add_setting(self, scope: str, scope_id: int, key: str, value: Any) -> Any:
        """Store ``value`` unless the key holds one already; return the value kept."""
        text = json.dumps(value)

        async def body(conn: Conn) -> Any:
            await conn.execute(pg(q.ADD_SETTING), scope, scope_id, key, text, ts(q.now()))
            return json.loads(await conn.fetchval(pg(q.GET_SETTING), scope, scope_id, key))

        return await self._write(body)

    async def delete_setting(self, scope: str, scope_id: int, key: str) -> None:
        await self._write(lambda conn: conn.execute(pg(q.DELETE_SETTING), scope, scope_id, key))


# -- statements --------------------------------------------------------------------------------

_SET_TABLE = (
    "UPDATE tables SET version = $1, state = $2, updated_at = $3, status = $4, end_reason = $5,"
    " host_id = $6, message_id = $7, turn_deadline = $8, lobby_deadline = $9"
    " WHERE id = $10 AND version = $11"
)
_ACTION_IN_ONE = (
    f"WITH t AS ({_SET_TABLE} RETURNING id)"
    " INSERT INTO actions (table_id, seq, seat, user_id, action, reason, created_at)"
    " SELECT $12::bigint, $13::bigint, $14::bigint, $15::bigint, $16::text, $17::text,"
    " $18::text FROM t"
)


def _table_params(row: TableRow, prev_version: int) -> tuple[Any, ...]:
    return (row.version, row.state, ts(row.updated_at), row.status, row.end_reason, row.host_id,
            row.message_id, ts(row.turn_deadline), ts(row.lobby_deadline), row.id, prev_version)


def _conflict(row: TableRow, prev_version: int) -> VersionConflict:
    return VersionConflict(
        f"table {row.id} is no longer at version {prev_version}; nothing was written")


async def _update_table(conn: Conn, row: TableRow, prev_version: int) -> None:
    status = await conn.execute(_SET_TABLE, *_table_params(row, prev_version))
    if status != "UPDATE 1":
        raise _conflict(row, prev_version)


async def _replace_seats(conn: Conn, row: TableRow) -> None:
    await conn.execute(pg(q.DELETE_SEATS), row.id)
    await conn.executemany(pg(q.INSERT_SEAT), q.seat_params(row.id, row.seats))


async def _tables(conn: Conn, where: str, params: Sequence[Any]) -> list[TableRow]:
    rows = await conn.fetch(pg(f"SELECT {q.TABLE_COLS} FROM tables {where}"), *params)
    if not rows:
        return []
    seats: dict[int, list[SeatRow]] = {}
    for s in await conn.fetch(
        f"SELECT {q.SEAT_COLS} FROM seats WHERE table_id = ANY($1::bigint[])"
        " ORDER BY table_id, seat", [r[0] for r in rows],
    ):
        seats.setdefault(s[0], []).append(q.seat_row(s))
    return [q.table_row(r, seats.get(r[0], ())) for r in rows]


async def _write_finish(conn: Conn, finish: Finish) -> None:
    """The finish's rows. With `Finish.rate`, each rated player's rating is locked (an
    advisory lock per row, taken in one order by every finisher, held to the commit) before it
    is read, so a finish running at the same time in another process waits and then reads what
    this one wrote: no update is lost, none counted twice."""
    await conn.executemany(pg(q.INSERT_RESULT), q.result_params(finish))
    stored: dict[int, dict[int, RatingRow]] = {}
    keys = q.rating_keys(finish)
    if finish.rate is not None and keys:
        locks = sorted({rating_lock(*key) for key in keys})
        for lock in locks:
            await conn.execute("SELECT pg_advisory_xact_lock($1)", lock)
        rows = await conn.fetch(
            f"SELECT {q.RATING_COLS} FROM ratings WHERE (game_key, scope, user_id) IN"
            " (SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[]))",
            [k[0] for k in keys], [k[1] for k in keys], [k[2] for k in keys],
        )
        stored = q.stored_by_scope(RatingRow(*r) for r in rows)
    await conn.executemany(pg(q.UPSERT_RATING),
                           q.rating_params(q.rated(finish, stored), ts(q.now())))
    tallies, season_tallies = q.tally_params(finish)
    await conn.executemany(pg(q.ADD_TALLY), tallies)
    await conn.executemany(pg(q.ADD_SEASON_TALLY), season_tallies)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:200]
