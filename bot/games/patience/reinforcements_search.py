"""The solver's fast path for The Reinforcements: two packs less one pack's aces and kings,
which are the foundations (four up in suit from the aces, four down in suit from the kings),
four squared Reinforcement packets whose tops go home or are packed on the talon's top (in
suit, one higher or lower), an emptied packet refilled at once from the talon (or the stock
when the talon is empty), the stock turned one card at a time, two redeals (the talon turned
over).

The stock's order is known (perfect knowledge) and every redeal only turns the talon over, so
a position is the packets, the talon and the stock as ``bytes`` (one byte a card: suit and
rank), the foundations' heights and the redeals used. What makes it sound and quick:

- `moves` offers exactly the engine's moves and `play` makes the engine's refills (the tests
  compare both along random play-outs);
- a safe move, the only move tried (`safe`; the tests check it against a brute-force search):
  a packet's card that is not its last going home when every card one rank above and below it
  in its suit is home. None can then be the talon's top for it to be packed on, so it lies on
  its packet until it goes home; its other copy is home (one foundation holds a card beyond
  it), so its foundation takes no other card first; and a line that leaves it there is
  matched by one sending it now (no refill comes sooner: a card lies under it);
- move ordering: packet tops home (the book: a win uses up every original packet), the talon's
  top home, packet tops packed on the talon (the one that shows a card wanted soonest first),
  the turn, the redeal;
- a depth-first search in that order first (`discrepancy.ordered_search` with no discrepancy
  cost: it wins the deals a line near the greedy one wins), then a best-first search on cards
  home and cards lying above one wanted sooner (`score`): both keep every position once, so an
  "unwinnable" is exhaustive. The deals it wins it wins at once, and the rest stall far from
  home: so the daily deal searches each seed only a little and tries many
  (`game.DAILY_SHALLOW`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from bot.games.patience.discrepancy import then_best_first
from bot.games.patience.engine import RANKS, Rules, face
from bot.games.patience.plain import PlainAnswer

SUITS = "CSHD"

ReinforcementsPos = tuple[tuple[bytes, ...], bytes, bytes, bytes, int]
"""``(packets, talon, stock, heights, redeals)``: the packets in layout order and the talon,
bottom -> top; the stock as the engine keeps it (its next card last); each foundation's card
count; the redeals used."""

Move = tuple[int, int]
"""``(source, target)``: source packet ``i`` (``TALON``: the talon's top); target foundation
``j >= 0`` or ``TALON`` (packed on the talon). ``TURN`` and ``REDEAL`` are the stock's."""

TALON = -1
TURN: Move = (-2, 0)
REDEAL: Move = (-3, 0)
@dataclass(repr=False)
class ReinforcementsGame:
    """What the search knows about one deal."""

    packet_ids: list[str]
    found_ids: list[str]
    up: list[int]  # suit -> its foundation up from the ace
    down: list[int]  # suit -> its foundation down from the king
    redeals: int  # the redeals the rules allow
    place: list[int]  # card code -> the soonest place a foundation of its suit wants it
    memo: dict[bytes, tuple[int, int]]  # `_blocking` of the cards seen


def code(card: str) -> int:
    """A card as one byte: its suit times 16 plus its rank (1..13); so two cards of one suit
    one rank apart differ by exactly one."""
    return SUITS.index(card[0]) * 16 + RANKS.index(card[1]) + 1


def reinforcements_game(rules: Rules, piles: dict[str, list[str]], redeals: int,
                        flags: dict[str, int]) -> ReinforcementsGame | None:
    """The search's view of the deal, or None where the rules are not The Reinforcements'
    shape: reserve packets refilled at once from the talon or else the stock, a talon packed
    on in suit up or down, the talon turned over to redeal; one foundation up from the ace and
    one down from the king in each suit, each a run from its base; no hidden cards."""
    if (rules.stock != "talon" or rules.redeal != "talon" or rules.hook or rules.cards
            or rules.merci or rules.tuck or rules.run_moves or rules.buried_kings or flags):
        return None
    if not rules.piles or rules.piles[-1].kind != "talon" or rules.piles[-1].id != "w":
        return None
    talon = rules.piles[-1].pack
    if (talon is None or talon.dir != "both" or talon.suit != "same" or talon.cap
            or talon.also or rules.piles[-1].refill or rules.piles[-1].auto):
        return None
    packet_ids: list[str] = []
    for p in rules.piles[:-1]:
        if (p.kind != "reserve" or p.pack is not None or p.refill or p.auto != ("w", "s")
                or p.gives or p.keep or p.must or p.king_down or p.hidden_top or p.holds
                or p.takes or p.pack_after_empty or p.must_pack):
            return None
        packet_ids.append(p.id)
    founds = rules.founds
    up: dict[int, int] = {}
    down: dict[int, int] = {}
    for j, f in enumerate(founds):
        if (f.suit not in SUITS or not f.suit or f.build != "suit" or f.length != 13
                or f.order or (f.base, f.step) not in (("A", 1), ("K", -1))):
            return None
        (up if f.step == 1 else down)[SUITS.index(f.suit)] = j
    if len(founds) != 8 or len(up) != 4 or len(down) != 4:
        return None
    known = {"s", "w", *packet_ids, *(f.id for f in founds)}
    if set(piles) - known or any(c.startswith("~") for pid, cards in piles.items()
                                 if pid != "s" for c in cards):
        return None
    for f in founds:  # the foundations must be what we count: a run from the base
        home = piles.get(f.id, [])
        ranks = RANKS if f.step == 1 else RANKS[::-1]
        if not home or home != [f.suit + r for r in ranks[:len(home)]]:
            return None
    if not all(piles.get(p) for p in packet_ids) and (piles.get("w") or piles.get("s")):
        return None  # not a settled position
    place = [99] * 80
    for s in range(4):
        for rank in range(1, 14):
            place[s * 16 + rank] = 12 if rank in (1, 13) else min(rank - 1, 13 - rank)
    return ReinforcementsGame(packet_ids, [f.id for f in founds], [up[s] for s in range(4)],
                              [down[s] for s in range(4)], rules.redeals, place, {})


def position(game: ReinforcementsGame, piles: dict[str, list[str]],
             redeals: int) -> ReinforcementsPos:
    packets = tuple(bytes(code(c) for c in piles.get(p, ())) for p in game.packet_ids)
    return (packets, bytes(code(c) for c in piles.get("w", ())),
            bytes(code(face(c)) for c in piles.get("s", ())),
            bytes(len(piles.get(f, ())) for f in game.found_ids), redeals)


def won(game: ReinforcementsGame, pos: ReinforcementsPos) -> bool:
    return sum(pos[3]) == 104


def key(game: ReinforcementsGame, pos: ReinforcementsPos) -> bytes:
    """Every part of the position, joined (a card's byte is below 128)."""
    packets, talon, stock, heights, redeals = pos
    return b"\xff".join((*packets, talon, stock, heights, bytes((redeals,))))


def _homes(game: ReinforcementsGame, heights: bytes, card: int) -> list[int]:
    """The foundations that take ``card`` now, in the engine's order."""
    suit, rank = divmod(card, 16)
    out = []
    if heights[game.up[suit]] == rank - 1:
        out.append(game.up[suit])
    if heights[game.down[suit]] == 13 - rank:
        out.append(game.down[suit])
    if len(out) == 2 and out[0] > out[1]:
        out.reverse()
    return out


def moves(game: ReinforcementsGame, pos: ReinforcementsPos) -> list[Move]:
    """The engine's moves in ``pos``, in its order: by packet, then the talon, each card to the
    foundations that take it, a packet's top onto the talon; the turn; the redeal."""
    packets, talon, stock, heights, redeals = pos
    top = talon[-1] if talon else -9
    out: list[Move] = []
    for i, cards in enumerate(packets):
        if cards:
            card = cards[-1]
            out += [(i, j) for j in _homes(game, heights, card)]
            if card - top in (1, -1):
                out.append((i, TALON))
    if talon:
        out += [(TALON, j) for j in _homes(game, heights, top)]
    if stock:
        out.append(TURN)
    elif talon and redeals < game.redeals:
        out.append(REDEAL)
    return out


def play(game: ReinforcementsGame, pos: ReinforcementsPos, move: Move) -> ReinforcementsPos:
    """``move`` and the refills after it."""
    packets, talon, stock, heights, redeals = pos
    if move == TURN:
        talon, stock = talon + stock[-1:], stock[:-1]
    elif move == REDEAL:
        talon, stock, redeals = b"", talon[::-1], redeals + 1
    else:
        src, dst = move
        if src == TALON:
            card, talon = talon[-1], talon[:-1]
        else:
            cards = packets[src]
            card = cards[-1]
            packets = (*packets[:src], cards[:-1], *packets[src + 1:])
        if dst == TALON:
            talon += bytes((card,))
        else:
            h = bytearray(heights)
            h[dst] += 1
            heights = bytes(h)
    if not all(packets):
        filled = list(packets)
        for i, cards in enumerate(filled):
            if cards:
                continue
            if talon:
                filled[i], talon = talon[-1:], talon[:-1]
            elif stock:
                filled[i], stock = stock[-1:], stock[:-1]
        packets = tuple(filled)
    return packets, talon, stock, heights, redeals


def action(game: ReinforcementsGame, move: Move) -> str:
    """The engine's action string for ``move``."""
    if move == TURN:
        return "turn"
    if move == REDEAL:
        return "redeal"
    src, dst = move
    source = "w" if src == TALON else game.packet_ids[src]
    return f"move:{source}>{'w' if dst == TALON else game.found_ids[dst]}"


def _both_home(game: ReinforcementsGame, heights: bytes, suit: int, rank: int) -> bool:
    """Every card of ``rank`` in ``suit`` is home (true of ranks off the ends); the ace in play
    goes home only on the king's foundation, the king on the ace's."""
    if not 1 <= rank <= 13:
        return True
    ups, downs = heights[game.up[suit]] >= rank, heights[game.down[suit]] >= 14 - rank
    return downs if rank == 1 else ups if rank == 13 else ups and downs


def safe(game: ReinforcementsGame, pos: ReinforcementsPos, move: Move) -> bool:
    """A packet's card home that a win never needs elsewhere (see the module): not its
    packet's last card (no refill comes sooner), and every card one rank above and below it
    in its suit home (nothing can take it on the talon; and its other copy is home, on the
    foundation that holds a card above or below it)."""
    src, dst = move
    if src < 0 or dst < 0 or len(pos[0][src]) < 2:
        return False
    card = pos[0][src][-1]
    heights = pos[3]
    suit, rank = divmod(card, 16)
    return _both_home(game, heights, suit, rank - 1) and _both_home(game, heights, suit, rank + 1)


def ordered(game: ReinforcementsGame, pos: ReinforcementsPos) -> list[Move]:
    """`moves` in the order the search tries them (see the module); a `safe` move alone."""
    offered = moves(game, pos)
    for m in offered:
        if safe(game, pos, m):
            return [m]
    home: list[Move] = []
    talon_home: list[Move] = []
    pack: list[Move] = []
    rest: list[Move] = []
    for m in offered:
        src, dst = m
        if src == TALON:
            talon_home.append(m)
        elif src >= 0 and dst >= 0:
            home.append(m)
        elif src >= 0:
            pack.append(m)
        else:
            rest.append(m)
    if len(pack) > 1:
        pack.sort(key=lambda m: _shows(game, pos, m[0]))
    return [*home, *talon_home, *pack, *rest]


def _shows(game: ReinforcementsGame, pos: ReinforcementsPos, src: int) -> int:
    """How many cards its suit's foundations need before the card under packet ``src``'s top
    can go home (0: at once; a lone card: 13, the refill is the talon's own)."""
    cards = pos[0][src]
    if len(cards) < 2:
        return 13
    heights = pos[3]
    suit, rank = divmod(cards[-2], 16)
    return min(max(0, rank - 1 - heights[game.up[suit]]),
               max(0, 13 - rank - heights[game.down[suit]]))


def _blocking(game: ReinforcementsGame, cards: bytes) -> tuple[int, int]:
    """``(blocking, low)``: how many of ``cards`` lie above a card wanted sooner (`_place`),
    and the soonest place among them; memoised by prefix (packets shrink, the talon grows)."""
    memo = game.memo
    found = memo.get(cards)
    if found is None:
        if not cards:
            found = (0, 99)
        else:
            below, low = _blocking(game, cards[:-1])
            v = game.place[cards[-1]]
            found = (below + 1, low) if v > low else (below, v)
        if len(memo) > 400_000:
            memo.clear()
        memo[cards] = found
    return found


def score(game: ReinforcementsGame, pos: ReinforcementsPos) -> int:
    """The best-first search's measure (higher first): cards home, few cards lying above one
    wanted sooner (each must move first), the stock a little."""
    packets, talon, stock, heights, _ = pos
    blocking = _blocking(game, talon)[0]
    for cards in packets:
        blocking += _blocking(game, cards)[0]
    return 30 * sum(heights) - 9 * blocking - len(stock)


def search(game: ReinforcementsGame, start: ReinforcementsPos, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """A depth-first search over the `ordered` moves on a quarter of ``budget`` (the deals won
    by a line near the greedy one, most of the wins), then a best-first search on `score` with
    the rest; each keeps every position once by its `key`, so either one's "unwinnable" is
    exhaustive. "undecided" past ``budget`` positions generated in all, or when ``stop()`` says
    so."""
    return then_best_first(start, budget, stop, ordered=partial(ordered, game),
                           play=partial(play, game), key=partial(key, game),
                           won=partial(won, game), action=partial(action, game),
                           score=partial(score, game), max_cost=0)

