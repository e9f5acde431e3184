"""The rules cores' fast ways to list and check card plays against their definitions.

Skat and Euchre list a card play from per-contract (per-trump) tables and keep the last answer
for `apply`, which accepts a listed card without asking again. The moves are those of the
definitions (`Contract.legal_cards` and `sort_key`, `ranking.legal_plays`), and `apply`
accepts exactly them, for the seat to play and no other; a Euchre hand holding a card outside
the tables goes the way of `legal_plays`. (The seeded digests in `test_rules_core_unchanged`
pin every ordinary play-out; this checks the moves one by one.)
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import registry
from bot.games.base import Action, IllegalAction, evolve
from bot.games.euchre.ranking import legal_plays
from bot.games.skat.rules import SkatState


def _in_play(key: str, preset: str, players: int, seed: int) -> object:
    game = registry.get(key)
    rng = random.Random(seed)
    st = game.new(players, game.options(preset), seed)
    while not (st.phase == "play" and st.trick):  # type: ignore[attr-defined]
        seat = st.to_act[0]
        legal = [a for a in st.legal_actions(seat)
                 if a.kind not in ("concede", "claim_rest", "claim_win", "claim_defeat",
                                   "surrender")]
        st, _ = st.apply(seat, rng.choice(legal))
        if not st.to_act:
            st = game.new(players, game.options(preset), seed + 1000)
    return st


@pytest.mark.parametrize("seed", range(6))
def test_skat_play_lists_match_the_definitions(seed: int) -> None:
    st = _in_play("skat", "classic", 3, seed)
    assert isinstance(st, SkatState)
    seat = st.to_act[0]
    contract = st.effective_contract()
    for hand in (st.hands[seat], st.hands[seat][::-1]):
        odd = evolve(st, {"hands": [hand if s == seat else h for s, h in enumerate(st.hands)]})
        cards = contract.legal_cards(hand, [c for _, c in odd.trick])
        expected = [f"play:{c}" for c in sorted(cards, key=contract.sort_key)]
        got = [str(a) for a in odd.legal_actions(seat) if a.kind == "play"]
        assert got == expected
        for card in hand:
            assert _accepts(odd, seat, card) == (card in cards)
        assert odd.legal_actions((seat + 1) % 3) == []
        with pytest.raises(IllegalAction):
            odd.apply((seat + 1) % 3, f"play:{hand[0]}")


@pytest.mark.parametrize("seed", range(6))
def test_euchre_play_lists_match_the_definitions(seed: int) -> None:
    st = _in_play("euchre", "modern", 4, seed)
    seat = st.to_act[0]  # type: ignore[attr-defined]
    # C2 is in no Euchre pack (but in the tables); X1 is no card at all
    for hand in (st.hands[seat], [*st.hands[seat], "C2"],  # type: ignore[attr-defined]
                 [*st.hands[seat], "X1"]):  # type: ignore[attr-defined]
        hands = [hand if s == seat else h
                 for s, h in enumerate(st.hands)]  # type: ignore[attr-defined]
        odd = evolve(st, {"hands": hands})  # type: ignore[type-var]
        cards = legal_plays(hand, odd.trick, odd.trump)
        assert odd.legal_actions(seat) == [Action(kind="play", arg=c) for c in cards]
        for card in hand:
            if card == "X1":  # listed as the definitions list it; playing it is no question
                continue
            assert _accepts(odd, seat, card) == (card in cards)


def _accepts(state: Any, seat: int, card: str) -> bool:
    """Whether ``state`` lets ``seat`` play ``card`` (refused: IllegalAction)."""
    try:
        state.apply(seat, f"play:{card}")
    except IllegalAction:
        return False
    return True
