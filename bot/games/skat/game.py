"""`SkatGame`: the registry entry tying options, presets, the state machine and the AI."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from bot.games.base import Action, Game, InvalidOptions, Options, State, Traits, View
from bot.games.skat.options import PRESETS, SkatOptions
from bot.games.skat.rules import SkatState, new_state, seat_names
from bot.games.words import N_


class SkatGame(Game[SkatState, SkatOptions]):
    key: ClassVar[str] = "skat"
    title: ClassVar[str] = N_("Skat")
    players: ClassVar[tuple[int, ...]] = (3, 4, 5)
    default_players: ClassVar[int] = 3
    options_model: ClassVar[type[Options]] = SkatOptions
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS
    default_preset: ClassVar[str] = "classic"
    state_model: ClassVar[type[State]] = SkatState
    traits: ClassVar[Traits] = Traits(conserves_cards=True)

    def check_players(self, players: int, options: SkatOptions) -> None:
        super().check_players(players, options)
        if options.rules == "isko" and players == 5:
            raise InvalidOptions("isko Skat seats 3 or 4 persons (the dealer sits out at 4).")

    def new(self, players: int, options: SkatOptions, seed: int,
            deal: Any | None = None) -> SkatState:
        self.check_players(players, options)
        return new_state(players, options, seed, deal)

    def seat_names(self, players: int, options: SkatOptions) -> list[str]:
        return seat_names(players)

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random,
               budget_ms: int) -> Action:
        from bot.games.skat import ai  # imported late: the search is only needed by AI seats

        return ai.choose(view, legal, rng, budget_ms)

    def rules_text(self, options: SkatOptions) -> str:
        return rules_text(options) + "\n" + table_options(options)


COMMON_RULES = "".join(line + "\n" for line in (
    N_("**Skat** is played with 32 cards by three active players: **Vorhand** (left of the "
       "dealer, always leads first), **Mittelhand** and **Hinterhand**. At four (or five) "
       "persons the dealer (and the third player) sit out but share the score. Each gets ten "
       "cards; two lie face down as the **skat**."),
    N_("Card points: Ace 11, Ten 10, King 4, Queen 3, Jack 2 (120 in all). The four Jacks are "
       "always the highest trumps (♣ ♠ ♥ ♦), except in Null games. Follow suit if you can; "
       "the Jacks belong to the trumps, not to their suit."),
    N_("**Reizen** (bidding): Mittelhand names values to Vorhand, who says *ja* (hold) or "
       "*passe*; then Hinterhand bids to the survivor. The highest bidder becomes the "
       "**Player** and plays alone against the other two; he needs 61 points."),
    N_("**Matadors**: holding the ♣ Jack you are *with* as many trumps as you hold in unbroken "
       "order from the top; without it, *without* as many as are missing above your best. "
       "Game value = unit x (matadors + game 1 + schneider + schwarz ...). A game worth less "
       "than the bid is lost (**overbid**)."),
))
CLASSIC_RULES = N_(
    "**Classic (1908 book)**: bids start at 10. The Player may **turn** a skat card "
    "(**Tourne**): if it fits, its suit is trump; if not he says **passt nicht**, takes "
    "it unseen and turns the other, and then loses double. A turned Jack lets him "
    "choose Grand (Jacks only trumps) or that suit. **Guckser**: say Grand (or Nullo), "
    "take up both cards at once; it loses double. **Solo**: play without the skat, and "
    "you may announce schneider or schwarz. Units: Tourne ♦5 ♥6 ♠7 ♣8, Solo ♦9 ♥10 "
    "♠11 ♣12, Tourne/Guckser Grand 12, Solo Grand 16, Open Grand 24; Nullo 20, Open "
    "Nullo 40, Revolution 60 (the opponents see each other's cards). **Schneider**: "
    "the Player takes 91 or more, or is held to 30; **schwarz**: one side takes every "
    "trick. If nobody bids, Vorhand must play, and may choose **Ramsch** (everyone for "
    "himself; the most points loses 20). A Tourne Player may throw down his hand before "
    "the second lead to escape a schneider. At the end the score is **proved**: "
    "everyone wins from and loses to everyone."
)
ISKO_RULES = N_(
    "**isko (international rules)**: bids start at 18. The Player picks up the skat and "
    "lays away two cards, or plays **Hand** (one level more; then he may announce "
    "schneider or schwarz, or play **ouvert** with his cards open). Suit units ♦9 ♥10 ♠11 "
    "♣12, Grand 24; Null 23, Null Hand 35, Null ouvert 46, Null ouvert Hand 59. Schneider "
    "at 90 points. Lost games count double. If all pass, {all_pass}.{kontra}"
)
"""The rules in words, a line at a time, as a translation takes them (`bot.i18n.sentences`)."""


def rules_text(o: SkatOptions) -> str:
    if o.rules == "classic":
        return COMMON_RULES + CLASSIC_RULES
    extra = N_(" Kontra and Re double and redouble.") if o.kontra_re else ""
    allpass = N_("Ramsch is played") if o.all_pass == "ramsch" else N_("the deal is thrown in")
    return COMMON_RULES + ISKO_RULES.format(all_pass=allpass, kontra=extra)


def table_options(o: SkatOptions) -> str:
    """Every option of this table that changes play or score, so nobody has to guess."""
    def on(text: str, flag: bool) -> str:
        return (N_("{rule} on") if flag else N_("{rule} off")).format(rule=text)

    series = N_("{n} deals").format(n=o.deals) if o.deals else (
        N_("{n} round (every person deals once a round)") if o.rounds == 1 else
        N_("{n} rounds (every person deals once a round)")).format(n=o.rounds)
    all_pass = {"forehand_plays": N_("Vorhand must play"),
                "throw_in": N_("the deal is thrown in"),
                "ramsch": N_("Ramsch is played")}[o.all_pass]
    parts = [
        series, N_("bids from {n}").format(n=o.min_bid),
        N_("when all pass {what}").format(what=all_pass),
        N_("schneider at {n}").format(n=o.schneider_threshold),
        N_("lost games count double") if o.loss_factor == "double" else
        N_("losses as the contract says"),
        N_("score sheet {sheet}").format(sheet=o.score_sheet.replace("_", "-")),
        on(N_("proving the score"), o.settlement == "prove_score"),
        on(N_("running card points on the table"), o.show_card_points),
    ]
    if o.rules == "classic":
        parts += [on(N_("Ramsch by Vorhand"), o.allow_ramsch), on(N_("Frage"), o.allow_frage),
                  on(N_("Revolution"), o.allow_revolution),
                  on(N_("Tourne surrender"), o.tourne_surrender)]
    else:
        parts += [on(N_("Kontra and Re"), o.kontra_re), on(N_("Hand level"), o.hand_level),
                  on(N_("ouvert level"), o.ouvert_level)]
    ramsch = o.all_pass == "ramsch" or o.forced_ramsch_deals or (
        o.rules == "classic" and o.allow_ramsch)
    if ramsch:
        parts.append(N_("Ramsch charged by card points") if o.ramsch_scoring == "card_points"
                     else N_("Ramsch charged 20, 30 or 50"))
    if o.forced_ramsch_deals:
        parts.append(N_("Ramsch in deal {deals}").format(
            deals=", ".join(map(str, o.forced_ramsch_deals))))
    if o.point_stake:
        parts.append(N_("stake {stake} a point").format(stake=f"{o.point_stake:g}"))
    return N_("**This table** ({preset}): {parts}.").format(preset=o.preset or N_("custom"),
                                                           parts="; ".join(parts))
