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


def rules_text(o: SkatOptions) -> str:
    common = (
        "**Skat** is played with 32 cards by three active players: **Vorhand** (left of the "
        "dealer, always leads first), **Mittelhand** and **Hinterhand**. At four (or five) "
        "persons the dealer (and the third player) sit out but share the score. Each gets ten "
        "cards; two lie face down as the **skat**.\n"
        "Card points: Ace 11, Ten 10, King 4, Queen 3, Jack 2 (120 in all). The four Jacks are "
        "always the highest trumps (♣ ♠ ♥ ♦), except in Null games. Follow suit if you can; "
        "the Jacks belong to the trumps, not to their suit.\n"
        "**Reizen** (bidding): Mittelhand names values to Vorhand, who says *ja* (hold) or "
        "*passe*; then Hinterhand bids to the survivor. The highest bidder becomes the "
        "**Player** and plays alone against the other two; he needs 61 points.\n"
        "**Matadors**: holding the ♣ Jack you are *with* as many trumps as you hold in unbroken "
        "order from the top; without it, *without* as many as are missing above your best. "
        "Game value = unit x (matadors + game 1 + schneider + schwarz ...). A game worth less "
        "than the bid is lost (**overbid**).\n"
    )
    if o.rules == "classic":
        return common + (
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
    extra = " Kontra and Re double and redouble." if o.kontra_re else ""
    allpass = "Ramsch is played" if o.all_pass == "ramsch" else "the deal is thrown in"
    return common + (
        "**isko (international rules)**: bids start at 18. The Player picks up the skat and "
        "lays away two cards, or plays **Hand** (one level more; then he may announce "
        "schneider or schwarz, or play **ouvert** with his cards open). Suit units ♦9 ♥10 ♠11 "
        "♣12, Grand 24; Null 23, Null Hand 35, Null ouvert 46, Null ouvert Hand 59. Schneider "
        f"at 90 points. Lost games count double. If all pass, {allpass}.{extra}"
    )


def table_options(o: SkatOptions) -> str:
    """Every option of this table that changes play or score, so nobody has to guess."""
    def on(flag: bool) -> str:
        return "on" if flag else "off"

    series = f"{o.deals} deals" if o.deals else (
        f"{o.rounds} round{'s' if o.rounds != 1 else ''} (every person deals once a round)")
    all_pass = {"forehand_plays": "Vorhand must play", "throw_in": "the deal is thrown in",
                "ramsch": "Ramsch is played"}[o.all_pass]
    parts = [
        series, f"bids from {o.min_bid}", f"when all pass {all_pass}",
        f"schneider at {o.schneider_threshold}",
        "lost games count double" if o.loss_factor == "double" else
        "losses as the contract says",
        f"score sheet {o.score_sheet.replace('_', '-')}",
        f"proving the score {on(o.settlement == 'prove_score')}",
        f"running card points on the table {on(o.show_card_points)}",
    ]
    if o.rules == "classic":
        parts += [f"Ramsch by Vorhand {on(o.allow_ramsch)}", f"Frage {on(o.allow_frage)}",
                  f"Revolution {on(o.allow_revolution)}",
                  f"Tourne surrender {on(o.tourne_surrender)}"]
    else:
        parts += [f"Kontra and Re {on(o.kontra_re)}", f"Hand level {on(o.hand_level)}",
                  f"ouvert level {on(o.ouvert_level)}"]
    ramsch = o.all_pass == "ramsch" or o.forced_ramsch_deals or (
        o.rules == "classic" and o.allow_ramsch)
    if ramsch:
        parts.append("Ramsch charged by card points" if o.ramsch_scoring == "card_points"
                     else "Ramsch charged 20, 30 or 50")
    if o.forced_ramsch_deals:
        parts.append("Ramsch in deal " + ", ".join(map(str, o.forced_ramsch_deals)))
    if o.point_stake:
        parts.append(f"stake {o.point_stake:g} a point")
    return f"**This table** ({o.preset or 'custom'}): " + "; ".join(parts) + "."
