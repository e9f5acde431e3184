"""The compiled claim search (`_claimc.c`) against the Python one in `solver.py`.

The engine asks its claim questions of the compiled core when it built; the Python search stays
the reference (itself checked against a plain search in `test_solver_reference` and against the
engine in `test_skat_claims`). On random endings of every family of contract, from one card to
more than a claim ever has in hand, with and without a trick on the table, both give the same
answer to every question.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from bot.games.skat import solver
from bot.games.skat.contracts import Contract, points_of
from bot.games.skat.rules import CLAIM_CARDS, FULL_DECK
from tests.compiled import require_built

CONTRACTS = [Contract(kind="grand"), Contract(kind="null"), Contract(kind="ramsch"),
             Contract(kind="tourne_grand"), Contract(kind="revolution"),
             *(Contract(kind="suit", suit=s) for s in "CSHD"),
             Contract(kind="solo", suit="H"), Contract(kind="frage", suit="D")]

built = pytest.mark.skipif(solver._claimc is None, reason=(
    "bot.games.skat._claimc did not build (no C compiler at install time): "
    "the Python search is used alone"))


@contextmanager
def python_only() -> Iterator[None]:
    saved = solver.NATIVE
    solver.NATIVE = False
    try:
        yield
    finally:
        solver.NATIVE = saved


def test_the_core_built_where_a_compiler_is() -> None:
    require_built(solver._claimc is not None, "bot.games.skat._claimc")
    assert solver.NATIVE


def _questions(order: list[int], hands: dict[int, list[str]], trick: list[tuple[int, str]],
               turn: int, c: Contract) -> list[bool]:
    args = (order, hands, trick, turn, c)
    out = []
    for decl in order:
        defenders = {s for s in order if s != decl}
        out.append(solver.can_take_all(*args, {decl}))
        out.append(solver.can_take_all(*args, defenders))
        out.append(solver.can_avoid_tricks(*args, decl))
        left = points_of([x for h in hands.values() for x in h] + [x for _, x in trick])
        for target in sorted({-3, 0, 1, 11, 25, left // 2, left, left + 1}):
            out.append(solver.can_reach(*args, decl, target))
    return out


@built
@pytest.mark.parametrize("seed", range(8))
def test_native_matches_python(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        c = rng.choice(CONTRACTS)
        k = rng.randint(1, CLAIM_CARDS)
        cards = rng.sample(FULL_DECK, 3 * k)
        order = rng.sample([0, 1, 2, 3], 3)  # seats as a four-handed table names them
        hands = {s: cards[i * k:(i + 1) * k] for i, s in enumerate(order)}
        led = rng.randint(0, 2)
        trick = [(order[i], hands[order[i]].pop()) for i in range(led)]
        turn = order[led]
        got = _questions(order, hands, trick, turn, c)
        with python_only():
            expected = _questions(order, hands, trick, turn, c)
        assert got == expected, (seed, c, hands, trick, turn)


@built
def test_native_refuses_what_it_cannot_take() -> None:
    """Cards outside the deck or a seat outside the order go to the Python search."""
    c = Contract(kind="grand")
    hands = {0: ["CJ"], 1: ["SA"], 2: ["HA"]}
    assert solver._native([0, 1, 2], hands, [], 0, c, {0}, {0}, 0) is True
    assert solver._native([0, 1, 2], {**hands, 2: ["XX"]}, [], 0, c, {0}, {0}, 0) is None
    assert solver._native([0, 1, 2], hands, [], 5, c, {0}, {0}, 0) is None
