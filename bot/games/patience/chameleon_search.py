"""The solver's fast path for The Chameleon (``hook="chameleon"``): a squared packet of thirteen
(the reserve), three piles packed down regardless of suit, four foundations whose base the
first card fixes, built up in suit round from king to ace; a pile emptied is filled at once
from the packet, and once the packet is gone from the talon (or the stock, the talon empty)
at the player's choice, the packet's place then a fourth pile; the stock turned a card at a
time onto one talon; redeals (none by default) turn the talon over.

A position is the four piles (the packet first) as ``bytes`` (one byte a card, ``suit * 13 +
rank - 1``), whether the packet's place was opened (refilled, so packed on), the talon, the
stock, each suit's foundation height and pile, and the redeals made; the stock's order is the
deal's (perfect knowledge). What makes it sound and quick:

- `moves` offers exactly the engine's actions, in its order (the tests compare them, and the
  positions they reach, along random play-outs), the refill from the packet included;
- the key leaves out which foundation pile holds which suit (the four are alike), and sorts
  the three piles (alike in every policy), all four once the packet is gone (an emptied
  packet's place is then a pile like the others);
- one safe move, then the only move tried (checked against a brute-force search through the
  engine): a card home from the talon, or from a pile it does not empty, when every card that
  could be packed on it (the four of the rank below; an ace takes none) is home already;
- move ordering: cards home (the packet's first), the packet's top packed, a pile emptied
  (the packet refills it), the talon's card packed or filling a space, the turn, the other
  packings, the redeal; the depth-first searches are limited in discrepancies from that order,
  one more each time (discrepancy.py), and after `LIMITED` of them one search unlimited (the
  only kind that proves a deal lost); a position all of whose moves led to positions proved
  lost is proved lost, and no later search enters it again (as in seasons_search.py);
- a position with one move only that is the turn, the redeal or a card home is no choice: the
  search makes such moves, and the `safe` ones, at once (`forced`), one position for them all.

With no redeal (the book's rule) few deals are won: of seeds 1-55 none within 30k-150k
positions (seeds 2, 18 and 20 proved lost); with one redeal (option `redeals=1`) 12 of seeds
1-40 within 40k. Move ordering and the discrepancy cost barely change that.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from bot.games.patience.discrepancy import UNLIMITED, deepening, remembering
from bot.games.patience.engine import RANKS, Pack, Rules
from bot.games.patience.plain import PlainAnswer

SUITS = "CSHD"

ChamPos = tuple[tuple[bytes, ...], bool, bytes, bytes, bytes, bytes, int]
"""``(piles, opened, talon, stock, heights, fids, redeals)``: the packet then the three piles,
bottom -> top; whether the packet's place was refilled; the talon bottom -> top; the stock,
its next card last; each suit's foundation height; each suit's foundation pile (1-based, 0
none yet); the redeals made."""

Move = tuple[int, int]
"""``(source, target)``: a pile ``0..3`` (0 the packet), `TALON` or `STOCK`; a pile, `HOME`,
`TALON` (the turn: `TURN`) or `STOCK` (the redeal: `REDEAL`)."""

TALON = -1
STOCK = -2
HOME = -3
TURN: Move = (STOCK, TALON)
REDEAL: Move = (TALON, STOCK)
MAX_COST = 2
"""The most discrepancies one move costs (the third move of a position and those after it
cost as much as the second)."""
LIMITED = 4
"""The searches limited in discrepancies before one that is not: the shuffles of a card from
pile to pile make a deal's positions many and the limited searches' repeats costly, and a lost
deal is proved lost only by a search that refused nothing."""
SEP = b"\xff"


@dataclass(repr=False)
class ChamGame:
    """What the search knows about one deal."""

    pile_ids: list[str]  # the packet, then the three piles
    found_ids: list[str]
    talon_id: str
    place: bytes  # card -> the height its suit's foundation takes it at
    redeals: int  # the redeals the rules allow


def code(card: str) -> int:
    return SUITS.index(card[0]) * 13 + RANKS.index(card[1])


def name(c: int) -> str:
    return SUITS[c // 13] + RANKS[c % 13]


def chameleon_game(rules: Rules, piles: dict[str, list[str]], base: str,
                   flags: dict[str, int]) -> ChamGame | None:
    """The search's view of the deal, or None where the rules are not The Chameleon's shape:
    its hook, the packet and three piles packed down regardless of suit, the packet refilling
    the piles, spaces filled from the talon or stock, foundations alike built up in suit round
    from the fixed base, a redeal that turns the talon over, no hidden cards."""
    from bot.games.patience.special import HOOKS
    from bot.games.patience.special.deals import Chameleon

    if rules.hook != "chameleon" or type(HOOKS[rules.hook]) is not Chameleon or not base:
        return None
    if (rules.stock != "talon" or rules.redeal != "talon" or rules.cards or rules.packs != 1
            or rules.merci or rules.tuck or rules.run_moves or rules.buried_kings):
        return None
    if set(flags) - {"opened:r"}:
        return None
    down = Pack("down", "any")
    reserve: list[str] = []
    tableau: list[str] = []
    talon: list[str] = []
    for p in rules.piles:
        if p.kind == "talon" and p.pack is None and not p.refill and not p.auto:
            talon.append(p.id)
            continue
        common_ok = (p.pack == down and p.refill == ("w", "s") and not p.must and not p.kings
                     and not p.gives and not p.keep and not p.king_down and not p.hidden_top
                     and not p.must_pack and not p.takes and not p.holds and not p.peek)
        if not common_ok:
            return None
        if p.kind == "reserve" and p.pack_after_empty and not p.auto and not reserve:
            reserve.append(p.id)
        elif p.kind == "tableau" and not p.pack_after_empty and p.auto == ("r",) and reserve:
            tableau.append(p.id)
        else:
            return None
    if len(talon) != 1 or talon[0] != "w" or len(tableau) != 3 or len(rules.founds) != 4:
        return None
    if any(f.base or f.suit or f.build != "suit" or f.step != 1 or f.length != 13 or f.order
           or f.preplace for f in rules.founds):
        return None
    ids = [*reserve, *tableau]
    known = {"s", "w", *ids, *(f.id for f in rules.founds)}
    if set(piles) - known or any(c.startswith("~") for cards in piles.values() for c in cards):
        return None
    if flags and piles.get(reserve[0]) is None:
        return None
    first = RANKS.index(base)
    started = True
    for f in rules.founds:  # the foundations must be what we count, started in their order
        cards = piles.get(f.id, [])
        if any(c[0] != cards[0][0] or RANKS.index(c[1]) != (first + h) % 13
               for h, c in enumerate(cards)) or (cards and not started):
            return None
        started = bool(cards)
    place = bytes((c % 13 - first) % 13 for c in range(52))
    return ChamGame(ids, [f.id for f in rules.founds], "w", place, rules.redeals)


def position(game: ChamGame, piles: dict[str, list[str]], redeals: int,
             flags: dict[str, int]) -> ChamPos:
    heights = bytearray(4)
    fids = bytearray(4)
    for j, fid in enumerate(game.found_ids):
        cards = piles.get(fid, [])
        if cards:
            s = SUITS.index(cards[0][0])
            heights[s] = len(cards)
            fids[s] = j + 1
    cells = tuple(bytes(code(c) for c in piles.get(i, [])) for i in game.pile_ids)
    talon = bytes(code(c) for c in piles.get(game.talon_id, []))
    stock = bytes(code(c) for c in piles.get("s", []))
    opened = bool(flags.get(f"opened:{game.pile_ids[0]}"))
    return cells, opened, talon, stock, bytes(heights), bytes(fids), redeals


def won(pos: ChamPos) -> bool:
    return sum(pos[4]) == 52


def key(pos: ChamPos) -> bytes:
    """The transposition key: the heights by suit, the redeals, the piles (the three sorted,
    all four once the packet is gone or opened), the talon and the stock."""
    cells, opened, talon, stock, heights, _, redeals = pos
    packet = bool(cells[0]) and not opened
    piles = (cells[0], *sorted(cells[1:])) if packet else sorted(cells)
    return (heights + bytes((redeals, packet, len(talon))) + SEP.join(piles) + SEP + talon
            + SEP + stock)


def _home(pos: ChamPos, card: int, place: bytes) -> bool:
    return pos[4][card // 13] == place[card]


def moves(game: ChamGame, pos: ChamPos) -> list[Move]:
    """The engine's actions in ``pos``, in its order: by source (a blind refill from the
    stock first, then the packet, the piles, the talon), each card home, packed on a pile's
    top (the packet's only once opened), into a space; then the turn, the redeal."""
    cells, opened, talon, stock, heights, _, redeals = pos
    place = game.place
    spaces = [j for j, cards in enumerate(cells) if not cards]
    tops: dict[int, list[int]] = {}  # a rank (0-based) wanted -> the piles whose top takes it
    for j, cards in enumerate(cells):
        if cards and (j or opened):
            r = cards[-1] % 13
            if r:
                tops.setdefault(r - 1, []).append(j)
    out: list[Move] = []
    if spaces and stock and not talon:
        out += [(STOCK, j) for j in spaces]
    for i, cards in enumerate(cells):
        if not cards:
            continue
        card = cards[-1]
        if heights[card // 13] == place[card]:
            out.append((i, HOME))
        out += [(i, j) for j in tops.get(card % 13, ()) if j != i]
    if talon:
        card = talon[-1]
        if heights[card // 13] == place[card]:
            out.append((TALON, HOME))
        out += [(TALON, j) for j in tops.get(card % 13, ())]
        out += [(TALON, j) for j in spaces]
    if stock:
        out.append(TURN)
    elif talon and redeals < game.redeals:
        out.append(REDEAL)
    return out


def play(game: ChamGame, pos: ChamPos, move: Move) -> ChamPos:
    """``move`` made, then the packet's refill of a pile it emptied."""
    cells, opened, talon, stock, heights, fids, redeals = pos
    src, dst = move
    if move == TURN:
        return cells, opened, talon + stock[-1:], stock[:-1], heights, fids, redeals
    if move == REDEAL:
        return cells, opened, b"", talon[::-1], heights, fids, redeals + 1
    piles = list(cells)
    if src == STOCK:
        card, stock = stock[-1], stock[:-1]
    elif src == TALON:
        card, talon = talon[-1], talon[:-1]
    else:
        card = piles[src][-1]
        piles[src] = piles[src][:-1]
    if dst == HOME:
        s = card // 13
        h = bytearray(heights)
        h[s] += 1
        heights = bytes(h)
        if not fids[s]:
            f = bytearray(fids)
            f[s] = max(fids) + 1
            fids = bytes(f)
    else:
        piles[dst] += bytes((card,))
        if dst == 0:
            opened = True
    if src > 0 and not piles[src] and piles[0] and not opened:
        piles[src] = piles[0][-1:]  # the packet refills the pile it emptied
        piles[0] = piles[0][:-1]
    return tuple(piles), opened, talon, stock, heights, fids, redeals


def action(game: ChamGame, pos: ChamPos, move: Move) -> str:
    """The engine's action string for ``move`` in ``pos``."""
    if move == TURN:
        return "turn"
    if move == REDEAL:
        return "redeal"
    src, dst = move
    source = "s" if src == STOCK else game.talon_id if src == TALON else game.pile_ids[src]
    if dst == HOME:
        cells, _, talon, stock, _, fids, _ = pos
        card = (stock[-1] if src == STOCK else talon[-1] if src == TALON else cells[src][-1])
        f = fids[card // 13] or max(fids) + 1
        return f"move:{source}>{game.found_ids[f - 1]}"
    return f"move:{source}>{game.pile_ids[dst]}"


def safe(game: ChamGame, pos: ChamPos) -> Move | None:
    """A card home that cannot be wanted elsewhere (see the module): from the talon, or from
    a pile of two cards or more, every card of the rank below it home already; or None."""
    cells, _, talon, _, heights, _, _ = pos
    place = game.place
    for i, cards in [*enumerate(cells), (TALON, talon)]:
        if not cards or (i >= 0 and len(cards) < 2):
            continue
        card = cards[-1]
        if heights[card // 13] != place[card]:
            continue
        r = card % 13
        if not r or all(heights[s] > place[s * 13 + r - 1] for s in range(4)):
            return i, HOME
    return None


def ordered(game: ChamGame, pos: ChamPos) -> list[Move]:
    """`moves` in the order the search tries them (see the module); a `safe` move alone."""
    one = safe(game, pos)
    if one is not None:
        return [one]
    cells = pos[0]
    packet = bool(cells[0]) and not pos[1]

    def rank(move: Move) -> int:
        src, dst = move
        if dst == HOME:
            return 0 if src == 0 else 1
        if src == 0:
            return 2
        if src > 0:
            if len(cells[src]) == 1:
                return 3 if packet else 8
            return 7
        if src == TALON:
            return 4 if cells[dst] else 5
        if src == STOCK:
            return 5
        return 6 if move == TURN else 9

    return sorted(moves(game, pos), key=rank)


def forced(game: ChamGame, pos: ChamPos) -> tuple[ChamPos, list[str]]:
    """``pos`` after every move it forces: while `ordered` offers one move only and it is the
    turn, the redeal or a card home (a `safe` one, or the only move), that move; and the
    actions made. (A lone card shifted between two piles could shift back for ever.)"""
    made: list[str] = []
    while not won(pos):
        todo = ordered(game, pos)
        if len(todo) != 1 or todo[0][1] not in (HOME, TALON, STOCK):
            break
        made.append(action(game, pos, todo[0]))
        pos = play(game, pos, todo[0])
    return pos, made


def search(game: ChamGame, start: ChamPos, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """Depth-first searches over `ordered` moves, each allowed one more discrepancy than the
    last, every position kept once by its `key`; the positions a search proved lost are never
    searched again by the later ones. "unwinnable" once the start is proved lost or after a
    search that refused no move (it searched every reachable position). "undecided" past
    ``budget`` positions generated in all, or when ``stop()`` (asked every 1024) says so."""
    begin, lead = forced(game, start)
    if won(begin):
        return PlainAnswer("winnable", tuple(lead), 0, 1)
    lost: set[bytes] = set()
    answer = deepening(
        lambda limit, left, before: _limited(
            game, begin, limit if limit < LIMITED else UNLIMITED, left, stop, before, lost),
        budget, lambda: key(begin) in lost)
    if answer.status != "winnable":
        return answer
    return PlainAnswer("winnable", (*lead, *answer.line), answer.nodes, answer.positions)


def _limited(game: ChamGame, start: ChamPos, limit: int, budget: int,
             stop: Callable[[], bool] | None, before: int, lost: set[bytes],
             kept: dict[bytes, ChamPos] | None = None) -> tuple[PlainAnswer, bool]:
    """One depth-first search allowed ``limit`` discrepancies (`discrepancy.remembering`: the
    positions proved lost kept in ``lost`` across the searches)."""
    return remembering(start, limit, budget, stop, before, lost,
                       ordered=partial(ordered, game), step=partial(_step, game), key=key,
                       won=won, max_cost=MAX_COST, kept=kept)


def _step(game: ChamGame, pos: ChamPos, move: Move) -> tuple[ChamPos, list[str]]:
    """``move`` and the moves it forces, with their actions."""
    child, made = forced(game, play(game, pos, move))
    return child, [action(game, pos, move), *made]
