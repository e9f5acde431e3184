"""Shared by the Skat rule tests: a deal set up card by card, and moves played in turn."""

from __future__ import annotations

import random
from typing import Any

from bot.games.skat import GAME
from bot.games.skat.contracts import Contract
from bot.games.skat.rules import FULL_DECK, SkatState

# Seat 2 deals at a 3-table: seat 0 is Vorhand, 1 Mittelhand, 2 Hinterhand.
V, M, H = 0, 1, 2


def make(preset: str = "classic", hands: list[str] | None = None, skat: str = "",
         players: int = 3, dealer: int = 2, **over: Any) -> SkatState:
    deal: dict[str, object] = {"dealer": dealer}
    if hands is not None:
        deal["hands"] = [h.split() for h in hands]
        deal["skat"] = skat.split()
    return GAME.new(players, GAME.options(preset, **over), seed=7, deal=deal)


def run(st: SkatState, *moves: str) -> SkatState:
    """Each move by whoever is first to act."""
    for move in moves:
        st, _ = st.apply(st.to_act[0], move)
    return st


FAMILIES = [Contract(kind="grand"), Contract(kind="null"), Contract(kind="ramsch"),
            *(Contract(kind="suit", suit=s) for s in "CSHD")]
"""One contract of every family the double-dummy search counts differently."""


def random_position(rng: random.Random, tricks: int,
                    contract: Contract | None = None) -> tuple[Any, ...]:
    """An endgame of ``tricks`` tricks, possibly part-way into the first, and the roles."""
    cards = list(FULL_DECK)
    rng.shuffle(cards)
    order = rng.choice([[0, 1, 2], [2, 0, 1], [1, 2, 0]])
    contract = contract or rng.choice(FAMILIES)
    hands = {s: cards[i * tricks:(i + 1) * tricks] for i, s in enumerate(order)}
    turn = order[0]
    trick: list[tuple[int, str]] = []
    for _ in range(rng.randrange(3)):
        card = rng.choice(contract.legal_cards(hands[turn], [c for _, c in trick]))
        hands[turn] = [c for c in hands[turn] if c != card]
        trick.append((turn, card))
        turn = order[(order.index(turn) + 1) % 3]
    decl = rng.choice(order)
    if contract.is_ramsch:
        counted, maxers = {decl}, set(order) - {decl}
    elif contract.is_null:
        counted, maxers = set(), set(order) - {decl}
    else:
        counted, maxers = {decl}, {decl}
    return contract, order, hands, trick, turn, counted, maxers, decl
