"""The SQLite store (aiosqlite, WAL).

Every store method runs as ONE job on aiosqlite's worker thread (`Store._run`): a transaction's
statements and its commit or rollback happen together, so statements of concurrent coroutines
never interleave inside another's transaction, a cancelled caller cannot leave one half done, and
an action costs one thread hop instead of one per statement (see ``python -m bench.store``).

An action writes two pages: its log row and the table's row, where the UPDATE sets the version,
snapshot and time and only those other columns that changed (the store remembers what it last
read or wrote), so the partial indexes on ``status`` are rewritten only when the status is, and
seats only when they changed. (A narrow snapshot table of its own was measured and was worse: a
new turn deadline, set with most actions, then cost a third page.)
"""

from __future__ import annotations

import functools
import json
import logging
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import fields, replace
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.store import queries as q
from bot.store.errors import (
    ChannelTaken,
    DatabaseGone,
    StoreClosed,
    StoreUnavailable,
    VersionConflict,
    fault_of,
)
from bot.store.migrate import DEFAULT_MIGRATIONS_DIR, migrate
from bot.store.queries import OPEN_STATUSES, now
from bot.store.queries import dt as _dt
from bot.store.queries import ts as _ts
from bot.store.rows import ActionRow, Finish, RatingRow, ResultRow, SeatRow, ShardSet, TableRow
from bot.store.sqlite_file import (
    MARKER_SUFFIX,
    check_header,
    check_integrity,
    identity,
    rescue_hint,
    warn_if_expected,
)

log = logging.getLogger(__name__)


T = TypeVar("T")
Raw = sqlite3.Connection


_MUTABLE = ("status", "end_reason", "host_id", "message_id", "turn_deadline", "lobby_deadline")
"""The ``tables`` columns a write sets only when they changed, in `_mutable`'s order."""


_Known = tuple[Any, ...]
"""What the database holds for an open table's ``tables`` row and seats, as last read or
committed by this store: the `_MUTABLE` values (deadlines as datetimes), then `_seat_values`
(`_UNKNOWN` when this store has not read or written them yet). One flat tuple of numbers,
strings and datetimes, which the garbage collector stops tracking in its next pass; a
NamedTuple or a dataclass it tracks for as long as the table is open, and walks in every full
collection (issue 15), and a nested tuple may take it a pass per level to untrack."""

Known = dict[int, _Known]
"""Open table's id -> `_Known`. Closed tables are left out, so it stays as small as the set of
open tables."""

_COLUMNS = len(_MUTABLE)
_UNKNOWN = (None,)
_SEAT_FIELDS = tuple(f.name for f in fields(SeatRow))


def _seat_values(seats: Iterable[SeatRow]) -> tuple[Any, ...]:
    """Every seat's fields, one seat after another, in one flat tuple."""
    return tuple(getattr(s, name) for s in seats for name in _SEAT_FIELDS)


class Store:
    """Typed access to Parlour's database. Open with ``await Store.open(path)``."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path
        self._identity = identity(path)
        """(device, inode) of the file opened; a write first checks the path still names it."""
        self._gone = False
        self._closed = False
        self.applied: list[str] = []
        """Migrations applied by this ``open`` (empty when the schema was current)."""
        self._known: Known = {}
        # Only touched on the worker thread (inside jobs), so it needs no lock. A write compares
        # against it to leave unchanged ``tables`` columns and seats alone; every write checks
        # and bumps the version, so an entry that another process made stale fails as a
        # VersionConflict (and is dropped) before it can hide a change. Only a change another
        # process makes without a new version (as set_message does) could be hidden by it: a
        # table is owned by one process.

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        migrations_dir: Path | None = None,
        busy_timeout_ms: int = 5000,
    ) -> Store:
        path = Path(path)
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
            check_header(path)
            warn_if_expected(path)
        conn = await aiosqlite.connect(path)
        try:
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            # Checked before anything is written (the journal mode is): a damaged file is left
            # exactly as it was found, for its owner to rescue.
            await check_integrity(conn, path)
            await conn.execute("PRAGMA journal_mode = WAL")
            # With WAL, NORMAL is durable against a process kill (only an OS crash or power loss
            # can lose the last commits) and saves an fsync per action.
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA foreign_keys = ON")
            store = cls(conn, path)
            store.applied = await migrate(conn, migrations_dir or DEFAULT_MIGRATIONS_DIR)
        except BaseException:
            await conn.close()
            raise
        store._mark()
        return store

    async def close(self) -> None:
        """Close after the jobs already queued (aiosqlite runs them first); checkpoints the WAL.
        Later calls raise `StoreClosed`."""
        self._closed = True
        await self._conn.close()

    @property
    def gone(self) -> bool:
        """True once a write found the database file removed or replaced."""
        return self._gone

    async def _run(self, fn: Callable[[Raw], T]) -> T:
        """Run ``fn(raw connection)`` as one job on the connection's worker thread.

        Uses aiosqlite's job queue (``Connection._execute``), the same one its own ``execute``
        uses; aiosqlite has no public way to run several statements as one job. A fault of the
        database rather than of the data (locked, full, I/O) comes out as `StoreUnavailable`.
        """
        if self._closed:
            raise StoreClosed("the database is closed")
        raw = self._conn._conn
        try:
            return await self._conn._execute(fn, raw)
        except sqlite3.DatabaseError as exc:
            fault = fault_of(exc)
            if fault is None:
                raise
            raise StoreUnavailable(fault, str(exc)) from exc
        except (ValueError, sqlite3.ProgrammingError) as exc:
            if self._closed:  # closed while this job waited in the queue
                raise StoreClosed("the database is closed") from exc
            raise

    def _check_file(self) -> None:
        """Refuse to write into a file nobody will open again (on the worker thread, before a
        write: one stat, a few microseconds)."""
        if self._identity is None:
            return
        if self._gone or identity(self.path) != self._identity:
            if not self._gone:
                self._gone = True
                log.error(
                    "the database file %s was removed or replaced while Parlour runs: every "
                    "change is refused from now on. Stop Parlour and restore the file from a "
                    "backup%s.", self.path, rescue_hint(self.path),
                )
            raise DatabaseGone(f"{self.path} was removed or replaced")

    def _mark(self) -> None:
        """Leave the marker that says a database lives here (best effort)."""
        if self._identity is None:
            return
        marker = self.path.with_name(self.path.name + MARKER_SUFFIX)
        if marker.exists():
            return
        try:
            marker.write_text(
                f"Parlour keeps its database {self.path.name} in this folder. If that file is "
                "missing when Parlour starts, it warns before it creates a new, empty one.\n",
                encoding="utf-8",
            )
        except OSError as exc:
            log.warning("could not write %s: %s", marker, exc)

    async def _write(
        self, fn: Callable[[Raw], T], after: Callable[[T], None] | None = None
    ) -> T:
        """``fn`` inside one transaction: committed if it returns, rolled back if it raises;
        ``after(result)`` runs on the worker thread once the commit succeeded."""

        def job(raw: Raw) -> T:
            self._check_file()
            try:
                out = fn(raw)
                raw.commit()
            except BaseException:
                raw.rollback()
                raise
            if after is not None:
                after(out)
            return out

        return await self._run(job)

    async def _write_table(
        self,
        row: TableRow,
        prev_version: int,
        then: Callable[[Raw], None] | None = None,
        *,
        seats: bool,
        updated_at: str | None = None,
    ) -> None:
        """The table's new version and snapshot, its changed columns and (if ``seats``) changed
        seats, then ``then``, in one transaction. ``updated_at`` is ``row.updated_at`` already
        formatted, when the caller has it."""
        known = self._known
        stamp = updated_at or _ts(row.updated_at)
        assert stamp is not None

        def job(raw: Raw) -> None:
            self._check_file()
            before = known.get(row.id)
            seat_values = _seat_values(row.seats) if seats else _UNKNOWN
            try:
                columns = _update_table(raw, row, prev_version,
                                        before[:_COLUMNS] if before else None, stamp)
                if seats and (before is None or before[_COLUMNS:] != seat_values):
                    _replace_seats(raw, row)
                if then is not None:
                    then(raw)
                raw.commit()
            except BaseException:
                raw.rollback()
                # Whatever failed (a conflict means another writer), start afresh next time.
                known.pop(row.id, None)
                raise
            if row.status in OPEN_STATUSES:
                if not seats:
                    seat_values = before[_COLUMNS:] if before else _UNKNOWN
                entry = (*columns, *seat_values)
                if entry != before:
                    known[row.id] = entry
            else:
                known.pop(row.id, None)

        await self._run(job)

    async def pragma(self, name: str) -> Any:
        row = await self._run(lambda raw: raw.execute(f"PRAGMA {name}").fetchone())
        return row[0] if row else None

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
        """A new table: a lobby, or (``status='playing'`` with its ``state``) a solo game
        dealt in the same transaction that creates it. ``others`` are seats besides the host's
        (a rematch's AI and kept seats), ``rematch_of`` the finished table it repeats,
        ``policy`` the server's defaults it keeps (turn timeout, AI allowed; never changed)."""
        new = q.new_table(
            guild_id=guild_id, channel_id=channel_id, game_key=game_key, preset=preset,
            options=options, players=players, host=host, seed=seed,
            lobby_deadline=lobby_deadline, status=status, state=state,
            turn_deadline=turn_deadline, others=others, rematch_of=rematch_of, policy=policy)
        known = self._known

        def body(raw: Raw) -> int:
            cur = raw.execute(q.INSERT_TABLE, q.insert_table_params(new, host.user_id))
            table_id = cur.lastrowid
            assert table_id is not None
            _insert_seats(raw, table_id, new.seats)
            return table_id

        def remember(table_id: int) -> None:
            known[table_id] = (status, None, host.user_id, None, turn_deadline, lobby_deadline,
                               *_seat_values(new.seats))

        try:
            table_id = await self._write(body, remember)
        except sqlite3.IntegrityError as exc:
            if "channel_id" in str(exc):
                raise ChannelTaken(f"channel {channel_id} already has an open table") from exc
            raise
        return replace(new, id=table_id)

    async def get_table(self, table_id: int) -> TableRow | None:
        rows = await self._run(lambda raw: _tables(raw, self._known, "WHERE id = ?",
                                                  (table_id,)))
        return rows[0] if rows else None

    async def open_table_in_channel(self, channel_id: int) -> TableRow | None:
        rows = await self._run(lambda raw: _tables(
            raw, self._known, q.OPEN_IN_CHANNEL, (channel_id,),
        ))
        return rows[0] if rows else None

    async def open_tables(self, shards: ShardSet | None = None) -> list[TableRow]:
        """The open tables (of ``shards`` only, when given), oldest first."""
        where, params = (q.OPEN_ORDERED, ()) if shards is None else q.open_of_shards(
            shards.count, shards.ids)
        return await self._run(lambda raw: _tables(raw, self._known, where, params))

    async def finished_tables(self, game_key: str, *, user_id: int | None = None,
                              channel_id: int | None = None, limit: int = 10
                              ) -> list[TableRow]:
        """Finished tables of ``game_key``, newest first: those where ``user_id`` had a seat,
        or those of ``channel_id`` (one of the two), at most ``limit``."""
        where, params = q.finished_where(game_key, user_id, channel_id, limit)
        return await self._run(lambda raw: _tables(raw, self._known, where, params))

    async def save_table(self, row: TableRow, *, prev_version: int, seats: bool = True) -> None:
        """Write a changed table (lobby changes, start, abort, hand-overs) in one transaction."""

        await self._write_table(row, prev_version, seats=seats)

    async def record_action(
        self,
        row: TableRow,
        action: ActionRow,
        *,
        prev_version: int,
        seats: bool = False,
        finish: Finish | None = None,
    ) -> None:
        """One accepted action, in ONE transaction: the log row, the snapshot and version (and
        seat changes, and the results and ratings when this action ended the game)."""

        updated_at = _ts(row.updated_at)
        assert updated_at is not None
        # The service stamps the action and the table alike: format that once.
        created_at = updated_at if action.created_at == row.updated_at else _ts(
            action.created_at)

        # The table first (in _write_table): a stale writer fails as such, before the log row.
        def body(raw: Raw) -> None:
            raw.execute(
                q.INSERT_ACTION,
                (action.table_id, action.seq, action.seat, action.user_id, action.action,
                 action.reason, created_at),
            )
            if finish is not None:
                _write_finish(raw, finish)

        await self._write_table(row, prev_version, body, seats=seats, updated_at=updated_at)

    async def finish_table(self, row: TableRow, *, prev_version: int, finish: Finish) -> None:
        """End a game without a final action (e.g. recovery), results and ratings included."""

        await self._write_table(row, prev_version, lambda raw: _write_finish(raw, finish),
                                seats=True)

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        known = self._known

        def remember(_: object) -> None:
            if (old := known.get(table_id)) is not None:
                known[table_id] = (*old[:3], message_id, *old[4:])

        await self._write(lambda raw: raw.execute(
            "UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id)
        ), remember)

    async def actions(self, table_id: int) -> list[ActionRow]:
        rows = await self._run(lambda raw: raw.execute(q.SELECT_ACTIONS, (table_id,)).fetchall())
        return [ActionRow(r[0], r[1], r[2], r[3], r[4], r[5], _dt(r[6]) or now()) for r in rows]

    # -- results, ratings, tallies -----------------------------------------------------------

    async def results(self, table_id: int) -> list[ResultRow]:
        rows = await self._run(lambda raw: raw.execute(q.SELECT_RESULTS, (table_id,)).fetchall())
        return [q.result_row(r) for r in rows]

    async def solo_results(
        self, game_key: str, user_id: int, preset: str | None = None
    ) -> list[ResultRow]:
        """One player's results of a solo game (of one variant, or all), oldest first."""
        params: tuple[Any, ...] = (game_key, user_id, *((preset,) if preset else ()))
        rows = await self._run(lambda raw: raw.execute(
            q.solo_results_sql(preset), params).fetchall())
        return [q.result_row(r) for r in rows]

    async def solo_ladder(
        self, game_key: str, preset: str, *, seed: int | None = None, limit: int = 10,
        offset: int = 0,
    ) -> list[tuple[int, str, int, int, int | None, float | None]]:
        """Players of one solo variant (of one deal when ``seed`` is given): (user id, name,
        games, wins, fewest moves in a win, best time of a win), most wins first, then fewest
        moves, then fastest."""
        sql, params = q.solo_ladder_query(game_key, preset, seed, limit, offset)
        rows = await self._run(lambda raw: raw.execute(sql, params).fetchall())
        return [q.solo_ladder_row(r) for r in rows]

    async def solo_ladder_size(self, game_key: str, preset: str, *,
                               seed: int | None = None) -> int:
        """How many players `solo_ladder` pages through."""
        sql, params = q.solo_ladder_size_query(game_key, preset, seed)
        row = await self._run(lambda raw: raw.execute(sql, params).fetchone())
        return int(row[0])

    async def ratings(
        self, game_key: str, scope: int, user_ids: Iterable[int]
    ) -> dict[int, RatingRow]:
        ids = list(user_ids)
        if not ids:
            return {}
        rows = await self._run(lambda raw: raw.execute(
            q.ratings_sql(len(ids)), (game_key, scope, *ids)).fetchall())
        return {r[2]: RatingRow(*r) for r in rows}

    async def leaderboard(
        self, game_key: str, scope: int, limit: int, *, offset: int = 0, by: str | None = None,
        season: str | None = None,
    ) -> list[tuple[RatingRow, dict[str, float]]]:
        """One page of a ladder with each player's tallies (the season's when ``season``).

        Ordered by the best conservative rating (mu - 3 sigma), then wins; or, with ``by``, by
        that tally (Skat's ``list_points``), highest first; ties by user id, so pages never
        overlap. A season's ladder is always ordered by a tally (``by``, else wins): a rating
        has no seasons.
        """

        def body(raw: Raw) -> list[tuple[RatingRow, dict[str, float]]]:
            if season is None and by is None:
                sql, params = q.LADDER_BY_RATING, (game_key, scope, limit, offset)
            else:
                sql, params = q.ladder_by_tally(game_key, scope, season, by, limit, offset)
            ratings = [RatingRow(*r) for r in raw.execute(sql, params).fetchall()]
            if not ratings:
                return []
            sql, params = q.tallies_of_query(game_key, scope, season,
                                             [r.user_id for r in ratings])
            tallies = q.by_user(raw.execute(sql, params).fetchall())
            return [(r, tallies.get(r.user_id, {})) for r in ratings]

        return await self._run(body)

    async def ladder_size(
        self, game_key: str, scope: int, *, by: str | None = None, season: str | None = None
    ) -> int:
        """How many players `leaderboard` with the same ``by`` and ``season`` pages through."""
        if season is None and by is None:
            sql, params = q.LADDER_SIZE, (game_key, scope)
        else:
            sql, params = q.ladder_by_tally_size(game_key, scope, season, by)
        row = await self._run(lambda raw: raw.execute(sql, params).fetchone())
        return int(row[0])

    async def season_tallies(
        self, user_id: int, scope: int, season: str
    ) -> dict[str, dict[str, float]]:
        """One user's tallies of one season, per game key."""
        rows = await self._run(lambda raw: raw.execute(
            q.SEASON_TALLIES, (user_id, scope, season)).fetchall())
        out: dict[str, dict[str, float]] = {}
        for game_key, key, value in rows:
            out.setdefault(game_key, {})[key] = value
        return out

    async def user_ladders(
        self, user_id: int, scope: int
    ) -> tuple[dict[str, RatingRow], dict[str, dict[str, float]]]:
        """One user's ratings and tallies per game key, in one scope."""

        def body(raw: Raw) -> tuple[dict[str, RatingRow], dict[str, dict[str, float]]]:
            ratings = {r[0]: RatingRow(*r) for r in raw.execute(
                q.USER_RATINGS, (user_id, scope)).fetchall()}
            tallies: dict[str, dict[str, float]] = {}
            for game_key, key, value in raw.execute(q.USER_TALLIES, (user_id, scope)).fetchall():
                tallies.setdefault(game_key, {})[key] = value
            return ratings, tallies

        return await self._run(body)

    # -- settings ----------------------------------------------------------------------------

    async def get_setting(self, scope: str, scope_id: int, key: str, default: Any = None) -> Any:
        row = await self._run(lambda raw: raw.execute(
            q.GET_SETTING, (scope, scope_id, key)).fetchone())
        return json.loads(row[0]) if row else default

    async def settings(self, scope: str, scope_id: int) -> dict[str, Any]:
        rows = await self._run(lambda raw: raw.execute(q.SETTINGS, (scope, scope_id)).fetchall())
        return {k: json.loads(v) for k, v in rows}

    async def set_setting(self, scope: str, scope_id: int, key: str, value: Any) -> None:
        """Store a JSON-serialisable preference (scope 'guild', 'channel' or 'user')."""
        text = json.dumps(value)
        await self._write(lambda raw: raw.execute(
            q.SET_SETTING, (scope, scope_id, key, text, _ts(now()))))

    async def add_setting(self, scope: str, scope_id: int, key: str, value: Any) -> Any:
        """Store ``value`` unless the key holds one already; return the value kept (the first
        writer's, when two processes race to work out the same thing)."""
        text = json.dumps(value)

        def body(raw: Raw) -> Any:
            raw.execute(q.ADD_SETTING, (scope, scope_id, key, text, _ts(now())))
            return json.loads(raw.execute(q.GET_SETTING, (scope, scope_id, key)).fetchone()[0])

        return await self._write(body)

    async def delete_setting(self, scope: str, scope_id: int, key: str) -> None:
        await self._write(lambda raw: raw.execute(q.DELETE_SETTING, (scope, scope_id, key)))


# -- the jobs' statements (run on the worker thread) -------------------------------------------


def _tables(raw: Raw, known: Known, where: str, params: Sequence[Any]) -> list[TableRow]:
    """The tables matching ``where``, with their seats."""
    rows = raw.execute(f"SELECT {q.TABLE_COLS} FROM tables {where}", params).fetchall()
    if not rows:
        return []
    deadlines = {r[0]: (_dt(r[15]), _dt(r[16])) for r in rows}
    ids = [r[0] for r in rows]
    seats: dict[int, list[SeatRow]] = {}
    for s in raw.execute(
        f"SELECT {q.SEAT_COLS} FROM seats WHERE table_id IN ({q.marks(len(ids))})"
        " ORDER BY table_id, seat",
        ids,
    ).fetchall():
        seats.setdefault(s[0], []).append(q.seat_row(s))
    for r in rows:  # what the database holds now, so the next write compares against it
        if r[7] in OPEN_STATUSES:
            known[r[0]] = (r[7], r[17], r[8], r[14], *deadlines[r[0]],
                           *_seat_values(seats.get(r[0], ())))
    return [q.table_row(r, seats.get(r[0], ()), deadlines[r[0]]) for r in rows]


def _mutable(row: TableRow) -> tuple[Any, ...]:
    return (row.status, row.end_reason, row.host_id, row.message_id, row.turn_deadline,
            row.lobby_deadline)


def _update_table(
    raw: Raw, row: TableRow, prev_version: int, before: tuple[Any, ...] | None, updated_at: str
) -> tuple[Any, ...]:
    """Check and bump the version with the new snapshot, and write those other columns that
    differ from ``before`` (all of them when it is unknown); return the columns' new values."""
    values = _mutable(row)
    if before is not None and values == before:
        # Most actions: nothing but the snapshot. (The Python here is a fair part of the cost.)
        values = before
        cur = raw.execute(_UPDATE_SNAPSHOT + _WHERE_VERSION,
                          (row.version, row.state, updated_at, row.id, prev_version))
    else:
        changed = tuple(i for i, v in enumerate(values) if before is None or v != before[i])
        params: list[Any] = [row.version, row.state, updated_at]
        for i in changed:
            v = values[i]
            params.append(_ts(v) if isinstance(v, datetime) else v)
        params += (row.id, prev_version)
        cur = raw.execute(_update_sql(changed), params)
    if cur.rowcount != 1:
        raise VersionConflict(
            f"table {row.id} is no longer at version {prev_version}; nothing was written"
        )
    return values


_UPDATE_SNAPSHOT = "UPDATE tables SET version = ?, state = ?, updated_at = ?"
_WHERE_VERSION = " WHERE id = ? AND version = ?"


@functools.cache
def _update_sql(changed: tuple[int, ...]) -> str:
    """The UPDATE that also sets the `_MUTABLE` columns ``changed``: at most 2**6 texts, which
    sqlite3's statement cache keeps prepared."""
    return (_UPDATE_SNAPSHOT + "".join(f", {_MUTABLE[i]} = ?" for i in changed)
            + _WHERE_VERSION)


def _replace_seats(raw: Raw, row: TableRow) -> None:
    raw.execute(q.DELETE_SEATS, (row.id,))
    _insert_seats(raw, row.id, row.seats)


def _insert_seats(raw: Raw, table_id: int, seats: Iterable[SeatRow]) -> None:
    raw.executemany(q.INSERT_SEAT, q.seat_params(table_id, seats))


def _write_finish(raw: Raw, finish: Finish) -> None:
    """The finish's rows. Its ratings are read here, inside the transaction that already holds
    the database's write lock (the table's row was written first), so no other writer, in this
    process or another, can change them before this one commits."""
    raw.executemany(q.INSERT_RESULT, q.result_params(finish))
    stored: dict[int, dict[int, RatingRow]] = {}
    if finish.rate is not None:
        for game_key, scope, user_ids in _grouped(q.rating_keys(finish)):
            stored.update(q.stored_by_scope(RatingRow(*r) for r in raw.execute(
                q.ratings_sql(len(user_ids)), (game_key, scope, *user_ids)).fetchall()))
    raw.executemany(q.UPSERT_RATING, q.rating_params(q.rated(finish, stored), _ts(now())))
    tallies, season_tallies = q.tally_params(finish)
    raw.executemany(q.ADD_TALLY, tallies)
    raw.executemany(q.ADD_SEASON_TALLY, season_tallies)


def _grouped(keys: list[tuple[str, int, int]]) -> list[tuple[str, int, list[int]]]:
    """(game key, scope, user id) keys as (game key, scope, user ids)."""
    out: dict[tuple[str, int], list[int]] = {}
    for game_key, scope, user_id in keys:
        out.setdefault((game_key, scope), []).append(user_id)
    return [(g, s, ids) for (g, s), ids in out.items()]
