"""Skat options and the two presets (spec section 5).

`classic` is the 1908 book (Dickinson, *Skat in Brief*); `isko` is the modern International Skat
Order. Most fields are house-rule switches; cross-field checks refuse combinations one rule set
cannot play (an ISkO Tourne, a classic Kontra), so a table never starts with rules nobody knows.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from bot.games.base import Options

RuleSet = Literal["classic", "isko"]


class SkatOptions(Options):
    rules: RuleSet = "classic"
    deals: int = 0
    """Deals in the series; 0 = whole rounds (see `rounds`)."""
    rounds: int = 1
    """Rounds when `deals` is 0; a round is one deal by every person at the table."""
    dealer_selection: Literal["random", "fixed"] = "random"
    """`fixed`: the last seat deals first, so the first seat is Vorhand."""
    min_bid: int = 10
    all_pass: Literal["forehand_plays", "throw_in", "ramsch"] = "forehand_plays"
    allow_ramsch: bool = True
    """classic: Vorhand may choose Ramsch when nobody bid."""
    allow_frage: bool = False
    allow_revolution: bool = True
    forced_ramsch_deals: list[int] = Field(default_factory=list)
    """Deal numbers (1-based) played as Ramsch without an auction."""
    ramsch_scoring: Literal["fixed", "card_points"] = "fixed"
    ramsch_skat_to: Literal["last_trick", "loser"] = "last_trick"
    ramsch_tie: Literal["all_tied_lose", "last_trick_among_tied"] = "all_tied_lose"
    ramsch_jungfrau_doubles: bool = True
    ramsch_durchmarsch: bool = False
    schneider_threshold: int = 91
    player_schneider_at: int = 30
    hand_level: bool = False
    ouvert_level: bool = False
    loss_factor: Literal["per_contract", "double"] = "per_contract"
    passt_nicht_doubles_overbid: bool = True
    tourne_surrender: bool = True
    surrender_keeps_doubling: bool = True
    claim_policy: Literal["nasl", "verify_or_reject", "off"] = "nasl"
    trick_history: Literal["last", "all"] = "last"
    show_card_points: bool = False
    """Show each player's running card points on the table. Off by default: the book lets no
    one count the tricks taken (NASL rule 12), so keeping count is part of the game."""
    score_sheet: Literal["classic", "plain", "seeger_fabian"] = "classic"
    settlement: Literal["prove_score", "none"] = "prove_score"
    """Proving the score (2.10): classic by default; an isko table may opt in (spec 4)."""
    point_stake: float = 0.0
    """Money per point for the settlement lines (0 = play for honour)."""
    kontra_re: bool = False
    kontra_requires_bid: bool = True

    @model_validator(mode="after")
    def _check(self) -> SkatOptions:
        if not 0 <= self.point_stake <= 100:
            raise ValueError("The stake per point must lie between 0 and 100.")
        if not 0 <= self.deals <= 200 or not 1 <= self.rounds <= 20:
            raise ValueError("A series has 1-200 deals, or 1-20 whole rounds.")
        if any(d < 1 for d in self.forced_ramsch_deals):
            raise ValueError("Forced Ramsch deals are numbered from 1.")
        if not 61 <= self.schneider_threshold <= 120 or not 0 <= self.player_schneider_at <= 59:
            raise ValueError("Schneider thresholds must lie between 61-120 and 0-59 points.")
        if self.rules == "classic":
            if self.all_pass != "forehand_plays":
                raise ValueError("In classic Skat Vorhand must play when nobody bids.")
            if self.kontra_re:
                raise ValueError("Kontra and Re are not part of classic Skat.")
            if self.score_sheet == "seeger_fabian":
                raise ValueError("The Seeger-Fabian list belongs to the isko rules.")
        else:
            if self.all_pass == "forehand_plays":
                raise ValueError("isko: when all pass the deal is thrown in (or Ramsch is played).")
            if self.allow_frage:
                raise ValueError("isko has no Frage.")
            if self.claim_policy == "nasl":
                raise ValueError("The NASL claim penalties belong to classic Skat.")
            if self.score_sheet == "classic":
                raise ValueError("isko keeps a plain or Seeger-Fabian list.")
        return self


CLASSIC: dict[str, Any] = {"rules": "classic"}

ISKO: dict[str, Any] = {
    "rules": "isko",
    "min_bid": 18,
    "all_pass": "throw_in",
    "allow_ramsch": False,
    "allow_revolution": False,
    "ramsch_scoring": "card_points",
    "ramsch_durchmarsch": True,
    "schneider_threshold": 90,
    "hand_level": True,
    "ouvert_level": True,
    "loss_factor": "double",
    "tourne_surrender": False,
    "claim_policy": "verify_or_reject",
    "score_sheet": "plain",
    "settlement": "none",
}

PRESETS: dict[str, dict[str, Any]] = {"classic": CLASSIC, "isko": ISKO}
