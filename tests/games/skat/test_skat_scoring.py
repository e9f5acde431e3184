"""Scoring: every test case of spec section 7 and the book's examples of 2.13 (B01-B20, B26-B28)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.skat.bidding import ladder
from bot.games.skat.contracts import JACKS, Contract, matadors
from bot.games.skat.options import PRESETS, SkatOptions
from bot.games.skat.scoring import score_game, score_ramsch


def opts(preset: str, **over: Any) -> SkatOptions:
    return SkatOptions.model_validate({**PRESETS[preset], "preset": preset, **over})


CLASSIC = opts("classic")
ISKO = opts("isko")


def c(code: str, *, passt_nicht: bool = False) -> Contract:
    return Contract.parse(code).model_copy(update={"passt_nicht": passt_nicht})


def held(contract: Contract, with_: bool, k: int) -> list[str]:
    """The Player's trumps that give exactly 'with k' / 'without k'."""
    trumps = contract.trumps()
    if with_:
        return trumps[:k]  # the next trump (if any) is missing: the run stops at k
    return trumps[k:k + 1]


def score(code: str, preset: str = "classic", *, w: bool = True, k: int = 1,
          passt_nicht: bool = False, options: SkatOptions | None = None, **kw: Any) -> int:
    contract = c(code, passt_nicht=passt_nicht)
    o = options or (CLASSIC if preset == "classic" else ISKO)
    cards = held(contract, w, k) if contract.is_trump_game else []
    return score_game(contract, o, cards12=cards, **kw).entry


# ---- spec section 7, classic -------------------------------------------------------------
def test_t01_club_solo_with_3() -> None:
    assert score("solo-C", k=3, points=70, tricks=6, bid=40) == 48


def test_t02_open_grand_with_4_all_tricks() -> None:
    assert score("open_grand", k=4, points=120, tricks=10) == 216


def test_t03_open_grand_loses_trick_6() -> None:
    assert score("open_grand", k=3, points=80, tricks=5) == -192


def test_t04_heart_tourne_passt_nicht_lost() -> None:
    assert score("tourne-H", k=1, passt_nicht=True, points=50, tricks=4) == -24


def test_t05_t06_diamond_tourne_overbid_and_rescue() -> None:
    assert score("tourne-D", k=2, passt_nicht=True, points=75, tricks=6, bid=18) == -40
    assert score("tourne-D", k=2, passt_nicht=True, points=95, tricks=8, bid=18) == 20


def test_t07_diamond_solo_overbid() -> None:
    assert score("solo-D", w=False, k=1, points=70, tricks=6, bid=36) == -36


def test_t08_guckser_grand_lost() -> None:
    assert score("guck_grand", w=False, k=1, points=55, tricks=4) == -48


def test_t09_t10_spade_solo_schneider_announced() -> None:
    assert score("solo-S-schneider", k=1, points=95, tricks=8) == 44
    assert score("solo-S-schneider", k=1, points=80, tricks=7) == -44


def test_t11_club_solo_schwarz_announced() -> None:
    assert score("solo-C-schwarz", k=2, points=120, tricks=10) == 84


def test_t12_heart_solo_schneider_announced_schwarz_made() -> None:
    assert score("solo-H-schneider", k=1, points=120, tricks=10) == 50


def test_t13_club_tourne_player_schneidered() -> None:
    assert score("tourne-C", k=1, points=28, tricks=2) == -24


def test_t14_tourne_surrender_keeps_doubling() -> None:
    got = score("tourne-S", k=2, passt_nicht=True, points=0, tricks=0, bid=21, simple=True,
                surrendered=True)
    assert got == -42
    no_double = opts("classic", surrender_keeps_doubling=False)
    got = score("tourne-S", k=2, passt_nicht=True, points=0, tricks=0, bid=21, simple=True,
                surrendered=True, options=no_double)
    assert got == -21


def test_t15_b17_ramsch_fixed() -> None:
    r = score_ramsch({0: 70, 1: 50, 2: 0}, {0: 5, 1: 5, 2: 0}, 0, 0, CLASSIC)
    assert r.entries == {0: -30, 1: 0, 2: 0}
    r = score_ramsch({0: 40, 1: 30, 2: 30}, {0: 4, 1: 3, 2: 3}, 20, 1, CLASSIC)
    assert r.entries == {0: 0, 1: -20, 2: 0}  # the skat (20) goes to the last trick: 50 most
    r = score_ramsch({0: 120, 1: 0, 2: 0}, {0: 10, 1: 0, 2: 0}, 0, 0, CLASSIC)
    assert r.entries == {0: -50, 1: 0, 2: 0}


def test_t16_b28_null_games() -> None:
    assert score("nullo", tricks=0) == 20 and score("nullo", tricks=1) == -20
    assert score("guck_nullo", tricks=0) == 20 and score("guck_nullo", tricks=1) == -40
    assert score("open_nullo", tricks=0) == 40 and score("open_nullo", tricks=1) == -40
    assert score("revolution", tricks=0) == 60 and score("revolution", tricks=1) == -60


def test_t17_ninety_is_not_schneider_in_classic() -> None:
    assert score("tourne-C", k=1, points=90, tricks=8, bid=16) == 16


# ---- spec section 7, isko ----------------------------------------------------------------
def test_t19_to_t22_pickup_games() -> None:
    assert score("suit-D", "isko", k=1, points=61, tricks=5, bid=18) == 18
    assert score("suit-H", "isko", w=False, k=2, points=60, tricks=5) == -60
    assert score("suit-C", "isko", w=False, k=3, points=95, tricks=8) == 60
    assert score("grand", "isko", k=2, points=120, tricks=10) == 120


def test_t23_to_t25_hand_and_ouvert() -> None:
    assert score("grand-hand", "isko", k=4, points=120, tricks=10) == 192
    assert score("suit-C-ouvert-hand", "isko", k=2, points=120, tricks=10) == 108
    assert score("grand-ouvert-hand", "isko", k=4, points=120, tricks=10) == 264


def test_t26_to_t29_announcements() -> None:
    assert score("grand-hand-schneider", "isko", k=4, points=89, tricks=7) == -384
    assert score("suit-C-hand-schneider", "isko", k=1, points=25, tricks=2) == -120
    assert score("suit-C-hand-schwarz", "isko", k=2, points=110, tricks=9) == -192
    assert score("suit-S-hand-schneider", "isko", k=2, points=120, tricks=10) == 77


def test_t30_t31_hand_overbid() -> None:
    assert score("suit-H-hand", "isko", w=False, k=1, points=84, tricks=7, bid=59) == -120
    assert score("suit-S-hand", "isko", k=1, points=70, tricks=6, bid=72) == -154


def test_t34_null_values() -> None:
    assert score("null", "isko", tricks=0) == 23 and score("null", "isko", tricks=1) == -46
    assert score("null-ouvert-hand", "isko", tricks=1) == -118
    assert score("null-hand", "isko", tricks=0) == 35
    assert score("null-ouvert", "isko", tricks=0) == 46


def test_t35_t36_isko_player_schneider_and_schwarz() -> None:
    assert score("suit-S", "isko", w=False, k=1, points=28, tricks=2) == -66
    assert score("grand", "isko", k=1, points=0, tricks=0) == -192


def test_t39_kontra_re() -> None:
    assert score("suit-C", "isko", k=1, points=70, tricks=6, kontra=1) == 48
    assert score("suit-C", "isko", k=1, points=70, tricks=6, kontra=2) == 96
    assert score("suit-C", "isko", k=1, points=50, tricks=4, kontra=1) == -96


def test_t40_isko_ramsch_card_points() -> None:
    r = score_ramsch({0: 55, 1: 45, 2: 20}, {0: 4, 1: 3, 2: 3}, 0, 2, ISKO)
    assert r.entries == {0: -55, 1: 0, 2: 0}
    r = score_ramsch({0: 70, 1: 50, 2: 0}, {0: 6, 1: 4, 2: 0}, 0, 0, ISKO)
    assert r.entries == {0: -140, 1: 0, 2: 0}
    r = score_ramsch({0: 120, 1: 0, 2: 0}, {0: 10, 1: 0, 2: 0}, 0, 0, ISKO)
    assert r.durchmarsch == 0 and r.entries == {0: 120, 1: 0, 2: 0} and r.losers == []


def test_ramsch_ties() -> None:
    r = score_ramsch({0: 50, 1: 50, 2: 20}, {0: 4, 1: 4, 2: 2}, 0, 1, CLASSIC)
    assert r.entries == {0: -20, 1: -20, 2: 0}
    o = opts("classic", ramsch_tie="last_trick_among_tied")
    assert score_ramsch({0: 50, 1: 50, 2: 20}, {0: 4, 1: 4, 2: 2}, 0, 1, o).losers == [1]


# ---- the book's examples (2.13) ----------------------------------------------------------
def test_b01_to_b05() -> None:
    assert score("tourne-S", k=2, points=70, tricks=6) == 21
    assert score("tourne-C", k=3, points=70, tricks=6, bid=30) == 32
    assert score("tourne-H", k=1, passt_nicht=True, points=70, tricks=6) == 12
    assert score("tourne-H", k=1, passt_nicht=True, points=40, tricks=3) == -24
    assert score("tourne-C", w=False, k=2, points=95, tricks=8) == 32
    assert score("tourne-S", k=3, points=120, tricks=10) == 42


HAND_27 = ["CJ", "CK", "SJ", "SQ", "S9", "HA", "HQ", "DA", "DT", "D8"]


def test_b06_b07_overbid_diamond_from_the_hand() -> None:
    contract = c("tourne-D", passt_nicht=True)
    cards = [*HAND_27, "D7", "H7"]
    lost = score_game(contract, CLASSIC, cards12=cards, points=75, tricks=6, bid=18)
    assert (lost.matadors, lost.raw, lost.value, lost.entry) == (2, 15, 20, -40)
    assert lost.overbid and "4 x 5 = 20" in lost.text
    won = score_game(contract, CLASSIC, cards12=cards, points=95, tricks=8, bid=18)
    assert (won.won, won.entry) == (True, 20)
    book_literal = opts("classic", passt_nicht_doubles_overbid=False)
    assert score_game(contract, book_literal, cards12=cards, points=75, tricks=6,
                      bid=18).entry == -20


@pytest.mark.parametrize(
    ("code", "hand", "skat", "value"),
    [
        ("solo-C", "CJ CT CQ C9 C8 SJ HA HT D9 D8", "H7 S7", 36),
        ("solo-S", "CJ CA CT CQ SJ SA SQ S9 HA H9", "H7 D7", 33),
        ("solo-H", "SJ S7 HJ HK HQ H9 DJ DA DT D8", "C7 C8", 20),
        ("solo-D", "CA HA HT HK DJ DA DT D9 D8 D7", "C7 C8", 36),
        ("solo_grand", "CA CT SA ST HA HT DA D9 D8 D7", "C7 C8", 80),
    ],
)
def test_b08_to_b11_b16_solo_hands(code: str, hand: str, skat: str, value: int) -> None:
    cards = hand.split() + skat.split()
    got = score_game(c(code), CLASSIC, cards12=cards, points=70, tricks=6)
    assert got.entry == value


def test_b12_sj_in_the_skat() -> None:
    cards = ["CA", "HA", "HT", "HK", "DJ", "DA", "DT", "D9", "D8", "D7", "SJ", "C7"]
    got = score_game(c("solo-D"), CLASSIC, cards12=cards, points=70, tricks=6, bid=36)
    assert (got.matadors, got.with_matadors, got.entry) == (1, False, -36)


def test_b13_tourne_grand() -> None:
    cards = ["CJ", "CK", "CQ", "SA", "S9", "S7", "HA", "HT", "H7", "DA", "DJ", "C7"]
    assert score_game(c("tourne_grand"), CLASSIC, cards12=cards, points=70, tricks=6).entry == 24


def test_b14_b20_guckser() -> None:
    cards = ["CA", "CQ", "SJ", "SK", "HJ", "HA", "HT", "DJ", "DT", "D7", "C7", "C8"]
    assert score_game(c("guck_grand"), CLASSIC, cards12=cards, points=70, tricks=6).entry == 24
    assert score_game(c("guck_grand"), CLASSIC, cards12=cards, points=50, tricks=4).entry == -48
    assert score("guck_grand", k=2, points=70, tricks=6) == 36
    assert score("guck_grand", k=2, points=50, tricks=4) == -72


def test_b15_solo_versus_solo_grand() -> None:
    cards = ["CJ", "HJ", "C7", "D8"]
    assert score_game(c("solo-C"), CLASSIC, cards12=cards, points=70, tricks=6).entry == 24
    assert score_game(c("solo_grand"), CLASSIC, cards12=cards, points=70, tricks=6).entry == 32


def test_b18_b19_open_grand() -> None:
    assert score_game(c("open_grand"), CLASSIC, cards12=["CJ", "SJ", "HJ"], points=120,
                      tricks=10).entry == 192
    assert score("open_grand", k=4, points=120, tricks=10) == 216


def test_b24_bid_ladder() -> None:
    classic = ladder("classic")
    assert len(classic) == 72 and classic[0] == 10 and classic[-1] == 216
    assert not {11, 13, 17, 19, 23, 26} & set(classic)
    assert {10, 12, 14, 15, 16, 18, 20, 21} <= set(classic)
    isko = ladder("isko")
    assert len(isko) == 63 and isko[0] == 18 and isko[-1] == 264
    assert isko[:10] == (18, 20, 22, 23, 24, 27, 30, 33, 35, 36)


@pytest.mark.parametrize(
    ("jacks", "expected"),
    [
        ("CJ SJ", (True, 2)), ("HJ DJ", (False, 2)), ("CJ HJ DJ", (True, 1)),
        ("CJ", (True, 1)), ("CJ DJ", (True, 1)), ("SJ HJ DJ", (False, 1)), ("SJ", (False, 1)),
        ("SJ DJ", (False, 1)), ("HJ", (False, 2)), ("DJ", (False, 3)), ("HA", (False, 4)),
        ("CJ SJ HJ DJ HA", (True, 5)), ("CJ SJ HJ DJ HA HT", (True, 6)),
    ],
)
def test_b26_matadors(jacks: str, expected: tuple[bool, int]) -> None:
    assert matadors([*jacks.split(), "C7", "S8"], c("solo-H")) == expected


def test_matadors_extremes() -> None:
    assert matadors(["C7"], c("solo-H")) == (False, 11)
    assert matadors(["C7"], c("grand-hand")) == (False, 4)
    assert matadors([*JACKS, "CA", "CT", "CK", "CQ", "C9", "C8", "C7"], c("solo-C")) == (True, 11)


def test_b27_thresholds() -> None:
    base = {"k": 1, "tricks": 5}
    assert score("tourne-C", points=61, **base) == 16
    assert score("tourne-C", points=60, **base) == -16
    assert score("tourne-C", points=91, **base) == 24
    assert score("tourne-C", points=90, **base) == 16
    assert score("tourne-C", points=30, **base) == -24
    assert score("tourne-C", points=31, **base) == -16
    assert score("suit-C", "isko", points=90, **base) == 36


def test_explanation_line_names_the_levels() -> None:
    got = score_game(c("solo_grand"), CLASSIC, cards12=["CJ", "SJ"], points=95, tricks=8)
    assert got.text == "with 2, game 3, schneider 4: 4 x 16 = 64; won: +64"
    assert got.levels == ["game", "schneider"]
    lost = score_game(c("suit-H"), ISKO, cards12=["HJ"], points=60, tricks=5)
    assert lost.text.endswith("lost, x2 (lost games count double): -60")


def test_contract_codes_round_trip() -> None:
    for code in ["solo-C-schneider", "tourne_grand", "grand-hand-schwarz", "null-ouvert-hand",
                 "suit-D", "suit-C-ouvert-hand", "revolution", "ramsch"]:
        assert Contract.parse(code).code == code
    for bad in ["solo", "grand-hand-hand", "suit-X", "solo-C-hand", "hand-grand", "x"]:
        with pytest.raises(ValueError):
            Contract.parse(bad)
