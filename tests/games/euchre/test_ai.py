"""The Euchre AI: legal and deterministic everywhere, honest sampling, an exact solver, and it
beats random play."""

from __future__ import annotations

import random

import pytest

from bot.games.base import act
from bot.games.cards import deck
from bot.games.euchre import GAME, EuchreState, ai
from bot.games.euchre.ranking import effective_suit
from bot.games.euchre.solver import Solver, brute_force
from bot.games.euchre.strength import best_discard, strength

PRESETS = ("hoyle1871", "modern")


def _positions(count: int, seed: int) -> list[tuple[EuchreState, int]]:
    """Positions from every phase and player count, reached by random legal play."""
    rng = random.Random(seed)
    out: list[tuple[EuchreState, int]] = []
    game_no = 0
    while len(out) < count:
        players = (2, 3, 4)[game_no % 3]
        preset = PRESETS[(game_no // 3) % 2]
        extra = {"allow_defend_alone": True} if players == 4 and game_no % 4 == 0 else {}
        state = GAME.new(players, GAME.options(preset, **extra), seed * 1000 + game_no)
        game_no += 1
        steps = 0
        while not state.is_over and steps < 60:
            seat = state.to_act[0]
            if rng.random() < 0.25:
                out.append((state, seat))
            legal = state.legal_actions(seat)
            passes = [a for a in legal if a.kind in ("pass", "bunch")]
            # pass often, so that second rounds and thrown-in deals come up too
            action = passes[0] if passes and rng.random() < 0.6 else rng.choice(legal)
            state, _ = state.apply(seat, action)
            steps += 1
    return out[:count]


def test_always_legal_in_every_phase_and_player_count() -> None:
    phases: set[tuple[int, str]] = set()
    for state, seat in _positions(300, seed=1):
        legal = state.legal_actions(seat)
        view = state.view(seat)
        choice = ai.choose(view, legal, random.Random(7), budget_ms=50, samples=3)
        assert choice in legal
        phases.add((state.players, state.phase))
    for players in (2, 3, 4):
        for phase in ("bid1", "bid2", "play"):
            assert (players, phase) in phases
    assert (4, "discard") in phases


def test_deterministic_with_fixed_samples() -> None:
    for state, seat in _positions(60, seed=2):
        legal = state.legal_actions(seat)
        view = state.view(seat)
        a = ai.choose(view, legal, random.Random(11), budget_ms=1, samples=4)
        b = ai.choose(view, legal, random.Random(11), budget_ms=10_000, samples=4)
        assert a == b


def test_same_view_same_choice_whatever_the_hidden_cards() -> None:
    """Two deals that look the same from the AI's seat get the same answer: it reads no more."""
    checked = 0
    for state, seat in _positions(200, seed=3):
        if state.phase != "play" or len(state.legal_actions(seat)) < 2:
            continue
        view = state.view(seat)
        other = _reshuffled_others(state, seat, random.Random(checked))
        assert other.view(seat) == view
        legal = state.legal_actions(seat)
        assert ai.choose(view, legal, random.Random(5), 50, samples=3) == ai.choose(
            other.view(seat), legal, random.Random(5), 50, samples=3
        )
        checked += 1
    assert checked > 10


def _reshuffled_others(state: EuchreState, seat: int, rng: random.Random) -> EuchreState:
    """The same state with the other seats' unseen cards dealt again (sizes kept)."""
    others = [s for s in range(state.players) if s != seat]
    pool = [c for s in others for c in state.hands[s]] + list(state.stock)
    rng.shuffle(pool)
    hands = [list(h) for h in state.hands]
    for s in others:
        size = len(hands[s])
        hands[s], pool = pool[:size], pool[size:]
    return state.model_copy(update={"hands": hands, "stock": pool})


def test_samples_respect_what_the_seat_has_seen() -> None:
    checked = 0
    for state, seat in _positions(400, seed=4):
        if state.phase != "play":
            continue
        view = state.view(seat)
        know = ai._Knowledge(view)
        trump = view.trump
        assert trump is not None
        played = {c for t in view.tricks for _, c in t.plays} | {c for _, c in view.trick}
        rng = random.Random(checked)
        for _ in range(5):
            hidden = know.sample(rng)
            cards = [c for h in hidden.values() for c in h]
            assert len(cards) == len(set(cards))
            assert not set(cards) & (set(view.hand) | played)
            if view.discard:
                assert view.discard not in cards
            for s, hand in hidden.items():
                assert s in view.active and s != seat
                assert len(hand) == view.hand_sizes[s]
                for c in hand:
                    assert effective_suit(c, trump) not in know.voids[s]
            for s in know.voids:
                # a shown void is real: the seat truly holds no card of that suit
                for led in know.voids[s]:
                    assert all(effective_suit(c, trump) != led for c in state.hands[s])
        checked += 1
    assert checked > 20


def _random_small(rng: random.Random) -> tuple[list[list[str]], str, list[bool], int]:
    players = rng.choice((2, 3, 4))
    size = rng.choice((1, 2, 3))
    cards = deck(rng.choice(("AKQJT987", "AKQJT9")))
    rng.shuffle(cards)
    hands = [cards[i * size : (i + 1) * size] for i in range(players)]
    if players == 4 and rng.random() < 0.4:
        hands[rng.randrange(4)] = []  # a lone maker's partner sits out
    ours = [rng.random() < 0.5 for _ in range(players)]
    leader = rng.choice([s for s in range(players) if hands[s]])
    return hands, rng.choice("CSHD"), ours, leader


def test_solver_agrees_with_brute_force() -> None:
    rng = random.Random(9)
    for _ in range(250):
        hands, trump, ours, leader = _random_small(rng)
        solver = Solver(hands, trump, ours)
        assert solver.value(leader) == brute_force(hands, trump, ours, leader)
        values = solver.move_values(leader)
        for card, value in values.items():
            rest = [list(h) for h in hands]
            rest[leader].remove(card)
            assert value == brute_force(rest, trump, ours, leader, [(leader, card)])
        # the null-window answers the AI uses agree with the exact values
        thresholds = sorted(rng.sample(range(0, 4), 2))
        levels = Solver(hands, trump, ours).move_levels(leader, [], thresholds)
        assert levels == {c: sum(v >= t for t in thresholds) for c, v in values.items()}


def test_solver_mid_trick_agrees_with_brute_force() -> None:
    rng = random.Random(10)
    checked = 0
    for _ in range(300):
        hands, trump, ours, leader = _random_small(rng)
        seats = [(leader + i) % len(hands) for i in range(len(hands))]
        seats = [s for s in seats if hands[s]]
        if len(seats) < 3:
            continue
        trick = [(seats[0], rng.choice(hands[seats[0]]))]
        led = effective_suit(trick[0][1], trump)
        hand = hands[seats[1]]
        follow = [c for c in hand if effective_suit(c, trump) == led] or hand
        trick.append((seats[1], rng.choice(follow)))
        rest = [[c for c in h if c not in {x for _, x in trick}] for h in hands]
        values = Solver(rest, trump, ours).move_values(leader, trick)
        for card, value in values.items():
            more = [list(h) for h in rest]
            more[seats[2]].remove(card)
            assert value == brute_force(more, trump, ours, leader, [*trick, (seats[2], card)])
        checked += 1
    assert checked > 50


def test_solver_known_position() -> None:
    """Both bowers and the trump ace against nothing: the lone hand marches."""
    hands = [
        ["HJ", "DJ", "HA", "SA", "CA"],
        ["H7", "S7", "C7", "D7", "S8"],
        [],
        ["H8", "C8", "D8", "S9", "C9"],
    ]
    assert Solver(hands, "H", [True, False, True, False]).value(0) == 5
    # East is void in spades and ruffs the lead with his small trump
    hands = [["S9"], ["H7"], [], ["SA"]]
    assert Solver(hands, "H", [False, True, False, True]).value(0) == 1


def test_bidding_strength_and_discard() -> None:
    assert strength(["HJ", "DJ", "HA", "HK", "SA"], "H") > 3.5
    assert strength(["S7", "C8", "D9", "CT", "S9"], "H") < 0.5
    # keep trumps and the ace; drop the singleton to void a suit
    assert best_discard(["HJ", "H9", "SA", "S7", "C8", "HQ"], "H") == "C8"


def test_orders_up_a_monster_and_passes_rubbish() -> None:
    opts = GAME.options("hoyle1871")
    strong = {
        "dealer": 3,
        "hands": [
            ["HJ", "DJ", "HA", "HK", "SA"],
            ["C7", "C8", "S7", "S8", "D7"],
            ["C9", "CT", "S9", "ST", "D8"],
            ["CJ", "CQ", "SJ", "SQ", "D9"],
        ],
        "turn_up": "HQ",
    }
    state = GAME.new(4, opts, 1, deal=strong)
    # right and left bower, ace and king of trumps and an ace: a march is very likely, go alone
    choice = ai.choose(state.view(0), state.legal_actions(0), random.Random(1), 100)
    assert choice == act("order", "alone")
    state, _ = state.apply(0, "pass")
    # seat 1 (dealer's partner) holds nothing: pass
    assert ai.choose(state.view(1), state.legal_actions(1), random.Random(1), 100) == act("pass")


@pytest.mark.parametrize("preset", ["hoyle1871"])
def test_beats_random_play(preset: str) -> None:
    opts = GAME.options(preset)
    wins = 0
    games = 40
    for g in range(games):
        state = GAME.new(4, opts, 5000 + g)
        rng = random.Random(g)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if seat % 2 == 0:
                action = ai.choose(state.view(seat), legal, rng, 100, samples=4)
            else:
                action = rng.choice(legal)
            state, _ = state.apply(seat, action)
        outcome = state.outcome()
        assert outcome is not None
        wins += 0 in outcome.winners
    assert wins / games > 0.75


def test_orders_a_good_hand_with_the_partner() -> None:
    """Three trumps with the right bower and a side ace: order up, but not alone."""
    deal = {
        "dealer": 3,
        "hands": [
            ["HJ", "HA", "H9", "SA", "C7"],
            ["C8", "S7", "S8", "D7", "D8"],
            ["C9", "CT", "S9", "ST", "D9"],
            ["CJ", "CQ", "SJ", "SQ", "DT"],
        ],
        "turn_up": "H7",
    }
    state = GAME.new(4, GAME.options("hoyle1871"), 1, deal=deal)
    assert ai.choose(state.view(0), state.legal_actions(0), random.Random(1), 100) == act("order")
