"""Random play-outs of whole series for both presets and 3, 4, 5 persons (plain loops, seeded;
about 2,300 deals in all).

Checked at every step: cards conserved, the acting seat's legal moves apply and nobody else
may move, views hide every card their seat may not see; at every deal's end card points add up
to 120; at the end the JSON snapshot reloads and a replay of the log rebuilds it exactly.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.games.base import Action, IllegalAction
from bot.games.skat import GAME
from bot.games.skat.contracts import points_of
from bot.games.skat.rules import FULL_DECK, DealResult, SkatState

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("classic", 3, {}),
    ("classic", 4, {}),
    ("classic", 5, {}),
    ("isko", 3, {}),
    ("isko", 4, {}),
    ("classic", 3, {"allow_frage": True, "trick_history": "all", "forced_ramsch_deals": [2]}),
    ("isko", 3, {"kontra_re": True, "all_pass": "ramsch", "score_sheet": "seeger_fabian"}),
    ("isko", 4, {"kontra_re": True, "kontra_requires_bid": False, "claim_policy": "off"}),
]
SEEN: dict[str, set[str]] = {"classic": set(), "isko": set()}


def cards_in_play(st: SkatState) -> list[str]:
    out = [c for h in st.hands for c in h]
    out += [c for _, c in st.trick] + [c for t in st.tricks for _, c in t.plays]
    out += st.laid_away if st.picked_up else st.skat
    return out


def hidden_from(st: SkatState, seat: int | None) -> set[str]:
    """Every card this seat may not see now: all 32 minus what it legitimately sees."""
    view = st.view(seat)
    visible = {c for _, c in st.trick} | {c for t in st.tricks for _, c in t.plays}
    visible |= {c for hand in view.open_hands.values() for c in hand}
    if seat is not None:
        visible |= set(st.hands[seat])
        if seat == st.declarer and st.picked_up:
            visible |= set(st.skat) | set(st.laid_away)
        if seat == st.declarer and st.peek:
            visible.add(st.peek)
    if st.turned:
        visible.add(st.turned)
    return set(FULL_DECK) - visible


def check_views(st: SkatState) -> None:
    for seat in [None, *range(st.players)]:
        view = st.view(seat)
        if seat is None:
            assert view.hand == []
        else:
            assert sorted(view.hand) == sorted(st.hands[seat])
        text = json.dumps(view.model_dump(mode="json", exclude={"last"}))
        for card in hidden_from(st, seat):
            assert f'"{card}"' not in text, (seat, card, st.phase)


def check_result(result: DealResult) -> None:
    if result.ended == "thrown in":
        return
    skat = result.laid_away or result.skat
    if len(result.tricks) == 10:
        total = sum(result.trick_points.values()) + points_of(skat)
        assert total == 120
        if result.ramsch is None:
            assert result.score is not None
            assert result.declarer_points == 120 - sum(
                p for s, p in result.trick_points.items() if s != result.declarer)
    if result.score is not None:
        assert (result.score.entry > 0) == result.score.won
        assert result.deltas[result.declarer or 0] >= result.score.entry or not result.score.won


def pick(legal: list[Action], rng: random.Random) -> Action:
    """Uniform, except that bids stay low and half the time one passes: random auctions
    would otherwise reach absurd values and no Null game would ever be allowed."""
    bids = [a for a in legal if a.kind == "bid"]
    if bids and rng.random() < 0.5:
        return rng.choice(bids[:3])
    if bids:
        return next(a for a in legal if a.kind == "pass")
    return rng.choice(legal)


def play_series(preset: str, players: int, seed: int, checks: bool,
                extra: dict[str, Any]) -> None:
    opts = GAME.options(preset, **extra, **({"deals": 2} if seed % 3 else {}))
    st = GAME.new(players, opts, seed=seed)
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    deals_seen = 0
    while st.to_act:
        seat = st.to_act[0]
        if checks:
            assert sorted(cards_in_play(st)) == sorted(FULL_DECK)
            check_views(st)
            for other in range(players):
                if other != seat:
                    assert st.legal_actions(other) == []
                    with pytest.raises(IllegalAction):
                        st.apply(other, "pass")
        legal = st.legal_actions(seat)
        assert legal and len(set(legal)) == len(legal)
        with pytest.raises(IllegalAction):
            st.apply(seat, "play:XX")
        action = pick(legal, rng)
        SEEN[preset].add(st.phase)
        if st.contract is not None:
            SEEN[preset].add(st.contract.kind)
        st, _ = st.apply(seat, action)
        log.append((seat, str(action)))
        if len(st.sheet.entries) > deals_seen:
            deals_seen = len(st.sheet.entries)
            assert st.last is not None
            check_result(st.last)
    out = st.outcome()
    assert out is not None and len(out.points) == players
    if opts.settlement == "prove_score":
        assert sum(out.points) == 0
    assert GAME.load(st.model_dump_json()) == st
    again = GAME.new(players, opts, seed=seed)
    for seat, text in log:
        again, _ = again.apply(seat, text)
    assert again.model_dump_json() == st.model_dump_json()


@pytest.mark.parametrize(("preset", "players", "extra"), CONFIGS)
def test_checked_playouts(preset: str, players: int, extra: dict[str, Any]) -> None:
    for seed in range(12):
        play_series(preset, players, seed, True, extra)


@pytest.mark.parametrize(("preset", "players", "extra"), CONFIGS)
def test_many_playouts(preset: str, players: int, extra: dict[str, Any]) -> None:
    for seed in range(1000, 1000 + 90):
        play_series(preset, players, seed, False, extra)


def test_playouts_reach_every_phase_and_contract() -> None:
    """Guards the random tests against silently skipping a part of the rules."""
    for preset, players, extra in [CONFIGS[5], CONFIGS[6]]:
        for seed in range(2000, 2060):
            play_series(preset, players, seed, False, extra)
    common = {"bid", "skat", "discard", "play"}
    assert SEEN["classic"] >= common | {
        "tourne_first", "tourne_jack", "declare", "tourne", "solo", "tourne_grand",
        "guck_grand", "solo_grand", "open_grand", "nullo", "guck_nullo", "open_nullo",
        "revolution", "ramsch", "frage"}
    assert SEEN["isko"] >= common | {"declare", "kontra", "suit", "grand", "null", "ramsch"}


def test_ai_plays_whole_series() -> None:
    for seed, (preset, players, _) in enumerate(CONFIGS[:5]):
        st = GAME.new(players, GAME.options(preset, deals=1), seed=seed)
        rng = random.Random(seed)
        while st.to_act:
            seat = st.to_act[0]
            legal = st.legal_actions(seat)
            action = GAME.choose(st.view(seat), legal, rng, 5)
            assert action in legal
            st, _ = st.apply(seat, action)
        assert st.outcome() is not None
