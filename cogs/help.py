"""``/help``: what Parlour can do, in the games' own words; works in servers and DMs."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.replies import guard, reply
from bot.games.registry import keys as game_keys

HELP = """\
**Parlour** hosts the classic parlour games of the old rule books.

**At a table** (in a server channel; `<game>` is {games}):
`/<game> new [preset] [players] [thread]` open a table; the lobby has Join, Leave, Add AI, Start
`/<game> join`, `/<game> leave`, `/<game> bot` take a seat, leave it, seat an AI player
`/<game> start [fill]` deal (the host, or anyone who may manage the channel)
`/<game> hand` your cards and choices, only to you; `/<game> score` the table
`/<game> rules [preset]` the rules; `/<game> abort` close the table
`/<game> remove <seat>` free a lobby seat (host); `/<game> resign` let the AI finish for you
Your hand arrives by DM with a button for every legal move. If your DMs are closed, press
**Show my hand** under the table message instead.

**Anywhere**: `/leaderboard <game> [scope]`, `/stats [user]`, `/help`.
"""


class HelpCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="What Parlour can do.")
    async def help(self, interaction: discord.Interaction) -> None:
        async with guard(interaction):
            games = ", ".join(f"`{k}`" for k in game_keys())
            await reply(interaction, HELP.format(games=games), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HelpCog(bot))
