"""Seeded positions for the picture tests and ``bench.render``: games played a random number
of random legal moves from a random preset, and patience layouts of several sizes."""

from __future__ import annotations

import random
from collections.abc import Iterator

from bot.games import registry
from bot.games.base import Action, InvalidOptions, State
from bot.games.cards import deck
from bot.render.pictures.layout import PileDrawing

_QUICK = ("pass", "skat", "play", "accept", "declare")


def _pick(actions: list[Action], rng: random.Random) -> Action:
    """Mostly the kinds that move a deal on (so many positions are in the play), else any."""
    quick = [a for a in actions if a.kind in _QUICK]
    if quick and rng.random() < 0.7:
        return rng.choice(quick)
    return rng.choice(actions)


def new_state(key: str, rng: random.Random, preset: str | None = None) -> State:
    """A fresh game of ``key``: a random preset (or ``preset``) and a player count the game
    accepts."""
    game = registry.get(key)
    fixed = preset
    while True:
        preset = fixed or rng.choice(sorted(game.presets))
        players = rng.choice(game.players)
        try:
            options = game.options(preset)
            game.check_players(players, options)
        except InvalidOptions:
            continue
        return game.new(players, options, rng.randrange(2**32))


def random_states(key: str, count: int, seed: int = 0,
                  preset: str | None = None) -> Iterator[State]:
    """``count`` states of ``key`` (of one ``preset`` if given), each after 0..120 random
    legal moves."""
    rng = random.Random(seed)
    for _ in range(count):
        state = before = new_state(key, rng, preset)
        for _ in range(rng.randrange(0, 120)):
            if state.is_over or not state.to_act:
                break
            seat = state.to_act[0]
            before, (state, _) = state, state.apply(seat, _pick(state.legal_actions(seat), rng))
        # most games end within the moves: keep some finished ones, mostly the last move before
        yield before if state.is_over and rng.random() < 0.8 else state


LAYOUTS = ("klondike", "forty_thieves", "two_pack_long", "packets")


def random_layout(kind: str, rng: random.Random) -> list[PileDrawing]:
    """Piles shaped like a real game's: Klondike (7 columns), Forty Thieves (10 columns, 8
    foundations, stock, waste), a two-pack layout late in the game (long fans), and 13
    packets fanned sideways."""
    cards: list[str] = deck("AKQJT98765432") * 2
    rng.shuffle(cards)

    def take(n: int) -> list[str | None]:
        return [cards.pop() for _ in range(min(n, len(cards)))]

    piles: list[PileDrawing] = []
    if kind == "klondike":
        piles.append(PileDrawing("s", "Stock", [], "none", 0, 0, count=rng.randrange(25)))
        piles.append(PileDrawing("w", "Waste", take(rng.randrange(4)), "right", 0, 1))
        piles += [PileDrawing(f"f{i + 1}", "Foundation", take(rng.randrange(3)), "none", 0,
                              3 + i) for i in range(4)]
        piles += [PileDrawing(f"t{i + 1}", "", [None] * rng.randrange(i + 1)
                              + take(rng.randrange(1, 6)), "down", 1, i) for i in range(7)]
    elif kind in ("forty_thieves", "two_pack_long"):
        depth = (3, 8) if kind == "forty_thieves" else (10, 20)
        piles.append(PileDrawing("s", "Stock", [], "none", 0, 0, count=rng.randrange(60)))
        piles.append(PileDrawing("w", "Waste", take(rng.randrange(6)), "none", 0, 1))
        piles += [PileDrawing(f"f{i + 1}", "Foundation", take(rng.randrange(4)), "none", 0,
                              2 + i) for i in range(8)]
        piles += [PileDrawing(f"t{i + 1}", "", [None] * rng.randrange(3)
                              + take(rng.randrange(*depth)), "down", 1, i) for i in range(10)]
    else:
        piles += [PileDrawing(f"p{i + 1}", "", take(rng.randrange(1, 5)), "right", i // 5,
                              (i % 5) * 2.2) for i in range(13)]
        piles.append(PileDrawing("s", "Stock", [None] * rng.randrange(6), "none", 3, 0))
    pick = rng.choice(piles)
    return [p if p is not pick else PileDrawing(p.id, p.label, p.cards, p.fan, p.row, p.col,
                                                p.count, True) for p in piles]
