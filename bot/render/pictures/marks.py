"""Which cards of a hand to raise: the cards the seat's legal actions play."""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.base import Action
from bot.render.pictures.cards import Mark


def play_marks(hand: list[str], legal: Iterable[Action | str] | None) -> list[Mark]:
    """``highlight`` for every card a legal ``play`` action names and ``dim`` for the rest;
    all plain when nothing is to be played (not this seat's turn, bidding, unknown) or when
    every card may be played (nothing to tell apart)."""
    playable = {a.arg for a in (Action.parse(x) for x in legal or ()) if a.kind == "play"}
    if not playable or playable >= set(hand):
        return ["plain"] * len(hand)
    return ["highlight" if c in playable else "dim" for c in hand]
