"""The solver's fast path for The Windmill (``hook="windmill"``): two packs; an ace in the
centre takes four runs ace to king regardless of suit (52 cards); the first four kings go to
the corners and build down to the ace regardless of suit; eight sails of one card each, a sail
emptied filled at once from the talon's top or the stock's; the stock turned a card at a time
onto one talon, no redeal; a corner's top may go onto the centre when a sail's or the talon's
card could then follow it, one card from each corner until that corner is built on again.

Suits play no part, so a card is its rank alone. A position is how many of the stock's cards
are gone (its order is the deal's: perfect knowledge), the talon and the sails as ``bytes``,
the centre's height and each corner's height and whether it has given its card. What makes
it sound and quick:

- `moves` offers exactly the engine's actions (the tests compare them, and the positions they
  reach, along random play-outs): every card home from the sails and the talon, a space's
  fill (which is then the only card move), the turn, the corners' cards onto the centre;
- the key sorts the sails (alike) and the corners (alike: an empty corner's mark is left
  out, as only a corner's top card reads it);
- the search offers a fill only of the first empty sail (the others reach the same key), and
  makes at once the moves of a position that has one move only (`forced`);
- no move is made as safe: a card home from a sail forces the fill, and the centre's order
  makes any card wanted elsewhere later;
- move ordering: cards home from the talon, then from the sails, the corners' cards onto the
  centre, the turn; a space filled from the talon first; the depth-first searches are limited
  in discrepancies from that order, one more each time (discrepancy.py), positions proved lost
  kept across them (as in seasons_search.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.games.patience.discrepancy import deepening
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.plain import PlainAnswer

WindPos = tuple[int, bytes, bytes, int, bytes, bytes]
"""``(gone, talon, sails, centre, corners, took)``: the stock's cards gone (turned or into a
sail); the talon's ranks bottom -> top; each sail's rank (0 empty); the centre's card count;
each corner's card count; whether each corner gave its top to the centre since it was last
built on (1) or not (0)."""

Move = tuple[int, int]
"""``(source, target)``: source a sail ``0..7``, `TALON`, `STOCK` or `CORNER` + i; target a
sail, `CENTRE` or `CORNER` + i (`TURN`: the stock onto the talon)."""

TALON = 100
STOCK = 101
CENTRE = 102
CORNER = 110
TURN: Move = (STOCK, TALON)
MAX_COST = 2
"""The most discrepancies one move costs."""


@dataclass(repr=False)
class WindGame:
    """What the search knows about one deal."""

    sail_ids: list[str]
    talon_id: str
    centre_id: str
    corner_ids: list[str]
    stock: bytes  # the stock's ranks, its next card first (fixed by the seed)
    full: int  # the centre's length (52)
    corner_full: int  # a corner's length (13)

    @property
    def corners(self) -> int:
        return len(self.corner_ids)


def rank(card: str) -> int:
    return RANKS.index(card[1]) + 1


def windmill_game(rules: Rules, piles: dict[str, list[str]], flags: dict[str, int]
                  ) -> WindGame | None:
    """The search's view of the deal, or None where the rules are not The Windmill's shape:
    its hook, a centre of an ace base building up and corners of a king base building down,
    all regardless of suit; one-card sails filled at once from the talon or the stock; one
    talon; no redeal, no hidden cards."""
    from bot.games.patience.special import HOOKS
    from bot.games.patience.special.unique import Windmill

    if type(HOOKS.get(rules.hook)) is not Windmill:
        return None
    if rules.stock != "talon" or rules.redeals or rules.cards or rules.merci or rules.tuck \
            or rules.run_moves or rules.buried_kings:
        return None
    sails: list[str] = []
    talon = ""
    for p in rules.piles:
        if p.kind == "cell" and p.deal == 1 and p.must and p.refill == ("w", "S") \
                and not (p.auto or p.kings or p.gives or p.keep or p.king_down or p.hidden_top
                         or p.pack_after_empty or p.must_pack or p.takes or p.holds):
            sails.append(p.id)
        elif p.kind == "talon" and not talon and p.pack is None and not (
                p.refill or p.auto or p.keep or p.gives or p.must_pack or p.holds):
            talon = p.id
        else:
            return None
    founds = rules.founds
    if not sails or not talon or len(founds) < 2:
        return None
    centre, corners = founds[0], founds[1:]
    if centre.base != "A" or centre.build != "any" or centre.step != 1 or centre.order \
            or centre.suit or centre.length % 13:
        return None
    if any(f.base != "K" or f.build != "any" or f.step != -1 or f.order or f.suit
           or f.length != 13 or f.preplace for f in corners):
        return None
    known = {"s", talon, *sails, *(f.id for f in founds)}
    if set(piles) - known or any(c.startswith("~") for cards in piles.values() for c in cards):
        return None
    if any(len(piles.get(s, ())) > 1 for s in sails):
        return None
    home = piles.get(centre.id, [])
    if not home or [rank(c) for c in home] != [h % 13 + 1 for h in range(len(home))]:
        return None
    for f in corners:
        if [rank(c) for c in piles.get(f.id, [])] != list(range(13, 13 - len(piles[f.id]), -1)):
            return None
    if set(flags) - {f"took:{f.id}" for f in corners}:
        return None
    stock = bytes(rank(c) for c in reversed(piles.get("s", [])))
    return WindGame(sails, talon, centre.id, [f.id for f in corners], stock, centre.length, 13)


def position(game: WindGame, piles: dict[str, list[str]], flags: dict[str, int]) -> WindPos:
    talon = bytes(rank(c) for c in piles.get(game.talon_id, ()))
    sails = bytes(rank(piles[s][-1]) if piles.get(s) else 0 for s in game.sail_ids)
    gone = len(game.stock) - len(piles.get("s", ()))
    corners = bytes(len(piles.get(f, ())) for f in game.corner_ids)
    took = bytes(1 if flags.get(f"took:{f}") else 0 for f in game.corner_ids)
    return gone, talon, sails, len(piles[game.centre_id]), corners, took


def won(game: WindGame, pos: WindPos) -> bool:
    gone, talon, sails, _, _, _ = pos
    return gone == len(game.stock) and not talon and not any(sails)


def key(pos: WindPos) -> bytes:
    """The transposition key: the sails sorted, the corners sorted with their marks (an empty
    corner's dropped)."""
    gone, talon, sails, centre, corners, took = pos
    pairs = sorted((h, t if h else 0) for h, t in zip(corners, took, strict=True))
    return bytes((gone, centre, *sorted(sails), *(x for p in pairs for x in p))) + talon


def _homes(game: WindGame, centre: int, corners: bytes) -> dict[int, list[int]]:
    """A rank -> the foundations that take it now, in the engine's order (of the empty
    corners the first only): one pass for all of a position's cards."""
    out: dict[int, list[int]] = {}
    if centre < game.full:
        out[centre % 13 + 1] = [CENTRE]
    empty = False
    for i, h in enumerate(corners):
        if h == 0:
            if not empty:
                out.setdefault(13, []).append(CORNER + i)
            empty = True
        elif h < game.corner_full:
            out.setdefault(13 - h, []).append(CORNER + i)
    return out


def moves(game: WindGame, pos: WindPos) -> list[Move]:
    """The engine's actions in ``pos``, in its order: while a sail is empty and the talon or
    the stock can fill it, those fills only (the stock's first); else the cards home by
    source (the sails, then the talon) and the turn; then the corners' cards onto the centre."""
    gone, talon, sails, centre, corners, took = pos
    out: list[Move] = []
    spaces = [i for i, c in enumerate(sails) if not c]
    stock_left = gone < len(game.stock)
    if spaces and (stock_left or talon):
        if stock_left:
            out += [(STOCK, j) for j in spaces]
        if talon:
            out += [(TALON, j) for j in spaces]
    else:
        homes = _homes(game, centre, corners)
        for i, card in enumerate(sails):
            if card in homes:
                out += [(i, f) for f in homes[card]]
        if talon and talon[-1] in homes:
            out += [(TALON, f) for f in homes[talon[-1]]]
        if stock_left:
            out.append(TURN)
    if centre < game.full - 1:
        need = centre % 13 + 1
        then = need % 13 + 1
        if then in sails or (talon and talon[-1] == then):
            for i, h in enumerate(corners):
                if h and not took[i] and 14 - h == need:
                    out.append((CORNER + i, CENTRE))
    return out


def play(game: WindGame, pos: WindPos, move: Move) -> WindPos:
    gone, talon, sails, centre, corners, took = pos
    src, dst = move
    if move == TURN:
        return gone + 1, talon + game.stock[gone:gone + 1], sails, centre, corners, took
    if src == STOCK:
        card = game.stock[gone]
        gone += 1
    elif src == TALON:
        card, talon = talon[-1], talon[:-1]
    elif src >= CORNER:
        card = 14 - corners[src - CORNER]
        c = bytearray(corners)
        c[src - CORNER] -= 1
        corners = bytes(c)
        t = bytearray(took)
        t[src - CORNER] = 1
        took = bytes(t)
    else:
        card = sails[src]
        s = bytearray(sails)
        s[src] = 0
        sails = bytes(s)
    if dst == CENTRE:
        centre += 1
    elif dst >= CORNER:
        c = bytearray(corners)
        c[dst - CORNER] += 1
        corners = bytes(c)
        if took[dst - CORNER]:
            t = bytearray(took)
            t[dst - CORNER] = 0
            took = bytes(t)
    else:
        s = bytearray(sails)
        s[dst] = card
        sails = bytes(s)
    return gone, talon, sails, centre, corners, took


def action(game: WindGame, move: Move) -> str:
    """The engine's action string for ``move``."""
    if move == TURN:
        return "turn"
    src, dst = move
    source = ("s" if src == STOCK else game.talon_id if src == TALON
              else game.corner_ids[src - CORNER] if src >= CORNER else game.sail_ids[src])
    target = (game.centre_id if dst == CENTRE else game.corner_ids[dst - CORNER]
              if dst >= CORNER else game.sail_ids[dst])
    return f"move:{source}>{target}"


def ordered(game: WindGame, pos: WindPos) -> list[Move]:
    """`moves` in the order the search tries them (see the module), a space's fill only into
    the first empty sail."""
    sails = pos[2]
    first = sails.find(0)
    ranked: list[tuple[int, int, Move]] = []
    for n, move in enumerate(moves(game, pos)):
        src, dst = move
        if move == TURN:
            rank = 5
        elif dst < TALON:  # a fill
            if dst != first:
                continue
            rank = 0 if src == TALON else 1
        elif src == TALON:
            rank = 0
        elif src < TALON:
            rank = 1 if dst == CENTRE else 2
        else:
            rank = 3  # a corner's card onto the centre
        ranked.append((rank, n, move))
    ranked.sort()
    return [move for _, _, move in ranked]


def forced(game: WindGame, pos: WindPos) -> tuple[WindPos, list[Move], list[Move]]:
    """``pos`` after every move it forces (a position of one move only), the moves made,
    and the moves `ordered` offers there."""
    made: list[Move] = []
    while True:
        todo = ordered(game, pos)
        if len(todo) != 1 or won(game, pos):
            return pos, made, todo
        made.append(todo[0])
        pos = play(game, pos, todo[0])


def search(game: WindGame, start: WindPos, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """Depth-first searches over `ordered` moves, each allowed one more discrepancy than the
    last, every position kept once by its `key`, forced moves made at once (`forced`); the
    positions a search proved lost are never searched again by the later ones. "unwinnable"
    once the start is proved lost or after a search that refused no move. "undecided" past
    ``budget`` positions generated in all, or when ``stop()`` (asked every 1024) says so."""
    if won(game, start):
        return PlainAnswer("winnable", (), 0, 1)
    begin, lead, _ = forced(game, start)
    if won(game, begin):
        return PlainAnswer("winnable", tuple(action(game, m) for m in lead), 0, 1)
    lost: set[bytes] = set()
    answer = deepening(
        lambda limit, left, before: _limited(game, begin, limit, left, stop, before, lost),
        budget, lambda: key(begin) in lost)
    if answer.status != "winnable":
        return answer
    return PlainAnswer("winnable", (*(action(game, m) for m in lead), *answer.line),
                       answer.nodes, answer.positions)


def _limited(game: WindGame, start: WindPos, limit: int, budget: int,
             stop: Callable[[], bool] | None, before: int, lost: set[bytes]
             ) -> tuple[PlainAnswer, bool]:
    """One depth-first search allowed ``limit`` discrepancies; whether it refused any. A
    position whose every move (none refused) led to a position proved lost is proved lost
    and added to ``lost``."""
    root = key(start)
    seen = {root: limit}
    path: list[list[Move]] = []
    stack: list[list[object]] = [[start, root, limit, ordered(game, start), 0, True]]
    nodes = 0
    cut = False
    while stack:
        frame = stack[-1]
        pos: WindPos = frame[0]  # type: ignore[assignment]
        left: int = frame[2]  # type: ignore[assignment]
        todo: list[Move] = frame[3]  # type: ignore[assignment]
        i: int = frame[4]  # type: ignore[assignment]
        if i >= len(todo):
            stack.pop()
            if path:
                path.pop()
            if frame[5]:
                lost.add(frame[1])  # type: ignore[arg-type]
            elif stack:
                stack[-1][5] = False
            continue
        frame[4] = i + 1
        cost = min(i, MAX_COST)
        if cost > left:
            cut = True
            frame[5] = False
            frame[4] = len(todo)
            continue
        nodes += 1
        if nodes > budget or (stop is not None and not (before + nodes) & 1023 and stop()):
            return PlainAnswer("undecided", (), nodes - 1, len(seen)), cut
        move = todo[i]
        child, made, after = forced(game, play(game, pos, move))
        if won(game, child):
            line = tuple(action(game, m) for step in (*path, [move, *made]) for m in step)
            return PlainAnswer("winnable", line, nodes, len(seen)), cut
        k = key(child)
        if k in lost:
            continue
        rest = left - cost
        if seen.get(k, -1) >= rest:
            frame[5] = False
            continue
        seen[k] = rest
        path.append([move, *made])
        stack.append([child, k, rest, after, 0, True])
    return PlainAnswer("unwinnable", (), nodes, len(lost | seen.keys())), cut
