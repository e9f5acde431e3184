"""Results, OpenSkill ratings and tallies for a finished game.

Ratings are kept per game key in two scopes: global (scope 0) and per server (scope = guild id),
each computed from its own games only, so a server's ladder is not shaped by games elsewhere.
AI seats are not rated: they play as fixed, unstored default-rated opponents. A human seat that
the AI finished (after timeouts) still counts for its human; a resigned seat counts as a loss,
ranked below every seat that played on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

from openskill.models import PlackettLuce

from bot.games.base import Outcome, Traits
from bot.service.models import SeatInfo, TableInfo
from bot.store.rows import GLOBAL_SCOPE, Finish, RatingRow, ResultRow

MODEL = PlackettLuce()
DEFAULT_MU = MODEL.mu
DEFAULT_SIGMA = MODEL.sigma


def display_rating(mu: float, sigma: float) -> float:
    """The conservative ordinal (mu - 3 sigma) on a friendlier scale: a newcomer shows 1000."""
    return round(1000 + 40 * (mu - 3 * sigma), 1)


SEASON_KEYS = ("games", "wins")
"""The plain tallies a season keeps beside the game's own (Skat's list points, Euchre's hands)."""


def season_of(when: datetime) -> str:
    """The season a moment falls in: its calendar quarter in UTC, e.g. ``2026Q4``."""
    when = when.astimezone(UTC) if when.tzinfo is not None else when.replace(tzinfo=UTC)
    return f"{when.year}Q{(when.month - 1) // 3 + 1}"


def scopes(guild_id: int | None) -> list[int]:
    return [GLOBAL_SCOPE] if guild_id is None else [GLOBAL_SCOPE, guild_id]


def final_ranks(outcome: Outcome, seats: Sequence[SeatInfo]) -> list[int]:
    """The outcome's ranks, with every resigned seat moved below all who played on."""
    ranks = list(outcome.ranks)
    worst = max(ranks, default=0) + 1
    for seat in seats:
        if seat.resigned:
            ranks[seat.index] = worst
    return ranks


def rating_groups(
    players: int, teams: list[list[int]] | None, seats: Sequence[SeatInfo], ranks: list[int]
) -> tuple[list[list[int]], list[int]]:
    """Seats grouped as OpenSkill teams with one rank per team.

    A resigned seat leaves its partnership and is rated alone, last: its partner is not
    punished for the resignation beyond the game the partnership actually lost or won.
    """
    resigned = {s.index for s in seats if s.resigned}
    groups = [list(t) for t in teams] if teams else [[i] for i in range(players)]
    out: list[list[int]] = []
    for group in groups:
        kept = [i for i in group if i not in resigned]
        if kept:
            out.append(kept)
    out.extend([i] for i in sorted(resigned))
    return out, [min(ranks[i] for i in group) for group in out]


def build_finish(
    table: TableInfo,
    outcome: Outcome,
    teams: list[list[int]] | None,
    current: Mapping[int, Mapping[int, RatingRow]],
    when: datetime,
    *,
    traits: Traits | None = None,
) -> Finish:
    """Result rows, new ratings (per scope) and tally increments for a finished table.

    The outcome's own ``teams`` (e.g. Skat's declarer against the defenders) win over the
    game's fixed partnerships ``teams``; with neither, every seat plays for itself.
    ``current`` is scope -> user id -> the stored rating, for the humans at the table, as far
    as the caller knows it: the store redoes the ratings (`Finish.rate`) from what it holds when
    it writes them, inside the finish's transaction, so a game that ended meanwhile counts.
    A solo game has no opponents to rate against: its ladder is its tallies (wins first),
    and a ``clocked`` game adds the seconds from its deal to its end. Games, wins and the
    game's own counters are also summed per season (the calendar quarter of ``when``, UTC).
    """
    traits = traits or Traits()
    seats = sorted(table.seats, key=lambda s: s.index)
    ranks = final_ranks(outcome, seats)
    moves = outcome.tallies.get("moves")
    seconds = round(max(0.0, (when - table.created_at).total_seconds()), 1) if (
        traits and traits.clocked) else None
    results = [
        ResultRow(
            table_id=table.id, seat=s.index, game_key=table.game_key, preset=table.preset,
            guild_id=table.guild_id, user_id=s.user_id, name=s.name,
            points=float(outcome.points[s.index]), rank=ranks[s.index],
            won=s.index in outcome.winners and not s.resigned, resigned=s.resigned,
            created_at=when, seconds=seconds,
            moves=int(moves[s.index]) if moves and s.index < len(moves) else None,
        )
        for s in seats
    ]
    humans = [s for s in seats if s.user_id is not None]
    groups, group_ranks = rating_groups(table.players, outcome.teams or teams, seats, ranks)

    def rate(stored_by_scope: Mapping[int, Mapping[int, RatingRow]]) -> list[RatingRow]:
        """The humans' new ratings in every scope, from their stored ones."""
        ratings: list[RatingRow] = []
        for scope in scopes(table.guild_id):
            stored = stored_by_scope.get(scope, {})
            after: dict[int, tuple[float, float]] = {}
            for s in seats:
                row = stored.get(s.user_id) if s.user_id is not None else None
                after[s.index] = (row.mu, row.sigma) if row else (DEFAULT_MU, DEFAULT_SIGMA)
            if len(groups) >= 2 and humans:
                model_teams = [
                    [MODEL.rating(mu=after[i][0], sigma=after[i][1]) for i in group]
                    for group in groups
                ]
                rated = MODEL.rate(model_teams, ranks=list(group_ranks))
                for group, new_team in zip(groups, rated, strict=True):
                    for i, rating in zip(group, new_team, strict=True):
                        after[i] = (rating.mu, rating.sigma)
            for s in humans:
                assert s.user_id is not None
                mu, sigma = after[s.index]
                # A solo player's rating never moves (no opponents), but its row keeps the name
                # the ladder shows, ordered by wins.
                ratings.append(RatingRow(table.game_key, scope, s.user_id, s.name, mu, sigma))
        return ratings

    tallies: list[tuple[str, int, int, str, float]] = []
    season = season_of(when)
    for scope in scopes(table.guild_id):
        for s in humans:
            assert s.user_id is not None
            result = results[s.index]
            if seconds is not None:
                tallies.append((table.game_key, scope, s.user_id, "seconds", seconds))
            tallies.extend([
                (table.game_key, scope, s.user_id, "games", 1.0),
                (table.game_key, scope, s.user_id, "wins", float(result.won)),
                (table.game_key, scope, s.user_id, "points", result.points),
                (table.game_key, scope, s.user_id, "resigns", float(s.resigned)),
            ])
            tallies.extend(  # the game's own counters (Skat's list points)
                (table.game_key, scope, s.user_id, key, float(values[s.index]))
                for key, values in outcome.tallies.items() if s.index < len(values)
            )
    seasonal = {*SEASON_KEYS, *outcome.tallies} - {"moves"}
    season_tallies = [(game, scope, season, user, key, value)
                      for game, scope, user, key, value in tallies if key in seasonal]
    return Finish(results=results, ratings=rate(current), tallies=tallies,
                  season_tallies=season_tallies, rate=rate)
