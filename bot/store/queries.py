"""The SQL both stores run and the records they build from its rows.

Written with ``?`` placeholders (SQLite's); the PostgreSQL store numbers them (`numbered`).
Only statements that read or write the same way on both live here: the SQLite store's tuned
write path (`bot.store.sqlite`) and the PostgreSQL one's single-statement action keep their own.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from bot.store.rows import Finish, RatingRow, ResultRow, SeatRow, TableRow

OPEN_STATUSES = ("lobby", "playing")


def ts(value: datetime | None) -> str | None:
    if value is None:
        return None
    # isoformat is a good part of an action's cost; skip the conversion when there is none.
    return (value if value.tzinfo is UTC else value.astimezone(UTC)).isoformat()


def dt(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def now() -> datetime:
    return datetime.now(UTC)


@functools.cache
def numbered(sql: str) -> str:
    """``sql`` with its ``?`` placeholders numbered ``$1``, ``$2``, ... (PostgreSQL's)."""
    parts = sql.split("?")
    return parts[0] + "".join(f"${i}{part}" for i, part in enumerate(parts[1:], 1))


def marks(count: int) -> str:
    return ", ".join("?" for _ in range(count))


TABLE_COLS = (
    "id, guild_id, channel_id, game_key, preset, options, players, status, host_id, seed, "
    "version, created_at, updated_at, state, message_id, turn_deadline, lobby_deadline, "
    "end_reason, rematch_of, policy"
)

INSERT_TABLE = (
    "INSERT INTO tables (guild_id, channel_id, game_key, preset, options, players,"
    " status, host_id, seed, version, state, lobby_deadline, turn_deadline,"
    " created_at, updated_at, rematch_of, policy)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?)"
)

def new_table(*, guild_id: int | None, channel_id: int, game_key: str, preset: str,
              options: dict[str, Any], players: int, host: SeatRow, seed: int,
              lobby_deadline: datetime | None, status: str, state: str | None,
              turn_deadline: datetime | None, others: Sequence[SeatRow],
              rematch_of: int | None, policy: dict[str, Any] | None) -> TableRow:
    """The row `create_table` writes, before the database gives it its id (0 until then)."""
    stamp = now()
    return TableRow(
        id=0, guild_id=guild_id, channel_id=channel_id, game_key=game_key, preset=preset,
        options=options, players=players, status=status, host_id=host.user_id or 0, seed=seed,
        version=1, created_at=stamp, updated_at=stamp,
        seats=tuple(sorted((host, *others), key=lambda s: s.seat)),
        lobby_deadline=lobby_deadline, state=state, turn_deadline=turn_deadline,
        rematch_of=rematch_of, policy=policy,
    )


def insert_table_params(row: TableRow, host_id: int | None) -> tuple[Any, ...]:
    """`INSERT_TABLE`'s parameters for a `new_table` row (``host_id`` as given: the host)."""
    return (row.guild_id, row.channel_id, row.game_key, row.preset, json.dumps(row.options),
            row.players, row.status, host_id, row.seed, row.state, ts(row.lobby_deadline),
            ts(row.turn_deadline), ts(row.created_at), ts(row.updated_at), row.rematch_of,
            json.dumps(row.policy) if row.policy is not None else None)


SEAT_COLS = "table_id, seat, user_id, name, ai_level, timeouts, resigned, kept"
INSERT_SEAT = f"INSERT INTO seats ({SEAT_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
DELETE_SEATS = "DELETE FROM seats WHERE table_id = ?"

INSERT_ACTION = (
    "INSERT INTO actions (table_id, seq, seat, user_id, action, reason, created_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
)
SELECT_ACTIONS = (
    "SELECT table_id, seq, seat, user_id, action, reason, created_at FROM actions"
    " WHERE table_id = ? ORDER BY seq"
)

OPEN_IN_CHANNEL = "WHERE channel_id = ? AND status IN ('lobby', 'playing')"
OPEN_ORDERED = "WHERE status IN ('lobby', 'playing') ORDER BY id"


def open_of_shards(shard_count: int, shard_ids: Iterable[int]) -> tuple[str, tuple[Any, ...]]:
    """The WHERE for the open tables of shards ``shard_ids`` (of ``shard_count``): Discord's
    rule, ``(guild_id >> 22) % shard_count``; a DM's table (no guild) belongs to shard 0."""
    ids = tuple(sorted(set(shard_ids)))
    dms = " OR guild_id IS NULL" if 0 in ids else ""
    return (
        f"WHERE status IN ('lobby', 'playing') AND ((guild_id >> 22) % ? IN ({marks(len(ids))})"
        f"{dms}) ORDER BY id",
        (shard_count, *ids),
    )


def finished_where(game_key: str, user_id: int | None, channel_id: int | None, limit: int
                   ) -> tuple[str, tuple[Any, ...]]:
    if (user_id is None) == (channel_id is None):
        raise ValueError("finished_tables: give a user or a channel")
    if user_id is not None:
        where = ("WHERE game_key = ? AND status = 'finished' AND id IN"
                 " (SELECT table_id FROM seats WHERE user_id = ?)")
        params: tuple[Any, ...] = (game_key, user_id, max(0, limit))
    else:
        where = "WHERE game_key = ? AND status = 'finished' AND channel_id = ?"
        params = (game_key, channel_id, max(0, limit))
    return f"{where} ORDER BY updated_at DESC, id DESC LIMIT ?", params


def seat_params(table_id: int, seats: Iterable[SeatRow]) -> list[tuple[Any, ...]]:
    return [(table_id, s.seat, s.user_id, s.name, s.ai_level, s.timeouts, int(s.resigned),
             int(s.kept)) for s in seats]


def seat_row(s: Sequence[Any]) -> SeatRow:
    """A seat from a row of ``SELECT {SEAT_COLS}`` (the table id first)."""
    return SeatRow(s[1], s[2], s[3], s[4], s[5], bool(s[6]), bool(s[7]))


def table_row(r: Sequence[Any], seats: Sequence[SeatRow],
              deadlines: tuple[datetime | None, datetime | None] | None = None) -> TableRow:
    """A table from a row of ``SELECT {TABLE_COLS}``; ``deadlines`` already parsed, if so."""
    turn, lobby = deadlines if deadlines is not None else (dt(r[15]), dt(r[16]))
    return TableRow(
        id=r[0], guild_id=r[1], channel_id=r[2], game_key=r[3], preset=r[4],
        options=json.loads(r[5]), players=r[6], status=r[7], host_id=r[8], seed=r[9],
        version=r[10], created_at=dt(r[11]) or now(), updated_at=dt(r[12]) or now(),
        state=r[13], message_id=r[14], turn_deadline=turn, lobby_deadline=lobby,
        end_reason=r[17], rematch_of=r[18], policy=json.loads(r[19]) if r[19] else None,
        seats=tuple(seats),
    )


RESULT_COLS = ("table_id, seat, game_key, preset, guild_id, user_id, name, points, rank, won,"
               " resigned, created_at, moves, seconds")
INSERT_RESULT = f"INSERT INTO results ({RESULT_COLS}) VALUES ({marks(14)})"
SELECT_RESULTS = f"SELECT {RESULT_COLS} FROM results WHERE table_id = ? ORDER BY seat"


def solo_results_sql(preset: str | None) -> str:
    where = "game_key = ? AND user_id = ?" + (" AND preset = ?" if preset else "")
    return f"SELECT {RESULT_COLS} FROM results WHERE {where} ORDER BY created_at, table_id"


def result_params(finish: Finish) -> list[tuple[Any, ...]]:
    return [(r.table_id, r.seat, r.game_key, r.preset, r.guild_id, r.user_id, r.name,
             float(r.points), r.rank, int(r.won), int(r.resigned), ts(r.created_at), r.moves,
             r.seconds) for r in finish.results]


def result_row(r: Sequence[Any]) -> ResultRow:
    return ResultRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], bool(r[9]),
                     bool(r[10]), dt(r[11]) or now(), r[12], r[13])


UPSERT_RATING = (
    "INSERT INTO ratings (game_key, scope, user_id, name, mu, sigma, updated_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_key, scope, user_id) DO UPDATE SET"
    " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,"
    " updated_at = excluded.updated_at"
)
# The increment reads the row the conflict locked: two finishes that add to one tally both count.
ADD_TALLY = (
    "INSERT INTO tallies (game_key, scope, user_id, key, value) VALUES (?, ?, ?, ?, ?)"
    " ON CONFLICT (game_key, scope, user_id, key)"
    " DO UPDATE SET value = tallies.value + excluded.value"
)
ADD_SEASON_TALLY = (
    "INSERT INTO season_tallies (game_key, scope, season, user_id, key, value)"
    " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_key, scope, season, user_id, key)"
    " DO UPDATE SET value = season_tallies.value + excluded.value"
)
RATING_COLS = "game_key, scope, user_id, name, mu, sigma"


def ratings_sql(count: int) -> str:
    return (f"SELECT {RATING_COLS} FROM ratings"
            f" WHERE game_key = ? AND scope = ? AND user_id IN ({marks(count)})")


def rating_keys(finish: Finish) -> list[tuple[str, int, int]]:
    """(game key, scope, user id) of the ratings a finish writes, in one fixed order (the
    order locks are taken in, so two finishes never wait for each other in a circle)."""
    return sorted({(r.game_key, r.scope, r.user_id) for r in finish.ratings})


def stored_by_scope(rows: Iterable[RatingRow]) -> dict[int, dict[int, RatingRow]]:
    """Stored ratings as `Finish.rate` takes them: scope -> user id -> row."""
    out: dict[int, dict[int, RatingRow]] = {}
    for row in rows:
        out.setdefault(row.scope, {})[row.user_id] = row
    return out


def rating_params(ratings: Iterable[RatingRow], stamp: str | None) -> list[tuple[Any, ...]]:
    return [(r.game_key, r.scope, r.user_id, r.name, float(r.mu), float(r.sigma), stamp)
            for r in ratings]


def tally_params(finish: Finish) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    return ([(g, s, u, k, float(v)) for g, s, u, k, v in finish.tallies],
            [(g, s, season, u, k, float(v)) for g, s, season, u, k, v in finish.season_tallies])


SOLO_LADDER = (
    "SELECT r.user_id, (SELECT name FROM results n WHERE n.user_id = r.user_id"
    "   ORDER BY n.created_at DESC LIMIT 1),"
    " COUNT(*), SUM(r.won),"
    " MIN(CASE WHEN r.won <> 0 THEN r.moves END), MIN(CASE WHEN r.won <> 0 THEN r.seconds END)"
    " FROM results r JOIN tables t ON t.id = r.table_id"
    " WHERE r.game_key = ? AND r.preset = ? AND r.user_id IS NOT NULL{deal}"
    " GROUP BY r.user_id"
    " ORDER BY SUM(r.won) DESC, MIN(CASE WHEN r.won <> 0 THEN r.moves END) IS NULL,"
    " MIN(CASE WHEN r.won <> 0 THEN r.moves END),"
    " MIN(CASE WHEN r.won <> 0 THEN r.seconds END), r.user_id LIMIT ? OFFSET ?"
)


def solo_ladder_query(game_key: str, preset: str, seed: int | None, limit: int, offset: int
                      ) -> tuple[str, tuple[Any, ...]]:
    deal = " AND t.seed = ?" if seed is not None else ""
    params = (game_key, preset, *((seed,) if seed is not None else ()), limit, offset)
    return SOLO_LADDER.format(deal=deal), params


def solo_ladder_row(r: Sequence[Any]) -> tuple[int, str, int, int, int | None, float | None]:
    return (r[0], r[1], r[2], int(r[3] or 0), r[4], r[5])


def solo_ladder_size_query(game_key: str, preset: str, seed: int | None
                           ) -> tuple[str, tuple[Any, ...]]:
    deal = " AND t.seed = ?" if seed is not None else ""
    join = " JOIN tables t ON t.id = r.table_id" if seed is not None else ""
    params = (game_key, preset, *((seed,) if seed is not None else ()))
    return (f"SELECT COUNT(DISTINCT r.user_id) FROM results r{join}"
            f" WHERE r.game_key = ? AND r.preset = ? AND r.user_id IS NOT NULL{deal}", params)


LADDER_BY_RATING = (
    "SELECT r.game_key, r.scope, r.user_id, r.name, r.mu, r.sigma FROM ratings r"
    " LEFT JOIN tallies w ON w.game_key = r.game_key AND w.scope = r.scope"
    " AND w.user_id = r.user_id AND w.key = 'wins'"
    " WHERE r.game_key = ? AND r.scope = ?"
    " ORDER BY r.mu - 3 * r.sigma DESC, COALESCE(w.value, 0) DESC, r.user_id"
    " LIMIT ? OFFSET ?"
)
LADDER_SIZE = "SELECT COUNT(*) FROM ratings WHERE game_key = ? AND scope = ?"


def tally_source(game_key: str, scope: int, season: str | None
                 ) -> tuple[str, str, tuple[Any, ...]]:
    """The tallies a ladder is ordered by: all time, or one season's (table, WHERE, params)."""
    if season is None:
        return "tallies", "t.game_key = ? AND t.scope = ?", (game_key, scope)
    return ("season_tallies", "t.game_key = ? AND t.scope = ? AND t.season = ?",
            (game_key, scope, season))


def ladder_by_tally(game_key: str, scope: int, season: str | None, by: str | None,
                    limit: int, offset: int) -> tuple[str, tuple[Any, ...]]:
    source, where, params = tally_source(game_key, scope, season)
    return (
        "SELECT r.game_key, r.scope, r.user_id, r.name, r.mu, r.sigma"
        f" FROM {source} t JOIN ratings r ON r.game_key = t.game_key"
        " AND r.scope = t.scope AND r.user_id = t.user_id"
        f" WHERE {where} AND t.key = ? ORDER BY t.value DESC, t.user_id LIMIT ? OFFSET ?",
        (*params, by or "wins", limit, offset),
    )


def ladder_by_tally_size(game_key: str, scope: int, season: str | None, by: str | None
                         ) -> tuple[str, tuple[Any, ...]]:
    source, where, params = tally_source(game_key, scope, season)
    return (
        f"SELECT COUNT(*) FROM {source} t JOIN ratings r ON r.game_key = t.game_key"
        " AND r.scope = t.scope AND r.user_id = t.user_id"
        f" WHERE {where} AND t.key = ?", (*params, by or "wins"))


def tallies_of_query(game_key: str, scope: int, season: str | None, user_ids: Sequence[int]
                     ) -> tuple[str, tuple[Any, ...]]:
    """The tallies (all-time, or the season's) of ``user_ids``: rows (user id, key, value)."""
    if season is None:
        return (f"SELECT user_id, key, value FROM tallies WHERE game_key = ? AND scope = ?"
                f" AND user_id IN ({marks(len(user_ids))})", (game_key, scope, *user_ids))
    return (f"SELECT user_id, key, value FROM season_tallies WHERE game_key = ? AND scope = ?"
            f" AND season = ? AND user_id IN ({marks(len(user_ids))})",
            (game_key, scope, season, *user_ids))


def by_user(rows: Iterable[Sequence[Any]]) -> dict[int, dict[str, float]]:
    out: dict[int, dict[str, float]] = {}
    for user_id, key, value in rows:
        out.setdefault(user_id, {})[key] = value
    return out


SEASON_TALLIES = ("SELECT game_key, key, value FROM season_tallies"
                  " WHERE user_id = ? AND scope = ? AND season = ?")
USER_RATINGS = f"SELECT {RATING_COLS} FROM ratings WHERE user_id = ? AND scope = ?"
USER_TALLIES = "SELECT game_key, key, value FROM tallies WHERE user_id = ? AND scope = ?"

GET_SETTING = "SELECT value FROM settings WHERE scope = ? AND scope_id = ? AND key = ?"
SETTINGS = "SELECT key, value FROM settings WHERE scope = ? AND scope_id = ?"
SET_SETTING = (
    "INSERT INTO settings (scope, scope_id, key, value, updated_at)"
    " VALUES (?, ?, ?, ?, ?) ON CONFLICT (scope, scope_id, key)"
    " DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at"
)
DELETE_SETTING = "DELETE FROM settings WHERE scope = ? AND scope_id = ? AND key = ?"
ADD_SETTING = (
    "INSERT INTO settings (scope, scope_id, key, value, updated_at) VALUES (?, ?, ?, ?, ?)"
    " ON CONFLICT (scope, scope_id, key) DO NOTHING"
)


def rated(finish: Finish, stored: Mapping[int, Mapping[int, RatingRow]]) -> list[RatingRow]:
    """The ratings a finish writes, given what is stored for its players now."""
    return finish.rate(stored) if finish.rate is not None else list(finish.ratings)
