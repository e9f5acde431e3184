"""Benchmark of the dominoes AI: per game, its win rate against random and greedy players.

    python -m bench.dominoes_ai [--games N] [--seed S] [--variant ID ...] [--players N]
        [--option NAME=VALUE ...]

Each game of the catalogue at its usual table size; seat 0 is the AI (with its partner, seat 2,
where the game has partnerships), every other seat plays ``random`` (a random legal move) or
``greedy`` (the most points now, else the heaviest tile). Match ``i`` uses seed ``S + i``.
A seat that shares a win counts as a win. Prints the AI's win rate with its standard error, the
even-chance share (1 / sides) beside it, the p95 time of the AI's decisions, and the AI's mean
margin in the outcome's points over the other side's mean (against random / greedy: counters
in Domino Poker and the pools, points elsewhere).
This is a benchmark, not a test: it prints numbers and asserts nothing.

Measured 25 Nov 2026 (100 matches per cell, seeds 1895-1994, the 2-core box shared with other
work), AI win rate against random / greedy: draw 100% / 84%, matadore 92 / 59, block 77 / 68,
muggins 85 / 55, all_threes 84 / 65, four 97 / 43 (even 25%), cyprus 64 / 66, sebastopol
65 / 57, tiddle_a_wink 32 / 27 (even 25%: three tiles each leave little to play), pool 60 / 30,
draw_pool 65 / 43, whist 90 / 68, bergen 63 / 69, poker 48 / 48 (a win rate says little
there: its margin is +4.3 / +0.0 counters a deal), bingo 93 / 100, loo 84 / 62, rounce 94 / 67
(even 33%), domino_euchre 96 / 77. Decision p95 under 20 ms everywhere (cyprus 17 ms).

25 Nov 2026, later (dominoes-rules branch): Tiddle-a-wink's Monte Carlo AI over 2000 matches
(seeds 1895-3894): 30.9% ± 1.0 / 29.0% ± 1.0, against the one-ply heuristic's 31.1 / 28.5 on the
same seeds: no significant gain with three tiles each (under one real choice a game; a seat
that sees every hand reaches about 35 / 33, one playing at random 25 / 23). With four tiles
each (``--option hand_size=4``, 1000 matches): 33.8 / 32.4 (the heuristic 33.1 / 29.7 in a
paired harness). Decision p95 8-14 ms. Domino Loo for a pool (200 matches, ``--players 3`` /
``4``): 71.0 / 48.5 (even 33%), 67.5 / 43.5 (even 25%); Muggins with ``announce=true``:
96.5 / 59.5 (random seats announce at random and are cried muggins).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence

from bot.games.base import Action
from bot.games.dominoes import GAME, DominoesView, ai

Policy = Callable[[DominoesView, Sequence[Action], random.Random], Action]


def random_policy(view: DominoesView, legal: Sequence[Action], rng: random.Random) -> Action:
    return rng.choice(list(legal))


OPPONENTS: dict[str, Policy] = {"random": random_policy, "greedy": ai.greedy}


def play_match(variant: str, seed: int, opponent: Policy, times: list[float],
               margins: list[float], players: int | None = None,
               flags: dict[str, str] | None = None) -> bool:
    options = GAME.options(variant, **(flags or {}))
    players = players or GAME.default_players_for(options)
    ours = {0, 2} if GAME.teams(players, options) else {0}
    state = GAME.new(players, options, seed)
    rng = random.Random(f"bench:{variant}:{seed}")
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        if seat in ours:
            start = time.perf_counter()
            action = ai.choose(view, legal, rng)
            times.append(time.perf_counter() - start)
        else:
            action = opponent(view, legal, rng)
        state, _ = state.apply(seat, action)
    outcome = state.outcome()
    assert outcome is not None
    theirs = [p for s, p in enumerate(outcome.points) if s not in ours]
    margins.append(outcome.points[0] - sum(theirs) / len(theirs))
    return 0 in outcome.winners


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1895)
    parser.add_argument("--variant", nargs="*", default=[v.id for v in GAME.variants()])
    parser.add_argument("--players", type=int, default=None,
                        help="table size (default: each game's usual)")
    parser.add_argument("--option", nargs="*", default=[],
                        help="game options as NAME=VALUE (e.g. play_for=pool)")
    args = parser.parse_args(argv)
    flags = dict(o.split("=", 1) for o in args.option)
    print(f"{'game':<15} {'players':>7} {'even':>6} {'vs random':>16} {'vs greedy':>16}"
          f" {'p95 ms':>7} {'margin r/g':>13}")
    for variant in args.variant:
        options = GAME.options(variant, **flags)
        players = args.players or GAME.default_players_for(options)
        sides = 2 if GAME.teams(players, options) else players
        times: list[float] = []
        cells = []
        margin_cells = []
        for opponent in OPPONENTS.values():
            margins: list[float] = []
            wins = sum(play_match(variant, args.seed + i, opponent, times, margins, players,
                                  flags)
                       for i in range(args.games))
            margin_cells.append(f"{statistics.fmean(margins):+.1f}")
            rate = wins / args.games
            se = math.sqrt(rate * (1 - rate) / args.games)
            cells.append(f"{rate:6.1%} ± {se:5.1%}")
        p95 = statistics.quantiles(times, n=20)[-1] * 1000 if len(times) > 1 else 0.0
        print(f"{variant:<15} {players:>7} {1 / sides:>6.1%} {cells[0]:>16} {cells[1]:>16}"
              f" {p95:>7.2f} {'/'.join(margin_cells):>13}", flush=True)


if __name__ == "__main__":
    main()
