"""The solver's fast path for Napoleon at St. Helena (Forty Thieves): two packs, ten tableau
columns packed down in suit one card at a time, a space filled by any available card, eight
foundations up in suit from the aces (two a suit), the stock turned one card at a time onto a
talon whose top is available, no redeal.

The stock's order is known (perfect knowledge), so a position is the columns, the talon and
the stock as ``bytes`` (one byte a card: suit and rank) and the foundations' heights. What
makes it sound and quick:

- `moves` offers exactly the engine's moves (the tests compare them and `play`'s positions
  along random play-outs);
- the key is the columns sorted (they are alike), the talon and the stock's length: they fix
  which cards are home, so each suit's two foundation heights up to order (the two are alike);
  so of moves reaching one key only the first is tried (a card into one of several spaces, a
  lone card from its column into another space, a card onto one of two alike foundations);
- a safe move, the only move tried (`safe`; the tests check it against a brute-force search):
  a card going home when both cards one rank below it in its suit are home (nothing can be
  packed on it any more, and its foundation's growth only adds moves);
- move ordering: cards home, then packing that empties a column or shows a card that can go
  home or be packed, the talon's top packed, other packing, cards into a space, the turn;
- a depth-first search over that order on a quarter of the budget
  (`discrepancy.ordered_search`, no discrepancy cost), then a best-first search on cards home,
  cards lying above a lower one (columns and talon) and spaces (`score`); each keeps every
  position once by its key and nothing is cut, so a search that ends without a win answers
  "unwinnable".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from bot.games.patience.discrepancy import best_first as discrepancy_best_first
from bot.games.patience.discrepancy import then_best_first
from bot.games.patience.engine import RANKS, Rules, face
from bot.games.patience.plain import PlainAnswer

SUITS = "CSHD"

NapoleonPos = tuple[tuple[bytes, ...], bytes, bytes, bytes]
"""``(columns, talon, stock, heights)``: the columns in layout order and the talon, bottom ->
top; the stock as the engine keeps it (its next card last); each foundation's card count."""

Move = tuple[int, int]
"""``(source, target)``: source column ``i`` or ``TALON``; target column ``i`` or foundation
``HOME + j``. ``TURN`` turns the stock."""

TALON = -1
HOME = 16
TURN: Move = (-2, 0)
MAX_COST = 0
"""No move costs a discrepancy: `discrepancy.ordered_search` makes one plain depth-first
search."""


@dataclass(repr=False)
class NapoleonGame:
    """What the search knows about one deal."""

    column_ids: list[str]
    found_ids: list[str]
    homes: list[tuple[int, int]]  # suit -> its two foundations, in the foundations' order
    memo: dict[bytes, tuple[int, int]]  # `_blocking` of the columns seen


def code(card: str) -> int:
    """A card as one byte: its suit times 16 plus its rank (1..13); so a card fits on another
    (down in suit) exactly when it is one below it."""
    return SUITS.index(card[0]) * 16 + RANKS.index(card[1]) + 1


def napoleon_game(rules: Rules, piles: dict[str, list[str]], redeals: int,
                  flags: dict[str, int]) -> NapoleonGame | None:
    """The search's view of the deal, or None where the rules are not this shape: tableau
    columns packed down in suit one card at a time, spaces filled from any column or the talon,
    a talon, no redeal; two foundations up in suit from the ace for each suit, each a run from
    its ace; no hidden cards."""
    if (rules.stock != "talon" or rules.redeals or redeals or rules.hook or rules.cards
            or rules.merci or rules.tuck or rules.run_moves or rules.buried_kings or flags):
        return None
    if not rules.piles or rules.piles[-1].kind != "talon" or rules.piles[-1].id != "w":
        return None
    last = rules.piles[-1]
    if last.pack is not None or last.refill or last.auto or last.gives:
        return None
    column_ids: list[str] = []
    for p in rules.piles[:-1]:
        pack = p.pack
        if (p.kind != "tableau" or pack is None or pack.dir != "down" or pack.suit != "same"
                or pack.cap or pack.also or p.refill != ("any",) or p.auto or p.gives
                or p.must or p.kings or p.keep or p.king_down or p.hidden_top or p.holds
                or p.takes or p.pack_after_empty or p.must_pack):
            return None
        column_ids.append(p.id)
    founds = rules.founds
    by_suit: dict[str, list[int]] = {}
    for j, f in enumerate(founds):
        if (f.suit not in SUITS or not f.suit or f.base != "A" or f.build != "suit"
                or f.step != 1 or f.length != 13 or f.order or f.preplace):
            return None
        by_suit.setdefault(f.suit, []).append(j)
    if len(founds) != 8 or sorted(len(v) for v in by_suit.values()) != [2, 2, 2, 2]:
        return None
    known = {"s", "w", *column_ids, *(f.id for f in founds)}
    if set(piles) - known or any(c.startswith("~") for pid, cards in piles.items()
                                 if pid != "s" for c in cards):
        return None
    for f in founds:  # the foundations must be what we count: a run from the ace
        home = piles.get(f.id, [])
        if home != [f.suit + r for r in RANKS[:len(home)]]:
            return None
    homes = [(by_suit[s][0], by_suit[s][1]) for s in SUITS]
    return NapoleonGame(column_ids, [f.id for f in founds], homes, {})


def position(game: NapoleonGame, piles: dict[str, list[str]]) -> NapoleonPos:
    columns = tuple(bytes(code(c) for c in piles.get(p, ())) for p in game.column_ids)
    return (columns, bytes(code(c) for c in piles.get("w", ())),
            bytes(code(face(c)) for c in piles.get("s", ())),
            bytes(len(piles.get(f, ())) for f in game.found_ids))


def won(game: NapoleonGame, pos: NapoleonPos) -> bool:
    return sum(pos[3]) == 104


def key(game: NapoleonGame, pos: NapoleonPos) -> bytes:
    """The columns sorted, the talon and the stock's length (see the module)."""
    columns, talon, stock, _ = pos
    return b"\xff".join((*sorted(columns), talon, bytes((len(stock),))))


def _homes(game: NapoleonGame, heights: bytes, card: int) -> list[int]:
    """The foundations that take ``card`` now, in the engine's order (of two empty ones, the
    first)."""
    suit, rank = divmod(card, 16)
    a, b = game.homes[suit]
    if rank == 1 and not heights[a] and not heights[b]:
        return [a]
    return [j for j in (a, b) if heights[j] == rank - 1]


def moves(game: NapoleonGame, pos: NapoleonPos) -> list[Move]:
    """The engine's moves in ``pos``, in its order: by source (the columns, then the talon),
    the card to the foundations that take it, onto the columns that take it, into each space;
    then the turn."""
    columns, talon, stock, heights = pos
    want: dict[int, list[int]] = {}
    spaces: list[int] = []
    for i, cards in enumerate(columns):
        if cards:
            if cards[-1] % 16 > 1:
                want.setdefault(cards[-1] - 1, []).append(i)
        else:
            spaces.append(i)
    out: list[Move] = []
    sources = [i for i, cards in enumerate(columns) if cards]
    if talon:
        sources.append(TALON)
    for src in sources:
        card = talon[-1] if src == TALON else columns[src][-1]
        out += [(src, HOME + j) for j in _homes(game, heights, card)]
        out += [(src, i) for i in want.get(card, ()) if i != src]
        out += [(src, i) for i in spaces]
    if stock:
        out.append(TURN)
    return out


def play(game: NapoleonGame, pos: NapoleonPos, move: Move) -> NapoleonPos:
    columns, talon, stock, heights = pos
    if move == TURN:
        return columns, talon + stock[-1:], stock[:-1], heights
    src, dst = move
    if src == TALON:
        card, talon = talon[-1], talon[:-1]
    else:
        card = columns[src][-1]
        columns = (*columns[:src], columns[src][:-1], *columns[src + 1:])
    if dst >= HOME:
        h = bytearray(heights)
        h[dst - HOME] += 1
        heights = bytes(h)
    else:
        columns = (*columns[:dst], columns[dst] + bytes((card,)), *columns[dst + 1:])
    return columns, talon, stock, heights


def action(game: NapoleonGame, move: Move) -> str:
    """The engine's action string for ``move``."""
    if move == TURN:
        return "turn"
    src, dst = move
    source = "w" if src == TALON else game.column_ids[src]
    target = game.found_ids[dst - HOME] if dst >= HOME else game.column_ids[dst]
    return f"move:{source}>{target}"


def safe(game: NapoleonGame, pos: NapoleonPos, move: Move) -> bool:
    """A card going home when both cards one rank below it in its suit are home: none can be
    packed on it any more, so it lies where it is until it goes home, and a line that leaves
    it is matched by one sending it now (its foundation only takes more)."""
    src, dst = move
    if dst < HOME or move == TURN:
        return False
    columns, talon, _, heights = pos
    card = talon[-1] if src == TALON else columns[src][-1]
    suit, rank = divmod(card, 16)
    a, b = game.homes[suit]
    return min(heights[a], heights[b]) >= rank - 1


def ordered(game: NapoleonGame, pos: NapoleonPos) -> list[Move]:
    """`moves` in the order the search tries them (see the module), of moves reaching one key
    only the first; a `safe` move alone."""
    offered = moves(game, pos)
    columns = pos[0]
    home: list[Move] = []
    packs: list[tuple[int, Move]] = []
    into: list[Move] = []
    turn: list[Move] = []
    spaced: set[int] = set()
    homed: set[int] = set()
    for m in offered:
        src, dst = m
        if m == TURN:
            turn.append(m)
        elif dst >= HOME:
            if safe(game, pos, m):
                return [m]
            if src not in homed:  # two alike foundations: one key
                homed.add(src)
                home.append(m)
        elif not columns[dst]:
            if src in spaced or (src != TALON and len(columns[src]) == 1):
                continue  # another space, or a lone card shifted: one key
            spaced.add(src)
            into.append(m)
        else:
            packs.append((_rank(game, pos, src), m))
    packs.sort(key=lambda p: p[0])
    return [*home, *(m for _, m in packs), *into, *turn]


def _rank(game: NapoleonGame, pos: NapoleonPos, src: int) -> int:
    """How good packing the top of ``src`` is: 0 when it empties a column, 1 when it shows a
    card that can go home or be packed, 2 from the talon, 3 otherwise, 4 when the card lies
    on one it is packed on already."""
    if src == TALON:
        return 2
    columns, _, _, heights = pos
    cards = columns[src]
    if len(cards) == 1:
        return 0
    under = cards[-2]
    if under == cards[-1] + 1:
        return 4
    if _homes(game, heights, under):
        return 1
    if under % 16 < 13 and any(c and c[-1] == under + 1 for i, c in enumerate(columns)
                               if i != src):
        return 1
    return 3


def _blocking(game: NapoleonGame, cards: bytes) -> tuple[int, int]:
    """``(blocking, low)``: how many of ``cards`` lie above a card of lower rank, and the
    lowest rank among them; memoised by prefix (columns grow and shrink at the top)."""
    memo = game.memo
    found = memo.get(cards)
    if found is None:
        if not cards:
            found = (0, 99)
        else:
            below, low = _blocking(game, cards[:-1])
            rank = cards[-1] % 16
            if len(cards) > 1 and cards[-2] == cards[-1] + 1:
                found = (below, low)  # packed on its own: moves with the card under it
            else:
                found = (below + 1, low) if rank > low else (below, rank)
        if len(memo) > 400_000:
            memo.clear()
        memo[cards] = found
    return found


def score(game: NapoleonGame, pos: NapoleonPos) -> int:
    """The best-first search's measure (higher first): cards home, few cards lying above a
    lower one in the columns and on the talon (each must move first), spaces."""
    columns, talon, _, heights = pos
    blocking = _blocking(game, talon)[0]
    spaces = 0
    for cards in columns:
        if cards:
            blocking += _blocking(game, cards)[0]
        else:
            spaces += 1
    return 30 * sum(heights) - BLOCK * blocking + SPACE * spaces


BLOCK = 22
SPACE = 20
"""`score`'s weights, against 30 a card home: on seeds 1-40 at 100,000 positions a deal the
best-first search won 10 with these, 4 with the talon left out of the blocking and 9 a block."""


def search(game: NapoleonGame, start: NapoleonPos, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """A depth-first search over the `ordered` moves on a quarter of ``budget``, then a
    best-first search on `score` with the rest; each keeps every position once by its `key`,
    so either one's "unwinnable" is exhaustive."""
    return then_best_first(start, budget, stop, ordered=partial(ordered, game),
                           play=partial(play, game), key=partial(key, game),
                           won=partial(won, game), action=partial(action, game),
                           score=partial(score, game), max_cost=MAX_COST)


def best_first(game: NapoleonGame, start: NapoleonPos, budget: int,
               stop: Callable[[], bool] | None) -> PlainAnswer:
    """`discrepancy.best_first` on `score` alone (the tests)."""
    return discrepancy_best_first(start, budget, stop, ordered=partial(ordered, game),
                                  play=partial(play, game), key=partial(key, game),
                                  won=partial(won, game), action=partial(action, game),
                                  score=partial(score, game))
