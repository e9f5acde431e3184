"""`EuchreGame`: player counts, presets, seat names and the rules text for ``/euchre rules``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from bot.games.base import Action, Game, InvalidOptions, Seat, Traits, View
from bot.games.euchre.options import PRESETS, EuchreOptions
from bot.games.euchre.rules import EuchreState, seat_names, sides_of
from bot.games.words import N_


class EuchreGame(Game[EuchreState, EuchreOptions]):
    key: ClassVar[str] = "euchre"
    title: ClassVar[str] = N_("Euchre")
    players: ClassVar[tuple[int, ...]] = (2, 3, 4)
    default_players: ClassVar[int] = 4
    options_model: ClassVar[type[EuchreOptions]] = EuchreOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    default_preset: ClassVar[str] = "hoyle1871"
    state_model: ClassVar[type[EuchreState]] = EuchreState
    traits: ClassVar[Traits] = Traits(conserves_cards=True)

    def check_players(self, players: int, options: EuchreOptions) -> None:
        super().check_players(players, options)
        if options.allow_defend_alone and players != 4:
            raise InvalidOptions(
                "Defending alone needs four players: only a partnership can lay a hand aside."
            )

    def new(
        self, players: int, options: EuchreOptions, seed: int, deal: dict[str, Any] | None = None
    ) -> EuchreState:
        """A new game; ``deal`` fixes the first hand (see `EuchreState.start` for its shape)."""
        self.check_players(players, options)
        try:
            return EuchreState.start(players, options, seed, deal)
        except (ValueError, KeyError, TypeError) as exc:
            raise InvalidOptions(f"That deal cannot be played: {exc}") from None

    def teams(self, players: int, options: EuchreOptions) -> list[list[Seat]] | None:
        return sides_of(4) if players == 4 else None

    def seat_names(self, players: int, options: EuchreOptions) -> list[str]:
        return seat_names(players)

    def choose(
        self, view: View, legal: Sequence[Action], rng: random.Random, budget_ms: int
    ) -> Action:
        from bot.games.euchre import ai  # lazy: the AI may be heavy and is not needed to play

        return ai.choose(view, legal, rng, budget_ms)

    def rules_text(self, options: EuchreOptions) -> str:
        return rules_text(options)


def rules_text(o: EuchreOptions) -> str:
    """The rules in the table's own book's words, then every option this table plays with."""
    body = _modern_rules(o) if o.modern_words else _book_rules(o)
    return "\n".join([*body, "", *_table_options(o)])


def _header(o: EuchreOptions) -> list[str]:
    low = "7" if o.deck == "32" else "9"
    return [
        N_("**Euchre** ({preset}): {deck} cards, {low} up to Ace; 5 cards each, dealt 3-2 or "
           "2-3. First to **{target}** points wins.").format(
            preset=o.preset or N_("custom"), deck=o.deck, low=low, target=o.target),
        "",
        (N_("**Bowers.** The Jack of trumps is the **right bower**, the best card; the Jack of "
            "the other suit of the same colour is the **left bower**, second best, and counts "
            "as a trump in every way (it follows trump, not its own suit). Then A K Q 10 9 8 7 "
            "of trumps. In the other suits the order is A K Q J 10 …; the same-colour suit has "
            "lost its Jack.") if o.deck == "32" else
         N_("**Bowers.** The Jack of trumps is the **right bower**, the best card; the Jack of "
            "the other suit of the same colour is the **left bower**, second best, and counts "
            "as a trump in every way (it follows trump, not its own suit). Then A K Q 10 9 of "
            "trumps. In the other suits the order is A K Q J 10 …; the same-colour suit has "
            "lost its Jack.")),
        "",
    ]


def _play_and_score(o: EuchreOptions, alone: str) -> list[str]:
    lone_euchre = str(o.alone_euchred_value)
    if not o.modern_words:
        lone_euchre = (
            N_("2, the book's “general rule”")
            if o.alone_euchred_value == 2
            else N_("4, a house rule the book calls disputed")
        )
    lines = [
        N_("**Play.** The first player at the dealer's left who plays leads (two-handed: the "
           "non-dealer). Follow suit if you can; otherwise play anything. The best trump wins, "
           "or the best card of the suit led. The winner leads next."),
        "",
        N_("**Scoring.** The makers need 3 tricks. 3 or 4 tricks: {point}. All five, **a "
           "march**: {march}; {alone}: {lone_march}. Fewer than 3 and they are **euchred**: "
           "{euchre} to the other side (against a lone hand: {lone_euchre}). Three-handed, the "
           "maker plays against both others, a euchre gives {euchre} to **each**, and if both "
           "reach {target} on it, the one who first took two of the euchring tricks goes out "
           "first.").format(point=o.point_value, march=o.march_value, alone=alone,
                            lone_march=o.lone_march_value, euchre=o.euchre_value,
                            lone_euchre=lone_euchre, target=o.target),
    ]
    if o.allow_defend_alone:
        lines += [
            "",
            N_("**Defending alone** (house rule): against a lone maker one defender may play "
               "alone too; euchring the maker alone scores {value}.").format(
                value=o.defend_alone_value),
        ]
    return lines


def _book_rules(o: EuchreOptions) -> list[str]:
    """Hoyle (1871): “I assist”, take up, play alone, bunch."""
    second = (
        N_("If everyone passes, the card is turned down and there is a **second round**: in "
           "turn, anyone may **make** another suit trump by naming it (the turned-down suit is "
           "barred). The dealer speaks last and may name a suit or **bunch** the cards (throw "
           "the hand in).")
        if o.second_round
        else N_("If everyone passes, the hand is thrown in (this table plays no second round).")
    )
    if o.stick_the_dealer:
        second += " " + N_("**Stick the dealer** (not in the book): the dealer may not bunch; "
                           "he must name a suit.")
    elif o.second_round:
        second += " " + N_("If all pass twice, the hand is thrown in and the deal passes left.")
    alone = (
        N_("**Playing alone.** Four-handed, the player who makes trump may **play alone**: "
           "his partner lays his cards aside. Only he who “takes the responsibility” may: a "
           "dealer ordered up by an opponent, or assisted by his partner, cannot.")
        if o.allow_alone
        else N_("**Playing alone** is not allowed at this table.")
    )
    return [
        *_header(o),
        N_("**Making trump.** After the deal the next card is **turned up**. Starting at the "
           "dealer's left, each player may pass or accept its suit as trump: an opponent of "
           "the dealer **orders it up**, the dealer's partner says **“I assist”**, and the "
           "dealer **takes it up**. The dealer then takes the card into his hand and discards "
           "one, face down and for good.") + " " + second,
        "",
        alone,
        "",
        *_play_and_score(o, N_("alone")),
        "",
        N_("*The book and today:* Hoyle (1871) plays 32 cards to 5 points, says “I assist” "
           "for the dealer's partner, and knows no stick-the-dealer. The `modern` preset "
           "speaks today's words and plays 24 cards to 10."),
    ]


def _modern_rules(o: EuchreOptions) -> list[str]:
    """Today's North American words: order up, pick it up, go alone, pass."""
    second = (
        N_("If everyone passes, the dealer turns the card down and there is a **second "
           "round**: in turn, anyone may **call** another suit as trump (not the turned-down "
           "one), or pass.")
        if o.second_round
        else N_("If everyone passes, the hand is thrown in (this table plays no second round).")
    )
    if o.stick_the_dealer:
        second += " " + N_("**Stick the dealer** is on: the dealer may not pass; he must call "
                           "a suit.")
    elif o.second_round:
        second += " " + N_("**Stick the dealer** is off: if everyone passes again, the hand is "
                           "thrown in and the deal passes left.")
    alone = (
        N_("**Going alone.** Four-handed, whoever makes trump may **go alone**: the partner "
           "sits out the hand. Only the maker may: a dealer who was ordered up cannot.")
        if o.allow_alone
        else N_("**Going alone** is not allowed at this table.")
    )
    return [
        *_header(o),
        N_("**Making trump.** After the deal the next card is **turned up**. Starting at the "
           "dealer's left, each player may **pass** or **order it up** (the dealer's partner "
           "too); the dealer may **pick it up** or **turn it down**. Once it is ordered up or "
           "picked up, the dealer takes the card into his hand and discards one, face down.")
        + " " + second,
        "",
        alone,
        "",
        *_play_and_score(o, N_("alone")),
    ]


def _table_options(o: EuchreOptions) -> list[str]:
    """Every option of this table, so nobody has to guess the house rules."""
    def on(text: str, flag: bool) -> str:
        return (N_("{rule} on") if flag else N_("{rule} off")).format(rule=text)

    first = {"first_jack": N_("the first Jack dealt face up"), "random": N_("drawn at random")}
    defending = on(N_("defending alone"), o.allow_defend_alone)
    if o.allow_defend_alone:
        defending = N_("{rule} (worth {value})").format(rule=defending,
                                                        value=o.defend_alone_value)
    parts = [
        N_("{n} cards").format(n=o.deck), N_("game to {n}").format(n=o.target),
        on(N_("second round"), o.second_round), on(N_("stick the dealer"), o.stick_the_dealer),
        on(N_("alone"), o.allow_alone), defending,
        N_("points: 3-4 tricks {point}, march {march}, lone march {lone_march}, euchre "
           "{euchre}, lone hand euchred {lone_euchre}").format(
            point=o.point_value, march=o.march_value, lone_march=o.lone_march_value,
            euchre=o.euchre_value, lone_euchre=o.alone_euchred_value),
        N_("first dealer: {how}").format(how=first.get(o.first_dealer, o.first_dealer)),
    ]
    return [N_("**This table** ({preset}): {parts}.").format(preset=o.preset or N_("custom"),
                                                            parts="; ".join(parts))]
