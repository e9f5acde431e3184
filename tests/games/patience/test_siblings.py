"""The priority games' configuration siblings: layouts, book facts and the rule that makes each
one differ from its parent."""

from __future__ import annotations

import random

import pytest

from bot.games.base import IllegalAction
from tests.games.patience.helpers import full_pack, greedy, legal, new, pile, play

RANKS = "A23456789TJQK"


def v(card: str) -> int:
    return RANKS.index(card[1]) + 1


def test_napoleons_square_and_court_yard() -> None:
    sq = new("napoleons_square", 3)
    packets = [p for p in sq.view(0).piles if p.kind == "tableau"]
    assert [p.count for p in packets] == [4] * 12 and all(None not in p.cards for p in packets)
    assert pile(sq.view(0), "s").count == 104 - 48
    cy = new("the_court_yard", 3)
    assert [len(cy.piles[f"t{i}"]) for i in range(1, 13)] == [1] * 12


def test_congress_fills_spaces_at_once() -> None:
    for seed in range(40):
        st = new("the_congress", seed)
        up = next((m for m in legal(st) if m.startswith("move:t") and ">f" in m), None)
        if up:
            after = play(st, up)
            assert len(after.piles[up[5:].split(">")[0]]) == 1
            return
    pytest.fail("no ace among the eight cards")


def test_octagon_packets_are_squared_and_aces_are_out() -> None:
    st = new("the_octagon", 2)
    v0 = st.view(0)
    assert all(pile(v0, f"f{i}").cards == [st.piles[f"f{i}"][0]] for i in range(1, 9))
    assert all(st.piles[f"f{i}"][0][1] == "A" for i in range(1, 9))
    for p in (pile(v0, f"t{i}") for i in range(1, 5)):
        assert p.count == 5 and p.cards[:4] == [None] * 4
    assert v0.redeals_left == 2


def test_rouge_et_noir_alternates_colours() -> None:
    st = new("rouge_et_noir", 1)
    f = st.rules.found("f1")
    assert f.accepts(["CA"], "H2", "") and f.accepts(["CA"], "D2", "")
    assert not f.accepts(["CA"], "S2", "")
    assert st.view(0).redeals_left == 1
    assert new("the_blondes_and_brunettes", 1).view(0).redeals_left == 2
    assert all(new("the_blondes_and_brunettes", 1).piles[f"f{i}"] == [] for i in range(1, 9))


def test_light_and_shade_lower_row_only_packs() -> None:
    for seed in range(20):
        st = new("light_and_shade", seed)
        assert not any(m.startswith("move:c") and ">f" in m for m in legal(st))
        for m in legal(st):
            if m.startswith("move:c"):
                assert ">t" in m
    # must-pack: no lower-row card fits an auxiliary top after the deal settles
    st = new("light_and_shade", 4)
    for c in (f"c{i}" for i in range(1, 5)):
        card = st.piles[c][-1] if st.piles[c] else None
        for t in (f"t{i}" for i in range(1, 5)):
            if card and st.piles[t]:
                assert not st.rules.pile(t).pack.fits(card, st.piles[t][-1], 1)  # type: ignore[union-attr]


def test_blockade_deals_rows() -> None:
    st = new("the_blockade", 5)
    assert sum(len(st.piles[f"t{i}"]) for i in range(1, 13)) + sum(
        len(st.piles[f"f{i}"]) for i in range(1, 9)) == 12
    before = len(st.piles["s"])
    st = play(st, "turn")
    assert len(st.piles["s"]) <= before - 12 + 0 or len(st.piles["s"]) < before


def test_the_reserve_twos_up_to_ace() -> None:
    st = new("the_reserve", 1)
    assert [st.piles[f"f{i}"][0] for i in range(1, 5)] == ["C2", "S2", "H2", "D2"]
    f = st.rules.found("f1")
    assert f.accepts(["C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "CT", "CJ", "CQ", "CK"],
                     "CA", "")
    assert pile(st.view(0), "r").count == 13


def test_four_seasons_opening_and_compulsory_spaces() -> None:
    st = new("the_four_seasons", 3)
    base = st.piles["f1"][0][1]
    assert st.base == base and all(st.piles[f"t{i}"] for i in range(1, 6))
    assert all(not p or p[0][1] == base for p in (st.piles[f"f{i}"] for i in range(1, 5)))
    # play until a space opens: then only moves filling it (or giving up) are offered
    rng = random.Random(1)
    for seed in range(30):
        st = new("the_four_seasons", seed)
        for _ in range(60):
            moves = [m for m in legal(st) if m != "resign"]
            if st.is_over or not moves:
                break
            st = play(st, rng.choice(moves))
            spaces = [f"t{i}" for i in range(1, 6) if not st.piles[f"t{i}"]]
            if spaces and not st.is_over:
                offered = [m for m in legal(st) if m != "resign"]
                assert offered and all(m.split(">")[1] in spaces for m in offered)
                return
    pytest.fail("no space opened")


def test_simplicity_packs_alternate_colours() -> None:
    st = new("simplicity", 2)
    assert sum(1 for p in st.view(0).piles if p.kind == "tableau") == 8
    assert st.rules.pile("t1").pack.suit == "alt"  # type: ignore[union-attr]


def test_thirteen_down_is_face_down_and_fixes_the_base() -> None:
    st = new("thirteen_down", 7)
    r = pile(st.view(0), "r")
    assert r.count == 13 and r.cards == [None] * 13
    assert st.base == st.piles["f1"][0][1]
    assert [len(st.piles[f"c{i}"]) for i in range(1, 9)] == [1] * 8
    assert pile(st.view(0), "s").count == 52 - 13 - 8 - 1


def test_shamrocks_cap_and_king_tuck() -> None:
    deal = ["C5", "CK", "S9"] + [c for c in full_pack() if c not in ("C5", "CK", "S9")]
    st = new("the_shamrocks", deal=deal)
    assert st.rules.pile("t1").pack.cap == 3  # type: ignore[union-attr]
    deal2 = ["S9", "C5", "CK"] + [c for c in full_pack() if c not in ("C5", "CK", "S9")]
    st = new("the_shamrocks", deal=deal2)
    assert "tuck:t1" in legal(st)
    st = play(st, "tuck:t1")
    assert st.piles["t1"] == ["S9", "CK", "C5"]
    assert all(len(p) <= 3 for k, p in st.piles.items() if k.startswith("t"))
    assert "redeal" not in legal(st)
    full = [m for m in legal(st) if m.endswith(">t2")]
    assert not full  # fan 2 holds three cards: nothing more may be packed on it


def test_house_in_the_wood_and_on_the_hill() -> None:
    wood = new("the_house_in_the_wood", 1)
    fans = [len(wood.piles[f"t{i}"]) for i in range(1, 37)]
    assert fans.count(3) == 34 and fans.count(1) == 2
    hill = new("the_house_on_the_hill", 1)
    assert [f.base for f in hill.rules.founds] == ["A"] * 4 + ["K"] * 4
    assert hill.rules.found("f5").accepts([], "CK", "")
    assert hill.rules.found("f5").accepts(["CK"], "CQ", "")


def test_citadel_plays_off_during_the_deal() -> None:
    for seed in range(5):
        st = new("the_citadel", seed)
        rows = [st.piles[f"t{i}"] for i in range(1, 9)]
        assert not any(c[1] == "A" for r in rows for c in r)
        assert all(len(r) <= 6 for r in rows)
        assert sum(len(r) for r in rows) + st.view(0).home == 52


def test_exiled_kings_spaces_take_kings_only() -> None:
    rng = random.Random(2)
    for seed in range(30):
        st = new("the_exiled_kings", seed)
        for _ in range(80):
            empty = [f"t{i}" for i in range(1, 9) if not st.piles[f"t{i}"]]
            fills = [m for m in legal(st) if empty and m.endswith(f">{empty[0]}")]
            if fills:
                assert all(st.piles[m[5:].split(">")[0]][-1][1] == "K" for m in fills)
                return
            moves = [m for m in legal(st) if m != "resign"]
            if not moves:
                break
            st = play(st, rng.choice(moves))
    pytest.fail("no king ever could fill an empty row")


def test_penelopes_web_layout() -> None:
    st = new("penelopes_web", 1)
    assert [len(st.piles[f"t{i}"]) for i in range(1, 9)] == [7, 7, 6, 6] * 2
    assert st.rules.pile("t1").kings
    assert not new("penelopes_web", 1, spaces="any").rules.pile("t1").kings


def test_fortress_marries_in_suit_both_ways() -> None:
    st = new("the_fortress", 1)
    assert sorted(len(st.piles[f"t{i}"]) for i in range(1, 11)) == [5] * 8 + [6] * 2
    for m in legal(st):
        if ">t" in m:
            a, b = (st.piles[x][-1] for x in m[5:].split(">"))
            assert a[0] == b[0] and abs(v(a) - v(b)) == 1


def test_four_kings_adders_and_redeals() -> None:
    st = new("the_four_kings", 1)
    assert [st.piles[f"a{k}"][0][1] for k in range(1, 5)] == list("A234")
    assert [st.piles[f"f{k}"][0][1] for k in range(1, 5)] == list("2468")
    f4 = st.rules.found("f4")
    seq = ["C8"]
    for r in "Q37J26TA59K":
        assert f4.accepts(seq, "H" + r, "")
        seq.append("H" + r)
    assert st.rules.capacity() == 48 and st.view(0).redeals_left == 2


def test_auld_lang_syne_and_tam_o_shanter() -> None:
    st = new("auld_lang_syne", 1)
    assert all(st.piles[f"f{i}"][0][1] == "A" for i in range(1, 5))
    assert st.rules.found("f1").accepts(["CA"], "H2", "")
    suited = new("auld_lang_syne", 1, in_suit=True)
    assert not suited.rules.found("f1").accepts(["CA"], "H2", "")
    assert suited.view(0).redeals_left == 2
    tam = new("tam_o_shanter", 1)
    assert all(tam.piles[f"f{i}"] == [] for i in range(1, 5))
    assert pile(tam.view(0), "s").count == 52


def test_frog_setup() -> None:
    for seed in range(10):
        st = new("the_frog", seed)
        aces = [c for i in range(1, 9) for c in st.piles[f"f{i}"]]
        assert aces and all(c[1] == "A" for c in aces)
        assert len(st.piles["r"]) + len(aces) in (13, 14)
        assert not any(c[1] == "A" for c in st.piles["r"])


def test_betrothal_can_be_won_and_removal_is_compulsory() -> None:
    st = new("the_betrothal", 0)
    assert st.piles["t1"] == ["HQ"] and st.piles["s"][0] == "HK"
    won = greedy(st)
    assert won.status == "won"
    row = [p for p in won.view(0).piles if p.kind == "tableau"]
    assert [p.cards for p in row] == [["HQ"], ["HK"]]


def test_chester_game_needs_courts_in_their_rows() -> None:
    st = new("the_chester_game", 1)
    assert st.rules.hook == "chester"
    with pytest.raises(Exception, match="courts"):
        new("the_elevens", 1, courts="sometimes")
    assert new("the_elevens", 1, courts="always").flags == {"courts_always": 1}


def test_fourteens_pairs_in_a_line() -> None:
    st = new("the_fourteens", 2)
    cells = {f"c{i}": st.piles[f"c{i}"][-1] for i in range(1, 26)}
    for m in legal(st):
        if m.startswith("pair"):
            a, b = m[5:].split(",")
            i, j = int(a[1:]) - 1, int(b[1:]) - 1
            assert i // 5 == j // 5 or i % 5 == j % 5
            assert v(cells[a]) + v(cells[b]) == 14
    pair = next((m for m in legal(st) if m.startswith("pair")), None)
    if pair:
        after = play(st, pair)
        assert all(after.piles[f"c{i}"] for i in range(1, 26))  # refilled from the stock


def test_sultan_foundations_9_14() -> None:
    st = new("the_sultan_of_turkey", 1)
    assert st.piles["a1"] == ["HK"]
    bases = [st.piles[f"f{i}"][0] for i in range(1, 9)]
    assert sorted(bases) == sorted(["CK", "CK", "SK", "SK", "DK", "DK", "HK", "HA"])
    assert [f.length for f in st.rules.founds] == [13] * 7 + [12]
    f1 = st.rules.found("f1")
    seq = [bases[0]]
    for r in "A23456789TJQ":
        assert f1.accepts(seq, bases[0][0] + r, "")
        seq.append(bases[0][0] + r)
    assert [len(st.piles[f"c{i}"]) for i in range(1, 9)] == [1] * 8
    assert st.view(0).redeals_left == 2


def test_salic_law_9_17() -> None:
    st = new("the_salic_law", 3)
    assert st.piles["t1"][0][1] == "K" and st.rules.capacity() == 88
    assert all(f.length == 11 for f in st.rules.founds)
    for _ in range(40):
        st = play(st, "turn")
    kings = [st.piles[f"t{i}"][0] for i in range(1, 9) if st.piles[f"t{i}"]]
    assert all(k[1] == "K" for k in kings)
    assert not any(c[1] in "KQ" for i in range(1, 9) for c in st.piles[f"t{i}"][1:])
    assert all(len(st.piles[f"q{i}"]) <= 1 for i in range(1, 9))
    assert st.view(0).redeals_left == 0


def test_refusals_are_readable() -> None:
    st = new("napoleon_at_st_helena", 1)
    with pytest.raises(IllegalAction, match="no pile `t42`"):
        st.apply(0, "move:t42>f1")
    with pytest.raises(IllegalAction, match="No redeal"):
        st.apply(0, "redeal")
    done = play(st, "resign")
    with pytest.raises(IllegalAction, match="over"):
        done.apply(0, "turn")


def test_contra_dance_9_13() -> None:
    st = new("the_contra_dance", 1)
    bases = sorted(st.piles[f"f{i}"][0] for i in range(1, 17))
    assert bases == sorted([s + r for s in "CSHD" for r in "56"] * 2)
    assert [f.length for f in st.rules.founds] == [7] * 8 + [6] * 8
    five = next(f for f in st.rules.founds if f.base == "5")
    seq = ["C5"]
    for r in "432AK":
        assert five.accepts(seq, "C" + r, "")
        seq.append("C" + r)
    six = st.rules.found("f1")
    assert six.accepts(["C6", "C7", "C8", "C9", "CT", "CJ"], "CQ", "")
    assert not six.accepts(["C6", "C7", "C8", "C9", "CT", "CJ", "CQ"], "CK", "")
    assert st.rules.capacity() == 104 and st.view(0).redeals_left == 1


def test_quadrille_queens_first() -> None:
    head = ["C5", "SQ"]
    st = new("the_quadrille", deal=head + [c for c in full_pack() if c not in head])
    st = play(st, "turn")
    assert not any(">f" in m for m in legal(st))  # a five waits for the four queens
    st = play(st, "turn")
    assert "move:w>f2" in legal(st)  # the queen of spades to her place
    assert st.rules.capacity() == 52 and st.view(0).redeals_left == 2


def test_pyramid_refills_from_the_stock() -> None:
    st = new("the_pyramid", 1)
    assert [len(st.piles[f"c{i}"]) for i in range(1, 16)] == [1] * 15
    assert all(st.piles[f"f{i}"][0][1] == "A" for i in range(1, 5))
    for seed in range(40):
        st = new("the_pyramid", seed)
        up = next((m for m in legal(st) if m.startswith("move:c")), None)
        if up:
            after = play(st, up)
            assert len(after.piles[up[5:].split(">")[0]]) == 1
            assert len(after.piles["s"]) == len(st.piles["s"]) - 1
            return
    pytest.fail("no pyramid card could go up")


def test_chatelaine_draws_only_when_stuck() -> None:
    st = new("the_chatelaine", 1)
    assert [len(st.piles[f"r{i}"]) for i in range(1, 5)] == [12] * 4
    for i in range(1, 13):
        assert all(v(c) == i + 1 for c in st.piles[f"k{i}"])
    for seed in range(20):
        st = new("the_chatelaine", seed)
        moves = legal(st)
        if any(m.startswith("move:r") for m in moves):
            assert not any(m.startswith("move:k") for m in moves)
            return
    pytest.fail("no auxiliary top could be played")


def test_order_of_precedence_starts_in_order() -> None:
    st = new("the_order_of_precedence", 1)
    assert st.piles["f1"][0][1] == "K"
    f1 = st.rules.found("f1")
    assert f1.accepts(["CK"], "HQ", "") and f1.accepts(["CK", "HQ", "S2"], "DA", "")
    assert f1.accepts(["CK", "HQ", "SJ", "DT", "C9", "H8", "S7", "D6", "C5", "H4", "S3", "D2",
                       "CA"][:12], "CA", "")
    rest = full_pack(2)
    for card in ("SK", "CJ", "CQ"):
        rest.remove(card)
    st = new("the_order_of_precedence", deal=["SK", "CJ", "CQ", *rest])
    st = play(st, "turn")
    assert not any(m.endswith(">f3") for m in legal(st))  # no knave before a queen
    st = play(st, "turn")
    assert "move:w>f2" in legal(st)


def test_phalanx_layout_9_5() -> None:
    st = new("the_phalanx", 1)
    assert [len(st.piles[f"t{i}"]) for i in range(1, 16)] == [7] * 14 + [6]
    assert [f.base for f in st.rules.founds] == ["A"] * 4 + ["K"] * 4
    for m in legal(st):
        if ">t" in m:
            a, b = (st.piles[x][-1] for x in m[5:].split(">"))
            assert a[0] == b[0] and abs(v(a) - v(b)) == 1


def test_fifteen_puzzle_lo_shu() -> None:
    st = new("the_fifteen_puzzle", 99)
    assert [st.piles[f"c{i}"] for i in range(1, 10)] == [["H" + r] for r in "A23456789"]
    assert new("the_fifteen_puzzle", 1).piles == st.piles  # no chance in a puzzle
    st = play(st, "move:c2>g1", "move:c7>g2", "move:c6>g3", "move:c9>g4", "move:c5>g5",
              "move:c1>g6", "move:c4>g7", "move:c3>g8")
    assert not st.is_over
    assert "move:c8>g9" in legal(st) and "move:g1>g9" in legal(st)
    st = play(st, "move:c8>g9")
    assert st.status == "won"


def test_fifteen_puzzle_wrong_square_is_not_won() -> None:
    st = play(new("the_fifteen_puzzle", 1), *[f"move:c{i}>g{i}" for i in range(1, 10)])
    assert st.status == "play" and any(m.startswith("move:g") for m in legal(st))


def test_reinforcements_pack_on_the_talon() -> None:
    st = new("the_reinforcements", 1)
    assert [len(st.piles[f"r{i}"]) for i in range(1, 5)] == [12] * 4
    assert [st.piles[f"f{i}"][0] for i in range(1, 9)] == [
        "CA", "SA", "HA", "DA", "CK", "SK", "HK", "DK"]
    rules = st.rules
    for seed in range(60):
        st = new("the_reinforcements", seed)
        for _ in range(40):
            st = play(st, "turn")
            packs = [m for m in legal(st) if m.endswith(">w")]
            for m in packs:
                a, b = st.piles[m[5:].split(">")[0]][-1], st.piles["w"][-1]
                assert a[0] == b[0] and abs(v(a) - v(b)) == 1 and m.startswith("move:r")
            if packs:
                assert rules.redeals == 2
                return
    pytest.fail("no reinforcement ever fitted the talon")


def test_napoleons_favorite_layout_and_first_deal_restrictions() -> None:
    st = new("napoleons_favorite", 1)
    packets = [p for p in st.view(0).piles if p.kind == "tableau"]
    assert [p.count for p in packets] == [8] * 12
    assert all(p.cards[:7] == [None] * 7 and p.cards[7] for p in packets)
    assert [st.piles[f"f{i}"][0] for i in range(1, 9)] == [
        "CA", "SA", "HA", "DA", "CK", "SK", "HK", "DK"]
    kings = {"f5", "f6", "f7", "f8"}
    for seed in range(20):
        st = new("napoleons_favorite", seed)
        for m in legal(st):
            if ">f" in m:
                src, dst = m[5:].split(">")
                assert not (src in ("t1", "t2", "t3", "t4") and dst not in kings)
                assert not (src in ("t7", "t8", "t9", "t10") and dst in kings)


def test_napoleons_favorite_redeal_gathers_in_order() -> None:
    st = new("napoleons_favorite", 4)
    cards = [c for i in range(1, 13) for c in st.piles[f"t{i}"]]
    st = play(st, "redeal")
    assert [st.piles[f"t{i % 12 + 1}"][i // 12] for i in range(96)] == cards
    assert st.view(0).redeals_left == 1


def test_phalanx_opening_concession() -> None:
    for seed in range(200):
        st = new("the_phalanx", seed)
        pulls = [m for m in legal(st) if m.startswith("pull")]
        if not pulls:
            continue
        assert not any(">f" in m for m in legal(st))
        col = pulls[0][5:]
        card = st.piles[col][5]
        after = play(st, pulls[0])
        assert len(after.piles[col]) == len(st.piles[col]) - 1
        assert card in [c for f in after.rules.founds for c in after.piles[f.id]]
        assert not any(m.startswith("pull:") and after.piles[m[5:]][5][1] == card[1]
                       for m in legal(after))
        return
    pytest.fail("no Phalanx deal needed the concession")


def test_chester_lets_the_player_choose_which_packet_is_covered_first() -> None:
    st = new("the_chester_game", 1)
    covers = [m for m in legal(st) if m.startswith("cover")]
    assert covers and all(f"cover:{m[6:].split(',')[1]},{m[6:].split(',')[0]}" in covers
                          for m in covers)


def test_gathering_of_the_clans_9_15() -> None:
    for seed in range(5):
        st = new("the_gathering_of_the_clans", seed)
        assembly = st.piles["r"]
        assert len(assembly) == 22 and len(set(assembly)) == 22
        assert [len(st.piles[f"c{i}"]) for i in range(1, 13)] == [1] * 12
        assert st.base == st.piles["f1"][0][1]
        assert st.view(0).redeals_left == 2
        assert all(m.split(">")[1].startswith("f") for m in legal(st) if m.startswith("move:r"))
    f = st.rules.found("f2")
    assert f.accepts([], "S" + st.base, st.base) and f.accepts(["SK"], "SA", st.base)


def test_gathering_heads_refill_from_the_assembly() -> None:
    for seed in range(60):
        st = new("the_gathering_of_the_clans", seed)
        up = next((m for m in legal(st) if m.startswith("move:c1>") or m.startswith("move:c6>")),
                  None)
        if up:
            nxt = st.piles["r"][-1]
            after = play(st, up)
            assert after.piles[up[5:].split(">")[0]] == [nxt]
            return
    pytest.fail("no head or base card could go up")


def test_st_louis_first_series_then_the_deal() -> None:
    st = new("st_louis", 2)
    assert [len(st.piles[f"t{i}"]) for i in range(1, 13)] == [1] * 12
    assert all(m == "turn" or ">f" in m for m in legal(st) if m != "resign")
    st = play(st, "turn")
    assert sum(len(st.piles[f"t{i}"]) for i in range(1, 13)) + st.view(0).home == 104
    assert "turn" not in legal(st) and "redeal" in legal(st)
    g_first = [c for i in (7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6) for c in st.piles[f"t{i}"]]
    st = play(st, "redeal")
    assert [st.piles[f"t{i}"][0] for i in range(1, 13)] == g_first[:12]


def test_constitution_rows_and_climbing() -> None:
    st = new("the_constitution", 1)
    assert [len(st.piles[f"{r}{i}"]) for r in "phek" for i in range(1, 9)] == [1] * 32
    assert sorted(c[1] for c in st.piles["q"] + st.piles["x"]) == ["K"] * 8 + ["Q"] * 8
    assert st.rules.capacity() == 88
    for seed in range(30):
        st = new("the_constitution", seed)
        for m in legal(st):
            if not m.startswith("move:"):
                continue
            src, dst = m[5:].split(">")
            if dst.startswith("f"):
                assert src.startswith("k")  # only the Cabinet plays up
            elif st.piles[dst]:
                assert {"p": "h", "h": "e", "e": "k"}[src[0]] == dst[0]
                a, b = st.piles[src][-1], st.piles[dst][-1]
                assert v(a) + 1 == v(b) and (a[0] in "HD") != (b[0] in "HD")


def test_constitution_spaces_fill_from_the_row_below() -> None:
    rng = random.Random(3)
    for seed in range(40):
        st = new("the_constitution", seed)
        for _ in range(30):
            moves = [m for m in legal(st) if m != "resign"]
            if not moves:
                break
            empty = [p for p in ("h", "e", "k") for i in range(1, 9) if not st.piles[f"{p}{i}"]]
            if empty:
                below = {"h": "p", "e": "h", "k": "e"}[empty[0]]
                assert all(m[5:].split(">")[0].startswith(below) for m in moves
                           if m.split(">")[1].startswith(empty[0])), moves
                return
            st = play(st, rng.choice(moves))
    pytest.fail("no space opened in the rows")


def test_windmill_centre_takes_four_runs() -> None:
    st = new("the_windmill", 1)
    centre = st.rules.found("f1")
    run = ["CA"]
    for i in range(51):
        card = "SHDC"[i % 4] + RANKS[(i + 1) % 13]
        assert centre.accepts(run, card, "")
        run.append(card)
    assert len(run) == 52 and not centre.accepts(run, "CA", "")
    assert st.rules.capacity() == 104
    assert [len(st.piles[f"c{i}"]) for i in range(1, 9)] == [1] * 8


def test_windmill_king_pile_may_feed_the_centre_only_to_free_a_card() -> None:
    from bot.games.patience.special import HOOKS

    board = new("the_windmill", 1).board()
    board.piles.update({"f1": ["CA", "S2", "H3"], "f2": ["CK", "SQ", "HJ", "C4"], "w": []})
    for i in range(1, 9):
        board.piles[f"c{i}"] = ["D9"]
    hook = HOOKS["windmill"]
    assert "move:f2>f1" not in hook.actions(board, [])  # nothing would be freed
    board.piles["c3"] = ["D5"]
    assert "move:f2>f1" in hook.actions(board, [])
    hook.apply(board, "move", "f2>f1")
    board.piles["f1"].append(board.piles["f2"].pop())
    board.piles["f2"][-1] = "S5"
    board.piles["c3"] = ["D6"]
    assert "took:f2" in board.flags  # one card from each king at a time
    assert "move:f2>f1" not in hook.actions(board, [])
    hook.apply(board, "move", "c1>f2")  # built on again: the king may give once more
    assert "move:f2>f1" in hook.actions(board, [])


def test_queens_audience_pairs_enter_together() -> None:
    for seed in range(80):
        st = new("the_queens_audience", seed)
        pairs = [m for m in legal(st) if m.startswith("pair")]
        if not pairs:
            continue
        a, b = (st.piles[x][-1] for x in pairs[0][5:].split(","))
        assert a[0] == b[0] and {a[1], b[1]} in ({"K", "Q"}, {"A", "J"})
        after = play(st, pairs[0])
        inside = [after.piles[f"f{i}"] for i in range(1, 9) if after.piles[f"f{i}"]]
        assert any(p[-1][1] in "QJ" and len(p) == 2 for p in inside)
        assert all(after.piles[f"c{i}"] for i in range(1, 17))  # refilled at once
        assert after.rules.capacity() == 52
        return
    pytest.fail("no pair in any ante-chamber")


def test_grand_duchess_rounds_9_18() -> None:
    st = new("the_grand_duchess", 1)
    assert all(st.piles[f"t{i}"] == [] for i in range(1, 5)) and st.view(0).redeals_left == 3
    st = play(st, "turn")
    assert [len(st.piles[f"t{i}"]) for i in range(1, 5)].count(1) + st.view(0).home == 4
    assert len(st.piles["d"]) == 2 and pile(st.view(0), "d").cards == [None, None]
    while "turn" in legal(st):
        st = play(st, "turn")
    assert st.piles["d"] == []  # turned up and spread when the deal is over
    spread = [p for p in st.view(0).piles if p.id.startswith("x")]
    assert spread and all(None not in p.cards for p in spread)
    for _ in range(3):
        st = play(st, "redeal")
        while "turn" in legal(st):
            st = play(st, "turn")
    assert st.redeals == 3 and not any(p.startswith("x") and st.piles[p] for p in st.piles)
    assert "redeal" not in legal(st)


def test_shah_of_persia_star() -> None:
    st = new("the_shah_of_persia", 2)
    assert [len(st.piles[f"t{i}"]) for i in range(1, 9)] == [3] * 8
    assert sorted(st.piles["x"]) == sorted([s + "K" for s in "CSHD"] * 2)
    assert [f.length for f in st.rules.founds] == [12] * 8
    assert all(st.piles[f"f{i}"][0][1] == "A" for i in range(1, 9))
    rng = random.Random(5)
    for _ in range(150):
        moves = [m for m in legal(st) if m != "resign"]
        if not moves:
            break
        for m in moves:
            if m.startswith("move:t") and ">t" in m:
                src, dst = m[5:].split(">")
                assert len(st.piles[src]) >= 3 and (
                    not st.piles[dst] or len(st.piles[dst]) >= 3)
        st = play(st, rng.choice(moves))


def test_four_corners_deal_restrictions() -> None:
    st = new("the_four_corners", 3)
    assert legal(st) == ["turn", "resign"]
    while "turn" in legal(st):
        for m in legal(st):
            if m.startswith("move:"):
                src, dst = m[5:].split(">")
                n = int(src[1:])
                assert dst.startswith("f")
                if src not in ("t1", "t6", "t7", "t12"):
                    assert dst == (f"f{n - 1}" if n <= 6 else f"f{n - 3}")
        st = play(st, "turn")
    placed = [st.piles[f"f{i}"] for i in range(1, 9)]
    assert all(len(p) >= 1 for p in placed)  # every foundation found its ace or king
    assert sum(len(st.piles[f"t{i}"]) for i in range(1, 13)) + st.view(0).home == 104
    assert "redeal" in legal(st)
    st = play(st, "redeal")
    assert legal(st)[0] == "turn" or any(m.startswith("move:") for m in legal(st))


def test_surprise_party_puts_each_rank_in_its_place() -> None:
    st = new("the_surprise_party", 8)
    assert legal(st) == ["turn", "resign"]
    st = play(st, "turn")
    assert pile(st.view(0), "t5").cards == [None]  # dealt face down
    st = play(st, "turn", "turn", "turn")
    assert st.status == "won"
    for p in range(1, 14):
        assert {c[1] for c in st.piles[f"t{p}"]} == {RANKS[p - 1]}


def test_nivernaise_look_ahead_grows_with_empty_flanks() -> None:
    st = new("la_nivernaise", 1)
    line = pile(st.view(0), "t1")
    assert line.count == 4 and line.cards[:3] == [None] * 3
    board = st.board()
    board.piles["c1"], board.piles["c2"] = [], []
    moved = st.model_copy(update={"piles": board.piles})
    assert pile(moved.view(0), "t1").cards[0] is None
    assert all(c is not None for c in pile(moved.view(0), "t1").cards[1:])
    st = play(st, "turn")
    assert [len(st.piles[f"t{i}"]) for i in range(1, 7)] == [8] * 6


def test_nivernaise_exchange_between_a_suits_piles() -> None:
    from bot.games.patience.special import HOOKS

    board = new("la_nivernaise", 1).board()
    board.piles.update({"f1": ["CA", "C2", "C3"], "f5": ["CK", "CQ", "CJ", "CT", "C9", "C8",
                                                         "C7", "C6", "C5", "C4"]})
    hook = HOOKS["nivernaise"]
    assert "move:f1>f5" in hook.actions(board, [])
    hook.apply(board, "move", "f1>f5")
    board.piles["f5"].append(board.piles["f1"].pop())
    assert "move:f5>f1" not in hook.actions(board, [])  # not the same card straight back


def test_leonis_own_exiles_and_the_chain() -> None:
    st = new("leonis_own", 1)
    exiled = len(st.piles["e"])
    assert exiled and pile(st.view(0), "e").cards == [None] * exiled
    places = [st.piles[f"t{i}"] for i in range(1, 13)]
    for i, packet in enumerate(places, start=1):
        assert all(RANKS.index(c[1]) + 1 != i for c in packet[:1])  # the first round's card
    thirteenth = [p for p in st.view(0).piles if p.id.startswith("m")]
    assert thirteenth and all(None not in p.cards for p in thirteenth)
    total = sum(len(p) for p in st.piles.values())
    st2 = play(st, "exile")
    assert len(st2.piles["e"]) == exiled - 1
    assert sum(len(p) for p in st2.piles.values()) == total
    assert "Redeal" not in st2.message and st2.view(0).redeals_left == 2


def test_leonis_own_deal_exiles_cards_at_their_number() -> None:
    from bot.games.patience.engine import Board
    from bot.games.patience.special import HOOKS

    rules = new("leonis_own", 1).rules
    board = Board(rules=rules, piles={p.id: [] for p in rules.piles} |
                  {f.id: [] for f in rules.founds})
    HOOKS["leoni"]._deal_round(board, ["CA", "S5", "H2", "D3"])  # type: ignore[attr-defined]
    assert board.piles["e"] == ["~CA", "~H2"]
    assert board.piles["t1"] == ["S5"] and board.piles["t2"] == ["D3"]


def test_zodiac_absorbs_before_building() -> None:
    st = new("the_zodiac", 1)
    assert [len(st.piles[f"z{i}"]) for i in range(1, 25)] == [1] * 24
    assert [len(st.piles[f"c{i}"]) for i in range(1, 9)] == [1] * 8
    rng = random.Random(1)
    for _ in range(200):
        moves = [m for m in legal(st) if m != "resign"]
        if not moves:
            break
        phase1 = bool(st.piles["s"] or st.piles["w"])
        for m in moves:
            if phase1:
                assert ">f" not in m
                if m.startswith("move:") and m.split(">")[1].startswith("z"):
                    assert m[5] in "cw"  # never Zodiac on Zodiac
            else:
                assert m == "redeal" or ">f" in m
        st = play(st, rng.choice(moves))
    if st.status == "lost" and not st.piles["s"]:
        assert "redeal" not in legal(st)  # a pass that placed nothing ends it


def test_four_seasons_moves_whole_runs() -> None:
    from bot.games.patience.game import source_of, target_of

    board = new("the_four_seasons", 1).board()
    board.piles.update({"t1": ["C9", "H8", "S7"], "t2": ["DT"], "t3": ["CA"], "t4": ["H2"],
                        "t5": ["S3"]})
    st = new("the_four_seasons", 1).model_copy(update={"piles": board.piles})
    assert "move:t1.3>t2" in legal(st)
    assert (source_of("move:t1.3>t2"), target_of("move:t1.3>t2")) == ("t1", "t2")
    after = play(st, "move:t1.3>t2")
    assert after.piles["t2"] == ["DT", "C9", "H8", "S7"]
    assert not new("napoleon_at_st_helena", 1).rules.run_moves


def test_besieged_city_foundation_order_and_ramparts() -> None:
    st = new("the_besieged_city", 1)
    f = st.rules.found("f1")
    run = ["CA"]
    for r in "K2Q3J4T59687" + "78695T4J3Q2KA":
        assert f.accepts(run, "C" + r, "")
        run.append("C" + r)
    assert len(run) == 26 and st.rules.capacity() == 104
    assert [len(st.piles[f"c{i}"]) for i in range(1, 13)] == [1] * 12
    assert [len(st.piles[f"t{i}"]) for i in range(1, 15)] == [1] * 14
    pack = st.rules.pile("t1").pack
    assert pack is not None and pack.fits("SQ", "S2", 1) and pack.fits("S3", "S2", 1)
    assert not pack.fits("HQ", "S2", 1) and not pack.fits("S5", "S2", 1)
    for seed in range(10):
        st = new("the_besieged_city", seed)
        for m in legal(st):
            if m.startswith("move:c"):
                src, dst = m[5:].split(">")
                assert dst.startswith("t")
                i = int(src[1:]) - 1
                r, c = divmod(i, 3)
                n = int(dst[1:])
                assert (n <= 3 and n - 1 == c) or (4 <= n <= 7 and n - 4 == r) or (
                    8 <= n <= 10 and n - 8 == c) or (n >= 11 and n - 11 == r)
    st = play(new("the_besieged_city", 2), "turn")
    assert st.flags.get("fresh") == 1  # the card just turned may go straight up
    other = next(m for m in legal(st) if m.startswith("move:") and not m.startswith("move:w"))
    assert not any(m.startswith("move:w>f") for m in legal(play(st, other)))


def test_hemispheres_colours_races_and_swaps() -> None:
    st = new("the_hemispheres", 1)
    assert sorted(st.piles[f"b{i}"][0] for i in range(1, 5)) == ["CA", "DK", "HK", "SA"]
    assert [st.piles[f"f{i}"][0] for i in range(1, 9)] == [
        "HA", "HA", "DA", "DA", "SK", "SK", "CK", "CK"]
    pack = st.rules.pile("t1").pack
    assert pack is not None and pack.fits("H8", "H9", 1) and not pack.fits("HT", "H9", 1)
    assert pack.fits("S9", "S8", 1) and not pack.fits("S7", "S8", 1)
    for seed in range(20):
        st = new("the_hemispheres", seed)
        for m in legal(st):
            if m.startswith("move:t"):
                src, dst = m[5:].split(">")
                card = st.piles[src][-1]
                assert (card[0] in "HD") == (int(src[1:]) <= 6)  # only proper cards move
                if dst.startswith("t"):
                    assert (int(src[1:]) - 1) // 3 == (int(dst[1:]) - 1) // 3
            if m.startswith("swap"):
                a, b = m[5:].split(",")
                assert st.piles[a][-1][0] in "SC" and st.piles[b][-1][0] in "HD"
        swaps = [m for m in legal(st) if m.startswith("swap")]
        if swaps:
            a, b = swaps[0][5:].split(",")
            after = play(st, swaps[0])
            assert after.piles[a][-1] == st.piles[b][-1]
            return
    pytest.fail("no deal with cards in the wrong hemispheres")


def test_empress_of_india_9_8() -> None:
    st = new("the_empress_of_india", 1)
    from bot.games.patience import GAME

    assert st.rules.packs == 4 and len(GAME.pack(st.options)) == 208
    army = [st.piles[f"a{i}"] for i in range(1, 25)]
    navy = [st.piles[f"n{i}"] for i in range(1, 25)]
    assert all(len(p) == 1 and p[0][0] in "HD" for p in army)
    assert all(len(p) == 1 and p[0][0] in "SC" for p in navy)
    assert all(c[0] in "HD" for c in st.piles["wr"]) and all(c[0] in "SC" for c in st.piles["wb"])
    black = st.rules.found("f1")
    assert black.accepts(["SA", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "ST", "SJ"],
                         "SK", "")
    red = st.rules.found("f9")
    assert red.accepts(["HK", "HQ"], "HT", "") and not red.accepts(["HK", "HQ"], "HJ", "")
    assert st.rules.capacity() == 192
    for m in legal(st):
        if m.startswith("pair"):
            a, n = m[5:].split(",")
            assert st.piles[a][-1][1] == "Q" and st.piles[n][-1][1] == "2"  # the first pair
    lay = next(m for m in legal(st) if m.startswith("lay:a"))
    src, dst = lay[4:].split(",")
    after = play(st, lay)
    assert len(after.piles[dst]) == 2 and len(after.piles[src]) == 1  # the gap refilled
    assert not any(m.startswith(f"lay:{dst},") or m.endswith(f",{dst}") for m in legal(after)
                   if m.startswith("lay"))
