"""The solver's fast path for The Clock: twelve packets whose tops pack down in suit, a packet
under its three cards topped up from the stock at once, the stock turned a card at a time onto a
talon whose top only goes up, twelve foundations in suit from fixed bases, no redeal.

The stock's order is known (perfect knowledge) and never changes, so a position is how many of
its cards are drawn, the talon and the packets as ``bytes`` (one byte a card: suit and rank) and
each foundation's height. What makes it sound and quick:

- `moves` offers exactly the engine's card moves and the turn, and `play` makes the engine's
  top-up after a move off a packet (the tests compare both along random play-outs);
- the key sorts the packets: they are alike, and at most one is short while the stock lasts,
  so the top-up goes to the same packet whatever their order;
- safe moves, each the only move tried (the tests check each against a brute-force search):
  the talon's top home where no other foundation will ever take its kind of card (it can only
  ever go there, and nothing but that card can ever go there first); with the stock out, a
  packet's top home on the same condition when nothing could ever be packed on it (an ace, or
  both cards one lower in its suit home): no top-up follows, and it only covers what lies under;
- a turn is not offered where the card it shows could never leave the talon: each foundation
  that could still take its kind needs first a card whose every copy not home lies under it;
- move ordering: cards home, then cards packed; but the turn comes second, right after the
  first of those: every move off a packet draws the stock's next card onto it, so whether the
  stock's cards land on the talon or the packets is what a deal turns on, and a winning line
  often turns before a card goes home (it won more deals so than with the turn last);
- the depth-first searches are limited in discrepancies from that order, one more each time
  (`search`): the i-th move of a position costs ``min(i, MAX_COST)``. A search that refused
  none searched every reachable position: then "unwinnable".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.games.patience.discrepancy import deepening
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.plain import PlainAnswer

SUITS = "CSHD"
TALON = 12
"""The talon as a source in a `Move` (packets are 0..11)."""

ClockPos = tuple[int, bytes, bytes, tuple[bytes, ...]]
"""``(drawn, talon, heights, packets)``: the stock's cards drawn so far (turned or topped up),
the talon bottom -> top, each foundation's card count (its base included), the packets in
layout order bottom -> top."""

Move = tuple[int, int]
"""``(source, target)``: source ``i`` packet ``i`` (``TALON`` the talon); target ``j >= 0``
foundation ``j``, ``-1 - k`` packet ``k``. ``TURN`` turns the stock."""

TURN: Move = (-1, 0)
MAX_COST = 2
"""The most discrepancies one move costs (the third move of a position and those after it
cost as much as the second)."""


@dataclass(repr=False)
class ClockGame:
    """What the search knows about one deal."""

    packet_ids: list[str]
    talon_id: str
    found_ids: list[str]
    stock: bytes  # the stock, its next card first (fixed by the seed)
    keep: int  # a packet under this many cards is topped up while the stock lasts
    wants: list[bytes]  # foundation -> the card it holds at each height (the base first)
    slots: list[list[tuple[int, int]]]  # card -> (foundation, height it takes it at)
    full: int  # cards the foundations hold when the game is won

    @property
    def packets(self) -> int:
        return len(self.packet_ids)


def code(card: str) -> int:
    return SUITS.index(card[0]) * 13 + RANKS.index(card[1]) + 1


def clock_game(rules: Rules, piles: dict[str, list[str]], redeals: int,
               flags: dict[str, int]) -> ClockGame | None:
    """The search's view of the deal, or None where the rules are not The Clock's shape:
    a turned stock without redeal, packets of a fixed size packing down in suit and topped up
    from the stock, one talon giving to the foundations only, foundations in suit of fixed
    suits and bases, no hidden cards."""
    if rules.stock != "talon" or rules.redeals or rules.hook or rules.cards or flags:
        return None
    if rules.merci or rules.tuck or rules.run_moves or rules.buried_kings:
        return None
    packet_ids: list[str] = []
    talon = ""
    keeps = set()
    for p in rules.piles:
        if (p.refill or p.auto or p.must or p.king_down or p.hidden_top or p.pack_after_empty
                or p.must_pack or p.takes or p.holds):
            return None
        pack = p.pack
        if p.kind == "tableau" and pack is not None and pack.dir == "down" \
                and pack.suit == "same" and not pack.cap and not pack.also and p.keep \
                and not p.gives:
            packet_ids.append(p.id)
            keeps.add(p.keep)
        elif p.kind == "talon" and not talon and p.gives == ("foundation",) and pack is None \
                and not p.keep:
            talon = p.id
        else:
            return None
    if not packet_ids or not talon or len(packet_ids) > TALON or len(keeps) != 1:
        return None
    founds = rules.founds
    if not founds or any(f.order or not f.base or f.suit not in SUITS or not f.suit
                         or f.build != "suit" or f.step != 1 or not 1 <= f.length <= 13
                         for f in founds):
        return None
    known = {"s", talon, *packet_ids, *(f.id for f in founds)}
    if set(piles) - known or any(c.startswith("~") for cards in piles.values() for c in cards):
        return None
    wants = [bytes(SUITS.index(f.suit) * 13 + (RANKS.index(f.base) + k) % 13 + 1
                   for k in range(f.length)) for f in founds]
    slots: list[list[tuple[int, int]]] = [[] for _ in range(53)]
    for j, w in enumerate(wants):
        for h, c in enumerate(w):
            slots[c].append((j, h))
    for f, w in zip(founds, wants, strict=True):  # the foundations must be what we count
        home = piles.get(f.id, [])
        if not home or bytes(code(c) for c in home) != w[:len(home)]:
            return None
    counts = [0] * 53
    for cards in piles.values():
        for c in cards:
            counts[code(c)] += 1
    if any(n != len(s) for n, s in zip(counts, slots, strict=True)):
        return None  # every card has its places home, one for each copy (`stuck` counts so)
    stock = bytes(code(c) for c in reversed(piles.get("s", [])))
    keep = keeps.pop()
    if stock and any(len(piles.get(p, ())) < keep for p in packet_ids):
        return None  # not a settled position
    return ClockGame(packet_ids, talon, [f.id for f in founds], stock, keep, wants, slots,
                     sum(len(w) for w in wants))


def position(game: ClockGame, piles: dict[str, list[str]]) -> ClockPos:
    heights = bytes(len(piles.get(f, ())) for f in game.found_ids)
    talon = bytes(code(c) for c in piles.get(game.talon_id, ()))
    return 0, talon, heights, tuple(bytes(code(c) for c in piles.get(p, ()))
                                    for p in game.packet_ids)


def won(game: ClockGame, pos: ClockPos) -> bool:
    return sum(pos[2]) == game.full


def key(pos: ClockPos) -> bytes:
    """The transposition key: the packets sorted (see the module)."""
    drawn, talon, heights, packets = pos
    return bytes((drawn,)) + heights + talon + b"\0" + b"\0".join(sorted(packets))


def _homes(game: ClockGame, heights: bytes, card: int) -> list[int]:
    return [j for j, h in game.slots[card] if heights[j] == h]


def _other_filled(game: ClockGame, heights: bytes, card: int, j: int) -> bool:
    """No foundation but ``j`` will ever take ``card``: every other place for its kind is
    filled (so the other copy is home)."""
    return all(x == j or heights[x] > h for x, h in game.slots[card])


def moves(game: ClockGame, pos: ClockPos) -> list[Move]:
    """The engine's moves in ``pos``, in its order: by source (packets, then the talon), each
    to the foundations, then onto the packets; the turn last."""
    drawn, talon, heights, packets = pos
    out: list[Move] = []
    nexts: dict[int, list[int]] = {}  # a card -> the foundations that take it now
    for j, w in enumerate(game.wants):
        h = heights[j]
        if h < len(w):
            nexts.setdefault(w[h], []).append(j)
    under: dict[int, list[int]] = {}  # a card -> the packets it packs on (one higher, in suit)
    for k, cards in enumerate(packets):
        if cards and cards[-1] % 13 != 1:  # nothing packs on an ace
            under.setdefault(cards[-1] - 1, []).append(k)
    for i, cards in enumerate(packets):
        if not cards:
            continue
        card = cards[-1]
        if card in nexts:
            out += [(i, j) for j in nexts[card]]
        if card in under:
            out += [(i, -1 - k) for k in under[card] if k != i]
    if talon and talon[-1] in nexts:
        out += [(TALON, j) for j in nexts[talon[-1]]]
    if drawn < len(game.stock):
        out.append(TURN)
    return out


def play(game: ClockGame, pos: ClockPos, move: Move) -> ClockPos:
    """``move`` and the top-up after it."""
    drawn, talon, heights, packets = pos
    src, dst = move
    if move == TURN:
        return drawn + 1, talon + game.stock[drawn:drawn + 1], heights, packets
    if src == TALON:
        card, talon = talon[-1], talon[:-1]
    else:
        card = packets[src][-1]
        left = packets[src][:-1]
        if len(left) < game.keep and drawn < len(game.stock):
            left += game.stock[drawn:drawn + 1]
            drawn += 1
        packets = (*packets[:src], left, *packets[src + 1:])
    if dst >= 0:
        h = bytearray(heights)
        h[dst] += 1
        heights = bytes(h)
    else:
        k = -1 - dst
        packets = (*packets[:k], packets[k] + bytes((card,)), *packets[k + 1:])
    return drawn, talon, heights, packets


def action(game: ClockGame, move: Move) -> str:
    """The engine's action string for ``move``."""
    if move == TURN:
        return "turn"
    src, dst = move
    source = game.talon_id if src == TALON else game.packet_ids[src]
    target = game.found_ids[dst] if dst >= 0 else game.packet_ids[-1 - dst]
    return f"move:{source}>{target}"


def stuck(game: ClockGame, talon: bytes, heights: bytes) -> bool:
    """The talon's top can never leave it: every foundation that could still take its kind
    needs first a card whose every copy not yet home lies under it in the talon (the talon
    gives only its top, and only to the foundations)."""
    card = talon[-1]
    under = talon[:-1]
    for j, h in game.slots[card]:
        if heights[j] > h:
            continue  # that place is filled
        blocked = False
        for need in game.wants[j][heights[j]:h]:
            open_places = sum(1 for x, at in game.slots[need] if heights[x] <= at)
            if under.count(need) >= open_places:
                blocked = True
                break
        if not blocked:
            return False
    return True


def safe(game: ClockGame, pos: ClockPos) -> Move | None:
    """A move home that cannot spoil a win (see the module), or None."""
    drawn, talon, heights, packets = pos
    if talon:
        card = talon[-1]
        for j in _homes(game, heights, card):
            if _other_filled(game, heights, card, j):
                return TALON, j
    if drawn < len(game.stock):
        return None
    for i, cards in enumerate(packets):
        if not cards:
            continue
        card = cards[-1]
        for j in _homes(game, heights, card):
            if not _other_filled(game, heights, card, j):
                continue
            if card % 13 == 1 or all(heights[x] > h for x, h in game.slots[card - 1]):
                return i, j
    return None


def ordered(game: ClockGame, pos: ClockPos) -> list[Move]:
    """`moves` in the order the search tries them: cards home, then cards packed, the turn
    second (see the module); a `safe` move alone; no turn that shows a `stuck` card."""
    one = safe(game, pos)
    if one is not None:
        return [one]
    drawn, talon, heights, _ = pos
    found = [m for m in moves(game, pos) if m != TURN]
    found.sort(key=lambda m: m[1] < 0)  # stable: the engine's order within each kind
    if drawn >= len(game.stock) or stuck(game, talon + game.stock[drawn:drawn + 1], heights):
        return found
    return [*found[:1], TURN, *found[1:]]


def search(game: ClockGame, start: ClockPos, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """Depth-first searches over `ordered` moves, each allowed one more discrepancy than the
    last, every position kept once by its `key`. The search that refused no move searched
    every reachable position: then "unwinnable". "undecided" past ``budget`` positions
    generated in all, or when ``stop()`` (asked every 1024) says so."""
    if won(game, start):
        return PlainAnswer("winnable", (), 0, 1)
    return deepening(lambda limit, left, before: _limited(game, start, limit, left, stop, before),
                     budget)


def _limited(game: ClockGame, start: ClockPos, limit: int, budget: int,
             stop: Callable[[], bool] | None, before: int) -> tuple[PlainAnswer, bool]:
    """One depth-first search allowed ``limit`` discrepancies; whether it refused any."""
    seen = {key(start): limit}
    path: list[Move] = []
    stack = [(start, limit, 0, ordered(game, start))]
    nodes = 0
    cut = False
    while stack:
        pos, left, i, todo = stack[-1]
        if i >= len(todo):
            stack.pop()
            if path:
                path.pop()
            continue
        stack[-1] = (pos, left, i + 1, todo)
        move = todo[i]
        cost = min(i, MAX_COST)
        if cost > left:
            cut = True
            stack.pop()  # the moves after it cost as much or more
            if path:
                path.pop()
            continue
        nodes += 1
        if nodes > budget or (stop is not None and not (before + nodes) & 1023 and stop()):
            return PlainAnswer("undecided", (), nodes - 1, len(seen)), cut
        child = play(game, pos, move)
        k = key(child)
        rest = left - cost
        if seen.get(k, -1) >= rest:
            continue
        seen[k] = rest
        if won(game, child):
            line = tuple(action(game, m) for m in (*path, move))
            return PlainAnswer("winnable", line, nodes, len(seen)), cut
        path.append(move)
        stack.append((child, rest, 0, ordered(game, child)))
    return PlainAnswer("unwinnable", (), nodes, len(seen)), cut
