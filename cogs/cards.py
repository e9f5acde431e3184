"""``/cards``: how cards are drawn for you (two suit colours, the tournaments' four, or German
suits)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.replies import guard, reply
from bot.i18n import _, pgettext

STYLES = [
    app_commands.Choice(name="Two colours: hearts and diamonds red, clubs and spades black",
                        value="two_colour"),
    app_commands.Choice(name="Four colours: clubs black, spades green, hearts red, diamonds "
                             "orange (Skat tournaments)", value="four_colour"),
    app_commands.Choice(name="German suits: Eichel, Grün, Rot, Schellen, with Unter and Ober "
                             "(as many Skat players know them)", value="german"),
]


class CardsCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="cards", description="How cards are drawn for you.")
    @app_commands.describe(style="Two suit colours, four, or German suits")
    @app_commands.choices(style=STYLES)
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def cards(self, interaction: discord.Interaction, style: str) -> None:
        async with guard(interaction):
            await self.bot.table_ui.styles.choose(interaction.user.id, style)  # type: ignore[attr-defined]
            name = pgettext("choice", next(c.name for c in STYLES if c.value == style))
            await reply(interaction, _("From your next picture on: {style}. Your hands and games "
                                       "alone are drawn so; a table is drawn in its host's "
                                       "style.", style=name), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CardsCog(bot))
