"""The solver's fast path for Napoleon's Favorite and St. Louis (hooks ``favorite`` and
``stlouis``): two packs, one ace and one king of each suit as foundations (aces built up in
suit, kings down), the other 96 cards in twelve squared packets round them, a top married on
another one rank higher or lower (any suit in Napoleon's Favorite, the same in St. Louis),
spaces left empty; two redeals that gather the packets in a set order and deal them again.

Napoleon's Favorite deals round by round, and in its first deal four packets feed only the
kings, four only the aces. St. Louis deals a first series of twelve, only played up (a card
played is replaced from the stock at once), then `turn` deals the rest round on top and only
then may cards be married (a series the stock runs out in is the whole deal). The packets'
order under the squared tops is known to the solver (perfect knowledge), as is every
redeal's.

A position is the redeals used, whether St. Louis's first series is on, its stock (the next
card first), each foundation's height and the packets as ``bytes`` (one byte a card: suit and
rank). What makes it sound and quick:

- `moves` offers exactly the engine's moves, `play` makes the engine's deals, redeals and
  fills (the tests compare both along random play-outs);
- the key sorts the packets in the last deal only: before, a redeal gathers them in order
  (and Napoleon's Favorite's first deal tells them apart);
- a card just married is not married again at once (the search's own rule, not a move the
  engine refuses): from the packet it came from it reaches any other packet directly, and
  back there it only restores the position before;
- a safe move, the only move tried (the tests check it against a brute-force search): in the
  last deal, past St. Louis's series, a top home where nothing could ever be married on it
  (every card one rank off that could is home): it serves nothing in the layout, no other
  foundation will ever take it (`safe`), and no redeal is left to gather it;
- move ordering: cards home, then marriages that bare a card one can play up, then the other
  marriages (digging towards the cards wanted soonest: `_dig`), the redeal or the turn last;
  the depth-first searches are limited in discrepancies from that order, one more each time
  (`deepening`). A card home costs none, but in St. Louis's series: there each card home
  draws the stock's next card into its packet, so their orders deal different layouts, and
  free they took a whole search's budget at the first limit. A search that refused nothing
  searched every reachable position: then "unwinnable".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.games.patience.discrepancy import deepening
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.plain import PlainAnswer
from bot.games.patience.special.rounds import ST_LOUIS_GATHER, Favorite

SUITS = "CSHD"
PACKETS = 12

FavPos = tuple[int, bool, bytes, bytes, tuple[bytes, ...]]
"""``(redeals, series, stock, heights, packets)``: redeals used; whether St. Louis's first
series is on (only cards played up, the turn); its stock, the next card first; each
foundation's card count (its base included); the packets in layout order, bottom -> top."""

Move = tuple[int, int]
"""``(source, target)``: source packet ``i``; target ``j >= 0`` foundation ``j``, ``-1 - k``
packet ``k``. `REDEAL` and `TURN` are the game's own."""

REDEAL: Move = (-1, 0)
TURN: Move = (-2, 0)
MAX_COST = 2
"""The most discrepancies one move costs."""
FAR = 99
"""`need` of a card no foundation wants any more."""
TABLES = 4096
"""The most foundation heights `_tables` keeps tables for at once."""


@dataclass(repr=False)
class FavoriteGame:
    """What the search knows about one deal."""

    packet_ids: list[str]
    found_ids: list[str]
    wants: list[bytes]  # foundation -> the card it holds at each height (the base first)
    slots: list[list[tuple[int, int]]]  # card -> (foundation, height it takes it at)
    fits: list[frozenset[int]]  # a top -> the cards that may be married on it
    feeds: list[int] | None  # first deal: packet -> mask of the foundations it may feed
    series: bool  # St. Louis: a first series, then the turn, after every deal
    gather: tuple[int, ...]  # the packets in the order a redeal gathers them
    redeals: int  # redeals allowed
    full: int  # cards the foundations hold when the game is won
    tables: dict[bytes, tuple[list[int], dict[bytes, int]]] = field(default_factory=dict)


def code(card: str) -> int:
    return SUITS.index(card[0]) * 13 + RANKS.index(card[1]) + 1


def favorite_game(rules: Rules, piles: dict[str, list[str]], redeals: int,
                  flags: dict[str, int]) -> FavoriteGame | None:
    """The search's view of the deal, or None where the rules are not this shape: the hook
    ``favorite`` or ``stlouis``, twelve packets marrying up or down (any suit, or in suit),
    no space filled, foundations in suit from fixed bases, no hidden cards."""
    if rules.hook not in ("favorite", "stlouis") or rules.stock != "none":
        return None
    if rules.merci or rules.tuck or rules.run_moves or rules.buried_kings or rules.cards:
        return None
    series = rules.hook == "stlouis"
    if set(flags) - ({"series"} if series else set()):
        return None
    packet_ids: list[str] = []
    suits = set()
    for p in rules.piles:
        pack = p.pack
        if (p.kind != "tableau" or pack is None or pack.dir != "both" or pack.cap or pack.also
                or pack.suit not in ("any", "same") or p.refill or p.auto or p.must or p.keep
                or p.king_down or p.hidden_top or p.pack_after_empty or p.must_pack or p.takes
                or p.holds or p.gives):
            return None
        packet_ids.append(p.id)
        suits.add(pack.suit)
    if len(packet_ids) != PACKETS or len(suits) != 1:
        return None
    founds = rules.founds
    if not founds or any(f.order or f.base not in ("A", "K") or f.suit not in SUITS or not f.suit
                         or f.build != "suit" or f.length != 13
                         or f.step != (1 if f.base == "A" else -1) for f in founds):
        return None
    known = {"s", *packet_ids, *(f.id for f in founds)}
    if set(piles) - known or any(c.startswith("~") for cards in piles.values() for c in cards):
        return None
    if piles.get("s") and not flags.get("series"):
        return None  # a stock only in St. Louis's first series
    wants = [bytes(SUITS.index(f.suit) * 13 + (RANKS.index(f.base) + k * f.step) % 13 + 1
                   for k in range(f.length)) for f in founds]
    slots: list[list[tuple[int, int]]] = [[] for _ in range(53)]
    for j, w in enumerate(wants):
        for h, c in enumerate(w):
            slots[c].append((j, h))
    for f, w in zip(founds, wants, strict=True):
        home = piles.get(f.id, [])
        if not home or bytes(code(c) for c in home) != w[:len(home)]:
            return None
    counts = [0] * 53
    for cards in piles.values():
        for c in cards:
            counts[code(c)] += 1
    if any(n != len(s) for n, s in zip(counts, slots, strict=True)):
        return None  # every card has its places home, one for each copy (`safe` counts so)
    same = suits.pop() == "same"
    fits = [frozenset(c for c in range(1, 53)
                      if abs((c - 1) % 13 - (t - 1) % 13) == 1
                      and (not same or (c - 1) // 13 == (t - 1) // 13)) if t else frozenset()
            for t in range(53)]
    feeds = None
    if not series:
        kings = sum(1 << j for j, f in enumerate(founds) if f.base == "K")
        every = (1 << len(founds)) - 1
        feeds = [kings if pid in Favorite.KINGS_ONLY else every & ~kings
                 if pid in Favorite.ACES_ONLY else every for pid in packet_ids]
        gather = tuple(range(PACKETS))
    else:
        gather = tuple(i - 1 for i in ST_LOUIS_GATHER)
    return FavoriteGame(packet_ids, [f.id for f in founds], wants, slots, fits, feeds, series,
                        gather, rules.redeals, sum(len(w) for w in wants))


def position(game: FavoriteGame, piles: dict[str, list[str]], redeals: int,
             flags: dict[str, int]) -> FavPos:
    heights = bytes(len(piles.get(f, ())) for f in game.found_ids)
    stock = bytes(code(c) for c in reversed(piles.get("s", ())))
    return (redeals, bool(flags.get("series")), stock, heights,
            tuple(bytes(code(c) for c in piles.get(p, ())) for p in game.packet_ids))


def won(game: FavoriteGame, pos: FavPos) -> bool:
    return sum(pos[3]) == game.full


def key(game: FavoriteGame, pos: FavPos) -> bytes:
    """The transposition key: the packets sorted in the last deal (see the module)."""
    redeals, series, stock, heights, packets = pos
    if redeals >= game.redeals and not series:
        packets = tuple(sorted(packets))
    return bytes((redeals, series)) + heights + stock + b"\0" + b"\0".join(packets)


def moves(game: FavoriteGame, pos: FavPos) -> list[Move]:
    """The engine's moves in ``pos``, in its order: by packet, each top to the foundations,
    then married on the other packets; the turn or the redeal last."""
    redeals, series, stock, heights, packets = pos
    nexts: dict[int, list[int]] = {}
    for j, w in enumerate(game.wants):
        h = heights[j]
        if h < len(w):
            nexts.setdefault(w[h], []).append(j)
    feeds = game.feeds if redeals == 0 else None
    fits = game.fits
    tops = [cards[-1] if cards else 0 for cards in packets]
    out: list[Move] = []
    for i, card in enumerate(tops):
        if not card:
            continue
        homes = nexts.get(card)
        if homes:
            if feeds is None:
                out += [(i, j) for j in homes]
            else:
                out += [(i, j) for j in homes if feeds[i] >> j & 1]
        if not series:
            out += [(i, -1 - k) for k, top in enumerate(tops)
                    if k != i and card in fits[top]]
    if series:
        if stock:
            out.append(TURN)
    elif redeals < game.redeals:
        out.append(REDEAL)
    return out


def play(game: FavoriteGame, pos: FavPos, move: Move) -> FavPos:
    """``move``, and the fills that follow it (St. Louis's first series)."""
    redeals, series, stock, heights, packets = pos
    if move == REDEAL:
        cards = b"".join(packets[i] for i in game.gather)
        if game.series:
            return (redeals + 1, len(cards) > PACKETS, cards[PACKETS:], heights,
                    tuple(cards[i:i + 1] for i in range(PACKETS)))
        return redeals + 1, False, b"", heights, tuple(cards[i::PACKETS] for i in range(PACKETS))
    if move == TURN:
        return (redeals, False, b"", heights,
                tuple(cards + stock[i::PACKETS] for i, cards in enumerate(packets)))
    src, dst = move
    card = packets[src][-1]
    out = list(packets)
    out[src] = packets[src][:-1]
    if dst >= 0:
        h = bytearray(heights)
        h[dst] += 1
        heights = bytes(h)
    else:
        out[-1 - dst] += bytes((card,))
    if series:
        for i, cards in enumerate(out):
            if not cards and stock:
                out[i] = stock[:1]
                stock = stock[1:]
        series = bool(stock)  # the series took the last card: the deal is complete
    return redeals, series, stock, heights, tuple(out)


def action(game: FavoriteGame, move: Move) -> str:
    """The engine's action string for ``move``."""
    if move == REDEAL:
        return "redeal"
    if move == TURN:
        return "turn"
    src, dst = move
    target = game.found_ids[dst] if dst >= 0 else game.packet_ids[-1 - dst]
    return f"move:{game.packet_ids[src]}>{target}"


def need(game: FavoriteGame, heights: bytes, card: int) -> int:
    """How many cards some foundation takes before it takes ``card``: how soon it is wanted."""
    best = FAR
    for j, at in game.slots[card]:
        d = at - heights[j]
        if 0 <= d < best:
            best = d
    return best


def _home(game: FavoriteGame, heights: bytes, card: int) -> bool:
    """Every copy of ``card`` is home."""
    return all(heights[j] > h for j, h in game.slots[card])


def safe(game: FavoriteGame, pos: FavPos) -> Move | None:
    """A move home that cannot spoil a win (see the module), or None. Where every card that
    could be married on a top is home, both copies of its suit's neighbours are, so no
    foundation of its suit stands short of them: the top is the last ace going onto its
    kings or the last king onto its aces, and no other foundation will ever take it."""
    redeals, series, _, heights, packets = pos
    if redeals < game.redeals or series:
        return None
    slots = game.slots
    for i, cards in enumerate(packets):
        if not cards:
            continue
        card = cards[-1]
        for j, h in slots[card]:
            if heights[j] == h and all(_home(game, heights, x) for x in game.fits[card]):
                return i, j
    return None


def ordered(game: FavoriteGame, pos: FavPos, last: int = -1) -> list[tuple[Move, int]]:
    """`moves` in the order the search tries them, each with its discrepancies (see the
    module); a `safe` move alone. ``last``: the packet a card was just married onto (that
    card is not married again)."""
    one = safe(game, pos)
    if one is not None:
        return [(one, 0)]
    redeals, _, _, heights, packets = pos
    feeds = game.feeds if redeals == 0 else None
    near, dug = _tables(game, heights)
    digs = []
    for cards in packets:
        d = dug.get(cards)
        if d is None:
            if len(dug) >= TABLES:
                dug.clear()
            d = dug[cards] = _dig(near, cards)
        digs.append(d)
    homes: list[tuple[Move, int]] = []
    ranked: list[tuple[int, int, int, Move]] = []
    for n, move in enumerate(moves(game, pos)):
        src, dst = move
        if src < 0:
            ranked.append((4, 0, n, move))
        elif dst >= 0:
            homes.append((move, 0))
        elif src != last:
            rest = packets[src][:-1]
            if not rest:
                ranked.append((3, FAR, n, move))
                continue
            under = rest[-1]
            wanted = near[under]
            if wanted == 0 and feeds is not None and not any(
                    heights[j] == h and feeds[src] >> j & 1 for j, h in game.slots[under]):
                wanted = 1  # wanted now, but not from this packet in the first deal
            if wanted == 0:
                ranked.append((0, 0, n, move))
            else:
                # from a packet that gives a wanted card soon, onto one that gives late
                ranked.append((2, digs[src] - digs[-1 - dst], n, move))
    ranked.sort()
    if pos[1]:  # St. Louis's series: cards home cost as the rest (see the module)
        return [(move, min(x, MAX_COST)) for x, move in enumerate(
            [m for m, _ in homes] + [m for *_, m in ranked])]
    before = 1 if homes else 0
    return homes + [(move, min(before + x, MAX_COST))
                    for x, (_, _, _, move) in enumerate(ranked)]




def _tables(game: FavoriteGame, heights: bytes) -> tuple[list[int], dict[bytes, int]]:
    """For ``heights``: card -> `need` for every card at once, and the `_dig` of the packets
    met so far (kept per deal, a position's heights recur often)."""
    found = game.tables.get(heights)
    if found is None:
        near = [FAR] * 53
        for w, h in zip(game.wants, heights, strict=True):
            for d, c in enumerate(w[h:]):
                if d < near[c]:
                    near[c] = d
        if len(game.tables) >= TABLES:
            game.tables.clear()
        found = game.tables[heights] = (near, {})
    return found


def _dig(near: list[int], cards: bytes) -> int:
    """How soon a packet gives a card wanted: the least, over its cards, of how many lie
    over it and how soon it is wanted."""
    best = FAR
    n = len(cards)
    for d in range(n):
        v = near[cards[n - 1 - d]] + d
        if v < best:
            best = v
    return best


Order = Callable[[FavoriteGame, FavPos, int], list[tuple[Move, int]]]
"""A game's ordered moves in a position, with their discrepancy costs (`ordered`)."""
Step = Callable[[FavoriteGame, FavPos, Move], FavPos]
"""A game's move made (`play`)."""


def search(game: FavoriteGame, start: FavPos, budget: int, stop: Callable[[], bool] | None,
           *, order: Order | None = None, step: Step | None = None) -> PlainAnswer:
    """Depth-first searches over `ordered` moves, each allowed one more discrepancy than the
    last, every position kept once by its `key`. The search that refused no move searched
    every reachable position: then "unwinnable". "undecided" past ``budget`` positions
    generated in all, or when ``stop()`` (asked every 1024) says so. ``order`` and ``step``:
    another game's moves over these positions (corners_search.py)."""
    if won(game, start):
        return PlainAnswer("winnable", (), 0, 1)
    how, make = order or ordered, step or play
    return deepening(lambda limit, left, before: _limited(game, start, limit, left, stop, before,
                                                          how, make), budget)


def _limited(game: FavoriteGame, start: FavPos, limit: int, budget: int,
             stop: Callable[[], bool] | None, before: int, order: Order,
             step: Step) -> tuple[PlainAnswer, bool]:
    """One depth-first search allowed ``limit`` discrepancies; whether it refused any."""
    seen = {key(game, start): limit}
    path: list[Move] = []
    stack = [(start, limit, iter(order(game, start, -1)))]
    nodes = 0
    cut = False
    while stack:
        pos, left, todo = stack[-1]
        item = next(todo, None)
        if item is None:
            stack.pop()
            if path:
                path.pop()
            continue
        move, cost = item
        if cost > left:
            cut = True
            continue
        nodes += 1
        if nodes > budget or (stop is not None and not (before + nodes) & 1023 and stop()):
            return PlainAnswer("undecided", (), nodes - 1, len(seen)), cut
        child = step(game, pos, move)
        k = key(game, child)
        rest = left - cost
        if seen.get(k, -1) >= rest:
            continue
        seen[k] = rest
        if won(game, child):
            line = tuple(action(game, m) for m in (*path, move))
            return PlainAnswer("winnable", line, nodes, len(seen)), cut
        path.append(move)
        last = -1 - move[1] if move[0] >= 0 and move[1] < 0 else -1
        stack.append((child, rest, iter(order(game, child, last))))
    return PlainAnswer("unwinnable", (), nodes, len(seen)), cut
