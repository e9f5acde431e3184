"""``/dice``: the ten dice games of *Dominoes and Dice* (1895) at one table message.

Everything common comes from `GameCog`. Dice hide nothing, so the kit plays them in the
channel: the table message shows the dice and carries the buttons of the player to throw
(no hands by DM). This cog only names the game ``game`` instead of ``preset``, offers the
booklet's agreed options on ``new``, and says in ``rules`` which buttons a game uses.
"""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import dice_planner  # noqa: F401  (importing it registers the planner)
from bot.discord.gamecog import GameCog, given
from bot.games.dice.catalogue import CATALOGUE, Flow
from bot.i18n import N_, _

BUTTONS: dict[Flow, str] = {
    "fixed": N_("Press **Throw** when it is your turn: the whole turn is thrown at once, and "
                "the dice set aside are ringed in gold."),
    "raffle": N_("Press **Throw** when it is your turn: the dice are thrown until a pair "
                 "shows."),
    "poker": N_("Press **Throw** for your five dice; then **Stand**, **Throw all five again**, "
                "or pick the places (1 to 5, under the dice) of the dice to keep and throw the "
                "rest once."),
    "vingt_un": N_("Press **Throw**, then **Throw again** as often as you like, or **Stand** "
                   "on your total."),
    "centennial": N_("Press **Throw** when it is your side's turn: you throw on while a throw "
                     "marks your side's next number."),
    "neighbour": N_("Press **Throw** when it is your turn: each throw may score for you and "
                    "for the player whose number shows highest."),
    "ace_pot": N_("Press **Throw** when it is your turn (a player with no counters is passed "
                  "over); with the pot closed, the holder throws three times for a six."),
}


class DiceCog(GameCog, game_key="dice"):
    """Dice: the booklet's ten games, played on the table message."""

    takes_house_rules = False  # ``new`` offers every option of the booklet itself

    @app_commands.command(name="new", description="Open a dice table here (or in a thread).")
    @app_commands.autocomplete(game=GameCog.preset_autocomplete)
    @app_commands.describe(
        game="Which of the ten games (Raffles, Draw Poker, Centennial, ...)",
        players="How many players (the AI can fill empty seats)",
        rounds="Throwing Dice, Round the Spot, Multiplication, Boston: turns per player",
        target="Round the Spot, Help Your Neighbor: the total to race to",
        counters="Ace in the Pot: counters each player starts with",
        last_holder="Ace in the Pot: the last holder wins or loses",
        forfeit="Vingt-un: play for a forfeit (the farthest from 21 loses)",
        whole_throw="Raffles: triplets rank as pairs and the whole throw counts",
        play_for="Help Your Neighbor: a pool (first there wins) or refreshments (last loses)",
        thread="Open the table in a new thread",
    )
    async def new(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        players: int | None = None,
        rounds: app_commands.Range[int, 1, 10] | None = None,
        target: app_commands.Range[int, 0, 200] | None = None,
        counters: app_commands.Range[int, 1, 10] | None = None,
        last_holder: Literal["wins", "loses"] | None = None,
        forfeit: bool | None = None,
        whole_throw: bool | None = None,
        play_for: Literal["pool", "refreshments"] | None = None,
        thread: bool = False,
    ) -> None:
        options = given(rounds=rounds, target=target, counters=counters,
                        last_holder=last_holder, forfeit=forfeit, whole_throw=whole_throw,
                        play_for=play_for)
        await self._new(interaction, game, players, thread, options)

    @app_commands.command(name="rules", description="How a dice game is played.")
    @app_commands.describe(game="Which game (default: this channel's table, as it plays)")
    @app_commands.autocomplete(game=GameCog.preset_autocomplete)
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self._show_rules(interaction, game, at_the_table)


def at_the_table(options: Any) -> str:
    """How this table's buttons play the booklet's rules."""
    return _("**At the table:** {how}", how=_(BUTTONS[CATALOGUE[options.preset].flow]))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(DiceCog(bot))
