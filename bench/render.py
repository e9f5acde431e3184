"""How long pictures take to draw and how big they are, per game and picture kind.

    python -m bench.render [--positions 200] [--seed 0] [--style two_colour|four_colour]
                           [--save DIR]

For Skat and Euchre, ``--positions`` seeded positions (a random preset and player count, then
0..120 random legal moves, tests/render/positions.py): the public table picture and the hand
picture of the seat to act (with its legal actions); for dominoes the same, with the positions
shared out evenly over the booklet's games. For dice, as many positions of every game of the
booklet (a random game and player count, then random moves): the table picture (dice have no
hand picture). For patience, as many random layouts of
each size (Klondike, Forty Thieves, a long two-pack layout, 13 packets) through
``draw_layout``. Prints p50/p95/max wall ms per picture (PNG encoding included), the p95 of
its CPU time, and p95/max PNG size, against the targets p95 < 30 ms and < 200 KB; exits 1
if a target is missed.

The time target is judged on CPU time, which is the wall time on an idle core (on a shared
machine the wall time also counts the waits for a core). Every picture is drawn twice: the
first pass also loads the fonts and draws each card tile the first time it appears
(reported, not judged); the second is the steady state of a running bot, and is judged.
``--save DIR`` writes one sample PNG of every picture kind, one of every dice game, and a
table and a hand of every dominoes game.

A benchmark, not a test: the times depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from bot.games import registry
from bot.render import hand_picture, table_picture
from bot.render.pictures.layout import draw_layout
from tests.render.positions import LAYOUTS, random_layout, random_states

TARGET_MS = 30.0
TARGET_BYTES = 200_000

Draw = Callable[[], bytes | None]


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def dominoes_samples(seed: int, style: str) -> dict[str, bytes]:
    """One table and one hand picture per dominoes game, each from the busiest of a few
    positions (the most tiles on the table), to look at."""
    out: dict[str, bytes] = {}
    for i, variant in enumerate(sorted(registry.get("dominoes").presets)):
        states = list(random_states("dominoes", 8, seed + i, variant))
        state = max(states, key=lambda s: (len(s.view(None).played), bool(s.to_act)))
        public = state.view(None)
        names = [f"Player {j + 1}" for j in range(public.players)]
        out[f"dominoes-{variant}-table"] = table_picture(public, names, style).png or b""
        if state.to_act:
            seat = state.to_act[0]
            out[f"dominoes-{variant}-hand"] = hand_picture(
                state.view(seat), names, style, state.legal_actions(seat)).png or b""
    return out


def _jobs(positions: int, seed: int, style: str) -> dict[str, list[Draw]]:
    """Per picture kind, the pictures to draw (closures over ready-made views)."""
    jobs: dict[str, list[Draw]] = {}
    for key in ("skat", "euchre"):
        tables: list[Draw] = []
        hands: list[Draw] = []
        for state in random_states(key, positions, seed):
            names = [f"Player {i + 1}" for i in range(state.view(None).players)]
            public = state.view(None)
            tables.append(lambda v=public, n=names: table_picture(v, n, style).png)
            if state.to_act:
                seat = state.to_act[0]
                legal, mine = state.legal_actions(seat), state.view(seat)
                hands.append(lambda v=mine, n=names, a=legal: hand_picture(v, n, style, a).png)
        jobs[f"{key} table"] = tables
        jobs[f"{key} hand"] = hands
    dice: list[Draw] = []  # dice hide nothing: the table picture is the only one
    for state in random_states("dice", positions, seed):
        public = state.view(None)
        names = [f"Player {i + 1}" for i in range(public.players)]
        dice.append(lambda v=public, n=names: table_picture(v, n, style).png)
    jobs["dice table"] = dice
    tables, hands = [], []
    variants = sorted(registry.get("dominoes").presets)
    for i, variant in enumerate(variants):
        share = positions // len(variants) + (i < positions % len(variants))
        for state in random_states("dominoes", share, seed + i, variant):
            public = state.view(None)
            names = [f"Player {j + 1}" for j in range(public.players)]
            tables.append(lambda v=public, n=names: table_picture(v, n, style).png)
            if state.to_act:
                seat = state.to_act[0]
                legal, mine = state.legal_actions(seat), state.view(seat)
                hands.append(lambda v=mine, n=names, a=legal: hand_picture(v, n, style, a).png)
    jobs["dominoes table"] = tables
    jobs["dominoes hand"] = hands
    rng = random.Random(seed)
    for kind in LAYOUTS:
        piles = [random_layout(kind, rng) for _ in range(positions)]
        jobs[f"patience {kind}"] = [
            lambda p=p, k=kind: draw_layout(p, title=k.replace("_", " ").title(), style=style)
            for p in piles
        ]
    return jobs


def _dice_samples(positions: int, seed: int, style: str) -> dict[str, bytes]:
    """One table picture of every dice game met among the positions (``--save``)."""
    samples: dict[str, bytes] = {}
    for state in random_states("dice", positions, seed):
        public = state.view(None)
        variant = getattr(public, "variant", "")
        if variant and variant not in samples:
            names = [f"Player {i + 1}" for i in range(public.players)]
            png = table_picture(public, names, style).png
            if png is not None:
                samples[variant] = png
    return samples


Measured = tuple[list[float], list[float], list[int], bytes | None]


def _measure(draws: list[Draw]) -> Measured:
    """Wall and CPU milliseconds and PNG bytes of every picture, and a sample PNG."""
    walls: list[float] = []
    cpus: list[float] = []
    sizes: list[int] = []
    sample: bytes | None = None
    for draw in draws:
        c0, t0 = time.thread_time(), time.perf_counter()
        png = draw()
        walls.append((time.perf_counter() - t0) * 1000)
        cpus.append((time.thread_time() - c0) * 1000)
        if png is not None:
            sizes.append(len(png))
            sample = sample or png
    return walls, cpus, sizes, sample


def _table(results: dict[str, Measured]) -> list[str]:
    """Print one line per kind; return the kinds that miss a target."""
    print(f"  {'picture':<24} {'n':>4} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} "
          f"{'cpu p95':>8} {'p95 KB':>7} {'max KB':>7}")
    missed = []
    for kind, (walls, cpus, sizes, _) in results.items():
        if not walls:
            continue
        p95_cpu, p95_size = _quantile(cpus, 0.95), _quantile(sizes, 0.95) if sizes else 0
        print(f"  {kind:<24} {len(walls):>4} {statistics.median(walls):>7.1f} "
              f"{_quantile(walls, 0.95):>7.1f} {max(walls):>7.1f} {p95_cpu:>8.1f} "
              f"{p95_size / 1000:>7.1f} {max(sizes, default=0) / 1000:>7.1f}")
        if p95_cpu >= TARGET_MS or p95_size >= TARGET_BYTES:
            missed.append(kind)
    return missed


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--positions", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--style", default="two_colour", choices=("two_colour", "four_colour"))
    p.add_argument("--save", type=Path, default=None, help="write one sample PNG per kind")
    args = p.parse_args(argv)
    jobs = _jobs(args.positions, args.seed, args.style)
    cold = {kind: _measure(draws) for kind, draws in jobs.items()}
    print("first pass (cold caches: fonts load, card tiles are drawn as cards first appear):")
    _table(cold)
    warm = {kind: _measure(draws) for kind, draws in jobs.items()}
    print("second pass, same pictures (warm caches, as in a running bot):")
    missed = _table(warm)
    if args.save is not None:
        args.save.mkdir(parents=True, exist_ok=True)
        for kind, (_, _, _, sample) in warm.items():
            if sample is not None:
                (args.save / f"{kind.replace(' ', '-')}.png").write_bytes(sample)
        for variant, png in _dice_samples(args.positions, args.seed, args.style).items():
            (args.save / f"dice-{variant.replace('_', '-')}.png").write_bytes(png)
        for name, png in dominoes_samples(args.seed, args.style).items():
            (args.save / f"{name}.png").write_bytes(png)
        print(f"samples written to {args.save}/")
    if missed:
        print(f"targets (p95 < {TARGET_MS:.0f} ms, < {TARGET_BYTES // 1000} KB) missed by: "
              + ", ".join(missed))
        sys.exit(1)
    print(f"every kind within the targets (p95 < {TARGET_MS:.0f} ms, "
          f"< {TARGET_BYTES // 1000} KB)")


if __name__ == "__main__":
    main()
