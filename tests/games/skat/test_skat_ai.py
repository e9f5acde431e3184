"""The placeholder AI: legal, and sane where it is easy to be (bids a strong hand, passes junk,
wins a trick cheaply). It sees only its own view."""

from __future__ import annotations

import random

from bot.games.skat import GAME
from bot.games.skat.rules import SkatState

STRONG_M = "CJ SJ HJ DJ CA CT CK C9 SA HA"
HANDS = [
    "C8 C7 ST SK SQ HT HK HQ DA DT",
    STRONG_M,
    "CQ S9 S8 S7 H9 H8 H7 DK DQ D9",
]


def table(preset: str) -> SkatState:
    deal = {"dealer": 2, "hands": [h.split() for h in HANDS], "skat": ["D8", "D7"]}
    return GAME.new(3, GAME.options(preset), seed=1, deal=deal)


def choose(st: SkatState) -> str:
    seat = st.to_act[0]
    return str(GAME.choose(st.view(seat), st.legal_actions(seat), random.Random(0), 10))


def test_bids_a_strong_hand_and_passes_junk() -> None:
    for preset, low in (("classic", "bid:10"), ("isko", "bid:18")):
        st = table(preset)
        assert choose(st) == low  # Mittelhand: four Jacks and four clubs
        st, _ = st.apply(1, low)
        assert choose(st) == "pass"  # Vorhand holds nothing to play
        st, _ = st.apply(0, "pass")
        assert choose(st) == "pass"  # Hinterhand neither


def test_wins_a_trick_cheaply_and_plays_only_legal_cards() -> None:
    st = table("isko")
    for move in ["bid:18", "pass", "pass", "hand", "declare:suit-C-hand"]:
        st, _ = st.apply(st.to_act[0], move)
    st, _ = st.apply(0, "play:C8")  # Vorhand leads a trump
    assert choose(st) == "play:C9"  # the lowest club that wins
    st, _ = st.apply(1, "play:C9")
    assert choose(st) == "play:CQ"  # Hinterhand must follow with his only trump
