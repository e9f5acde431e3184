"""The fast path's pruning rules (plain.py, and _plainc.c with it) against the unpruned game:
a brute-force search through the engine on small cut-down deals, where each rule comes into
play, must agree on winnable or not; lost positions `plain.dead` names have no win."""

from __future__ import annotations

import random

import pytest

from bot.games.patience import PatienceState, plain, plain_core
from bot.games.patience.solver import solve
from tests.games.patience.helpers import RANKS, new
from tests.games.patience.test_plain import fast
from tests.games.patience.test_solver import brute_force_wins, replays_to_a_win, verdict_holds


def last_deal(variant: str, rng: random.Random, low: str, width: int | None = None,
              cells: int = 0, merci: int = 0) -> PatienceState:
    """Every card below ``low`` home (each foundation its suit's), the rest dealt at random on
    the first ``width`` tableau piles (and one each on the first ``cells`` cells), in the last
    deal, the merci used or not."""
    state = new(variant, 1)
    rules = state.rules
    top = RANKS.index(low)
    piles: dict[str, list[str]] = {pid: [] for pid in state.piles}
    left: list[str] = []
    for f in rules.founds:
        piles[f.id] = [f.suit + r for r in RANKS[:top]]
        left += [f.suit + r for r in RANKS[top:]]
    rng.shuffle(left)
    for card, cell in zip(left[:cells], [p.id for p in rules.piles if p.kind == "cell"],
                          strict=False):
        piles[cell].append(card)
    tableau = [p.id for p in rules.piles if p.kind == "tableau"][:width]
    for card in left[cells:]:
        piles[rng.choice(tableau)].append(card)
    return state.model_copy(update={"piles": piles, "status": "play", "redeals": rules.redeals,
                                    "flags": {**state.flags, "merci": merci}})


def agrees(state: PatienceState) -> str:
    verdict = solve(state, node_budget=100_000)
    assert verdict_holds(state, verdict, limit=100_000)
    return verdict.status


@pytest.mark.parametrize(("variant", "low", "width"), [
    ("la_belle_lucie", "J", 3),  # the merci's mark, dead positions after it
    ("the_shamrocks", "J", 3),  # the same with tucks and the king rule
    ("the_house_in_the_wood", "Q", 4),  # two packs: every copy of the packers home
])
def test_last_deal_verdicts_agree_with_a_brute_force_search(variant: str, low: str,
                                                            width: int) -> None:
    rng = random.Random(variant)
    seen = {agrees(last_deal(variant, rng, low, width)) for _ in range(8)}
    assert seen == {"winnable", "unwinnable"}


def test_garden_verdicts_with_loose_bouquet_cards_agree_with_a_brute_force_search() -> None:
    rng = random.Random("bouquet")
    for _ in range(5):
        agrees(last_deal("the_garden", rng, "J", width=2, cells=4))


@pytest.mark.parametrize("variant", ["la_belle_lucie", "the_shamrocks"])
def test_dead_positions_have_no_win(variant: str) -> None:
    rng = random.Random(variant + "dead")
    dead = alive = 0
    for _ in range(60):
        state = last_deal(variant, rng, "T", width=4, merci=1)
        game, pos = fast(state)
        assert game is not None and pos is not None and game.dead_rule
        if plain.dead(game, pos):
            dead += 1
            assert plain.moves(game, pos) == []
            assert not brute_force_wins(state, limit=100_000)
        else:
            alive += 1
    assert dead >= 5 and alive >= 5
    # with the merci still to come nothing is dead: it may draw the blocking card out
    game, pos = fast(last_deal(variant, rng, "T", width=1))
    assert game is not None and pos is not None and not plain.dead(game, pos)


def test_after_the_merci_only_its_pile_moves_and_after_a_bouquet_card_only_packs_on_it(
        ) -> None:
    rng = random.Random(3)
    while True:  # a position with no safe move, where the merci is offered
        game, pos = fast(last_deal("the_shamrocks", rng, "9", width=10))
        assert game is not None and pos is not None
        merci = next((s for s in plain.moves(game, pos) if s[0] == 3), None)
        if merci is not None:
            break
    after = plain.play(game, pos, merci)
    assert after[2][1] == 2 + merci[1]
    assert all(s[1] == merci[1] or (s[0] == 1 and s[2] == merci[1])
               for s in plain.moves(game, after))
    while True:
        garden, gpos = fast(last_deal("the_garden", rng, "8", width=6, cells=8))
        assert garden is not None and gpos is not None and garden.loose
        out = next((s for s in plain.moves(garden, gpos) if s[0] == 1 and garden.loose[s[1]]
                    and plain.moves(garden, plain.play(garden, gpos, s))), None)
        if out is not None:
            break
    placed = plain.play(garden, gpos, out)
    assert placed[2][1] == 2 + out[2]
    assert all(s[0] == 1 and s[2] == out[2] for s in plain.moves(garden, placed))
    assert plain.settled(garden, placed)[2] == gpos[2]  # the engine knows no mark
    for step in plain.moves(garden, placed):  # used: gone, unless the card came loose too
        packed = plain.play(garden, placed, step)
        assert packed[2][1] == (2 + step[2] if garden.loose[step[1]] else 0)


def test_a_card_goes_home_alone_once_its_packers_can_go_instead() -> None:
    """The Beleaguered Castle, all 2s and 3s home but the D3: the H4 may go home alone (its
    packers, the 3s, are home or go next with no packer left)."""
    state = new("the_beleaguered_castle", 1)
    piles: dict[str, list[str]] = {pid: [] for pid in state.piles}
    for f in state.rules.founds:
        piles[f.id] = [f.suit + r for r in ("A23" if f.suit != "D" else "A2")]
    rest = ["D3"] + [s + r for s in "CSHD" for r in RANKS[3:]]  # the D3 buried
    rest.remove("H4")
    for i, card in enumerate(rest):
        piles[f"t{i % 7 + 1}"].append(card)
    piles["t8"] = ["H4"]
    game, pos = fast(state.model_copy(update={"piles": piles}))
    assert game is not None and pos is not None
    assert plain.moves(game, pos) == [(0, game.ids.index("t8"), 2)]


def test_a_mark_names_its_pile_by_its_cards_in_the_key() -> None:
    """Two layouts alike but for the order of their piles are one position only if the mark
    names the same cards in both: else each must be searched with its own restriction."""
    game, pos = fast(last_deal("the_shamrocks", random.Random(5), "9", width=18))
    assert game is not None and pos is not None
    piles, heights, counters = pos
    i, j = [k for k, cards in enumerate(piles) if cards][:2]
    assert piles[i] != piles[j]
    swapped = list(piles)
    swapped[i], swapped[j] = piles[j], piles[i]

    def marked(layout: list[bytes] | tuple[bytes, ...], pile: int) -> plain.PlainPos:
        return tuple(layout), heights, counters[:1] + bytes((2 + pile,))

    keys = [(plain.key(game, p), plain_core.pack(p)) for p in (
        marked(piles, i), marked(swapped, j), marked(piles, j))]
    assert keys[0][0] == keys[1][0] != keys[2][0]
    if plain_core.native():
        core = plain_core.compiled(game)
        ckeys = [core.key(packed) for _, packed in keys]  # type: ignore[attr-defined]
        assert ckeys[0] == ckeys[1] != ckeys[2]


def wins_by_brute_force(state: PatienceState, limit: int = 200_000) -> bool:
    """`brute_force_wins` with the merci's flag in the key: a layout met with the merci used
    must not stand for the same layout with it still to come."""
    seen = {str((sorted(state.piles.items()), state.flags))}
    todo = [state]
    while todo:
        st = todo.pop()
        for action in st.legal_actions(0):
            if str(action) == "resign":
                continue
            nxt, _ = st.apply(0, str(action))
            if nxt.status == "won":
                return True
            k = str((sorted(nxt.piles.items()), nxt.flags))
            if k not in seen:
                seen.add(k)
                assert len(seen) < limit
                todo.append(nxt)
    return False


def shamrocks(fans: list[str], home: str = "SH", merci: int = 1) -> PatienceState:
    """The Shamrocks in its only deal: the suits ``home`` all home, the others up to the 2,
    the rest on the fans as given (a fan: its cards' codes, bottom first, space-separated)."""
    state = new("the_shamrocks", 1)
    piles: dict[str, list[str]] = {pid: [] for pid in state.piles}
    for f in state.rules.founds:
        piles[f.id] = [f.suit + r for r in (RANKS if f.suit in home else "A2")]
    for i, fan in enumerate(fans):
        piles[f"t{i + 1}"] = fan.split()
    left = sorted(c for cards in piles.values() for c in cards)
    assert left == sorted(s + r for s in "CSHD" for r in RANKS)
    return state.model_copy(update={"piles": piles, "status": "play",
                                    "flags": {**state.flags, "merci": merci}})


DIAMONDS_FREE = ["D7 D8 D9", "DT DJ DQ", "DK D4"]
CLUBS_FREE = ["C7 C8 C9", "CT CJ CQ", "CK C4"]


def test_a_card_whose_bases_are_home_or_under_it_is_stuck() -> None:
    """The Shamrocks, all but the clubs home: the C5 over the C3 could only be packed on the
    C6 (the other sixes are home), which lies under it: lost, though no king blocks."""
    state = shamrocks(["C3 C6 C5", *CLUBS_FREE], home="SHD", merci=1)
    game, pos = fast(state)
    assert game is not None and pos is not None
    assert plain.stuck(game, pos[0], pos[1]) == 1 << plain.code("C5")
    assert plain.dead(game, pos) and plain.moves(game, pos) == []
    assert not wins_by_brute_force(state)
    # the C6 on a fan of its own with room: the C5 may go onto it, and the deal is won
    free = shamrocks(["C3 C5", "C6", *CLUBS_FREE], home="SHD", merci=1)
    game, pos = fast(free)
    assert game is not None and pos is not None
    assert not plain.stuck(game, pos[0], pos[1]) and not plain.dead(game, pos)
    assert wins_by_brute_force(free) and solve(free).status == "winnable"


def test_cards_that_wait_on_each_other_are_stuck_and_the_merci_goes_where_it_frees_them(
        ) -> None:
    """The C5 over the C3 waits for the D6, under the D5 over the D3, which waits for the C6
    under the C5: neither ever moves. With the merci to come, only a draw in one of those two
    fans can free them, and the merci is offered there only."""
    fans = ["C3 C6 C5", "D3 D6 D5", *CLUBS_FREE, *DIAMONDS_FREE]
    used = shamrocks(fans, merci=1)
    game, pos = fast(used)
    assert game is not None and pos is not None
    assert plain.stuck(game, pos[0], pos[1]) == (1 << plain.code("C5")) | (
        1 << plain.code("D5"))
    assert plain.dead(game, pos) and not wins_by_brute_force(used)
    to_come = shamrocks(fans, merci=0)
    game, pos = fast(to_come)
    assert game is not None and pos is not None
    assert not plain.dead(game, pos)
    assert plain.merci_piles(game, pos[0], pos[1]) == [0, 1]
    drawn = {s[1] for s in plain.moves(game, pos) if s[0] == 3}
    assert drawn == {0, 1}
    assert solve(to_come).status == "winnable" == ("winnable" if wins_by_brute_force(
        to_come) else "unwinnable")
    # kings blocking in two fans: one merci cannot free both, so nothing is left to try
    two = shamrocks(["C3 D5 CK", "D3 C5 DK", "C4 C6 C7", "C8 C9 CT", "CJ CQ", "D4 D6 D7",
                     "D8 D9 DT", "DJ DQ"], merci=0)
    game, pos = fast(two)
    assert game is not None and pos is not None
    assert plain.stuck(game, pos[0], pos[1]) and plain.merci_piles(game, pos[0], pos[1]) == []
    assert plain.dead(game, pos) and not wins_by_brute_force(two)


@pytest.mark.parametrize(("variant", "low"), [("la_belle_lucie", "J"), ("the_shamrocks", "T")])
def test_dead_positions_with_the_merci_to_come_have_no_win(variant: str, low: str) -> None:
    rng = random.Random(variant + "merci")
    dead = alive = 0
    for _ in range(40):
        state = last_deal(variant, rng, low, width=4, merci=0)
        game, pos = fast(state)
        assert game is not None and pos is not None
        if plain.dead(game, pos):
            dead += 1
            assert not wins_by_brute_force(state)
        else:
            alive += 1
            if plain.stuck(game, pos[0], pos[1]):  # the merci only where it may free them
                verdict = solve(state, node_budget=100_000)
                assert (verdict.status == "winnable") == wins_by_brute_force(state)
    assert dead >= 3 and alive >= 3


@pytest.mark.skipif(not plain_core.native(), reason="the compiled core was not built")
@pytest.mark.parametrize(("variant", "low"), [("la_belle_lucie", "9"), ("the_shamrocks", "9")])
def test_the_compiled_core_finds_the_same_stuck_cards(variant: str, low: str) -> None:
    """Moves (none when dead, the merci only where it may free the stuck cards) in C as in
    Python, on last deals full of stuck cards."""
    rng = random.Random(variant + "core")
    seen = {"dead": 0, "narrowed": 0}
    for merci in (0, 1) * 60:
        game, pos = fast(last_deal(variant, rng, low, width=rng.choice((4, 6, 10)),
                                   merci=merci))
        assert game is not None and pos is not None
        steps = plain.moves(game, pos)
        core = plain_core.compiled(game)
        assert [tuple(s) for s in core.moves(plain_core.pack(pos))] == steps  # type: ignore[attr-defined]
        seen["dead"] += plain.dead(game, pos)
        seen["narrowed"] += not merci and not plain.dead(game, pos) and bool(
            plain.stuck(game, pos[0], pos[1]))
    assert seen["dead"] >= 5 and seen["narrowed"] >= 5


@pytest.mark.parametrize(("variant", "cells"), [
    ("the_shamrocks", 0), ("la_belle_lucie", 0), ("the_garden", 8)])
def test_a_draw_or_a_loose_card_is_offered_only_where_a_move_follows(variant: str,
                                                                     cells: int) -> None:
    """The merci's draws and a Bouquet card's moves that `moves` leaves out (the engine allows
    them) are dead ends: after them, the mark allows no move at all."""
    rng = random.Random(variant + "follow")
    left_out = offered = 0
    for _ in range(120):
        game, pos = fast(last_deal(variant, rng, "7", width=rng.choice((3, 6, 12)),
                                   cells=cells))
        assert game is not None and pos is not None
        steps = plain.moves(game, pos)
        if len(steps) == 1 and steps[0][0] == 0:
            continue  # a safe move alone
        if variant == "the_garden":
            piles = pos[0]
            tried = [(1, si, di) for si, cards in enumerate(piles) if cards and game.loose
                     and game.loose[si] for di in range(len(piles)) if di != si
                     and not game.loose[di] and (
                         not piles[di] or game.fits[di][cards[-1]][piles[di][-1]])]
            tried = [s for s in tried if piles[s[2]] or s[2] == min(
                d for d, cards in enumerate(piles) if not cards and game.refill[d])]
        else:
            if plain.stuck(game, pos[0], pos[1]):
                continue  # the merci narrowed for stuck cards
            tried = [(3, i, j) for i in game.fans for j in range(len(pos[0][i]) - 1)]
        for step in tried:
            follows = plain.moves(game, plain.play(game, pos, step))
            if step in steps:
                offered += 1
            else:
                left_out += 1
                assert follows == [], (variant, step)
    assert left_out >= 10 and offered >= 10, (left_out, offered)


def castle(variant: str, rows: list[str], home: str) -> PatienceState:
    """A castle game late on: the suits ``home`` all home, the others up to the 2, the rest
    on the rows as given (a row: its cards' codes, inner end first, space-separated)."""
    state = new(variant, 1)
    piles: dict[str, list[str]] = {pid: [] for pid in state.piles}
    for f in state.rules.founds:
        piles[f.id] = [f.suit + r for r in (RANKS if f.suit in home else "A2")]
    tableau = [p.id for p in state.rules.piles if p.kind == "tableau"]
    for pid, row in zip(tableau, rows, strict=False):
        piles[pid] = row.split()
    left = sorted(c for cards in piles.values() for c in cards)
    assert left == sorted(s + r for s in "CSHD" for r in RANKS)
    return state.model_copy(update={"piles": piles, "status": "play"})


@pytest.mark.parametrize("variant", ["penelopes_web", "the_exiled_kings"])
def test_where_only_kings_fill_spaces_a_card_with_no_base_left_is_stuck(variant: str) -> None:
    """Only kings go into an empty row: the C5 over the C3, its only base (the C6) under it,
    never moves, spaces or not. Nor do the C5 and the D5 that cover each other's bases. A king
    over a lower card of its suit is not stuck: an emptied row may take it."""
    lost = castle(variant, ["C3 C6 C5", "C4", "C7 C8 C9", "CT CJ CQ", "CK"], "SHD")
    game, pos = fast(lost)
    assert game is not None and pos is not None and game.dead_rule
    assert plain.stuck(game, pos[0], pos[1]) == 1 << plain.code("C5")
    assert plain.dead(game, pos) and plain.moves(game, pos) == []
    assert not wins_by_brute_force(lost)
    won = castle(variant, ["C3 C5", "C4", "C7 C8 C9", "CT CJ CQ", "CK", "C6"], "SHD")
    game, pos = fast(won)
    assert game is not None and pos is not None and not plain.dead(game, pos)
    assert solve(won).status == "winnable" and wins_by_brute_force(won)
    pair = castle(variant, ["C3 C6 C5", "D3 D6 D5", "C7 C8 C9", "CT CJ CQ", "CK C4",
                            "D7 D8 D9", "DT DJ DQ", "DK D4"], "SH")
    game, pos = fast(pair)
    assert game is not None and pos is not None
    assert plain.stuck(game, pos[0], pos[1]) == (1 << plain.code("C5")) | (
        1 << plain.code("D5"))
    assert plain.dead(game, pos) and not wins_by_brute_force(pair)
    king = castle(variant, ["C3 C4 CK", "C5 C6 C7", "C8 C9 CT", "CJ CQ"], "SHD")
    game, pos = fast(king)
    assert game is not None and pos is not None
    assert not plain.stuck(game, pos[0], pos[1]) and not plain.dead(game, pos)
    assert solve(king).status == "winnable" and wins_by_brute_force(king)
    for state in (lost, won, pair, king) if plain_core.native() else ():
        game, pos = fast(state)
        assert game is not None and pos is not None
        core = plain_core.compiled(game)
        assert [tuple(s) for s in core.moves(  # type: ignore[attr-defined]
            plain_core.pack(pos))] == plain.moves(game, pos)


def test_kings_frozen_over_each_others_suits_are_lost_though_nothing_is_stuck() -> None:
    """The Shamrocks: the DK covers the C3 and the CK the D3. Neither king goes home before the
    three of its suit, under the other king, and kings move nowhere else: all four are frozen,
    though no card lies over a lower one of its own suit (nothing is `stuck`), and the D4 may
    still be packed on the D5. With the merci still to come, a draw of the C3 frees them, and
    the deal is won."""
    fans = ["C3 DK", "D3 CK", "C6 C5 C4", "C9 C8 C7", "CQ CJ CT", "D6 D5", "D4", "D9 D8 D7",
            "DQ DJ DT"]
    used = shamrocks(fans, merci=1)
    game, pos = fast(used)
    assert game is not None and pos is not None
    assert not plain.stuck(game, pos[0], pos[1]) and not plain.dead(game, pos)
    four = sum(1 << plain.code(c) for c in ("C3", "DK", "D3", "CK"))
    assert plain.frozen(game, pos[0], pos[1]) & four == four
    assert plain.lost(game, pos) and plain.expand(game, pos) == [] != plain.moves(game, pos)
    assert not wins_by_brute_force(used)
    assert solve(used).status == "unwinnable"
    to_come = shamrocks(fans, merci=0)
    game, pos = fast(to_come)
    assert game is not None and pos is not None
    assert plain.frozen(game, pos[0], pos[1]) and not plain.lost(game, pos)
    assert not plain.frozen(game, pos[0], pos[1], 0)  # the merci in the DK's fan frees them
    assert wins_by_brute_force(to_come) and solve(to_come).status == "winnable"


SUNK_FANS = ["H9 D3 DK", "D8 HK", "D7 D6 D5", "D4", "D9", "DQ DJ DT", "HQ HJ HT"]


def sunk_deal(merci: int) -> PatienceState:
    """`SUNK_FANS` with the spades and clubs home, the hearts up to the 8, the diamonds to the
    2."""
    state = new("the_shamrocks", 1)
    piles: dict[str, list[str]] = {pid: [] for pid in state.piles}
    for f in state.rules.founds:
        piles[f.id] = [f.suit + r for r in RANKS[:{"H": 8, "D": 2}.get(f.suit, 13)]]
    for i, fan in enumerate(SUNK_FANS):
        piles[f"t{i + 1}"] = fan.split()
    assert sorted(c for cards in piles.values() for c in cards) == sorted(
        s + r for s in "CSHD" for r in RANKS)
    return state.model_copy(update={"piles": piles, "status": "play",
                                    "flags": {**state.flags, "merci": merci}})


def test_a_king_that_can_only_sink_under_its_suit_is_frozen_over_the_cards_below() -> None:
    """The Shamrocks: the DK lies on the D3, so it may be tucked under it, and is no frozen top
    as it lies; but it can only sink, over the H9, and never goes home before the D8, which
    lies under the HK, which waits for the H9: all four are frozen (the D3 not: it goes home
    after the tuck), so are the cards higher up their suits, and the deal is lost at once.
    With the merci still to come, a draw of the H9 or the D8 frees them, and the deal is
    won."""
    used = sunk_deal(merci=1)
    game, pos = fast(used)
    assert game is not None and pos is not None
    cards = plain.frozen(game, pos[0], pos[1])
    assert cards == sum(1 << plain.code(c) for c in (  # and the cards waiting on them
        "H9", "DK", "D8", "HK", "D9", "DT", "DJ", "DQ", "HT", "HJ", "HQ"))
    assert plain.lost(game, pos) and plain.expand(game, pos) == [] != plain.moves(game, pos)
    assert not wins_by_brute_force(used)
    assert solve(used).status == "unwinnable"
    to_come = sunk_deal(merci=0)
    game, pos = fast(to_come)
    assert game is not None and pos is not None
    assert plain.frozen(game, pos[0], pos[1]) and not plain.lost(game, pos)
    assert plain.thawing(game, pos[0], pos[1], plain.frozen(game, pos[0], pos[1])) == [0, 1]
    assert wins_by_brute_force(to_come) and solve(to_come).status == "winnable"
    for state in (used, to_come) if plain_core.native() else ():
        game, pos = fast(state)
        assert game is not None and pos is not None
        core = plain_core.compiled(game)
        assert core.expand(plain_core.pack(pos)) == plain.expand(game, pos)  # type: ignore[attr-defined]
        assert plain_core.search(game, pos, 20_000, None) == plain.search(game, pos, 20_000, None)


@pytest.mark.skipif(not plain_core.native(), reason="the compiled core was not built")
def test_the_compiled_core_tries_the_same_moves_where_kings_sink() -> None:
    """Random last deals of The Shamrocks, many kings over cards of their suits: the compiled
    `expand` (frozen cards, sunk kings, the merci's fans) is plain.py's."""
    rng = random.Random("sunk kings")
    sunk = 0
    for _ in range(400):
        state = last_deal("the_shamrocks", rng, rng.choice("3456789"),
                          width=rng.choice((8, 10, 12, 18)), merci=rng.choice((0, 1)))
        game, pos = fast(state)
        assert game is not None and pos is not None
        tried = plain.expand(game, pos)
        assert plain_core.compiled(game).expand(plain_core.pack(pos)) == tried  # type: ignore[attr-defined]
        _, kings = plain._frozen_parts(game, pos[0], pos[1], -1, False)
        sunk += max(kings) >= 0
    assert sunk >= 5, sunk


def test_a_card_is_frozen_by_a_lower_card_of_its_suit_in_another_pile() -> None:
    """The Shamrocks, all but the clubs home: the C5 is stuck over the C3 (its only base, the
    C6, under it); the C4 tops a fan of its own, its only base the C5 on a full fan, and it
    never goes home before the C3: frozen too, though `stuck` does not name it; and so then is
    every club (the C9's base, the CT, lies under the CJ, and so on)."""
    state = shamrocks(["C3 C6 C5", "C7 C8 C9", "CT CJ CQ", "CK C4"], home="SHD", merci=1)
    game, pos = fast(state)
    assert game is not None and pos is not None
    assert plain.stuck(game, pos[0], pos[1]) == 1 << plain.code("C5")
    cards = plain.frozen(game, pos[0], pos[1])
    assert cards == sum(1 << plain.code("C" + r) for r in RANKS[2:])
    assert plain.lost(game, pos) and not wins_by_brute_force(state)


@pytest.mark.parametrize(("variant", "low", "merci", "widths"), [
    ("la_belle_lucie", "9", 1, (5, 6, 8)), ("la_belle_lucie", "8", 0, (5, 6, 8)),
    ("the_shamrocks", "9", 1, (5, 6, 8)), ("the_shamrocks", "T", 1, (5, 6, 8)),
    ("penelopes_web", "9", 0, (3, 4)), ("the_exiled_kings", "9", 0, (3, 4))])
def test_lost_positions_have_no_win_and_are_more_than_the_dead_ones(
        variant: str, low: str, merci: int, widths: tuple[int, ...]) -> None:
    """Random last deals: every position `lost` names has no win in a brute-force search
    through the engine, every `dead` one is lost, and some lost ones are not dead (the rule
    reaches further)."""
    rng = random.Random(variant + "lost")
    wider = alive = 0
    for _ in range(40):
        state = last_deal(variant, rng, low, width=rng.choice(widths), merci=merci)
        game, pos = fast(state)
        assert game is not None and pos is not None and game.dead_rule
        if plain.dead(game, pos):
            assert plain.lost(game, pos)
        elif plain.lost(game, pos):
            wider += 1
            assert not wins_by_brute_force(state)
        else:
            alive += 1
    assert wider >= 3 and alive >= 3, (wider, alive)


@pytest.mark.skipif(not plain_core.native(), reason="the compiled core was not built")
@pytest.mark.parametrize(("variant", "low"), [
    ("la_belle_lucie", "8"), ("the_shamrocks", "8"), ("penelopes_web", "7"),
    ("the_exiled_kings", "7"), ("the_beleaguered_castle", "5"), ("the_citadel", "5")])
def test_the_compiled_search_cuts_the_same_lost_positions(variant: str, low: str) -> None:
    """The compiled search asks `lost` where plain.py's does: the same verdicts, lines and node
    counts on last deals where many positions are lost."""
    rng = random.Random(variant + "lost core")
    for merci in (0, 1, 0, 1):
        game, pos = fast(last_deal(variant, rng, low, width=rng.choice((6, 8)), merci=merci))
        assert game is not None and pos is not None
        assert plain_core.search(game, pos, 30_000, None) == plain.search(game, pos, 30_000,
                                                                          None)


FROZEN_ROWS = ["C3 C5 D5 C7 D7 C9 D9 CJ DJ DK", "D3 CK", "C4 CT", "D4 DT", "C6 CQ", "D6 DQ",
               "C8", "D8"]


@pytest.mark.parametrize("variant", ["the_beleaguered_castle", "penelopes_web"])
def test_where_no_row_can_ever_empty_spaces_free_nothing(variant: str) -> None:
    """Every row keeps a frozen card at its bottom (the C8 and the D8 alone: their bases lie
    under the DK, and they go home only after the C3 and the D3, under the kings), so no space
    ever comes: the kings are frozen too, though a space could take them, and the deal is
    lost. With a row empty instead, nothing is frozen."""
    state = castle(variant, FROZEN_ROWS, "SH")
    game, pos = fast(state)
    assert game is not None and pos is not None and game.lost_rule
    assert not plain.dead(game, pos)
    cards = plain.frozen(game, pos[0], pos[1])
    assert cards >> plain.code("DK") & 1 and cards >> plain.code("CK") & 1
    assert plain.lost(game, pos) and plain.moves(game, pos) and plain.expand(game, pos) == []
    assert not brute_force_wins(state)
    assert solve(state).status == "unwinnable"
    spaced = castle(variant, [*FROZEN_ROWS[:6], "C8 D8"], "SH")
    game, pos = fast(spaced)
    assert game is not None and pos is not None
    assert not plain.frozen(game, pos[0], pos[1]) and not plain.lost(game, pos)
    verdict = solve(spaced)
    assert verdict.status == "winnable" and verdict_holds(spaced, verdict)


@pytest.mark.parametrize(("variant", "low"), [
    ("the_beleaguered_castle", "3"), ("the_citadel", "3"), ("penelopes_web", "3"),
    ("the_exiled_kings", "3")])
def test_lost_castles_with_every_row_held_have_no_win(variant: str, low: str) -> None:
    """Random last deals over all eight rows: every position `lost` names has no win in a
    brute-force search through the engine, and some are."""
    rng = random.Random(variant + "rows")
    lost = alive = 0
    for _ in range(60):
        state = last_deal(variant, rng, low, width=8)
        game, pos = fast(state)
        assert game is not None and pos is not None and game.lost_rule
        if plain.lost(game, pos):
            lost += 1
            assert not brute_force_wins(state)
        else:
            alive += 1
    assert lost >= 3 and alive >= 3, (lost, alive)


@pytest.mark.parametrize("variant", ["the_shamrocks", "la_belle_lucie"])
def test_with_cards_frozen_the_searches_draw_only_where_the_merci_thaws_them(
        variant: str) -> None:
    """Where cards are frozen with the merci still to come, the searches leave out the draws in
    the other fans (`expand`): each leads to a lost position."""
    rng = random.Random(variant + "thaw")
    left_out = 0
    for _ in range(300):
        game, pos = fast(last_deal(variant, rng, rng.choice("5678"),
                                   width=rng.choice((8, 10, 12)), merci=0))
        assert game is not None and pos is not None
        steps, tried = plain.moves(game, pos), plain.expand(game, pos)
        if plain.lost(game, pos):
            assert tried == []
            continue
        if tried and tried[0][0] == 6:  # every thawing fan sealed: the early draws alone
            continue  # (test_where_every_thawing_fan_is_sealed_the_merci_is_drawn_at_once)
        assert all(s in steps for s in tried)
        for step in steps:
            if step not in tried:
                assert step[0] == 3 and plain.lost(game, plain.play(game, pos, step)), step
                left_out += 1
    assert left_out >= 5, left_out


def test_a_layout_met_with_the_merci_to_come_is_not_searched_again_with_it_used() -> None:
    """`known`: a position with the merci used counts as met where the same layout with the
    merci still to come was (whatever wins from it wins from that one), never the other way;
    and the best-first score puts the positions with the merci to come first."""
    game, pos = fast(last_deal("the_shamrocks", random.Random(8), "9", width=10, merci=0))
    assert game is not None and pos is not None
    piles, heights, _ = pos
    to_come = (piles, heights, b"\0\0")
    used = (piles, heights, b"\0\1")
    table = {plain.key(game, to_come)}
    assert plain.known(game, plain.key(game, used), table)
    assert not plain.known(game, plain.key(game, to_come), {plain.key(game, used)})
    for weights in plain.WEIGHTS:
        assert plain._score(game, to_come, weights) > plain._score(game, used, weights)
    lucie, lpos = fast(last_deal("la_belle_lucie", random.Random(8), "9", width=10, merci=0))
    assert lucie is not None and lpos is not None  # after redeals: the score as it was
    assert plain._score(lucie, (lpos[0], lpos[1], b"\2\0"), (10, 3, 2, 0)) == plain._score(
        lucie, (lpos[0], lpos[1], b"\2\1"), (10, 3, 2, 0))


@pytest.mark.parametrize(("variant", "lows", "tries"), [
    ("the_shamrocks", "T", 36), ("la_belle_lucie", "789", 300)])
def test_where_every_thawing_fan_is_sealed_the_merci_is_drawn_at_once(
        variant: str, lows: str, tries: int) -> None:
    """Cards frozen, the merci to come, and every fan it could thaw them in `sealed`: the
    searches try only the merci, now, each card of those fans (`expand`, kind 6, no mark). A
    brute-force search through the engine wins from such a position only where it wins after
    one of those draws; the solver's verdict agrees with it; the compiled core tries the same."""
    rng = random.Random(variant + "sealed")
    fired = won = 0
    for _ in range(tries):
        state = last_deal(variant, rng, rng.choice(lows), width=rng.choice((5, 6)), merci=0)
        game, pos = fast(state)
        assert game is not None and pos is not None
        tried = plain.expand(game, pos)
        if plain_core.native():
            assert plain_core.compiled(game).expand(plain_core.pack(pos)) == tried  # type: ignore[attr-defined]
        if not tried or tried[0][0] != 6:
            continue
        fired += 1
        piles, heights, _ = pos
        cards = plain.frozen(game, piles, heights)
        fans = plain.thawing(game, piles, heights, cards)
        assert fans and all(plain.sealed(game, piles, heights, cards, i) for i in fans)
        assert tried == [(6, i, j) for i in fans for j in range(len(piles[i]) - 1)]
        wins = wins_by_brute_force(state)
        if wins:
            won += 1
            drawn = [state.apply(0, plain.action(game, step))[0] for step in tried]
            assert all(d.flags.get("merci") for d in drawn)
            assert any(wins_by_brute_force(d) for d in drawn)
        verdict = solve(state, node_budget=100_000)
        assert verdict.status == ("winnable" if wins else "unwinnable")
        if wins:
            assert replays_to_a_win(state, verdict.line)
    assert fired >= 5 and 0 < won < fired, (fired, won)


def kings_on_their_suits(rng: random.Random) -> PatienceState | None:
    """A random last deal of The Shamrocks, the merci used, each suit home up to a random rank,
    the other cards in fans of one to three, most kings laid on a card of their suit (None
    where the fans would be more than the eighteen)."""
    state = new("the_shamrocks", 1)
    piles: dict[str, list[str]] = {pid: [] for pid in state.piles}
    left: list[str] = []
    for f in state.rules.founds:
        height = rng.choice((8, 9, 10, 13))
        piles[f.id] = [f.suit + r for r in RANKS[:height]]
        left += [f.suit + r for r in RANKS[height:]]
    rng.shuffle(left)
    rest = [c for c in left if c[1] != "K"]
    fans: list[list[str]] = []
    while rest:
        n = rng.choice((1, 2, 2, 3))
        fans.append(rest[:n])
        rest = rest[n:]
    for king in (c for c in left if c[1] == "K"):
        on_suit = [f for f in fans if len(f) < 3 and f[-1][0] == king[0]]
        room = [f for f in fans if len(f) < 3]
        if on_suit and rng.random() < 0.8:
            rng.choice(on_suit).append(king)
        elif room and rng.random() < 0.7:
            rng.choice(room).append(king)
        else:
            fans.append([king])
    if len(fans) > 18:
        return None
    for i, fan in enumerate(fans):
        piles[f"t{i + 1}"] = fan
    return state.model_copy(update={"piles": piles, "status": "play",
                                    "flags": {**state.flags, "merci": 1}})


def test_positions_lost_by_a_sunk_king_have_no_win() -> None:
    """Random last deals with kings on cards of their suits: every position `lost` names with a
    sunk king among its frozen cards has no win in a brute-force search through the engine."""
    rng = random.Random("sunk kings lost")
    lost = 0
    for _ in range(34):
        state = kings_on_their_suits(rng)
        if state is None:
            continue
        game, pos = fast(state)
        assert game is not None and pos is not None
        _, kings = plain._frozen_parts(game, pos[0], pos[1], -1, False)
        if max(kings) >= 0 and plain.lost(game, pos):
            lost += 1
            assert not wins_by_brute_force(state)
    assert lost >= 4, lost
