"""The twelve priority games of spec section 5: the book's facts (spec section 9), layouts,
a legal and an illegal move of each key rule, and a won game on an easy fixed deal."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.patience.catalogue import rules_for
from tests.games.patience.helpers import GAME, full_pack, greedy, legal, new, pile, play

# -- 1. Napoleon at St. Helena (spec 9.1) ----------------------------------------------------------


def napoleon_easy_deal() -> list[str]:
    cols = [c for s in "CSHD" * 2 for c in (s + "4", s + "3", s + "2", s + "A")]
    cols += ["C5", "C5", "S5", "S5", "H5", "H5", "D5", "D5"]
    stock = [s + r for r in "6789TJQK" for s in "CCSSHHDD"]
    return cols + stock


def test_napoleon_layout_9_1() -> None:
    st = new("napoleon_at_st_helena")
    v = st.view(0)
    cols = [p for p in v.piles if p.kind == "tableau"]
    assert len(cols) == 10 and all(p.count == 4 and None not in p.cards for p in cols)
    assert [p.id for p in v.piles if p.kind == "foundation"] == [f"f{i}" for i in range(1, 9)]
    assert pile(v, "s").count == 64 and pile(v, "s").cards == []
    assert v.redeals_left == 0
    rules = rules_for(GAME.options("napoleon_at_st_helena"))
    assert rules.packs == 2 and all(f.base == "A" and f.build == "suit" for f in rules.founds)


def test_napoleon_packs_down_in_suit_only() -> None:
    for seed in range(40):
        st = new("napoleon_at_st_helena", seed)
        tops = {p.id: p.cards[-1] for p in st.view(0).piles if p.kind == "tableau"}
        for m in legal(st):
            if m.startswith("move:t") and ">t" in m:
                src, dst = m[5:].split(">")
                a, b = tops[src], tops[dst]
                assert a[0] == b[0] and "A23456789TJQK".index(a[1]) + 1 == \
                    "A23456789TJQK".index(b[1])
        offsuit = [(s, d) for s, a in tops.items() for d, b in tops.items()
                   if a[0] != b[0] and "A23456789TJQK".index(a[1]) + 1 ==
                   "A23456789TJQK".index(b[1])]
        if offsuit:
            with pytest.raises(IllegalAction, match="may not go to the column"):
                st.apply(0, f"move:{offsuit[0][0]}>{offsuit[0][1]}")
            return
    pytest.fail("no deal with an off-suit marriage to refuse")


def test_napoleon_won_on_an_easy_deal() -> None:
    st = greedy(new("napoleon_at_st_helena", deal=napoleon_easy_deal()))
    assert st.status == "won" and st.view(0).won
    out = st.outcome()
    assert out is not None and out.points == [1.0] and out.winners == [0]
    assert out.lines == [f"Won in {st.moves} moves."]
    assert "redeal" not in legal(st)


def test_napoleon_space_policy_and_talon_variant() -> None:
    deal = napoleon_easy_deal()
    st = play(new("napoleon_at_st_helena", deal=deal), "move:t1>f1", "move:t1>f1",
              "move:t1>f1", "move:t1>f1")
    assert "move:t2>t1" in legal(st)  # any available card may fill a space
    st = play(new("napoleon_at_st_helena", deal=deal, spaces="talon"), "move:t1>f1",
              "move:t1>f1", "move:t1>f1", "move:t1>f1")
    assert "move:t2>t1" not in legal(st)
    st = play(st, "turn")
    assert "move:w>t1" in legal(st)


# -- 2. The Chameleon (spec 9.9) -------------------------------------------------------------------


def test_chameleon_layout_9_9() -> None:
    st = new("the_chameleon", 4)
    v = st.view(0)
    r = pile(v, "r")
    assert r.count == 12 and r.cards[:-1] == [None] * 11 and r.cards[-1] is not None
    first = pile(v, "f1").cards[-1]
    assert first is not None and st.base == first[1]
    assert [pile(v, f"t{i}").count for i in (1, 2, 3)] == [1, 1, 1]
    assert pile(v, "s").count == 36
    assert "Thirteen Up" in next(x for x in GAME.variants() if x.id == "the_chameleon").aliases


def test_chameleon_foundations_start_at_the_first_card_and_wrap() -> None:
    f = rules_for(GAME.options("the_chameleon")).found("f2")
    assert f.accepts([], "H9", "9") and not f.accepts([], "HA", "9")
    assert f.accepts(["HK"], "HA", "9") and not f.accepts(["HK"], "SA", "9")


def test_chameleon_packs_any_suit_but_never_on_the_packet() -> None:
    for seed in range(30):
        st = new("the_chameleon", seed)
        assert not any(m.endswith(">r") for m in legal(st))
        for m in legal(st):
            if ">t" in m and m.startswith("move:t"):
                src, dst = m[5:].split(">")
                a, b = st.piles[src][-1], st.piles[dst][-1]
                assert "A23456789TJQK".index(a[1]) + 1 == "A23456789TJQK".index(b[1])


def test_chameleon_redeal_only_with_the_option() -> None:
    def run_out(state):  # turn everything to the talon
        while "turn" in legal(state):
            state = play(state, "turn")
        return state

    assert "redeal" not in legal(run_out(new("the_chameleon", 2)))
    assert "redeal" in legal(run_out(new("the_chameleon", 2, redeals=1)))


# -- 3. La Belle Lucie (spec 9.2) ------------------------------------------------------------------


def test_lucie_layout_9_2() -> None:
    st = new("la_belle_lucie")
    fans = [p for p in st.view(0).piles if p.kind == "tableau"]
    assert [p.count for p in fans] == [3] * 17 + [1]
    assert all(None not in p.cards for p in fans)
    assert st.view(0).redeals_left == 2


def test_lucie_redeals_shuffle_and_merci_only_in_the_last_deal() -> None:
    st = new("la_belle_lucie", 5)
    assert not any(m.startswith("merci") for m in legal(st))
    before = [c for i in range(1, 19) for c in st.piles[f"t{i}"]]
    st = play(st, "redeal")
    after = [c for i in range(1, 19) for c in st.piles[f"t{i}"]]
    assert sorted(before) == sorted(after) and before != after
    st = play(st, "redeal")
    assert "redeal" not in legal(st)
    mercis = [m for m in legal(st) if m.startswith("merci")]
    assert mercis
    covered = st.piles["t1"][0]
    st = play(st, "merci:t1.1")
    assert st.piles["t1"][-1] == covered
    assert not any(m.startswith("merci") for m in legal(st))


def test_lucie_gathers_in_order_with_no_shuffle() -> None:
    st = new("la_belle_lucie", 5, no_shuffle=True)
    before = [c for i in range(1, 19) for c in st.piles[f"t{i}"]]
    st = play(st, "redeal")
    assert [c for i in range(1, 19) for c in st.piles[f"t{i}"]] == before


def test_lucie_spaces_are_never_filled_and_packing_is_in_suit() -> None:
    deal = ["C3", "C2", "CA"] + [c for c in full_pack() if c not in ("C3", "C2", "CA")]
    st = play(new("la_belle_lucie", deal=deal), "move:t1>f1", "move:t1>f1", "move:t1>f1")
    assert st.piles["t1"] == []
    assert not any(m.endswith(">t1") for m in legal(st))


# -- 4. The Beleaguered Castle (spec 9.4) ----------------------------------------------------------


def castle_easy_deal() -> list[str]:
    rows = []
    for s in "CSHD":
        rows += [s + r for r in "765432"] + [s + r for r in "KQJT98"]
    return ["CA", "SA", "HA", "DA", *rows]


def test_castle_layout_9_4() -> None:
    st = new("the_beleaguered_castle", 9)
    v = st.view(0)
    assert [pile(v, f"f{i}").cards for i in range(1, 5)] == [["CA"], ["SA"], ["HA"], ["DA"]]
    rows = [p for p in v.piles if p.kind == "tableau"]
    assert [p.count for p in rows] == [6] * 8
    assert [p.fan for p in rows] == ["left"] * 4 + ["right"] * 4
    assert not any(p.kind == "stock" for p in v.piles)


def test_castle_won_and_packing_any_suit() -> None:
    st = new("the_beleaguered_castle", deal=castle_easy_deal())
    assert "move:t1>t4" not in legal(st)  # 2♣ on 8♠: not one lower
    st2 = play(st, "move:t1>f1")  # 3♣ now shows on row 1
    assert st2.piles["t1"][-1] == "C3"
    assert greedy(st).status == "won"


# -- 5. The Calculation (spec 9.6) -----------------------------------------------------------------


def test_calculation_foundations_9_6() -> None:
    st = new("the_calculation")
    assert [st.piles[f"f{k}"][0][1] for k in range(1, 5)] == ["A", "2", "3", "4"]
    f3 = st.rules.found("f3")
    pile3 = ["S3"]
    for rank in "69Q258JA47TK":
        card = "HD"[len(pile3) % 2] + rank  # any suit
        assert f3.accepts(pile3, card, "")
        pile3.append(card)
    assert not any(f3.accepts(pile3, s + r, "") for s in "CSHD" for r in "A23456789TJQK")
    assert len([p for p in st.view(0).piles if p.kind == "waste"]) == 4
    assert st.view(0).redeals_left == 0


def test_calculation_stock_top_shows_and_talon_packets_never_move() -> None:
    st = new("the_calculation", 3)
    stock = pile(st.view(0), "s")
    assert stock.cards == [st.piles["s"][-1]]
    assert {f"move:s>w{i}" for i in range(1, 5)} <= set(legal(st))
    st = play(st, "move:s>w1")
    assert not any(m.startswith("move:w1>w") for m in legal(st))
    with pytest.raises(IllegalAction):
        st.apply(0, "move:w1>w2")


def test_calculation_variant_starts_foundations_as_they_turn() -> None:
    st = new("the_calculation", 3, found_as_turned=True)
    assert all(st.piles[f"f{k}"] == [] for k in range(1, 5))
    assert pile(st.view(0), "s").count == 52


# -- 6. The Idle Year (spec 9.16) ------------------------------------------------------------------


def test_idle_year_worked_example_9_16() -> None:
    head = ["C8", "ST", "H4", "D7", "C4", "DT", "CJ", "CT"]
    deal = head + [c for c in full_pack() if c not in head]
    st = new("the_idle_year", deal=deal)
    assert legal(st) == ["turn", "resign"]
    st = play(st, *["turn"] * 8)
    row = [p for p in st.view(0).piles if p.kind == "tableau"]
    assert [(p.count, p.cards[-1]) for p in row] == [(6, "CT"), (1, "H4"), (1, "D7")]
    assert "goes" in st.message  # the forced moves are reported


# -- 7. Nestor (spec 9.10) -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_nestor_layout_9_10(seed: int) -> None:
    st = new("nestor", seed)
    cols = [st.piles[f"t{i}"] for i in range(1, 9)]
    assert [len(c) for c in cols] == [6] * 8
    assert all(len({c[1] for c in col}) == 6 for col in cols)
    assert [len(st.piles[f"r{i}"]) for i in range(1, 5)] == [1] * 4


def test_nestor_pairs_equal_ranks_and_the_reserve_waits() -> None:
    for seed in range(30):
        st = new("nestor", seed)
        pairs = [m for m in legal(st) if m.startswith("pair")]
        for m in pairs:
            a, b = m[5:].split(",")
            assert st.piles[a][-1][1] == st.piles[b][-1][1]
        col_pairs = [m for m in pairs if ":r" not in m and ",r" not in m]
        if col_pairs:
            assert pairs == col_pairs  # the reserve only when no column pair is left
            st2 = play(st, col_pairs[0])
            assert len(st2.piles["d"]) == 2
            return
    pytest.fail("no deal with a column pair")


# -- 8. The Elevens --------------------------------------------------------------------------------


def test_elevens_layout_has_no_court_and_covers_sum_to_eleven() -> None:
    st = new("the_elevens", 2)
    tops = {f"t{i}": st.piles[f"t{i}"][-1] for i in range(1, 13)}
    assert all(c[1] not in "JQK" for c in tops.values())
    for m in legal(st):
        if m.startswith("cover"):
            a, b = m[6:].split(",")
            vals = ["A23456789T".index(tops[x][1]) + 1 for x in (a, b)]
            assert sum(vals) == 11
    cover = next(m for m in legal(st) if m.startswith("cover"))
    after = play(st, cover)
    assert sum(len(p) for p in after.piles.values() if p) == 52
    assert len(after.piles["s"]) == 38


def test_elevens_can_be_won() -> None:
    for seed in range(20):
        st = greedy(new("the_elevens", seed))
        if st.status == "won":
            assert all(st.piles[f"t{i}"][-1][1] in "JQK" for i in range(1, 13))
            assert st.piles["s"] == []
            return
    pytest.fail("no Elevens deal won")


# -- 9. The Garden ---------------------------------------------------------------------------------


def test_garden_layout_and_bouquet() -> None:
    st = new("the_garden", 6)
    v = st.view(0)
    beds = [p for p in v.piles if p.kind == "tableau"]
    bouquet = [p for p in v.piles if p.kind == "cell"]
    assert [p.count for p in beds] == [6] * 6 and len(bouquet) == 16
    assert all(None not in p.cards for p in beds + bouquet)
    assert not any(m.endswith(tuple(f">{p.id}" for p in bouquet)) for m in legal(st))
    moves_from_bouquet = [m for m in legal(st) if m.startswith("move:c")]
    assert all(">f" in m or ">t" in m for m in moves_from_bouquet)


# -- 10. The Baker's Dozen (spec 9.3) --------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_bakers_dozen_layout_9_3(seed: int) -> None:
    st = new("the_baker_s_dozen", seed)
    v = st.view(0)
    packets = [p for p in v.piles if p.kind == "tableau"]
    assert len(packets) == 13 and all(p.count == 4 for p in packets)
    for p in packets:
        assert p.cards[-1] is not None and p.cards.count(None) >= 2
        assert p.cards[-1][1] != "K" or all(c is not None and c[1] == "K" for c in p.cards)


def test_bakers_dozen_turns_exposed_cards_and_never_fills_a_space() -> None:
    for seed in range(40):
        st = new("the_baker_s_dozen", seed)
        found = next((m for m in legal(st) if ">f" in m), None)
        if found is None:
            continue
        src = found[5:].split(">")[0]
        after = play(st, found)
        assert not after.piles[src][-1].startswith("~")
        return
    pytest.fail("no deal with an ace on top")


# -- 11. The Clock (spec 9.7) ----------------------------------------------------------------------


def test_clock_foundations_and_circle_9_7() -> None:
    st = new("the_clock")
    bases = [st.piles[f"f{h}"][0] for h in range(1, 13)]
    assert [c[1] for c in bases] == list("6789TJQK2345")
    assert len({bases[h][0] for h in (0, 4, 8)}) == 1 and len({bases[h][0] for h in (1, 5, 9)}) == 1
    rules = st.rules
    assert [f.length for f in rules.founds] == [9] * 8 + [8] * 4 and rules.capacity() == 104
    assert [len(st.piles[f"t{h}"]) for h in range(1, 13)] >= [3] * 12
    assert st.view(0).redeals_left == 0


def test_clock_talon_only_plays_up_and_packets_are_topped_up() -> None:
    for seed in range(30):
        st = play(new("the_clock", seed), "turn")
        assert all(">f" in m for m in legal(st) if m.startswith("move:w"))
        up = next((m for m in legal(st) if m.startswith("move:t") and ">f" in m), None)
        if up:
            src = up[5:].split(">")[0]
            assert len(play(st, up).piles[src]) >= 3
            return
    pytest.fail("no playable circle card")


# -- 12. The Royal Cotillion (spec 9.12) -----------------------------------------------------------


def test_royal_cotillion_layout_and_ace_pile_9_12() -> None:
    st = new("the_royal_cotillion")
    v = st.view(0)
    left = [p for p in v.piles if p.kind == "tableau"]
    right = [p for p in v.piles if p.kind == "cell"]
    assert [p.count for p in left] == [3] * 4 and len(right) == 16
    ace = st.rules.found("f1")
    seq = ["CA"]
    for r in "3579JK2468TQ":
        assert ace.accepts(seq, "C" + r, "")
        seq.append("C" + r)
    assert len(seq) == 13 and not ace.accepts(seq, "CA", "")
    assert all(">f" in m for m in legal(st) if m.startswith("move:t"))


def test_royal_cotillion_right_group_refills_at_once() -> None:
    for seed in range(40):
        st = new("the_royal_cotillion", seed)
        up = next((m for m in legal(st) if m.startswith("move:c") and ">f" in m), None)
        if up:
            src = up[5:].split(">")[0]
            after = play(st, up)
            assert len(after.piles[src]) == 1 and "Filled" in after.message
            return
    pytest.fail("no right-group card to play")


def test_calculation_won_on_a_deal_in_building_order() -> None:
    ranks = "A23456789TJQK"
    left = {r: [s + r for s in "CSHD"] for r in ranks}
    deal = [left[r].pop() for r in "A234"]
    tops = [1, 2, 3, 4]
    while len(deal) < 52:
        for k in range(4):
            if tops[k] != 13:
                tops[k] = (tops[k] + k) % 13 + 1
                deal.append(left[ranks[tops[k] - 1]].pop())
    st = greedy(new("the_calculation", deal=deal))
    assert st.status == "won" and all(st.piles[f"f{k}"][-1][1] == "K" for k in range(1, 5))
