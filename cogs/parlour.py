"""``/parlour config``: a server's defaults (issue 14), for members who may manage the server.

Discord shows the group only to them (default permission Manage Server, which a server may
change) and every call is checked again when it runs. The words and the checks are the kit's
(`bot.discord.server_config`); the service keeps and applies the defaults.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import server_config as kit
from bot.discord.languages import languages_of
from bot.discord.replies import guard, reply
from bot.i18n import _


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class ParlourCog(commands.GroupCog, group_name="parlour",
                 group_description="Parlour on this server"):
    config = app_commands.Group(name="config",
                                description="This server's defaults (members with Manage Server)")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def service(self) -> Any:
        return self.bot.table_ui.service  # type: ignore[attr-defined]

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return kit.check_manager(interaction)

    @config.command(name="show", description="Every default of this server.")
    async def show(self, interaction: discord.Interaction) -> None:
        async with guard(interaction):
            defaults = await self.service.server_defaults(interaction.guild_id)
            await reply(interaction, kit.show_text(defaults, self.service))

    @config.command(name="game", description="A game's default preset and house rules here.")
    @app_commands.describe(
        game="Which game", preset="The preset new tables play when the host names none",
        house_rules="House rules under the host's own (`none` clears them)",
        clear="Remove this game's defaults")
    @app_commands.autocomplete(game=kit.game_autocomplete, preset=kit.preset_autocomplete,
                               house_rules=kit.house_rules_autocomplete)
    async def game(self, interaction: discord.Interaction, game: str,
                   preset: str | None = None, house_rules: str | None = None,
                   clear: bool = False) -> None:
        async with guard(interaction):
            assert interaction.guild_id is not None
            await reply(interaction, await kit.set_game(
                self.service, interaction.guild_id, game, preset, house_rules, clear))

    @config.command(name="timeout", description="How long a player may take for a turn here.")
    @app_commands.describe(seconds="30 to 86400; leave it out for the bot's own timeout")
    async def timeout(self, interaction: discord.Interaction,
                      seconds: app_commands.Range[int, 30, 86400] | None = None) -> None:
        async with guard(interaction):
            assert interaction.guild_id is not None
            await self.service.set_turn_timeout(interaction.guild_id, seconds)
            said = (kit.timeout_words(seconds) if seconds is not None
                    else _("the bot's own ({time})",
                           time=kit.timeout_words(self.service.turn_timeout_s)))
            await reply(interaction, _("Saved: a turn times out after {time} at tables opened "
                                       "from now on; tables already open keep theirs.",
                                       time=said))

    @config.command(name="ai", description="Whether AI players may sit at this server's tables.")
    @app_commands.describe(allowed="Allow AI players (seated, filling seats, taking over)")
    async def ai(self, interaction: discord.Interaction, allowed: bool) -> None:
        async with guard(interaction):
            assert interaction.guild_id is not None
            await self.service.set_ai_allowed(interaction.guild_id, allowed)
            said = (_("AI players may sit at tables opened from now on.") if allowed else
                    _("Tables opened from now on play without AI players: nobody seats one, "
                      "Start does not fill seats with one, and a player out of time is waited "
                      "for until the game ends without a result."))
            await reply(interaction, _("Saved. {said} Tables already open keep their rule.",
                                       said=said))

    @config.command(name="language", description="The language of Parlour's texts here.")
    @app_commands.describe(language="A language Parlour speaks, or auto: the server's own")
    @app_commands.autocomplete(language=kit.language_autocomplete)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        async with guard(interaction):
            assert interaction.guild_id is not None
            await reply(interaction, await kit.set_language(
                self.service, interaction.guild_id, language))
            languages = languages_of(self.bot)
            if languages is not None:
                languages.server_changed(interaction.guild_id)

async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ParlourCog(bot))
