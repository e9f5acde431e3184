"""``/patience``: the 64 games of Dick's book (1883), played alone in a DM.

Everything comes from `SoloGameCog`: ``play`` (any game by its book or modern name), ``show``
and ``rules``; the layout's picture and the moves (a card, then where it goes; Undo; Give up)
are on the game's own message.
"""

from __future__ import annotations

from discord.ext import commands

from bot.discord.solocog import SoloGameCog


class PatienceCog(SoloGameCog, game_key="patience"):
    """Patience: foundations, packets, the talon and the stock."""


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PatienceCog(bot))
