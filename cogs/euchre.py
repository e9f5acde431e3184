"""``/euchre``: Euchre tables (Hoyle 1871 or modern rules); everything comes from `GameCog`.

Partnerships sit opposite (seats 1 and 3 against 2 and 4); the turn-up, trump, maker, tricks and
score are on the table message; the bids, the dealer's discard and the legal cards reach each
player privately.
"""

from __future__ import annotations

from discord.ext import commands

from bot.discord.gamecog import GameCog


class EuchreCog(GameCog, game_key="euchre"):
    """Euchre: bowers, ordering up, going alone."""


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(EuchreCog(bot))
