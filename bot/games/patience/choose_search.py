"""The solver's fast path for the games whose stock is turned a card at a time, each card played
up or put on a talon packet of the player's choice (``stock="choose"``: The Calculation, Auld
Lang Syne, Tam O' Shanter, The Frog).

Nothing but the stock's top and the packets' tops ever moves, and only to the foundations or
(the stock's) onto a packet, so a position is the stock left, each foundation's height and the
packets (The Frog's reserve after them) as ``bytes``, one byte a card: its rank alone where
every foundation builds regardless of suit, else suit and rank. What makes it sound and quick:

- `moves` offers exactly the engine's moves (the tests compare them on many positions), except
  those that reach a position equivalent to one another move reaches: of packets with the same
  cards (the empty ones, say) only the first is offered a card, of foundations alike (same
  `Found.key`) at the same height only the first a card;
- the key sorts the packets (while no redeal is to come: a redeal gathers them in order) and
  the heights of foundations alike;
- a card goes home alone, as the only move, where no other foundation will ever want it (it is
  then the last card of its kind, and nothing else can use the place it holds);
- a `dead` position (no foundation can be finished even if every card lying free served every
  foundation wanting its kind) has no moves;
- move ordering, the book's craft for The Calculation: cards home first, then the stock's card
  onto the packet whose top it fits best, a card wanted sooner over one wanted later (`need`);
- the depth-first searches are limited in discrepancies from that order, one more each time
  (`search`): a deal is mostly lost by a few wrong placements early, which one plain
  depth-first search, undoing its last moves first, would not reach within its budget;
- every winning line is replayed through the engine before the solver returns it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.games.patience.discrepancy import deepening
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.plain import PlainAnswer
from bot.games.patience.special import HOOKS, Hook

SUITS = "CSHD"

ChoosePos = tuple[bytes, bytes, tuple[bytes, ...], int]
"""``(stock, heights, piles, redeals)``: the stock left, its next card first; each foundation's
card count; the packets in layout order, then the reserve if the game has one, bottom -> top;
redeals used."""

Move = tuple[int, int]
"""``(source, target)``: source -1 the stock, ``i >= 0`` pile ``i``; target ``j >= 0``
foundation ``j``, ``-1 - k`` packet ``k``. ``REDEAL`` gathers the packets."""

REDEAL: Move = (-2, 0)
MAX_COST = 2
"""The most discrepancies one placement costs: the third-best packet and those after it cost
as much as the second-best after a card home (tried on The Calculation's first 20 deals)."""
TABLE_SIZE = 1 << 16
"""The most sets of free kinds of card `dead` keeps its foundations' free heights for (a
rank-only game has 2**13 at most)."""
FAR = 99
"""`need` of a card no foundation wants any more."""


@dataclass(repr=False)
class ChooseGame:
    """What the search knows about one game."""

    rules: Rules
    packet_ids: list[str]  # the talon packets, layout order
    reserve_id: str  # The Frog's reserve ("" none): gives to the foundations only
    found_ids: list[str]
    suited: bool  # cards are suit and rank (foundations in suit), else ranks alone
    wants: list[bytes]  # foundation -> the card it takes at each height
    where: list[list[int]]  # foundation -> card -> the height it takes it at (-1 never)
    group: list[int]  # foundations alike (same `Found.key`) share a number
    groups: list[list[int]]  # the groups of more than one foundation
    alike: bool  # every foundation is alike (one group)
    redeals: int  # redeals allowed (the packets gathered in order, first packet first)
    full: int  # cards the foundations hold when the game is won
    lengths: list[int] = field(default_factory=list)  # foundation -> its cards when full
    tables: list[dict[int, int]] = field(default_factory=list)  # foundation -> free kinds
    #                                   -> its heights whose card is free (foundations alike
    #                                   share one); see `dead`
    spans: list[list[list[int]]] = field(default_factory=list)  # foundation -> a -> b -> the
    #                                                             kinds of its cards a..b-1
    rests: list[list[int]] = field(default_factory=list)  # foundation -> height -> the kinds
    #                                                       of card it still wants (a mask)
    takers: list[list[tuple[int, int]]] = field(default_factory=list)  # card -> (foundation,
    #                                                                     height it takes it at)
    masks: dict[bytes, int] = field(default_factory=dict)  # a stock -> its kinds of card

    @property
    def packets(self) -> int:
        return len(self.packet_ids)

    def code(self, card: str) -> int:
        rank = RANKS.index(card[1]) + 1
        return SUITS.index(card[0]) * 13 + rank if self.suited else rank


def _plain_hook(rules: Rules) -> bool:
    """The hook deals its own way at most: moves, forced moves and the win are the engine's."""
    hook = type(HOOKS.get(rules.hook, HOOKS[""]))
    return rules.hook in HOOKS and all(
        getattr(hook, name) is getattr(Hook, name)
        for name in ("actions", "apply", "forced", "won", "card_moves", "refusal"))


def choose_game(rules: Rules, piles: dict[str, list[str]], redeals: int,
                flags: dict[str, int]) -> ChooseGame | None:
    """The search's view of ``rules``, or None where it would not play them exactly as the
    engine does: another kind of stock, piles other than plain talon packets (and one reserve
    that only gives to the foundations), foundations that neither all ignore suit nor all
    follow a fixed suit, a redeal that shuffles, hidden cards."""
    if rules.stock != "choose" or not _plain_hook(rules) or rules.cards:
        return None
    if rules.merci or rules.tuck or rules.run_moves or rules.buried_kings or flags.get("buried"):
        return None
    if redeals < rules.redeals and rules.redeal not in ("talon", "wastes"):
        return None
    packet_ids: list[str] = []
    reserve = ""
    for p in rules.piles:
        if (p.pack is not None or p.refill or p.auto or p.must or p.keep or p.king_down
                or p.hidden_top or p.pack_after_empty or p.must_pack or p.takes or p.holds):
            return None
        if p.kind == "waste" and not p.gives:
            packet_ids.append(p.id)
        elif p.kind == "reserve" and not reserve and (not p.gives or "foundation" in p.gives):
            reserve = p.id
        else:
            return None
    if not packet_ids:
        return None
    known = {"s", *packet_ids, *(f.id for f in rules.founds), *([reserve] if reserve else [])}
    if set(piles) - known or any(c.startswith("~") for cards in piles.values() for c in cards):
        return None
    founds = rules.founds
    if not founds or any(f.order or not f.base or not 1 <= f.length <= 13 for f in founds):
        return None
    if all(f.build == "any" and not f.suit for f in founds):
        suited = False
    elif all(f.build == "suit" and f.suit in SUITS and f.suit for f in founds):
        suited = True
    else:
        return None
    size = 53 if suited else 14
    wants = []
    for f in founds:
        ranks = [(RANKS.index(f.base) + k * f.step) % 13 + 1 for k in range(f.length)]
        if len(set(ranks)) != len(ranks):  # a pile taking a rank twice: not this model
            return None
        suit = SUITS.index(f.suit) * 13 if suited else 0
        wants.append(bytes(suit + r for r in ranks))
    where = []
    for w in wants:
        at = [-1] * size
        for h, c in enumerate(w):
            at[c] = h
        where.append(at)
    keys: dict[object, int] = {}
    group = [keys.setdefault(f.key(), len(keys)) for f in founds]
    groups = [[j for j, g in enumerate(group) if g == k] for k in range(len(keys))]
    game = ChooseGame(rules, packet_ids, reserve, [f.id for f in founds], suited, wants, where,
                      group, [g for g in groups if len(g) > 1], len(groups) == 1, rules.redeals,
                      sum(f.length for f in founds))
    game.lengths = [len(w) for w in wants]
    shared: dict[int, dict[int, int]] = {}
    game.tables = [shared.setdefault(g, {}) for g in group]
    game.spans = [[[sum(1 << c for c in set(w[a:b])) for b in range(len(w) + 1)]
                   for a in range(len(w) + 1)] for w in wants]
    game.rests = [[sum(1 << c for c in set(w[h:])) for h in range(len(w) + 1)] for w in wants]
    game.takers = [[(j, at[c]) for j, at in enumerate(where) if at[c] >= 0] for c in range(size)]
    for f, w in zip(founds, wants, strict=True):  # the foundations must be what we count
        if bytes(game.code(c) for c in piles.get(f.id, ())) != w[:len(piles.get(f.id, ()))]:
            return None
    return game


def position(game: ChooseGame, piles: dict[str, list[str]], redeals: int) -> ChoosePos:
    code = game.code
    stock = bytes(code(c) for c in reversed(piles.get("s", ())))
    heights = bytes(len(piles.get(f, ())) for f in game.found_ids)
    ids = game.packet_ids + ([game.reserve_id] if game.reserve_id else [])
    return stock, heights, tuple(bytes(code(c) for c in piles.get(i, ())) for i in ids), redeals


def won(game: ChooseGame, pos: ChoosePos) -> bool:
    return sum(pos[1]) == game.full


def key(game: ChooseGame, pos: ChoosePos) -> bytes:
    """The transposition key: packets sorted (unless a redeal is still to come), foundations
    alike sorted among themselves; the stock by how much is left until a redeal changes it."""
    stock, heights, piles, redeals = pos
    if game.alike:
        heights = bytes(sorted(heights))
    elif game.groups:
        h = bytearray(heights)
        for g in game.groups:
            for j, v in zip(g, sorted(heights[i] for i in g), strict=True):
                h[j] = v
        heights = bytes(h)
    n = game.packets
    packets = piles[:n] if redeals < game.redeals else sorted(piles[:n])
    head = bytes((redeals, len(stock))) + (stock if redeals else b"") + heights
    rest = b"\0".join((*packets, *piles[n:]))
    return head + b"\0" + rest


def _homes(game: ChooseGame, heights: bytes, card: int) -> list[int]:
    """The foundations that take ``card`` now, as the engine offers them (of empty ones alike
    only the first), and of those alike at the same height only the first."""
    out = [j for j, at in game.takers[card] if heights[j] == at]
    if len(out) > 1 and game.groups:
        group, seen = game.group, set()
        out = [j for j in out if not (group[j] in seen or seen.add(group[j]))]
    return out


def moves(game: ChooseGame, pos: ChoosePos) -> list[Move]:
    """The engine's moves in ``pos`` (up to the equivalent ones left out, see the module)."""
    stock, heights, piles, redeals = pos
    out: list[Move] = []
    if stock:
        card = stock[0]
        out += [(-1, j) for j in _homes(game, heights, card)]
        sortable = redeals >= game.redeals
        seen: set[bytes] = set()
        for k in range(game.packets):
            if sortable:
                if piles[k] in seen:
                    continue
                seen.add(piles[k])
            out.append((-1, -1 - k))
    for i, cards in enumerate(piles):
        if cards:
            out += [(i, j) for j in _homes(game, heights, cards[-1])]
    if not stock and redeals < game.redeals and any(piles[:game.packets]):
        out.append(REDEAL)
    return out


def play(game: ChooseGame, pos: ChoosePos, move: Move) -> ChoosePos:
    stock, heights, piles, redeals = pos
    src, dst = move
    if move == REDEAL:
        gathered = b"".join(piles[:game.packets])
        return gathered, heights, (b"",) * game.packets + piles[game.packets:], redeals + 1
    if src < 0:
        card, stock = stock[0], stock[1:]
    else:
        card = piles[src][-1]
        piles = (*piles[:src], piles[src][:-1], *piles[src + 1:])
    if dst >= 0:
        h = bytearray(heights)
        h[dst] += 1
        heights = bytes(h)
    else:
        k = -1 - dst
        piles = (*piles[:k], piles[k] + bytes((card,)), *piles[k + 1:])
    return stock, heights, piles, redeals


def action(game: ChooseGame, move: Move) -> str:
    """The engine's action string for ``move``."""
    if move == REDEAL:
        return "redeal"
    src, dst = move
    ids = [*game.packet_ids, game.reserve_id]
    source = "s" if src < 0 else ids[src]
    target = game.found_ids[dst] if dst >= 0 else game.packet_ids[-1 - dst]
    return f"move:{source}>{target}"


def need(game: ChooseGame, heights: bytes, card: int) -> int:
    """How many cards some foundation takes before it takes ``card``: how soon it is wanted."""
    best = FAR
    for j, at in game.takers[card]:
        d = at - heights[j]
        if 0 <= d < best:
            best = d
    return best


def dead(game: ChooseGame, pos: ChoosePos) -> bool:
    """No foundation can be finished even in a looser game where a card, once it lies free
    (in the stock, or with every card over it gone), serves every foundation that wants its
    kind: a card in a packet goes only once some foundation not yet past its place could get
    there, and a foundation gets past a place only with a card of its kind free. What the
    looser game cannot finish, the game cannot. Never while a redeal is to come: it gathers
    the packets back into the stock."""
    stock, heights, piles, redeals = pos
    if redeals < game.redeals:
        return False
    free = game.masks.get(stock)
    if free is None:
        free = 0
        for c in stock:
            free |= 1 << c
        game.masks[stock] = free
    for cards in piles:
        if cards:
            free |= 1 << cards[-1]
    for rest, h in zip(game.rests, heights, strict=True):
        if rest[h] & ~free:
            break
    else:
        return False  # every card still wanted lies free already
    reach = list(heights)
    passed = 0  # the kinds of card some foundation gets past (the loose way) from here
    depth = [0] * len(piles)
    lengths, tables, spans = game.lengths, game.tables, game.spans
    while True:
        moved = False
        for j, start in enumerate(reach):
            if start == lengths[j]:
                continue
            table = tables[j]
            bits = table.get(free)  # the heights whose card lies free
            if bits is None:
                bits = sum(1 << h for h, c in enumerate(game.wants[j]) if free >> c & 1)
                if len(table) < TABLE_SIZE:
                    table[free] = bits
            bits >>= start
            run = (~bits & (bits + 1)).bit_length() - 1  # free heights in a row from start
            if run:
                reach[j] = start + run
                passed |= spans[j][start][start + run]
                moved = True
        if reach == lengths:
            return False
        if not moved:
            return True
        for p, cards in enumerate(piles):
            d = depth[p]
            n = len(cards)
            while d < n and passed >> cards[-1 - d] & 1:
                d += 1
                if d < n:
                    free |= 1 << cards[-1 - d]
            depth[p] = d


def ordered(game: ChooseGame, pos: ChoosePos) -> list[Move]:
    """`moves` in the order the search tries them; a provably safe move home alone; none in a
    `dead` position."""
    return [m for m, _ in _costed(game, pos)]


def _costed(game: ChooseGame, pos: ChoosePos) -> list[tuple[Move, int]]:
    """`ordered`'s moves, each with its discrepancies: none for a card home (the packets' before
    the stock's: cards home come in many orders that meet again); for a placement of the
    stock's card (or the redeal), one if a card could go home first and one for each
    placement before it, at most `MAX_COST`. The placements: onto a top wanted later (`need`),
    the nearest first; then onto an empty packet; then onto a top wanted sooner, the least
    sooner first."""
    if dead(game, pos):
        return []
    stock, heights, piles, redeals = pos
    homes: list[tuple[Move, int]] = []
    sources = [(i, cards[-1]) for i, cards in enumerate(piles) if cards]
    if stock:
        sources.append((-1, stock[0]))
    takers = game.takers
    for i, card in sources:
        targets = [j for j, at in takers[card] if heights[j] == at]
        if len(targets) > 1 and game.groups:
            targets = _homes(game, heights, card)
        for j in targets:
            if all(x == j or at < heights[x] for x, at in takers[card]):
                # no other foundation will ever take the card: it is the last of its kind,
                # can go nowhere else, and what lies under it or comes onto its packet
                # meanwhile is as free without it; the move home cannot spoil a win
                return [((i, j), 0)]
            homes.append(((i, j), 0))
    before = 1 if homes else 0
    if stock:
        card = stock[0]
        mine = need(game, heights, card)
        place: list[tuple[int, int, int]] = []
        sortable = redeals >= game.redeals
        seen: set[bytes] = set()
        for k in range(game.packets):
            cards = piles[k]
            if sortable:
                if cards in seen:
                    continue
                seen.add(cards)
            if not cards:
                place.append((1, 0, -1 - k))
                continue
            under = need(game, heights, cards[-1])
            place.append((0, under - mine, -1 - k) if under >= mine else (2, mine - under, -1 - k))
        place.sort()
        return homes + [((-1, dst), min(before + x, MAX_COST))
                        for x, (_, _, dst) in enumerate(place)]
    if redeals < game.redeals and any(piles[:game.packets]):
        homes.append((REDEAL, min(before, MAX_COST)))
    return homes


def search(game: ChooseGame, start: ChoosePos, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """Depth-first searches over `ordered` moves, each allowed one more discrepancy than the
    last (a placement of the stock's card other than the first `ordered` offers), every
    position kept once by its `key`: a few wrong placements anywhere in a long line are found
    far sooner than by one search that undoes its last ones first. The search that needed no
    discrepancy it was refused searched every reachable position: then "unwinnable".
    "undecided" past ``budget`` positions generated in all, or when ``stop()`` (asked every
    1024) says so."""
    if won(game, start):
        return PlainAnswer("winnable", (), 0, 1)
    return deepening(lambda limit, left, before: _limited(game, start, limit, left, stop, before),
                     budget)


def _limited(game: ChooseGame, start: ChoosePos, limit: int, budget: int,
             stop: Callable[[], bool] | None, before: int) -> tuple[PlainAnswer, bool]:
    """One depth-first search allowed ``limit`` discrepancies; whether it refused any."""
    seen = {key(game, start): limit}
    path: list[Move] = []
    stack = [(start, limit, iter(_costed(game, start)))]
    nodes = 0
    cut = False
    while stack:
        pos, left, todo = stack[-1]
        step = next(todo, None)
        if step is None:
            stack.pop()
            if path:
                path.pop()
            continue
        move, cost = step
        if cost > left:
            cut = True
            continue
        nodes += 1
        if nodes > budget or (stop is not None and not (before + nodes) & 1023 and stop()):
            return PlainAnswer("undecided", (), nodes - 1, len(seen)), cut
        child = play(game, pos, move)
        k = key(game, child)
        rest = left - cost
        if seen.get(k, -1) >= rest:
            continue
        seen[k] = rest
        if won(game, child):
            line = tuple(action(game, m) for m in (*path, move))
            return PlainAnswer("winnable", line, nodes, len(seen)), cut
        path.append(move)
        stack.append((child, rest, iter(_costed(game, child))))
    return PlainAnswer("unwinnable", (), nodes, len(seen)), cut
