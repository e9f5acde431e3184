"""Patience options: the preset is the catalogue's variant id; a few flags carry the book's
unnamed variants, and each game refuses the flags it has no use for."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from bot.games.base import Options
from bot.games.words import N_

FLAG_HELP = {
    "redeals": N_("how many redeals (The Chameleon: 0 or 1)"),
    "in_suit": N_("foundations follow suit, with two redeals (Auld Lang Syne, Tam O' Shanter)"),
    "found_as_turned": N_("foundations started as they turn up (The Calculation)"),
    "spaces": N_("what may fill a space: `talon` only (Napoleon), `any` card (Penelope's Web)"),
    "no_shuffle": N_("redeals gather the fans in order without shuffling (La Belle Lucie family)"),
    "courts": N_("`always`: every court card dealt goes to the bottom (The Elevens)"),
    "merci": N_("allow the one-card draw in the last deal"),
    "queens_first": N_("`false`: fives and sixes start their foundations whenever they appear, "
    "not only once the four queens are out (The Quadrille)"),
    "shuffle": "shuffle the gathered packets before each redeal (Leoni's Own: the book's note)",
}


class PatienceOptions(Options):
    """``preset`` is the game (a catalogue id such as ``napoleon_at_st_helena``)."""

    redeals: int | None = Field(None, ge=0, le=1)
    in_suit: bool = False
    found_as_turned: bool = False
    spaces: Literal["book", "talon", "any"] = "book"
    no_shuffle: bool = False
    courts: Literal["initial", "always"] = "initial"
    merci: bool = True
    queens_first: bool = True
    shuffle: bool = False

    @model_validator(mode="after")
    def _flags_fit_the_game(self) -> PatienceOptions:
        from bot.games.patience.catalogue import CATALOGUE

        row = CATALOGUE.get(self.preset)
        if row is None:
            return self
        default = PatienceOptions.model_construct()
        for name in FLAG_HELP:
            if getattr(self, name) != getattr(default, name) and name not in row.flags:
                raise ValueError(N_("{game} has no `{name}` option.").format(
                    game=row.title, name=name))
        return self
