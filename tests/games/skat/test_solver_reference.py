"""The claim solver against a plain search written here (no memo, no bitmasks, no twin cards):
on random endings of every family of contract, both give the same answer to every question."""

from __future__ import annotations

import random

import pytest

from bot.games.skat import solver
from bot.games.skat.contracts import Contract, points_of
from bot.games.skat.rules import FULL_DECK

CONTRACTS = [Contract(kind="suit", suit="C"), Contract(kind="solo", suit="H"),
             Contract(kind="grand"), Contract(kind="null"), Contract(kind="nullo"),
             Contract(kind="ramsch")]


def plain(hands: dict[int, list[str]], trick: list[tuple[int, str]], turn: int, c: Contract,
          chooser: set[int], score: object) -> object:
    """Every line played out: ``score(winners, points)`` judged at the end; the chooser's side
    picks the best for it (True beats False), the others the worst."""
    if not trick and not any(hands.values()):
        return True
    results = []
    for card in c.legal_cards(sorted(hands[turn]), [x for _, x in trick]):
        nh = {s: [x for x in h if x != card] for s, h in hands.items()}
        nt = [*trick, (turn, card)]
        if len(nt) == 3:
            w = c.trick_winner(nt)
            results.append(score(w, points_of([x for _, x in nt]))  # type: ignore[operator]
                           and plain(nh, [], w, c, chooser, score))
        else:
            results.append(plain(nh, nt, (turn + 1) % 3, c, chooser, score))
    return any(results) if turn in chooser else all(results)


def reach(hands: dict[int, list[str]], trick: list[tuple[int, str]], turn: int, c: Contract,
          need: int) -> bool:
    if need <= 0:
        return True
    if not trick and not any(hands.values()):
        return False
    results = []
    for card in c.legal_cards(sorted(hands[turn]), [x for _, x in trick]):
        nh = {s: [x for x in h if x != card] for s, h in hands.items()}
        nt = [*trick, (turn, card)]
        if len(nt) == 3:
            w = c.trick_winner(nt)
            got = points_of([x for _, x in nt]) if w == 0 else 0
            results.append(reach(nh, [], w, c, need - got))
        else:
            results.append(reach(nh, nt, (turn + 1) % 3, c, need))
    return any(results) if turn == 0 else all(results)


@pytest.mark.parametrize("seed", range(6))
def test_solver_matches_a_plain_search(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(25):
        c = rng.choice(CONTRACTS)
        k = rng.randint(1, 4)
        cards = rng.sample(FULL_DECK, 3 * k)
        hands = {s: cards[s * k:(s + 1) * k] for s in range(3)}
        led = rng.randint(0, 2)
        trick = [(s, hands[s].pop()) for s in range(led)]
        args = ([0, 1, 2], hands, trick, led, c)
        for side in ({0}, {1, 2}):
            expected = plain(hands, trick, led, c, side, lambda w, _p, side=side: w in side)
            assert solver.can_take_all(*args, side) == expected
        expected = plain(hands, trick, led, c, {0}, lambda w, _p: w != 0)
        assert solver.can_avoid_tricks(*args, 0) == expected
        for target in (1, 11, 25):
            assert solver.can_reach(*args, 0, target) == reach(hands, trick, led, c, target)
