"""Bingo (pp. 37-38): Sixty-six with the double-six set, for two.

The lower drawn tile leads; seven each; the elder hand turns up a tile from the stock, whose
higher half (a double: its number) is trump; it lies at the bottom of the stock, drawn last.
While the stock lasts anything may be played; after each trick the winner draws first, then
the other, and the winner leads. Once the stock is gone (or the leader has closed it) you must
follow suit and win the trick if you can, and trump if you cannot follow. 0-0, "Bingo", beats
every tile; then trumps (the trump double first, then by the other half); then the suit led (a
plain tile leads its higher half's suit; its double first, then by the other half).
Counting values go to the trick's winner: the trump double 28, Bingo 14, 6-4 and 3-0 10 always,
other doubles and trumps their pips with a blank as 7, other tiles with a blank 7, the rest 0
(168 in all). Leading, a player holding two or more doubles may lead one and show the others:
2 doubles 20, 3: 40, 4: 50, 5: 60, 6: 70, ten more with Bingo among them, counted once he has a
trick. The first to count 70 wins the hand: 1 game point, 2 if the other has under 30, 3 if the
other has no trick. Bingo taking the trump double scores a game point at once. A player who
closed and does not reach 70 gives the other 2; if nobody reaches 70 the last trick's winner
takes 1. Game 7.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bot.games.dominoes import tricks
from bot.games.dominoes.tiles import full_set, halves, is_double, pips

if TYPE_CHECKING:
    from bot.games.dominoes.engine import Table

GAME_POINTS = 7
COUNT = 70
BINGO = "0-0"
DECLARE = {2: 20, 3: 40, 4: 50, 5: 60, 6: 70}


def count_value(piece: str, trump: int) -> int:
    a, b = halves(piece)
    if piece == f"{trump}-{trump}":
        return 28
    if piece == BINGO:
        return 14
    if piece in ("6-4", "3-0"):
        return 10
    if a == b or trump in (a, b):
        return (a or 7) + (b or 7)
    if 0 in (a, b):
        return 7
    return 0


def is_trump(piece: str, trump: int) -> bool:
    return trump in halves(piece)


def power(piece: str, suit: int, trump: int) -> tuple[int, int, int]:
    if piece == BINGO:
        return (3, 0, 0)
    a, b = halves(piece)
    if is_trump(piece, trump):
        return (2, int(a == b), b if a == trump else a)
    if suit in (a, b):
        return (1, int(a == b), b if a == suit else a)
    return (0, 0, 0)


def suit_led(piece: str, trump: int) -> int:
    return trump if trumpish(piece, trump) else max(halves(piece))


def deal(t: Table, seed: int, fixed: dict | None) -> None:
    rest = tricks.deal_hands(t, fixed, f"{seed}:bingo:{t.hand_no}", 7, 2)
    if fixed is None:
        if t.hand_no == 1:
            cut = random.Random(f"{seed}:bingo-cut").sample(full_set(6), 2)
            t.holder = min((0, 1), key=lambda s: (pips(cut[s]), cut[s]))
        else:
            t.holder = 1 - t.holder
    t.turned = rest[0]
    t.stock = [*rest[1:], rest[0]]  # the turned tile lies at the bottom, drawn last
    t.trump = max(halves(t.turned))
    tricks.clear_tricks(t, 2)
    t.counted = [0, 0]
    t.declared = [False, False]
    t.owed = [0, 0]
    t.closer = -1
    t.phase = "play"
    t.turn = t.holder


def strict(t: Table) -> bool:
    return not t.stock or t.closer >= 0


def trumpish(piece: str, trump: int) -> bool:
    """A trump, or Bingo, which beats every tile."""
    return piece == BINGO or is_trump(piece, trump)


def legal(t: Table, seat: int) -> list[str]:
    hand = t.hands[seat]
    if not t.trick:
        out = [f"play:{x}" for x in hand]
        doubles = [x for x in hand if is_double(x)]
        if len(doubles) >= 2 and not t.declared[seat]:
            out += [f"declare:{x}" for x in doubles]
        if t.stock and t.closer < 0 and len(t.stock) > 2:
            out.append("close")
        return out
    return [f"play:{x}" for x in playable(t, seat)]


def playable(t: Table, seat: int) -> list[str]:
    hand = t.hands[seat]
    if not strict(t):
        return list(hand)
    led = tricks.led_tile(t)
    suit = suit_led(led, t.trump)
    follow = tricks.followers(hand, suit, t.trump, lambda x: trumpish(x, t.trump))
    pool = follow or [x for x in hand if trumpish(x, t.trump)] or list(hand)
    top = power(led, suit, t.trump)
    heading = [x for x in pool if power(x, suit, t.trump) > top]
    return heading or pool


def declare(t: Table, seat: int, piece: str) -> int:
    """Lead a double and show the others; returns the declaration's value."""
    doubles = [x for x in t.hands[seat] if is_double(x)]
    value = DECLARE[min(len(doubles), 6)] + (10 if BINGO in doubles else 0)
    t.declared[seat] = True
    if t.tricks[seat]:
        t.counted[seat] += value
    else:
        t.owed[seat] = value
    return value


def play(t: Table, seat: int, piece: str) -> tuple[int | None, bool]:
    """Lay a tile; returns the trick's winner once both have played, and whether Bingo took
    the trump double in it."""
    t.hands[seat].remove(piece)
    t.trick.append(f"{seat}:{piece}")
    if len(t.trick) < 2:
        t.turn = 1 - seat
        return None, False
    suit = suit_led(tricks.led_tile(t), t.trump)
    winner = max(tricks.laid(t), key=lambda e: power(e[1], suit, t.trump))[0]
    tiles = tricks.gather(t, winner)
    bingo = BINGO in tiles and f"{t.trump}-{t.trump}" in tiles and t.trump != 0
    t.counted[winner] += sum(count_value(x, t.trump) for x in tiles) + t.owed[winner]
    t.owed[winner] = 0
    if t.stock and t.closer < 0:
        for s in (winner, 1 - winner):
            if t.stock:
                t.hands[s] = sorted([*t.hands[s], t.stock.pop(0)], reverse=True)
        if not t.stock:
            t.turned = ""
    return winner, bingo


def hand_result(t: Table, last_winner: int | None) -> tuple[int, int] | None:
    """(winner, game points) once the hand is decided, else None."""
    for s in (0, 1):
        if t.counted[s] >= COUNT:
            other = 1 - s
            points = 3 if not t.tricks[other] else 2 if t.counted[other] < 30 else 1
            return s, points
    if t.hands[0] or t.hands[1]:
        return None
    if t.closer >= 0:
        return 1 - t.closer, 2
    return (last_winner if last_winner is not None else 0), 1


def finished(t: Table) -> bool:
    return max(t.scores) >= GAME_POINTS
