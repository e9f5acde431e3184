"""Settings from the environment or `.env` (pydantic-settings), validated once at start-up."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.store.base import is_postgres_url
from bot.store.rows import ShardSet


class Settings(BaseSettings):
    """Everything an operator may set. Names are the environment variables (case-insensitive)."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str = Field(default="", description="The bot token from the Developer Portal.")
    database_path: Path = Field(default=Path("data/parlour.sqlite3"))
    database_url: str | None = Field(
        default=None,
        description="postgresql://user:password@host:port/db: PostgreSQL instead of the SQLite "
        "file at DATABASE_PATH (which then only places the health and sync files).",
    )
    shard_count: int | None = Field(
        default=None, ge=1, description="Run the bot sharded: how many shards in all."
    )
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(
        default=None,
        description="The shards this process runs, e.g. 0,1 (default: all of SHARD_COUNT).",
    )
    dev_guild_id: int | None = Field(
        default=None, description="Sync slash commands to this guild only (instant, for testing)."
    )
    log_level: str = "INFO"
    turn_timeout_s: float = Field(default=300.0, gt=0)
    lobby_timeout_s: float = Field(default=1800.0, gt=0)
    solo_idle_s: float = Field(default=7 * 24 * 3600.0, gt=0)
    """A game played alone (patience) left untouched this long is given up."""
    timeouts_before_ai: int = Field(default=2, ge=1)
    ai_budget_ms: int = Field(default=200, ge=10)
    table_edit_interval_s: float = Field(default=1.0, ge=0)
    rest_requests_per_s: float = Field(
        default=45.0, gt=0,
        description="REST requests a second outside interaction responses (Discord allows a bot "
        "50 across all its processes: give each process its share).",
    )
    thread_cooldown_s: float = Field(
        default=120.0, ge=0,
        description="How long one user waits between two `/<game> new thread:true`.",
    )
    ai_processes: int = Field(
        default_factory=lambda: min(2, os.cpu_count() or 1), ge=0,
        description="Worker processes for AI moves (off the event loop's GIL); 0 = threads.",
    )
    daily_ahead: bool = Field(
        default=True,
        description="Work out every patience's daily deal ahead of its day (in a worker process "
        "of its own), so the first player of the day never waits for the solver.",
    )
    picture_processes: int = Field(
        default=1, ge=0,
        description="Worker processes that draw the tables' and hands' pictures (off the event "
        "loop's GIL); 0 = a thread.",
    )
    heap_refresh_s: float = Field(
        default=300.0, gt=0,
        description="Between full garbage collections the bot freezes what survived the last "
        "one (each walks only what came since); this often it collects the whole heap once, "
        "which frees the cyclic garbage frozen meanwhile (bot.heap.HeapKeeper).",
    )
    gil_switch_interval_ms: float = Field(
        default=1.0, gt=0, le=100,
        description="sys.setswitchinterval for the bot (Python's default is 5 ms): how long the "
        "event loop and the database thread may wait for each other's GIL.",
    )

    @field_validator("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        value = value.upper()
        if value not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ValueError("log level must be DEBUG, INFO, WARNING, ERROR or CRITICAL")
        return value

    @field_validator("database_url", mode="before")
    @classmethod
    def _postgres_url(cls, value: object) -> object:
        if value in ("", None):
            return None
        if not is_postgres_url(str(value)):
            raise ValueError("DATABASE_URL must be a postgresql:// URL (unset it for SQLite)")
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value: object) -> object:
        if value in ("", None):
            return None
        if isinstance(value, str):
            try:
                return tuple(int(part) for part in value.replace(" ", "").split(",") if part)
            except ValueError:
                raise ValueError("SHARD_IDS must be shard numbers separated by commas, e.g. 0,1"
                                 ) from None
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT (how many shards in all)")
            ShardSet(self.shard_count, frozenset(self.shard_ids))  # each id below the count
            if len(set(self.shard_ids)) < self.shard_count and self.database_url is None:
                raise ValueError(
                    "SHARD_IDS runs only some of the shards, so other processes run the rest: "
                    "they must share one PostgreSQL database (set DATABASE_URL)"
                )
        return self

    @property
    def shards(self) -> ShardSet | None:
        """The shards this process runs, or None when the bot is not sharded."""
        if self.shard_count is None:
            return None
        ids = self.shard_ids if self.shard_ids is not None else range(self.shard_count)
        return ShardSet(self.shard_count, frozenset(ids))

    @property
    def database(self) -> str | Path:
        """What the store opens: DATABASE_URL when set, else the SQLite file."""
        return self.database_url or self.database_path

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _blank_guild(cls, value: object) -> object:
        return None if value in ("", None) else value


def token_problem(token: str) -> str | None:
    """Why ``token`` cannot be a bot token, or None: one clear line before connecting."""
    if not token:
        return "DISCORD_TOKEN is not set: put your bot token in the environment or in .env."
    parts = token.split(".")
    if len(parts) != 3 or not all(parts) or any(ch.isspace() for ch in token):
        return "DISCORD_TOKEN does not look like a bot token (expected three dot-separated parts)."
    return None
