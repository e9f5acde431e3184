"""Dice options: the preset is the catalogue's game id; a few agreed house rules, each refused
by the games that have no use for it."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from bot.games.base import Options
from bot.games.words import N_

FLAG_HELP = {
    "rounds": N_("how many turns each player's total is made of (1 to 10)"),
    "target": N_("the agreed total to race to (0: one round, highest wins)"),
    "whole_throw": N_("Raffles: triplets rank as pairs and the whole throw counts"),
    "forfeit": N_("Vingt-un: play for a forfeit, the farthest from 21 loses"),
    "counters": N_("Ace in the Pot: counters each player starts with (1 to 10)"),
    "last_holder": N_("Ace in the Pot: the last holder `wins` or `loses`"),
    "play_for": N_("Help Your Neighbor: `pool` (first there wins) or `refreshments` "
                   "(last there loses)"),
}


class DiceOptions(Options):
    """``preset`` is the game (a catalogue id such as ``draw_poker``)."""

    rounds: int = Field(1, ge=1, le=10)
    target: int | None = Field(None, ge=0, le=200)
    whole_throw: bool = False
    forfeit: bool = False
    counters: int = Field(3, ge=1, le=10)
    last_holder: Literal["wins", "loses"] = "wins"
    play_for: Literal["pool", "refreshments"] = "pool"

    @model_validator(mode="after")
    def _flags_fit_the_game(self) -> DiceOptions:
        from bot.games.dice.catalogue import CATALOGUE

        row = CATALOGUE.get(self.preset)
        if row is None:
            return self
        default = DiceOptions.model_construct()
        for name in FLAG_HELP:
            if getattr(self, name) != getattr(default, name, None) and name not in row.flags:
                raise ValueError(N_("{game} has no `{name}` option.").format(
                    game=row.title, name=name))
        if row.id == "help_your_neighbor" and self.target == 0:
            raise ValueError(N_("Help Your Neighbor needs a total to play to."))
        return self

    def goal(self, default: int = 0) -> int:
        return default if self.target is None else self.target
