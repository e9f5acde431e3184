"""Benchmark of the Euchre AI: win rates against random and rule-based pairs, decision times.

    python -m bench.euchre_ai [--games N] [--seed S] [--preset hoyle1871|modern|both]
                              [--budget MS] [--against random|rules|both] [--calibrate]

Four-handed, seats 0 and 2 are the AI pair, seats 1 and 3 the opponents; every game is played to
the target from seed ``S + i``. Prints (a) the AI pair's win rate against a pair playing random
legal moves, (b) against a simple rule-based pair written here, (c) p50/p95/max time of the AI's
decisions (all of them, and those where it actually searched: a card play with a choice).

``--calibrate`` instead prints, from random deals solved double-dummy, the expected score of
making trump by hand strength and seat: the tables the AI's bidding thresholds were read from.
This is a benchmark, not a test: it prints numbers and asserts nothing.

Cost on the 2-core dev box (shared with other work): about 0.8 s per game against random play
and 1.3 s against the rule-based pair with ``hoyle1871`` (games to 5), roughly twice that with
``modern`` (games to 10). Hence the default of 300 games per matchup (about 10 minutes); the
2,000-game figures take ``--games 2000`` and an hour or more.

Measured (budget 200 ms, 21 Nov 2026, box loaded by other work): ``hoyle1871`` against random
play 1966/2000 = 98.3% (391/400 + 789/800 + 786/800, seeds 1871-3870); against the
rule-based pair 1269/2000 = 63.5% (seeds 1871-3870, run as
400 + 800 + 800); decision time over all AI decisions p50 3.8 ms, p95 92 ms, searched card plays
p50 24 ms, p95 130 ms (p95 163-168 ms when three runs shared the two cores: the AI then stops
sampling at 80% of the budget). ``modern``: 150/150 against random, 119/150 = 79.3% against
the rule-based pair (games to 10 leave less to luck).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence

from bot.games.base import Action, act
from bot.games.cards import deck
from bot.games.euchre import GAME, EuchreView, ai
from bot.games.euchre.ranking import effective_suit, power
from bot.games.euchre.solver import Solver
from bot.games.euchre.strength import best_suit, card_value, strength, with_turn_up

Policy = Callable[[EuchreView, list[Action], random.Random], Action]


# ---- opponents ---------------------------------------------------------------------------------


def random_policy(view: EuchreView, legal: list[Action], rng: random.Random) -> Action:
    return rng.choice(legal)


def _trumps(hand: Sequence[str], trump: str) -> list[str]:
    return [c for c in hand if effective_suit(c, trump) == trump]


def _bids_on(hand: Sequence[str], trump: str) -> bool:
    """The simple player's rule: three trumps, or both bowers."""
    held = _trumps(hand, trump)
    bowers = sum(1 for c in held if c[1] == "J")
    return len(held) >= 3 or bowers == 2


def rules_policy(view: EuchreView, legal: list[Action], rng: random.Random) -> Action:
    """A plain club player: bids on 3+ trumps or both bowers, wins cheaply or throws low."""
    kinds = {a.kind for a in legal}
    if view.phase == "bid1":
        trump = view.turn_up[0]
        hand = [*view.hand, view.turn_up] if view.seat == view.dealer else view.hand
        word = next(k for k in ("order", "assist", "take") if k in kinds)
        return act(word) if _bids_on(hand, trump) else act("pass")
    if view.phase == "bid2":
        names = sorted({a.arg for a in legal if a.kind == "name" and "-" not in a.arg})
        best = max(names, key=lambda s: (len(_trumps(view.hand, s)), s))
        if _bids_on(view.hand, best) or not kinds & {"pass", "bunch"}:
            return act("name", best)
        return act("pass") if "pass" in kinds else act("bunch")
    if view.phase == "discard":
        trump = view.trump or view.turn_up[0]
        side = [c for c in view.hand if effective_suit(c, trump) != trump] or list(view.hand)
        return act("discard", min(side, key=lambda c: power(c, trump, c[0])))
    if view.phase == "defend":
        return act("pass")
    if view.phase != "play":
        return legal[0]
    trump = view.trump
    cards = [a.arg for a in legal]
    if not view.trick:
        return act("play", max(cards, key=lambda c: power(c, trump, effective_suit(c, trump))))
    led = effective_suit(view.trick[0][1], trump)
    best_seat, best = max(view.trick, key=lambda p: power(p[1], trump, led))
    best_power = power(best, trump, led)
    partner_wins = view.players == 4 and view.side_of_seat[best_seat] == view.side_of_seat[
        view.seat or 0
    ]
    winners = [c for c in cards if power(c, trump, led) > best_power]
    if winners and not partner_wins:
        return act("play", max(winners, key=lambda c: power(c, trump, led)))
    return act("play", min(cards, key=lambda c: (power(c, trump, led), power(c, trump, c[0]))))


# ---- matches -----------------------------------------------------------------------------------


def play_match(
    opponent: Policy, games: int, seed: int, preset: str, budget_ms: int
) -> tuple[int, list[float], list[float], list[int]]:
    """AI pair (0, 2) against ``opponent`` (1, 3). Returns wins, all decision times, searched
    decision times (ms) and the point margin of each game."""
    opts = GAME.options(preset)
    wins = 0
    times: list[float] = []
    searched: list[float] = []
    margins: list[int] = []
    for g in range(games):
        state = GAME.new(4, opts, seed + g)
        rng_ai = random.Random(f"ai:{seed + g}")
        rng_opp = random.Random(f"opp:{seed + g}")
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            if seat % 2 == 0:
                t0 = time.perf_counter()
                action = ai.choose(view, legal, rng_ai, budget_ms)
                ms = (time.perf_counter() - t0) * 1000
                times.append(ms)
                if state.phase == "play" and len(legal) > 1:
                    searched.append(ms)
            else:
                action = opponent(view, legal, rng_opp)
            state, _ = state.apply(seat, action)
        outcome = state.outcome()
        assert outcome is not None
        wins += 0 in outcome.winners
        margins.append(state.scores[0] - state.scores[1])
        if (g + 1) % 100 == 0 and g + 1 < games:
            print(f"  ... {g + 1} games, AI pair won {wins}", file=sys.stderr, flush=True)
    return wins, times, searched, margins


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return mid - half, mid + half


# ---- calibration -------------------------------------------------------------------------------


def calibrate(deals: int, seed: int, ranks: str, players: int) -> None:
    """Expected score of making trump, by rounded hand strength and seat, from solved deals."""
    rng = random.Random(seed)
    long = len(ranks) == 8
    table: dict[str, dict[float, list[int]]] = defaultdict(lambda: defaultdict(list))

    def bucket(x: float) -> float:
        return round(x * 4) / 4

    dealer = players - 1
    for _ in range(deals):
        cards = deck(ranks)
        rng.shuffle(cards)
        hands = [cards[i * 5 : (i + 1) * 5] for i in range(players)]
        up = cards[5 * players]
        trump = up[0]
        taken = with_turn_up(hands[dealer], up)
        dealt = [*hands[:dealer], taken]
        up_value = card_value(up, trump, long_suits=long)
        for maker in range(players):
            if players == 4:
                ours = [s % 2 == maker % 2 for s in range(4)]
            else:
                ours = [s == maker for s in range(players)]
            value = Solver(dealt, trump, ours).value(0)
            if maker == dealer:
                x = strength(taken, trump, long_suits=long)
            elif players == 4 and maker == 1:
                x = strength(hands[maker], trump, long_suits=long) + up_value
            else:
                x = strength(hands[maker], trump, long_suits=long) - up_value
            table[f"round 1, seat {maker}"][bucket(x)].append(value)
            suit, x2 = best_suit(hands[maker], trump, long_suits=long)
            table[f"round 2, seat {maker}"][bucket(x2)].append(
                Solver(hands, suit, ours).value(0)
            )
    print(f"{players} players, {len(ranks) * 4} cards, dealer = seat {dealer}, {deals} deals")
    for name in sorted(table):
        row = []
        for x in sorted(table[name]):
            vals = table[name][x]
            if len(vals) >= 15:
                ev = statistics.fmean(2 if v == 5 else 1 if v >= 3 else -2 for v in vals)
                row.append(f"{x:.2f}:{ev:+.2f}")
        print(f"  {name}: {' '.join(row)}")


# ---- main --------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.euchre_ai", description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="games per matchup (default 300)")
    parser.add_argument("--seed", type=int, default=1871)
    parser.add_argument("--preset", choices=["hoyle1871", "modern", "both"], default="hoyle1871")
    parser.add_argument("--budget", type=int, default=200, help="AI budget per decision, ms")
    parser.add_argument("--against", choices=["random", "rules", "both"], default="both")
    parser.add_argument("--calibrate", action="store_true", help="print bidding tables instead")
    args = parser.parse_args(argv)
    if args.calibrate:
        for ranks in ("AKQJT987", "AKQJT9"):
            for players in (4, 3, 2):
                calibrate(max(args.games, 200), args.seed, ranks, players)
        return
    presets = ["hoyle1871", "modern"] if args.preset == "both" else [args.preset]
    opponents: list[tuple[str, Policy]] = []
    if args.against in ("random", "both"):
        opponents.append(("random legal moves", random_policy))
    if args.against in ("rules", "both"):
        opponents.append(("rule-based pair", rules_policy))
    for preset in presets:
        all_times: list[float] = []
        all_searched: list[float] = []
        for label, policy in opponents:
            t0 = time.perf_counter()
            wins, times, searched, margins = play_match(
                policy, args.games, args.seed, preset, args.budget
            )
            lo, hi = _wilson(wins, args.games)
            took = time.perf_counter() - t0
            print(
                f"[{preset}] AI pair vs {label}: won {wins}/{args.games} = "
                f"{wins / args.games:.1%} (95% CI {lo:.1%}-{hi:.1%}), mean margin "
                f"{statistics.fmean(margins):+.2f} points, {took:.0f} s "
                f"({took / args.games:.2f} s/game)"
            )
            all_times += times
            all_searched += searched
        print(
            f"[{preset}] decision time, all {len(all_times)} AI decisions: "
            f"p50 {_pct(all_times, 0.5):.1f} ms, p95 {_pct(all_times, 0.95):.1f} ms, "
            f"max {max(all_times, default=float('nan')):.1f} ms (budget {args.budget} ms)"
        )
        print(
            f"[{preset}] decision time, {len(all_searched)} searched card plays: "
            f"p50 {_pct(all_searched, 0.5):.1f} ms, p95 {_pct(all_searched, 0.95):.1f} ms, "
            f"max {max(all_searched, default=float('nan')):.1f} ms"
        )


if __name__ == "__main__":
    main()
