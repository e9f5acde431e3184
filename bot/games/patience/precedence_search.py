"""The solver's fast path for The Order of Precedence (``hook="precedence"``): two packs, one
king laid out; eight foundations (K, Q, J ... 6) started in their order and built down
regardless of suit, round from ace to king, thirteen cards each; the stock turned a card at a
time onto one talon whose top is the only card in play; two redeals, the talon turned over.

Suits play no part, so a card is its rank alone. The talon and the stock together always
hold the cards not yet home in the deal's order (the talon bottom -> top, then the stock, its
next card first: a redeal turns the talon over, so its first card comes first again), so a
position is those ranks as ``bytes``, how many of them lie on the talon, each foundation's
height and the redeals made; the stock's order is the deal's (perfect knowledge). What makes
it sound and quick:

- `moves` offers exactly the engine's actions (the tests compare them, and the positions they
  reach, along random play-outs): the talon's top to each foundation that takes it (an empty
  one only once the one before it is started), the turn, the redeal;
- a position with one move only is no choice: the search makes such moves at once, a run of
  turns down to the next card that goes home being the most of them (`forced`), and each
  search step costs one position however many of the engine's actions it makes;
- the key is the position itself, ranks for cards (suits never matter);
- one safe move, then the only move tried (checked against a brute-force search): the
  talon's top home when it is the last card of its rank not home (the one foundation still
  wanting that rank takes it now, and nothing else can go there first);
- move ordering: cards home (onto the pile with the fewer cards first), then the turn, then
  the redeal; the depth-first searches are limited in discrepancies from that order, one more
  each time (discrepancy.py); a position all of whose moves led to positions proved lost is
  proved lost, and no later search enters it again (as in seasons_search.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.games.patience.discrepancy import deepening
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.plain import PlainAnswer

PrecPos = tuple[bytes, int, bytes, int]
"""``(rest, talon, heights, redeals)``: the ranks (1..13) of the cards not home, the talon's
bottom -> top then the stock's next first; how many of them lie on the talon; each
foundation's card count; the redeals made."""

Move = int
"""A foundation's index (the talon's top goes there), `TURN` or `REDEAL`."""

TURN: Move = -1
REDEAL: Move = -2
MAX_COST = 1
"""The most discrepancies one move costs: a position offers three moves at most, and the
third costing as much as the second won 41 of seeds 1-60 within 120k positions, against 37
when it cost two."""


@dataclass(repr=False)
class PrecGame:
    """What the search knows about one deal."""

    found_ids: list[str]
    talon_id: str
    wants: list[bytes]  # foundation -> the rank it takes at each height (its base first)
    redeals: int  # the redeals the rules allow
    full: int  # cards the foundations hold when the game is won


def rank(card: str) -> int:
    return RANKS.index(card[1]) + 1


def precedence_game(rules: Rules, piles: dict[str, list[str]], flags: dict[str, int]
                    ) -> PrecGame | None:
    """The search's view of the deal, or None where the rules are not The Order of
    Precedence's shape: its hook, one talon and the stock, foundations of fixed bases built
    regardless of suit by a fixed step, a redeal that turns the talon over, no hidden cards."""
    from bot.games.patience.special import HOOKS
    from bot.games.patience.special.deals import InOrder

    hook = HOOKS.get(rules.hook)
    if type(hook) is not InOrder or hook.first or flags:
        return None
    if rules.stock != "talon" or rules.redeal != "talon" or rules.cards or rules.merci \
            or rules.tuck or rules.run_moves or rules.buried_kings:
        return None
    if len(rules.piles) != 1:
        return None
    talon = rules.piles[0]
    if talon.kind != "talon" or talon.pack is not None or talon.refill or talon.auto \
            or talon.keep or talon.must_pack or talon.holds or talon.gives not in ((),
                                                                                ("foundation",)):
        return None
    founds = rules.founds
    if not founds or any(f.order or not f.base or f.suit or f.build != "any"
                         or not 1 <= f.length <= 13 for f in founds):
        return None
    known = {"s", talon.id, *(f.id for f in founds)}
    if set(piles) - known or any(c.startswith("~") for cards in piles.values() for c in cards):
        return None
    wants = [bytes((RANKS.index(f.base) + f.step * k) % 13 + 1 for k in range(f.length))
             for f in founds]
    started = True
    for f, w in zip(founds, wants, strict=True):  # the foundations must be what we count
        home = piles.get(f.id, [])
        if bytes(rank(c) for c in home) != w[:len(home)] or (home and not started):
            return None
        started = bool(home)
    return PrecGame([f.id for f in founds], talon.id, wants, rules.redeals,
                    sum(len(w) for w in wants))


def position(game: PrecGame, piles: dict[str, list[str]], redeals: int) -> PrecPos:
    talon = bytes(rank(c) for c in piles.get(game.talon_id, ()))
    stock = bytes(rank(c) for c in reversed(piles.get("s", ())))
    heights = bytes(len(piles.get(f, ())) for f in game.found_ids)
    return talon + stock, len(talon), heights, redeals


def won(game: PrecGame, pos: PrecPos) -> bool:
    return not pos[0]


def key(pos: PrecPos) -> bytes:
    rest, talon, heights, redeals = pos
    return bytes((talon, redeals)) + heights + rest


def _takers(game: PrecGame, heights: bytes) -> dict[int, list[int]]:
    """A rank -> the foundations that take it now, in their order (an empty one only once
    the one before it holds a card)."""
    out: dict[int, list[int]] = {}
    for j, w in enumerate(game.wants):
        h = heights[j]
        if h < len(w) and (h or not j or heights[j - 1]):
            out.setdefault(w[h], []).append(j)
    return out


def moves(game: PrecGame, pos: PrecPos) -> list[Move]:
    """The engine's actions in ``pos``, in its order: the talon's top to the foundations in
    their order (an empty one only once the one before it holds a card), the turn, the
    redeal."""
    rest, talon, heights, redeals = pos
    out: list[Move] = []
    if talon:
        out += _takers(game, heights).get(rest[talon - 1], ())
    if talon < len(rest):
        out.append(TURN)
    elif talon and redeals < game.redeals:
        out.append(REDEAL)
    return out


def play(game: PrecGame, pos: PrecPos, move: Move) -> PrecPos:
    rest, talon, heights, redeals = pos
    if move == TURN:
        return rest, talon + 1, heights, redeals
    if move == REDEAL:
        return rest, 0, heights, redeals + 1
    h = bytearray(heights)
    h[move] += 1
    return rest[:talon - 1] + rest[talon:], talon - 1, bytes(h), redeals


def action(game: PrecGame, move: Move) -> str:
    """The engine's action string for ``move``."""
    if move == TURN:
        return "turn"
    if move == REDEAL:
        return "redeal"
    return f"move:{game.talon_id}>{game.found_ids[move]}"


def safe(game: PrecGame, pos: PrecPos) -> Move | None:
    """The talon's top home where it is the last card of its rank not home: the one
    foundation that still wants the rank takes it now (see the module), or None."""
    rest, talon, _, _ = pos
    if not talon:
        return None
    card = rest[talon - 1]
    if rest.count(card) != 1:
        return None
    for j in moves(game, pos):
        if j >= 0:
            return j
    return None


def ordered(game: PrecGame, pos: PrecPos) -> list[Move]:
    """`moves` in the order the search tries them: cards home (onto the pile with the fewer
    cards first), the turn, the redeal; a `safe` move alone."""
    one = safe(game, pos)
    if one is not None:
        return [one]
    out = moves(game, pos)
    heights = pos[2]
    out.sort(key=lambda m: (m < 0, heights[m] if m >= 0 else -m))
    return out


def forced(game: PrecGame, pos: PrecPos) -> tuple[PrecPos, list[Move]]:
    """``pos`` after every move it forces: while a position offers one move only (a turn of
    an unplayable card, the redeal, the last card home), that move; and the moves made. The
    foundations change only by a card home, so the turns down to the next card that goes
    home are found in one scan."""
    made: list[Move] = []
    rest, talon, heights, redeals = pos
    while rest:
        takers = _takers(game, heights)
        n = len(rest)
        was = talon
        while talon < n and (not talon or rest[talon - 1] not in takers):
            talon += 1
        made += [TURN] * (talon - was)
        if talon < n or not talon:
            break  # the top goes home or is turned over: a choice
        homes = takers.get(rest[talon - 1], [])
        if not homes and redeals < game.redeals:
            made.append(REDEAL)
            talon, redeals = 0, redeals + 1
        elif len(homes) == 1 and redeals >= game.redeals:
            made.append(homes[0])
            h = bytearray(heights)
            h[homes[0]] += 1
            rest, talon, heights = rest[:talon - 1], talon - 1, bytes(h)
        else:
            break  # a choice, or no move at all
    return (rest, talon, heights, redeals), made


def search(game: PrecGame, start: PrecPos, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """Depth-first searches over `ordered` moves, each allowed one more discrepancy than the
    last, every position kept once by its `key`, forced moves made at once (`forced`); the
    positions a search proved lost are never searched again by the later ones. "unwinnable"
    once the start is proved lost or after a search that refused no move (it searched every
    reachable position). "undecided" past ``budget`` positions generated in all, or when
    ``stop()`` (asked every 1024) says so."""
    if won(game, start):
        return PlainAnswer("winnable", (), 0, 1)
    begin, lead = forced(game, start)
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


def _limited(game: PrecGame, start: PrecPos, limit: int, budget: int,
             stop: Callable[[], bool] | None, before: int, lost: set[bytes]
             ) -> tuple[PlainAnswer, bool]:
    """One depth-first search allowed ``limit`` discrepancies; whether it refused any. A
    position whose every move (none refused) led to a position proved lost is proved lost
    and added to ``lost``: a move that led back to a position still being searched, or to
    one searched with discrepancies refused, proves nothing."""
    root = key(start)
    seen = {root: limit}
    path: list[list[Move]] = []
    # per position searched: the position, its key, discrepancies left, the moves to try and
    # the next one's index, whether every move so far led to a position proved lost
    stack: list[list[object]] = [[start, root, limit, ordered(game, start), 0, True]]
    nodes = 0
    cut = False
    while stack:
        frame = stack[-1]
        pos: PrecPos = frame[0]  # type: ignore[assignment]
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
            frame[4] = len(todo)  # the moves after it cost as much or more
            continue
        nodes += 1
        if nodes > budget or (stop is not None and not (before + nodes) & 1023 and stop()):
            return PlainAnswer("undecided", (), nodes - 1, len(seen)), cut
        move = todo[i]
        child, made = forced(game, play(game, pos, move))
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
        stack.append([child, k, rest, ordered(game, child), 0, True])
    return PlainAnswer("unwinnable", (), nodes, len(lost | seen.keys())), cut
