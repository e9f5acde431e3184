"""What every store does: the interface the service uses, met by the SQLite store (the
embedded default) and the PostgreSQL one (several processes on one database)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from bot.store.rows import ActionRow, Finish, RatingRow, ResultRow, SeatRow, ShardSet, TableRow


class TableStore(Protocol):
    """Parlour's database. Writes are each one transaction; a fault of the database (not of the
    data) is a `bot.store.StoreUnavailable`, a stale writer a `bot.store.VersionConflict`."""

    applied: list[str]
    """Migrations applied when this store was opened."""

    @property
    def gone(self) -> bool: ...

    async def close(self) -> None: ...

    async def create_table(
        self, *, guild_id: int | None, channel_id: int, game_key: str, preset: str,
        options: dict[str, Any], players: int, host: SeatRow, seed: int,
        lobby_deadline: datetime | None, status: str = "lobby", state: str | None = None,
        turn_deadline: datetime | None = None, others: Sequence[SeatRow] = (),
        rematch_of: int | None = None, policy: dict[str, Any] | None = None,
    ) -> TableRow: ...

    async def get_table(self, table_id: int) -> TableRow | None: ...

    async def open_table_in_channel(self, channel_id: int) -> TableRow | None: ...

    async def open_tables(self, shards: ShardSet | None = None) -> list[TableRow]: ...

    async def finished_tables(self, game_key: str, *, user_id: int | None = None,
                              channel_id: int | None = None, limit: int = 10
                              ) -> list[TableRow]: ...

    async def save_table(self, row: TableRow, *, prev_version: int,
                         seats: bool = True) -> None: ...

    async def record_action(self, row: TableRow, action: ActionRow, *, prev_version: int,
                            seats: bool = False, finish: Finish | None = None) -> None: ...

    async def finish_table(self, row: TableRow, *, prev_version: int,
                           finish: Finish) -> None: ...

    async def set_message(self, table_id: int, message_id: int | None) -> None: ...

    async def actions(self, table_id: int) -> list[ActionRow]: ...

    async def results(self, table_id: int) -> list[ResultRow]: ...

    async def solo_results(self, game_key: str, user_id: int,
                           preset: str | None = None) -> list[ResultRow]: ...

    async def solo_ladder(
        self, game_key: str, preset: str, *, seed: int | None = None, limit: int = 10,
        offset: int = 0,
    ) -> list[tuple[int, str, int, int, int | None, float | None]]: ...

    async def solo_ladder_size(self, game_key: str, preset: str, *,
                               seed: int | None = None) -> int: ...

    async def ratings(self, game_key: str, scope: int,
                      user_ids: Iterable[int]) -> dict[int, RatingRow]: ...

    async def leaderboard(
        self, game_key: str, scope: int, limit: int, *, offset: int = 0, by: str | None = None,
        season: str | None = None,
    ) -> list[tuple[RatingRow, dict[str, float]]]: ...

    async def ladder_size(self, game_key: str, scope: int, *, by: str | None = None,
                          season: str | None = None) -> int: ...

    async def season_tallies(self, user_id: int, scope: int,
                             season: str) -> dict[str, dict[str, float]]: ...

    async def user_ladders(
        self, user_id: int, scope: int
    ) -> tuple[dict[str, RatingRow], dict[str, dict[str, float]]]: ...

    async def get_setting(self, scope: str, scope_id: int, key: str,
                          default: Any = None) -> Any: ...

    async def settings(self, scope: str, scope_id: int) -> dict[str, Any]: ...

    async def set_setting(self, scope: str, scope_id: int, key: str, value: Any) -> None: ...

    async def add_setting(self, scope: str, scope_id: int, key: str, value: Any) -> Any:
        """Store ``value`` unless the key holds one; the value kept (the first writer's)."""
        ...

    async def delete_setting(self, scope: str, scope_id: int, key: str) -> None: ...


async def open_store(
    target: str | Path, *, migrations_dir: Path | None = None, busy_timeout_ms: int = 5000
) -> TableStore:
    """The store for ``target``: a ``postgresql://`` (or ``postgres://``) URL opens PostgreSQL,
    anything else is a SQLite file's path."""
    if is_postgres_url(target):
        from bot.store.postgres import PostgresStore

        return await PostgresStore.open(str(target), migrations_dir=migrations_dir)
    from bot.store.sqlite import Store

    return await Store.open(target, migrations_dir=migrations_dir,
                            busy_timeout_ms=busy_timeout_ms)


def is_postgres_url(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))
