"""Euchre's variants: the 1871 Hoyle rules by default, modern North American rules as a preset.

The book (Hoyle, Boston 1871, L1576-L1604) leaves several points open; each choice below says
which reading the bot plays. Anything that is a real choice between tables is an option; things a
bot makes impossible (revokes, misdeals, exposed cards) are not.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from bot.games.base import Options

RANKS_32 = "AKQJT987"
RANKS_24 = "AKQJT9"


class EuchreOptions(Options):
    """House rules of one Euchre table.

    - ``deck``: "32" (7 to A, the book) or "24" (9 to A, modern).
    - ``target``: points to win (book 5 "unless otherwise agreed", modern 10).
    - ``second_round``: after the turn-up is turned down, players may name another suit.
    - ``stick_the_dealer``: in the second round the dealer may not bunch; he must name a suit.
    - ``allow_alone``: the maker may go alone (four-handed only; the book's restrictions follow
      from "maker only": a dealer ordered up or assisted is not the maker).
    - ``point_value`` / ``march_value`` / ``lone_march_value``: the makers' 3-4 tricks, all 5,
      all 5 alone.
    - ``euchre_value``: to the defenders when the makers are euchred (three-handed: to each).
    - ``alone_euchred_value``: to the defenders when a lone maker is euchred (book: disputed,
      "the general rule is to score only two"; some tables give 4).
    - ``allow_defend_alone``: modern house rule, four-handed only: when the maker goes alone, one
      defender may defend alone (his partner sits out). ``defend_alone_value`` is what a lone
      defender scores for euchring the lone maker (4 in common house rules). If the maker
      succeeds, he scores as usual.
    - ``first_dealer``: "first_jack" (cards dealt face up one at a time from a seat chosen by the
      seed; the first Jack deals, our reading of the book's "best Euchre card") or "random".

    Not options: the left bower is always a trump and the turned-down suit is always barred in
    round two (both presets agree); a revoke cannot happen (following suit is enforced), so the
    book's one-point revoke penalty never applies; no joker (the book gives it no rules).
    """

    deck: Literal["32", "24"] = "32"
    target: int = Field(default=5, ge=1, le=100)
    second_round: bool = True
    stick_the_dealer: bool = False
    allow_alone: bool = True
    point_value: int = Field(default=1, ge=1, le=10)
    march_value: int = Field(default=2, ge=1, le=10)
    lone_march_value: int = Field(default=4, ge=1, le=10)
    euchre_value: int = Field(default=2, ge=1, le=10)
    alone_euchred_value: Literal[2, 4] = 2
    allow_defend_alone: bool = False
    defend_alone_value: int = Field(default=4, ge=1, le=10)
    first_dealer: Literal["first_jack", "random"] = "first_jack"

    @model_validator(mode="after")
    def _consistent(self) -> EuchreOptions:
        if self.stick_the_dealer and not self.second_round:
            raise ValueError(
                "Stick the dealer needs a second round: without one the dealer is never forced "
                "to name a suit."
            )
        if self.allow_defend_alone and not self.allow_alone:
            raise ValueError(
                "Defending alone is only possible against a lone maker, so it needs going alone."
            )
        if self.march_value < self.point_value:
            raise ValueError("A march must be worth at least as much as 3 or 4 tricks.")
        if self.lone_march_value < self.march_value:
            raise ValueError("A lone march must be worth at least as much as a march.")
        return self

    @property
    def modern_words(self) -> bool:
        """Speak today's words (order up, pick it up, go alone, pass) and not the 1871 book's
        (I assist, take up, play alone, bunch): every table but the book's own preset."""
        return self.preset != "hoyle1871"

    @property
    def ranks(self) -> str:
        return RANKS_32 if self.deck == "32" else RANKS_24


PRESETS: dict[str, dict[str, object]] = {
    "hoyle1871": {},
    "modern": {
        "deck": "24",
        "target": 10,
        "first_dealer": "first_jack",
    },
}
"""``hoyle1871`` is the book (the field defaults); ``modern`` is today's North American game.
Stick-the-dealer, defending alone and a 4-point lone euchre are modern house rules left off in
both presets; a table switches them on as overrides."""
