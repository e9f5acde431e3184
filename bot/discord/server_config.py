"""The kit of ``/parlour config`` (a server's defaults, issue 14) and of the note ``/… rules``
shows where they are in force: who may change them, autocomplete, and their words.

The service keeps and applies the defaults (`bot.service.server_defaults`); here they are only
asked for, checked for the permission and put into sentences.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from babel import Locale, UnknownLocaleError
from discord import app_commands

from bot.games import house_rules as house
from bot.games import registry
from bot.games.base import Game
from bot.games.registry import keys as game_keys
from bot.i18n import N_, _, languages, pgettext
from bot.service.server_defaults import GameDefaults, ServerDefaults

if TYPE_CHECKING:
    from bot.service.tables import TableService

MANAGERS_ONLY = N_(
    "Only members who may manage this server (Manage Server) can change Parlour's defaults "
    "here; `/… rules` shows the ones in force."
)
SERVERS_ONLY = N_("Server defaults belong to a server: run `/parlour config` in one, not in a "
                  "DM.")
CLEARED_WORDS = ("none", "clear", "-")
"""A line of house rules that clears a game's default house rules."""
AUTO = "auto"
"""``/parlour config language auto``: no language set, the server's own preferred locale."""


def check_manager(interaction: discord.Interaction) -> bool:
    """The run-time half of the permission (Discord's default permission is the other, and a
    server may override that): raises a `CheckFailure` whose words the user reads."""
    if interaction.guild_id is None:
        raise app_commands.CheckFailure(_(SERVERS_ONLY))
    perms = getattr(interaction, "permissions", None)
    if not (perms and (perms.manage_guild or perms.administrator)):
        raise app_commands.CheckFailure(_(MANAGERS_ONLY))
    return True


def table_games() -> list[Game]:
    """The games played at a table (those a server may set defaults for)."""
    games = [registry.get(k) for k in game_keys()]
    return [g for g in games if g.traits.mode == "table"]


def _chosen_game(interaction: discord.Interaction) -> Game | None:
    key = getattr(interaction.namespace, "game", None)
    return next((g for g in table_games() if g.key == key), None)


async def game_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    q = current.strip().lower()
    return [app_commands.Choice(name=g.title, value=g.key) for g in table_games()
            if q in g.key or q in g.title.lower()][:25]


async def preset_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The chosen game's catalogue (empty until a game is chosen)."""
    game = _chosen_game(interaction)
    if game is None:
        return []
    return [app_commands.Choice(name=v.title[:100], value=v.id)
            for v in game.find_variants(current, limit=25)]


async def house_rules_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """`house_rules.complete` against the preset chosen in the same command."""
    game = _chosen_game(interaction)
    if game is None:
        return []
    try:
        base = game.options(getattr(interaction.namespace, "preset", None))
    except Exception:
        base = game.options()
    return [app_commands.Choice(name=label, value=value)
            for label, value in house.complete(game.options_model, base, current)]


def rules_words(game: Game, options: dict[str, Any]) -> str:
    """Option overrides as a line of house rules (``stick the dealer, target 7``)."""
    return ", ".join(rule.item(options[rule.name]) for rule in house.rules_of(game.options_model)
                     if rule.name in options)


def game_words(game: Game, defaults: GameDefaults) -> str:
    """One game's defaults in a sentence's middle: preset `modern`, house rules `…`."""
    parts = []
    if defaults.preset:
        parts.append(_("preset `{preset}`", preset=defaults.preset))
    if defaults.options:
        parts.append(_("house rules `{rules}`", rules=rules_words(game, defaults.options)))
    return ", ".join(parts) or _("the bot's own (no defaults)")


def timeout_words(seconds: float) -> str:
    seconds = int(seconds)
    if seconds % 3600 == 0:
        return f"{seconds // 3600} h"
    if seconds % 60 == 0:
        return f"{seconds // 60} min"
    return f"{seconds} s"


def table_words(defaults: ServerDefaults) -> list[str]:
    """The defaults every table of the server keeps (turn timeout, AI), where set."""
    out = []
    if defaults.turn_timeout_s is not None:
        out.append(_("a turn times out after {time}",
                     time=timeout_words(defaults.turn_timeout_s)))
    if not defaults.ai_allowed:
        out.append(_("no AI players (nobody seats one, Start does not fill seats with one, and "
                     "a player out of time is waited for, until the game ends without a "
                     "result)"))
    return out


def show_text(defaults: ServerDefaults, service: TableService) -> str:
    """Every default of a server, for ``/parlour config show``."""
    lines = [_("**This server's Parlour defaults** (a host's own preset and house rules win; "
               "a table keeps the timeout and AI rule it opened with):")]
    for game in table_games():
        if not (mine := defaults.game(game.key)).empty:
            lines.append(f"`/{pgettext('command', game.key)}`: {game_words(game, mine)}")
    if len(lines) == 1:
        lines.append(_("No game has a default preset or house rules."))
    timeout = defaults.turn_timeout_s
    lines.append(_("Turn timeout: {time}", time=timeout_words(timeout)) if timeout is not None
                 else _("Turn timeout: the bot's own ({time})",
                        time=timeout_words(service.turn_timeout_s)))
    lines.append(_("AI players: allowed") if defaults.ai_allowed
                 else _("AI players: not allowed"))
    lines.append(_("Language: `{code}` ({name})", code=defaults.language,
                   name=language_name(defaults.language)) if defaults.language is not None
                 else _("Language: the server's own (its community language), else English"))
    return "\n".join(lines)


async def language_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The languages that have a catalogue, and ``auto``."""
    names = [*languages(), AUTO]
    return [app_commands.Choice(name=f"{n} ({language_name(n)})", value=n) for n in names
            if current.lower() in n or current.lower() in language_name(n).lower()][:25]


def language_name(code: str) -> str:
    """A language's own name for itself (``Deutsch``), from Babel's locale data."""
    if code == AUTO:
        return _("the server's own")
    try:
        return str(Locale.parse(code).get_display_name(code) or code)
    except (ValueError, UnknownLocaleError):
        return code


async def set_language(service: TableService, guild_id: int, language: str) -> str:
    """Set the server's language (or ``auto``); the answer in words."""
    code = language.strip()
    if code == AUTO:
        await service.set_language(guild_id, None)
        return _("Saved: table messages and posts here speak the server's own language (its "
                 "community setting), else English. Each player's own answers and hands "
                 "follow their Discord language.")
    if code not in languages():
        known = ", ".join(f"`{n}`" for n in [*languages(), AUTO])
        return _("I don't speak `{code}`; the choices are {known}.", code=code, known=known)
    await service.set_language(guild_id, code)
    return _("Saved: language `{code}` ({name}) for table messages and posts here. Each "
             "player's own answers and hands follow their Discord language.", code=code,
             name=language_name(code))


def rules_note(defaults: ServerDefaults, game: Game) -> str | None:
    """What ``/<game> rules`` adds in a server with defaults for that game (None without)."""
    parts = []
    if not (mine := defaults.game(game.key)).empty:
        parts.append(_("new tables play {defaults} unless the host chooses otherwise",
                       defaults=game_words(game, mine)))
    parts += table_words(defaults)
    if not parts:
        return None
    return _("**This server's defaults** (its managers set them with `/parlour config`): "
             "{parts}.", parts="; ".join(parts))


async def set_game(
    service: TableService, guild_id: int, game_key: str, preset: str | None,
    line: str | None, clear: bool,
) -> str:
    """Set, clear or show one game's defaults; the answer in words. A part left out keeps
    what was set; a line such as ``none`` clears the house rules."""
    game = next((g for g in table_games() if g.key == game_key), None)
    if game is None:
        keys = ", ".join(f"`{g.key}`" for g in table_games())
        return _("I don't know a table game called `{game}`; the games are {keys}.",
                 game=game_key, keys=keys)
    now = (await service.server_defaults(guild_id)).game(game.key)
    if clear:
        if preset is not None or line is not None:
            return _("Either clear the defaults, or set a preset or house rules; not both at "
                     "once.")
        await service.set_game_defaults(guild_id, game.key, preset=None, options=None)
        return _("Cleared: new `/{game}` tables here play the bot's own defaults again.",
                 game=pgettext("command", game.key))
    if preset is None and line is None:
        return _("`/{game}` on this server: {defaults}. Give a preset or house rules to change "
                 "them, or `clear: True` to remove them.", game=pgettext("command", game.key),
                 defaults=game_words(game, now))
    options = now.options
    if line is not None:
        options = {} if line.strip().lower() in CLEARED_WORDS else house.parse(
            game.options_model, line)
    saved = await service.set_game_defaults(
        guild_id, game.key, preset=preset if preset is not None else now.preset, options=options)
    return _("Saved: new `/{game}` tables on this server play {defaults}. A host's own preset "
             "and house rules win, rule by rule.", game=pgettext("command", game.key),
             defaults=game_words(game, saved))
