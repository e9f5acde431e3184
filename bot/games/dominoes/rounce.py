"""Domino Rounce (p. 41): trumps, a dummy, tricks, and scores counted down from fifteen.

The trump holder (highest tile turned for the first hand, then the next seat to the left)
sees five tiles dealt to each and a seven-tile dummy laid out; the player on his right turns up
the trump tile, whose higher half is trump. From his left each player stands, passes, or throws
his hand away for the dummy (one dummy, first come); if all before him passed, the last player
may concede five to the trump holder instead of playing. The holder then stands, swaps a tile
for the turned trump, or takes the dummy if it is left (giving up the turned trump). Whoever
took the dummy discards down to five. Five tricks: follow suit if you can (you need not trump);
the winner of a trick leads a trump if he has one. Each trick takes one off your score; a player
who stood and took none is bounced, five added. The first to reach nothing wins.

Suits (the booklet is silent; the spec's Domino Euchre reading): a tile bearing the trump
number is only a trump; a plain tile led belongs to its higher half; following means any plain
tile bearing that number. Each suit ranks its double first, then by the other half.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bot.games.dominoes import tricks
from bot.games.dominoes.tiles import full_set, halves, is_double, pips
from bot.games.words import N_

if TYPE_CHECKING:
    from bot.games.dominoes.engine import Table

START = 15
BOUNCE = 5
CONCEDE = 5
DUMMY = 7


def trump_of(turned: str) -> int:
    return max(halves(turned))


def is_trump(piece: str, trump: int) -> bool:
    return trump in halves(piece)


def led_suit(piece: str, trump: int) -> int:
    return trump if is_trump(piece, trump) else max(halves(piece))


def power(piece: str, suit: int) -> tuple[int, int]:
    """Rank inside ``suit``: the double on top, then the other half from six down."""
    a, b = halves(piece)
    other = b if a == suit else a
    return (int(a == b), other)


def trick_winner(played: list[tuple[int, str]], suit: int, trump: int) -> int:
    """The highest trump takes the trick; without one, the highest tile of the suit led."""
    trumps = [(s, x) for s, x in played if is_trump(x, trump)]
    if trumps:
        return max(trumps, key=lambda e: power(e[1], trump))[0]
    follow = [(s, x) for s, x in played if suit in halves(x)]
    return max(follow, key=lambda e: power(e[1], suit))[0]


def swap_for_turned(t: Table, seat: int, piece: str) -> str:
    """Throw ``piece`` away and take up the turned trump tile in its place."""
    t.hands[seat].remove(piece)
    t.discards.append(piece)
    tricks.take_turned(t, seat)
    t.status[seat] = "stand"
    return N_("takes up the trump tile")


def first_holder(seed: int, players: int) -> int:
    """Each turns a tile; the highest (pips, a double winning ties) holds the trump."""
    drawn = random.Random(f"{seed}:rounce-holder").sample(full_set(6), players)
    return max(range(players), key=lambda s: (pips(drawn[s]), is_double(drawn[s])))


def deal(t: Table, seed: int, fixed: dict | None) -> None:
    n = len(t.hands)
    rest = tricks.deal_hands(t, fixed, f"{seed}:deal:{t.hand_no}", 5, n)
    if fixed is None:
        t.holder = first_holder(seed, n) if t.hand_no == 1 else (t.holder + 1) % n
    t.dummy, t.turned, t.stock = rest[:DUMMY], rest[DUMMY], rest[DUMMY + 1:]
    t.trump = trump_of(t.turned)
    t.status = [""] * n
    tricks.clear_tricks(t, n)
    t.need_discard = 0
    t.phase = "declare"
    t.turn = (t.holder + 1) % n


def legal(t: Table, seat: int) -> list[str]:
    n = len(t.hands)
    if t.phase == "discard":
        return [f"discard:{x}" for x in t.hands[seat]]
    if t.phase == "declare":
        dummy = ["dummy"] if t.dummy else []
        if seat == t.holder:
            swaps = [f"swap:{x}" for x in t.hands[seat]] if t.turned else []
            return ["stand", *swaps, *dummy]
        last = (seat + 1) % n == t.holder
        if last and all(t.status[s] == "pass" for s in range(n) if s not in (seat, t.holder)):
            return ["stand", *dummy, "concede"]
        return ["stand", *dummy, "pass"]
    return [f"play:{x}" for x in playable(t, seat)]


def playable(t: Table, seat: int) -> list[str]:
    hand = t.hands[seat]
    if not t.trick:
        if t.lead_trump:
            trumps = [x for x in hand if is_trump(x, t.trump)]
            if trumps:
                return trumps
        return list(hand)
    suit = led_suit(tricks.led_tile(t), t.trump)
    return tricks.followers(hand, suit, t.trump, lambda x: is_trump(x, t.trump)) or list(hand)


def active(t: Table) -> list[int]:
    return [s for s in range(len(t.hands)) if t.status[s] in ("stand", "dummy")]


def next_active(t: Table, seat: int) -> int:
    return tricks.next_seat(seat, len(t.hands), lambda s: s in active(t))


def declare(t: Table, seat: int, kind: str, arg: str) -> str:
    """Stand, pass, take the dummy, concede or swap; returns the words."""
    n = len(t.hands)
    words = {"stand": N_("stands"), "pass": N_("passes")}.get(kind, "")
    if kind in ("stand", "pass"):
        t.status[seat] = kind
    elif kind == "dummy":
        t.discards.extend(t.hands[seat])
        t.hands[seat] = sorted(t.dummy, reverse=True)
        t.dummy = []
        t.status[seat] = "dummy"
        t.need_discard = len(t.hands[seat]) - 5
        if seat == t.holder and t.turned:
            t.discards.append(t.turned)
            t.turned = ""
        words = N_("takes the dummy")
    elif kind == "swap":
        words = swap_for_turned(t, seat, arg)
    elif kind == "concede":
        t.status[seat] = "pass"
        t.scores[t.holder] -= CONCEDE
        t.phase = "conceded"
        return N_("concedes {n} to the trump holder").format(n=CONCEDE)
    if t.need_discard:
        t.phase = "discard"
        return words
    _after_declaring(t, seat, n)
    return words


def _after_declaring(t: Table, seat: int, n: int) -> None:
    if seat == t.holder:
        t.phase = "play"
        t.lead_trump = False
        t.turn = next_active(t, t.holder)
    else:
        t.turn = (seat + 1) % n


def discard(t: Table, seat: int, piece: str) -> None:
    if tricks.throw_away(t, seat, piece):
        t.phase = "declare"
        _after_declaring(t, seat, len(t.hands))


def play(t: Table, seat: int, piece: str) -> int | None:
    """Lay a tile to the trick; returns the trick's winner once everyone has played."""
    t.hands[seat].remove(piece)
    t.trick.append(f"{seat}:{piece}")
    if len(t.trick) < len(active(t)):
        t.turn = next_active(t, seat)
        return None
    winner = trick_winner(tricks.laid(t), led_suit(tricks.led_tile(t), t.trump), t.trump)
    tricks.gather(t, winner)
    t.lead_trump = True
    return winner


def settle(t: Table, names: list[str]) -> list[str]:
    """Tricks off the score, five on for a bounce; ends the match at nothing."""
    lines = []
    for s in active(t):
        if t.tricks[s]:
            t.scores[s] -= t.tricks[s]
            lines.append(tricks.took_line(names[s], t.tricks[s]))
        else:
            t.scores[s] += BOUNCE
            lines.append(N_("{name} took no trick and is bounced (+{n}).").format(
                name=names[s], n=BOUNCE))
    return lines


def finished(t: Table) -> bool:
    return min(t.scores) <= 0
