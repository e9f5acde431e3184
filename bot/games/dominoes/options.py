"""Dominoes options: the preset is the catalogue's game; a few flags carry the booklet's
agreed variations, and a game refuses the flags it has no use for."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from bot.games.base import Options
from bot.games.words import N_

FLAG_HELP = {
    "target": N_("points that win the game"),
    "block_scoring": N_("what the lighter hand scores at a block: `both` hands, the `opponent`'s, "
                        "or the `difference`"),
    "hand_size": N_("tiles each"),
    "no_draw": N_("no drawing: pass when you cannot play"),
    "pip_values": N_("score the ends' pips (5, 10, 15, 20) instead of 1, 2, 3, 4"),
    "sevens": N_("the author's variant: a point per matadore and per seven at the ends"),
    "free_lead": N_("the leader need not pose a double"),
    "rubber": N_("three games make a rubber (off: one game)"),
    "open_cross": N_("arms may grow before the cross is complete (the Cyprus reading)"),
    "stake": N_("counters each player pays into the pool"),
    "settlement": N_("`pool` (lives and starring) or `difference` (the first to 100 pays)"),
    "domino_side_wins": N_("the side that went out always wins the hand"),
    "play_for": N_("Domino Loo: `pool` (antes, a fifth of the pool a trick, the loo paid into "
                   "the next pool; the book's way for three or four) or `points` (its game of 15 "
                   "for two)"),
    "deals": N_("Domino Loo's pool: hands to play (then on until a pool is taken with no loo)"),
    "announce": N_("announce your count after each play; a wrong count may be called muggins"),
}


class DominoesOptions(Options):
    """``preset`` is the game (a catalogue id such as ``muggins``)."""

    target: int | None = Field(None, ge=5, le=1000)
    block_scoring: Literal["both", "opponent", "difference"] = "both"
    hand_size: int | None = Field(None, ge=3, le=7)
    no_draw: bool = False
    pip_values: bool = False
    sevens: bool = False
    free_lead: bool = False
    rubber: bool = True
    open_cross: bool = False
    stake: int = Field(5, ge=1, le=1000)
    settlement: Literal["pool", "difference"] = "pool"
    domino_side_wins: bool = False
    play_for: Literal["pool", "points"] | None = None
    deals: int | None = Field(None, ge=1, le=60)
    announce: bool = False

    @model_validator(mode="after")
    def _flags_fit_the_game(self) -> DominoesOptions:
        from bot.games.dominoes.catalogue import CATALOGUE

        row = CATALOGUE.get(self.preset)
        if row is None:
            return self
        default = DominoesOptions.model_construct()
        for name in FLAG_HELP:
            if getattr(self, name) != getattr(default, name) and name not in row.flags:
                raise ValueError(N_("{game} has no `{name}` option.").format(
                    game=row.title, name=name))
        if row.family == "loo" and self.stake % 5:
            raise ValueError(N_("Domino Loo's stake must divide by five: each trick takes a "
                                "fifth of the pool."))
        return self
