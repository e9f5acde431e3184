"""The solver's fast path for The Four Corners (hook ``corners``): two packs, eight foundations
(an ace of each suit built up in suit, a king of each suit built down), twelve squared packets
in two columns of six dealt round by round from the stock; the first ace and king of each suit
go to their places as they are dealt. While a deal goes on, a corner packet's top may go to any
foundation, a side packet's only to the foundation beside it, and nothing is married; once the
stock is out, tops go to any foundation and are married in suit, up or down; spaces stay empty.
Two redeals gather the packets from the left, unshuffled, and deal them again. The stock's
order is known to the solver (perfect knowledge).

The game has Napoleon's Favorite's shape, so this module keeps favorite_search.py's view of a
deal (`favorite_search.FavoriteGame`: ``feeds`` the packets' foundations while dealing,
``series`` off) and its positions ``(redeals, dealing, stock, heights, packets)``, whose
second field here says a deal is going on (the engine's ``dealing`` flag). From there it takes
the key (the packets sorted only once the last deal is out: before, a redeal gathers them in
order, and while dealing the corners and sides differ), the action strings, the safe move home
(in the last deal, dealt out, a top nothing could ever be married on: see favorite_search.py)
and the digging tables. Its own are the moves, the deals (the round's bases going home as the
engine's `turn` puts them) and the order:

- `moves` offers exactly the engine's moves, `play` makes the engine's rounds and redeals (the
  tests compare both along random play-outs);
- a card just married is not married again at once (as in favorite_search.py: from the packet
  it came from it reaches any other packet directly, and back there it restores the position);
- move ordering: cards home first (free); while dealing, the round after them at
  `TURN_COST`; dealt out, marriages that bare a card one can play up, then the other
  marriages (digging towards the cards wanted soonest), the redeal last; the depth-first
  searches are limited in discrepancies from that order, one more each time (`deepening`).
  A search that refused nothing searched every reachable position: then "unwinnable".
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.patience import favorite_search
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.favorite_search import (
    FAR,
    MAX_COST,
    PACKETS,
    REDEAL,
    SUITS,
    TABLES,
    TURN,
    FavoriteGame,
    FavPos,
    Move,
    _dig,
    _tables,
    action,
    code,
    safe,
)
from bot.games.patience.plain import PlainAnswer
from bot.games.patience.special.rounds import FourCorners

__all__ = ["REDEAL", "TURN", "action", "corners_game", "moves", "ordered", "play", "position",
           "search"]

HOOK = FourCorners()
TURN_COST = 2
"""The discrepancies of a round dealt while a card could go home: cards home first nearly
always (the bench's deals won most with this dearest cost, `MAX_COST`)."""


def corners_game(rules: Rules, piles: dict[str, list[str]], redeals: int,
                 flags: dict[str, int]) -> FavoriteGame | None:
    """The search's view of the deal, or None where the rules are not this shape: the hook
    ``corners``, a stock dealt in rounds, twelve packets marrying up or down in suit, no space
    filled, foundations in suit from an ace up and a king down, no hidden cards."""
    if rules.hook != "corners" or rules.stock != "row":
        return None
    if rules.merci or rules.tuck or rules.run_moves or rules.buried_kings or rules.cards:
        return None
    if set(flags) - {"dealing"}:
        return None
    packet_ids: list[str] = []
    for p in rules.piles:
        pack = p.pack
        if (p.kind != "tableau" or pack is None or pack.dir != "both" or pack.cap or pack.also
                or pack.suit != "same" or p.refill or p.auto or p.must or p.keep
                or p.king_down or p.hidden_top or p.pack_after_empty or p.must_pack or p.takes
                or p.holds or p.gives):
            return None
        packet_ids.append(p.id)
    if len(packet_ids) != PACKETS:
        return None
    founds = rules.founds
    if not founds or any(f.order or f.base not in ("A", "K") or f.suit not in SUITS or not f.suit
                         or f.build != "suit" or f.length != 13 or f.preplace
                         or f.step != (1 if f.base == "A" else -1) for f in founds):
        return None
    known = {"s", *packet_ids, *(f.id for f in founds)}
    if set(piles) - known or any(c.startswith("~") for cards in piles.values() for c in cards):
        return None
    if bool(piles.get("s")) != bool(flags.get("dealing")):
        return None  # the engine deals on until the stock is out, and only then stops
    wants = [bytes(SUITS.index(f.suit) * 13 + (RANKS.index(f.base) + k * f.step) % 13 + 1
                   for k in range(f.length)) for f in founds]
    slots: list[list[tuple[int, int]]] = [[] for _ in range(53)]
    for j, w in enumerate(wants):
        for h, c in enumerate(w):
            slots[c].append((j, h))
    for f, w in zip(founds, wants, strict=True):
        home = piles.get(f.id, [])
        if bytes(code(c) for c in home) != w[:len(home)]:
            return None
    counts = [0] * 53
    for cards in piles.values():
        for c in cards:
            counts[code(c)] += 1
    if any(n != len(s) for n, s in zip(counts, slots, strict=True)):
        return None  # every card has its places home, one for each copy (`safe` counts so)
    fits = [frozenset(c for c in range(1, 53)
                      if abs((c - 1) % 13 - (t - 1) % 13) == 1
                      and (c - 1) // 13 == (t - 1) // 13) if t else frozenset()
            for t in range(53)]
    found_ids = [f.id for f in founds]
    every = (1 << len(founds)) - 1
    feeds = []
    for pid in packet_ids:
        if pid in HOOK.CORNERS:
            feeds.append(every)
            continue
        beside = HOOK._beside(pid)
        if beside not in found_ids:
            return None
        feeds.append(1 << found_ids.index(beside))
    return FavoriteGame(packet_ids, found_ids, wants, slots, fits, feeds, False,
                        tuple(range(PACKETS)), rules.redeals, sum(len(w) for w in wants))


def position(game: FavoriteGame, piles: dict[str, list[str]], redeals: int,
             flags: dict[str, int]) -> FavPos:
    heights = bytes(len(piles.get(f, ())) for f in game.found_ids)
    stock = bytes(code(c) for c in reversed(piles.get("s", ())))
    return (redeals, bool(flags.get("dealing")), stock, heights,
            tuple(bytes(code(c) for c in piles.get(p, ())) for p in game.packet_ids))


def moves(game: FavoriteGame, pos: FavPos) -> list[Move]:
    """The engine's moves in ``pos``, in its order: by packet, each top to the foundations
    (while dealing, those its packet feeds), then (dealt out) married on the other packets;
    the round or the redeal last."""
    redeals, dealing, stock, heights, packets = pos
    nexts: dict[int, list[int]] = {}
    for j, w in enumerate(game.wants):
        h = heights[j]
        if h < len(w):
            nexts.setdefault(w[h], []).append(j)
    feeds = game.feeds if dealing else None
    fits = game.fits
    tops = [cards[-1] if cards else 0 for cards in packets]
    where: dict[int, list[int]] = {}  # a top -> the packets it tops
    for k, top in enumerate(tops):
        if top:
            where.setdefault(top, []).append(k)
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
        if not dealing:
            # marrying is symmetric: the tops ``card`` fits on are those that fit on it
            onto = [k for top in fits[card] for k in where.get(top, ()) if k != i]
            if onto:
                onto.sort()
                out += [(i, -1 - k) for k in onto]
    if dealing:
        if stock:
            out.append(TURN)
    elif redeals < game.redeals:
        out.append(REDEAL)
    return out


def play(game: FavoriteGame, pos: FavPos, move: Move) -> FavPos:
    """``move``: a card home or married, a round dealt (a base going home at once, the next
    card taking its packet), or the packets gathered for the next deal."""
    redeals, dealing, stock, heights, packets = pos
    if move == REDEAL:
        return redeals + 1, True, b"".join(packets), heights, (b"",) * PACKETS
    if move == TURN:
        out = list(packets)
        h = bytearray(heights)
        wants = game.wants
        at = 0
        for i in range(PACKETS):
            while at < len(stock):
                card = stock[at]
                at += 1
                base = next((j for j, w in enumerate(wants) if not h[j] and w[0] == card), -1)
                if base >= 0:
                    h[base] = 1
                    continue
                out[i] += bytes((card,))
                break
        stock = stock[at:]
        return redeals, bool(stock), stock, bytes(h), tuple(out)
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
    return redeals, dealing, stock, heights, tuple(out)


def ordered(game: FavoriteGame, pos: FavPos, last: int = -1) -> list[tuple[Move, int]]:
    """`moves` in the order the search tries them, each with its discrepancies (see the
    module); a `safe` move alone. ``last``: the packet a card was just married onto (that
    card is not married again)."""
    one = safe(game, pos)
    if one is not None:
        return [(one, 0)]
    _, dealing, _, heights, packets = pos
    listed = moves(game, pos)
    if dealing:
        homes = [(m, 0) for m in listed if m != TURN]
        return [*homes, *((m, TURN_COST if homes else 0) for m in listed if m == TURN)]
    near, dug = _tables(game, heights)
    digs = []
    for cards in packets:
        d = dug.get(cards)
        if d is None:
            if len(dug) >= TABLES:
                dug.clear()
            d = dug[cards] = _dig(near, cards)
        digs.append(d)
    homes = []
    ranked: list[tuple[int, int, int, Move]] = []
    for n, move in enumerate(listed):
        src, dst = move
        if src < 0:
            ranked.append((4, 0, n, move))
        elif dst >= 0:
            homes.append((move, 0))
        elif src != last:
            rest = packets[src][:-1]
            if not rest:
                ranked.append((3, FAR, n, move))
            elif near[rest[-1]] == 0:
                ranked.append((0, 0, n, move))
            else:
                # from a packet that gives a wanted card soon, onto one that gives late
                ranked.append((2, digs[src] - digs[-1 - dst], n, move))
    ranked.sort()
    before = 1 if homes else 0
    return homes + [(move, min(before + x, MAX_COST))
                    for x, (_, _, _, move) in enumerate(ranked)]


def search(game: FavoriteGame, start: FavPos, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """favorite_search.py's discrepancy-limited searches over this game's moves and deals."""
    return favorite_search.search(game, start, budget, stop, order=ordered, step=play)
