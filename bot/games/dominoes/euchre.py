"""Domino Euchre (p. 36): card Euchre played with the double-six set, as the spec reads it.

Four players, partners opposite. The lowest drawn tile deals first (then the deal passes to the
left); five each, and the dealer turns up a tile whose higher half (a double: its number) is the
proposed trump. From the dealer's left each may order it up (alone, if he likes) or pass; if
someone orders it, the dealer takes the turned tile and discards one. If all pass, each in turn
may name another suit (alone, if he likes) or pass; if all pass again the hand is dealt afresh.
The booklet's one difference from the card game: **the player who made trump leads**, not the
eldest hand. Trumps: the trump double (Right Bower), the next lower double (Left Bower; 6-6 when
blanks are trumps), then the trump number's tiles by their other half. A tile bearing the trump
number is only a trump; a plain tile led is its higher half's suit, and any plain tile bearing
that number follows. Plain suits rank from their double down. The makers score 1 for three or
four tricks, 2 for all five (4 alone); short of three they are euchred, 2 to the other side.
Game 5.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bot.games.dominoes import tricks
from bot.games.dominoes.tiles import full_set, halves, is_double, pips
from bot.games.words import N_, joined

if TYPE_CHECKING:
    from bot.games.dominoes.engine import Table

GAME_POINTS = 5


def left_bower(trump: int) -> str:
    low = trump - 1 if trump > 0 else 6
    return f"{low}-{low}"


def is_trump(piece: str, trump: int) -> bool:
    return trump in halves(piece) or piece == left_bower(trump)


def trump_order(trump: int) -> list[str]:
    """Highest first: 6-6, 5-5, 6-5, 6-4 ... with sixes trumps (spec section 8)."""
    rest = sorted((t for t in full_set(6) if trump in halves(t) and not is_double(t)),
                  key=lambda t: -sum(halves(t)))
    return [f"{trump}-{trump}", left_bower(trump), *rest]


def power(piece: str, suit: int, trump: int) -> tuple[int, int]:
    if is_trump(piece, trump):
        return (2, -trump_order(trump).index(piece))
    if suit in halves(piece):
        a, b = halves(piece)
        return (1, 7 if a == b else (b if a == suit else a))
    return (0, 0)


def suit_led(piece: str, trump: int) -> int:
    return trump if is_trump(piece, trump) else max(halves(piece))


def first_dealer(seed: int) -> int:
    drawn = random.Random(f"{seed}:deuchre-cut").sample(full_set(6), 4)
    return min(range(4), key=lambda s: (pips(drawn[s]), drawn[s]))


def deal(t: Table, seed: int, fixed: dict | None) -> None:
    rest = tricks.deal_hands(t, fixed, f"{seed}:deuchre:{t.hand_no}", 5, 4)
    if fixed is None:
        t.holder = first_dealer(seed) if t.hand_no == 1 else (t.holder + 1) % 4
    t.turned, t.stock = rest[0], rest[1:]
    t.trump = max(halves(t.turned))
    t.status = [""] * 4
    tricks.clear_tricks(t, 4)
    t.need_discard = 0
    t.maker, t.alone, t.bid_round = -1, False, 1
    t.phase = "bid"
    t.turn = (t.holder + 1) % 4


def legal(t: Table, seat: int) -> list[str]:
    if t.phase == "discard":
        return [f"discard:{x}" for x in t.hands[seat]]
    if t.phase == "bid":
        if t.bid_round == 1:
            return ["order", "order_alone", "pass"]
        named = [n for n in range(7) if n != max(halves(t.turned))]
        return [*(f"call:{n}" for n in named), *(f"call_alone:{n}" for n in named), "pass"]
    return [f"play:{x}" for x in playable(t, seat)]


def playable(t: Table, seat: int) -> list[str]:
    hand = t.hands[seat]
    if not t.trick:
        return list(hand)
    suit = suit_led(tricks.led_tile(t), t.trump)
    return tricks.followers(hand, suit, t.trump, lambda x: is_trump(x, t.trump)) or list(hand)


def playing(t: Table) -> list[int]:
    """Seats in the hand: all four, or three when the maker's partner sits out."""
    return [s for s in range(4) if not (t.alone and s == (t.maker + 2) % 4)]


def _next_player(t: Table, seat: int) -> int:
    seats = playing(t)
    return tricks.next_seat(seat, 4, lambda s: s in seats)


def bid(t: Table, seat: int, kind: str, arg: str) -> str:
    """Order up, call a suit, or pass; returns the words ("" when everyone passed twice)."""
    if kind == "pass":
        if seat == t.holder:
            if t.bid_round == 2:
                t.phase = "redeal"
                return N_("passes; nobody made trumps")
            t.bid_round = 2
        t.turn = (seat + 1) % 4
        return N_("passes")
    t.maker, t.alone = seat, kind.endswith("alone")

    if kind.startswith("order"):
        t.trump = max(halves(t.turned))
        dealer = t.holder
        tricks.take_turned(t, dealer)
        if t.alone and dealer == (seat + 2) % 4:
            t.discards.append(t.hands[dealer].pop())  # a partner sitting out keeps no tile
            _start_play(t)
            return N_("orders it up alone") if t.alone else N_("orders it up")
        t.need_discard = 1
        t.phase = "discard"
        t.turn = dealer
        return N_("orders it up alone") if t.alone else N_("orders it up")
    t.trump = int(arg)
    _start_play(t)
    return (N_("makes {n}s trumps alone") if t.alone else N_("makes {n}s trumps")).format(n=arg)


declare = bid


def _start_play(t: Table) -> None:
    t.phase = "play"
    t.turn = t.maker  # the booklet: only the maker of trumps leads


def discard(t: Table, seat: int, piece: str) -> None:
    tricks.throw_away(t, seat, piece)  # the dealer discards one, after taking up the turned tile
    _start_play(t)


def play(t: Table, seat: int, piece: str) -> int | None:
    t.hands[seat].remove(piece)
    t.trick.append(f"{seat}:{piece}")
    if len(t.trick) < len(playing(t)):
        t.turn = _next_player(t, seat)
        return None
    suit = suit_led(tricks.led_tile(t), t.trump)
    winner = max(tricks.laid(t), key=lambda e: power(e[1], suit, t.trump))[0]
    tricks.gather(t, winner)
    return winner


def settle(t: Table, names: list[str]) -> list[str]:
    makers = [t.maker, (t.maker + 2) % 4]
    won = t.tricks[makers[0]] + t.tricks[makers[1]]
    pair = joined([names[s] for s in makers])
    if won >= 3:
        points = (4 if t.alone else 2) if won == 5 else 1
        gainers, line = makers, N_("{names} take {n} tricks: {points}.").format(
            names=pair, n=won, points=points)
    else:
        points = 2
        gainers = [(t.maker + 1) % 4, (t.maker + 3) % 4]
        line = N_("{names} take {n} tricks and are euchred: 2 to the other side.").format(
            names=pair, n=won)
    for s in gainers:
        t.scores[s] += points
    return [line]


def finished(t: Table) -> bool:
    return max(t.scores) >= GAME_POINTS
