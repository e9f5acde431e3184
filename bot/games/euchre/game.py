"""`EuchreGame`: player counts, presets, seat names and the rules text for ``/euchre rules``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from bot.games.base import Action, Game, InvalidOptions, Seat, View
from bot.games.euchre.options import PRESETS, EuchreOptions
from bot.games.euchre.rules import EuchreState, seat_names, sides_of


class EuchreGame(Game[EuchreState, EuchreOptions]):
    key: ClassVar[str] = "euchre"
    title: ClassVar[str] = "Euchre"
    players: ClassVar[tuple[int, ...]] = (2, 3, 4)
    default_players: ClassVar[int] = 4
    options_model: ClassVar[type[EuchreOptions]] = EuchreOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    default_preset: ClassVar[str] = "hoyle1871"
    state_model: ClassVar[type[EuchreState]] = EuchreState

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
    low = "7" if o.deck == "32" else "9"
    lone_euchre = (
        "2, the book's “general rule”"
        if o.alone_euchred_value == 2
        else "4, a house rule the book calls disputed"
    )
    second = (
        "If everyone passes, the card is turned down and there is a **second round**: in turn, "
        "anyone may **name** another suit as trump (the turned-down suit is barred). The dealer "
        "speaks last and may name a suit or **bunch** the cards (throw the hand in)."
        if o.second_round
        else "If everyone passes, the hand is thrown in (this table plays no second round)."
    )
    if o.stick_the_dealer:
        second += " **Stick the dealer**: the dealer may not bunch; he must name a suit."
    else:
        second += " If all pass twice, the hand is redealt and the deal passes left."
    lines = [
        f"**Euchre** ({o.preset or 'custom'}): {o.deck} cards, {low} up to Ace; "
        f"5 cards each, dealt 3-2 or 2-3. First to **{o.target}** points wins.",
        "",
        "**Bowers.** The Jack of trumps is the **right bower**, the best card; the Jack of the "
        "other suit of the same colour is the **left bower**, second best, and counts as a trump "
        "in every way (it follows trump, not its own suit). Then A K Q 10 9"
        + (" 8 7" if o.deck == "32" else "")
        + " of trumps. In the other suits the order is A K Q J 10 …; the same-colour suit has "
        "lost its Jack.",
        "",
        "**Making trump.** After the deal the next card is **turned up**. Starting at the "
        "dealer's left, each player may pass or accept its suit as trump: an opponent of the "
        "dealer **orders it up**, the dealer's partner says **“I assist”**, and the dealer "
        "**takes it up**. The dealer then takes the card into his hand and discards one, face "
        "down and for good. " + second,
        "",
        "**Going alone.** Four-handed, the player who makes trump may play **alone**: his partner "
        "lays his cards aside. Only the maker may: a dealer ordered up by an opponent, or "
        "assisted by his partner, cannot.",
        "",
        "**Play.** The first player at the dealer's left who plays leads (two-handed: the "
        "non-dealer). Follow suit if you can; otherwise play anything. The best trump wins, or "
        "the best card of the suit led. The winner leads next.",
        "",
        "**Scoring.** The makers need 3 tricks. 3 or 4 tricks: "
        f"{o.point_value}. All five, **a march**: {o.march_value}; alone: {o.lone_march_value}. "
        f"Fewer than 3 and they are **euchred**: {o.euchre_value} to the other side "
        f"(against a lone hand: {lone_euchre}). Three-handed, the maker plays against both "
        f"others, a euchre gives {o.euchre_value} to **each**, and if both reach {o.target} on "
        "it, the one who first took two of the euchring tricks goes out first.",
    ]
    if o.allow_defend_alone:
        lines += [
            "",
            f"**Defending alone** (house rule): against a lone maker one defender may play "
            f"alone too; euchring the maker alone scores {o.defend_alone_value}.",
        ]
    lines += [
        "",
        "*1871 and today:* Hoyle (1871) plays 32 cards to 5 points, says “assist” for the "
        "dealer's partner, and knows no stick-the-dealer. Modern tables play 24 cards (9 up) to "
        "10, and often add stick-the-dealer or defending alone.",
    ]
    return "\n".join(lines)
