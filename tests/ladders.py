"""Filling a ladder without playing: finished games written straight into the store, one per
player, with ratings, tallies and season tallies chosen so the expected order is known."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.store.base import TableStore
from bot.store.rows import GLOBAL_SCOPE, Finish, RatingRow, ResultRow, SeatRow


def list_points(i: int, players: int) -> float:
    """A permutation of 0, 10, ..., 10 (players - 1) (7 is prime to the counts used)."""
    return float((i * 7) % players * 10)


async def fill_ladder(store: TableStore, game_key: str, guild_id: int | None, players: int, *,
                      preset: str = "classic", season: str = "2026Q4", first_user: int = 1000,
                      channel: int = 70_000, when: datetime | None = None,
                      ) -> list[tuple[int, str]]:
    """One finished game per player; returns (user id, name) best first by rating. Player ``i``
    has mu 20 + i/4 (so the last one written is best), ``games`` 1, ``wins`` i % 2 and
    ``list_points`` `list_points` (i), in the global scope and the guild's (when given), and
    the same games, wins and list points in ``season``."""
    when = when or datetime(2026, 11, 20, tzinfo=UTC)
    scopes = [GLOBAL_SCOPE] + ([guild_id] if guild_id is not None else [])
    for i in range(players):
        uid, name = first_user + i, f"player{i:02d}"
        row = await store.create_table(
            guild_id=guild_id, channel_id=channel + i, game_key=game_key, preset=preset,
            options={}, players=1, host=SeatRow(0, uid, name), seed=i, lobby_deadline=None)
        done = row.__class__(**{**row.__dict__, "version": row.version + 1,
                                "status": "finished", "end_reason": "finished"})
        counts = {"games": 1.0, "wins": float(i % 2), "list_points": list_points(i, players)}
        finish = Finish(
            results=[ResultRow(row.id, 0, game_key, preset, guild_id, uid, name, 1.0, 1,
                               bool(i % 2), False, when)],
            ratings=[RatingRow(game_key, s, uid, name, 20 + i / 4, 1.0) for s in scopes],
            tallies=[(game_key, s, uid, k, v) for s in scopes for k, v in counts.items()],
            season_tallies=[(game_key, s, season, uid, k, v)
                            for s in scopes for k, v in counts.items()],
        )
        await store.finish_table(done, prev_version=row.version, finish=finish)
    return [(first_user + i, f"player{i:02d}") for i in reversed(range(players))]


def by_list_points(players: int, first_user: int = 1000) -> list[int]:
    """The user ids `fill_ladder` wrote, most list points first."""
    return [first_user + i for i in sorted(range(players),
                                           key=lambda i: -list_points(i, players))]
