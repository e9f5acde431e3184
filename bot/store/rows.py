"""Plain records the store reads and writes: ids and text, never discord.py or game objects."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int | None
    name: str
    ai_level: str | None = None
    timeouts: int = 0
    resigned: bool = False
    kept: bool = False
    """A rematch lobby's seat kept for its old player until they confirm it (press Join)."""


@dataclass(frozen=True)
class TableRow:
    """One game session. ``state`` is the game's JSON snapshot (None in the lobby)."""

    id: int
    guild_id: int | None
    channel_id: int
    game_key: str
    preset: str
    options: dict[str, Any]
    players: int
    status: str
    host_id: int
    seed: int
    version: int
    created_at: datetime
    updated_at: datetime
    seats: tuple[SeatRow, ...] = ()
    state: str | None = None
    message_id: int | None = None
    turn_deadline: datetime | None = None
    lobby_deadline: datetime | None = None
    end_reason: str | None = None
    rematch_of: int | None = None
    """The finished table this one is a rematch of (set when it is opened, never after)."""
    policy: dict[str, Any] | None = None
    """The server's defaults the table keeps (``turn_timeout_s``, ``ai_allowed``), written
    when it is opened and never after; None plays by the bot's own."""


@dataclass(frozen=True)
class ActionRow:
    table_id: int
    seq: int
    seat: int
    user_id: int | None
    action: str
    reason: str
    created_at: datetime


@dataclass(frozen=True)
class ResultRow:
    table_id: int
    seat: int
    game_key: str
    preset: str
    guild_id: int | None
    user_id: int | None
    name: str
    points: float
    rank: int
    won: bool
    resigned: bool
    created_at: datetime
    moves: int | None = None
    """How many moves a solo game took (patience); None for table games."""
    seconds: float | None = None
    """From the deal to the end, for games whose results are timed."""


@dataclass(frozen=True)
class RatingRow:
    game_key: str
    scope: int
    user_id: int
    name: str
    mu: float
    sigma: float


Rater = Callable[[Mapping[int, Mapping[int, "RatingRow"]]], list["RatingRow"]]
"""Stored ratings (scope -> user id -> row; a player never rated is absent) -> the new ones."""


@dataclass(frozen=True)
class Finish:
    """Everything written when a game ends, in the same transaction as its last action."""

    results: list[ResultRow]
    ratings: list[RatingRow]
    """The ratings to write; with `rate`, the players (and scopes) whose ratings it redoes."""
    tallies: list[tuple[str, int, int, str, float]] = field(default_factory=list)
    """(game_key, scope, user_id, key, amount to add)."""
    season_tallies: list[tuple[str, int, str, int, str, float]] = field(default_factory=list)
    """(game_key, scope, season, user_id, key, amount to add): the season's own sums."""
    rate: Rater | None = None
    """Computes the new ratings from the stored ones, read inside the finish's transaction with
    those players' ratings locked, so two games ending at once (in one process or two) both
    count. None writes `ratings` as they are."""


GLOBAL_SCOPE = 0
"""The ratings/tallies scope that covers every server and DM (guild ids are never 0)."""


@dataclass(frozen=True)
class ShardSet:
    """The shards one process runs, of ``count``: it owns the tables of their guilds.

    Discord's rule places a guild on shard ``(guild_id >> 22) % count``; direct messages
    arrive on shard 0, so a DM's table (no guild) is shard 0's.
    """

    count: int
    ids: frozenset[int]

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or not all(0 <= i < self.count for i in self.ids):
            raise ValueError(f"shards {sorted(self.ids)} are not shards of {self.count}")

    def shard_of(self, guild_id: int | None) -> int:
        return 0 if guild_id is None else (guild_id >> 22) % self.count

    def owns(self, guild_id: int | None) -> bool:
        return self.shard_of(guild_id) in self.ids
