"""Benchmark of Skat's double-dummy search (`bot.games.skat.dds`) on whole 10-trick deals.

    python -m bench.skat_dds [--deals N] [--seed S] [--module M] [--no-exact] [--null N]
                             [--path both|c|python]

One random deal per seed ``S + i``, dealt again until a hand would declare a Grand or a suit
game (see `_biddable`); the Player (seat 1, middle hand) holds it, the two other cards are the
skat, which counts for him. Forehand (seat 0) leads. Each deal gets a fresh `Search` per measure, so
nothing is carried over from one measure or one deal to the next:

(a) "reach 61?": one null-window search, does the Player reach 61 with the skat;
(b) the score-relevant outcome: the null-window searches that settle the game's level
    (61; then schneider 90 and schwarz, or the Player's 31 and his taking any trick), through
    `Search.outcome` when the module has it (else only the point questions, via `value`);
(c) the exact card-point value (`Search.exact`).

Printed per measure: median, p95 and max milliseconds and median/p95 nodes. ``--null N`` adds
N Null deals (the Player's "does he lose every trick?"). ``--module`` names another copy of the
module to compare (e.g. an older version put on PYTHONPATH); ``--any-hand`` deals as
`bench.skat_ai` does (the Player just holds the most trumps, so most deals are easy losses).
Times are CPU time of this process, so other work on the machine does not inflate them. A
benchmark, not a test.

Measured 2026-11-21 (seed 1, CPU ms median / p95 / max), the search before this bench's work
(commit 239cb0d) and after:

- declarable hands, 60 deals: reach 61? 318 / 3473 / 13537 before, 156 / 2190 / 8746 after;
  outcome 836 / 7332 / 14952 before (point questions only), 455 / 5951 / 11358 after (with
  the schwarz questions); exact points on the first 20 deals 5009 / 13797 before, 2424 /
  15554 after (60 deals after: 2995 / 20481 / 30721).
- any hand with the most trumps, 60 deals: reach 61? 23.6 / 8598 / 10405 before, 10.4 / 5024 /
  14765 after; Null 1.0 / 135 / 269 before, 0.9 / 46 / 253 after.

The compiled core (`bot/games/skat/_ddsc.c`, the same search: same answers, same node counts),
measured the same day, declarable hands, 60 deals, seed 1, CPU ms median / p95 / max (the
Python path of the same run in brackets, on a machine busy with a test run): reach 61? 3.5 /
52 / 315 (176 / 2615 / 8396); outcome 11.3 / 191 / 297 (419 / 5706 / 10196); exact points
88 / 632 / 1176 (Python above: 2995 / 20481 / 30721); 60 Null deals 0.2 / 4.1 / 29 (1.3 /
145 / 741). Results and node counts agree path for path (reach 61 on 19/60 deals).
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from bot.games.cards import SUITS
from bot.games.skat.contracts import Contract, points_of
from bot.games.skat.rules import FULL_DECK

Deal = tuple[Contract, dict[int, list[str]], int]


def _biddable(hand: list[str], contract: Contract) -> bool:
    """A hand a Player would declare this game with (a rough rule, enough for realistic
    deals): six trumps, or five and a side Ace; a Grand with two Jacks and five Jacks and
    Aces."""
    jacks = sum(c[1] == "J" for c in hand)
    aces = sum(c[1] == "A" for c in hand)
    if contract.is_grand:
        return jacks >= 2 and jacks + aces >= 5
    trumps = sum(contract.is_trump(c) for c in hand)
    side_aces = sum(c[1] == "A" and not contract.is_trump(c) for c in hand)
    return trumps >= 6 or (trumps >= 5 and side_aces >= 1)


def random_deal(seed: int, null: bool = False, any_hand: bool = False) -> Deal:
    """(contract, hands, skat points) of one seeded deal; the Player is seat 1 and holds a
    hand he would declare the game with (dealt again until one of the three hands is). With
    ``any_hand`` the contract is drawn first and the Player just gets the hand with the most
    trumps (`bench.skat_ai`'s older figures)."""
    rng = random.Random(seed)
    games = [Contract(kind="grand"), *(Contract(kind="suit", suit=s) for s in SUITS)]
    while True:
        cards = list(FULL_DECK)
        rng.shuffle(cards)
        hands = [cards[0:10], cards[10:20], cards[20:30]]
        if any_hand and not null:
            contract = rng.choice(games)
            hands.sort(key=lambda h: sum(1 for c in h if contract.is_trump(c)))
            return contract, {0: hands[0], 1: hands[2], 2: hands[1]}, points_of(cards[30:])
        if null:
            # The Player holds the hand with the most low cards.
            hands.sort(key=lambda h: sum(c[1] in "789" for c in h))
            return Contract(kind="null"), {0: hands[0], 1: hands[2], 2: hands[1]}, 0
        fits = [(i, g) for i in range(3) for g in games if _biddable(hands[i], g)]
        if fits:
            i, contract = rng.choice(fits)
            others = [h for j, h in enumerate(hands) if j != i]
            return contract, {0: others[0], 1: hands[i], 2: others[1]}, points_of(cards[30:])


# -- which search: the compiled core (bot/games/skat/_ddsc.c) or the Python one -----------
NATIVE: bool | None = None
"""Set by `main`: ``True``/``False`` forces the path of a module that has both; ``None`` leaves
the module's default (older modules have no compiled core)."""


def _new(mod: ModuleType, *args: Any, **kw: Any) -> Any:
    s = mod.Search(*args, **kw)
    if NATIVE is not None and hasattr(s, "native"):
        s.native = NATIVE and s.native
    return s


def _figures(label: str, times: list[float], nodes: list[int]) -> None:
    times = sorted(times)
    nodes = sorted(nodes)
    n = len(times)
    p95 = min(n - 1, int(n * 0.95))
    print(f"  {label}: {n} deals, median {statistics.median(times):.1f} ms, p95 "
          f"{times[p95]:.1f} ms, max {times[-1]:.1f} ms; nodes median "
          f"{int(statistics.median(nodes))}, p95 {nodes[p95]}, max {nodes[-1]}", flush=True)


def _outcome(mod: ModuleType, deal: Deal) -> tuple[Any, int]:
    contract, hands, skat = deal
    s = _new(mod, contract, [0, 1, 2], counted={1}, maximizers={1}, declarer=1)
    if hasattr(s, "outcome"):
        res = s.outcome(hands, [], 0, points=skat)
        return res, s.nodes
    # Older modules: the point questions only.
    if s.value(hands, [], 0, 60 - skat, 61 - skat) >= 61 - skat:
        res = "schneider" if s.value(hands, [], 0, 89 - skat, 90 - skat) >= 90 - skat else "won"
    else:
        res = "lost" if s.value(hands, [], 0, 30 - skat, 31 - skat) >= 31 - skat else (
            "lost schneider")
    return res, s.nodes


def run(mod: ModuleType, count: int, seed: int, exact: bool, null: int,
        any_hand: bool = False) -> None:
    deals = [random_deal(seed + i, any_hand=any_hand) for i in range(count)]
    sums: dict[str, list[Any]] = {}
    for label in ("reach 61? (one null window)", "score-relevant outcome",
                  "exact card points"):
        if label.startswith("exact") and not exact:
            continue
        times: list[float] = []
        nodes: list[int] = []
        results: list[Any] = []
        for deal in deals:
            contract, hands, skat = deal
            t = time.process_time()
            if label.startswith("reach"):
                s = _new(mod, contract, [0, 1, 2], counted={1}, maximizers={1}, declarer=1)
                need = 61 - skat
                res: Any = s.value(hands, [], 0, need - 1, need) >= need
                n = s.nodes
            elif label.startswith("score"):
                res, n = _outcome(mod, deal)
            else:
                s = _new(mod, contract, [0, 1, 2], counted={1}, maximizers={1}, declarer=1)
                res = s.exact(hands, [], 0) + skat
                n = s.nodes
            times.append((time.process_time() - t) * 1000)
            nodes.append(n)
            results.append(res)
        _figures(label, times, nodes)
        sums[label] = results
    for label, results in sums.items():
        if label.startswith("reach"):
            print(f"    reach 61: {sum(results)}/{len(results)} deals")
        elif label.startswith("score"):
            tally: dict[str, int] = {}
            for r in results:
                tally[str(r)] = tally.get(str(r), 0) + 1
            print(f"    outcomes: {dict(sorted(tally.items()))}")
        else:
            print(f"    exact points: mean {statistics.fmean(results):.1f}; checksum "
                  f"{sum(results)}")
    if null > 0:
        times, nodes, lost = [], [], 0
        for i in range(null):
            contract, hands, _ = random_deal(seed + 10_000 + i, null=True)
            s = _new(mod, contract, [0, 1, 2], counted=(), maximizers={0, 2}, declarer=1)
            t = time.process_time()
            lost += s.value(hands, [], 0, 0, 1) >= 1
            times.append((time.process_time() - t) * 1000)
            nodes.append(s.nodes)
        _figures("Null, does the Player take a trick?", times, nodes)
        print(f"    Player takes a trick: {lost}/{null}")


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--deals", type=int, default=60)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--module", default="bot.games.skat.dds")
    p.add_argument("--no-exact", action="store_true")
    p.add_argument("--null", type=int, default=0)
    p.add_argument("--any-hand", action="store_true",
                   help="the Player holds the most trumps, declarable or not")
    p.add_argument("--path", choices=("both", "c", "python"), default="both",
                   help="the compiled core, the Python search, or both (C first)")
    args = p.parse_args(argv)
    mod = importlib.import_module(args.module)
    kind = "any hand with the most trumps" if args.any_hand else "declarable hands"
    global NATIVE
    has_c = getattr(mod, "_ddsc", None) is not None
    paths = {"both": [True, False], "c": [True], "python": [False]}[args.path]
    for native in paths:
        if native and not has_c:
            print(f"({args.module} has no compiled core here: C path skipped)")
            continue
        NATIVE = native
        print(f"double-dummy search ({args.module}, {'C core' if native else 'Python'}, one "
              f"core, CPU time), seed {args.seed}, {kind}:")
        run(mod, args.deals, args.seed, not args.no_exact, args.null, args.any_hand)


if __name__ == "__main__":
    main()
