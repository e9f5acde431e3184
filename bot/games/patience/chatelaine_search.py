"""The solver's fast path for The Chatelaine: eight foundations up from the aces to the kings
regardless of suit, four squared auxiliary packets and twelve Chatelaine packets (the other
cards sorted by rank) whose tops go home, a Chatelaine top only when no auxiliary top can.

Nothing but cards going home ever happens and suits play no part, so a position is each
packet's length (the cards under them never change) and each foundation's height. What makes
it sound and quick:

- `moves` offers exactly the engine's moves (the tests compare them and `play`'s positions
  along random play-outs);
- the key is the packets' lengths alone: they fix which cards are home, and so how many
  foundations stand at each height (a foundation holds one card of each rank from the ace up),
  and foundations of one height are alike (swapping their cards maps lines onto lines); so of
  a card's moves to foundations of one height only the first is tried;
- a safe move, the only move tried (`safe`; the tests check it against a brute-force search):
  an auxiliary top that cannot lose its foundation before it goes;
- move ordering: auxiliary tops whose next card can follow at once first; of the Chatelaine,
  the rank after which most auxiliary tops can go home, then the fullest packet's;
- one depth-first search over that order, every reachable position kept once by its key: the
  positions are few (a deal's whole graph a few thousand to some 800,000 on seeds 1-40) and
  a lost deal is proved lost by searching them all, which the deepening's repeated searches
  (`discrepancy.ordered_search` with ``MAX_COST`` above zero) made several times dearer;
  nothing is cut, so a search that ends without a win answers "unwinnable".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from bot.games.patience.discrepancy import ordered_search
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.plain import PlainAnswer

ChatelainePos = tuple[bytes, bytes]
"""``(lengths, heights)``: each packet's card count (auxiliary packets first, then the
Chatelaine's, in the layout's order), each foundation's card count."""

Move = tuple[int, int]
"""``(packet, foundation)``: the packet's top card goes to the foundation."""

MAX_COST = 0
"""No move costs a discrepancy: `discrepancy.ordered_search` makes one plain depth-first
search (see above)."""


@dataclass(repr=False)
class ChatelaineGame:
    """What the search knows about one deal."""

    packet_ids: list[str]  # auxiliary packets, then the Chatelaine's
    auxiliary: int  # how many of ``packet_ids`` are auxiliary packets
    found_ids: list[str]
    packets: list[bytes]  # each packet's ranks (1..13), bottom -> top
    full: bytes  # every packet empty


def chatelaine_game(rules: Rules, piles: dict[str, list[str]], redeals: int,
                    flags: dict[str, int]) -> ChatelaineGame | None:
    """The search's view of the deal, or None where the rules are not The Chatelaine's: its
    hook, reserve packets only (the auxiliary ones first), no stock, foundations up from the
    aces to the kings regardless of suit, each already started and a run from its ace."""
    if rules.hook != "chatelaine" or rules.stock != "none" or rules.redeals or redeals or flags:
        return None
    if any(p.kind != "reserve" or p.pack is not None or p.refill or p.auto or p.gives
           for p in rules.piles):
        return None
    founds = rules.founds
    if not founds or any(f.base != "A" or f.suit or f.build != "any" or f.step != 1
                         or f.length != 13 or f.order for f in founds):
        return None
    for f in founds:
        home = piles.get(f.id, [])
        if not home or [c[1] for c in home] != list(RANKS[:len(home)]):
            return None
    ids = [p.id for p in rules.piles]
    auxiliary = sum(1 for pid in ids if pid.startswith("r"))
    if not all(pid.startswith("r") for pid in ids[:auxiliary]) or any(
            c.startswith("~") for cards in piles.values() for c in cards):
        return None
    if any(piles.get(pid) for pid in piles if pid not in ids and pid[0] != "f"):
        return None
    packets = [bytes(RANKS.index(c[1]) + 1 for c in piles.get(pid, ())) for pid in ids]
    return ChatelaineGame(ids, auxiliary, [f.id for f in founds], packets,
                          bytes(len(ids)))


def position(game: ChatelaineGame, piles: dict[str, list[str]]) -> ChatelainePos:
    lengths = bytes(len(piles.get(pid, ())) for pid in game.packet_ids)
    return lengths, bytes(len(piles.get(f, ())) for f in game.found_ids)


def won(game: ChatelaineGame, pos: ChatelainePos) -> bool:
    return pos[0] == game.full


def key(game: ChatelaineGame, pos: ChatelainePos) -> bytes:
    """The packets' lengths: they fix the foundations' heights up to order (see above)."""
    return pos[0]


def moves(game: ChatelaineGame, pos: ChatelainePos) -> list[Move]:
    """The engine's moves in ``pos``, in its order: by packet, each to the foundations one
    below its top card; the Chatelaine's only when no auxiliary top has one."""
    lengths, heights = pos
    out: list[Move] = []
    for i, n in enumerate(lengths):
        if i == game.auxiliary and out:
            break
        if n:
            below = game.packets[i][n - 1] - 1
            out += [(i, j) for j, h in enumerate(heights) if h == below]
    return out


def play(game: ChatelaineGame, pos: ChatelainePos, move: Move) -> ChatelainePos:
    lengths, heights = pos
    i, j = move
    cut, grown = bytearray(lengths), bytearray(heights)
    cut[i] -= 1
    grown[j] += 1
    return bytes(cut), bytes(grown)


def action(game: ChatelaineGame, move: Move) -> str:
    return f"move:{game.packet_ids[move[0]]}>{game.found_ids[move[1]]}"


def ordered(game: ChatelaineGame, pos: ChatelainePos) -> list[Move]:
    """`moves` in the order the search tries them, of a card's moves to foundations of one
    height only the first (the key): a safe move alone; auxiliary tops whose next card can
    go home at once first, the deeper packet first; of the Chatelaine, the rank after which
    most auxiliary tops can go home, then the fullest packet's (scarce ranks kept)."""
    lengths = pos[0]
    first: dict[int, Move] = {}
    for m in moves(game, pos):
        first.setdefault(m[0], m)
    if not first:
        return []
    if next(iter(first)) < game.auxiliary:
        for m in first.values():
            if safe(game, pos, m):
                return [m]

        def after(m: Move) -> tuple[bool, int]:
            n = lengths[m[0]] - 1
            if not n:
                return False, 0
            grown = play(game, pos, m)[1]
            return grown.count(game.packets[m[0]][n - 1] - 1) == 0, -n
        return sorted(first.values(), key=after)

    def freed(m: Move) -> tuple[int, int]:
        after = play(game, pos, m)
        tops = {c[0] for c in moves(game, after) if c[0] < game.auxiliary}
        return -len(tops), -after[0][m[0]]
    return sorted(first.values(), key=freed)


def safe(game: ChatelaineGame, pos: ChatelainePos, move: Move) -> bool:
    """An auxiliary top that goes home while more foundations stand one below it than the other
    cards of its rank left in the auxiliary packets: it stays playable (so no Chatelaine card
    can go before it), and a line playing it later is matched by one playing it now."""
    lengths, heights = pos
    rank = game.packets[move[0]][lengths[move[0]] - 1]
    rivals = sum(game.packets[i][:lengths[i]].count(rank) for i in range(game.auxiliary)) - 1
    return heights.count(rank - 1) > rivals


def search(game: ChatelaineGame, start: ChatelainePos, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """One depth-first search over the `ordered` moves, every position kept once by its
    `key` (``MAX_COST`` zero)."""
    return ordered_search(start, budget, stop, ordered=partial(ordered, game),
                          play=partial(play, game), key=partial(key, game),
                          won=partial(won, game), action=partial(action, game),
                          max_cost=MAX_COST)
