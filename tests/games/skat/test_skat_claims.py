"""Claims, concessions, Kontra/Re and table shapes, checked through the engine itself.

The claim solver is cross-checked against an AND-OR search that plays the remaining cards with
the engine's own `apply`, so a bug in either shows up as a disagreement.
"""

from __future__ import annotations

import random

from bot.games.skat import GAME, solver
from bot.games.skat.contracts import points_of
from bot.games.skat.rules import SkatState


def forced_all(st: SkatState, side: set[int], done: int) -> bool:
    """Can ``side`` win every trick from trick ``done`` on, by the engine's own rules?"""
    if st.phase != "play" or st.deal_no != 0:
        tricks = st.last.tricks if st.last is not None else []
        return len(tricks) == 10 and all(t.winner in side for t in tricks[done:])
    if any(t.winner not in side for t in st.tricks[done:]):
        return False
    seat = st.to_act[0]
    moves = [a for a in st.legal_actions(seat) if a.kind == "play"]
    results = (forced_all(st.apply(seat, a)[0], side, done) for a in moves)
    return any(results) if seat in side else all(results)


def late_position(seed: int, preset: str, cards: int) -> SkatState | None:
    """A trump game in play with ``cards`` cards per hand, reached by random play."""
    rng = random.Random(seed)
    st = GAME.new(3, GAME.options(preset, deals=1, claim_policy="off"), seed=seed)
    while st.to_act:
        if (st.phase == "play" and st.contract is not None and st.contract.is_trump_game
                and len(st.hands[st.to_act[0]]) == cards):
            return st
        seat = st.to_act[0]
        legal = st.legal_actions(seat)
        bids = [a for a in legal if a.kind == "bid"]
        choice = bids[0] if bids and rng.random() < 0.4 else (
            next((a for a in legal if a.kind == "pass"), None) if bids else rng.choice(legal))
        st, _ = st.apply(seat, choice or legal[0])
    return None


def test_claim_solver_agrees_with_the_engine() -> None:
    checked = 0
    for seed in range(60):
        st = late_position(seed, "classic" if seed % 2 else "isko", 3)
        if st is None:
            continue
        decl = st.declarer
        assert decl is not None and st.contract is not None and st.turn is not None
        for side in ({decl}, {s for s in st.roles if s != decl}):
            hands = {s: st.hands[s] for s in st.roles}
            got = solver.can_take_all(st.roles, hands, st.trick, st.turn, st.contract, side)
            assert got == forced_all(st, side, len(st.tricks)), (seed, side)
            checked += 1
    assert checked >= 40


def test_nasl_claim_rest_right_and_wrong() -> None:
    outcomes = set()
    for seed in range(80):
        st = late_position(seed, "classic", 3)
        if st is None or st.turn is None:
            continue
        st = st.model_copy(update={"options": st.options.model_copy(
            update={"claim_policy": "nasl"})})
        seat = st.turn
        decl = st.declarer
        side = {decl} if seat == decl else {s for s in st.roles if s != decl}
        right = forced_all(st, side, len(st.tricks))
        rest = points_of([c for s in st.roles for c in st.hands[s]] + [c for _, c in st.trick])
        before = st._current_points(decl or 0)
        after, _ = st.apply(seat, "claim_rest")
        assert after.last is not None
        to_player = right == (seat == decl)
        assert after.last.declarer_points == before + (rest if to_player else 0)
        outcomes.add((seat == decl, right))
    assert len(outcomes) >= 3  # right and wrong claims by both sides were seen


def test_isko_wrong_claim_is_refused_without_penalty() -> None:
    seen_refusal = False
    for seed in range(80):
        st = late_position(seed, "isko", 3)
        if st is None or st.turn is None:
            continue
        st = st.model_copy(update={"options": st.options.model_copy(
            update={"claim_policy": "verify_or_reject"})})
        seat = st.turn
        decl = st.declarer
        side = {decl} if seat == decl else {s for s in st.roles if s != decl}
        after, events = st.apply(seat, "claim_rest")
        if forced_all(st, side, len(st.tricks)):
            assert after.phase == "over"
        else:
            seen_refusal = True
            assert after == st and events[0].kind == "claim_refused"
    assert seen_refusal


def test_claim_of_defeat_that_fails_charges_the_erring_opponent() -> None:
    for seed in range(200):
        st = late_position(seed, "classic", 2)
        if st is None or st.turn is None or st.turn == st.declarer:
            continue
        st = st.model_copy(update={"options": st.options.model_copy(
            update={"claim_policy": "nasl"})})
        after, _ = st.apply(st.turn, "claim_defeat")
        assert after.last is not None and after.last.score is not None
        if after.last.score.won:
            value = after.last.score.entry
            assert after.last.deltas[st.turn] == -value
            assert after.last.deltas[st.declarer or 0] == value
            return
    raise AssertionError("no failed claim of defeat found")


def test_t39_kontra_and_re_through_the_table() -> None:
    opts = GAME.options("isko", kontra_re=True, deals=1)
    st = GAME.new(3, opts, seed=5, deal={"dealer": 2})
    for move in ["bid:18", "hold", "pass", "pass", "skat"]:
        st, _ = st.apply(st.to_act[0], move)
    st, _ = st.apply(0, str(st.legal_actions(0)[0]))
    st, _ = st.apply(0, "declare:suit-C")
    # Mittelhand named a value, Hinterhand never did: only Mittelhand is asked
    assert st.phase == "kontra" and st.to_act == [1] and st.kontra_queue == [1]
    st, _ = st.apply(1, "kontra")
    assert st.to_act == [0] and [str(a) for a in st.legal_actions(0)] == ["re", "pass"]
    re, _ = st.apply(0, "re")
    assert re.phase == "play" and re.kontra == 2 and re.to_act == [0]
    declined, _ = st.apply(0, "pass")
    assert declined.phase == "play" and declined.kontra == 1
    lost, _ = re.apply(0, "concede")
    assert lost.last is not None and lost.last.score is not None
    score = lost.last.score
    assert score.kontra == 2 and score.entry == -score.value * 2 * 4
    assert re.view(None).kontra == 2


def test_five_persons_two_sit_out_and_share_the_proof() -> None:
    st = GAME.new(5, GAME.options("classic"), seed=11, deal={"dealer": 0})
    assert st.roles == [1, 2, 4]  # the third player (seat 3) and the dealer sit out
    assert st.hands[0] == [] and st.hands[3] == [] and st.total_deals == 5
    view = st.view(3)
    assert view.hand == [] and view.to_act == [2]


def test_forced_ramsch_deal_skips_the_auction() -> None:
    st = GAME.new(3, GAME.options("classic", forced_ramsch_deals=[1]), seed=2)
    assert st.phase == "play" and st.contract is not None and st.contract.is_ramsch
    assert st.to_act == [st.roles[0]]


def test_last_trick_is_shown_only_until_the_next_lead() -> None:
    st = GAME.new(3, GAME.options("classic"), seed=4, deal={"dealer": 2})
    for move in ["pass", "pass", "declare:solo_grand"]:
        st, _ = st.apply(st.to_act[0], move)
    for _ in range(3):
        st, _ = st.apply(st.to_act[0], str(st.legal_actions(st.to_act[0])[0]))
    assert st.view(None).last_trick is not None
    st, _ = st.apply(st.to_act[0], str(st.legal_actions(st.to_act[0])[0]))
    assert st.view(None).last_trick is None and st.view(None).tricks == []
