"""The patience engine: a few pile kinds and policies that every game of the catalogue is made of.

A game is a `Rules` row (catalogue.py): its piles (`Pile`: kind, deal, packing rule, refill
policy...), its foundations (`Found`: base, step, suit rule, length), how its stock works and
how it redeals. The engine turns such a row into moves on a `Board` (the mutable working copy
of one state's piles); a game whose mechanics are truly its own names a hook (special.py).

Pile contents are lists bottom -> top of two-letter card codes; a face-down card carries a
``~`` prefix (``~CK``), so a pile keeps its order and its hidden cards in one list.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.games.cards import RED, long_name, pretty
from bot.games.words import N_

RANKS = "A23456789TJQK"
"""Patience counts A=1 .. K=13 (cards.RANKS is Skat's order, not a counting order)."""

KINDS_PLAYABLE = ("tableau", "cell", "reserve", "talon", "waste")
"""Pile kinds whose available card may be moved (foundations, decor and discards never give)."""


def face(card: str) -> str:
    """The card's code without its face-down mark."""
    return card.lstrip("~")


_RANK_VALUE = {r: i + 1 for i, r in enumerate(RANKS)}


def value(card: str) -> int:
    return _RANK_VALUE[card[-1]]


def step_rank(rank_value: int, step: int) -> int:
    """Counting on ``step`` ranks round the thirteen (K + 1 = A): every foundation counts so."""
    return (rank_value - 1 + step) % 13 + 1


def colour(card: str) -> str:
    return "red" if face(card)[0] in RED else "black"


@dataclass(frozen=True)
class Pack:
    """How cards are packed ("married") onto a tableau pile's top card."""

    dir: str = "down"  # down | up | both | colour (red down, black up)
    suit: str = "any"  # any | same | alt (alternate colour)
    cap: int = 0  # the most cards a pile may hold (The Shamrocks: 3); 0 = no limit
    also: str = ""  # a rank order whose neighbours also marry (The Besieged City)

    def directions(self, top: str) -> tuple[str, ...]:
        """Which ways a card may go on ``top``; ``colour``: red down, black up (Hemispheres)."""
        if self.dir == "colour":
            return ("down",) if colour(top) == "red" else ("up",)
        return ("down", "up") if self.dir == "both" else (self.dir,)

    def neighbours(self, rank: str) -> str:
        """The ranks beside ``rank`` in ``also`` (``Q`` and ``3`` beside ``2``)."""
        if not self.also or rank not in self.also:
            return ""
        i = self.also.index(rank)
        return self.also[max(i - 1, 0):i] + self.also[i + 1:i + 2]

    def fits(self, card: str, top: str, size: int) -> bool:
        if self.cap and size + 1 > self.cap:
            return False
        diff = value(card) - value(top)
        dirs = self.directions(top)
        if not ((diff == -1 and "down" in dirs) or (diff == 1 and "up" in dirs)
                or card[1] in self.neighbours(top[1])):
            return False
        if self.suit == "same":
            return card[0] == top[0]
        if self.suit == "alt":
            return colour(card) != colour(top)
        return True

    def words(self) -> str:
        d = {"down": N_("one lower"), "up": N_("one higher"),
             "both": N_("one higher or lower")}[self.dir]
        s = {"any": N_("of any suit"), "same": N_("of the same suit"),
             "alt": N_("of the other colour")}[self.suit]
        said = N_("a card {rank} {suit}").format(rank=d, suit=s)
        if self.cap:
            said = N_("{packing}, at most {n} cards to a packet").format(packing=said, n=self.cap)
        return said


@dataclass(frozen=True)
class Found:
    """One foundation pile: where it starts, how it counts on, and when it is full.

    ``base`` is the first card's rank ("" = the rank the game fixes by its first card, as in
    The Chameleon); ``suit`` a fixed suit for the first card ("" any); ``build`` what each next
    card must share with the top: ``suit``, ``alt`` (other colour) or ``any``. Every pile counts
    ``step`` round the thirteen and holds ``length`` cards. ``preplace`` takes the base card out
    of the pack before the deal.
    """

    id: str
    base: str = "A"
    suit: str = ""
    build: str = "suit"
    step: int = 1
    length: int = 13
    preplace: bool = False
    order: str = ""  # the ranks in building order, instead of counting by ``step``
    label: str = "foundation"
    row: float = 0
    col: float = 0

    def accepts(self, pile: list[str], card: str, game_base: str) -> bool:
        if not pile:
            base = self.base or game_base
            return bool(base) and card[1] == base and (not self.suit or card[0] == self.suit)
        if len(pile) >= self.length:
            return False
        top = pile[-1]
        if self.order:  # an explicit run (The Besieged City: A K 2 Q 3 J ...)
            if card[1] != self.order[len(pile) % len(self.order)]:
                return False
        elif _RANK_VALUE[card[1]] != (_RANK_VALUE[top[1]] - 1 + self.step) % 13 + 1:
            return False
        if self.build == "suit":
            return card[0] == top[0]
        if self.build == "alt":
            return colour(card) != colour(top)
        return True

    def key(self) -> tuple[object, ...]:
        """Foundations with equal keys are interchangeable (offer only the first empty one)."""
        return (self.base, self.suit, self.build, self.step, self.length)


@dataclass(frozen=True)
class Pile:
    """A non-foundation pile and its policies.

    kind: ``tableau`` (packed on, if ``pack``), ``cell`` (one loose available card),
    ``reserve`` (gives, never packed on), ``talon`` (the one waste pile), ``waste`` (one of
    several talon packets the player chooses), ``decor`` (out of play), ``discard``.
    Refills of an empty pile: ``auto`` sources fill it at once by themselves; otherwise the
    player may move a card in from a ``refill`` source: ``any`` available card, ``w`` the talon
    top, ``s`` the stock top when the talon is empty, ``S`` the stock top, ``r`` the reserve,
    ``c`` a cell, ``t`` a tableau top. ``must``: a space must be filled before anything else.
    """

    id: str
    kind: str
    label: str
    deal: int = 0
    down: int = 0
    fan: str = "down"
    pack: Pack | None = None
    refill: tuple[str, ...] = ()
    auto: tuple[str, ...] = ()
    must: bool = False
    kings: bool = False
    gives: tuple[str, ...] = ()  # kinds it may give to; () = foundations and tableau
    keep: int = 0  # topped up from the stock to this many cards after every move (The Clock)
    king_down: bool = False  # a king on top goes to the bottom at once (The Baker's Dozen)
    hidden_top: bool = False  # the top stays face down until it is the last card
    pack_after_empty: bool = False  # packed on only once it has been emptied (Chameleon)
    must_pack: bool = False  # its card is packed onto the tableau as soon as it fits
    holds: str = ""  # cards taken out of the pack for it before the deal ("A", "HK", "K,K")
    takes: str = ""  # only piles of these id prefixes ("p" or "c,w") may be packed onto it
    hide_empty: bool = False  # left out of the view while empty (spread discards, rows)
    peek: str = ""  # squared, but one more card shows per empty pile of this id prefix
    row: float = 0
    col: float = 0


@dataclass(frozen=True)
class Rules:
    """One game of the book as data: a catalogue row."""

    id: str
    title: str
    page: int
    family: str
    info: str
    piles: tuple[Pile, ...]
    founds: tuple[Found, ...]
    packs: int = 1
    cards: tuple[str, ...] = ()  # the pack when it is not whole packs (The Fifteen Puzzle)
    aliases: tuple[str, ...] = ()
    stock: str = "talon"  # talon (turn to one talon) | choose (stock top to chosen wastes)
    #                       | row (deal a card onto every tableau pile) | none
    redeals: int = 0
    redeal: str = "talon"  # talon | shuffle (talon shuffled) | wastes | lucie
    hook: str = ""
    flags: tuple[str, ...] = ()  # option flags this game honours
    merci: bool = False
    tuck: bool = False
    run_moves: bool = False
    buried_kings: bool = False  # two kings burying their suit may be remedied (Napoleon's Square)
    text: str = ""
    terms: tuple[str, ...] = ()
    choices: str = ""  # where the book is unclear (or its picture lost), what Parlour chose

    def pile(self, pid: str) -> Pile:
        return _pile_index(self)[pid]

    def found(self, fid: str) -> Found:
        return _found_index(self)[fid]

    def capacity(self) -> int:
        return sum(f.length for f in self.founds)


def _pile_index(rules: Rules) -> dict[str, Pile]:
    """Piles by id, built once per row and kept on it (a frozen dataclass may still carry a
    private attribute set through ``object.__setattr__``)."""
    index = rules.__dict__.get("_piles")
    if index is None:
        index = {p.id: p for p in rules.piles}
        object.__setattr__(rules, "_piles", index)
    return index


def _found_index(rules: Rules) -> dict[str, Found]:
    index = rules.__dict__.get("_founds")
    if index is None:
        index = {f.id: f for f in rules.founds}
        object.__setattr__(rules, "_founds", index)
    return index


@dataclass
class Board:
    """A mutable working copy of one state's piles and counters (apply builds one, then freezes
    it back into a new state)."""

    rules: Rules
    piles: dict[str, list[str]]
    base: str = ""
    redeals: int = 0
    flags: dict[str, int] = field(default_factory=dict)
    seed: int = 0
    log: list[str] = field(default_factory=list)

    # -- reading -------------------------------------------------------------------------------
    def top(self, pid: str) -> str | None:
        pile = self.piles.get(pid)
        if not pile or pile[-1].startswith("~"):
            return None
        return pile[-1]

    def stock(self) -> list[str]:
        return self.piles.setdefault("s", [])

    def talons(self) -> list[str]:
        return [p.id for p in self.rules.piles if p.kind in ("talon", "waste")]

    def talon_empty(self) -> bool:
        return not any(self.piles.get(t) for t in self.talons())

    def home(self) -> int:
        return sum(len(self.piles[f.id]) for f in self.rules.founds)

    def name(self, pid: str) -> str:
        if pid == "s":
            return N_("the stock")
        if pid in _found_index(self.rules):
            return N_("{pile} {n}").format(pile=self.rules.found(pid).label, n=pid[1:])
        pile = self.rules.pile(pid)
        num = pid.lstrip("abcdefghijklmnopqrstuvwxyz")
        return (N_("the {pile} {n}") if num else N_("the {pile}")).format(pile=pile.label, n=num)

    def flags_list(self, key: str) -> set[str]:
        """Pile ids marked ``key:<pile>`` in the flags (e.g. reserves that were emptied)."""
        return {k.split(":", 1)[1] for k in self.flags if k.startswith(key + ":")}

    # -- changing ------------------------------------------------------------------------------
    def take(self, pid: str) -> str:
        return face(self.piles[pid].pop())

    def put(self, pid: str, card: str) -> None:
        self.piles[pid].append(card)

    def shift(self, src: str, dst: str, why: str = "") -> str:
        card = self.take(src)
        self.put(dst, card)
        if why:
            self.log.append(N_("{why}: {card} from {source} to {target}.").format(
                why=why, card=pretty(card), source=self.name(src), target=self.name(dst)))
        return card


# -- moves -------------------------------------------------------------------------------------


def foundation_targets(board: Board, card: str) -> list[str]:
    """Foundations that take ``card`` now (of interchangeable empty ones, only the first)."""
    return home_targets(board).get(card, [])


def home_targets(board: Board) -> dict[str, list[str]]:
    """`foundation_targets` of every card at once: card -> the foundations that take it now
    (`Found.accepts`), in the foundations' order, of interchangeable empty ones only the first:
    one pass over the foundations for all of a position's moves."""
    out: dict[str, list[str]] = {}
    seen: set[tuple[object, ...]] = set()
    for f in board.rules.founds:
        pile = board.piles[f.id]
        if not pile:
            if f.key() in seen:
                continue
            seen.add(f.key())
            rank = f.base or board.base
            if not rank:
                continue
            suits = f.suit or "CSHD"
        else:
            if len(pile) >= f.length:
                continue
            top = pile[-1]
            rank = (f.order[len(pile) % len(f.order)] if f.order
                    else RANKS[(_RANK_VALUE[top[1]] - 1 + f.step) % 13])
            suits = (top[0] if f.build == "suit" else
                     "".join(x for x in "CSHD" if (x in RED) != (top[0] in RED))
                     if f.build == "alt" else "CSHD")
        for suit in suits:
            out.setdefault(suit + rank, []).append(f.id)
    return out


def source_ok(board: Board, src: str, dst: str, dst_kind: str) -> bool:
    """May the available card of ``src`` go to a pile of ``dst_kind`` at all?"""
    if src == "s":
        return True
    gives = board.rules.pile(src).gives
    return dst_kind in (gives or ("foundation", "tableau", "cell", "reserve"))


def refill_sources(board: Board, pile: Pile) -> frozenset[str]:
    """Pile ids whose available card may fill ``pile`` when it is empty."""
    fixed, stock = _refills(board.rules, pile)
    if stock == "S" or (stock == "s" and board.talon_empty()):
        return fixed | {"s"}
    return fixed


def _refills(rules: Rules, pile: Pile) -> tuple[frozenset[str], str]:
    """The piles that may fill ``pile`` whatever the position, and its stock clause (``s``:
    the stock once the talon is empty, ``S``: the stock always, or none), kept per rules row."""
    cache = rules.__dict__.get("_refills")
    if cache is None:
        cache = {}
        object.__setattr__(rules, "_refills", cache)
    found = cache.get(pile.id)
    if found is None:
        out: set[str] = set()
        stock = ""
        for src in pile.refill:
            if src == "any":
                out |= {p.id for p in rules.piles if p.kind in KINDS_PLAYABLE and p.id != pile.id}
            elif src == "w":
                out |= {p.id for p in rules.piles if p.kind in ("talon", "waste")}
            elif src == "S":
                stock = "S"
            elif src == "s":
                stock = stock or "s"
            elif src == "r":
                out |= {p.id for p in rules.piles if p.kind == "reserve"}
            elif src == "c":
                out |= {p.id for p in rules.piles if p.kind == "cell"}
            elif src == "t":
                out |= {p.id for p in rules.piles if p.kind == "tableau" and p.id != pile.id}
            elif src.startswith("="):  # the piles of one row: "=h" is h1, h2, ...
                out |= {p.id for p in rules.piles if prefix(p.id) == src[1:]}
        found = cache[pile.id] = (frozenset(out), stock)
    return found


def prefix(pid: str) -> str:
    """A pile id's row letters: ``h3`` -> ``h``."""
    return pid.rstrip("0123456789")


def sources(board: Board) -> list[str]:
    """Piles with an available card, in layout order (the stock first where its top shows)."""
    out = []
    if board.rules.stock == "choose" and board.stock():
        out.append("s")
    for p in board.rules.piles:
        if p.kind in KINDS_PLAYABLE and board.top(p.id) is not None:
            out.append(p.id)
    return out


def card_moves(board: Board) -> list[str]:
    """Every legal single-card ``move:src>dst``, by source in layout order: to foundations,
    packed on a tableau top, into a space, onto a chosen talon packet."""
    rules, piles = board.rules, board.piles
    opened = board.flags_list("opened")
    want: dict[int, list[Pile]] = {}  # the value a card needs -> tableau tops that take it
    empties: list[tuple[Pile, frozenset[str]]] = []
    for p in rules.piles:
        cards = piles[p.id]
        if p.kind not in ("tableau", "cell", "reserve") and not (p.kind == "talon" and p.pack):
            continue
        if not cards:
            if p.refill:
                empties.append((p, refill_sources(board, p)))
            continue
        if p.kind == "cell" or p.pack is None or cards[-1].startswith("~"):
            continue
        if p.pack_after_empty and p.id not in opened:
            continue
        v = value(cards[-1])
        dirs = p.pack.directions(cards[-1])
        wanted = {v - 1} if "down" in dirs and v > 1 else set()
        if "up" in dirs and v < 13:
            wanted.add(v + 1)
        wanted |= {value(r) for r in p.pack.neighbours(cards[-1][-1])}
        for w in wanted:
            want.setdefault(w, []).append(p)
    wastes = [p.id for p in rules.piles if p.kind == "waste"]
    choose = rules.stock == "choose"
    srcs = sources(board)
    if "s" not in srcs and board.stock() and any("s" in allowed for _, allowed in empties):
        srcs = ["s", *srcs]  # a blind refill from the stock
    moves: list[str] = []
    homes = home_targets(board)
    for src in srcs:
        card = board.top(src) if src != "s" else face(board.stock()[-1])
        assert card is not None
        seen = src != "s" or choose
        if seen and source_ok(board, src, "", "foundation"):
            moves += [f"move:{src}>{f}" for f in homes.get(card, ())]
        if src == "s" and choose:
            moves += [f"move:s>{w}" for w in wastes]
        if not source_ok(board, src, "", "tableau"):
            continue
        if seen:
            for p in want.get(value(card), ()):
                cards = piles[p.id]
                if p.takes and prefix(src) not in p.takes.split(","):
                    continue
                if p.id != src and p.pack and p.pack.fits(card, cards[-1], len(cards)):
                    moves.append(f"move:{src}>{p.id}")
        for p, allowed in empties:
            if src in allowed and (not p.kings or card[1] == "K"):
                moves.append(f"move:{src}>{p.id}")
    if rules.run_moves:
        moves += run_moves(board, want, empties)
    must = [p.id for p in rules.piles if p.must and not piles[p.id]]
    if must:  # a space to fill at once; moving a lone card from another space only shifts it
        musts = {p.id for p in rules.piles if p.must}
        fills = [m for m in moves if m.split(">")[1] in must and not (
            m[5:].split(">")[0] in musts and len(piles[m[5:].split(">")[0]]) == 1)]
        if fills:
            return fills
    return moves


def run_moves(board: Board, want: dict[int, list[Pile]],
              empties: list[tuple[Pile, frozenset[str]]]) -> list[str]:
    """Whole packed runs moved at once (``move:t2.3>t5``: the top three cards of t2), where the
    book lets marriages "be transferred from packet to packet" (The Four Seasons, Simplicity)."""
    out = []
    for p in board.rules.piles:
        cards = board.piles[p.id]
        if p.kind != "tableau" or p.pack is None:
            continue
        k = 1
        while k < len(cards) and p.pack.fits(cards[-k], cards[-k - 1], 0):
            k += 1
            base = cards[-k]
            for q in want.get(value(base), ()):
                qc = board.piles[q.id]
                if q.id != p.id and q.pack and q.pack.fits(base, qc[-1], len(qc)):
                    out.append(f"move:{p.id}.{k}>{q.id}")
            for q, allowed in empties:
                if p.id in allowed and k < len(cards):
                    out.append(f"move:{p.id}.{k}>{q.id}")
    return out


def do_move(board: Board, src: str, dst: str) -> None:
    if "." in src:  # a run: its cards keep their order
        pid, _, n = src.partition(".")
        run = board.piles[pid][-int(n):]
        del board.piles[pid][-int(n):]
        board.piles[dst] += run
        board.log.append(N_("{card} from {source} to {target}.").format(
            card=" ".join(pretty(c) for c in run), source=board.name(pid),
            target=board.name(dst)))
        return
    card = board.take(src) if src != "s" else face(board.stock().pop())
    board.put(dst, card)
    pile = _pile_index(board.rules).get(dst)
    if pile is not None and pile.pack_after_empty:
        board.flags[f"opened:{dst}"] = 1
    board.log.append(N_("{card} from {source} to {target}.").format(
        card=pretty(card), source=board.name(src), target=board.name(dst)))


# -- what happens by itself ----------------------------------------------------------------------


def settle(board: Board, extra: Callable[[Board], bool] | None = None) -> None:
    """Make every move the rules make by themselves, until none is left: turn exposed cards,
    kings to the bottom, immediate refills, top-ups from the stock, compulsory packing, and the
    game's own forced moves (``extra``)."""
    for _ in range(10_000):
        if not _settle_once(board) and not (extra and extra(board)):
            return


def _settle_once(board: Board) -> bool:
    piles = board.piles
    for p in board.rules.piles:
        cards = piles[p.id]
        if cards:
            if (p.king_down and cards[-1][0] != "~" and cards[-1][1] == "K"
                    and any(face(c)[1] != "K" for c in cards)):
                king = cards.pop()
                cards.insert(0, king)
                board.log.append(N_("{card} goes to the bottom of {pile}.").format(
                    card=pretty(king), pile=board.name(p.id)))
                _turn_top(board, p)
                return True
            if cards[-1][0] == "~" and _turn_top(board, p):
                return True
        elif p.auto:
            for src in p.auto:
                if src == "r":  # the original reserve only, not one refilled as a packet
                    opened = board.flags_list("opened")
                    res = next((q.id for q in board.rules.piles if q.kind == "reserve"
                                and board.piles[q.id] and q.id not in opened), None)
                    if res:
                        board.piles[res][-1] = face(board.piles[res][-1])
                        board.shift(res, p.id, N_("Filled"))
                        return True
                elif src == "w":
                    t = next((t for t in board.talons() if board.piles[t]), None)
                    if t:
                        board.shift(t, p.id, N_("Filled"))
                        return True
                elif src in ("s", "S") and board.stock() and (src == "S" or board.talon_empty()):
                    card = face(board.stock().pop())
                    board.put(p.id, card)
                    board.log.append(N_("{why}: {card} from {source} to {target}.").format(
                        why=N_("Filled"), card=pretty(card), source=N_("the stock"),
                        target=board.name(p.id)))
                    return True
    for p in _keepers(board.rules):
        if p.keep and len(board.piles[p.id]) < p.keep:
            # topped up from the stock (The Clock), or from the talon first (The Shah)
            talon = next((t for t in board.talons() if board.piles[t]), None) \
                if "w" in p.auto else None
            src = talon or ("s" if board.stock() else None)
            if src is None:
                continue
            card = face(board.piles[src].pop())
            board.put(p.id, card)
            board.log.append(N_("{pile} topped up with {card}.").format(
                pile=board.name(p.id).capitalize(), card=pretty(card)))
            return True
        if p.must_pack and board.top(p.id):
            card = board.top(p.id)
            assert card is not None
            for q in board.rules.piles:
                qc = board.piles[q.id]
                if q.kind == "tableau" and q.pack and qc and q.pack.fits(card, qc[-1], len(qc)):
                    board.shift(p.id, q.id, N_("Must be packed"))
                    return True
    return False


def _keepers(rules: Rules) -> tuple[Pile, ...]:
    """The piles topped up or packed by themselves (``keep``, ``must_pack``), in order, kept
    per rules row: the rest play no part in `_settle_once`'s second pass."""
    found = rules.__dict__.get("_keepers")
    if found is None:
        found = tuple(p for p in rules.piles if p.keep or p.must_pack)
        object.__setattr__(rules, "_keepers", found)
    return found


def _turn_top(board: Board, p: Pile) -> bool:
    cards = board.piles[p.id]
    if p.kind == "discard":  # a face-down discard stays so until its game turns it up
        return False
    if cards and cards[-1].startswith("~") and (not p.hidden_top or len(cards) == 1):
        cards[-1] = face(cards[-1])
        board.log.append(N_("{card} turned up on {pile}.").format(card=pretty(cards[-1]),
                                                                   pile=board.name(p.id)))
        return True
    return False


# -- stock and redeals ---------------------------------------------------------------------------


def stock_actions(board: Board) -> list[str]:
    out = []
    rules = board.rules
    if rules.stock in ("talon", "row") and board.stock():
        out.append("turn")
    anytime = rules.stock == "none"  # a layout-only game redeals whenever the player likes
    if board.redeals < rules.redeals and (anytime or (not board.stock()
                                          and any(board.piles.get(t) for t in board.talons()))):
        out.append("redeal")
    return out


def turn(board: Board) -> None:
    rules = board.rules
    if rules.stock == "row":
        dealt = []
        for p in rules.piles:
            if p.kind == "tableau" and board.stock():
                card = face(board.stock().pop())
                board.put(p.id, card)
                dealt.append(pretty(card))
        board.log.append(N_("Dealt a row: {cards}.").format(cards=" ".join(dealt)))
        return
    card = face(board.stock().pop())
    board.put("w", card)
    board.log.append(N_("Turned {card}.").format(card=pretty(card)))


def redeal(board: Board) -> None:
    rules = board.rules
    board.redeals += 1
    how = rules.redeal
    if how == "lucie":
        _redeal_lucie(board)
        return
    gathered: list[str] = []
    for t in board.talons():
        gathered += board.piles[t]
        board.piles[t] = []
    if how == "shuffle":
        random.Random(f"{board.seed}:redeal:{board.redeals}").shuffle(gathered)
        board.piles["s"] = gathered
    else:  # turn the talon (or the wastes, first packet first) over: first placed dealt first
        board.piles["s"] = gathered[::-1]
    left = rules.redeals - board.redeals
    said = (N_("Redeal {n}: {cards} cards back to the stock ({left} more redeal allowed).")
            if left == 1 else
            N_("Redeal {n}: {cards} cards back to the stock ({left} more redeals allowed)."))
    board.log.append(said.format(n=board.redeals, cards=len(gathered), left=left))


def _redeal_lucie(board: Board) -> None:
    """La Belle Lucie's redeal: gather the fans, shuffle (unless the option says not), deal in
    threes again into as many fans as that makes."""
    fans = [p for p in board.rules.piles if p.kind == "tableau"]
    cards = [c for p in fans for c in board.piles[p.id]]
    if not board.flags.get("no_shuffle"):
        random.Random(f"{board.seed}:redeal:{board.redeals}").shuffle(cards)
    for i, p in enumerate(fans):
        board.piles[p.id] = cards[3 * i: 3 * i + 3]
    left = board.rules.redeals - board.redeals
    said = (N_("Redeal {n}: {cards} cards gathered, shuffled and dealt again in fans of three "
               "({left} more allowed).") if not board.flags.get("no_shuffle") else
            N_("Redeal {n}: {cards} cards gathered, in order and dealt again in fans of three "
               "({left} more allowed)."))
    board.log.append(said.format(n=board.redeals, cards=len(cards), left=left))


def describe(card: str) -> str:
    return long_name(face(card))


CAPITALISED = (N_("The {pile} {n}"), N_("The {pile}"), N_("The stock"))
"""A pile's name opening a sentence (``Board.name(...).capitalize()``), marked for reading
back."""
