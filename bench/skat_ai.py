"""Benchmark of the Skat AI, its double-dummy search and the rules core's play-out speed.

    python -m bench.skat_ai [--deals N] [--preset classic|isko|both] [--budget MS]
                            [--seed S] [--playouts P] [--versus FILE]

For each preset, three-handed, one deal per seed ``S + i``:

(a) the AI in seat 0 against two seats that bid by a simple rule (a six-trump hand, bid up to
    its value) and play random legal cards: the AI's average list points per deal, its
    declarer success rate, the share of deals it declares, p50/p95/max decision time;
(b) self-play, three AI seats: declarer success (the honest measure), games played, average
    declarer entry, decision times;
(c) the double-dummy search alone has its own benchmark: ``python -m bench.skat_dds``;
(d) random full-deal play-outs per second through the public API (``new``/``legal_actions``/
    ``apply``);
(e) with ``--versus FILE`` (another version of ``ai.py``, e.g. from ``git show``): this AI in
    one seat (rotating) against two seats of the other version, and the same deal played by
    three seats of the other version: the mean paired difference of that seat's list points
    (with its standard error), overall and on Ramsch deals. Pairing on the same deal and seat
    takes out the luck of the cards.

A benchmark, not a test: it prints numbers and asserts nothing.

Measured (budget 200 ms, 21 Nov 2026, the 2-core box shared with other work, so decision
times move with the load; search and rules as of 82110af). Self-play and simple seats, 200 deals,
seeds 1-200, before (ai.py of 239cb0d) -> after (ba7d1f5):

- classic: against two simple seats +3.52 -> +3.50 list points per deal, declares 11.0% ->
  11.0%, declarer success 21/22 -> 22/22, decisions p50/p95 9.5/75.4 -> 10.6/82.0 ms;
  self-play declarer success 63/72 = 87.5% -> 60/72 = 83.3% (128 of the 200 deals are
  Ramsch), decisions p50/p95 31.6/132.6 -> 13.1/71.9 ms.
- isko: +11.33 -> +11.66, 29.5% -> 29.5%, 57/59 -> 58/59, 6.2/55.5 -> 6.9/64.5 ms;
  self-play 124/150 = 82.7% -> 123/150 = 82.0%, 18.9/127.7 -> 10.7/90.1 ms.

These figures move by a few points between runs of the same code (the AI samples by wall
time), and self-play success measures both sides at once (better defence lowers it), so the
change is judged on paired deals: ``--versus`` the old file, ``--focus seat``, seeds
1001-1300, 300 deals per preset: classic +1.43 ± 0.46 list points per deal for the seat (on the
207 Ramsch deals +2.03 ± 0.66, on the others +0.09 ± 0.16); isko +0.26 ± 0.69 (no Ramsch;
within noise). An earlier version that read bids with the actual matadors doubted 10% of the
true isko deals and measured -0.66 ± 0.72 there; the same without reading the auction at all
played almost exactly as the old AI (-0.07 ± 0.05): the goal changes rarely change a card.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import time
from collections.abc import Callable, Sequence

from bot.games.base import Action
from bot.games.cards import SUITS
from bot.games.skat import GAME, SkatView, ai
from bot.games.skat.contracts import Contract, matadors
from bot.games.skat.rules import SkatState

Policy = Callable[[SkatView, list[Action], random.Random], Action]


# ---- the simple opponents -------------------------------------------------------------------


def _simple_limit(view: SkatView) -> int:
    """Six trumps (Jacks included) in the longest suit: bid up to that suit's value."""
    hand = view.hand
    best = max(SUITS, key=lambda s: sum(1 for c in hand if c[0] == s and c[1] != "J"))
    trumps = sum(1 for c in hand if c[1] == "J" or c[0] == best)
    if trumps < 6:
        return 0
    kind = "suit" if view.rules == "isko" else "tourne"
    contract = Contract(kind=kind, suit=best)
    _, k = matadors(hand, contract)
    return contract.unit * (k + 1)


def simple_policy(view: SkatView, legal: list[Action], rng: random.Random) -> Action:
    by_text = {str(a): a for a in legal}
    if view.phase == "bid":
        limit = _simple_limit(view)
        bids = [a for a in legal if a.kind == "bid"]
        if bids:
            low = bids[0]
            return low if int(low.arg) <= limit else by_text["pass"]
        return by_text["hold"] if "hold" in by_text and view.bid <= limit else by_text["pass"]
    plays = [a for a in legal if a.kind == "play"]
    if plays:
        return rng.choice(plays)
    plain = [a for a in legal if a.kind not in ("surrender", "concede", "kontra", "re")
             and not a.kind.startswith("claim")]
    if view.phase == "declare":
        hand = view.hand
        best = max(SUITS, key=lambda s: sum(1 for c in hand if c[0] == s or c[1] == "J"))
        for want in (f"declare:suit-{best}", f"declare:frage-{best}"):
            if want in by_text:
                return by_text[want]
    for want in ("skat", "tourne:left", "accept"):
        if want in by_text:
            return by_text[want]
    return rng.choice(plain or legal)


# ---- playing deals ----------------------------------------------------------------------------


class Stats:
    def __init__(self) -> None:
        self.times: list[float] = []
        self.deals = 0
        self.declared = 0
        self.won = 0
        self.points = 0
        self.entries: list[int] = []
        self.games = 0
        self.games_won = 0
        self.kinds: dict[str, list[int]] = {}


def play_deal(preset: str, seed: int, policies: Sequence[Policy | None], budget: int,
              stats: Stats) -> SkatState:
    """One deal; a None policy is the AI. Records AI decision times and the result."""
    options = GAME.options(preset, deals=1, dealer_selection="random")
    st = GAME.new(3, options, seed)
    rng = random.Random(seed * 7 + 1)
    while st.to_act:
        seat = st.to_act[0]
        legal = st.legal_actions(seat)
        view = st.view(seat)
        policy = policies[seat]
        if policy is None:
            t = time.perf_counter()
            action = ai.choose(view, legal, rng, budget)
            if len(legal) > 1:
                stats.times.append((time.perf_counter() - t) * 1000)
        else:
            action = policy(view, legal, rng)
        st, _ = st.apply(seat, action)
    return st


def run(preset: str, deals: int, seed: int, budget: int, policies: Sequence[Policy | None],
        label: str) -> None:
    stats = Stats()
    ai_seats = [i for i, p in enumerate(policies) if p is None]
    started = time.perf_counter()
    for i in range(deals):
        st = play_deal(preset, seed + i, policies, budget, stats)
        last = st.last
        assert last is not None
        stats.deals += 1
        stats.points += sum(last.deltas[s] for s in ai_seats)
        if last.declarer is not None and last.score is not None:
            stats.games += 1
            kind = Contract.parse(last.contract or "grand").kind
            if last.bid == 0:
                kind += " (no bid)"
            tally = stats.kinds.setdefault(kind, [0, 0])
            tally[0] += last.score.won
            tally[1] += 1
            stats.games_won += last.score.won
            stats.entries.append(last.score.entry)
            if last.declarer in ai_seats:
                stats.declared += 1
                stats.won += last.score.won
    took = time.perf_counter() - started
    t = sorted(stats.times) or [0.0]
    print(f"  {label}: {stats.deals} deals in {took:.0f} s")
    if len(ai_seats) == 1:
        print(f"    AI list points per deal: {stats.points / stats.deals:+.2f}")
        print(f"    AI declares {stats.declared / stats.deals:.1%} of deals; declarer success "
              f"{stats.won}/{stats.declared} = {stats.won / max(stats.declared, 1):.1%}")
    else:
        print(f"    games played {stats.games}/{stats.deals}; declarer success "
              f"{stats.games_won}/{stats.games} = {stats.games_won / max(stats.games, 1):.1%}; "
              f"mean declarer entry {statistics.fmean(stats.entries or [0]):+.1f}")
    kinds = ", ".join(f"{k} {w}/{n}" for k, (w, n) in sorted(stats.kinds.items()))
    print(f"    contracts won/played: {kinds}")
    print(f"    decision ms: p50 {t[len(t) // 2]:.1f}, p95 {t[int(len(t) * 0.95)]:.1f}, "
          f"max {t[-1]:.1f} ({len(t)} decisions with a choice)")


def load_ai(path: str) -> Policy:
    """The ``choose`` of another version of the AI module, as a policy with the same budget."""
    spec = importlib.util.spec_from_file_location("skat_ai_versus", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.choose  # type: ignore[no-any-return]


def run_versus(preset: str, deals: int, seed: int, budget: int, path: str,
               focus: str = "seat") -> None:
    """Paired deals against another version (e). ``focus``: ``seat`` puts this AI in one seat
    (rotating) and counts that seat's list points; ``declarer`` puts it in the seat that
    declares when the other version plays all three (the bidding is the same code, so the same
    seat declares again) and counts the Player's entry; ``defenders`` puts it in both other
    seats and counts minus the Player's entry. Ramsch deals rotate one seat in every focus."""
    other_choose = load_ai(path)

    def other(view: SkatView, legal: list[Action], rng: random.Random) -> Action:
        return other_choose(view, legal, rng, budget)  # type: ignore[call-arg]

    diffs: list[int] = []
    ramsch: list[int] = []
    won = [0, 0]  # declarer games won by this AI's side / the other's, on focus deals
    games = 0
    stats = Stats()
    started = time.perf_counter()
    for i in range(deals):
        base = play_deal(preset, seed + i, [other, other, other], budget, stats).last
        assert base is not None
        decl = base.declarer if base.score is not None else None
        if focus == "seat" or decl is None:
            ours = [i % 3]
        elif focus == "declarer":
            ours = [decl]
        else:
            ours = [s for s in base.roles if s != decl]
        mixed: list[Policy | None] = [other, other, other]
        for s in ours:
            mixed[s] = None
        last = play_deal(preset, seed + i, mixed, budget, stats).last
        assert last is not None
        if focus == "seat" or decl is None:
            diffs.append(last.deltas[ours[0]] - base.deltas[ours[0]])
        else:
            sign = 1 if focus == "declarer" else -1
            diffs.append(sign * (last.deltas[decl] - base.deltas[decl]))
        if last.ramsch is not None or base.ramsch is not None:
            ramsch.append(len(diffs) - 1)
        elif decl is not None and last.score is not None and base.score is not None:
            games += 1
            mine = focus == "declarer" or (focus == "seat" and decl in ours)
            theirs = focus == "defenders" or (focus == "seat" and decl not in ours)
            if mine:
                won[0] += last.score.won
                won[1] += base.score.won
            elif theirs:
                won[0] += not last.score.won
                won[1] += not base.score.won
    took = time.perf_counter() - started

    def line(xs: list[int]) -> str:
        if not xs:
            return "none"
        se = statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0
        return f"{statistics.fmean(xs):+.2f} ± {se:.2f} ({len(xs)} deals)"

    rest = [d for j, d in enumerate(diffs) if j not in set(ramsch)]
    print(f"  this AI ({focus}) vs {path}: {deals} paired deals in {took:.0f} s")
    print(f"    list points per deal, this AI minus the other in the same seats: {line(diffs)}")
    print(f"    on Ramsch deals: {line([diffs[j] for j in ramsch])}; on the others: "
          f"{line(rest)}")
    print(f"    of {games} declarer games, this AI's side won {won[0]}, the other's {won[1]} "
          f"(for the side the focus names; 'seat': whichever side the seat was on)")


# ---- the search alone and the rules core ------------------------------------------------------


def bench_playouts(preset: str, count: int, seed: int) -> None:
    if count <= 0:
        return
    rng = random.Random(seed)
    options = GAME.options(preset, deals=1)
    start = time.perf_counter()
    for i in range(count):
        st = GAME.new(3, options, seed + i)
        while st.to_act:
            seat = st.to_act[0]
            legal = [a for a in st.legal_actions(seat)
                     if not a.kind.startswith(("claim", "concede", "surrender"))]
            st, _ = st.apply(seat, rng.choice(legal))
    took = time.perf_counter() - start
    print(f"  {preset}: {count} random full deals in {took:.2f} s = {count / took:.0f} per s")


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=60, help="deals per preset and match-up "
                   "(1000 for the full figures: about an hour per preset on one core)")
    p.add_argument("--preset", choices=["classic", "isko", "both"], default="both")
    p.add_argument("--budget", type=int, default=200, help="the AI's budget per decision "
                   "(ms; the service's default is 200)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--playouts", type=int, default=200)
    p.add_argument("--versus", metavar="FILE", help="another version of ai.py: only the paired "
                   "match against it (e)")
    p.add_argument("--focus", choices=["seat", "declarer", "defenders"], default="seat",
                   help="with --versus: which seats this AI takes (e)")
    args = p.parse_args(argv)
    presets = ["classic", "isko"] if args.preset == "both" else [args.preset]
    for preset in presets:
        print(f"{preset}:")
        if args.versus:
            run_versus(preset, args.deals, args.seed, args.budget, args.versus, args.focus)
            continue
        run(preset, args.deals, args.seed, args.budget, [None, simple_policy, simple_policy],
            "AI vs two simple seats")
        run(preset, args.deals, args.seed, args.budget, [None, None, None], "self-play")
    if args.versus:
        return
    if args.playouts > 0:
        print("random play-outs:")
    for preset in presets:
        bench_playouts(preset, args.playouts, args.seed)


if __name__ == "__main__":
    main()
