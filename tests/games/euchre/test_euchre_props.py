"""Random play-outs of whole games across presets, player counts and house rules.

A plain loop over seeded games (fast, reproducible: a failure names its seed). Each step checks
that the chosen legal action applies, a sample of other moves is refused without changing the
state, cards are conserved, every hand has five full tricks and scores as the table says, views
hide what they must, and the whole game replays from seed and actions.
"""

from __future__ import annotations

import random
from typing import Any

from bot.games.base import Action, IllegalAction
from bot.games.cards import deck
from bot.games.euchre import GAME, EuchreState
from bot.games.euchre.options import EuchreOptions
from bot.games.euchre.rules import HandResult, sides_of

CONFIGS: list[tuple[int, str, dict[str, Any]]] = [
    (4, "hoyle1871", {}),
    (3, "hoyle1871", {}),
    (2, "hoyle1871", {}),
    (4, "modern", {}),
    (3, "modern", {"stick_the_dealer": True}),
    (2, "modern", {"second_round": False}),
    (4, "modern", {"allow_defend_alone": True, "alone_euchred_value": 4}),
    (4, "hoyle1871", {"stick_the_dealer": True, "target": 3}),
    (4, "modern", {"allow_alone": False, "target": 4}),
]
GAMES_PER_CONFIG = 230  # 9 set-ups x 230 = 2,070 whole games
VIEW_EVERY = 9  # full view checks on every 9th step keep the loop fast


def expected_gain(o: EuchreOptions, players: int, r: HandResult) -> list[int]:
    """The scoring table, written out independently of the rules module."""
    sides = sides_of(players)
    maker_side = next(i for i, side in enumerate(sides) if r.maker in side)
    made = sum(r.tricks_won[s] for s in sides[maker_side])
    gain = [0] * len(sides)
    lone = r.alone and players == 4
    if made == 5:
        gain[maker_side] = o.lone_march_value if lone else o.march_value
    elif made >= 3:
        gain[maker_side] = o.point_value
    else:
        value = (
            o.defend_alone_value
            if r.defender_alone is not None
            else o.alone_euchred_value
            if lone
            else o.euchre_value
        )
        for i in range(len(sides)):
            if i != maker_side:
                gain[i] = value
    return gain


def all_cards(s: EuchreState) -> list[str]:
    cards = [c for h in s.hands for c in h] + list(s.stock)
    cards += [c for _, c in s.trick] + [c for t in s.tricks for _, c in t.plays]
    if s.turn_up_state != "taken":
        cards.append(s.turn_up)
    if s.discard is not None:
        cards.append(s.discard)
    return cards


def hidden_from(s: EuchreState, seat: int | None) -> set[str]:
    hidden = {c for p, h in enumerate(s.hands) if p != seat for c in h} | set(s.stock)
    if s.discard is not None and seat != s.dealer:
        hidden.add(s.discard)
    return hidden - {s.turn_up}  # the turn-up is public even in the dealer's hand


def check_views(s: EuchreState) -> None:
    for seat in [None, *range(s.players)]:
        v = s.view(seat)
        # last_hand records the previous deal's plays: public then, reshuffled since
        text = v.model_dump_json(exclude={"last_hand"})
        leaked = [c for c in hidden_from(s, seat) if f'"{c}"' in text]
        assert not leaked, (seat, leaked)
        assert v.hand == ([] if seat is None else s.hands[seat])
        assert v.hand_sizes == [len(h) for h in s.hands]


def wrong_moves(s: EuchreState, seat: int, legal: list[Action], rng: random.Random) -> list[str]:
    """A few moves that are not legal now: other phases' moves, unheld or unfollowing cards."""
    pool = [
        "pass",
        "order",
        "assist",
        "take",
        "take:alone",
        "bunch",
        "defend",
        "name:S",
        "name:H-alone",
        "discard:CA",
        "play:HJ",
        "play:D7",
        "play:SA",
        "order:x",
        "bid:18",
    ]
    pool += [f"play:{c}" for c in s.hands[seat]] + [f"name:{s.turn_up[0]}"]
    legal_text = {str(a) for a in legal}
    return [m for m in rng.sample(pool, 5) if m not in legal_text]


def play_game(players: int, options: EuchreOptions, seed: int) -> tuple[EuchreState, list[str]]:
    rng = random.Random(seed)
    s = GAME.new(players, options, seed)
    full = sorted(deck(options.ranks))
    log: list[str] = []
    step = 0
    while not s.is_over:
        (seat,) = s.to_act
        legal = s.legal_actions(seat)
        assert legal and len(set(legal)) == len(legal)
        if step % 4 == 0:
            assert all(s.legal_actions(p) == [] for p in range(players) if p != seat)
            before = s.model_dump()
            for move in wrong_moves(s, seat, legal, rng):
                try:
                    s.apply(seat, move)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"{move} accepted; legal were {legal}")
            other = (seat + 1) % players
            try:
                s.apply(other, legal[0])
            except IllegalAction:
                pass
            else:
                raise AssertionError("a move out of turn was accepted")
            assert s.model_dump() == before
        if step % VIEW_EVERY == 0:
            check_views(s)
        action = rng.choice(legal)
        old_scores, old_deal = list(s.scores), s.deal_no
        s, events = s.apply(seat, action)
        log.append(str(action))
        step += 1
        if s.phase != "over":
            assert sorted(all_cards(s)) == full
        if any(e.kind == "score" for e in events):
            r = s.last_hand
            assert r is not None and len(r.tricks) == 5
            active = 4 - (1 if r.alone and players == 4 else 0) - (r.defender_alone is not None)
            active = min(active, players)
            assert all(len(t.plays) == active for t in r.tricks)
            gain = expected_gain(options, players, r)
            assert r.gained == gain
            assert s.scores == [a + b for a, b in zip(old_scores, gain, strict=True)]
        else:
            assert s.scores == old_scores
        if s.deal_no != old_deal and s.phase != "over":
            assert [len(h) for h in s.hands] == [5] * players
    return s, log


def test_random_games_keep_every_rule() -> None:
    games = 0
    for players, preset, overrides in CONFIGS:
        options = GAME.options(preset, **overrides)
        for seed in range(GAMES_PER_CONFIG):
            final, log = play_game(players, options, seed)
            games += 1
            out = final.outcome()
            assert out is not None and max(final.scores) >= options.target
            assert len(out.points) == players and out.winners
            assert all(out.ranks[w] == 1 for w in out.winners)
            assert GAME.load(final.model_dump_json()) == final
            if seed % 20 == 0:
                replay = GAME.new(players, options, seed)
                for a in log:
                    replay, _ = replay.apply(replay.to_act[0], a)
                assert replay == final and replay.model_dump_json() == final.model_dump_json()
    assert games == len(CONFIGS) * GAMES_PER_CONFIG
