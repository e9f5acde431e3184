"""The solver's fast path for The Shah of Persia: eight rays whose outer (third and later) cards
pack down in suit, a stock turned a card at a time onto a talon, each turn first completing
the rays to three cards (from the talon's top, then the stock, inner places first), a ray
cleared right out once taking an outer card of another ray, eight foundations up in suit from
the aces to the queens (the kings lie out of play), no redeal.

The stock's order is known (perfect knowledge) and never changes, so a position is how many of
its cards are drawn, the talon, each foundation's height, the rays as ``bytes`` (one byte a
card) and the rays already graced. It prunes nothing: `moves` offers exactly the engine's moves
(the tests compare them and `play`'s positions along random play-outs), the key only reads a
suit's two foundations in either order (swapping their cards maps lines onto lines), and the
depth-first searches are limited in discrepancies from an order (cards home, the talon's first,
then cards packed, a cleared ray's grace, the turn, and last the cards only shifted from one
copy of the card above them to the other: first, they would turn a line round in circles), one
more each time; the search that refused none searched every reachable position: then
"unwinnable".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from operator import itemgetter

from bot.games.patience.discrepancy import ordered_search
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.plain import PlainAnswer

SUITS = "CSHD"
TALON = 8
"""The talon as a source in a `Move` (rays are 0..7)."""
OUTER = 3
"""A ray's cards from the third on are its outer circle: packed on and packing."""

ShahPos = tuple[int, bytes, bytes, tuple[bytes, ...], int]
"""``(drawn, talon, heights, rays, graced)``: the stock's cards drawn so far, the talon bottom
-> top, each foundation's card count, the rays centre -> outer end, the rays (bits) that took
their grace."""

Move = tuple[int, int]
"""``(source, target)``: source ``i`` ray ``i`` (``TALON`` the talon); target ``j >= 0``
foundation ``j``, ``-1 - k`` ray ``k``. ``TURN`` completes the rays and turns the stock."""

TURN: Move = (-1, 0)
MAX_COST = 2
"""The most discrepancies one move costs (as in blockade_search.py)."""


@dataclass(repr=False)
class ShahGame:
    """What the search knows about one deal."""

    ray_ids: list[str]
    found_ids: list[str]
    stock: bytes  # the stock, its next card first (fixed by the seed)
    twin: list[int]  # foundation -> the other foundation of its suit
    pairs: list[tuple[int, int, int]]  # card -> (its rank - 1, its suit's two foundations)
    couples: Callable[[bytes], tuple[int, ...]]  # heights -> each suit's two, suit by suit
    full: int


def code(card: str) -> int:
    return SUITS.index(card[0]) * 13 + RANKS.index(card[1]) + 1


def shah_game(rules: Rules, piles: dict[str, list[str]], redeals: int,
              flags: dict[str, int]) -> ShahGame | None:
    """The search's view of the deal, or None where the rules are not The Shah's: its hook,
    eight rays packing down in suit, one talon, eight foundations up in suit from the aces
    to the queens, two a suit, the kings out of play."""
    if rules.hook != "shah" or rules.stock != "talon" or rules.redeals or redeals:
        return None
    ray_ids = [p.id for p in rules.piles if p.kind == "tableau"]
    talon = [p.id for p in rules.piles if p.kind == "talon"]
    if len(ray_ids) != 8 or talon != ["w"] or any(
            p.pack is None or p.pack.dir != "down" or p.pack.suit != "same" or p.pack.cap
            or p.pack.also or p.refill or p.auto or p.keep or p.gives
            for p in rules.piles if p.kind == "tableau"):
        return None
    founds = rules.founds
    if len(founds) != 8 or any(f.base != "A" or f.suit not in SUITS or not f.suit
                               or f.build != "suit" or f.step != 1 or f.length != 12
                               or f.order for f in founds):
        return None
    suits = bytes(SUITS.index(f.suit) for f in founds)
    if sorted(suits) != [0, 0, 1, 1, 2, 2, 3, 3]:
        return None
    if any(not k.startswith("graced:") or k[7:] not in ray_ids for k in flags):
        return None
    for f in founds:
        home = piles.get(f.id, [])
        if not home or home != [f.suit + RANKS[k] for k in range(len(home))]:
            return None
    if any(c.startswith("~") for cards in piles.values() for c in cards):
        return None
    twin = [next(x for x in range(8) if x != j and suits[x] == suits[j]) for j in range(8)]
    pairs = [(0, 0, 0)]
    for c in range(52):
        a, b = (j for j in range(8) if suits[j] == c // 13)
        pairs.append((c % 13, a, b))
    couples = itemgetter(*(j for s in range(4) for j in range(8) if suits[j] == s))
    stock = bytes(code(c) for c in reversed(piles.get("s", [])))
    return ShahGame(ray_ids, [f.id for f in founds], stock, twin, pairs, couples, 96)


def position(game: ShahGame, piles: dict[str, list[str]], flags: dict[str, int]) -> ShahPos:
    heights = bytes(len(piles.get(f, ())) for f in game.found_ids)
    rays = tuple(bytes(code(c) for c in piles.get(r, ())) for r in game.ray_ids)
    graced = sum(1 << i for i, r in enumerate(game.ray_ids) if f"graced:{r}" in flags)
    return 0, bytes(code(c) for c in piles.get("w", ())), heights, rays, graced


def won(game: ShahGame, pos: ShahPos) -> bool:
    return sum(pos[2]) == game.full


def key(game: ShahGame, pos: ShahPos) -> bytes:
    """The transposition key: a suit's two heights in either order (their sum and
    difference), the rest as it is."""
    drawn, talon, heights, rays, graced = pos
    a, b, c, d, e, f, g, h = game.couples(heights)
    return (bytes((drawn, graced, a + b, abs(a - b), c + d, abs(c - d), e + f, abs(e - f),
                   g + h, abs(g - h))) + talon + b"\0" + b"\0".join(rays))


def moves(game: ShahGame, pos: ShahPos) -> list[Move]:
    """The engine's moves in ``pos``, in its order: by source (rays, then the talon), each to
    the foundations, then onto outer cards (an inner card only goes home); the turn; a cleared
    ray's grace; the turn that only completes the rays, once the stock is out."""
    drawn, talon, heights, rays, graced = pos
    tops = [r[-1] if len(r) >= OUTER else 0 for r in rays]  # 0: not packed on
    pairs = game.pairs
    out: list[Move] = []
    sources = [(i, r[-1], len(r) >= OUTER) for i, r in enumerate(rays) if r]
    if talon:
        sources.append((TALON, talon[-1], True))
    for i, card, packs in sources:
        below, a, b = pairs[card]
        if heights[a] == below:
            out.append((i, a))
            if heights[b] == below:
                out.append((i, b))
        elif heights[b] == below:
            out.append((i, b))
        if packs and card + 1 in tops:
            out += [(i, -1 - k) for k, top in enumerate(tops) if top == card + 1 and k != i]
    stock_left = drawn < len(game.stock)
    if stock_left:
        out.append(TURN)
    outer = [i for i in sorted(range(len(rays)), key=game.ray_ids.__getitem__)
             if len(rays[i]) >= OUTER]
    for k, ray in enumerate(rays):
        if not ray and not graced >> k & 1:
            out += [(i, -1 - k) for i in outer]
    if not stock_left and talon and any(len(r) < OUTER for r in rays):
        out.append(TURN)
    return out


def play(game: ShahGame, pos: ShahPos, move: Move) -> ShahPos:
    drawn, talon, heights, rays, graced = pos
    if move == TURN:
        cols = list(rays)
        for depth in range(OUTER):
            for k, ray in enumerate(cols):
                if len(ray) == depth:
                    if talon:
                        cols[k] = ray + talon[-1:]
                        talon = talon[:-1]
                    elif drawn < len(game.stock):
                        cols[k] = ray + game.stock[drawn:drawn + 1]
                        drawn += 1
        if drawn < len(game.stock):
            talon += game.stock[drawn:drawn + 1]
            drawn += 1
        return drawn, talon, heights, tuple(cols), graced
    src, dst = move
    cols = list(rays)
    if src == TALON:
        card, talon = talon[-1], talon[:-1]
    else:
        card = cols[src][-1]
        cols[src] = cols[src][:-1]
    if dst >= 0:
        h = bytearray(heights)
        h[dst] += 1
        heights = bytes(h)
    else:
        k = -1 - dst
        if not cols[k]:
            graced |= 1 << k
        cols[k] = cols[k] + bytes((card,))
    return drawn, talon, heights, tuple(cols), graced


def action(game: ShahGame, move: Move) -> str:
    if move == TURN:
        return "turn"
    src, dst = move
    source = "w" if src == TALON else game.ray_ids[src]
    target = game.found_ids[dst] if dst >= 0 else game.ray_ids[-1 - dst]
    return f"move:{source}>{target}"


def ordered(game: ShahGame, pos: ShahPos) -> list[Move]:
    """`moves` in the order the search tries them: cards home (the talon's first), cards
    packed but those only shifted from one copy of the card above them to the other, graces,
    the turn, those shifts; of two alike foundation moves only the first (the key)."""
    home: list[Move] = []
    packed: list[Move] = []
    shifts: list[Move] = []
    graces: list[Move] = []
    turn: list[Move] = []
    rays = pos[3]
    for m in moves(game, pos):
        if m == TURN:
            turn = [m]
        elif m[1] >= 0:
            if (m[0], game.twin[m[1]]) not in home:
                home.append(m)
        elif not rays[-1 - m[1]]:
            graces.append(m)
        elif m[0] != TALON and len(rays[m[0]]) > OUTER and rays[m[0]][-2] == rays[m[0]][-1] + 1:
            shifts.append(m)
        else:
            packed.append(m)
    home.sort(key=lambda m: m[0] != TALON)
    return [*home, *packed, *graces, *turn, *shifts]


def search(game: ShahGame, start: ShahPos, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """As blockade_search.search: limited-discrepancy depth-first searches, every position
    kept once by its `key`."""
    return ordered_search(start, budget, stop, ordered=partial(ordered, game),
                          play=partial(play, game), key=partial(key, game),
                          won=partial(won, game), action=partial(action, game),
                          max_cost=MAX_COST)
