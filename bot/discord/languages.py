"""Who is spoken to in which language.

- An answer to an interaction (a command, a click, an ephemeral): the interaction's locale,
  the language of the user's Discord client.
- A hand DM (sent later, by no interaction of its reader): the locale of the player's last
  interaction, kept in the settings (scope `SCOPE`), else the server's language.
- A table message, a post in a channel: the server's language set by its managers
  (``/parlour config language``), else the server's preferred locale (its community setting),
  else English.

A locale Parlour has no catalogue for means English. `hear` is called once at the start of
each interaction's handling: it sets the language for the rest of that task
(`bot.i18n.speak`) and remembers the user's locale.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import DEFAULT, Texts, locale_of, speak

if TYPE_CHECKING:
    from bot.service.tables import TableService

log = logging.getLogger(__name__)

SCOPE = "locale"
"""Settings scope: id = the user, key "locale", value the Discord locale of their last
interaction (``"de"``, ``"en-US"``: kept as Discord said it, so a catalogue added later
applies to it)."""


class Languages:
    """The languages of users and servers, read once per process and kept in memory."""

    def __init__(self, client: discord.Client, service: TableService) -> None:
        self.client = client
        self.service = service
        self._users: dict[int, str] = {}
        self._servers: dict[int, str | None] = {}
        """guild -> the language its managers set (None: none set)."""
        self._guild_locales: dict[int, str] = {}
        """guild -> its preferred locale, as the interactions from it said."""

    async def note(self, interaction: discord.Interaction) -> None:
        """Remember the user's locale (stored when it changed) and the server's."""
        said = getattr(interaction, "locale", None)
        locale = str(getattr(said, "value", said) or "")
        guild_id = getattr(interaction, "guild_id", None)
        guild_locale = getattr(interaction, "guild_locale", None)
        if guild_id is not None and guild_locale is not None:
            self._guild_locales[guild_id] = str(getattr(guild_locale, "value", guild_locale))
        user_id = getattr(getattr(interaction, "user", None), "id", None)
        if user_id is None or not locale or self._users.get(user_id) == locale:
            return
        self._users[user_id] = locale
        try:
            await self.service.set_setting(SCOPE, user_id, "locale", locale)
        except Exception:
            log.warning("could not store the locale of user %s", user_id, exc_info=True)

    async def of_user(self, user_id: int | None, guild_id: int | None) -> str:
        """The language of a user's private messages (a hand DM)."""
        if user_id is not None:
            if user_id not in self._users:
                try:
                    stored = (await self.service.settings(SCOPE, user_id)).get("locale")
                except Exception:
                    stored = None
                if isinstance(stored, str):
                    self._users[user_id] = stored
            if (known := locale_of(self._users.get(user_id))) is not None:
                return known
        return await self.of_server(guild_id)

    async def of_server(self, guild_id: int | None) -> str:
        """The language of what a server's channels show (table messages, posts)."""
        if guild_id is None:
            return DEFAULT
        if guild_id not in self._servers:
            try:
                self._servers[guild_id] = (await self.service.server_defaults(guild_id)).language
            except Exception:
                return locale_of(self._guild_locale(guild_id)) or DEFAULT
        chosen = self._servers[guild_id]
        return locale_of(chosen or self._guild_locale(guild_id)) or DEFAULT

    def server_changed(self, guild_id: int) -> None:
        """A manager set the server's language: read it again."""
        self._servers.pop(guild_id, None)

    def _guild_locale(self, guild_id: int) -> str | None:
        """The server's preferred locale: as its latest interaction said, else as the
        gateway's guild data has it."""
        if (said := self._guild_locales.get(guild_id)) is not None:
            return said
        get_guild = getattr(self.client, "get_guild", None)
        guild = get_guild(guild_id) if get_guild is not None else None
        locale = getattr(guild, "preferred_locale", None)
        return str(getattr(locale, "value", locale)) if locale is not None else None


def languages_of(client: Any) -> Languages | None:
    ui = getattr(client, "table_ui", None)
    return getattr(ui, "languages", None)


async def hear(interaction: discord.Interaction) -> Texts:
    """Answer this interaction in its user's language, for the rest of the handling task."""
    words = speak(locale_of(getattr(interaction, "locale", None)))
    languages = languages_of(interaction.client)
    if languages is not None:
        await languages.note(interaction)
    return words
