"""The compiled double-dummy core (`_ddsc.c`) against the Python search it mirrors.

`dds.Search` uses the compiled core for `value`, `exact`, `reaches` and `move_values` when it
built. It is the
same search card for card, so a fresh core must give the very same fail-soft value *and* visit
the same number of nodes as a fresh Python search: a stronger check than equal answers, as any
slip in bounds, table or move ordering shows up in the node count even when the answer
survives it. (`test_dds` checks both paths against an exhaustive reference.)
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.skat import dds
from bot.games.skat.contracts import Contract, points_of
from bot.games.skat.dds import Search
from bot.games.skat.rules import FULL_DECK
from tests.compiled import require_built

FAMILIES = [Contract(kind="grand"), Contract(kind="null"), Contract(kind="ramsch"),
            *(Contract(kind="suit", suit=s) for s in "CSHD")]

Hands = dict[int, list[str]]
Trick = list[tuple[int, str]]

built = pytest.mark.skipif(dds._ddsc is None, reason=(
    "bot.games.skat._ddsc did not build (no C compiler at install time): "
    "the Python search is used alone"))


def test_the_core_built_where_a_compiler_is() -> None:
    require_built(dds._ddsc is not None, "bot.games.skat._ddsc")
    assert Search(Contract(kind="grand"), [0, 1, 2], counted={1}, maximizers={1},
                  declarer=1).native


def _roles(contract: Contract, order: list[int], decl: int) -> tuple[set[int], set[int]]:
    if contract.is_ramsch:
        return {decl}, set(order) - {decl}
    if contract.is_null:
        return set(), set(order) - {decl}
    return {decl}, {decl}


def _position(rng: random.Random, tricks: int, contract: Contract) -> tuple[Any, ...]:
    """``tricks`` tricks to go, up to two cards of the first already played."""
    cards = list(FULL_DECK)
    rng.shuffle(cards)
    order = rng.choice([[0, 1, 2], [2, 0, 1], [1, 2, 0]])
    hands = {s: cards[i * tricks:(i + 1) * tricks] for i, s in enumerate(order)}
    turn = order[0]
    trick: Trick = []
    for _ in range(rng.randrange(3)):
        card = rng.choice(contract.legal_cards(hands[turn], [c for _, c in trick]))
        hands[turn] = [c for c in hands[turn] if c != card]
        trick.append((turn, card))
        turn = order[(order.index(turn) + 1) % 3]
    return order, hands, trick, turn, rng.choice(order)


def _pair(contract: Contract, order: list[int], decl: int,
          unit: str = "points") -> tuple[Search, Search]:
    counted, maxers = _roles(contract, order, decl)
    kw: dict[str, Any] = {"counted": counted, "maximizers": maxers, "declarer": decl,
                          "unit": unit}
    py = Search(contract, order, **kw)
    py.native = False
    return py, Search(contract, order, **kw)


@built
def test_null_windows_match_the_python_search_value_and_nodes() -> None:
    rng = random.Random(4711)
    checked = 0
    for n in range(600):
        contract = FAMILIES[n % len(FAMILIES)]
        tricks = 3 + n % 4
        order, hands, trick, turn, decl = _position(rng, tricks, contract)
        unit = "tricks" if contract.is_trump_game and n % 3 == 0 else "points"
        py, c = _pair(contract, order, decl, unit)
        top = 1 if contract.is_null else (tricks if unit == "tricks" else 70)
        # Several windows on the same two searches: their tables and killers carry over.
        for _ in range(3):
            alpha = rng.randrange(-1, top + 1)
            want = py.value(hands, trick, turn, alpha, alpha + 1)
            got = c.value(hands, trick, turn, alpha, alpha + 1)
            assert got == want, (contract.code, unit, hands, trick, turn, alpha)
            assert c.nodes == py.nodes, (contract.code, unit, hands, trick, turn, alpha)
            assert (c.reaches(hands, trick, turn, alpha + 1)
                    == py.reaches(hands, trick, turn, alpha + 1) == (want >= alpha + 1))
            checked += 1
    assert checked >= 1500


@built
def test_exact_values_and_outcomes_match() -> None:
    rng = random.Random(99)
    for n in range(120):
        contract = FAMILIES[n % len(FAMILIES)]
        order, hands, trick, turn, decl = _position(rng, 3 + n % 3, contract)
        py, c = _pair(contract, order, decl)
        assert c.exact(hands, trick, turn) == py.exact(hands, trick, turn)
        lo = rng.randrange(0, 30)
        assert (c.value(hands, trick, turn, lo, lo + 25)
                == py.value(hands, trick, turn, lo, lo + 25))
        if contract.is_trump_game:
            base = rng.choice([0, 30, 55, 75, 89])
            assert (c.outcome(hands, trick, turn, points=base)
                    == py.outcome(hands, trick, turn, points=base))


def _full_deal(rng: random.Random, contract: Contract) -> tuple[Hands, int]:
    cards = list(FULL_DECK)
    rng.shuffle(cards)
    return {0: cards[0:10], 1: cards[10:20], 2: cards[20:30]}, points_of(cards[30:])


@built
def test_full_deals_match() -> None:
    rng = random.Random(2029)
    for n in range(14):
        contract = FAMILIES[n % len(FAMILIES)]
        hands, skat = _full_deal(rng, contract)
        py, c = _pair(contract, [0, 1, 2], 1)
        if contract.is_null:
            need = 1
        elif contract.is_ramsch:
            need = rng.randrange(20, 50)
        else:
            need = 61 - skat
        want = py.value(hands, [], 0, need - 1, need)
        assert c.value(hands, [], 0, need - 1, need) == want, (contract.code, hands)
        assert c.nodes == py.nodes, (contract.code, hands)
        # The same searches again after the first trick's lead: tables carried over.
        lead = contract.legal_cards(hands[0], [])[0]
        rest = {s: [x for x in h if x != lead] if s == 0 else h for s, h in hands.items()}
        assert (c.value(rest, [(0, lead)], 1, need - 1, need)
                == py.value(rest, [(0, lead)], 1, need - 1, need))


@built
def test_bad_input_is_refused_not_crashed() -> None:
    core = dds._ddsc.Core([0] * 60, [0] * 60, [1, 0, 0], [1, 0, 0], False, False, False, 0)
    with pytest.raises(ValueError):
        core.node(1 << 62, 0, 0, 0, -1, [], 0, 1)
    with pytest.raises(ValueError):
        core.node(1, 2, 4, 0, 0, [1, 2, 3], 0, 1)
    with pytest.raises(ValueError):
        core.node(1, 2, 4, 3, -1, [], 0, 1)
    with pytest.raises(ValueError):
        core.node((1 << 20) - 1, 0, 0, 0, -1, [], 0, 1)
    with pytest.raises(ValueError):
        core.child(1, 2, 4, 0, -1, [], 1, 0, 1)  # bit 1 is not the first hand's
    with pytest.raises(RuntimeError):
        dds._ddsc.Core.__new__(dds._ddsc.Core).node(1, 2, 4, 0, -1, [], 0, 1)
    with pytest.raises(ValueError):
        dds._ddsc.Core([0] * 59, [0] * 60, [1, 0, 0], [1, 0, 0], False, False, False, 0)


@built
def test_each_cards_value_matches() -> None:
    rng = random.Random(31)
    for n in range(140):
        contract = FAMILIES[n % len(FAMILIES)]
        order, hands, trick, turn, decl = _position(rng, 3 + n % 3, contract)
        py, c = _pair(contract, order, decl)
        assert c.move_values(hands, trick, turn) == py.move_values(hands, trick, turn)
        t = 1 if contract.is_null else rng.randrange(1, 50)
        assert (c.move_values(hands, trick, turn, window=(t - 1, t))
                == py.move_values(hands, trick, turn, window=(t - 1, t)))
