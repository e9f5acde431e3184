"""Learners' aids: game values against the book's worked examples, safe counts on its examples."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.skat.advice import (
    catalogue,
    contract_value,
    grand_verdict,
    guck_verdict,
    hand_values,
    is_guarded,
    safe_counts,
    solo_count,
    solo_verdict,
    tourne_verdict,
    verdict_line,
)
from bot.games.skat.contracts import Contract
from bot.games.skat.options import PRESETS, SkatOptions
from bot.games.skat.rules import FULL_DECK
from bot.games.skat.scoring import score_game


def opts(preset: str, **over: Any) -> SkatOptions:
    return SkatOptions.model_validate({**PRESETS[preset], "preset": preset, **over})


CLASSIC = opts("classic")
ISKO = opts("isko")


def hand(text: str) -> list[str]:
    """``"C: J K 9 / S: A T Q"`` -> card codes (the book lists cards suit by suit)."""
    out: list[str] = []
    for part in text.split("/"):
        suit, _, ranks = part.partition(":")
        out += [suit.strip() + r for r in ranks.split()]
    return out


# ---- values: the book's examples ------------------------------------------------------------

@pytest.mark.parametrize(("code", "cards", "value", "text"), [
    # "Holding CJ, SJ ... if this were a Spade Tourne your formula would be 2+1=3x7=21."
    ("tourne-S", "C: J / S: J", 21, "with 2, game 3: Spade Tourne 21"),
    # Solo example 1: Club Solo "with" 2+1=3x12=36 (the issue's own example line).
    ("solo-C", "C: J T Q 9 8 / S: J / H: A T / D: 9 8", 36, "with 2, game 3: Club Solo 36"),
    # Solo example 2: Spade Solo "with" 2+1=3x11=33.
    ("solo-S", "C: J A T Q / S: J A Q 9 / H: A 9", 33, "with 2, game 3: Spade Solo 33"),
    # Solo example 3: Heart Solo "without" 1+1=2x10=20.
    ("solo-H", "S: J 7 / H: J K Q 9 / D: J A T 8", 20, "without 1, game 2: Heart Solo 20"),
    # Solo example 4: Diamond Solo "without" 3+1=4x9=36 ...
    ("solo-D", "C: A / H: A T K / D: J A T 9 8 7", 36, "without 3, game 4: Diamond Solo 36"),
    # ... "but if the Spade Jack is found in the skat it is worth only without 1 ... 18".
    ("solo-D", "C: A / H: A T K / D: J A T 9 8 7 / S: J 7", 18,
     "without 1, game 2: Diamond Solo 18"),
    # Guckser example 2: "Without" 1+1 = 2x12 = 24.
    ("guck_grand", "C: A Q / S: J K / H: J A T / D: J T 7", 24,
     "without 1, game 2: Guckser Grand 24"),
    # Solo Grand example 4: "Without" 4+1=5x16=80.
    ("solo_grand", "C: A T / S: A T / H: A T / D: A 9 8 7", 80,
     "without 4, game 5: Solo Grand 80"),
    # Tourne Grand example 1 after turning the Diamond Jack: "With" 1+1=2x12=24.
    ("tourne_grand", "C: J K Q / S: A 9 7 / H: A T 7 / D: A J", 24,
     "with 1, game 2: Tourne Grand 24"),
    # Open Grand example 6: "With" 3+5=8x24=192.
    ("open_grand", "C: J / S: J A T K Q / H: J / D: A T", 192, None),
    ("nullo", "C: 9 8 / S: A / H: T 9 7 / D: J 7", 20, "Nullo 20"),
    ("revolution", "C: 9 8 7 / S: 9 8 / H: 8 7 / D: 9 8 7", 60, "Revolution 60"),
])
def test_book_values(code: str, cards: str, value: int, text: str | None) -> None:
    v = contract_value(Contract.parse(code), hand(cards), CLASSIC)
    assert v.value == value
    if text is not None:
        assert v.text == text
    assert v.text.endswith(f"{v.contract.label} {value}")


def test_isko_values_count_the_hand_level_and_null_values() -> None:
    cards = hand("C: J A T K Q 9 / S: J / H: J A / D: 7")  # with 3 in Clubs
    values = {v.contract.code: v.value for v in hand_values(cards, ISKO)}
    assert values["suit-C"] == 4 * 12
    assert values["suit-C-hand"] == 5 * 12
    assert values["grand"] == 4 * 24
    assert values["grand-hand"] == 5 * 24
    assert (values["null"], values["null-hand"], values["null-ouvert"],
            values["null-ouvert-hand"]) == (23, 35, 46, 59)


def test_catalogue_follows_the_rule_set() -> None:
    classic = [c.code for c in catalogue(CLASSIC)]
    assert "revolution" in classic and "tourne-C" in classic and "suit-C" not in classic
    no_rev = [c.code for c in catalogue(opts("classic", allow_revolution=False))]
    assert "revolution" not in no_rev
    isko = [c.code for c in catalogue(ISKO)]
    assert "tourne-C" not in isko and "grand-hand" in isko


hands10 = st.lists(st.sampled_from(FULL_DECK), min_size=10, max_size=12, unique=True)


@settings(max_examples=300, deadline=None)
@given(cards=hands10, preset=st.sampled_from(["classic", "isko"]))
def test_values_are_what_score_game_gives_a_plain_win(cards: list[str], preset: str) -> None:
    """Every listed value equals the scoring module's won value at 61 points (no drift between
    what the aid promises and what the sheet will say)."""
    o = CLASSIC if preset == "classic" else ISKO
    for v in hand_values(cards, o):
        s = score_game(v.contract, o, cards12=cards, points=61, tricks=5, won=True)
        assert v.value == (s.value if not v.contract.is_null else v.contract.null_value)
        assert s.entry == v.value
        if v.contract.is_trump_game:
            assert v.value == v.unit * v.multiplier
            assert v.text.startswith(("with ", "without "))


# ---- safe counts: the book's examples -------------------------------------------------------

TOURNE_EXAMPLES = [
    "C: J K 9 / S: A T Q / H: A / D: J K 9",   # 2 Jacks and 2 Aces
    "C: A 7 / S: J K Q / H: J Q 9 / D: J T",   # 3 Jacks and 1 Ace
    "C: J K 9 / S: A Q 7 / H: A T / D: A 8",   # 1 Jack and 3 Aces
]


@pytest.mark.parametrize("cards", TOURNE_EXAMPLES)
def test_the_books_safe_tournes_are_safe(cards: str) -> None:
    v = tourne_verdict(hand(cards))
    assert v.safe and v.count == 4, verdict_line(v)


def test_tourne_needs_three_guarded_suits() -> None:
    # Four Jacks and Aces but only two guarded suits: a bare Ten and a bare Queen-Nine.
    cards = hand("C: J A 7 / H: J A 8 / S: T / D: Q 9 8")
    assert not is_guarded(cards, "D") and not is_guarded(cards, "S")
    assert is_guarded(hand("S: T 8"), "S") and is_guarded(hand("S: K 9 8"), "S")
    assert not is_guarded(hand("S: K 9"), "S")
    v = tourne_verdict(cards)
    assert v.count == 4 and not v.safe
    assert not tourne_verdict(hand("C: J K 9 / S: A T Q / H: 8 / D: K 9 8 7")).safe  # count 2


@pytest.mark.parametrize(("cards", "suit", "count"), [
    ("C: J T Q 9 8 / S: J / H: A T / D: 9 8", "C", 8),
    ("C: J A T Q / S: J A Q 9 / H: A 9", "S", 8),
    ("S: J 7 / H: J K Q 9 / D: J A T 8", "H", 8),
    ("C: A / H: A T K / D: J A T 9 8 7", "D", 9),
])
def test_the_books_solos_count_eight(cards: str, suit: str, count: int) -> None:
    n, _ = solo_count(hand(cards), suit)
    assert n == count
    v = solo_verdict(hand(cards))
    assert v.safe and v.game.split()[0] == {"C": "Club", "S": "Spade", "H": "Heart",
                                            "D": "Diamond"}[suit]


def test_a_ten_without_its_ace_is_not_a_winner() -> None:
    with_ace, _ = solo_count(hand("C: J A T / H: A T / S: T 9 / D: 9 8 7"), "C")
    bare, _ = solo_count(hand("C: J A T / H: K T / S: T 9 / D: 9 8 7"), "C")
    assert with_ace - bare == 2  # the Heart Ace, and the Heart Ten beside it


def test_the_books_guckser_is_safe_and_its_tourne_grand_is_uncertain() -> None:
    guck = guck_verdict(hand("C: A Q / S: J K / H: J A T / D: J T 7"))
    assert guck.safe and guck.count == 5
    # "The Player turns D J and decides to play Grand as the least perilous of two uncertain
    # games": before the turn the hand counts only four.
    uncertain = guck_verdict(hand("C: J K Q / S: A 9 7 / H: A T 7 / D: A"))
    assert uncertain.count == 4 and not uncertain.safe
    no_suit = guck_verdict(hand("C: J A 7 / S: J A 8 / H: J A 9 / D: 9 8 7"))
    assert no_suit.count == 6 and not no_suit.safe  # no Ace with Ten or King


def test_the_books_solo_grand_counts_seven() -> None:
    v = grand_verdict(hand("C: A T / S: A T / H: A T / D: A 9 8 7"))
    assert v.safe and v.count == 7  # three losing cards, no points among them


def test_solo_grand_allows_ten_points_among_three_losing_cards() -> None:
    ok = grand_verdict(hand("C: J / S: J / H: A T K Q 9 / D: K 8 7"))
    assert ok.count == 7 and ok.safe  # a King (4) among three losers
    rich = grand_verdict(hand("C: J / S: J / H: A T K Q 9 / D: T K Q"))
    assert rich.count == 7 and not rich.safe  # 17 points among three losers
    broken = grand_verdict(hand("C: J / H: J A T K Q 9 / D: 9 8 7"))
    assert broken.count == 6 and not broken.safe  # the Heart Jack does not follow the Club


def test_safe_counts_give_four_verdicts_with_readable_lines() -> None:
    verdicts = safe_counts(hand(TOURNE_EXAMPLES[0]))
    assert [v.game.split()[-1] for v in verdicts] == ["Tourne", "Solo", "Grand", "Grand"]
    for v in verdicts:
        line = verdict_line(v)
        assert ("not safe" in line) == (not v.safe)
        assert str(v.needed) in line
