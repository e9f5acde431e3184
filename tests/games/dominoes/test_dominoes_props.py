"""Property tests over random games of every variant: tiles conserved, legal plays match the
open ends, no hidden tile in a public or opponent's view, scores as the rules say, replay
determinism, refusals change nothing."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.games.base import IllegalAction
from bot.games.dominoes import GAME, DominoesState, engine, source_of, target_of
from bot.games.dominoes.tiles import canon, hand_pips
from tests.games.dominoes.helpers import hidden_from, tiles_in_play

VARIANTS = [v.id for v in GAME.variants()]
MAX_STEPS = 400


def _counts(variant: str) -> list[int]:
    players = GAME.players_for(GAME.options(variant))
    return sorted({players[0], players[-1], GAME.default_players_for(GAME.options(variant))})


def _check_legal_plays(state: DominoesState, seat: int) -> None:
    if state.rules.family != "line":
        for action in state.legal_actions(seat):
            if action.kind in ("play", "discard", "swap"):
                assert action.arg.split(">")[0] in state.t.hands[seat]
        return
    ends = engine.ends(state.rules, state.t)
    for action in state.legal_actions(seat):
        if action.kind != "play":
            continue
        piece = source_of(action)
        assert piece in state.t.hands[seat]
        end = target_of(action)
        if end is None:
            assert not state.t.centre
            continue
        placed = action.arg.split(">")[0]
        assert placed in engine.fits(state.rules, state.t, piece, ends[end])


def _check_views(state: DominoesState) -> None:
    for seat in [None, *range(state.players)]:
        # the last hand's report shows the tiles left at its count: public then, and no
        # longer anyone's hand
        text = state.view(seat).model_dump_json(exclude={"report"})
        leaked = [x for x in hidden_from(state, seat) if f'"{x}"' in text]
        assert not leaked, (seat, leaked)


def _check_scores(before: DominoesState, after: DominoesState, events: list) -> None:
    """Play scores in Muggins and All Threes; a hand's points in the pip-counting games."""
    rules, n = before.rules, before.players
    delta = [a - b for a, b in zip(after.t.scores, before.t.scores, strict=True)]
    hand_events = [e for e in events if e.kind == "hand"]
    if any(e.kind == "star" for e in events):
        return
    if hand_events or after.t.game_no != before.t.game_no or after.t.over:
        if rules.hand_score == "others" and hand_events and not after.t.over:
            hands = hand_events[0].data["hands"]
            winners = [s for s in range(n) if delta[s] > 0]
            if winners:
                (w,) = winners
                assert delta[w] == sum(hand_pips(hands[s]) for s in range(n) if s != w)
        return
    if rules.play_score in ("fives", "threes") and any(e.kind == "play" for e in events):
        k = 5 if rules.play_score == "fives" else 3
        total = engine.end_total(after.t)
        expect = total // k if total and total % k == 0 else 0
        assert sum(delta) == expect
    elif rules.play_score == "" and not before.options.sevens:
        assert delta == [0] * n


def _run(variant: str, players: int, seed: int) -> None:
    options = GAME.options(variant)
    state = GAME.new(players, options, seed)
    pack = Counter(GAME.pack(options, players))
    rng = random.Random(f"{variant}:{players}:{seed}")
    log = []
    for _ in range(MAX_STEPS):
        assert Counter(tiles_in_play(state)) == pack
        assert (state.outcome() is None) == (not state.is_over)
        if state.is_over:
            break
        seat = state.to_act[0]
        _check_legal_plays(state, seat)
        if rng.random() < 0.2:
            _check_views(state)
        legal = state.legal_actions(seat)
        action = rng.choice(legal)
        after, events = state.apply(seat, action)
        _check_scores(state, after, events)
        state = after
        log.append((seat, action))
    again = GAME.new(players, options, seed)
    for seat, action in log:
        again, _ = again.apply(seat, action)
    assert again == state
    assert GAME.load(state.model_dump_json()) == state


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_games(variant: str) -> None:
    for players in _counts(variant):
        for seed in range(2):
            _run(variant, players, seed)


@pytest.mark.parametrize("variant", VARIANTS)
def test_refusals_change_nothing(variant: str) -> None:
    state = GAME.new(GAME.default_players_for(GAME.options(variant)), GAME.options(variant), 5)
    seat = state.to_act[0]
    before = state.model_dump()
    legal = {str(a) for a in state.legal_actions(seat)}
    tiles = GAME.pack(state.options, state.players)
    for bad in ["pass", "draw", "stop", "star", "fold", "raise", "play:9-9>Q", "play:" + tiles[0],
                "play:" + canon(state.t.hands[(seat + 1) % state.players][0]), "bid:3"]:
        if bad in legal:
            continue
        with pytest.raises(IllegalAction) as err:
            state.apply(seat, bad)
        assert str(err.value).endswith(".")  # a sentence a player can read
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply((seat + 1) % state.players, next(iter(legal)))
    assert state.model_dump() == before
