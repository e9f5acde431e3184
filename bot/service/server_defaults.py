"""A server's defaults (issue 14): per game a preset and house rules, a turn timeout, whether the
AI may play, the language. Set by the server's managers (``/parlour config``), kept in the
store's settings (scope `SCOPE`, id = the server), read once per table opened there.

A table takes the server's preset when its host names none and the server's house rules under
the host's own (the host's win, rule by rule; the whole is validated). The turn timeout and the
AI rule are written into the table as its `TablePolicy` when it opens, so a change later never
alters a game already under way and a restart keeps what the table was opened with.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from bot.games import registry
from bot.games.base import GameError, Options
from bot.i18n import languages
from bot.service.errors import BadOptions
from bot.service.live import _reads
from bot.service.models import TablePolicy

if TYPE_CHECKING:
    from bot.service.tables import TableService

log = logging.getLogger(__name__)

SCOPE = "guild"
"""Settings scope: id = the server; keys ``game:<key>``, ``turn_timeout_s``, ``ai_allowed``,
``language``."""
TIMEOUT_MIN_S = 30
TIMEOUT_MAX_S = 86400


class GameDefaults(BaseModel):
    """One game's defaults in a server: a preset and house rules (option overrides)."""

    model_config = ConfigDict(frozen=True)

    preset: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return self.preset is None and not self.options


class ServerDefaults(BaseModel):
    """Every default of one server (what `/parlour config show` lists)."""

    model_config = ConfigDict(frozen=True)

    games: dict[str, GameDefaults] = Field(default_factory=dict)
    turn_timeout_s: int | None = Field(default=None, ge=TIMEOUT_MIN_S, le=TIMEOUT_MAX_S)
    ai_allowed: bool = True
    language: str | None = None
    """The language of the server's table messages and posts, one of `bot.i18n.languages()`;
    None: the server's own preferred locale (its community setting), else English."""

    @field_validator("language")
    @classmethod
    def _known_language(cls, value: str | None) -> str | None:
        if value is not None and value not in languages():
            raise ValueError(f"unknown language {value!r}")
        return value

    @classmethod
    def from_settings(cls, values: dict[str, Any]) -> ServerDefaults:
        """Read the stored keys; one that cannot be read is left out (logged), not fatal."""
        data: dict[str, Any] = {"games": {}}
        for key, value in values.items():
            try:
                if key.startswith("game:"):
                    data["games"][key[5:]] = GameDefaults.model_validate(value)
                elif key in ("turn_timeout_s", "ai_allowed", "language"):
                    cls.model_validate({key: value})
                    data[key] = value
            except ValidationError:
                log.warning("server setting %s=%r cannot be read; ignored", key, value)
        return cls.model_validate(data)

    def game(self, game_key: str) -> GameDefaults:
        return self.games.get(game_key) or GameDefaults()

    def policy(self) -> TablePolicy:
        return TablePolicy(turn_timeout_s=self.turn_timeout_s, ai_allowed=self.ai_allowed)


class ServerSettings:
    """The server-defaults half of `TableService` (mixed in); it knows no Discord."""

    @_reads
    async def server_defaults(self: TableService, guild_id: int | None) -> ServerDefaults:
        """The defaults of ``guild_id`` (none for a DM)."""
        if guild_id is None:
            return ServerDefaults()
        return ServerDefaults.from_settings(await self.store.settings(SCOPE, guild_id))

    @_reads
    async def set_game_defaults(
        self: TableService, guild_id: int, game_key: str, *, preset: str | None,
        options: dict[str, Any] | None,
    ) -> GameDefaults:
        """Set (or, with neither, clear) a game's default preset and house rules; refused
        with the reason, and nothing stored, when the game's options model refuses them."""
        try:
            game = registry.get(game_key)
        except Exception:
            raise BadOptions(f"I don't know a game called `{game_key}`.") from None
        if game.traits.mode != "table":
            raise BadOptions(f"{game.title} is played alone; it has no server defaults.")
        wanted = GameDefaults(preset=preset, options=dict(options or {}))
        if wanted.empty:
            await self.store.delete_setting(SCOPE, guild_id, f"game:{game_key}")
            return wanted
        try:
            opts = game.options(preset, **wanted.options)
            game.check_players(game.default_players_for(opts), opts)
        except GameError as exc:
            raise BadOptions(str(exc)) from None
        stored = GameDefaults(preset=opts.preset if preset else None, options=wanted.options)
        await self.store.set_setting(SCOPE, guild_id, f"game:{game_key}",
                                     stored.model_dump(mode="json"))
        return stored

    @_reads
    async def set_turn_timeout(self: TableService, guild_id: int, seconds: int | None) -> None:
        """The turn timeout of the server's tables opened from now on (None: the bot's)."""
        if seconds is None:
            await self.store.delete_setting(SCOPE, guild_id, "turn_timeout_s")
            return
        if not TIMEOUT_MIN_S <= seconds <= TIMEOUT_MAX_S:
            raise BadOptions(f"A turn timeout is {TIMEOUT_MIN_S} to {TIMEOUT_MAX_S} seconds.")
        await self.store.set_setting(SCOPE, guild_id, "turn_timeout_s", int(seconds))

    @_reads
    async def set_ai_allowed(self: TableService, guild_id: int, allowed: bool) -> None:
        await self.store.set_setting(SCOPE, guild_id, "ai_allowed", bool(allowed))

    @_reads
    async def set_language(self: TableService, guild_id: int, language: str | None) -> None:
        """The server's language (None: back to the server's own preferred locale)."""
        if language is None:
            await self.store.delete_setting(SCOPE, guild_id, "language")
            return
        if language not in (known := languages()):
            raise BadOptions(f"The languages are {', '.join(known)}; not `{language}`.")
        await self.store.set_setting(SCOPE, guild_id, "language", language)

    @_reads
    async def table_options(
        self: TableService, guild_id: int | None, game_key: str, preset: str | None,
        options: dict[str, Any] | None,
    ) -> tuple[str | None, dict[str, Any], Options, TablePolicy]:
        """What a table opened now in ``guild_id`` plays by: the host's preset or the server's,
        the server's house rules under the host's, validated together, and the policy.

        Raises `BadOptions` with the reason (naming the server's house rules where they take
        part), so the caller can refuse before it opens anything.
        """
        defaults = await self.server_defaults(guild_id)
        return (*self._merged(defaults, game_key, preset, options), defaults.policy())

    @staticmethod
    def _merged(
        defaults: ServerDefaults, game_key: str, preset: str | None,
        options: dict[str, Any] | None,
    ) -> tuple[str | None, dict[str, Any], Options]:
        server = defaults.game(game_key)
        chosen = preset or server.preset
        merged = {**server.options, **(options or {})}
        try:
            game = registry.get(game_key)
            return chosen, merged, game.options(chosen, **merged)
        except GameError as exc:
            if server.options:
                raise BadOptions(
                    f"{exc} (This server's house rules for {game_key} take part: "
                    f"`/{game_key} rules` shows them; set the rule otherwise in your house "
                    "rules.)"
                ) from None
            if preset is None and server.preset is not None:
                raise BadOptions(
                    f"{exc} (This server's default preset for {game_key} is `{server.preset}`; "
                    "name another preset, or ask a manager to change it.)"
                ) from None
            raise BadOptions(str(exc)) from None
