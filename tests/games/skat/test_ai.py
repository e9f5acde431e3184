"""The Skat AI and its double-dummy search.

The AI always answers with a legal move, is deterministic with a fixed sample count, decides
the same whatever the hidden cards are, follows the book's safe counts in easy cases and wins
most of the games it declares in self-play. (The search itself is checked against an
exhaustive reference in test_dds.py.)
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.base import Action
from bot.games.skat import GAME, ai
from bot.games.skat.contracts import Contract, points_of
from bot.games.skat.dds import Search
from bot.games.skat.rules import SkatState
from tests.games.skat.deals import random_position

# ---- helpers -----------------------------------------------------------------------------


def fixed_table(preset: str, hands: list[str], skat: str, **extra: Any) -> SkatState:
    deal = {"dealer": 2, "hands": [h.split() for h in hands], "skat": skat.split()}
    return GAME.new(3, GAME.options(preset, **extra), seed=1, deal=deal)


def ai_move(st: SkatState, seed: int = 0, samples: int = 3) -> Action:
    seat = st.to_act[0]
    return ai.choose(st.view(seat), st.legal_actions(seat), random.Random(seed), 50,
                     samples=samples)


def step(st: SkatState, rng: random.Random, ai_share: float) -> SkatState:
    """One move: the AI's (checked legal) or a random one that keeps bids low."""
    seat = st.to_act[0]
    legal = st.legal_actions(seat)
    if rng.random() < ai_share:
        move = ai.choose(st.view(seat), legal, random.Random(rng.random()), 20, samples=2)
        assert move in legal, (st.phase, move)
    else:
        bids = [a for a in legal if a.kind == "bid"]
        plain = [a for a in legal if not a.kind.startswith(("claim", "concede", "surrender"))]
        move = rng.choice(bids[:2]) if bids and rng.random() < 0.5 else (
            next(a for a in legal if a.kind == "pass") if bids else rng.choice(plain))
    return st.apply(seat, move)[0]


# ---- the AI ------------------------------------------------------------------------------


def test_always_legal_in_every_phase_of_both_presets() -> None:
    configs: list[tuple[str, int, dict[str, Any]]] = [
        ("classic", 3, {}), ("classic", 4, {"trick_history": "all"}),
        ("isko", 3, {}), ("isko", 3, {"kontra_re": True, "all_pass": "ramsch"}),
        ("classic", 3, {"allow_frage": True, "forced_ramsch_deals": [2]}),
    ]
    phases: set[str] = set()
    kinds: set[str] = set()
    checked = 0
    for i in range(20):
        preset, players, extra = configs[i % len(configs)]
        st = GAME.new(players, GAME.options(preset, deals=2, **extra), seed=100 + i)
        rng = random.Random(i)
        while st.to_act:
            phases.add(st.phase)
            if st.contract is not None:
                kinds.add(st.contract.kind)
            st = step(st, rng, ai_share=0.7)
            checked += 1
    assert checked > 250
    assert {"bid", "skat", "discard", "declare", "play", "tourne_first", "kontra"} <= phases
    assert {"tourne", "suit", "ramsch"} <= kinds


def test_deterministic_with_a_fixed_sample_count() -> None:
    for seed in range(6):
        st = GAME.new(3, GAME.options("isko" if seed % 2 else "classic", deals=1), seed=seed)
        rng = random.Random(seed)
        while st.to_act and st.phase != "play":
            st = step(st, rng, ai_share=1.0)
        for _ in range(8):
            if not st.to_act:
                break
            first = ai_move(st, seed=seed, samples=5)
            assert all(ai_move(st, seed=seed, samples=5) == first for _ in range(2))
            st = st.apply(st.to_act[0], first)[0]


def _swap_hidden(st: SkatState, me: int, rng: random.Random) -> SkatState:
    """The same position with the cards ``me`` cannot see dealt differently among the other
    hands (same sizes); the skat too when ``me`` has not seen it."""
    others = [s for s in st.roles if s != me and not (
        st.contract is not None and st.contract.is_open and s == st.declarer)]
    skat_hidden = not (me == st.declarer and st.picked_up)
    pool = [c for s in others for c in st.hands[s]]
    if skat_hidden:
        pool += st.skat if not st.picked_up else st.laid_away
    pool = [c for c in pool if c != st.turned]
    rng.shuffle(pool)
    hands = [list(h) for h in st.hands]
    for s in others:
        keep = [c for c in hands[s] if c == st.turned]
        n = len(hands[s]) - len(keep)
        hands[s] = keep + pool[:n]
        pool = pool[n:]
    update: dict[str, Any] = {"hands": hands}
    if skat_hidden:
        if st.picked_up:
            update["laid_away"] = pool
        else:
            update["skat"] = pool
    return st.model_copy(update=update)


def test_decisions_ignore_the_cards_the_seat_cannot_see() -> None:
    compared = 0
    for seed in range(10):
        preset = "isko" if seed % 2 else "classic"
        st = GAME.new(3, GAME.options(preset, deals=1), seed=200 + seed)
        rng = random.Random(seed)
        while st.to_act and compared < 60:
            me = st.to_act[0]
            if st.phase in ("bid", "play") and rng.random() < 0.5:
                other = _swap_hidden(st, me, random.Random(seed))
                if (other.hands, other.skat, other.laid_away) == (
                        st.hands, st.skat, st.laid_away):
                    st = step(st, rng, ai_share=1.0)
                    continue  # too few hidden cards left to deal them differently
                assert other.view(me) == st.view(me)
                assert other.legal_actions(me) == st.legal_actions(me)
                assert ai_move(other, seed) == ai_move(st, seed)
                compared += 1
            st = step(st, rng, ai_share=1.0)
    assert compared >= 40


BOOK_SOLO = "CJ CT CQ C9 C8 SJ HA HT D9 D8"  # Safe count for Solo, example 1: Club Solo
JUNK_V = "CA CK SA ST SK SQ DA DT DQ H7"
JUNK_H = "C7 S9 S8 S7 HK HQ H9 H8 DK D7"


def test_book_safe_counts_decide_the_bid_and_the_game() -> None:
    st = fixed_table("classic", [JUNK_V, BOOK_SOLO, JUNK_H], "HJ DJ")
    assert str(ai_move(st)) == "bid:10"  # Mittelhand opens low to hide his hand
    st = st.apply(1, "bid:10")[0]
    assert str(ai_move(st)) == "pass"  # Vorhand: no safe count
    st = st.apply(0, "pass")[0]
    assert str(ai_move(st)) == "pass"  # Hinterhand: junk
    st = st.apply(2, "pass")[0]
    assert str(ai_move(st)) == "declare:solo-C"  # counts 8: no need to turn
    limit = ai.bid_limit(st.view(1))
    assert limit == 36  # with 2, game 3: 3 x 12 (the book's value)


def test_lays_away_full_cards_and_keeps_trumps() -> None:
    hand = ["CJ", "SJ", "HJ", "CA", "CT", "CK", "C9", "C8", "HT", "S7", "DA", "D7"]
    _, pair = ai.best_discard(hand, Contract(kind="suit", suit="C"))
    assert not any(Contract(kind="suit", suit="C").is_trump(c) for c in pair)
    assert "DA" not in pair and "HT" in pair


def test_wins_the_trick_when_the_last_hand_can_overtake() -> None:
    strong = "CJ SJ HJ DJ CA CT CK C9 SA HA"
    hands = ["C8 C7 ST SK SQ HT HK HQ DA DT", strong, "CQ S9 S8 S7 H9 H8 H7 DK DQ D9"]
    st = fixed_table("isko", hands, "D8 D7")
    for move in ["bid:18", "pass", "pass", "hand", "declare:suit-C-hand", "play:C8"]:
        st = st.apply(st.to_act[0], move)[0]
    # C9 would lose to Hinterhand's Queen; a Jack takes the trick and catches the Queen.
    assert ai_move(st, samples=6).arg[1] in "JAT"


def test_self_play_declarers_win_most_games() -> None:
    won = played = 0
    for seed in range(24):
        preset = "isko" if seed % 2 else "classic"
        st = GAME.new(3, GAME.options(preset, deals=1), seed=300 + seed)
        while st.to_act:
            st = st.apply(st.to_act[0], ai_move(st, seed, samples=3))[0]
        last = st.last
        assert last is not None
        if last.score is not None:
            played += 1
            won += last.score.won
    assert played >= 10
    assert won >= 0.6 * played


# ---- the search ----------------------------------------------------------------------------


def test_rollouts_give_every_legal_card_a_value_in_range() -> None:
    rng = random.Random(3)
    for _ in range(40):
        contract, order, hands, trick, turn, counted, maxers, decl = random_position(rng, 6)
        search = Search(contract, order, counted=counted, maximizers=maxers, declarer=decl)
        values = search.rollout_values(hands, trick, turn)
        legal = contract.legal_cards(hands[turn], [c for _, c in trick])
        assert set(values) == set(legal)
        top = 1 if contract.is_null else points_of(
            [c for h in hands.values() for c in h] + [c for _, c in trick])
        assert all(0 <= v <= top for v in values.values())


# ---- memory of the deal and the contract's goal -------------------------------------------


def _into_play(seed: int, preset: str, tricks: int) -> SkatState:
    """A seeded deal played by the AI until ``tricks`` tricks are complete (or it ends)."""
    st = GAME.new(3, GAME.options(preset, deals=1), seed=seed)
    rng = random.Random(seed)
    while st.to_act and not (st.phase == "play" and len(st.tricks) >= tricks and not st.trick):
        st = step(st, rng, ai_share=1.0)
    return st


def test_view_remembers_every_trick_while_the_table_shows_the_last() -> None:
    from bot.games.cards import pretty
    from bot.render import table_text

    checked = 0
    for seed in range(12):
        st = _into_play(400 + seed, "isko" if seed % 2 else "classic", 4)
        if st.phase != "play":
            continue
        early = {c for t in st.tricks[:-1] for _, c in t.plays}
        for seat in [None, *st.roles]:
            view = st.view(seat)
            assert view.played == [p for t in st.tricks for p in t.plays]
            assert view.tricks == []  # trick_history='last'
            text = table_text(view, ["A", "B", "C"])
            assert not any(pretty(c) in text for c in early), text
        checked += 1
    assert checked >= 6


def test_knowledge_counts_points_tricks_and_voids_of_every_trick() -> None:
    checked = 0
    for seed in range(16):
        st = _into_play(500 + seed, "isko" if seed % 2 else "classic", 5)
        if st.phase != "play" or st.contract is None or not st.contract.is_trump_game:
            continue
        contract = st.contract
        me = st.to_act[0]
        know = ai.Knowledge(st.view(me))
        assert know.taken == st._trick_points()
        assert know.tricks_won == {s: sum(t.winner == s for t in st.tricks) for s in st.roles}
        for t in st.tricks:  # a void shown in any trick, not only the last one
            led = contract.follow_suit(t.plays[0][1])
            for seat, card in t.plays[1:]:
                if contract.follow_suit(card) != led:
                    assert led in know.voids[seat]
        gone = {c for t in st.tricks for _, c in t.plays}
        assert not gone & set(know.pool)
        if me != st.declarer:  # the unseen cards are the other hands plus the skat
            hidden = [c for s in st.roles if s != me for c in st.hands[s]] + (
                st.laid_away if st.picked_up else st.skat)
            assert sorted(know.pool) == sorted(c for c in hidden if c != st.turned)
        checked += 1
    assert checked >= 6


def test_goal_counts_winning_above_any_margin() -> None:
    table = GAME.new(3, GAME.options("isko", deals=1), seed=1)
    view = table.view(0)
    plain = ai.Goal(view, Contract(kind="suit", suit="C"))
    assert plain.win == 61 and plain.levels == [31, 61, 90]
    # Winning by one point beats losing by one point more than any point margin can.
    assert plain.score(61) - plain.score(60) > 0.9
    assert plain.score(31) - plain.score(30) > plain.score(60) - plain.score(31)
    assert all(plain.score(p + 1) > plain.score(p) for p in range(120))
    announced = ai.Goal(view, Contract(kind="suit", suit="C", hand=True, announced="schneider"))
    assert announced.win == 90 and announced.score(89) < plain.score(61)
    # The null-window answers agree with the score on the Player's final points.
    for base in range(0, 100, 7):
        for final in range(base, 121, 5):
            value_at = {t - base: {"CJ": final - base} for t in plain.levels if t > base}
            want = plain.score(final) - ai.MARGIN * final
            assert plain.reached(base, value_at, "CJ") == pytest.approx(want)


def test_null_window_goal_agrees_with_exact_values() -> None:
    """The endgame scores each card by "does the Player reach t?" searches; they must rank the
    cards as the exact values would."""
    rng = random.Random(11)
    view = GAME.new(3, GAME.options("classic", deals=1), seed=1).view(0)
    checked = 0
    while checked < 40:
        contract, order, hands, trick, turn, _, _, decl = random_position(rng, 4)
        if not contract.is_trump_game:
            continue
        search = Search(contract, order, counted={decl}, maximizers={decl}, declarer=decl)
        exact = search.move_values(hands, trick, turn)
        live = points_of([c for h in hands.values() for c in h] + [c for _, c in trick])
        goal = ai.Goal(view, contract)
        base = rng.randrange(max(0, 31 - live), 91)
        value_at = {t - base: search.move_values(hands, trick, turn, window=(t - base - 1,
                                                                               t - base))
                    for t in goal.levels if 0 < t - base <= live}
        for card, v in exact.items():
            want = goal.score(base + v) - ai.MARGIN * (base + v)
            assert goal.reached(base, value_at, card) == pytest.approx(want)
        checked += 1


# ---- the bid, schwarz, the auction and Ramsch ----------------------------------------------


def _isko_view(bid: int) -> Any:
    return GAME.new(3, GAME.options("isko", deals=1), seed=1).view(0).model_copy(
        update={"bid": bid})


def test_goal_aims_where_the_bid_is_reached() -> None:
    clubs = Contract(kind="suit", suit="C")
    with_1 = ["CJ", "HA", "HT", "SA", "ST", "DA", "C7", "C8", "C9", "CQ", "CK", "D7"]
    # with 1: game 2 x 12 = 24, schneider 36, schwarz 48 (isko)
    assert ai.Goal(_isko_view(24), clubs, with_1).win == 61
    overbid = ai.Goal(_isko_view(36), clubs, with_1)
    assert overbid.win == 90 and overbid.weights[61] == ai.FLOOR
    assert overbid.score(89) < overbid.score(90) - 0.9
    needs_all = ai.Goal(_isko_view(48), clubs, with_1)
    assert needs_all.win == 120 and needs_all.sweep == 1.0
    # 120 points without every trick is not schwarz.
    assert needs_all.score(120) < needs_all.score(120, sweep=True) - 0.9
    # Announced: the announcement is the goal whatever the bid.
    announced = Contract(kind="suit", suit="C", hand=True, announced="schwarz")
    assert ai.Goal(_isko_view(18), announced, with_1).win == 120
    # Without the Player's cards the bid cannot be judged: the plain game is the goal.
    assert ai.Goal(_isko_view(36), clubs).win == 61


OVERBID_DEAL = (
    "bid:18 hold bid:20 hold bid:22 pass pass skat discard:S8,S7 declare:suit-C play:SA "
    "play:C8 play:S9 play:DA play:DQ play:DT play:D7 play:ST play:HJ play:SQ play:C9 play:CA "
    "play:CJ play:C7 play:DJ play:HK play:H7 play:SJ play:D8 play:H8 play:H9")


def test_overbid_player_plays_for_schneider() -> None:
    """isko seed 178, Clubs with 1 (game 24): the Player leads to trick 8 holding CT DK D9.
    Ducking with D9 keeps 61 nearly sure; leading the last high trump CT is the only way to
    Schneider, and risks the game. With a bid of 24 he ducks; had he bid 25, only Schneider
    (36) reaches it, so he leads the Ten."""
    st = GAME.new(3, GAME.options("isko", deals=1), seed=178)
    for move in OVERBID_DEAL.split():
        st = st.apply(st.to_act[0], move)[0]
    me = st.to_act[0]
    assert me == st.declarer and sorted(st.hands[me]) == ["CT", "D9", "DK"]
    view, legal = st.view(me), st.legal_actions(me)
    for seed in range(3):
        plain = view.model_copy(update={"bid": 24})
        overbid = view.model_copy(update={"bid": 25})
        assert str(ai.choose(plain, legal, random.Random(seed), 50, samples=8)) == "play:D9"
        assert str(ai.choose(overbid, legal, random.Random(seed), 50, samples=8)) == "play:CT"


def _open_grand_defence() -> SkatState:
    """Classic Open Grand (schwarz implied). After five tricks the Player leads D8; Mittelhand
    holds D9 and D7, and every card he cannot see is a Seven, Eight or Nine without a
    Diamond: D9 takes a trick worth nothing, which beats the Open Grand."""
    st = fixed_table("classic", ["CJ SJ HJ DJ CA SA HA DA D8 ST",
                                 "D9 D7 CQ SK SQ HK DT DK DQ CT",
                                 "CK HT HQ C9 C8 C7 S9 S8 S7 H7"], "H9 H8")
    moves = ["pass", "pass", "declare:open_grand",
             "play:CJ", "play:DT", "play:HT", "play:SJ", "play:DK", "play:HQ",
             "play:HJ", "play:DQ", "play:S9", "play:DJ", "play:CT", "play:S8",
             "play:CA", "play:CQ", "play:CK", "play:D8"]
    for move in moves:
        st = st.apply(st.to_act[0], move)[0]
    assert st.to_act == [1] and sorted(st.hands[1]) == ["D7", "D9", "HK", "SK", "SQ"]
    return st


def test_defender_breaks_schwarz_with_a_trick_worth_nothing() -> None:
    st = _open_grand_defence()
    # The Player takes 120 points either way; only the count of tricks tells the cards apart.
    assert str(ai_move(st, samples=4)) == "play:D9"


def _tricks_brute(contract: Contract, order: list[int], hands: dict[int, list[str]],
                  trick: list[tuple[int, str]], turn: int, decl: int) -> bool:
    """Does the Player take every remaining trick (plain minimax on the rules' own logic)?"""
    if not trick and not any(hands.values()):
        return True
    outcomes = []
    for card in contract.legal_cards(hands[turn], [c for _, c in trick]):
        hs = {s: [c for c in h if c != card] if s == turn else h for s, h in hands.items()}
        tr = [*trick, (turn, card)]
        if len(tr) == 3:
            win = contract.trick_winner(tr)
            ok = win == decl and _tricks_brute(contract, order, hs, [], win, decl)
        else:
            ok = _tricks_brute(contract, order, hs, tr, order[(order.index(turn) + 1) % 3],
                               decl)
        outcomes.append(ok)
    return any(outcomes) if turn == decl else all(outcomes)


def test_sweep_search_matches_brute_force() -> None:
    rng = random.Random(5)
    swept = 0
    for n in range(150):
        contract, order, hands, trick, turn, _, _, decl = random_position(rng, 3 if n % 2 else 4)
        if not contract.is_trump_game:
            continue
        if n % 3 == 0:  # a strong Player, so that sweeps happen
            pool = sorted([c for h in hands.values() for c in h], key=contract.power)
            size = len(hands[decl])
            top = [c for c in pool if c not in hands[decl]][-size:]
            rest = [c for c in pool if c not in top]
            hands = {s: (top if s == decl else []) for s in order}
            for s in order:
                if s != decl:
                    hands[s], rest = rest[:size], rest[size:]
            trick = []
        got = ai.sweep_moves(contract, order, hands, trick, turn, decl)
        assert got is not None
        for card, ok in got.items():
            hs = {s: [c for c in h if c != card] if s == turn else h for s, h in hands.items()}
            tr = [*trick, (turn, card)]
            if len(tr) == 3:
                win = contract.trick_winner(tr)
                want = win == decl and _tricks_brute(contract, order, hs, [], win, decl)
            else:
                want = _tricks_brute(contract, order, hs, tr,
                                     order[(order.index(turn) + 1) % 3], decl)
            assert ok == want, (contract.code, hands, trick, card)
            swept += ok
    assert swept > 10


def test_sampled_deals_respect_voids_sizes_and_the_unseen_cards() -> None:
    checked = with_voids = 0
    for seed in range(24):
        st = _into_play(600 + seed, "isko" if seed % 2 else "classic", 2 + seed % 5)
        if st.phase != "play" or not st.to_act:
            continue
        me = st.to_act[0]
        view = st.view(me)
        know = ai.Knowledge(view)
        contract = know.contract
        shown_void = {s: set(v) for s, v in know.voids.items()}
        with_voids += any(shown_void.values())
        for others, rest in know.draws(random.Random(seed), 30):
            for s, hand in others.items():
                assert len(hand) == view.hand_sizes[s]
                assert not {contract.follow_suit(c) for c in hand} & shown_void[s], (s, hand)
            dealt = [c for s, h in others.items() for c in h if c not in know.known.get(s, [])]
            assert sorted(dealt + rest) == sorted(know.pool)
        checked += 1
    assert checked >= 15 and with_voids >= 8


def test_auction_bounds_read_the_bidding() -> None:
    st = fixed_table("classic", [JUNK_V, BOOK_SOLO, JUNK_H], "HJ DJ")
    for move in ["bid:10", "hold", "bid:12", "pass", "pass"]:
        st = st.apply(st.to_act[0], move)[0]
    bounds = ai.auction_bounds(st.view(2))
    # Mittelhand named 10 and 12; Vorhand held 10, then refused 12; Hinterhand refused to
    # go above 12.
    assert bounds == {1: (12, None), 0: (10, 12), 2: (0, 13)}


def test_sampling_gives_a_high_bidder_a_hand_worth_his_bid() -> None:
    """Mittelhand passed at once, Hinterhand bid 24 and Vorhand would not hold it: seen from
    Mittelhand, the sampled deals lean towards a Hinterhand worth 24 and a Vorhand worth less
    (by the AI's own counts), without looking at their cards."""
    st = fixed_table("classic", [JUNK_V, JUNK_H, BOOK_SOLO], "HJ DJ")
    for move in ["pass", "bid:24", "pass", "declare:solo-C"]:
        st = st.apply(st.to_act[0], move)[0]
    know = ai.Knowledge(st.view(1))
    assert know.bounds == {2: (24, None), 0: (0, 24)}

    def worth(seat: int, hand: list[str]) -> int:
        dealt = [*hand, *know.played_by[seat]]
        values = ai.game_values(dealt, "classic", know.position[seat], quick=True)
        return max((v for v, _ in values), default=0)

    def share(draws: list[Any]) -> tuple[float, float]:
        high = sum(worth(2, d[0][2]) >= 24 for d in draws) / len(draws)
        low = sum(worth(0, d[0][0]) < 24 for d in draws) / len(draws)
        return high, low

    plain = share([know.deal(random.Random(i)) for i in range(300)])
    leaning = share(list(know.draws(random.Random(1), 300)))
    assert leaning[0] > plain[0] + 0.12 and leaning[1] > plain[1] + 0.12


def test_ramsch_scores_the_deal_as_the_rules_do() -> None:
    from bot.games.skat.scoring import score_ramsch

    st = GAME.new(3, GAME.options("classic", deals=1, forced_ramsch_deals=[1]), seed=3)
    view = st.view(st.to_act[0])
    game = ai._Ramsch(view, ai.Knowledge(view))
    opts = GAME.options("classic")
    for pts, tricks, last in [((50, 40, 30), (4, 3, 3), 0), ((70, 50, 0), (6, 4, 0), 1),
                              ((40, 40, 40), (4, 3, 3), 2)]:
        got = game.utilities(pts, tricks, last, 0)
        ref = score_ramsch(dict(enumerate(pts)), dict(enumerate(tricks)), 0, last, opts)
        for i in range(3):
            assert got[i] == pytest.approx(ref.entries[i] - ai.RAMSCH_MARGIN * pts[i])


def test_ramsch_ai_avoids_losing_more_than_it_avoids_points() -> None:
    """Self-play of forced Ramsch deals: whoever the AI is, the seats the AI plays lose the
    Ramsch less often than random seats would (one loser in three)."""
    lost = seats = 0
    rng = random.Random(4)
    for seed in range(12):
        st = GAME.new(3, GAME.options("classic", deals=1, forced_ramsch_deals=[1]),
                      seed=900 + seed)
        ai_seat = seed % 3
        while st.to_act:
            seat = st.to_act[0]
            legal = st.legal_actions(seat)
            move = ai_move(st, seed, samples=4) if seat == ai_seat else rng.choice(legal)
            st = st.apply(seat, move)[0]
        assert st.last is not None and st.last.ramsch is not None
        lost += ai_seat in st.last.ramsch.losers
        seats += 1
    assert lost <= seats // 4


def _ramsch_ref(contract: Contract, order: list[int], hands: dict[int, list[str]],
                trick: list[tuple[int, str]], turn: int, pts: dict[int, int],
                tricks: dict[int, int], skat: int) -> dict[int, float]:
    """Every seat for itself (max^n) on the rules core's own card logic: what each seat gets."""
    from bot.games.skat.scoring import score_ramsch

    bits = ai.card_bits("G")[0]
    if not trick and not any(hands.values()):
        raise AssertionError("played out without a last trick")
    best: dict[int, float] | None = None
    for card in sorted(contract.legal_cards(hands[turn], [c for _, c in trick]),
                       key=bits.__getitem__):
        hs = {s: [c for c in h if c != card] if s == turn else h for s, h in hands.items()}
        tr = [*trick, (turn, card)]
        if len(tr) == 3:
            win = contract.trick_winner(tr)
            p2 = {**pts, win: pts[win] + points_of([c for _, c in tr])}
            t2 = {**tricks, win: tricks[win] + 1}
            if not hs[win]:
                r = score_ramsch(p2, t2, skat, win, GAME.options("classic"))
                v = {s: r.entries[s] - ai.RAMSCH_MARGIN * r.points[s] for s in order}
            else:
                v = _ramsch_ref(contract, order, hs, [], win, p2, t2, skat)
        else:
            v = _ramsch_ref(contract, order, hs, tr, order[(order.index(turn) + 1) % 3], pts,
                            tricks, skat)
        if best is None or v[turn] > best[turn]:
            best = v
    assert best is not None
    return best


def test_ramsch_endgame_search_matches_a_plain_one() -> None:
    """The last tricks of Ramsch, each seat choosing its best line: the bit search against the
    rules core's card logic and scoring."""
    ramsch = Contract(kind="ramsch")
    rng = random.Random(9)
    for n in range(40):
        st = GAME.new(3, GAME.options("classic", deals=1, forced_ramsch_deals=[1]), seed=n)
        while len(st.tricks) < 7 + n % 2 or st.trick:
            seat = st.to_act[0]
            st = st.apply(seat, rng.choice(st.legal_actions(seat)))[0]
        for _ in range(rng.randrange(3)):
            seat = st.to_act[0]
            st = st.apply(seat, rng.choice(st.legal_actions(seat)))[0]
        me = st.to_act[0]
        view = st.view(me)
        know = ai.Knowledge(view)
        game = ai._Ramsch(view, know)
        seats = game.seats
        hs = [sum(1 << game.bits[c] for c in st.hands[s]) for s in seats]
        tb = [game.bits[c] for _, c in st.trick]
        leader = seats.index(st.trick[0][0]) if st.trick else seats.index(me)
        skat = points_of(st.skat)
        for card in ramsch.legal_cards(st.hands[me], [c for _, c in st.trick]):
            got = game.exact(hs, seats.index(me), leader, tb, game.bits[card], skat)
            hands = {s: [c for c in st.hands[s] if c != card] if s == me else st.hands[s]
                     for s in seats}
            tr = [*st.trick, (me, card)]
            pts = dict(know.taken)
            tricks = dict(know.tricks_won)
            if len(tr) == 3:
                win = ramsch.trick_winner(tr)
                pts[win] += points_of([c for _, c in tr])
                tricks[win] += 1
                if not hands[win]:
                    from bot.games.skat.scoring import score_ramsch
                    r = score_ramsch(pts, tricks, skat, win, GAME.options("classic"))
                    want = r.entries[me] - ai.RAMSCH_MARGIN * r.points[me]
                else:
                    want = _ramsch_ref(ramsch, seats, hands, [], win, pts, tricks, skat)[me]
            else:
                want = _ramsch_ref(ramsch, seats, hands, tr, seats[(seats.index(me) + 1) % 3],
                                   pts, tricks, skat)[me]
            assert got == pytest.approx(want), (n, card)


def test_sampling_gives_the_player_a_hand_for_his_game() -> None:
    """Seen from a defender, the sampled Player mostly holds cards that count for the game he
    declared (by the AI's own `_strength`), far more often than deals drawn blind."""
    strong = "CJ SJ HJ DJ CA CT CK C9 SA HA"
    hands = ["C8 C7 ST SK SQ HT HK HQ DA DT", strong, "CQ S9 S8 S7 H9 H8 H7 DK DQ D9"]
    st = fixed_table("isko", hands, "D8 D7")
    for move in ["bid:18", "pass", "pass", "hand", "declare:suit-C-hand"]:
        st = st.apply(st.to_act[0], move)[0]
    know = ai.Knowledge(st.view(0))
    clubs = Contract(kind="suit", suit="C", hand=True)

    def share(draws: list[Any]) -> float:
        return sum(ai._strength(d[0][1], clubs) >= ai.DECLARED_AT for d in draws) / len(draws)

    blind = share([know.deal(random.Random(i)) for i in range(300)])
    leaning = share(list(know.draws(random.Random(2), 300)))
    assert leaning > blind + 0.2
