"""The rules-core contract, checked over every registered game and every catalogue variant.

Seeded random play-outs (bounded steps, a failure names game, variant and seed). At each step:
the outcome exists exactly when the game is over; cards are conserved where the game's traits
say so; views hold no card their seat may not see; now and then every legal action is applied
and nonsense, a wrong seat and unknown piles are refused with `IllegalAction`. At the end the
JSON snapshot reloads equal, and a replay of the log from the seed rebuilds the same state.
A new variant is covered the day it is added to a catalogue.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.games import registry
from bot.games.base import Action, Game, IllegalAction, InvalidOptions, State
from bot.games.cards import deck
from bot.games.patience.game import shown_depth
from tests.games.dominoes.helpers import hidden_from as dominoes_hidden
from tests.games.dominoes.helpers import tiles_in_play as dominoes_tiles
from tests.games.euchre.test_euchre_props import all_cards as euchre_cards
from tests.games.euchre.test_euchre_props import hidden_from as euchre_hidden
from tests.games.skat.test_skat_playouts import cards_in_play as skat_cards
from tests.games.skat.test_skat_playouts import hidden_from as skat_hidden

STEPS = {"patience": 150, "euchre": 150, "skat": 150, "dice": 150, "dominoes": 150}
SEEDS = {"patience": 3, "euchre": 3, "skat": 3, "dice": 3, "dominoes": 3}
EVERY_ACTION_EVERY = 15  # apply every legal action on every 15th step
VIEW_EVERY = 3

KEYS = registry.keys()
CASES = [(key, v.id) for key in KEYS for v in registry.get(key).variants()]


def test_every_game_and_variant_is_covered() -> None:
    keys = {k for k, _ in CASES}
    assert {"euchre", "skat", "patience", "dice"} <= keys
    assert sum(1 for k, _ in CASES if k == "patience") == len(registry.get("patience").variants())


# -- per-family knowledge the contract cannot know: where cards live, what a seat may not see --


def _pack(game: Game, state: State) -> Counter[str]:
    opts = state.options  # type: ignore[attr-defined]
    if game.key == "patience":
        return Counter(game.pack(opts))  # type: ignore[attr-defined]
    if game.key == "dominoes":
        return Counter(game.pack(opts, state.players))  # type: ignore[attr-defined]
    if game.key == "skat":
        from bot.games.skat.rules import FULL_DECK

        return Counter(FULL_DECK)
    return Counter(deck(opts.ranks))


def _cards(game: Game, state: State) -> Counter[str]:
    if game.key == "patience":
        return Counter(c.lstrip("~") for p in state.piles.values() for c in p)  # type: ignore[attr-defined]
    if game.key == "dominoes":
        return Counter(dominoes_tiles(state))  # type: ignore[arg-type]
    if game.key == "skat":
        return Counter(skat_cards(state))  # type: ignore[arg-type]
    return Counter(euchre_cards(state))  # type: ignore[arg-type]


def _check_views(game: Game, state: State) -> None:
    if game.traits.information == "public":
        _check_public_views(state)
        return
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        if game.key == "patience":
            _check_patience_view(state, view)
            continue
        if game.key == "dominoes":
            text = view.model_dump_json(exclude={"report"})  # the last hand, shown at its count
            hidden = dominoes_hidden(state, seat)  # type: ignore[arg-type]
        elif game.key == "skat":
            text = view.model_dump_json(exclude={"last"})
            hidden = skat_hidden(state, seat)  # type: ignore[arg-type]
        else:
            text = view.model_dump_json(exclude={"last_hand"})
            hidden = euchre_hidden(state, seat)  # type: ignore[arg-type]
        leaked = [c for c in hidden if f'"{c}"' in text]
        assert not leaked, (game.key, seat, leaked)


def _check_public_views(state: State) -> None:
    """A public game shows every seat the same table: views differ in nothing but ``seat``."""
    table = state.view(None).model_dump(exclude={"seat"})
    for seat in range(state.players):
        assert state.view(seat).model_dump(exclude={"seat"}) == table, seat


def _players(game: Game, options: object) -> int:
    """The game's default player count, or the first this variant seats."""
    for count in (game.default_players, *game.players):
        try:
            game.check_players(count, options)  # type: ignore[arg-type]
        except InvalidOptions:
            continue
        return count
    raise AssertionError(f"{game.key} seats no one")


def _check_patience_view(state: State, view: object) -> None:
    """A patience view shows no face-down card, nothing under a squared packet's top, and of
    the stock at most its top where the game turns it up for the player to place."""
    piles = state.piles  # type: ignore[attr-defined]
    rules = state.rules  # type: ignore[attr-defined]
    for pv in view.piles:  # type: ignore[attr-defined]
        real = piles.get(pv.id, [])
        assert pv.count == len(real), pv.id
        if pv.kind == "stock":
            assert pv.cards == ([] if rules.stock != "choose" or not real
                                else [real[-1].lstrip("~")])
            continue
        assert len(pv.cards) == len(real), pv.id
        for i, (shown, card) in enumerate(zip(pv.cards, real, strict=True)):
            if shown is None:
                continue
            assert not card.startswith("~"), (pv.id, i, "a face-down card shows")
            assert shown == card, (pv.id, i)
            depth = shown_depth(rules, piles, pv.id) if pv.kind != "foundation" else 1
            assert pv.fan != "none" or i >= len(real) - depth, (pv.id, i, "a squared card")


def _wrong(game: Game, state: State, rng: random.Random) -> list[str]:
    pool = ["nonsense", "move:zz>f1", "pair:t99,t98", "play:XX", "bid:9999", "redeal:now"]
    legal = {str(a) for s in state.to_act for a in state.legal_actions(s)}
    return [w for w in rng.sample(pool, 3) if w not in legal]


def _step_checks(game: Game, state: State, step: int, rng: random.Random) -> None:
    assert (state.outcome() is None) == (not state.is_over)
    if game.traits.conserves_cards:
        assert _cards(game, state) == _pack(game, state)
    if step % VIEW_EVERY == 0:
        _check_views(game, state)
    if state.is_over:
        for seat in range(state.players):
            assert state.legal_actions(seat) == []
        return
    seat = state.to_act[0]
    for bad in _wrong(game, state, rng):
        with pytest.raises(IllegalAction):
            state.apply(seat, bad)
    idle = next((s for s in range(state.players) if s not in state.to_act), None)
    if idle is not None:
        legal = state.legal_actions(seat)
        with pytest.raises(IllegalAction):
            state.apply(idle, legal[0])
    if step % EVERY_ACTION_EVERY == 0:
        for action in state.legal_actions(seat)[:60]:
            after, _ = state.apply(seat, action)
            assert isinstance(after, type(state))


def _play(game: Game, variant: str, seed: int) -> None:
    options = game.options(variant)
    own = getattr(game, "default_players_for", None)
    players = own(options) if own is not None else _players(game, options)
    state = game.new(players, options, seed)
    log: list[tuple[int, Action]] = []
    rng = random.Random(f"{game.key}:{variant}:{seed}")
    for step in range(STEPS[game.key]):
        _step_checks(game, state, step, rng)
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        moves = [a for a in legal if a.kind != "resign"] or legal
        action = rng.choice(moves)
        before = state.model_dump()
        after, _ = state.apply(seat, action)
        assert state.model_dump() == before  # apply left the old state as it was
        state = after
        log.append((seat, action))
    _step_checks(game, state, 0, rng)
    assert game.load(state.model_dump_json()) == state
    again = game.new(players, options, seed)
    for seat, action in log:
        again, _ = again.apply(seat, action)
    assert again.model_dump() == state.model_dump()


@pytest.mark.parametrize(("key", "variant"), CASES)
def test_contract(key: str, variant: str) -> None:
    game = registry.get(key)
    for seed in range(SEEDS[key]):
        _play(game, variant, seed)


def test_resign_ends_every_patience() -> None:
    game = registry.get("patience")
    for v in game.variants():
        state = game.new(1, game.options(v.id), 3)
        if state.is_over:
            continue
        over, _ = state.apply(0, "resign")
        assert over.is_over and over.outcome() is not None
        assert over.outcome().winners == []  # type: ignore[union-attr]
        assert over.outcome().lines[0].startswith("Gave up after 0 moves")  # type: ignore[union-attr]
        with pytest.raises(IllegalAction):
            over.apply(0, "resign")

