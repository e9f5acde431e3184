"""``/help``: what Parlour can do, in the games' own words; works in servers and DMs."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.gamecog import GameCog
from bot.discord.public_table import on_the_table
from bot.discord.replies import guard, reply
from bot.discord.solocog import SoloGameCog
from bot.i18n import N_, _, pgettext

HELP = N_("""\
**Parlour** hosts the classic parlour games of the old rule books.

**At a table** (in a server channel; `<game>` is {games}):
`/<game> new [preset] [players] [house_rules] [thread]` open a table (house rules in words:
`stick the dealer, target 7`); the lobby has Join, Leave, Add AI, Start
`/<game> join`, `/<game> leave`, `/<game> bot` take a seat, leave it, seat an AI player
`/<game> start [fill]` deal (host or channel managers); `/<game> abort` close the table
`/<game> hand` your cards and choices, only to you; `/<game> score` the table
`/<game> rules [preset]` the rules and every house rule; `/<game> resign` let the AI finish
`/<game> remove <seat>` free a lobby seat (host); `/<game> history [game]` recent games, and
a replay of one (the table as everyone saw it, and your own hand)
Your hand arrives by DM with a button for every legal move (DMs closed? press **Show my
hand**). **Rematch** under a finished table opens it again, each seat kept for its player.{public}

**Alone, in a DM with me** (`<solo>` is {solo}; from a server too, if you added the app):
`/<solo> play [game] [seed]` deal a game (type to search them by name); pick a card, then
where it goes; Undo, Rules, Give up. `/<solo> daily [game]` today's deal for everyone
`/<solo> leaderboard [game] [today]`, `/<solo> stats [game]`, `/<solo> show` your open game

**Anywhere**: `/leaderboard <game> [scope] [season] [order]` (a season is a quarter, UTC;
Skat may go by list points), `/stats [user]` (or Apps > **Parlour stats** on a member),
`/cards style` (two colours, four, or German suits), `/help`. Managers: `/parlour config show`.
""")


class HelpCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="What Parlour can do.")
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def help(self, interaction: discord.Interaction) -> None:
        async with guard(interaction):
            await reply(interaction, help_text(self.bot), ephemeral=True)


def help_text(bot: commands.Bot) -> str:
    """The help, naming the games whose commands this bot has loaded, by kind."""
    tables = sorted(c.game_key for c in bot.cogs.values() if isinstance(c, GameCog))
    solo = sorted(c.game_key for c in bot.cogs.values() if isinstance(c, SoloGameCog))
    public = [k for k in tables if on_the_table(k)]
    note = ("\n" + _("Games that hide nothing ({games}) have no hands: the table message shows "
                     "the play and carries the buttons of whoever is to move.",
                     games=_keys(public)) if public else "")
    return _(HELP, games=_keys(tables), solo=_keys(solo), public=note)


def _keys(keys: list[str]) -> str:
    return ", ".join(f"`{pgettext('command', k)}`" for k in keys) or _("none yet")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HelpCog(bot))
