"""Domino Loo (pp. 38-40): tricks, misses, and the loo, for points or for a pool.

The higher cut deals (a double beats any other tile); five each; the dealer turns up a tile for
trumps (a double: its number; else its higher half). "Misses" lie ready: two of six tiles for two
or three players, one of seven for four (the spec's resolution of the booklet's impossible
count). From the dealer's left each stands or takes a miss (throws his hand away, takes the
miss, discards down to five); the dealer may instead swap a tile for the turned trump, or take a
miss, not both. Tricks: the leader of a plain tile names its suit (``play:5-1>1`` leads it as
aces), a tile bearing the trump number is a trump, a double leads its own number. Follow suit
if you can; if you cannot, trump if you can. The first leader holding two trumps leads one, and
the winner of a trick leads a trump if he has one. A trick scores 1; a hand without one is a loo,
five off (a score may go below nothing). First to 15 wins.

The pool (the booklet's way when more than two play, spec 4.16): each antes the stake (a
multiple of five), the dealer two; each trick takes a fifth of the pool. Declaring, a player
may pass (he cannot win and cannot be looed); whoever takes a miss plays. A player who plays
and takes no trick is looed: he pays into the next pool what this one held, at most four
stakes with three players, five with four (three with two: a fresh pool's size, the same
rule); a pool after a loo takes only the loos and the dealer's single stake. If everyone
passes to the dealer he takes the pool; if one stands, the dealer must oppose him: stand, take
a miss, or ``defend`` (play his own hand for the pool: he cannot be looed and what he wins
stays in for the next pool). ``scores`` are then counters, won less paid; the match runs the
agreed hands, then on until a pool is taken with no loo and nothing left in it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bot.games.dominoes import tricks
from bot.games.dominoes.rounce import is_trump, swap_for_turned, trick_winner
from bot.games.dominoes.tiles import full_set, halves, is_double, pips
from bot.games.words import N_, joined

if TYPE_CHECKING:
    from bot.games.dominoes.engine import Table
    from bot.games.dominoes.options import DominoesOptions

GAME_POINTS = 15
LOOED = 5
LOO_CAP = {2: 3, 3: 4, 4: 5}
"""A loo's most, in stakes (the booklet: four with three players, five with four)."""
IN_PLAY = ("stand", "miss", "pool")


def plays_for_pool(options: DominoesOptions, players: int) -> bool:
    """The book's pool when more than two play, its points game for two; ``play_for`` picks."""
    if options.play_for is None:
        return players >= 3
    return options.play_for == "pool"


def misses_for(players: int) -> list[int]:
    return [7] if players == 4 else [6, 6]


def turned_trump(piece: str) -> int:
    return max(halves(piece))


def first_dealer(seed: int, players: int) -> int:
    """The higher cut deals; any double beats any other tile."""
    cut = random.Random(f"{seed}:loo-cut").sample(full_set(6), players)
    return max(range(players), key=lambda s: (is_double(cut[s]), pips(cut[s]), cut[s]))


def deal(t: Table, seed: int, fixed: dict | None) -> None:
    n = len(t.hands)
    rest = tricks.deal_hands(t, fixed, f"{seed}:loo:{t.hand_no}", 5, n)
    if fixed is None:
        t.holder = first_dealer(seed, n) if t.hand_no == 1 else (t.holder + 1) % n
    t.turned, rest = rest[0], rest[1:]
    t.trump = turned_trump(t.turned)
    t.dummy = []
    for size in misses_for(n):
        t.dummy.append(",".join(rest[:size]))
        rest = rest[size:]
    t.stock = rest
    t.status = [""] * n
    tricks.clear_tricks(t, n)
    t.need_discard = 0
    t.led = -1
    t.phase = "declare"
    t.turn = (t.holder + 1) % n
    if t.pool_play:
        ante(t)


def ante(t: Table) -> list[int]:
    """Pay this hand's pool: a stake each and the dealer two; after a loo, only the looed
    (what they owe) and the dealer (one stake). What stayed in the last pool stays."""
    n = len(t.hands)
    pay = list(t.owing) if any(t.owing) else [t.stake] * n
    pay[t.holder] += t.stake
    for s in range(n):
        t.scores[s] -= pay[s]
    t.pool += sum(pay)
    t.owing = [0] * n
    return pay


def loo_cap(t: Table) -> int:
    return LOO_CAP[len(t.hands)] * t.stake


def active(t: Table) -> list[int]:
    return [s for s in range(len(t.hands)) if t.status[s] in IN_PLAY]


def _standing(t: Table) -> int:
    """Players other than the dealer who have declared to play."""
    return sum(1 for s in active(t) if s != t.holder)


def miss_tiles(t: Table) -> list[str]:
    return [x for m in t.dummy for x in m.split(",") if x]


def legal(t: Table, seat: int) -> list[str]:
    if t.phase == "discard":
        return [f"discard:{x}" for x in t.hands[seat]]
    if t.phase == "declare":
        miss = ["miss"] if t.dummy else []
        swaps = [f"swap:{x}" for x in t.hands[seat]] if seat == t.holder and t.turned else []
        if not t.pool_play:
            return ["stand", *swaps, *miss]
        if seat != t.holder:
            return ["stand", *miss, "pass"]
        return ["stand", *swaps, *miss, "defend" if _standing(t) == 1 else "pass"]
    return playable(t, seat)


def _trumps(t: Table, hand: list[str]) -> list[str]:
    return [x for x in hand if is_trump(x, t.trump)]


def _lead(t: Table, piece: str) -> list[str]:
    if is_trump(piece, t.trump) or is_double(piece):
        return [f"play:{piece}"]
    a, b = halves(piece)
    return [f"play:{piece}>{a}", f"play:{piece}>{b}"]


def playable(t: Table, seat: int) -> list[str]:
    hand = t.hands[seat]
    if not t.trick:
        trumps = _trumps(t, hand)
        first = not t.won
        if trumps and ((first and len(trumps) >= 2) or (not first and t.lead_trump)):
            hand = trumps
        return [a for x in hand for a in _lead(t, x)]
    follow = tricks.followers(hand, t.led, t.trump, lambda x: is_trump(x, t.trump))
    options = follow or _trumps(t, hand) or list(hand)
    return [f"play:{x}" for x in options]


def declare(t: Table, seat: int, kind: str, arg: str) -> str:
    n = len(t.hands)
    if kind == "stand":
        t.status[seat] = "stand"
        words = N_("stands")
    elif kind == "pass":
        t.status[seat] = "pass"
        words = N_("passes")
    elif kind == "defend":
        t.status[seat] = "pool"
        words = N_("plays his hand for the pool")
    elif kind == "swap":
        words = swap_for_turned(t, seat, arg)
    else:  # miss
        t.discards.extend(t.hands[seat])
        t.hands[seat] = sorted(t.dummy.pop(0).split(","), reverse=True)
        t.status[seat] = "miss"
        t.need_discard = len(t.hands[seat]) - 5
        words = N_("takes a miss")
    if t.need_discard:
        t.phase = "discard"
        return words
    _next(t, seat, n)
    return words


def _next(t: Table, seat: int, n: int) -> None:
    if seat == t.holder:
        t.phase = "play"
        t.lead_trump = False
        t.turn = tricks.next_seat(t.holder, n, lambda s: s in active(t))
    elif t.pool_play and (seat + 1) % n == t.holder and not _standing(t):
        t.phase = "taken"  # everyone passed to the dealer: he takes the pool
        take_pool(t, t.holder)
    else:
        t.turn = (seat + 1) % n


def take_pool(t: Table, seat: int) -> None:
    t.scores[seat] += t.pool
    t.pool = 0


def discard(t: Table, seat: int, piece: str) -> None:
    if tricks.throw_away(t, seat, piece):
        t.phase = "declare"
        _next(t, seat, len(t.hands))


def play(t: Table, seat: int, arg: str) -> int | None:
    piece, _, named = arg.partition(">")
    t.hands[seat].remove(piece)
    if not t.trick:
        if is_trump(piece, t.trump):
            t.led = t.trump
        elif is_double(piece):
            t.led = halves(piece)[0]
        else:
            t.led = int(named)
    t.trick.append(f"{seat}:{piece}")
    n = len(t.hands)
    if len(t.trick) < len(active(t)):
        t.turn = tricks.next_seat(seat, n, lambda s: s in active(t))
        return None
    winner = trick_winner(tricks.laid(t), t.led, t.trump)
    tricks.gather(t, winner)
    t.led = -1
    t.turn = winner
    t.lead_trump = True
    return winner


def settle(t: Table, names: list[str]) -> list[str]:
    if t.pool_play:
        return settle_pool(t, names)
    lines = []
    for s in range(len(t.hands)):
        if t.tricks[s]:
            t.scores[s] += t.tricks[s]
            lines.append(tricks.took_line(names[s], t.tricks[s]))
        else:
            t.scores[s] -= LOOED
            lines.append(N_("{name} took no trick and is looed (-{n}).").format(
                name=names[s], n=LOOED))
    return lines


def settle_pool(t: Table, names: list[str]) -> list[str]:
    """A fifth of the pool a trick; a looed player owes the next pool what this one held."""
    share = t.pool // 5
    lines = [N_("The pool held {n} counters, {share} a trick.").format(n=t.pool, share=share)]
    kept = t.pool
    for s in active(t):
        won = t.tricks[s] * share
        if t.status[s] == "pool":
            lines.append((N_("{name} played for the pool: {n} counters stay in it.") if won
                          else N_("{name} played for the pool: nothing taken.")).format(
                name=names[s], n=won))
        elif won:
            t.scores[s] += won
            kept -= won
            lines.append((N_("{name} took {tricks} tricks: {n} counters.") if t.tricks[s] > 1
                          else N_("{name} took {tricks} trick: {n} counters.")).format(
                name=names[s], tricks=t.tricks[s], n=won))
        else:
            t.owing[s] = min(t.pool, loo_cap(t))
            lines.append(N_("{name} took no trick and is looed: {n} into the next "
                            "pool.").format(name=names[s], n=t.owing[s]))
    passed = [names[s] for s in range(len(t.hands)) if t.status[s] == "pass"]
    if passed:
        lines.append(N_("{names} passed.").format(names=joined(passed)))
    t.pool = kept
    return lines


def finished(t: Table) -> bool:
    if not t.pool_play:
        return max(t.scores) >= GAME_POINTS
    clean = not any(t.owing) and t.pool == 0
    return (t.hand_no >= t.deals and clean) or t.hand_no >= 3 * t.deals


def final_counters(t: Table) -> list[float]:
    """Each player's counters at the end; a pool still standing after the last agreed hand
    (three times the agreed number played) is shared out and its loos are let off."""
    n = len(t.hands)
    return [t.scores[s] + t.pool / n for s in range(n)]
