"""The compiled model copies (`bot/games/_copyc.c`) against base.py's Python ones.

`evolve` and `trusted` make a rules core's new states and records without validation; where
the compiled core built they are it. It must leave every model exactly as the Python code
does: the same class, the same ``__dict__`` (shared values included), the same fields-set, no
extra and no private values, and a model with those handed to pydantic's own copy.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, PrivateAttr

from bot.games import base, registry
from bot.games.base import Event, _build_py, _template, evolve_py
from tests.compiled import require_built

built = pytest.mark.skipif(base._copyc is None, reason=(
    "bot.games._copyc did not build (no C compiler at install time): Python alone"))


def test_the_core_built_where_a_compiler_is() -> None:
    require_built(base._copyc is not None, "bot.games._copyc")
    assert base.evolve is base._copyc.evolve


def _same(a: BaseModel, b: BaseModel) -> None:
    assert type(a) is type(b)
    assert a.__dict__ == b.__dict__
    assert list(a.__dict__) == list(b.__dict__)
    assert all(a.__dict__[k] is b.__dict__[k] for k in a.__dict__)
    assert a.__pydantic_fields_set__ == b.__pydantic_fields_set__
    assert type(a.__pydantic_fields_set__) is type(b.__pydantic_fields_set__)
    assert a.__pydantic_extra__ is None and b.__pydantic_extra__ is None
    assert a.__pydantic_private__ is None and b.__pydantic_private__ is None
    assert a.model_dump_json() == b.model_dump_json()


def _states() -> list[Any]:
    out = []
    for key, preset, players in (("skat", "classic", 3), ("euchre", "modern", 4)):
        game = registry.get(key)
        rng = random.Random(4)
        st = game.new(players, game.options(preset), 4)
        for _ in range(40):
            if not st.to_act:
                break
            out.append(st)
            seat = st.to_act[0]
            st, _ = st.apply(seat, rng.choice(st.legal_actions(seat)))
    return out


@built
def test_evolve_matches_python() -> None:
    for st in _states():
        for update in ({}, {"seed": 7}, {"turn": None, "seed": 3},
                       {name: getattr(st, name) for name in list(type(st).model_fields)[:5]}):
            got, expected = base._copyc.evolve(st, update), evolve_py(st, update)
            _same(got, expected)
            shared = st.__pydantic_fields_set__
            assert (got.__pydantic_fields_set__ is shared) == (update.keys() <= shared)


@built
def test_evolve_adds_new_names_to_a_fresh_fields_set() -> None:
    ev = Event(kind="x", text="t")
    got = base._copyc.evolve(ev, {"seat": 2})
    _same(got, evolve_py(ev, {"seat": 2}))
    assert got.__pydantic_fields_set__ == {"kind", "text", "seat"}
    assert ev.__pydantic_fields_set__ == {"kind", "text"}


class _Private(BaseModel):
    model_config = ConfigDict(frozen=True)

    x: int = 0
    _note: str = PrivateAttr(default="n")


class _Extra(BaseModel):
    model_config = ConfigDict(frozen=True, extra="allow")

    x: int = 0


@built
def test_private_and_extra_go_to_model_copy() -> None:
    p = _Private(x=1)
    got = base._copyc.evolve(p, {"x": 2})
    assert got.x == 2 and got._note == "n"
    e = _Extra(x=1, y=5)
    got = base._copyc.evolve(e, {"x": 3})
    assert got.x == 3 and got.__pydantic_extra__ == {"y": 5}


@built
def test_build_matches_python() -> None:
    from bot.games.skat.rules import DealResult, Trick

    cases: list[tuple[type[BaseModel], dict[str, Any]]] = [
        (Event, {"kind": "play", "seat": 1, "text": "t", "private_to": None,
                 "data": {"card": "CJ"}}),
        (Event, {"kind": "over", "text": "The end."}),
        (Trick, {"leader": 0, "plays": [(0, "CJ"), (1, "SJ"), (2, "HJ")], "winner": 0}),
        (DealResult, {"number": 1, "dealer": 0, "roles": [1, 2, 0], "skat": ["CA", "ST"]}),
    ]
    for cls, values in cases:
        template, fresh = _template(cls)
        got = base._copyc.build(cls, values, template, fresh)
        expected = _build_py(cls, values, template, fresh)
        assert type(got) is type(expected)
        assert got.__dict__ == expected.__dict__ == cls(**values).__dict__
        assert got.__pydantic_fields_set__ == expected.__pydantic_fields_set__ == set(values)
        for name, _ in fresh:  # a mutable default is made fresh for each model
            if name not in values:
                assert got.__dict__[name] is not template[name]
                assert got.__dict__[name] is not base._copyc.build(
                    cls, values, template, fresh).__dict__[name]


def _outcome(call: Any, *args: Any) -> Any:
    """What ``call(*args)`` returns, or the type and words of what it raised."""
    try:
        return call(*args)
    except (KeyError, ValueError, IndexError, TypeError) as exc:
        return type(exc), str(exc)


@built
def test_follow_matches_python() -> None:
    """The cards a hand may play (and their actions), filtered and sorted as the Python does,
    with the same KeyError for a card outside a table."""
    from bot.games.euchre.ranking import _suit_table
    from bot.games.skat.contracts import card_order
    from bot.games.skat.rules import _PLAY_ACTIONS

    rng = random.Random(9)
    deck = list(_PLAY_ACTIONS)
    tables = [(_suit_table(t), None) for t in ("H", "C")]
    tables += [(o.eff, o.rank) for o in (card_order("grand", None), card_order("suit", "S"),
                                         card_order("null", None))]
    for _ in range(400):
        hand = rng.sample(deck, rng.randint(0, 10))
        if rng.random() < 0.1:
            hand.insert(rng.randint(0, len(hand)), rng.choice(["X1", "S2"]))
        led = rng.choice([None, rng.choice(deck), "X1"])
        for eff, rank in tables:
            args = (hand, led, eff, rank, _PLAY_ACTIONS)
            got = _outcome(base._copyc.follow, *args)
            assert got == _outcome(base.follow_py, *args)
            if isinstance(got, tuple) and isinstance(got[0], list):
                assert got[0] is not hand and all(
                    a is b for a, b in zip(got[1], base.follow_py(*args)[1], strict=True))


@built
def test_played_matches_python() -> None:
    """A card played to an unfinished trick leaves the state as the Python does: the seat's
    hand without the card (the other hands shared), the trick longer, the turn passed on; a
    card not in the hand raises as list.remove does."""
    for st in _states():
        if not st.hands or not any(st.hands):
            continue
        for seat, hand in enumerate(st.hands):
            for card in [*hand[:3], "X1"]:
                got = _outcome(base._copyc.played, st, seat, card, (seat + 1) % st.players)
                expected = _outcome(base.played_py, st, seat, card, (seat + 1) % st.players)
                if isinstance(expected, tuple):
                    assert got == expected
                    continue
                _same_but_new(got, expected, st, seat)
    with pytest.raises(IndexError):
        base._copyc.played(_states()[0], 9, "CJ", 0)


def _same_but_new(a: BaseModel, b: BaseModel, before: Any, seat: int,
                  changed: tuple[str, ...] = ("hands", "trick", "turn")) -> None:
    """`_same`, but the changed lists are new in each (equal, not shared)."""
    assert type(a) is type(b) and a.__dict__ == b.__dict__ and list(a.__dict__) == list(b.__dict__)
    for k in a.__dict__:
        if k not in changed:
            assert a.__dict__[k] is b.__dict__[k]
    assert a.__pydantic_fields_set__ == b.__pydantic_fields_set__
    assert a.__pydantic_extra__ is None and a.__pydantic_private__ is None
    assert all(h is before.hands[s] for s, h in enumerate(a.hands) if s != seat)
    assert a.hands is not before.hands and a.trick is not before.trick
    assert a.model_dump_json() == b.model_dump_json()


@built
def test_play_listed_matches_python() -> None:
    """A card just listed is played in one step exactly as the Python does it, and anything
    else (another seat, another state, a string, a card not listed, a finishing card) is left
    to the general way (None) by both."""
    from bot.games.euchre import rules as euchre_rules
    from bot.games.skat import rules as skat_rules

    tried = 0
    for st in _states():
        if getattr(st, "phase", "") != "play":
            continue
        seat = st.to_act[0]
        cell = (euchre_rules if st.game == "euchre" else skat_rules)._LAST_PLAY
        legal = st.legal_actions(seat)
        asks = [(seat, a) for a in legal] + [
            ((seat + 1) % st.players, legal[0]), (seat, str(legal[0])),
            (seat, base.Action(kind="play", arg="X1")), (seat, base.Action(kind="pass"))]
        for who, action in asks:
            got = base._copyc.play_listed(st, who, action, cell, base.Action)
            expected = base.play_listed_py(st, who, action, cell, base.Action)
            assert (got is None) == (expected is None)
            if got is not None:
                tried += 1
                assert got[1] == expected[1] and got[1][0] is expected[1][0]
                _same_but_new(got[0], expected[0], st, seat)
                assert got[0].model_dump_json() == st.apply(seat, action)[0].model_dump_json()
        other = evolve_py(st, {})
        assert base._copyc.play_listed(other, seat, legal[0], cell, base.Action) is None
    assert tried > 5


@built
def test_took_matches_python() -> None:
    """The card that finishes a trick: the same winner, record and state as the Python makes,
    and the same KeyError (nothing made) for a card outside the power table."""
    from bot.games.euchre import rules as euchre_rules
    from bot.games.euchre.ranking import _power_table, _suit_table
    from bot.games.skat import rules as skat_rules
    from bot.games.skat.contracts import card_order

    tried = 0
    for st in _states():
        if getattr(st, "phase", "") != "play" or not st.trick:
            continue
        seat = st.to_act[0]
        if st.game == "euchre":
            led = _suit_table(st.trump)[st.trick[0][1]]
            power, record, lead = _power_table(st.trump, led), euchre_rules._TRICK_RECORD, True
            leader = st.leader
        else:
            c = st.contract
            led = card_order(c.kind, c.suit).eff[st.trick[0][1]]
            power = skat_rules._strength(c.kind, c.suit, led)
            record, lead, leader = skat_rules._TRICK_RECORD, False, st.trick[0][0]
        for card in st.hands[seat]:
            args = (st, seat, card, power, record, leader, lead)
            got, expected = base._copyc.took(*args), base.took_py(*args)
            assert got[1] == expected[1]
            _same_but_new(got[0], expected[0], st, seat, changed=(
                "hands", "trick", "tricks", "turn", "leader"))
            assert got[0].tricks[-1].model_dump() == expected[0].tricks[-1].model_dump()
            tried += 1
        odd = {k: v for k, v in power.items() if k != st.trick[0][1]}
        for took in (base._copyc.took, base.took_py):
            with pytest.raises(KeyError):
                took(st, seat, st.hands[seat][0], odd, record, leader, lead)
    assert tried > 5


@built
def test_euchre_plays_match_python() -> None:
    """Euchre's card plays listed in one compiled step as `_plays_py` lists them, kept in the
    cell alike; None (the general way) alike for other phases and seats and for tables not
    made yet."""
    from bot.games.euchre import rules as er

    listed = 0
    for st in _states():
        if st.game != "euchre":
            continue
        for seat in range(st.players):
            st.legal_actions(seat)  # the general way has made the tables
            for tables, rounds, events in (
                    (er._SUIT_TABLES, er._ROUND, er._PLAY_EVENTS), ({}, er._ROUND, er._PLAY_EVENTS),
                    (er._SUIT_TABLES, {}, er._PLAY_EVENTS), (er._SUIT_TABLES, er._ROUND, {})):
                c_cell: list[Any] = [None]
                py_cell: list[Any] = [None]
                got = base._copyc.euchre_plays(st, seat, c_cell, tables, er._PLAY_ACTIONS,
                                               rounds, events)
                expected = er._plays_py(st, seat, py_cell, tables, er._PLAY_ACTIONS, rounds,
                                        events)
                assert got == expected and c_cell == py_cell
                if got is not None:
                    listed += 1
                    assert c_cell[0][0] is st and c_cell[0][4] is py_cell[0][4]
                    assert got == st.legal_actions(seat)
    assert listed > 5


@built
def test_skat_plays_match_python() -> None:
    """Skat's card plays (and the moves beside them) listed in one compiled step as
    `_plays_py` lists them, kept in the cell alike; None alike where a table is missing."""
    from bot.games.skat import rules as sr

    listed = 0
    for st in _states():
        if st.game != "skat":
            continue
        for seat in range(st.players):
            st.legal_actions(seat)  # the general way has made the tables
            for orders, events, extras in (
                    (sr._ORDERS, sr._PLAY_EVENTS, sr._EXTRAS), ({}, sr._PLAY_EVENTS, sr._EXTRAS),
                    (sr._ORDERS, {}, sr._EXTRAS), (sr._ORDERS, sr._PLAY_EVENTS, {})):
                args = (orders, sr._PLAY_ACTIONS, events, extras, sr.ROLE_NAMES, sr.CLAIM_CARDS)
                c_cell: list[Any] = [None]
                py_cell: list[Any] = [None]
                got = base._copyc.skat_plays(st, seat, c_cell, *args)
                assert got == sr._plays_py(st, seat, py_cell, *args) and c_cell == py_cell
                if got is not None:
                    listed += 1
                    assert got == st.legal_actions(seat)
    assert listed > 3


def _hot_models() -> list[type[BaseModel]]:
    from bot.games.euchre.options import EuchreOptions
    from bot.games.euchre.rules import EuchreState, HandResult, TrickRecord
    from bot.games.skat.contracts import Contract
    from bot.games.skat.options import SkatOptions
    from bot.games.skat.rules import DealResult, SkatState, Trick
    from bot.games.skat.scoring import SkatScore
    from bot.games.skat.sheet import SheetEntry, SkatScoreSheet

    return [base.Action, base.Event, EuchreState, TrickRecord, HandResult, EuchreOptions,
            SkatState, Trick, DealResult, Contract, SkatOptions, SkatScore, SheetEntry,
            SkatScoreSheet]


@built
def test_the_hot_models_read_attributes_the_plain_way() -> None:
    """`plain_attributes` took for every hot model (asked again, the core has nothing to do),
    and their instances answer as before: fields, properties, methods, and a missing name
    refused with pydantic's own words."""
    for cls in _hot_models():
        assert base._copyc.plain_attributes(cls) is False, cls
    for st in _states():
        assert st.players in (3, 4) and st.to_act == st.to_act and st.legal_actions(9) == []
        with pytest.raises(AttributeError, match=re.escape(
                f"'{type(st).__name__}' object has no attribute 'nope'")):
            _ = st.nope
        assert getattr(st, "nope", 5) == 5 and not hasattr(st, "nope")
    action = base.Action(kind="play", arg="CJ")
    assert (action.kind, action.arg, str(action)) == ("play", "CJ", "play:CJ")
    with pytest.raises(AttributeError, match=re.escape("'Action' object has no attribute 'x'")):
        _ = action.x


def test_plain_attributes_leaves_private_values_to_pydantic() -> None:
    """A model with private attributes (or a subclass made later) keeps pydantic's lookup,
    which it needs for them."""

    class Private(BaseModel):
        x: int = 1
        _secret: int = PrivateAttr(default=7)

    base.plain_attributes(Private)
    assert Private()._secret == 7
    from bot.games.euchre.rules import EuchreState

    class Later(EuchreState):
        _note: str = PrivateAttr(default="kept")

    st = next(s for s in _states() if isinstance(s, EuchreState))
    later = Later.model_validate(st.model_dump())
    assert later._note == "kept" and later.dealer == st.dealer
    with pytest.raises(TypeError):
        base.plain_attributes(int)  # type: ignore[arg-type]


def test_the_python_paths_play_the_same() -> None:
    """Without any compiled core (as on a machine without a compiler) the rules play exactly
    the recorded digests too: the Python copies and claim search are the fallback."""
    code = (
        "import sys\n"
        "for name in ('bot.games._copyc', 'bot.games.skat._claimc', 'bot.games.skat._ddsc'):\n"
        "    sys.modules[name] = None\n"
        "from bot.games import base\n"
        "from bot.games.skat import solver\n"
        "assert base._copyc is None and base.evolve is base.evolve_py and not solver.NATIVE\n"
        "assert base.follow is base.follow_py and base.played is base.played_py\n"
        "assert base.play_listed is base.play_listed_py and base.took is base.took_py\n"
        "from bot.games.euchre import rules\n"
        "from bot.games.skat import rules as skat_rules\n"
        "assert rules._euchre_plays is None and skat_rules._skat_plays is None\n"
        "from tests.games.test_rules_core_unchanged import CASES, digest\n"
        "for key, preset, players, overrides, games, expected in CASES:\n"
        "    assert digest(key, preset, players, overrides, games) == expected, key\n"
        "print('same')\n"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0 and done.stdout.strip() == "same", done.stderr[-2000:]
