"""Patience through the engine, per game: moves a second, and a click's cost to the new picture.

    python -m bench.patience [--deals 5] [--moves 200] [--games id,id,...]

For each of the catalogue's games, ``--deals`` seeded deals played by random legal moves (giving
up only when nothing else is left) for at most ``--moves`` moves: moves a second through
``legal_actions`` + ``apply`` (what a click costs the rules core). Then, for the two-pack
layouts, the whole path of a click up to the new message: ``apply``, the player's ``view``,
the text and the picture (``render.table_picture``, PNG encoded), p50/p95 against the target
p95 < 50 ms. CPU time is reported beside wall time (a shared machine adds waits for a core).

A benchmark, not a test: the numbers depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot import render
from bot.games import registry
from bot.games.base import Action

TARGET_CLICK_MS = 50.0


def _play(game_id: str, deals: int, moves: int) -> tuple[int, float, list[float], list[float]]:
    """(moves made, seconds in the engine, click wall ms, click CPU ms) over ``deals`` deals."""
    game = registry.get("patience")
    options = game.options(game_id)
    two_packs = "2 packs" in next(v.tags for v in game.variants() if v.id == game_id) or (
        "4 packs" in next(v.tags for v in game.variants() if v.id == game_id))
    made, engine_s = 0, 0.0
    wall: list[float] = []
    cpu: list[float] = []
    for seed in range(deals):
        rng = random.Random(seed)
        state = game.new(1, options, seed)
        for _ in range(moves):
            if state.is_over:
                break
            start = time.perf_counter()
            legal = state.legal_actions(0)
            playable = [a for a in legal if a.kind != "resign"] or legal
            action: Action = rng.choice(playable)
            state, _ = state.apply(0, action)
            engine_s += time.perf_counter() - start
            made += 1
            if two_packs and made % 10 == 0:
                w0, c0 = time.perf_counter(), time.process_time()
                view = state.view(0)
                render.table_text(view, ["You"])
                render.table_picture(view, ["You"])
                wall.append((time.perf_counter() - w0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
    return made, engine_s, wall, cpu


def _p(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[q - 1] if len(values) >= 2 else (values or [0])[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.patience")
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--games", default="", help="comma-separated variant ids (default all)")
    args = parser.parse_args(argv)
    game = registry.get("patience")
    ids = [g for g in args.games.split(",") if g] or [v.id for v in game.variants()]
    print(f"{'game':32} {'moves':>6} {'moves/s':>9} {'click p50':>10} {'p95':>7} {'cpu p95':>8}")
    all_wall: list[float] = []
    all_cpu: list[float] = []
    rates: list[float] = []
    for game_id in ids:
        made, engine_s, wall, cpu = _play(game_id, args.deals, args.moves)
        rate = made / engine_s if engine_s else 0.0
        rates.append(rate)
        all_wall += wall
        all_cpu += cpu
        click = (f"{_p(wall, 50):10.1f} {_p(wall, 95):7.1f} {_p(cpu, 95):8.1f}" if wall
                 else f"{'-':>10} {'-':>7} {'-':>8}")
        print(f"{game_id:32} {made:6d} {rate:9.0f} {click}")
    print(f"median moves/s over games: {statistics.median(rates):.0f}; "
          f"slowest {min(rates):.0f}")
    if all_wall:
        p95, cpu95 = _p(all_wall, 95), _p(all_cpu, 95)
        verdict = "met" if cpu95 < TARGET_CLICK_MS else "MISSED"
        print(f"two-pack click to new picture: p50 {_p(all_wall, 50):.1f} ms, p95 {p95:.1f} ms "
              f"(CPU p95 {cpu95:.1f} ms; target p95 < {TARGET_CLICK_MS:.0f} ms: {verdict})")
        return 0 if verdict == "met" else 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
