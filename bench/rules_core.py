"""Benchmark of the rules core: random play-outs of Skat and Euchre, beside OpenSpiel's loop.

    python -m bench.rules_core [--games N] [--seed S] [--only skat|euchre] [--repeat R]
                               [--profile]

Per game (Skat ``classic`` three-handed, Euchre ``hoyle1871`` and ``modern`` four-handed) it plays
N whole games through the public rules API only: ``registry.get(key).new(...)``,
``state.legal_actions(seat)`` and ``state.apply(seat, action)``, each step a random legal action
from a seeded ``random.Random`` (game ``i`` is dealt from seed ``S + i``). It prints games/s,
deals/s and moves/s.

If ``import pyspiel`` works (``pip install open_spiel``; it is not a project dependency), the same
loop runs over OpenSpiel's ``skat`` and ``euchre`` games (``state.legal_actions()``,
``state.apply_action(a)``, chance nodes sampled by their outcome probabilities) and is printed
beside ours with the ratio. An OpenSpiel game is one deal, while ours is a whole game (a Skat
series of a round of deals, Euchre to the target), and OpenSpiel counts dealing each card as a
chance move: so the fair ratios are deals/s and player moves/s (our moves are all player moves;
OpenSpiel's dealing moves are left out of its moves/s). Without pyspiel it prints ours alone.

Times are the process's CPU time (``time.process_time``), so other work on a shared machine
does not count against either side; ``--repeat R`` plays each side's games R times and keeps the
fastest run (the machine's noise only ever slows a run down). Each game's modules are imported
before its clock starts, as ``pyspiel.load_game`` runs before OpenSpiel's.

``--profile`` runs the Parlour play-outs under cProfile instead and prints the top functions.
This is a benchmark, not a test: it prints numbers and asserts nothing.

Measured (this 2-core machine, shared and busy; ``nice -n 15 python -m bench.rules_core
--games 500 --repeat 5``, deals/s, Parlour vs OpenSpiel in one run, so the ratios are what
counts):

=================  ===========================  ===========================
                   before (495b77a)             after (branch rules3)
=================  ===========================  ===========================
skat               3,726 vs 5,707  (x0.65)      5,893 vs 5,638  (x1.05)
euchre-hoyle1871   5,380 vs 8,961  (x0.60)      8,973 vs 8,935  (x1.00)
euchre-modern      5,547 vs 8,961  (x0.62)      9,693 vs 8,935  (x1.08)
=================  ===========================  ===========================

Three runs of the final code: Skat x0.98-1.05, hoyle1871 x1.00-1.02, modern x1.05-1.08 (this
machine's noise is a few per cent; on a quieter run the before figures read x0.77, x0.70,
x0.74). By instructions (valgrind, per deal) Parlour now does less work than OpenSpiel's loop:
Skat 1.16M against 1.46M, Euchre 0.77M against 0.95M; it runs at a lower rate of instructions
a cycle (many small objects, a state's dict copied per move). Where the time went: each card
listed and played is one compiled step (`_copyc.euchre_plays` / `skat_plays`, `play_listed`,
`took`, `follow`; their Python twins are the reference), model copies write pydantic's slots
directly, the hot models read attributes without pydantic's ``__getattr__`` hook
(`base.plain_attributes`), and the deal's fixed costs (dealing, scoring, event texts) are
cached per wording or per contract. What is left is spread thin: the seeded shuffle (the
generator's own seeding is ~5 us a deal), scoring texts, and this loop's own calls.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.games import registry


@dataclass
class Figures:
    games: int
    deals: int
    moves: int
    seconds: float

    def line(self, label: str) -> str:
        s = self.seconds or 1e-9
        return (f"  {label:<10} {self.games / s:9.1f} games/s {self.deals / s:9.1f} deals/s "
                f"{self.moves / s:10.0f} moves/s  ({self.games} games, {self.deals} deals, "
                f"{self.moves} moves, {self.seconds:.2f} s)")


CASES: dict[str, tuple[str, str, int]] = {
    # label -> (game key, preset, players)
    "skat": ("skat", "classic", 3),
    "euchre-hoyle1871": ("euchre", "hoyle1871", 4),
    "euchre-modern": ("euchre", "modern", 4),
}


def parlour_playout(key: str, preset: str, players: int, seed: int,
                    rng: random.Random) -> tuple[int, int]:
    """One whole game of random legal moves; returns (deals, moves)."""
    game = registry.get(key)
    state = game.new(players, game.options(preset), seed)
    moves = 0
    while True:
        to_act = state.to_act
        if not to_act:
            break
        seat = to_act[0]
        action = rng.choice(state.legal_actions(seat))
        state, _ = state.apply(seat, action)
        moves += 1
    return state.deal_no + 1, moves  # type: ignore[attr-defined]


def run_parlour(label: str, games: int, seed: int) -> Figures:
    key, preset, players = CASES[label]
    registry.get(key)  # the game's modules imported before the clock, as OpenSpiel's load_game
    rng = random.Random(seed)
    deals = moves = 0
    start = CLOCK()
    for i in range(games):
        d, m = parlour_playout(key, preset, players, seed + i, rng)
        deals += d
        moves += m
    return Figures(games, deals, moves, CLOCK() - start)


def run_openspiel(pyspiel: object, name: str, games: int, seed: int) -> Figures:
    """OpenSpiel's Python game loop: one deal per game, chance sampled by its probabilities."""
    game = pyspiel.load_game(name)  # type: ignore[attr-defined]
    rng = random.Random(seed)
    moves = 0
    start = CLOCK()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
    return Figures(games, games, moves, CLOCK() - start)


CLOCK = time.process_time
"""The clock of both sides: this process's CPU time."""


def best(run: Callable[[], Figures], repeat: int) -> Figures:
    """The fastest of ``repeat`` runs (the same games each time)."""
    return min((run() for _ in range(max(1, repeat))), key=lambda f: f.seconds)


OPENSPIEL_NAME = {"skat": "skat", "euchre-hoyle1871": "euchre", "euchre-modern": "euchre"}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.rules_core", description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="play-outs per game (200)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (1)")
    parser.add_argument("--only", choices=("skat", "euchre"), default=None)
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs of each side, the fastest kept (1)")
    parser.add_argument("--profile", action="store_true", help="cProfile Parlour's play-outs")
    args = parser.parse_args(argv)
    labels = [lb for lb in CASES if args.only is None or lb.startswith(args.only)]

    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        for label in labels:
            run_parlour(label, args.games, args.seed)
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(40)
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)
        return

    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        pyspiel = None
        print("pyspiel is not installed: Parlour's figures alone (pip install open_spiel).")
    print(f"Random play-outs, {args.games} games each, seeds {args.seed}-"
          f"{args.seed + args.games - 1}, CPU time, best of {max(1, args.repeat)}:")
    cached: dict[str, Figures] = {}
    for label in labels:
        print(label)
        ours = best(lambda label=label: run_parlour(label, args.games, args.seed), args.repeat)
        print(ours.line("parlour"))
        if pyspiel is None:
            continue
        name = OPENSPIEL_NAME[label]
        if name not in cached:
            cached[name] = best(lambda name=name: run_openspiel(pyspiel, name, args.games,
                                                                 args.seed), args.repeat)
        theirs = cached[name]
        print(theirs.line("openspiel"))
        d_ratio = (ours.deals / ours.seconds) / (theirs.deals / theirs.seconds)
        m_ratio = (ours.moves / ours.seconds) / (theirs.moves / theirs.seconds)
        print(f"  parlour / openspiel: deals/s x{d_ratio:.2f}, moves/s x{m_ratio:.2f}")


if __name__ == "__main__":
    main()
