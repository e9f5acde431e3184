"""The solver's fast path for The Blockade: twelve columns whose last-dealt cards are available
and pack down in suit, a new row of twelve dealt from the stock onto them whenever the player
turns (the engine lets a row come at any time), a space filled from the stock at once, eight
foundations up in suit from the aces, no talon, no redeal.

The stock's order is known (perfect knowledge) and never changes, so a position is how many of
its cards are dealt, each foundation's height and the columns as ``bytes`` (one byte a card:
suit and rank). What makes it sound and quick:

- `moves` offers exactly the engine's card moves and the turn, and `play` makes the engine's
  fill of a space from the stock (the tests compare both along random play-outs);
- the key sorts the heights of a suit's two foundations (they are alike: swapping their cards
  maps lines onto lines), and once the stock is out the columns too (no row nor fill will
  tell them apart any more); while it lasts they stay in order, each row dealt in that order;
- a safe move, the only move tried (the tests check it against a brute-force search): a card
  home on which nothing could ever be packed (an ace, or both cards one lower in its suit
  home), when a card lies under it or the stock is out. A line that wins leaving it is matched
  by one that sends it now and skips its later moves (it only ever covers cards, the columns
  empty at the same moments, so every row and fill lands alike); alone in a column while the
  stock lasts it would draw a fill sooner, which shifts every row to come: not taken then;
- only one of two moves to a suit's two foundations at one height is tried (the positions are
  alike, see the key);
- a row that leaves both copies of a card under kings of their suit is not searched on
  (`dead`: each king needs one of those copies home first);
- move ordering: cards home, then cards packed that uncover a card (or empty a column), each
  kind by how near home the card it shows is, then the turn, then cards shifted from one copy
  of the card above them to the other;
- the depth-first searches are limited in discrepancies from that order, one more each time
  (`search`): the i-th move of a position costs ``min(i, MAX_COST)``. A search that refused
  none searched every reachable position: then "unwinnable".
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

BlockadePos = tuple[int, bytes, tuple[bytes, ...]]
"""``(dealt, heights, columns)``: the stock's cards dealt so far (rows and fills), each
foundation's card count, the columns in layout order, first dealt -> available card."""

Move = tuple[int, int]
"""``(source, target)``: source column ``i``; target ``j >= 0`` foundation ``j``, ``-1 - k``
column ``k``. ``TURN`` deals a row."""

TURN: Move = (-1, 0)
MAX_COST = 2
"""The most discrepancies one move costs (the third move of a position and those after it
cost as much as the second)."""


@dataclass(repr=False)
class BlockadeGame:
    """What the search knows about one deal."""

    column_ids: list[str]
    found_ids: list[str]
    stock: bytes  # the stock, its next card first (fixed by the seed)
    suits: bytes  # foundation -> its suit (0..3)
    twin: list[int]  # foundation -> the other foundation of its suit
    pairs: list[tuple[int, int, int]]  # card -> (its rank - 1, its suit's two foundations)
    couples: Callable[[bytes], tuple[int, ...]]  # heights -> each suit's two, suit by suit
    full: int  # cards the foundations hold when the game is won


def code(card: str) -> int:
    return SUITS.index(card[0]) * 13 + RANKS.index(card[1]) + 1


def blockade_game(rules: Rules, piles: dict[str, list[str]], redeals: int,
                  flags: dict[str, int]) -> BlockadeGame | None:
    """The search's view of the deal, or None where the rules are not The Blockade's shape:
    rows dealt from the stock onto tableau columns that pack down in suit and are filled from
    the stock at once, nothing else; eight foundations up in suit from the aces, two a suit;
    no hidden cards."""
    if rules.stock != "row" or rules.redeals or rules.hook or rules.cards or flags or redeals:
        return None
    if rules.merci or rules.tuck or rules.run_moves or rules.buried_kings:
        return None
    column_ids: list[str] = []
    for p in rules.piles:
        pack = p.pack
        if (p.kind != "tableau" or pack is None or pack.dir != "down" or pack.suit != "same"
                or pack.cap or pack.also or p.refill or p.auto != ("S",) or p.must or p.kings
                or p.gives or p.keep or p.king_down or p.hidden_top or p.pack_after_empty
                or p.must_pack or p.holds or p.takes):
            return None
        column_ids.append(p.id)
    founds = rules.founds
    if not column_ids or len(founds) != 8 or any(
            f.base != "A" or f.suit not in SUITS or not f.suit or f.build != "suit"
            or f.step != 1 or f.length != 13 or f.order for f in founds):
        return None
    suits = bytes(SUITS.index(f.suit) for f in founds)
    if sorted(suits) != [0, 0, 1, 1, 2, 2, 3, 3]:
        return None
    twin = [next(x for x in range(8) if x != j and suits[x] == suits[j]) for j in range(8)]
    known = {"s", *column_ids, *(f.id for f in founds)}
    if set(piles) - known or any(c.startswith("~") for cards in piles.values() for c in cards):
        return None
    for f in founds:  # the foundations must be what we count: a run up from the ace
        home = piles.get(f.id, [])
        if home != [f.suit + RANKS[k] for k in range(len(home))]:
            return None
    counts = [0] * 53
    for cards in piles.values():
        for c in cards:
            counts[code(c)] += 1
    if any(n != 2 for n in counts[1:]):
        return None  # two whole packs (`safe` counts so)
    stock = bytes(code(c) for c in reversed(piles.get("s", [])))
    if stock and not all(piles.get(c) for c in column_ids):
        return None  # not a settled position
    pairs = [(0, 0, 0)]
    for c in range(52):
        a, b = (j for j in range(8) if suits[j] == c // 13)
        pairs.append((c % 13, a, b))
    couples = itemgetter(*(j for s in range(4) for j in range(8) if suits[j] == s))
    return BlockadeGame(column_ids, [f.id for f in founds], stock, suits, twin, pairs, couples,
                        104)


def position(game: BlockadeGame, piles: dict[str, list[str]]) -> BlockadePos:
    heights = bytes(len(piles.get(f, ())) for f in game.found_ids)
    return 0, heights, tuple(bytes(code(c) for c in piles.get(p, ())) for p in game.column_ids)


def won(game: BlockadeGame, pos: BlockadePos) -> bool:
    return sum(pos[1]) == game.full


def key(game: BlockadeGame, pos: BlockadePos) -> bytes:
    """The transposition key: each suit's two heights in either order (as their sum and
    difference), the columns sorted once the stock is out (see the module)."""
    dealt, heights, columns = pos
    a, b, c, d, e, f, g, h = game.couples(heights)
    cols = sorted(columns) if dealt >= len(game.stock) else columns
    return bytes((dealt, a + b, abs(a - b), c + d, abs(c - d), e + f, abs(e - f), g + h,
                  abs(g - h))) + b"\0".join(cols)


def moves(game: BlockadeGame, pos: BlockadePos) -> list[Move]:
    """The engine's moves in ``pos``, in its order: by column, each to the foundations (an ace
    to the first empty one of its suit), then onto the columns; the turn last."""
    dealt, heights, columns = pos
    tops = [cards[-1] if cards else 0 for cards in columns]  # 0: a space
    pairs = game.pairs
    out: list[Move] = []
    for i, card in enumerate(tops):
        if not card:
            continue
        below, a, b = pairs[card]
        if heights[a] == below:
            out.append((i, a))
            if below and heights[b] == below:
                out.append((i, b))
        elif heights[b] == below:
            out.append((i, b))
        if below < 12 and card + 1 in tops:
            out += [(i, -1 - k) for k, top in enumerate(tops) if top == card + 1 and k != i]
    if dealt < len(game.stock):
        out.append(TURN)
    return out


def play(game: BlockadeGame, pos: BlockadePos, move: Move) -> BlockadePos:
    """``move`` and the fill of a space after it."""
    dealt, heights, columns = pos
    if move == TURN:
        row = game.stock[dealt:dealt + len(columns)]
        cols = tuple(c + row[i:i + 1] for i, c in enumerate(columns))
        return dealt + len(row), heights, cols
    src, dst = move
    cards = columns[src]
    card = cards[-1]
    left = cards[:-1]
    if not left and dealt < len(game.stock):
        left = game.stock[dealt:dealt + 1]
        dealt += 1
    if dst >= 0:
        h = bytearray(heights)
        h[dst] += 1
        return dealt, bytes(h), (*columns[:src], left, *columns[src + 1:])
    k = -1 - dst
    cols = list(columns)
    cols[src] = left
    cols[k] = cols[k] + bytes((card,))
    return dealt, heights, tuple(cols)


def action(game: BlockadeGame, move: Move) -> str:
    """The engine's action string for ``move``."""
    if move == TURN:
        return "turn"
    src, dst = move
    target = game.found_ids[dst] if dst >= 0 else game.column_ids[-1 - dst]
    return f"move:{game.column_ids[src]}>{target}"


def _lower_home(game: BlockadeGame, heights: bytes, card: int) -> bool:
    """Nothing could ever be packed on ``card``: an ace, or both cards one lower in its suit
    are home (both foundations of the suit that high)."""
    rank = (card - 1) % 13 + 1
    if rank == 1:
        return True
    s = (card - 1) // 13
    return all(heights[j] >= rank - 1 for j in range(8) if game.suits[j] == s)


def safe(game: BlockadeGame, pos: BlockadePos, offered: list[Move] | None = None
         ) -> Move | None:
    """A move home that cannot spoil a win (see the module), or None; ``offered``: `moves`
    of ``pos`` where they are known already."""
    dealt, heights, columns = pos
    out = dealt >= len(game.stock)
    for m in moves(game, pos) if offered is None else offered:
        if m == TURN or m[1] < 0:
            continue
        cards = columns[m[0]]
        if (out or len(cards) > 1) and _lower_home(game, heights, cards[-1]):
            return m
    return None


def ordered(game: BlockadeGame, pos: BlockadePos) -> list[Move]:
    """`moves` in the order the search tries them (see the module); a `safe` move alone."""
    offered = moves(game, pos)
    one = safe(game, pos, offered)
    if one is not None:
        return [one]
    columns = pos[2]
    home: list[Move] = []
    uncover: list[Move] = []
    shift: list[Move] = []
    turn: list[Move] = []
    for m in offered:
        if m == TURN:
            turn.append(m)
            continue
        src, dst = m
        if dst >= 0:
            if (src, game.twin[dst]) in home:
                continue  # both at one height: the positions are alike
            home.append(m)
            continue
        cards = columns[src]
        if len(cards) > 1 and cards[-2] == cards[-1] + 1:
            shift.append(m)
        else:
            uncover.append(m)
    if len(home) > 1:
        home.sort(key=lambda m: _shows(game, pos, m[0]))  # stable: the engine's order on ties
    if len(uncover) > 1:
        uncover.sort(key=lambda m: _shows(game, pos, m[0]))
    return [*home, *uncover, *turn, *shift]


def _distance(game: BlockadeGame, heights: bytes, card: int) -> int:
    """How many cards its suit's foundations need before ``card`` can go home (0: now)."""
    below, a, b = game.pairs[card]
    ha, hb = heights[a], heights[b]
    if ha > below:
        return below - hb
    if hb > below:
        return below - ha
    return below - max(ha, hb)


def _shows(game: BlockadeGame, pos: BlockadePos, src: int) -> int:
    """The `_distance` of the card a move off column ``src`` shows (the fill, if it empties
    the column while the stock lasts; -1 if it clears it for good)."""
    dealt, heights, columns = pos
    cards = columns[src]
    if len(cards) > 1:
        return _distance(game, heights, cards[-2])
    if dealt < len(game.stock):
        return _distance(game, heights, game.stock[dealt])
    return -1


def dead(game: BlockadeGame, columns: tuple[bytes, ...]) -> bool:
    """Lost for good: both copies of a card lie under kings of their suit (in their columns).
    A king only ever leaves its column for home (nothing is higher to pack it on; spaces take
    only the stock), which needs a foundation of its suit up to the queen, so one copy of that
    card home first. Only a row deals a king over other cards."""
    counts = [0] * 53
    for cards in columns:
        kings = 0  # the suits (bits) of the kings above, scanning down from the top
        for c in reversed(cards):
            s = (c - 1) // 13
            if c % 13 == 0:
                kings |= 1 << s
            elif kings >> s & 1:
                counts[c] += 1
                if counts[c] == 2:
                    return True
    return False


def search(game: BlockadeGame, start: BlockadePos, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """Depth-first searches over `ordered` moves, each allowed one more discrepancy than the
    last, every position kept once by its `key`. The search that refused no move searched
    every reachable position: then "unwinnable". "undecided" past ``budget`` positions
    generated in all, or when ``stop()`` (asked every 1024) says so."""
    return ordered_search(start, budget, stop, ordered=partial(ordered, game),
                          play=partial(play, game), key=partial(key, game),
                          won=partial(won, game), action=partial(action, game),
                          max_cost=MAX_COST,
                          dropped=lambda pos, move, child: move == TURN and dead(game, child[2]))
