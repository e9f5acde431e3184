"""Whatever Skat AI is plugged in: legal, and sane where it is easy to be (bids a strong hand,
passes junk, takes the trick it can win). It sees only its own view."""

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
        assert choose(st).startswith("bid:")  # Mittelhand: four Jacks and four clubs
        st, _ = st.apply(1, low)
        assert choose(st) == "pass"  # Vorhand holds nothing to play
        st, _ = st.apply(0, "pass")
        assert choose(st) == "pass"  # Hinterhand neither


def test_takes_the_trick_and_follows_suit() -> None:
    st = table("isko")
    for move in ["bid:18", "pass", "pass", "hand", "declare:suit-C-hand"]:
        st, _ = st.apply(st.to_act[0], move)
    st, _ = st.apply(0, "play:C8")  # Vorhand leads a trump; every trump of the Player wins
    assert choose(st) in {f"play:{c}" for c in ["CJ", "SJ", "HJ", "DJ", "CA", "CT", "CK", "C9"]}
    st, _ = st.apply(1, "play:C9")
    assert choose(st) == "play:CQ"  # Hinterhand must follow with his only trump
