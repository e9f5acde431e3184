"""Card order, following and trick winners, checked against the spec's table 1.3 written out
independently here (hypothesis over random tricks and hands)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.skat.contracts import Contract
from bot.games.skat.rules import FULL_DECK

CONTRACTS = [Contract(kind="suit", suit=s) for s in "CSHD"] + [
    Contract(kind="grand"), Contract(kind="ramsch"), Contract(kind="null"),
    Contract(kind="tourne", suit="H"), Contract(kind="revolution")]


def spec_rank(contract: Contract, card: str) -> tuple[str, int]:
    """(effective suit, strength) straight from the spec's table 1.3."""
    if contract.is_null:
        return card[0], 8 - "AKQJT987".index(card[1])
    trumps = ["CJ", "SJ", "HJ", "DJ"]
    if contract.is_suit and contract.suit:
        trumps += [contract.suit + r for r in "ATKQ987"]
    if card in trumps:
        return "trump", 20 - trumps.index(card)
    return card[0], 8 - "ATKQ987".index(card[1])


def spec_winner(contract: Contract, plays: list[tuple[int, str]]) -> int:
    led = spec_rank(contract, plays[0][1])[0]
    ranked = [(spec_rank(contract, c), s) for s, c in plays]
    trumps = [(r[1], s) for r, s in ranked if r[0] == "trump"]
    if trumps:
        return max(trumps)[1]
    return max((r[1], s) for r, s in ranked if r[0] == led)[1]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(CONTRACTS), st.permutations(FULL_DECK))
def test_trick_winner_and_following_match_the_table(contract: Contract,
                                                    cards: list[str]) -> None:
    plays = list(zip([2, 0, 1], cards[:3], strict=True))
    assert contract.trick_winner(plays) == spec_winner(contract, plays)
    hand = cards[3:13]
    led = spec_rank(contract, cards[0])[0]
    must = [c for c in hand if spec_rank(contract, c)[0] == led]
    assert sorted(contract.legal_cards(hand, [cards[0]])) == sorted(must or hand)
    assert sorted(contract.legal_cards(hand, [])) == sorted(hand)


def test_jacks_are_trumps_except_in_null() -> None:
    hearts = Contract(kind="suit", suit="H")
    # Spades led: the Jack of spades is a trump, so it does not follow spades
    assert hearts.legal_cards(["SJ", "D7"], ["SA"]) == ["SJ", "D7"]
    assert hearts.legal_cards(["SJ", "S7"], ["SA"]) == ["S7"]
    # a Jack led calls for trumps, and a heart follows it in a heart game
    assert hearts.legal_cards(["H7", "S7"], ["CJ"]) == ["H7"]
    null = Contract(kind="null")
    assert null.legal_cards(["SJ", "D7"], ["SA"]) == ["SJ"]
    assert null.trick_winner([(0, "SQ"), (1, "SJ"), (2, "SK")]) == 2
    grand = Contract(kind="grand")
    assert grand.trick_winner([(0, "HA"), (1, "DJ"), (2, "HT")]) == 1
    assert grand.trick_winner([(0, "HT"), (1, "SA"), (2, "H7")]) == 0
