"""``/dominoes``: the games of *Dominoes and Dice* (1895) at a table; the rest is `GameCog`.

``/dominoes new game:`` picks one of the booklet's eighteen games by autocomplete (the Draw
Game by default), with the booklet's agreed variations as options (a game refuses those it has
no use for, saying so), and ``/dominoes rules game:`` tells it in plain words. The line of play (or
the trick), every seat's tile count, the boneyard and the score are on the table message's
picture; each player's tiles reach him by DM with the legal plays, a tile that fits two ends
asking which (`bot.discord.dominoes_planner`, registered by importing it here).
"""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import dominoes_planner  # noqa: F401  (importing it registers the planner)
from bot.discord.gamecog import GameCog, given


class DominoesCog(GameCog, game_key="dominoes"):
    """Dominoes: line games, spinners, trick games and Domino Poker, as the booklet has them."""

    takes_house_rules = False  # ``new`` offers every option of the booklet itself

    @app_commands.command(name="new", description="Open a dominoes table here (or in a thread).")
    @app_commands.autocomplete(game=GameCog.preset_autocomplete)
    @app_commands.describe(
        game="Which of the booklet's games (type to search; default: the Draw Game)",
        players="How many seats (each game seats its own numbers)",
        target="Points that win the game (games played to a score)",
        hand_size="Tiles each",
        no_draw="No drawing from the boneyard: pass when you cannot play",
        block_scoring="At a block, the lighter hand scores both hands, the opponent's, or "
                      "the difference",
        pip_values="Muggins and All Threes: score the ends' pips (5, 10, 15, 20) instead of "
                   "1, 2, 3, 4",
        sevens="Matadore: a point per matadore and per seven at the ends",
        free_lead="The leader need not pose a double",
        rubber="Three games make a rubber (off: one game)",
        open_cross="Sebastopol: arms may grow before the cross is complete",
        stake="Pool games: counters each player pays into the pool",
        settlement="Pool games: pool (lives and starring) or difference (the first to 100 "
                   "pays)",
        domino_side_wins="Partnership games: the side that went out always wins the hand",
        play_for="Domino Loo: for a pool (antes, the loo paid into the next pool) or for "
                 "points (the game of 15 for two)",
        deals="Domino Loo's pool: hands to play",
        announce="Muggins and All Threes: announce your count; a wrong one may be called "
                 "muggins",
        thread="Open the table in a new thread",
    )
    async def new(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        players: int | None = None,
        target: app_commands.Range[int, 5, 1000] | None = None,
        hand_size: app_commands.Range[int, 3, 7] | None = None,
        no_draw: bool | None = None,
        block_scoring: Literal["both", "opponent", "difference"] | None = None,
        pip_values: bool | None = None,
        sevens: bool | None = None,
        free_lead: bool | None = None,
        rubber: bool | None = None,
        open_cross: bool | None = None,
        stake: app_commands.Range[int, 1, 1000] | None = None,
        settlement: Literal["pool", "difference"] | None = None,
        domino_side_wins: bool | None = None,
        play_for: Literal["pool", "points"] | None = None,
        deals: app_commands.Range[int, 1, 60] | None = None,
        announce: bool | None = None,
        thread: bool = False,
    ) -> None:
        options = given(target=target, hand_size=hand_size, no_draw=no_draw,
                        block_scoring=block_scoring, pip_values=pip_values, sevens=sevens,
                        free_lead=free_lead, rubber=rubber, open_cross=open_cross, stake=stake,
                        settlement=settlement, domino_side_wins=domino_side_wins,
                        play_for=play_for, deals=deals, announce=announce)
        await self._new(interaction, game, players, thread, options)

    @app_commands.command(name="rules", description="How one of the booklet's games is played.")
    @app_commands.describe(game="Which game (default: this channel's table, as it plays)")
    @app_commands.autocomplete(game=GameCog.preset_autocomplete)
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self._show_rules(interaction, game)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(DominoesCog(bot))
