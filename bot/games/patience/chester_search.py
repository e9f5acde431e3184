"""The solver's fast path for The Chester Game (`special.pairing.Elevens` with ``chester``):
twelve packets in three rows of four; two tops that total eleven (ace one, ten ten) are each
covered with the stock's next card, the packet the player names first taking the first; a court
card on top stops its packet; won when the stock is out and the knaves top the first row, the
queens the middle row and the kings the last. With ``courts=always`` a court coming up is
turned under the stock (the engine's rotation, made once here: which cards come in which order
does not depend on the player's choices).

The stock's order is known (perfect knowledge) and suits never matter, so a position is the
twelve tops' values (11, 12, 13 for the courts) and how many stock cards were drawn: 13
``bytes``. What makes it sound and quick:

- `moves` offers exactly the engine's covers, in its order (the tests compare them);
- the key sorts each row's four values: the packets of a row are alike (any two packets pair,
  and the win asks only which court tops each row), and a suit decides nothing;
- a cover that leaves a court on a packet of another row is not searched on (`misplaced`): a
  court stops its packet for good, so the win can no longer come; of two covers that leave the
  same key only the first is tried;
- a position lost even as The Elevens with the rows forgotten is not searched on (`dead`,
  `elevens_won`): there a cover only chooses which class of complements it takes, so that
  search is small (its answers kept on the game, not counted in the budget) and it proves
  most lost deals lost at once, where the search over the rows would go through tens of
  thousands of positions;
- move ordering: the cover after which the next cover has the most choices first (counting
  only those that place no court wrong);
- the depth-first searches are limited in discrepancies from that order, one more each time
  (`discrepancy.ordered_search`); the one that refused no move searched every reachable
  position: then "unwinnable".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from bot.games.patience.discrepancy import ordered_search
from bot.games.patience.engine import Rules, face, value
from bot.games.patience.plain import PlainAnswer

PACKETS = 12
ROW = 4
DRAWN = PACKETS  # the byte of a position that says how many stock cards were drawn
COURT = 11  # values from the knave up are courts: they stop a packet
MAX_COST = 2
"""The most discrepancies one move costs (the third move of a position and those after it cost
as much as the second)."""

Move = tuple[int, int]
"""``(first, second)``: the packets (0-based) covered, the first with the stock's next card."""

PAIRS: tuple[tuple[int, int], ...] = tuple(
    (i, j) for i in range(PACKETS) for j in range(i + 1, PACKETS))
"""The packets two by two, in the engine's order (by first packet, then second)."""

WANTED = bytes(COURT + i // ROW for i in range(PACKETS))
"""The court each packet must end under: knaves (11) in the first row, queens, kings."""


@dataclass(repr=False)
class ChesterGame:
    ids: list[str]  # the twelve packets, layout order
    deal: bytes  # the stock's values in the order they are drawn
    relaxed: dict[bytes, bool] = field(default_factory=dict)  # `elevens_won`'s answers


def chester_game(rules: Rules, piles: dict[str, list[str]],
                 flags: dict[str, int]) -> ChesterGame | None:
    """The search's view of a Chester position, or None where it is not the book's: twelve
    tableau packets, none empty, and a stock."""
    if rules.hook != "chester":
        return None
    ids = [p.id for p in rules.piles if p.kind == "tableau"]
    if len(ids) != PACKETS or any(not piles.get(i) for i in ids):
        return None
    if set(piles) - {*ids, "s"} or set(flags) - {"courts_always"}:
        return None
    stock = [face(c) for c in piles.get("s", ())]
    order = []
    while stock:  # the engine's draws, its rotation of courts under the stock included
        if flags.get("courts_always"):
            for _ in range(len(stock)):
                if value(stock[-1]) < COURT:
                    break
                stock.insert(0, stock.pop())
        order.append(value(stock.pop()))
    return ChesterGame(ids, bytes(order))


def position(game: ChesterGame, piles: dict[str, list[str]]) -> bytes:
    """``piles`` (of the deal ``game`` was made from, or a later position of it) as bytes."""
    tops = [value(face(piles[i][-1])) for i in game.ids]
    return bytes([*tops, len(game.deal) - len(piles.get("s", ()))])


def won(game: ChesterGame, pos: bytes) -> bool:
    return pos[DRAWN] == len(game.deal) and pos[:PACKETS] == WANTED


def key(pos: bytes) -> bytes:
    """Each row's values sorted, and the stock drawn (see the module)."""
    return bytes((*sorted(pos[0:4]), *sorted(pos[4:8]), *sorted(pos[8:12]), pos[DRAWN]))


def moves(game: ChesterGame, pos: bytes) -> list[Move]:
    """The engine's covers, in its order: every pair of tops totalling eleven, by first packet
    then second; then each of them with the other packet covered first. None with fewer than
    two cards in the stock."""
    if len(game.deal) - pos[DRAWN] < 2:
        return []
    out = []
    for i in range(PACKETS - 1):
        v = pos[i]
        if v >= COURT:
            continue
        j = pos.find(COURT - v, i + 1, PACKETS)
        while j >= 0:
            out.append((i, j))
            j = pos.find(COURT - v, j + 1, PACKETS)
    return out + [(j, i) for i, j in out]


def play(game: ChesterGame, pos: bytes, move: Move) -> bytes:
    a, b = move
    drawn = pos[DRAWN]
    child = bytearray(pos)
    child[a] = game.deal[drawn]
    child[b] = game.deal[drawn + 1]
    child[DRAWN] = drawn + 2
    return bytes(child)


def action(game: ChesterGame, move: Move) -> str:
    a, b = move
    return f"cover:{game.ids[a]},{game.ids[b]}"


def misplaced(pos: bytes) -> bool:
    """A court tops a packet of another row: lost (a court is never covered, see the module)."""
    return any(v >= COURT and v != w for v, w in zip(pos[:PACKETS], WANTED, strict=True))


def dead(game: ChesterGame, pos: bytes) -> bool:
    """Lost for good: a court misplaced, or the position lost even as The Elevens with the
    rows forgotten (`elevens_won`)."""
    if misplaced(pos):
        return True
    counts = bytearray(COURT)
    for v in pos[:PACKETS]:
        if v < COURT:
            counts[v] += 1
    return not elevens_won(game, pos[DRAWN], bytes(counts))


def elevens_won(game: ChesterGame, drawn: int, counts: bytes) -> bool:
    """Whether the live tops (``counts``: how many of each value 1..10) can all be covered
    away by the stock from ``drawn`` on, any two complements paired, the courts counting as
    gone wherever they land. Every Chester line is such a line (its covers pair complements,
    its courts stop packets), so where this fails the Chester position is lost. A cover only
    chooses which class of complements (ace-ten ... five-six) it takes, so the positions are
    few; the answers are kept on ``game``."""
    deal = game.deal
    if len(deal) - drawn < 2:
        return drawn == len(deal) and not any(counts)
    k = bytes((drawn,)) + counts
    known = game.relaxed.get(k)
    if known is not None:
        return known
    a, b = deal[drawn], deal[drawn + 1]
    out = False
    for low in range(1, 6):
        if counts[low] and counts[COURT - low]:
            after = bytearray(counts)
            after[low] -= 1
            after[COURT - low] -= 1
            if a < COURT:
                after[a] += 1
            if b < COURT:
                after[b] += 1
            if elevens_won(game, drawn + 2, bytes(after)):
                out = True
                break
    game.relaxed[k] = out
    return out


def _fine(game: ChesterGame, pos: bytes, move: Move) -> bool:
    """``move`` places no court on a packet of another row."""
    drawn = pos[DRAWN]
    a, b = move
    va, vb = game.deal[drawn], game.deal[drawn + 1]
    return (va < COURT or va == WANTED[a]) and (vb < COURT or vb == WANTED[b])


def _choices(game: ChesterGame, pos: bytes) -> int:
    """How many covers of ``pos`` place no court wrong (the order's score): the covers whose
    first packet is of the next card's row if it is a court, its second of the card after's."""
    drawn = pos[DRAWN]
    if len(game.deal) - drawn < 2:
        return 0
    va, vb = game.deal[drawn], game.deal[drawn + 1]
    first = pos[(va - COURT) * ROW:(va - COURT + 1) * ROW] if va >= COURT else pos[:PACKETS]
    second = pos[(vb - COURT) * ROW:(vb - COURT + 1) * ROW] if vb >= COURT else pos[:PACKETS]
    return sum(first.count(v) * second.count(COURT - v) for v in range(1, COURT))


def ordered(game: ChesterGame, pos: bytes) -> list[Move]:
    """`moves` that place no court wrong, one for each key they lead to, the cover after which
    the next has the most choices first (the engine's order on ties)."""
    scored = []
    keys = set()
    for n, move in enumerate(moves(game, pos)):
        if not _fine(game, pos, move):
            continue
        child = play(game, pos, move)
        k = key(child)
        if k in keys:
            continue
        keys.add(k)
        scored.append((-_choices(game, child), n, move))
    scored.sort()
    return [move for _, _, move in scored]


def search(game: ChesterGame, start: bytes, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """Depth-first searches over `ordered` moves, each allowed one more discrepancy than the
    last, every position kept once by its `key`. The search that refused no move searched
    every reachable position: then "unwinnable". "undecided" past ``budget`` positions
    generated in all, or when ``stop()`` (asked every 1024) says so."""
    return ordered_search(start, budget, stop, ordered=partial(ordered, game),
                          play=partial(play, game), key=key, won=partial(won, game),
                          action=partial(action, game), max_cost=MAX_COST,
                          dropped=lambda pos, move, child: dead(game, child))
