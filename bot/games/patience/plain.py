"""The solver's fast path for plain open games: single cards moved between tableau piles,
cells, spaces and suit foundations, plus the few actions of the open fan games (The
Beleaguered Castle, The Citadel, The Exiled Kings, The Garden, Penelope's Web, The Fortress,
The Phalanx with its pull; La Belle Lucie's family with the merci and the redeals, The
Shamrocks with its tucks).

The generic search (solver.py) rebuilds an engine `Board` for every position and builds the
engine's action strings and log lines for every move; here a position is a tuple of ``bytes``
piles (one byte a card: suit * 16 + rank) and a ``bytes`` of foundation heights, and moves are
pile indices. What makes it sound where the generic search is slower:

- the move generator offers exactly the engine's moves (the tests compare them on many
  positions), except moves that lead to a position equivalent to one another move already
  reaches: of interchangeable empty piles only the first, and no lone card moved from one space
  into another of its kind;
- the key sorts interchangeable piles (same kind and packing rule: the fan direction is
  drawing), so a layout is searched once whatever piles its packets lie in;
- a foundation move is made alone, as the only child, when it is provably safe (`_safe_mode`;
  never while a shuffled redeal is to come: it would gather other cards);
- a `dead` position (cards that can never move lie over lower cards of their suits: `stuck`)
  has no moves; with the merci to come, it is offered only where it could free them;
- a position with the merci used is not searched where the same layout with it still to
  come was met (`known`), and (The Shamrocks) the best-first searches take the positions
  without it first;
- the searches expand no `lost` position, wider: cards that can never move, some lower card
  of each one's suit among them (`frozen`; a king a tuck could take down is taken where it
  would sink), wherever it lies; with the merci to come, they draw only where it would free
  them all (`expand`), and at once where each such fan is `sealed` till then;
- a move that could as well wait until its pile is next used is made only then: the merci,
  and a card leaving a loose cell (`moves`; the position carries a mark for the next move);
  one after which the mark allows no move at all is not offered;
- every winning line is replayed through the engine before it is returned (solver.py).

plain_core.py runs this search compiled (``_plainc.c``) where it was built; the tests hold
the two to the same moves, node counts and lines, and each pruning rule to a brute-force
search through the engine on small deals.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from bot.games.patience.engine import RANKS, Pile, Rules, step_rank

SUITS = "CSHD"
DFS_BUDGET = 50_000
"""The depth-first search gets a sixteenth of the budget, at most this many positions: it finds
the long wins of games with many spaces at once, the best-first search most others far sooner
(measured on the bench). A sixteenth, not more: a depth-first win is a wandering line (The
Phalanx's ran to thousands of moves), slow to replay through the engine within a hint's
second."""


def dfs_budget(budget: int) -> int:
    """The depth-first search's share of ``budget`` (`DFS_BUDGET`)."""
    return min(budget // 16, DFS_BUDGET)


PlainPos = tuple[tuple[bytes, ...], bytes, bytes]
"""``(piles, heights, counters)``: the non-foundation piles in the rules' order, bottom -> top,
each foundation's card count, and (redeals used, merci: 0 unused, 1 used, ``2 + pile`` just
drawn in that pile; in a game without the merci, ``2 + pile``: a card just left a loose cell
for that pile; see `moves`)."""

Step = tuple[int, int, int]
"""A move: (kind, source pile index, destination index); kind 0 a card to a foundation, 1 a
card onto a pile, 2 The Phalanx's pull (source pile, foundation), 3 the merci (pile, index of
the card drawn), 4 a tuck (pile), 5 La Belle Lucie's redeal, 6 the merci drawn early (as 3,
without the mark: see `expand`)."""


def code(card: str) -> int:
    return SUITS.index(card[0]) * 16 + RANKS.index(card[1]) + 1


def name(byte: int) -> str:
    return SUITS[byte >> 4] + RANKS[(byte & 15) - 1]


@dataclass(repr=False)
class PlainGame:
    """What the fast search knows about one rules row."""

    rules: Rules
    ids: list[str]  # non-foundation pile ids, in the rules' order
    found_ids: list[str]
    packable: list[bool]  # may cards be packed on it
    caps: list[int]
    fits: list[bytearray]  # fits[card][top]: card may be packed on top (cap aside)
    refill: list[bool]  # an empty pile may take any available card
    kings: list[bool]  # ... only a king
    group: list[int]  # interchangeable piles share a number
    groups: list[list[int]]  # the groups of more than one pile
    all_groups: list[list[int]]  # every group, single piles too
    onto: list[list[int]] | None  # card -> tops it may be packed on, where one rule packs all
    f_suit: list[int]
    f_base: list[int]
    f_step: list[int]
    f_key: list[int]  # foundations that are interchangeable when empty share a number
    safe: str  # "all" | "packers" | "" (see `_safe_mode`)
    packers: list[list[int]]  # card -> cards that could be packed on it
    order: list[int]  # card -> how early a foundation wants it (for the best-first score)
    pulls: bool  # The Phalanx's opening concession
    merci: bool  # La Belle Lucie's merci, once, in the last deal
    tuck: bool  # The Shamrocks: a king over a lower card of its suit may go under it
    redeals: int  # La Belle Lucie's redeals (gather the fans, shuffle, deal in threes)
    shuffle: bool  # ... shuffled, from the seed as the engine does
    seed: int
    fans: list[int]  # the tableau piles in layout order (what a redeal gathers and deals)
    dead_rule: bool = False  # `dead` applies
    lost_rule: bool = False  # `lost` applies (where `dead` does, and where spaces take any card)
    loose: list[bool] | None = None  # cells that never take a card (The Garden's Bouquet)
    native: object | None = None  # the compiled core's game (plain_core.compiled), once made

    def wants(self, fi: int, height: int) -> int:
        """The card foundation ``fi`` takes next at ``height`` cards (0 when full)."""
        if height >= 13:
            return 0
        rank = step_rank(self.f_base[fi], height * self.f_step[fi]) if height else self.f_base[fi]
        return self.f_suit[fi] * 16 + rank


_PLAIN_HOOKS = ("", "citadel", "phalanx")


def plain_game(rules: Rules, piles: dict[str, list[str]], redeals: int,
               flags: dict[str, int], seed: int = 0) -> PlainGame | None:
    """The fast search's view of a game, or None where its rules need the engine: a stock or
    a redeal other than La Belle Lucie's still to come, hidden cards, runs, refill policies
    beyond "any card", or foundations that are not one suit counting by one from a fixed
    rank."""
    if rules.hook not in _PLAIN_HOOKS or rules.run_moves or rules.cards:
        return None
    lucie = rules.redeal == "lucie" and rules.stock == "none"
    if piles.get("s") or (redeals < rules.redeals and not lucie) or rules.stock not in (
            "none", "talon"):
        return None
    if lucie and any(p.refill for p in rules.piles):
        return None
    if any(c.startswith("~") for cards in piles.values() for c in cards):
        return None
    for f in rules.founds:
        if (not f.suit or f.build != "suit" or f.order or not f.base or f.step not in (1, -1)
                or f.length != 13):
            return None
    ids: list[str] = []
    for p in rules.piles:
        if (p.kind in ("talon", "waste", "decor") and not piles.get(p.id) and not p.refill
                and p.pack is None):
            continue  # an emptied talon with nothing to come plays no part
        if p.kind not in ("tableau", "cell"):
            return None
        if (p.auto or p.must or p.keep or p.king_down or p.hidden_top or p.pack_after_empty
                or p.must_pack or p.takes or p.gives or p.holds or p.refill not in ((), ("any",))):
            return None
        if p.pack is not None and (p.kind != "tableau" or p.pack.also):
            return None
        ids.append(p.id)
    pile_rows = [rules.pile(i) for i in ids]
    every = [s * 16 + r for s in range(4) for r in range(1, 14)]
    packs = sorted({p.pack for p in pile_rows if p.pack is not None}, key=repr)
    fits_by_pack = {}
    for pk in packs:
        table = [bytearray(64) for _ in range(64)]
        for c in every:
            for t in every:
                table[c][t] = pk.fits(name(c), name(t), 0)
        fits_by_pack[pk] = table
    sig: dict[object, int] = {}
    group = []
    for p in pile_rows:
        s = (p.kind, p.pack, p.refill, p.kings)
        group.append(sig.setdefault(s, len(sig)))
    groups = [[i for i, g in enumerate(group) if g == k] for k in range(len(sig))]
    f_keys: dict[object, int] = {}
    packers = [[c for pk in packs for c in every if fits_by_pack[pk][c][t]] for t in range(64)]
    game = PlainGame(
        rules=rules, ids=ids, found_ids=[f.id for f in rules.founds],
        packable=[p.pack is not None for p in pile_rows],
        caps=[p.pack.cap if p.pack else 0 for p in pile_rows],
        fits=[],
        refill=[p.refill == ("any",) for p in pile_rows],
        kings=[p.kings for p in pile_rows],
        group=group, groups=[g for g in groups if len(g) > 1], all_groups=groups,
        onto=[[t for t in every if fits_by_pack[packs[0]][c][t]] for c in range(64)]
        if len(packs) == 1 else None,
        f_suit=[SUITS.index(f.suit) for f in rules.founds],
        f_base=[RANKS.index(f.base) + 1 for f in rules.founds],
        f_step=[f.step for f in rules.founds],
        f_key=[f_keys.setdefault(f.key(), len(f_keys)) for f in rules.founds],
        safe=_safe_mode(rules, packs), packers=[sorted(set(x)) for x in packers],
        order=[0] * 64, pulls=rules.hook == "phalanx", merci=rules.merci, tuck=rules.tuck,
        redeals=rules.redeals if lucie else 0, shuffle=not flags.get("no_shuffle"), seed=seed,
        fans=[i for i, p in enumerate(pile_rows) if p.kind == "tableau"],
        dead_rule=_dead_rule(rules, pile_rows), lost_rule=_dead_rule(rules, pile_rows, True),
        loose=[p.kind == "cell" and p.pack is None and not p.refill and not rules.merci
               for p in pile_rows])
    # one fits table per pile (most games have one packing rule: the tables are shared)
    game.fits = [fits_by_pack[p.pack] if p.pack else [] for p in pile_rows]  # type: ignore[misc]
    for c in every:
        best = 99
        for fi in range(len(rules.founds)):
            for h in range(13):
                if game.wants(fi, h) == c:
                    best = min(best, h)
        game.order[c] = best
    return game


def _dead_rule(rules: Rules, pile_rows: list[Pile], any_space: bool = False) -> bool:
    """Whether `dead` applies: one pack, foundations up from the ace (a card over a lower one
    of its suit must move before that goes home), one packing rule, no hook acting in play
    (The Citadel's acts in the deal only), and no pile taking cards but by packing or, kings
    only, into a space. With ``any_space``, whether `lost` applies: spaces may take any card."""
    packs = {p.pack for p in pile_rows if p.pack is not None}
    return (rules.packs == 1 and rules.hook in ("", "citadel") and len(packs) == 1 and all(
        f.base == "A" and f.step == 1 for f in rules.founds) and all(
        (p.pack is not None or not p.refill) and (any_space or p.kings or not p.refill)
        for p in pile_rows))


def _safe_mode(rules: Rules, packs: list[object]) -> str:
    """When a card may go home without spoiling the deal, with foundations up from the ace by
    suit:

    - ``all``: one pack, every packing rule by suit. Any card a foundation takes may go: a card
      that could later be packed on it is the next one up (it can go home instead) or lower
      (home already), so a line that left the card in the layout is matched move for move by
      one that sends such cards home (the piles only ever lack some of their cards);
    - ``packers``: otherwise (`_safe`), a card that nothing left could ever usefully be packed
      on: each of its possible packers is home (every copy of it), or, with one pack, goes home
      next and has no packer left itself (so it can go home instead of onto the card). With two
      packs a suit's two foundations are alike: a line that later sent the card to the other
      one is matched by one that swaps the two;
    - ``""``: none (foundations that differ within a suit, or build down)."""
    if any(f.base != "A" or f.step != 1 for f in rules.founds):
        return ""
    if rules.packs == 1 and packs and all(pk.suit == "same" for pk in packs):  # type: ignore[attr-defined]
        return "all"
    if rules.packs == 2 and len({f.key() for f in rules.founds if f.suit}) != 4:
        return ""
    return "packers" if rules.packs <= 2 else ""


def position(game: PlainGame, piles: dict[str, list[str]], redeals: int = 0,
             merci: int = 0) -> PlainPos:
    return (tuple(bytes(code(c) for c in piles[i]) for i in game.ids),
            bytes(len(piles[f]) for f in game.found_ids), bytes((redeals, merci)))


def key(game: PlainGame, pos: PlainPos) -> bytes:
    """The position with each group of interchangeable piles sorted (bytes: cheap to keep);
    while a redeal is to come the piles' order matters (it is the order they are gathered).
    The separators 0 and 15 are no card's code, so no two positions share a key; a pile a mark
    names (see `moves`) is named by its place among the sorted piles, so positions alike but
    for the order of their piles, the marked one among them, share one."""
    piles, heights, counters = pos
    if counters[0] < game.redeals:
        return b"\0".join(piles) + b"\1" + heights + counters
    groups = [sorted([piles[i] for i in ids]) for ids in game.all_groups]
    if counters[1] > 1:  # a mark names a pile: by its place in the key (its cards), not its index
        mark = counters[1] - 2
        group = game.group[mark]
        place = sum(map(len, game.all_groups[:group])) + groups[group].index(piles[mark])
        counters = counters[:1] + bytes((2 + place,))
    return b"\x0f".join([b"\0".join(cards) for cards in groups] + [heights + counters])


def action(game: PlainGame, step: Step) -> str:
    kind, src, dst = step
    if kind == 2:
        return f"pull:{game.ids[src]}"
    if kind in (3, 6):
        return f"merci:{game.ids[src]}.{dst + 1}"
    if kind == 4:
        return f"tuck:{game.ids[src]}"
    if kind == 5:
        return "redeal"
    target = game.found_ids[dst] if kind == 0 else game.ids[dst]
    return f"move:{game.ids[src]}>{target}"


def moves(game: PlainGame, pos: PlainPos) -> list[Step]:
    """The moves worth trying, best first: a safe foundation move alone; else foundation moves,
    moves that empty a pile, packs, moves into a space. None from a `dead` position; with the
    merci still to come and cards `stuck`, the merci only in the `merci_piles`.

    Right after the merci only moves from, onto or in its pile: any other move could as well
    have come before the merci (it commutes with it), and a winning line moves that pile again.
    Right after a card left a `loose` cell for a pile, only packs onto it: it was as free
    where it lay, so the move was worth making only for something to be packed on it, and it
    could as well have waited until then (no move between touched it or its pile)."""
    piles, heights, counters = pos
    if game.dead_rule and dead(game, pos):
        return []
    last_deal = counters[0] >= game.redeals
    drawn = counters[1] - 2
    wanted: dict[int, list[int]] = {}
    seen_empty: set[int] = set()
    for fi, h in enumerate(heights):
        if h == 0:
            if game.f_key[fi] in seen_empty:
                continue
            seen_empty.add(game.f_key[fi])
        w = game.wants(fi, h)
        if w:
            wanted.setdefault(w, []).append(fi)
    home: list[Step] = []
    empties: list[Step] = []
    packs: list[Step] = []
    spaces: list[Step] = []
    free = []
    seen_group: set[int] = set()
    for i, cards in enumerate(piles):
        if not cards and game.refill[i] and game.group[i] not in seen_group:
            seen_group.add(game.group[i])
            free.append(i)
    tops: dict[int, list[int]] = {}
    if game.onto is not None:
        for di, dest in enumerate(piles):
            if dest and game.packable[di] and (not game.caps[di] or len(dest) < game.caps[di]):
                tops.setdefault(dest[-1], []).append(di)
    for si, cards in enumerate(piles):
        if not cards:
            continue
        c = cards[-1]
        for fi in wanted.get(c, ()):
            if last_deal and (drawn < 0 or (game.merci and si == drawn)) and _safe(
                    game, heights, c):
                return [(0, si, fi)]
            home.append((0, si, fi))
        lone = len(cards) == 1
        into = empties if lone else packs
        loose = game.loose is not None and game.loose[si]

        def worth(di: int, si: int = si, c: int = c, loose: bool = loose) -> bool:
            """A loose card's move leads somewhere only if a card may be packed on it then."""
            return not loose or _takes(game, piles, di, c, len(piles[di]) + 1, (si, di))

        if game.onto is not None:
            for t in game.onto[c]:
                for di in tops.get(t, ()):
                    if di != si and worth(di):
                        into.append((1, si, di))
        else:
            for di, dest in enumerate(piles):
                if dest and di != si and game.packable[di] and game.fits[di][c][dest[-1]] and (
                        not game.caps[di] or len(dest) < game.caps[di]) and worth(di):
                    into.append((1, si, di))
        for di in free:
            if (lone and game.group[di] == game.group[si]) or (game.kings[di] and c & 15 != 13):
                continue
            if worth(di):
                spaces.append((1, si, di))
    out = home + empties + packs + spaces
    if game.tuck:
        out += [(4, i, 0) for i, cards in enumerate(piles) if len(cards) >= 2
                and cards[-1] & 15 == 13 and cards[-2] >> 4 == cards[-1] >> 4]
    if game.merci and last_deal and not counters[1]:
        fans = (merci_piles(game, piles, heights) if game.dead_rule and stuck(
            game, piles, heights) else game.fans)
        out += [(3, i, j) for i in fans for j in range(len(piles[i]) - 1)
                if _drawn_moves(game, piles, i, piles[i][j], wanted, free)]
    if not last_deal:
        out.append((5, 0, 0))
    if game.pulls and not any(heights) and not home:
        for si, cards in enumerate(piles):
            if len(cards) > 6 and cards[5] & 15 in (1, 13):
                out.append((2, si, 0))
    if drawn >= 0 and game.merci:
        return [s for s in out if s[1] == drawn or (s[0] == 1 and s[2] == drawn)]
    if drawn >= 0:
        return [s for s in out if s[0] == 1 and s[2] == drawn]
    return out


def expand(game: PlainGame, pos: PlainPos) -> list[Step]:
    """The moves a search tries from ``pos``: `moves`, none from a `lost` position; where cards
    are frozen with the merci still to come, the merci only in the fans `thawing` names (used
    anywhere else, it leaves a lost position).

    Where every such fan is also `sealed`, only the merci, now, in one of them, each card it
    may draw (kind 6: no mark, any move may follow). A win uses the merci in one of them, and
    until then that fan never changes, so its draw would have been the same move now, and the
    moves before it, none of them in that fan, as legal after it: the line with the draw
    first wins too. The merci-less positions from here on are not searched at all."""
    if not game.lost_rule:
        return moves(game, pos)
    piles, heights, counters = pos
    cards = frozen(game, piles, heights) if counters[0] >= game.redeals else 0
    if not cards:
        return moves(game, pos)
    if not (game.merci and not counters[1]):
        return []
    fans = thawing(game, piles, heights, cards)
    if fans and all(sealed(game, piles, heights, cards, i) for i in fans):
        return [(6, i, j) for i in fans for j in range(len(piles[i]) - 1)]
    return [s for s in moves(game, pos) if s[0] != 3 or s[1] in fans] if fans else []


def sealed(game: PlainGame, piles: tuple[bytes, ...], heights: bytes, cards: int,
           i: int) -> bool:
    """Whether pile ``i`` stays as it is until the merci is used, the ``frozen`` ``cards``
    given: every card of it is frozen (none leaves), and none can ever come onto it (full, or
    each card that could be packed on its top home or frozen)."""
    pile = piles[i]
    if not pile or any(not cards >> c & 1 for c in pile):
        return False
    if not game.packable[i] or (game.caps[i] and len(pile) >= game.caps[i]):
        return True
    return all(_is_home(game, heights, x) or cards >> x & 1 for x in game.packers[pile[-1]])


def _takes(game: PlainGame, piles: tuple[bytes, ...], di: int, card: int, length: int,
           skip: tuple[int, ...]) -> bool:
    """Whether a top card of a pile not in ``skip`` could be packed on ``card`` lying on top of
    pile ``di`` (``length`` cards with it)."""
    if not game.packable[di] or (game.caps[di] and length >= game.caps[di]):
        return False
    fits = game.fits[di]
    return any(cards and k not in skip and fits[cards[-1]][card] for k, cards in enumerate(piles))


def _drawn_moves(game: PlainGame, piles: tuple[bytes, ...], i: int, card: int,
                 wanted: dict[int, list[int]], free: list[int]) -> bool:
    """Whether, once the merci draws ``card`` to the top of pile ``i``, a move of that pile
    follows (`moves` allows no other then): the card home, packed, into a space or tucked, or a
    card packed on it. A draw with none leads nowhere and is not offered."""
    if card in wanted or (game.tuck and card & 15 == 13 and piles[i][-1] >> 4 == card >> 4):
        return True
    for di, dest in enumerate(piles):
        if dest and di != i and game.packable[di] and game.fits[di][card][dest[-1]] and (
                not game.caps[di] or len(dest) < game.caps[di]):
            return True
    if any(not game.kings[di] or card & 15 == 13 for di in free):
        return True
    return _takes(game, piles, i, card, len(piles[i]), (i,))


def dead(game: PlainGame, pos: PlainPos) -> bool:
    """A position no line wins from, in the games `dead_rule` marks, in the last deal: cards
    that never move lie over lower cards of their suits (`stuck`), so those never go home;
    with the merci still to come, whatever pile it is used in (`merci_piles`). `lost` is
    wider: the searches ask it."""
    piles, heights, counters = pos
    if counters[0] < game.redeals or not stuck(game, piles, heights):
        return False
    return not (game.merci and not counters[1]) or not merci_piles(game, piles, heights)


def lost(game: PlainGame, pos: PlainPos) -> bool:
    """A position no line wins from, in the games `lost_rule` marks, in the last deal: some
    cards never move (`frozen`), so they never go home; with the merci still to come, whatever
    pile it is used in. Every `dead` position is lost (`stuck`'s cards are frozen, and a pile
    whose merci would unfreeze every card would unstick them)."""
    piles, heights, counters = pos
    if counters[0] < game.redeals:
        return False
    cards = frozen(game, piles, heights)
    if not cards:
        return False
    if not (game.merci and not counters[1]):
        return True
    return not thawing(game, piles, heights, cards)


def thawing(game: PlainGame, piles: tuple[bytes, ...], heights: bytes, cards: int) -> list[int]:
    """The fans holding some of the frozen ``cards`` whose reordering by the merci would leave
    none frozen (with it used anywhere else, some stay so)."""
    return [i for i in game.fans if any(cards >> c & 1 for c in piles[i])
            and not frozen(game, piles, heights, i)]


def frozen(game: PlainGame, piles: tuple[bytes, ...], heights: bytes, free: int = -1) -> int:
    """The cards (a bit per code) that never leave their piles but by the merci in pile
    ``free`` (left out), as the bottom part of each pile: the largest such parts whose top card
    x (the others lie under it) never goes home, as a lower card of its suit is frozen too, and
    has no base it could ever be packed on: each of them is home, lies under a frozen card, or
    is a frozen top on a pile full up to it. Were any of these cards ever to move, the first to
    do so would have gone home or onto a base, both impossible while the others lie still.
    `stuck`, wider: the lower card of the suit may be in another pile.

    A king that might be tucked (The Shamrocks) is no such top as it lies, but it can only
    sink, under the cards of its suit right below it: it is taken as lying under them (a
    "sunk" king, `_frozen_parts`), over the cards below those, which then never leave either
    while it waits (it leaves only home); the cards it sinks under are not frozen.

    Spaces: the parts are first sought as if none ever came; if every pile a space would be is
    left with a frozen card (so none ever empties), that holds. Else, where spaces take any
    card, nothing is frozen; where they take kings only, the parts are sought again with no
    king a top."""
    refills = [i for i, r in enumerate(game.refill) if r]
    depth, sunk = _frozen_parts(game, piles, heights, free, False)
    if not any(depth) and max(sunk) < 0:
        return 0
    if not all(depth[i] or sunk[i] >= 0 for i in refills):
        if any(not game.kings[i] for i in refills):
            return 0
        depth, sunk = _frozen_parts(game, piles, heights, free, True)
    out = 0
    for i, cards in enumerate(piles):
        for c in cards[:depth[i]]:
            out |= 1 << c
        if sunk[i] >= 0:
            out |= 1 << cards[sunk[i]]
    return out


def _frozen_parts(game: PlainGame, piles: tuple[bytes, ...], heights: bytes, free: int,
                  spaces: bool) -> tuple[list[int], list[int]]:
    """How many cards at the bottom of each pile `frozen` holds, with or without ``spaces``
    for kings; and each pile's sunk king frozen over them (its index, or -1). A top that does
    not hold is dropped (a tuckable king sunk first, and dropped then if it does not hold)
    until every top holds: each pile's part only ever shrinks, and a smaller part only ever
    makes others fail, so the order of the drops does not matter."""
    onto = game.onto or [[] for _ in range(64)]
    home = [heights[game.f_suit.index(s)] for s in range(4)]
    where: dict[int, tuple[int, int]] = {}
    depth = []
    sunk = [-1] * len(piles)
    for i, cards in enumerate(piles):
        depth.append(0 if i == free else len(cards))
        if i != free:
            for j, c in enumerate(cards):
                where[c] = (i, j)
    changed = True
    while changed:
        changed = False
        low = [99] * 4
        for i, cards in enumerate(piles):
            for c in [*cards[:depth[i]], *cards[sunk[i]:sunk[i] + 1]]:
                low[c >> 4] = min(low[c >> 4], c & 15)
        if min(low) == 99:
            return [0] * len(piles), sunk
        for i, cards in enumerate(piles):
            while True:
                if sunk[i] >= 0:  # a king never moves but home: held while a lower card is
                    if low[cards[sunk[i]] >> 4] < 13:
                        break
                    sunk[i] = -1  # the cards under it stay as they were, the others not
                elif not depth[i] or _holds(game, cards, depth[i] - 1, low, onto, home, where,
                                            depth, sunk, spaces):
                    break
                elif _sinks(game, cards, depth[i] - 1, spaces):
                    sunk[i] = j = depth[i] - 1
                    while j and cards[j - 1] >> 4 == cards[sunk[i]] >> 4:
                        j -= 1
                    depth[i] = j
                else:
                    depth[i] -= 1
                changed = True
    return depth, sunk


def _sinks(game: PlainGame, cards: bytes, j: int, spaces: bool) -> bool:
    """Whether ``cards[j]`` is a king that a tuck could take under the card below it (and that
    no space could take)."""
    return (game.tuck and not spaces and cards[j] & 15 == 13 and j > 0
            and cards[j - 1] >> 4 == cards[j] >> 4)


def _holds(game: PlainGame, cards: bytes, j: int, low: list[int], onto: list[list[int]],
           home: list[int], where: dict[int, tuple[int, int]], depth: list[int],
           sunk: list[int], spaces: bool) -> bool:
    """Whether ``cards[j]``, the top of a frozen part, stays frozen (see `frozen`): a base
    holds it where it lies under the part's top, or under a sunk king."""
    x = cards[j]
    suit, rank = x >> 4, x & 15
    if low[suit] >= rank or (rank == 13 and (spaces or _sinks(game, cards, j, spaces))):
        return False
    for w in onto[x]:
        if home[w >> 4] >= w & 15:
            continue
        if w not in where:
            return False
        i, jw = where[w]
        if sunk[i] >= 0:
            if jw < depth[i]:
                continue
            return False
        top = depth[i] - 1
        if jw < top or (jw == top and game.caps[i] and jw >= game.caps[i] - 1):
            continue
        return False
    return True


def stuck(game: PlainGame, piles: tuple[bytes, ...], heights: bytes, free: int = -1) -> int:
    """The cards (a bit per code) that never move but by the merci in their pile, each over a
    lower card of its suit (so it never goes home first), with pile ``free`` left out (the
    merci may reorder it). Such a card leaves its pile only when packed on a card it fits that
    tops a pile with room, or into a space; so it never does when no space would take it and
    each such base is home, or lies under one of these cards, or is one of them with its pile
    full below it. A king over a lower card of its suit is one unless a tuck
    could take it under the card right below it (The Shamrocks). The largest set so closed is
    found (drop a card with a base that could come free, until none does): were any of its
    cards ever to move, the first one to move would have needed a base that could not be
    there. Where a space may take any card, none is; where only kings, no king."""
    where: dict[int, tuple[int, int]] = {}
    cand = 0
    for i, cards in enumerate(piles):
        if i == free:
            continue
        seen = [0, 0, 0, 0]
        for j, c in enumerate(cards):
            where[c] = (i, j)
            suit, rank = c >> 4, c & 15
            if seen[suit] & ((1 << rank) - 1) and not (
                    game.tuck and rank == 13 and cards[j - 1] >> 4 == suit):
                cand |= 1 << c
            seen[suit] |= 1 << rank
    refills = [i for i, r in enumerate(game.refill) if r]
    if any(not game.kings[i] for i in refills):
        return 0  # a space could take any of them
    if refills:  # only kings go into spaces
        cand &= ~KINGS
    return _closed(game, piles, heights, where, cand) if cand else 0


KINGS = sum(1 << (suit * 16 + 13) for suit in range(4))


def _closed(game: PlainGame, piles: tuple[bytes, ...], heights: bytes,
            where: dict[int, tuple[int, int]], cand: int) -> int:
    """The largest subset of ``cand`` none of whose cards has a base that could come free (see
    `stuck`)."""
    onto = game.onto or [[] for _ in range(64)]
    home = [heights[game.f_suit.index(s)] for s in range(4)]
    changed = True
    while cand and changed:
        changed = False
        for x in range(64):
            if not cand >> x & 1:
                continue
            for w in onto[x]:
                if home[w >> 4] >= w & 15:
                    continue
                if w not in where:
                    break
                i, j = where[w]
                cards = piles[i]
                if any(cand >> c & 1 for c in cards[j + 1:]) or (
                        game.caps[i] and j >= game.caps[i] - 1 and cand >> w & 1):
                    continue
                break
            else:
                continue
            cand &= ~(1 << x)
            changed = True
    return cand


def merci_piles(game: PlainGame, piles: tuple[bytes, ...], heights: bytes) -> list[int]:
    """The fans the merci may be used in where some cards are `stuck`: those whose reordering
    could free them all (a win must use it in one of these)."""
    cards = stuck(game, piles, heights)
    return [i for i in game.fans if any(cards >> c & 1 for c in piles[i])
            and not stuck(game, piles, heights, i)]


def _safe(game: PlainGame, heights: bytes, card: int) -> bool:
    """Whether ``card``, which a foundation takes, may go home alone (see `_safe_mode`)."""
    if game.safe != "packers":
        return game.safe == "all"
    one = game.rules.packs == 1
    return all(_is_home(game, heights, x) or (one and _is_next(game, heights, x) and all(
        _is_home(game, heights, y) for y in game.packers[x])) for x in game.packers[card])


def _is_home(game: PlainGame, heights: bytes, card: int) -> bool:
    """Whether every copy of ``card`` is on a foundation (foundations up from the ace)."""
    suit, rank = card >> 4, card & 15
    return sum(heights[fi] >= rank for fi in range(len(heights))
               if game.f_suit[fi] == suit) >= game.rules.packs


def _is_next(game: PlainGame, heights: bytes, card: int) -> bool:
    """Whether a foundation takes ``card`` next."""
    suit, rank = card >> 4, card & 15
    return any(heights[fi] == rank - 1 for fi in range(len(heights)) if game.f_suit[fi] == suit)


def play(game: PlainGame, pos: PlainPos, step: Step) -> PlainPos:
    piles, heights, counters = pos
    kind, si, di = step
    if counters[1] > 1:  # the move after a mark: the merci used, or (loose cells) nothing
        counters = counters[:1] + (b"\1" if game.merci else b"\0")
    out = list(piles)
    src = piles[si]
    if kind == 1:
        out[si] = src[:-1]
        out[di] = piles[di] + src[-1:]
        if game.loose and game.loose[si]:  # see `moves`
            counters = counters[:1] + bytes((2 + di,))
        return tuple(out), heights, counters
    if kind == 0:
        out[si] = src[:-1]
        return tuple(out), heights[:di] + bytes((heights[di] + 1,)) + heights[di + 1:], counters
    if kind == 2:
        card = src[5]
        out[si] = src[:5] + src[6:]
        fi = next(f for f in range(len(heights)) if game.wants(f, heights[f]) == card)
        return (tuple(out), heights[:fi] + bytes((heights[fi] + 1,)) + heights[fi + 1:],
                counters)
    if kind in (3, 6):
        out[si] = src[:di] + src[di + 1:] + src[di:di + 1]
        return tuple(out), heights, counters[:1] + bytes((2 + si if kind == 3 else 1,))
    if kind == 4:
        out[si] = src[:-2] + src[-1:] + src[-2:-1]
        return tuple(out), heights, counters
    return _redealt(game, pos)


def settled(game: PlainGame, pos: PlainPos) -> PlainPos:
    """``pos`` as the engine knows it, without the marks `moves` reads: the merci used,
    whether just now or before; no mark after a card left a loose cell."""
    piles, heights, counters = pos
    return piles, heights, counters[:1] + bytes((min(counters[1], 1) if game.merci else 0,))


def _redealt(game: PlainGame, pos: PlainPos) -> PlainPos:
    """La Belle Lucie's redeal as the engine makes it: the fans gathered in order, shuffled by
    the seed's generator for this redeal (unless the option says not), dealt in threes."""
    piles, heights, counters = pos
    done = counters[0] + 1
    cards = list(b"".join(piles[i] for i in game.fans))
    if game.shuffle:
        random.Random(f"{game.seed}:redeal:{done}").shuffle(cards)
    out = list(piles)
    for n, i in enumerate(game.fans):
        out[i] = bytes(cards[3 * n: 3 * n + 3])
    return tuple(out), heights, bytes((done, counters[1]))


def won(pos: PlainPos) -> bool:  # every foundation holds 13
    return all(h == 13 for h in pos[1])


@dataclass(frozen=True)
class PlainAnswer:
    status: str  # winnable | unwinnable | undecided
    line: tuple[str, ...]
    nodes: int
    positions: int


def search(game: PlainGame, root: PlainPos, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """Depth-first on a share of the budget; then short best-first searches, one for each of
    `PROBES`' scores, each alone with its own table (`probe_budget`); then best-first searches
    on `WEIGHTS`' scores taking turns (``CHUNK`` positions each: no one score suits every
    game). Those last share one table of the positions met (each is expanded once, by
    whichever met it first), so when all of them have run out, every reachable position was
    searched: a proof, as the depth-first search's or a probe's running out is."""
    if won(root):
        return PlainAnswer("winnable", (), 0, 1)
    first = _depth_first(game, root, dfs_budget(budget), stop)
    if first.status != "undecided":
        return first
    root_key = key(game, root)
    nodes = first.nodes
    share = probe_budget(budget)
    for weights in PROBES if share else ():
        end = min(nodes + share, budget)
        probe: dict[bytes, tuple[bytes, Step] | None] = {root_key: None}
        for out in _best_first(game, root, root_key, weights, probe, True):
            if isinstance(out, PlainAnswer):
                return PlainAnswer(out.status, out.line, nodes + out.nodes, len(probe))
            nodes += out
            if nodes >= end:
                break
            if stop is not None and stop():
                return PlainAnswer("undecided", (), nodes, len(probe))
        if nodes >= budget:
            return PlainAnswer("undecided", (), nodes, len(probe))
    parent: dict[bytes, tuple[bytes, Step] | None] = {root_key: None}
    runs = [_best_first(game, root, root_key, w, parent, i == 0) for i, w in enumerate(WEIGHTS)]
    while runs:
        for run in list(runs):
            out = next(run)
            if isinstance(out, PlainAnswer):
                nodes += out.nodes
                if out.status == "winnable":
                    return PlainAnswer("winnable", out.line, nodes, len(parent))
                runs.remove(run)  # its queue ran dry: the others go on
                continue
            nodes += out
            if nodes >= budget or (stop is not None and stop()):
                return PlainAnswer("undecided", (), nodes, len(parent))
    return PlainAnswer("unwinnable", (), nodes, len(parent))


PROBES = ((10, 3, 2, 0), (20, 5, 2, 2), (10, 2, 2, 1), (10, 5, 2, 5), (10, 1, 2, 0),
          (10, 3, 2, 3))
"""The probes' weights (`_score`). Where a win is there to find, which score finds it at once
is a matter of luck more than of game: on the bench's deals of The House on the Hill the
undecided ones were mostly won within a few thousand positions by one of these alone, while
the scores taking turns on one table (each only expanding what it met first) found none."""
PROBE_BUDGET = 50_000


def probe_budget(budget: int) -> int:
    """Each probe's share of ``budget``: a thirty-second, at most `PROBE_BUDGET` positions (the
    probes together then take a few per cent of a 5 s search that must prove a loss); none
    below a `CHUNK` (a probe's turn is never shorter), where the budget is too small to share."""
    share = budget // 32
    return 0 if share < CHUNK else min(share, PROBE_BUDGET)


def _depth_first(game: PlainGame, root: PlainPos, budget: int,
                 stop: Callable[[], bool] | None) -> PlainAnswer:
    seen = {key(game, root)}
    path: list[Step] = []
    stack = [(root, iter(expand(game, root)))]
    nodes = 0
    while stack:
        pos, todo = stack[-1]
        step = next(todo, None)
        if step is None:
            stack.pop()
            if path:
                path.pop()
            continue
        nodes += 1
        if nodes > budget or (stop is not None and not nodes & 1023 and stop()):
            return PlainAnswer("undecided", (), nodes - 1, len(seen))
        child = play(game, pos, step)
        k = key(game, child)
        if known(game, k, seen):
            continue
        seen.add(k)
        if won(child):
            return PlainAnswer("winnable", tuple(action(game, s) for s in (*path, step)),
                               nodes, len(seen))
        path.append(step)
        stack.append((child, iter(expand(game, child))))
    return PlainAnswer("unwinnable", (), nodes, len(seen))


def known(game: PlainGame, k: bytes, table: set[bytes] | dict[bytes, object]) -> bool:
    """Whether a search met the position of key ``k`` already, or (the merci used) the same
    layout with the merci still to come: whatever wins from the one wins from the other, and
    the searches meet those first (`_score`)."""
    return k in table or (game.merci and k[-1] == 1 and k[:-1] + b"\0" in table)


CHUNK = 4096
WEIGHTS = ((10, 5, 2, 2), (10, 3, 2, 0))
"""The best-first scores' weights (`_score`): cards home, cards blocking, spaces, cards over
the next wanted ones. The first decides most of The Garden and The Beleaguered Castle, the
second more of The Exiled Kings (measured on the bench's deals)."""


def _best_first(game: PlainGame, root: PlainPos, root_key: bytes, weights: tuple[int, ...],
                parent: dict[bytes, tuple[bytes, Step] | None], starts: bool
                ) -> Iterator[int | PlainAnswer]:
    """Yields the positions it generated every `CHUNK` (the rest of them with its answer), and
    last its answer: a win, or "unwinnable" when its queue ran dry (only a proof once every
    search sharing ``parent`` has). ``starts``: it expands the root (the others wait for what
    the positions the root leads to)."""
    queue: list[tuple[int, int, PlainPos, bytes]] = [(0, 0, root, root_key)] if starts else []
    nodes = count = 0
    if not starts:  # one turn's wait: the first search has met the root's children by then
        yield 0
        for k, link in list(parent.items()):
            if link is not None and link[0] == root_key:
                count += 1
                queue.append((0, count, play(game, root, link[1]), k))
    while queue:
        _, _, pos, pkey = heapq.heappop(queue)
        for step in expand(game, pos):
            nodes += 1
            if not nodes % CHUNK:
                yield CHUNK
            child = play(game, pos, step)
            k = key(game, child)
            if known(game, k, parent):
                continue
            parent[k] = (pkey, step)
            if won(child):
                line = []
                at = k
                while (link := parent[at]) is not None:
                    at, s = link
                    line.append(action(game, s))
                yield PlainAnswer("winnable", tuple(reversed(line)), nodes % CHUNK,
                                  len(parent))
                return
            count += 1
            heapq.heappush(queue, (-_score(game, child, weights), count, child, k))
    yield PlainAnswer("unwinnable", (), nodes % CHUNK, len(parent))


def _score(game: PlainGame, pos: PlainPos, w: tuple[int, ...]) -> int:
    """Cards home, spaces, few cards lying on one a foundation wants earlier, and few cards
    over the cards the foundations want next; first of all, in a game with the merci and no
    redeal (The Shamrocks), the merci still to come (the searches go through the positions
    without it first, so that `known` cuts the same layouts met again after it). Not after
    La Belle Lucie's redeals: there wins came later so (The House on the Hill's)."""
    piles, heights, counters = pos
    order = game.order
    blocking = spaces = depth = 0
    want = set()
    for fi, h in enumerate(heights):
        next_card = game.wants(fi, h)
        if next_card:
            want.add(next_card)
    for i, cards in enumerate(piles):
        if not cards:
            spaces += game.refill[i]
            continue
        low = 99
        for j, c in enumerate(cards):
            if c in want:
                depth += len(cards) - 1 - j
            v = order[c]
            if v > low:
                blocking += 1
            else:
                low = v
    unused = game.merci and not game.redeals and not counters[1]
    return (w[0] * sum(heights) - w[1] * blocking + w[2] * spaces - w[3] * depth
            + (unused << 20))
