"""Slash commands in the user's language: discord.py's translator, fed by the catalogues.

discord.py asks the translator for every name, description, option and choice of every command
in every Discord locale when it syncs; the answers go to Discord, which shows each user the
words of their client's language (the interaction still carries the English names). Names are
looked up in the context ``command``, ``option`` or ``choice``; descriptions have no context.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import DEFAULT, locale_of, texts

log = logging.getLogger(__name__)

NAME_RULE = re.compile(r"^[-_'\w]{1,32}$")
"""Discord's rule for a slash command's or an option's name (lowercase is checked apart)."""

_CONTEXT = {
    Where.command_name: "command", Where.group_name: "command",
    Where.parameter_name: "option", Where.choice_name: "choice",
}


def valid_name(name: str) -> bool:
    return bool(NAME_RULE.match(name)) and name == name.lower()


class CatalogueTranslator(app_commands.Translator):
    """Answers from `bot.i18n`'s catalogues; None (Discord shows the English) where a language
    has no translation, or a name's translation breaks Discord's rules (logged)."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        language = locale_of(locale)
        if language is None or language == DEFAULT:
            return None
        where = _CONTEXT.get(context.location)
        found = texts(language).lookup(string.message, where)
        if found is None:
            return None
        chat_name = where in ("command", "option") and not _is_context_menu(context)
        if chat_name and not valid_name(found):
            log.warning("the %s translation %r of %r is no valid command name; not used",
                        language, found, string.message)
            return None
        return found[:100]


def _is_context_menu(context: app_commands.TranslationContextTypes) -> bool:
    return isinstance(context.data, app_commands.ContextMenu)


def tree_texts(tree: app_commands.CommandTree[Any]) -> set[tuple[str | None, str]]:
    """(context, text) of every name, description, option and choice of the tree's commands."""
    found: set[tuple[str | None, str]] = set()

    def walk(command: Any) -> None:
        found.add(("command", command.name))
        if isinstance(command, app_commands.ContextMenu):
            return
        if command.description:
            found.add((None, command.description))
        if isinstance(command, app_commands.Group):
            for child in command.commands:
                walk(child)
            return
        for param in command.parameters:
            found.add(("option", param.name))
            if param.description and param.description != "…":
                found.add((None, param.description))
            for choice in param.choices:
                found.add(("choice", choice.name))

    for command in tree.get_commands():
        walk(command)
    for kind in (discord.AppCommandType.user, discord.AppCommandType.message):
        for command in tree.get_commands(type=kind):
            walk(command)
    return found


async def command_texts() -> set[tuple[str | None, str]]:
    """The texts of every command the bot registers, from its cogs loaded without logging in
    (no service, no Discord): what the catalogues must translate."""
    from bot.client import EXTENSIONS, ParlourBot
    from bot.config import Settings

    settings = Settings(_env_file=None, discord_token="-")  # type: ignore[call-arg]
    bot = ParlourBot(settings, sync_only=True)
    try:
        for extension in EXTENSIONS:
            await bot.load_extension(extension)
        return tree_texts(bot.tree)
    finally:
        await bot.close()
