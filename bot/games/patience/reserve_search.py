"""The solver's fast path for The Reserve (``the_reserve``, no hook): the four twos preplaced
as foundations built up in suit to the king then the ace; four auxiliary piles packed down in
suit, a space filled from the talon's top (from the stock when there is no talon) at the
player's choice; a squared reserve of thirteen whose top may go home or be packed on a pile
(nothing on it); the stock turned a card at a time onto one talon; redeals turn it over.

A position is the four piles as ``bytes`` (one byte a card, ``suit * 13 + rank - 1``), the
reserve, the talon, the stock, each suit's foundation height and the redeals made; the stock's
order is the deal's (perfect knowledge). What makes it sound and quick:

- `moves` offers exactly the engine's actions, in its order (the tests compare them, and the
  positions they reach, along random play-outs);
- a pile only ever holds a run down in one suit (a card enters by packing or into a space),
  and one pack holds each card once: a card's one place to be packed is on the next higher
  card of its suit, and that card lies only beneath it or at a top of its own;
- so these moves are `safe` (made at once, the only move tried; checked against a
  brute-force search through the engine): every card home (nothing can be packed on it that
  is not home already); a lone card packed on a pile (it keeps its place on top, the space
  is a free choice); the reserve's or talon's top packed on a card that cannot move (a king,
  or a card lying on its own higher card): what it covers waits on it anyway;
- `dead`: a reserve card that can leave only for home (an ace, a king, a card whose higher
  card lies beneath it in the reserve) above a card of its suit that must go home before it;
- the key sorts the four piles (alike in every policy) and counts the reserve (a stack);
- move ordering: the reserve's top packed, the talon's packed, the talon into a space, the
  turn, a blind fill from the stock, the redeal; the depth-first searches are limited in
  discrepancies from that order (as chameleon_search.py: positions proved lost are kept, and
  one unlimited search last is the only one that proves a deal lost).

Won deals are rare: nineteen of twenty are `dead` as dealt, and of the rest about half are
won (bench/patience_solver.py has the figures).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from bot.games.patience.chameleon_search import SUITS, code
from bot.games.patience.discrepancy import UNLIMITED, deepening, remembering
from bot.games.patience.engine import RANKS, Pack, Rules
from bot.games.patience.plain import PlainAnswer

GAME_ID = "the_reserve"

ResPos = tuple[tuple[bytes, ...], bytes, bytes, bytes, bytes, int]
"""``(piles, reserve, talon, stock, heights, redeals)``: the four piles, the reserve, the talon
(each bottom -> top), the stock (its next card last), each suit's foundation height (its
cards, the two included), the redeals made."""

Move = tuple[int, int]
"""``(source, target)``: a pile ``0..3``, `RESERVE`, `TALON` or `STOCK`; a pile, `HOME`,
`TALON` (the turn: `TURN`) or `STOCK` (the redeal: `REDEAL`)."""

RESERVE = 4
TALON = -1
STOCK = -2
HOME = -3
TURN: Move = (STOCK, TALON)
REDEAL: Move = (TALON, STOCK)
MAX_COST = 2
"""The most discrepancies one move costs."""
LIMITED = 3
"""The searches limited in discrepancies before one that is not."""
SEP = b"\xff"
PLACE = bytes((c % 13 - 1) % 13 + 1 for c in range(52))
"""Card -> its suit's foundation height when it goes home (two 1, three 2 ... ace 13)."""


@dataclass(repr=False)
class ResGame:
    """What the search knows about one deal."""

    pile_ids: list[str]
    found_ids: list[str]  # by suit (`SUITS`)
    redeals: int  # the redeals the rules allow


def reserve_game(rules: Rules, piles: dict[str, list[str]], redeals: int,
                 flags: dict[str, int]) -> ResGame | None:
    """The search's view of the deal, or None where the rules or position are not The
    Reserve's shape: four piles packed down in suit filled from the talon or stock, one
    reserve nothing packs on, one talon, a suit's foundation each from its two (on it) round
    to the ace, a redeal that turns the talon over, no hidden cards, no flags."""
    if rules.id != GAME_ID or rules.hook or flags or redeals > rules.redeals:
        return None
    if (rules.stock != "talon" or rules.redeal != "talon" or rules.cards or rules.packs != 1
            or rules.merci or rules.tuck or rules.run_moves or rules.buried_kings):
        return None
    tableau: list[str] = []
    kinds: list[str] = []
    for p in rules.piles:
        plain = (not p.auto and not p.must and not p.kings and not p.gives and not p.keep
                 and not p.king_down and not p.hidden_top and not p.must_pack and not p.takes
                 and not p.holds and not p.peek and not p.pack_after_empty)
        if not plain:
            return None
        if p.kind == "tableau" and p.pack == Pack("down", "same") and p.refill == ("w", "s"):
            tableau.append(p.id)
        elif p.kind in ("reserve", "talon") and p.pack is None and not p.refill:
            kinds.append(p.kind)
        else:
            return None
    if len(tableau) != 4 or kinds != ["reserve", "talon"] or len(rules.founds) != 4:
        return None
    if [p.id for p in rules.piles] != [*tableau, "r", "w"]:
        return None
    if [f.suit for f in rules.founds] != list(SUITS) or any(
            f.base != "2" or f.build != "suit" or f.step != 1 or f.length != 13 or f.order
            for f in rules.founds):
        return None
    if set(piles) - {"s", "w", "r", *tableau, *(f.id for f in rules.founds)}:
        return None
    if any(c.startswith("~") for cards in piles.values() for c in cards):
        return None
    for f in rules.founds:  # each foundation its suit's run from the two, the two on it
        cards = piles.get(f.id, [])
        if not cards or any(c != f.suit + RANKS[(1 + h) % 13] for h, c in enumerate(cards)):
            return None
    return ResGame(tableau, [f.id for f in rules.founds], rules.redeals)


def position(game: ResGame, piles: dict[str, list[str]], redeals: int) -> ResPos:
    cells = tuple(bytes(code(c) for c in piles.get(i, [])) for i in game.pile_ids)
    heights = bytes(len(piles[f]) for f in game.found_ids)
    return (cells, bytes(code(c) for c in piles.get("r", [])),
            bytes(code(c) for c in piles.get("w", [])),
            bytes(code(c) for c in piles.get("s", [])), heights, redeals)


def won(pos: ResPos) -> bool:
    return sum(pos[4]) == 52


def key(pos: ResPos) -> bytes:
    """The transposition key: the heights, the redeals, the reserve's count, the piles
    sorted, the talon and the stock."""
    cells, reserve, talon, stock, heights, redeals = pos
    return (heights + bytes((redeals, len(reserve), len(talon))) + SEP.join(sorted(cells))
            + SEP + talon + SEP + stock)


def _takes(top: int, card: int) -> bool:
    """Does a pile whose top is ``top`` take ``card`` (down in suit)?"""
    return top == card + 1 and card % 13 != 12


def moves(game: ResGame, pos: ResPos) -> list[Move]:
    """The engine's actions in ``pos``, in its order: by source (a blind fill from the stock
    first, then the piles, the reserve, the talon), each card home, packed on a pile's top,
    into a space (the talon's only); then the turn, the redeal."""
    cells, reserve, talon, stock, heights, redeals = pos
    spaces = [j for j, cards in enumerate(cells) if not cards]
    tops = [cards[-1] if cards else -9 for cards in cells]
    out: list[Move] = []
    if spaces and stock and not talon:
        out += [(STOCK, j) for j in spaces]
    for i, cards in (*enumerate(cells), (RESERVE, reserve), (TALON, talon)):
        if not cards:
            continue
        card = cards[-1]
        if heights[card // 13] + 1 == PLACE[card]:
            out.append((i, HOME))
        out += [(i, j) for j in range(4) if j != i and _takes(tops[j], card)]
        if i == TALON:
            out += [(TALON, j) for j in spaces]
    if stock:
        out.append(TURN)
    elif talon and redeals < game.redeals:
        out.append(REDEAL)
    return out


def play(game: ResGame, pos: ResPos, move: Move) -> ResPos:
    cells, reserve, talon, stock, heights, redeals = pos
    if move == TURN:
        return cells, reserve, talon + stock[-1:], stock[:-1], heights, redeals
    if move == REDEAL:
        return cells, reserve, b"", talon[::-1], heights, redeals + 1
    src, dst = move
    piles = list(cells)
    if src == STOCK:
        card, stock = stock[-1], stock[:-1]
    elif src == TALON:
        card, talon = talon[-1], talon[:-1]
    elif src == RESERVE:
        card, reserve = reserve[-1], reserve[:-1]
    else:
        card = piles[src][-1]
        piles[src] = piles[src][:-1]
    if dst == HOME:
        h = bytearray(heights)
        h[card // 13] += 1
        heights = bytes(h)
    else:
        piles[dst] += bytes((card,))
    return tuple(piles), reserve, talon, stock, heights, redeals


def action(game: ResGame, pos: ResPos, move: Move) -> str:
    """The engine's action string for ``move`` in ``pos``."""
    if move == TURN:
        return "turn"
    if move == REDEAL:
        return "redeal"
    src, dst = move
    source = {STOCK: "s", TALON: "w", RESERVE: "r"}.get(src) or game.pile_ids[src]
    if dst == HOME:
        cells, reserve, talon, _, _, _ = pos
        card = talon[-1] if src == TALON else reserve[-1] if src == RESERVE else cells[src][-1]
        return f"move:{source}>{game.found_ids[card // 13]}"
    return f"move:{source}>{game.pile_ids[dst]}"


def safe(game: ResGame, pos: ResPos) -> Move | None:
    """A move that cannot spoil the deal (see the module): a card home; a lone card packed on
    a pile; the reserve's or talon's top packed on a king or on a card lying on its own
    higher card. None if there is none."""
    cells, reserve, talon, _, heights, _ = pos
    for i, cards in (*enumerate(cells), (RESERVE, reserve), (TALON, talon)):
        if cards and heights[cards[-1] // 13] + 1 == PLACE[cards[-1]]:
            return i, HOME
    for i, cards in enumerate(cells):
        if len(cards) == 1:
            for j in range(4):
                if j != i and cells[j] and _takes(cells[j][-1], cards[0]):
                    return i, j
    for i, cards in ((RESERVE, reserve), (TALON, talon)):
        if cards:
            for j in range(4):
                pile = cells[j]
                if pile and _takes(pile[-1], cards[-1]) and (len(pile) > 1
                                                             or pile[-1] % 13 == 12):
                    return i, j
    return None


def dead(pos: ResPos) -> bool:
    """Lost for sure: a reserve card that can leave only for home (an ace, a king, a card
    whose higher card lies beneath it) lies above a card of its suit wanted home before it."""
    reserve = pos[1]
    below = [False] * 52
    lowest = [14] * 4  # per suit, the lowest `PLACE` beneath the card looked at
    for card in reserve:
        s, r = card // 13, card % 13
        if lowest[s] < PLACE[card] and (r in (0, 12) or below[card + 1]):
            return True
        below[card] = True
        lowest[s] = min(lowest[s], PLACE[card])
    return False


def ordered(game: ResGame, pos: ResPos) -> list[Move]:
    """`moves` in the order the search tries them (see the module); a `safe` move alone.
    (`safe` and `moves` in one pass over the tops: the search's hot spot.)"""
    cells, reserve, talon, stock, heights, redeals = pos
    want: dict[int, int] = {}  # card -> the pile whose top takes it
    for j, cards in enumerate(cells):
        if cards:
            top = cards[-1]
            if top % 13:
                want[top - 1] = j
            if heights[top // 13] + 1 == PLACE[top]:
                return [(j, HOME)]
    for i, cards in ((RESERVE, reserve), (TALON, talon)):
        if cards and heights[cards[-1] // 13] + 1 == PLACE[cards[-1]]:
            return [(i, HOME)]
    for i, cards in enumerate(cells):
        if len(cards) == 1 and cards[0] in want:
            return [(i, want[cards[0]])]
    packs: list[Move] = []
    for i, cards in ((RESERVE, reserve), (TALON, talon)):
        if cards and cards[-1] in want:
            j = want[cards[-1]]
            pile = cells[j]
            if len(pile) > 1 or pile[-1] % 13 == 12:
                return [(i, j)]
            packs.append((i, j))
    out = packs  # the reserve's first, then the talon's
    if talon:
        out += [(TALON, j) for j, cards in enumerate(cells) if not cards]
    if stock:
        out.append(TURN)
        if not talon:
            out += [(STOCK, j) for j, cards in enumerate(cells) if not cards]
    elif talon and redeals < game.redeals:
        out.append(REDEAL)
    return out


def forced(game: ResGame, pos: ResPos) -> tuple[ResPos, list[str]]:
    """``pos`` after every move it forces: while `ordered` offers one move only and it is
    `safe`, the turn or the redeal, that move; and the actions made."""
    made: list[str] = []
    while not won(pos):
        todo = ordered(game, pos)
        if len(todo) != 1:
            break
        move = todo[0]
        if move == TURN and all(pos[0]):
            pos = _turns(pos, made)
            continue
        made.append(action(game, pos, move))
        pos = play(game, pos, move)
    return pos, made


def _turns(pos: ResPos, made: list[str]) -> ResPos:
    """``pos`` after the turns it forces at once: with no space, a turn changes only the
    talon's top, so the stock is turned up to the first card that goes home or packs."""
    cells, reserve, talon, stock, heights, redeals = pos
    want = {cards[-1] - 1 for cards in cells if cards[-1] % 13}
    k = 1
    while k < len(stock):
        card = stock[-k]
        if card in want or heights[card // 13] + 1 == PLACE[card]:
            break
        k += 1
    made += ["turn"] * k
    return cells, reserve, talon + stock[-k:][::-1], stock[:-k], heights, redeals


def search(game: ResGame, start: ResPos, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """Depth-first searches over `ordered` moves, each allowed one more discrepancy than the
    last, every position kept once by its `key`; the positions a search proved lost are never
    searched again. "unwinnable" once the start is proved lost, or `dead`, or after a search
    that refused no move. "undecided" past ``budget`` positions, or when ``stop()`` (asked
    every 1024) says so."""
    begin, lead = forced(game, start)
    if won(begin):
        return PlainAnswer("winnable", tuple(lead), 0, 1)
    if dead(begin):
        return PlainAnswer("unwinnable", (), 0, 1)
    lost: set[bytes] = set()
    answer = deepening(
        lambda limit, left, before: _limited(
            game, begin, limit if limit < LIMITED else UNLIMITED, left, stop, before, lost),
        budget, lambda: key(begin) in lost)
    if answer.status != "winnable":
        return answer
    return PlainAnswer("winnable", (*lead, *answer.line), answer.nodes, answer.positions)


def _limited(game: ResGame, start: ResPos, limit: int, budget: int,
             stop: Callable[[], bool] | None, before: int, lost: set[bytes],
             kept: dict[bytes, ResPos] | None = None) -> tuple[PlainAnswer, bool]:
    """One depth-first search allowed ``limit`` discrepancies (`discrepancy.remembering`: the
    positions proved lost kept in ``lost`` across the searches, a position `dead` proved lost
    at once)."""
    return remembering(start, limit, budget, stop, before, lost,
                       ordered=partial(ordered, game), step=partial(_step, game), key=key,
                       won=won, max_cost=MAX_COST, dead=dead, kept=kept)


def _step(game: ResGame, pos: ResPos, move: Move) -> tuple[ResPos, list[str]]:
    """``move`` and the moves it forces, with their actions."""
    child, made = forced(game, play(game, pos, move))
    return child, [action(game, pos, move), *made]
