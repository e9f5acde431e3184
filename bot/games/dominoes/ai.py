"""The dominoes AI: a one-ply judge of each legal move from the seat's own view only.

It scores what a play earns now (fives, threes, headers, sevens), sheds weight (doubles and
heavy tiles first: they are hard to place and count against you), keeps its options (numbers it
still holds stay open at the ends), and when its hand is lighter than the others' it prefers
ends that the unseen tiles can rarely match, to block. It draws only when it must, plays out a
Four Game run, takes Tiddle-a-wink's extra play, and stars in the pool.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games.base import Action
from bot.games.dominoes.catalogue import CATALOGUE
from bot.games.dominoes.game import DominoesView, source_of, target_of
from bot.games.dominoes.tiles import canon, full_set, halves, hand_pips, is_double, pips

_POINT_MODES = {"muggins": 5, "all_threes": 3}


def choose(view: DominoesView, legal: Sequence[Action], rng: random.Random) -> Action:
    if view.variant == "poker":
        return _bet(view, legal, rng)
    if view.variant in ("rounce", "loo"):
        return _rounce(view, legal)
    if view.variant == "domino_euchre":
        return _euchre(view, legal)
    if view.variant == "bingo":
        return _bingo(view, legal)
    if any(a.kind in ("count", "muggins") for a in legal):
        return _announce(view, legal)
    if view.variant == "tiddle_a_wink":
        from bot.games.dominoes.rollout import choose_tiddle

        return choose_tiddle(view, legal, rng)
    plays = [a for a in legal if a.kind == "play"]
    if not plays:
        for kind in ("star", "draw", "pass", "stop"):
            for a in legal:
                if a.kind == kind:
                    return a
        return legal[0]
    return max(plays, key=lambda a: (_value(view, a), rng.random()))


def _announce(view: DominoesView, legal: Sequence[Action]) -> Action:
    """Muggins' announce mode: call the count the ends show (read off the public layout, as a
    player at the table would); call muggins on any wrong count, it costs nothing."""
    from bot.games.dominoes.engine import ends_count, line_total

    kinds = {a.kind: a for a in legal}
    if "muggins" in kinds:
        return kinds["muggins"]
    k = _POINT_MODES[view.variant]
    pip_values = max(int(a.arg) for a in legal) > 6
    count = ends_count(line_total(view.centre, view.arms), k, pip_values)
    return next(a for a in legal if a.arg == str(count))


def _bet(view: DominoesView, legal: Sequence[Action], rng: random.Random) -> Action:
    """Bet or raise with a hand that beats most hands the unseen tiles could make, call with a
    middling one, else check or fold: the share is sampled over the unseen tiles."""
    from bot.games.dominoes.poker import POKER_SET, hand_key

    kinds = {a.kind: a for a in legal}
    hand = list(view.hand or [])
    unseen = [x for x in POKER_SET if x not in hand]
    mine = hand_key(hand)
    beaten = sum(hand_key(rng.sample(unseen, 5)) < mine for _ in range(100)) / 100
    others = max(1, sum(1 for s, f in enumerate(view.folded) if s != view.seat and not f))
    share = beaten ** others
    if share > 0.6:
        want: tuple[str, ...] = ("raise", "bet", "call", "check")
    elif share > 0.3:
        want = ("call", "check")
    else:
        want = ("check", "fold")
    return next((kinds[k] for k in want if k in kinds), legal[0])


def _bingo(view: DominoesView, legal: Sequence[Action]) -> Action:
    """Declare doubles when it can; lead the tile worth least to the other side; take a trick
    worth counting as cheaply as possible, else throw the tile worth least."""
    from bot.games.dominoes import bingo as b

    trump = view.trump
    declares = [a for a in legal if a.kind == "declare"]
    if declares:
        return min(declares, key=lambda a: b.count_value(a.arg, trump))
    plays = [a for a in legal if a.kind == "play"]

    def cheap(a: Action) -> tuple[int, int, tuple[int, int, int]]:
        return (int(b.trumpish(a.arg, trump)), b.count_value(a.arg, trump),
                b.power(a.arg, max(halves(a.arg)), trump))

    if not view.trick:
        return min(plays, key=cheap)
    led = view.trick[0].split(":")[1]
    suit = b.suit_led(led, trump)
    worth = b.count_value(led, trump)
    winning = [a for a in plays if b.power(a.arg, suit, trump) > b.power(led, suit, trump)]
    if winning and (worth >= 7 or not b.trumpish(min(winning, key=cheap).arg, trump)):
        return min(winning, key=cheap)
    return min(plays, key=cheap)


def _euchre(view: DominoesView, legal: Sequence[Action]) -> Action:
    """Make trumps holding three (or the Right Bower and one more); discard and throw the
    weakest; win a trick as cheaply as possible unless the partner is winning it."""
    from bot.games.dominoes import euchre as e

    hand = list(view.hand or [])
    kinds = {a.kind for a in legal}

    def count(trump: int) -> int:
        trumps = [x for x in hand if e.is_trump(x, trump)]
        return len(trumps) + int(f"{trump}-{trump}" in trumps)

    if "order" in kinds:
        return Action(kind="order" if count(view.trump) >= 3 else "pass")
    calls = [a for a in legal if a.kind == "call"]
    if calls:
        best = max(calls, key=lambda a: count(int(a.arg)))
        return best if count(int(best.arg)) >= 3 else Action(kind="pass")
    trump = view.trump
    if "discard" in kinds:
        return min(legal, key=lambda a: e.power(a.arg, max(halves(a.arg)), trump))
    plays = [a for a in legal if a.kind == "play"]
    if not view.trick:
        return max(plays, key=lambda a: e.power(a.arg, max(halves(a.arg)), trump))
    laid = [(int(x.split(":")[0]), x.split(":")[1]) for x in view.trick]
    suit = e.suit_led(laid[0][1], trump)
    top = max(laid, key=lambda p: e.power(p[1], suit, trump))
    partner = (view.seat or 0) + 2
    if top[0] % 4 != partner % 4:
        winning = [a for a in plays if e.power(a.arg, suit, trump) > e.power(top[1], suit, trump)]
        if winning:
            return min(winning, key=lambda a: e.power(a.arg, suit, trump))
    return min(plays, key=lambda a: (e.power(a.arg, suit, trump),
                                     e.power(a.arg, max(halves(a.arg)), trump)))


def _rounce(view: DominoesView, legal: Sequence[Action]) -> Action:
    """Stand on two trumps or a trump double, else take the dummy or pass; the holder takes
    the turned trump for his weakest tile; discard and lead the weakest; win a trick as
    cheaply as possible, else throw the weakest tile."""
    from bot.games.dominoes import rounce as r

    hand = list(view.hand or [])
    trump = view.trump

    def strength(arg: str) -> tuple[int, tuple[int, int]]:
        x, _, named = arg.partition(">")
        suit = trump if r.is_trump(x, trump) else int(named) if named else max(halves(x))
        return (int(r.is_trump(x, trump)), r.power(x, suit))

    kinds = {a.kind for a in legal}
    if "stand" in kinds and view.variant == "loo" and view.counters:
        return _loo_declare(view, legal, kinds)
    if "stand" in kinds:
        trumps = [x for x in hand if r.is_trump(x, trump)]
        strong = len(trumps) >= 2 or any(is_double(x) for x in trumps)
        swaps = [a for a in legal if a.kind == "swap"]
        if swaps:
            return min(swaps, key=lambda a: strength(a.arg))
        if not trumps and "concede" in kinds and "dummy" not in kinds:
            return Action(kind="concede")
        if strong or ("pass" not in kinds and "dummy" not in kinds):
            return Action(kind="stand")
        for kind in ("dummy", "miss", "pass", "stand"):
            if kind in kinds:
                return Action(kind=kind)
    if "discard" in kinds:
        return min(legal, key=lambda a: strength(a.arg))
    plays = [a for a in legal if a.kind == "play"]
    if not plays:
        return legal[0]
    if not view.trick:
        return max(plays, key=lambda a: strength(a.arg))
    laid = [e.split(":")[1] for e in view.trick]
    suit = r.led_suit(laid[0], trump) if view.led < 0 else view.led

    def beats(x: str) -> tuple[int, tuple[int, int]]:
        if r.is_trump(x, trump):
            return (2, r.power(x, trump))
        return (1, r.power(x, suit)) if suit in halves(x) else (0, (0, 0))

    best = max(beats(x) for x in laid)
    winning = [a for a in plays if beats(a.arg) > best]
    if winning:
        return min(winning, key=lambda a: beats(a.arg))
    return min(plays, key=lambda a: strength(a.arg))


def loo_tricks(hand: list[str], trump: int, players: int) -> float:
    """A rough count of the tricks a Loo hand takes: trumps by rank, plain doubles a little
    (less the more players there are to trump them)."""
    from bot.games.dominoes import rounce as r

    expect = 0.0
    for x in hand:
        a, b = halves(x)
        if r.is_trump(x, trump):
            other = b if a == trump else a
            expect += 1.0 if a == b else 0.75 if other >= 4 else 0.5
        elif a == b:
            expect += 0.6 if players <= 3 else 0.45
        elif max(a, b) == 6:
            expect += 0.15
    return expect


def _loo_declare(view: DominoesView, legal: Sequence[Action], kinds: set[str]) -> Action:
    """Pool play: stand when the hand should take a trick (a loo costs a whole pool), the
    dealer taking up the turned trump for his weakest tile; else pass, or defend the pool
    when the dealer must oppose a lone player; a miss only when passing is not allowed."""
    from bot.games.dominoes import rounce as r

    hand = list(view.hand or [])
    trump = view.trump
    swaps = [a for a in legal if a.kind == "swap"]
    best_swap = min(swaps, key=lambda a: (int(r.is_trump(a.arg, trump)),
                                          r.power(a.arg, max(halves(a.arg)))), default=None)
    if best_swap is not None:
        kept = [x for x in hand if x != best_swap.arg] + [view.turned]
        if loo_tricks(kept, trump, view.players) > loo_tricks(hand, trump, view.players):
            hand = kept
        else:
            best_swap = None
    if loo_tricks(hand, trump, view.players) >= 1.1:
        return best_swap or Action(kind="stand")
    for kind in ("defend", "pass", "miss", "stand"):
        if kind in kinds:
            return Action(kind=kind)
    return legal[0]


def _value(view: DominoesView, action: Action) -> float:
    hand = list(view.hand or [])
    piece = source_of(action) or ""
    rest = [x for x in hand if x != piece]
    ends = _ends_after(view, action)
    score = 3.0 * _points(view, ends, piece)
    score += 0.35 * pips(piece) + (1.5 if is_double(piece) else 0.0)
    held = {n for x in rest for n in halves(x)}
    score += 0.8 * sum(1 for e in ends.values() if e in held)
    unseen = _unseen(view, hand)
    opponents = [c for s, c in enumerate(view.counts) if s != view.seat and c]
    avg = hand_pips(unseen) / len(unseen) if unseen else 0.0
    ahead = opponents and hand_pips(rest) < avg * min(opponents)
    matching = sum(1 for x in unseen if any(e in halves(x) for e in ends.values()))
    score -= (0.6 if ahead else 0.15) * matching
    if not rest:
        score += 100.0
    return score


def _ends_after(view: DominoesView, action: Action) -> dict[str, int]:
    """The open ends once ``action`` is laid (the view's ends with one changed)."""
    ends = {k: v for k, v in view.ends.items() if k != "C"}
    placed, _, end = action.arg.partition(">")
    a, b = halves(placed)
    if not end:
        return {"L": a, "R": b}
    if end == "C":
        ends[str(len(view.arms) + 1)] = b
    else:
        ends[end] = b
    return ends


def _points(view: DominoesView, ends: dict[str, int], piece: str) -> float:
    """What the play scores now in a scoring game (an estimate for the cross-free line)."""
    k = _POINT_MODES.get(view.variant)
    if view.variant == "bergen":
        values = list(ends.values())
        return 2.0 if len(values) == 2 and values[0] == values[1] else 0.0
    if k is None:
        return 0.0
    total = _end_total(view, ends, piece)
    return total / k if total and total % k == 0 else 0.0


def _end_total(view: DominoesView, ends: dict[str, int], piece: str) -> int:
    if not view.centre:
        return pips(piece)
    total = 0
    for end_id, value in ends.items():
        doubled = _end_is_double(view, end_id, piece, ends)
        total += value * 2 if doubled else value
    return total


def _end_is_double(view: DominoesView, end_id: str, piece: str, ends: dict[str, int]) -> bool:
    index = view.arm_ids.index(end_id) if end_id in view.arm_ids else -1
    if index < 0:
        return False
    arm = view.arms[index]
    if view.ends.get(end_id) != ends.get(end_id):
        return is_double(piece)
    if arm:
        return is_double(arm[-1])
    return is_double(view.centre)


def _unseen(view: DominoesView, hand: list[str]) -> list[str]:
    rules = CATALOGUE[view.variant]
    top = rules.deal(view.players, None)[0]
    known = set(hand) | {canon(x) for x in view.played}
    return [x for x in full_set(top) if x not in known]


def greedy(view: DominoesView, legal: Sequence[Action], rng: random.Random) -> Action:
    """The benchmark's greedy player: the most points now, else the heaviest tile."""
    plays = [a for a in legal if a.kind == "play"]
    if not plays:
        return choose(view, legal, rng)
    return max(plays, key=lambda a: (_points(view, _ends_after(view, a), source_of(a) or ""),
                                     pips(source_of(a) or "0-0"), target_of(a) or "",
                                     rng.random()))
