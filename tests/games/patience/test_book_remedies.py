"""The book's own remedies: Napoleon's Square's two buried kings (p. 77) and The Besieged
City's end-game rearranging of the Reserve (p. 139)."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.games.base import IllegalAction, InvalidOptions
from bot.games.patience import GAME, PatienceState, solver
from tests.games.patience.helpers import full_pack, legal, new, play

# -- Napoleon's Square, p. 77 -------------------------------------------------------------------
# "If after dealing the square two kings of one suit were found to be blocking two smaller cards
# of that suit, either the whole must be taken up and re-dealt, or one king must be slipped
# underneath."


def square_deal(packets: list[list[str]]) -> list[str]:
    """Two packs with the first packets fixed (bottom -> top); the rest in pack order."""
    rest = full_pack(2)
    for card in (c for cards in packets for c in cards):
        rest.remove(card)
    pack = [c for cards in packets for c in cards] + rest
    assert Counter(pack) == Counter(full_pack(2))
    return pack


BURIED = [["D5", "S2", "DK", "S3"], ["H4", "D9", "S4", "DK"]]
"""Both kings of diamonds above a lower diamond (t1: K♦ third over 5♦; t2: K♦ on top over 9♦)."""


def test_two_buried_kings_must_be_remedied_first() -> None:
    st = new("napoleons_square", deal=square_deal(BURIED))
    assert st.flags.get("buried") == 1
    assert "Two kings of diamonds" in st.message
    assert legal(st) == ["redeal", "slip:t1.3", "slip:t2.4", "resign"]
    with pytest.raises(IllegalAction, match="first deal the square again"):
        st.apply(0, "turn")


def test_slipping_a_king_under_its_packet_ends_the_remedy() -> None:
    st = new("napoleons_square", deal=square_deal(BURIED))
    before = st.model_dump()
    after = play(st, "slip:t1.3")
    assert st.model_dump() == before  # undo: the earlier state is untouched
    assert after.piles["t1"] == ["DK", "D5", "S2", "S3"]
    assert after.piles["t2"] == BURIED[1]
    assert "buried" not in after.flags
    assert "turn" in legal(after) and not any(m.startswith("slip") for m in legal(after))
    _, events = st.apply(0, "slip:t1.3")
    assert [e.text for e in events] == ["K♦ slipped under the packet 1."]
    with pytest.raises(IllegalAction, match="There is no redeal"):
        after.apply(0, "redeal")


def test_dealing_the_whole_again_keeps_every_card_and_is_fixed_by_the_seed() -> None:
    st = new("napoleons_square", 5, deal=square_deal(BURIED))
    again = play(st, "redeal")
    cards = Counter(c.lstrip("~") for pile in again.piles.values() for c in pile)
    assert cards == Counter(full_pack(2))
    assert [len(again.piles[f"t{i}"]) for i in range(1, 13)] == [4] * 12
    assert again.piles["t1"] != BURIED[0] and again.flags["dealt_again"] == 1
    assert again.redeals == 0  # not one of the game's redeals (it has none)
    assert play(st, "redeal").piles == again.piles  # the seed fixes the new deal
    _, events = st.apply(0, "redeal")
    assert events[0].text == "The whole taken up, shuffled and dealt again."


def test_a_king_over_another_suit_or_a_single_buried_king_needs_nothing() -> None:
    one = new("napoleons_square", deal=square_deal([["D5", "S2", "DK", "S3"],
                                                    ["DK", "D9", "S4", "H4"]]))
    other = new("napoleons_square", deal=square_deal([["H5", "S2", "DK", "S3"],
                                                      ["H4", "S9", "S4", "DK"]]))
    for st in (one, other):
        assert "buried" not in st.flags
        assert not any(m.startswith("slip") or m == "redeal" for m in legal(st))


def test_two_kings_in_one_packet_over_a_lower_card_are_buried() -> None:
    st = new("napoleons_square", deal=square_deal([["C7", "CK", "CK", "S3"]]))
    assert legal(st)[:3] == ["redeal", "slip:t1.2", "slip:t1.3"]
    assert "buried" not in play(st, "slip:t1.3").flags


def test_a_second_buried_suit_asks_again() -> None:
    st = new("napoleons_square", deal=square_deal([*BURIED, ["C2", "CK", "H9", "H9"],
                                                   ["C3", "S5", "S5", "CK"]]))
    once, events = st.apply(0, "slip:t1.3")
    assert once.flags.get("buried") == 1 and "Two kings of clubs" in events[-1].text
    assert "buried" not in play(once, "slip:t3.2").flags


def test_the_solver_and_the_rules_text_know_the_remedy() -> None:
    st = new("napoleons_square", deal=square_deal(BURIED))
    pos, _ = solver.play(st.rules, solver.position_of(st), st.seed, "slip:t2.4")
    assert dict(pos[0])["t2"] == ("DK", "H4", "D9", "S4")
    text = GAME.rules_text(st.options)
    assert "slip one of those kings" in text and "not offered" not in text


def test_the_picker_names_the_king_to_slip() -> None:
    from bot.games.base import Action
    from bot.render.patience import action_label

    st = new("napoleons_square", deal=square_deal(BURIED))
    assert action_label(st.view(0), Action.parse("slip:t2.4")) == "Slip K♦ under packet t2"


# -- The Besieged City, p. 139 ------------------------------------------------------------------
# "At the end of the Patience, when the talon is exhausted and all the cards have been dealt,
# should there still be cards in the Reserve which cannot be transferred to the Ramparts, you may
# transpose them to effect this if you can."


def siege_end(cells: dict[str, str], ramparts: dict[str, str], stock: bool = False
              ) -> PatienceState:
    """An end position: Reserve places ``cells`` (c1..c12; missing ones empty), Rampart tops
    (t1..t14), the four aces up, every other card under Rampart t14 (or in the stock)."""
    st = new("the_besieged_city", 1)
    rest = full_pack(2)
    piles: dict[str, list[str]] = {f.id: [rest.pop(rest.index(f.suit + "A"))]
                                   for f in st.rules.founds}
    for pid, card in [*cells.items(), *ramparts.items()]:
        piles[pid] = [rest.pop(rest.index(card))]
    for i in range(1, 13):
        piles.setdefault(f"c{i}", [])
    piles["w"], piles["s"] = [], []
    if stock:
        piles["s"] = rest
    else:
        piles["t14"] = rest + piles["t14"]
    assert sum(map(len, piles.values())) == 104
    return st.model_copy(update={"piles": piles})


CLUB_WALLS = {f"t{i}": "C" + "23456789TJQKK2"[i - 1] for i in range(1, 15)} | {"t2": "H6"}
"""Every Rampart shows a club except t2 (above the middle column) with 6♥."""
STUCK = {f"c{i}": "D" + "23456789TJQK"[i - 1] for i in range(1, 13)} | {"c1": "H5"}
"""Diamonds fit no Rampart; 5♥ at c1 (row 1, column 1) cannot reach 6♥: t2 ends the middle
column, not c1's row or column."""


def test_the_reserve_may_be_rearranged_at_the_end_to_free_a_card() -> None:
    st = siege_end(STUCK, CLUB_WALLS)
    assert not any(m.startswith("move:c") for m in legal(st))
    swaps = [m for m in legal(st) if m.startswith("swap:")]
    # 5♥ may change places with any card of the middle column (t2's line), either way round
    assert sorted(swaps) == sorted(["swap:c1,c2", "swap:c1,c5", "swap:c1,c8", "swap:c1,c11",
                                    "swap:c2,c1", "swap:c5,c1", "swap:c8,c1", "swap:c11,c1"])
    before = st.model_dump()
    after, events = st.apply(0, "swap:c1,c5")
    assert st.model_dump() == before  # undo: the earlier state is untouched
    assert after.piles["c5"] == ["H5"] and after.piles["c1"] == ["D6"]
    assert events[0].text == "The Reserve rearranged: 5♥ to the reserve 5 and 6♦ to the reserve 1."
    assert "move:c5>t2" in legal(after)
    assert not any(m.startswith("swap:") for m in legal(after))  # 5♥ is no longer stuck
    with pytest.raises(IllegalAction, match="Only Reserve cards that cannot reach"):
        after.apply(0, "swap:c5,c1")


def test_a_stuck_card_may_move_into_an_empty_reserve_place() -> None:
    cells = {k: v for k, v in STUCK.items() if k != "c5"}
    st = siege_end(cells, CLUB_WALLS)
    swaps = [m for m in legal(st) if m.startswith("swap:")]
    assert "swap:c1,c5" in swaps and "swap:c5,c1" not in swaps
    assert play(st, "swap:c1,c5").piles["c1"] == []


def test_no_rearranging_before_the_end_or_without_a_card_to_free() -> None:
    early = siege_end(STUCK, CLUB_WALLS, stock=True)
    assert not any(m.startswith("swap:") for m in legal(early))
    with pytest.raises(IllegalAction, match="only at the end"):
        early.apply(0, "swap:c1,c5")
    hopeless = siege_end(STUCK, CLUB_WALLS | {"t2": "C3"})
    assert not any(m.startswith("swap:") for m in legal(hopeless))
    assert "change places" in GAME.rules_text(hopeless.options)
    assert "not offered" not in GAME.rules_text(hopeless.options)


# -- Book variants as options: The Quadrille (p. 82), Leoni's Own (p. 85) ------------------------


def test_quadrille_fives_and_sixes_whenever_they_appear() -> None:
    # p. 82: "Continue dealing until the four queens have been placed, then arrange in their
    # allotted places the fives and sixes as they appear." The option drops the wait.
    head = ["C5", "S6"]
    deal = head + [c for c in full_pack() if c not in head]
    book = play(new("the_quadrille", deal=deal), "turn")
    assert not any(">f" in m for m in legal(book))
    early = play(new("the_quadrille", deal=deal, queens_first=False), "turn")
    up = [m for m in legal(early) if m.startswith("move:w>f")]
    assert len(up) == 1 and early.rules.found(up[0].split(">")[1]).base == "5"
    after = play(early, up[0], "turn")
    assert any(m.startswith("move:w>f") for m in legal(after))  # 6♠ too, no queen out yet
    assert "queens_first=false" in GAME.rules_text(early.options)
    with pytest.raises(InvalidOptions, match="no `queens_first` option"):
        GAME.options("the_order_of_precedence", queens_first=False)


def test_leonis_own_shuffled_redeals_as_the_books_note_allows() -> None:
    # p. 85: "Some players take up the packets and shuffle them previous to re-dealing, and
    # this is, perhaps, the better plan."
    plain = new("leonis_own", 4)
    mixed = new("leonis_own", 4, shuffle=True)
    assert plain.piles == mixed.piles  # the first deal is the same
    in_order, events = plain.apply(0, "redeal")
    shuffled, shuffled_events = mixed.apply(0, "redeal")
    assert events[0].text == "Redeal 1: the packets gathered."
    assert shuffled_events[0].text == "Redeal 1: the packets gathered and shuffled."

    def cards(st: PatienceState) -> Counter[str]:
        return Counter(c.lstrip("~") for pile in st.piles.values() for c in pile)

    assert cards(shuffled) == cards(in_order) == cards(plain)
    assert shuffled.piles != in_order.piles
    assert play(mixed, "redeal").piles == shuffled.piles  # the seed fixes the shuffle
    assert "option `shuffle`" in GAME.rules_text(mixed.options)
    with pytest.raises(InvalidOptions, match="no `shuffle` option"):
        GAME.options("la_belle_lucie", shuffle=True)
