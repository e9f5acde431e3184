"""Standings: the ladders (per server or global, all time or a season) and a player's stats,
as the layers above page through them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.service.live import _reads
from bot.service.models import LeaderboardRow, UserStats
from bot.service.ratings import display_rating, season_of
from bot.store import GLOBAL_SCOPE

if TYPE_CHECKING:
    from bot.service.tables import TableService


class Standings:
    """The ladder half of `TableService` (mixed in)."""

    @_reads
    async def leaderboard(
        self: TableService, game_key: str, guild_id: int | None, limit: int = 10, *,
        offset: int = 0, by: str | None = None, season: str | None = None,
    ) -> list[LeaderboardRow]:
        """One page of a ladder: best conservative rating first (or, with ``by``, the highest
        such tally: Skat's ``list_points``); a ``season``'s ladder holds that season's tallies
        and is ordered by ``by`` (else wins). Per server when ``guild_id`` is given, else
        global."""
        rows = await self.store.leaderboard(game_key, guild_id or GLOBAL_SCOPE, limit,
                                            offset=offset, by=by, season=season)
        return [
            LeaderboardRow(
                user_id=r.user_id, name=r.name, rating=display_rating(r.mu, r.sigma),
                games=int(t.get("games", 0)), wins=int(t.get("wins", 0)), tallies=dict(t),
            )
            for r, t in rows
        ]

    @_reads
    async def ladder_size(self: TableService, game_key: str, guild_id: int | None, *,
                          by: str | None = None, season: str | None = None) -> int:
        """How many players `leaderboard` pages through with the same arguments."""
        return await self.store.ladder_size(game_key, guild_id or GLOBAL_SCOPE, by=by,
                                            season=season)

    def season(self: TableService) -> str:
        """The season now (a calendar quarter, UTC), e.g. ``2026Q4``."""
        return season_of(self.clock.now())

    @_reads
    async def stats(self: TableService, user_id: int, guild_id: int | None = None) -> UserStats:
        ratings, tallies = await self.store.user_ladders(user_id, guild_id or GLOBAL_SCOPE)
        per_game: dict[str, dict[str, float]] = {}
        for key in sorted(set(ratings) | set(tallies)):
            entry = {"games": 0.0, "wins": 0.0, "points": 0.0, **tallies.get(key, {})}
            if key in ratings:
                entry["rating"] = display_rating(ratings[key].mu, ratings[key].sigma)
            per_game[key] = entry
        return UserStats(user_id=user_id, per_game=per_game)
