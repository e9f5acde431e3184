"""The solver's fast path for The Hemispheres: four red foundations up from the aces and four
black ones down from the kings, four barriers (K♥, K♦, A♣, A♠) that only go home, twelve
Race places (t1-t6 the north, for red cards; t7-t12 the south, for black) packing in suit
within a Race (red down, black up), the talon top packed on any Race, wrong cards dead until
swapped with a wrong card of the other hemisphere (or, once stock and talon are out, moved to
their own hemisphere), each turn filling the first Race gap else the talon, no redeal.

The stock's order is known (perfect knowledge) and never changes, so a position is how many of
its cards are drawn, the talon, each foundation's height, the twelve places as ``bytes`` (one
byte a card) and the barriers still out. It prunes only the turns that bury the talon's top
card for good (`buried`: a lost deal). `moves` offers exactly the engine's moves (the tests
compare them and `play`'s positions along random play-outs), the key only reads a suit's two
foundations in either order (swapping their cards maps lines onto lines), and the depth-first
searches are limited in discrepancies from an order (cards home, the talon's first, then cards
packed, swaps, the turn), one more each time; the search that refused none searched every
reachable position: then "unwinnable".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from bot.games.patience.discrepancy import ordered_search
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.plain import PlainAnswer

SUITS = "CSHD"
PLACES = 12
TALON = 12
"""The talon as a source in a `Move` (places are 0..11, barriers 13..16)."""
BARRIER = 13
BARRIERS = ("HK", "DK", "CA", "SA")

HemiPos = tuple[int, bytes, bytes, tuple[bytes, ...], int]
"""``(drawn, talon, heights, places, barriers)``: the stock's cards drawn so far, the talon
bottom -> top, each foundation's card count, the Race places bottom -> top, the barriers (bits)
still out."""

Move = tuple[int, int]
"""``(source, target)``: source ``i < 12`` place ``i``, ``TALON``, ``BARRIER + k`` barrier
``k``; target ``j >= 0`` foundation ``j``, ``-1 - k`` place ``k``. ``TURN`` turns the stock;
``(-2 - a, b)`` swaps the tops of places ``a`` (north) and ``b`` (south)."""

TURN: Move = (-1, 0)
MAX_COST = 2
"""The most discrepancies one move costs (as in blockade_search.py)."""


@dataclass(repr=False)
class HemiGame:
    """What the search knows about one deal."""

    place_ids: list[str]
    found_ids: list[str]
    barrier_ids: list[str]
    stock: bytes  # the stock, its next card first (fixed by the seed)
    homes: list[tuple[int, int]]  # suit -> its two foundations, in the foundations' order
    up: list[bool]  # foundation -> built up from the ace (else down from the king)
    twin: list[int]  # foundation -> the other of its suit
    full: int


def code(card: str) -> int:
    card = card.lstrip("~")
    return SUITS.index(card[0]) * 13 + RANKS.index(card[1]) + 1


def red(c: int) -> bool:
    return c > 26


def north(i: int) -> bool:
    return i < 6


def hemi_game(rules: Rules, piles: dict[str, list[str]], redeals: int,
              flags: dict[str, int]) -> HemiGame | None:
    """The search's view of the deal, or None where the rules are not The Hemispheres'."""
    if rules.hook != "hemispheres" or rules.stock != "talon" or rules.redeals or redeals:
        return None
    places = [p.id for p in rules.piles if p.kind == "tableau"]
    barriers = [p for p in rules.piles if p.kind == "reserve"]
    talon = [p.id for p in rules.piles if p.kind == "talon"]
    if (places != [f"t{i + 1}" for i in range(PLACES)] or talon != ["w"] or flags
            or [b.holds for b in barriers] != list(BARRIERS)):
        return None
    founds = rules.founds
    if len(founds) != 8 or [f.suit for f in founds] != list("HHDDSSCC") or any(
            f.build != "suit" or f.length != 13 or f.order
            or (f.base, f.step) != (("A", 1) if i < 4 else ("K", -1))
            for i, f in enumerate(founds)):
        return None
    if any(len(piles.get(p, ())) > 1 for p in piles if p.startswith("b")):
        return None
    suits = [SUITS.index(f.suit) for f in founds]
    homes = [tuple(j for j in range(8) if suits[j] == s) for s in range(4)]
    twin = [next(x for x in range(8) if x != j and suits[x] == suits[j]) for j in range(8)]
    stock = bytes(code(c) for c in reversed(piles.get("s", [])))
    return HemiGame(places, [f.id for f in founds], [b.id for b in barriers], stock,
                    [(a, b) for a, b in homes], [i < 4 for i in range(8)], twin, 104)


def position(game: HemiGame, piles: dict[str, list[str]]) -> HemiPos:
    heights = bytes(len(piles.get(f, ())) for f in game.found_ids)
    places = tuple(bytes(code(c) for c in piles.get(p, ())) for p in game.place_ids)
    out = sum(1 << k for k, b in enumerate(game.barrier_ids) if piles.get(b))
    return 0, bytes(code(c) for c in piles.get("w", ())), heights, places, out


def won(game: HemiGame, pos: HemiPos) -> bool:
    return sum(pos[2]) == game.full


def key(game: HemiGame, pos: HemiPos) -> bytes:
    """The transposition key: a suit's two heights in either order, the rest as it is."""
    drawn, talon, heights, places, out = pos
    h = heights
    return (bytes((drawn, out, h[0] + h[1], abs(h[0] - h[1]), h[2] + h[3], abs(h[2] - h[3]),
                   h[4] + h[5], abs(h[4] - h[5]), h[6] + h[7], abs(h[6] - h[7])))
            + talon + b"\0" + b"\0".join(places))


def _homes(game: HemiGame, heights: bytes, card: int) -> list[int]:
    """The foundations that take ``card`` now, in order."""
    v = (card - 1) % 13 + 1
    out = []
    for j in game.homes[(card - 1) // 13]:
        h = heights[j]
        if h < 13 and v == (h + 1 if game.up[j] else 13 - h):
            out.append(j)
    return out


def _fits(card: int, top: int) -> bool:
    """Packs in suit, on a red top one lower, on a black one higher."""
    if (card - 1) // 13 != (top - 1) // 13:
        return False
    return card == top - 1 if red(top) else card == top + 1


def moves(game: HemiGame, pos: HemiPos) -> list[Move]:
    """The engine's moves in ``pos``, in its order: by source (barriers, places, the talon),
    each to the foundations, then packed (then, at the end, into gaps); the turn; swaps."""
    drawn, talon, heights, places, out_bits = pos
    end = drawn >= len(game.stock) and not talon
    res: list[Move] = []
    for k in range(4):
        if out_bits >> k & 1:
            card = code(BARRIERS[k])
            res += [(BARRIER + k, j) for j in _homes(game, heights, card)]
    for i, cards in enumerate(places):
        if not cards:
            continue
        card = cards[-1]
        if red(card) != north(i):
            if end:
                res += [(i, -1 - k) for k, p in enumerate(places)
                        if p and k != i and north(k) == red(card) and _fits(card, p[-1])]
                res += [(i, -1 - k) for k, p in enumerate(places)
                        if not p and north(k) == red(card)]
            continue
        res += [(i, j) for j in _homes(game, heights, card)]
        race = i // 3
        res += [(i, -1 - k) for k in range(race * 3, race * 3 + 3)
                if k != i and places[k] and _fits(card, places[k][-1])]
    if talon:
        card = talon[-1]
        res += [(TALON, j) for j in _homes(game, heights, card)]
        res += [(TALON, -1 - k) for k, p in enumerate(places) if p and _fits(card, p[-1])]
    if drawn < len(game.stock):
        res.append(TURN)
    wrong_n = [i for i in range(6) if places[i] and not red(places[i][-1])]
    wrong_s = [i for i in range(6, 12) if places[i] and red(places[i][-1])]
    res += [(-2 - a, b) for a in wrong_n for b in wrong_s]
    return res


def play(game: HemiGame, pos: HemiPos, move: Move) -> HemiPos:
    drawn, talon, heights, places, out = pos
    src, dst = move
    if move == TURN:
        card = game.stock[drawn:drawn + 1]
        gap = next((k for k, p in enumerate(places) if not p), None)
        if gap is None:
            return drawn + 1, talon + card, heights, places, out
        cols = list(places)
        cols[gap] = card
        return drawn + 1, talon, heights, tuple(cols), out
    cols = list(places)
    if src <= -2:
        a = -2 - src
        x, y = cols[a], cols[dst]
        cols[a], cols[dst] = x[:-1] + y[-1:], y[:-1] + x[-1:]
        return drawn, talon, heights, tuple(cols), out
    if src == TALON:
        card, talon = talon[-1], talon[:-1]
    elif src >= BARRIER:
        card = code(BARRIERS[src - BARRIER])
        out &= ~(1 << (src - BARRIER))
    else:
        card = cols[src][-1]
        cols[src] = cols[src][:-1]
    if dst >= 0:
        h = bytearray(heights)
        h[dst] += 1
        heights = bytes(h)
    else:
        cols[-1 - dst] = cols[-1 - dst] + bytes((card,))
    return drawn, talon, heights, tuple(cols), out


def buried(game: HemiGame, pos: HemiPos) -> bool:
    """Whether the talon's top card can never leave it, so that the deal is lost: both copies
    of a card its suit needs home first (on either foundation) lie below it in the talon, and
    no copy of the card it would pack on can ever be a Race top (none left out of the talon
    below it and the barriers; a copy home would need those buried cards home first)."""
    talon, heights = pos[1], pos[2]
    if len(talon) < 3:
        return False
    card = talon[-1]
    below = talon[:-1]
    suit, v = (card - 1) // 13, (card - 1) % 13 + 1
    a, b = game.homes[suit]
    base = suit * 13
    if red(card):
        first = max(heights[a], heights[b]) + 1
        needs = range(first, v)
        target = v + 1
    else:
        needs = range(v + 1, 14 - max(heights[a], heights[b]))
        target = v - 1
    if not any(below.count(base + q) == 2 for q in needs):
        return False
    if not 1 <= target <= 13:
        return True
    spare = 1 if (red(card) and target == 13) or (not red(card) and target == 1) else 2
    return below.count(base + target) >= spare


def action(game: HemiGame, move: Move) -> str:
    if move == TURN:
        return "turn"
    src, dst = move
    if src <= -2:
        return f"swap:{game.place_ids[-2 - src]},{game.place_ids[dst]}"
    source = ("w" if src == TALON else game.barrier_ids[src - BARRIER] if src >= BARRIER
              else game.place_ids[src])
    target = game.found_ids[dst] if dst >= 0 else game.place_ids[-1 - dst]
    return f"move:{source}>{target}"


def ordered(game: HemiGame, pos: HemiPos) -> list[Move]:
    """`moves` in the order the search tries them: cards home (the talon's first), cards
    packed, swaps, the turn; of two alike foundation moves only the first (the key)."""
    home: list[Move] = []
    packed: list[Move] = []
    swaps: list[Move] = []
    turn: list[Move] = []
    for m in moves(game, pos):
        if m == TURN:
            turn = [m]
        elif m[0] <= -2:
            swaps.append(m)
        elif m[1] >= 0:
            if (m[0], game.twin[m[1]]) not in home:
                home.append(m)
        else:
            packed.append(m)
    home.sort(key=lambda m: m[0] != TALON)
    return [*home, *packed, *swaps, *turn]


def search(game: HemiGame, start: HemiPos, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """As blockade_search.search: limited-discrepancy depth-first searches, every position
    kept once by its `key`."""
    return ordered_search(start, budget, stop, ordered=partial(ordered, game),
                          play=partial(play, game), key=partial(key, game),
                          won=partial(won, game), action=partial(action, game),
                          max_cost=MAX_COST,
                          dropped=lambda pos, move, child: (
                              move == TURN and len(child[1]) > len(pos[1])
                              and buried(game, child)))
