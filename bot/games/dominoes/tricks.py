"""What the domino trick games (Bingo, Loo, Rounce, Domino Euchre) share: the deal, the seat
order (the block games and Poker go round the same way), following suit, and gathering a
finished trick.

Each game keeps its own rules (what a trump is, how tiles rank, who leads); these helpers take
those as arguments, so the games differ only where their rules do.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.games.dominoes.tiles import full_set, halves
from bot.games.words import N_

if TYPE_CHECKING:
    from bot.games.dominoes.engine import Table


def deal_hands(t: Table, fixed: dict | None, shuffle: str, size: int, players: int) -> list[str]:
    """Give each seat ``size`` tiles and return the rest, from ``fixed`` (a set deal: its
    ``leader`` becomes the holder) or from the double-six set shuffled by the seed ``shuffle``
    (the caller then chooses the holder)."""
    if fixed is not None:
        t.hands = [list(h) for h in fixed["hands"]]
        t.holder = int(fixed.get("leader", 0))
        return list(fixed.get("stock", []))
    tiles = full_set(6)
    random.Random(shuffle).shuffle(tiles)
    t.hands = [sorted(tiles[i * size:(i + 1) * size], reverse=True) for i in range(players)]
    return tiles[players * size:]


def clear_tricks(t: Table, players: int) -> None:
    """A new hand: no trick on the table, none won, nothing thrown away."""
    t.trick, t.won, t.discards = [], [], []
    t.tricks = [0] * players


def next_seat(seat: int, players: int, in_play: Callable[[int], bool]) -> int:
    """The next seat to the left still in play (``seat`` itself if nobody else is)."""
    for step in range(1, players + 1):
        s = (seat + step) % players
        if in_play(s):
            return s
    return seat


def followers(hand: list[str], suit: int, trump: int, is_trump: Callable[[str], bool]
              ) -> list[str]:
    """The tiles of ``hand`` that follow ``suit``: trumps to a trump lead, else the plain
    tiles bearing that number (a trump is only a trump)."""
    if suit == trump:
        return [x for x in hand if is_trump(x)]
    return [x for x in hand if not is_trump(x) and suit in halves(x)]


def led_tile(t: Table) -> str:
    return t.trick[0].split(":")[1]


def laid(t: Table) -> list[tuple[int, str]]:
    """The trick as (seat, tile) in the order played."""
    return [(int(s), x) for s, x in (e.split(":") for e in t.trick)]


def gather(t: Table, winner: int) -> list[str]:
    """The winner takes the trick and leads next; returns its tiles."""
    tiles = [x for _, x in laid(t)]
    t.tricks[winner] += 1
    t.won.extend(tiles)
    t.trick = []
    t.turn = winner
    return tiles


def take_turned(t: Table, seat: int) -> None:
    """``seat`` takes the turned-up trump tile into his hand."""
    t.hands[seat] = sorted([*t.hands[seat], t.turned], reverse=True)
    t.turned = ""


def throw_away(t: Table, seat: int, piece: str) -> bool:
    """Discard one tile; returns whether ``seat`` has now discarded all he must."""
    t.hands[seat].remove(piece)
    t.discards.append(piece)
    t.need_discard -= 1
    return not t.need_discard


def took_line(name: str, tricks: int) -> str:
    return (N_("{name} took {n} tricks.") if tricks > 1 else N_("{name} took {n} trick.")).format(
        name=name, n=tricks)
