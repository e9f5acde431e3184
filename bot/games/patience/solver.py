"""The patience solver: is this deal winnable, a hint that keeps it so, a solution to show.

Pure (no I/O, no asyncio): the service runs it in a worker process. It searches a compact form
of the position (`Position`: sorted ``(pile id, cards)`` tuples plus the counters), not the
pydantic state, and makes its moves with the engine's own move generation and rules (the
`Board` the engine works on is rebuilt from the compact form for each step), so a line it finds
is a line the engine accepts; the tests check that on many positions.

The search is a depth-first search over the position graph with the usual tools:

- a transposition table of canonical keys: tableau piles and cells that the game treats alike
  (same policies, no hook, no ordered dealing onto them) are sorted in the key, so the same
  layout with its piles permuted is searched once;
- safe automatic foundation moves: a card goes home at once, as the only move tried, when every
  card that could ever be packed on it is already home (it can then serve no purpose in the
  layout), in games where nothing else depends on when a pile empties; and, where cards lie
  only in the stock, on the talon or home (The Contra-Dance, The Quadrille), a card going to
  the one kind of foundation that could ever take it;
- move ordering: foundation moves first, then moves that uncover a hidden card or empty a pile,
  then other card moves, then the stock;
- a node budget: when it runs out the answer is "undecided", never a guess.

Every game of the catalogue goes through the same search (the hooks' special actions too), so
an "unwinnable" is an exhaustive search's answer. The games most played as puzzles go through
compact fast paths instead, about ten times as many positions a second, with the same kind of
answer: plain.py (the open single-card games, La Belle Lucie's family, The Shamrocks),
pairs_search.py (Nestor), choose_search.py (The Calculation's family: talon packets the
player chooses), fourteens_search.py (The Fourteens), chester_search.py (The Chester Game),
clock_search.py (The Clock), seasons_search.py (The Four Seasons, Simplicity),
chatelaine_search.py (The Chatelaine), reinforcements_search.py (The Reinforcements),
napoleon_search.py (Napoleon at St. Helena) and the other stock games' searches listed at
`_fast_path`; plain.py's search runs compiled where it was built (plain_core.py); a line they
find is replayed through the engine before it is returned.
Games with a stock, hidden or reshuffled cards are solved with perfect knowledge of the deal
(the seed fixes the stock and every redeal's shuffle): `Verdict.perfect_knowledge` says so and
every message must.
"""

from __future__ import annotations

import hashlib
import heapq
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date as Date
from typing import Literal

from bot.games.patience import (
    besieged_search,
    blockade_search,
    chameleon_search,
    chatelaine_search,
    chester_search,
    choose_search,
    clock_search,
    constitution_search,
    corners_search,
    empress_search,
    favorite_search,
    fourteens_search,
    hemispheres_search,
    magic,
    napoleon_search,
    pairs_search,
    plain,
    plain_core,
    precedence_search,
    reinforcements_search,
    reserve_search,
    seasons_search,
    shah_search,
    windmill_search,
    zodiac_search,
)
from bot.games.patience.engine import Board, Rules, face, prefix, step_rank
from bot.games.patience.game import PatienceGame, PatienceState, _legal
from bot.games.patience.options import PatienceOptions
from bot.games.patience.special import HOOKS, do_merci, do_tuck

Position = tuple[tuple[tuple[str, tuple[str, ...]], ...], str, int, tuple[tuple[str, int], ...]]
"""The compact position: ``((pile id, cards bottom->top), ...)`` sorted by id, the game's
foundation base, redeals used, the engine's flags."""

Status = Literal["winnable", "unwinnable", "undecided"]

FULL_INFORMATION = frozenset({
    "the_garden", "the_phalanx", "the_shamrocks", "the_beleaguered_castle", "the_citadel",
    "the_exiled_kings", "penelopes_web", "the_fortress", "nestor", "the_fifteen_puzzle",
    "la_belle_lucie", "the_house_in_the_wood", "the_house_on_the_hill",
})
"""Spec section 4: every card face up once dealt, no stock. La Belle Lucie's family only until
a shuffled redeal can still come (see `perfect_knowledge`)."""

DEFAULT_BUDGET = 100_000
HINT_BUDGET = 5_000
PLAIN_FACTOR = 6
"""A position of the fast paths (plain.py, pairs_search.py) costs about a tenth of the generic
search's: a hint there gets six times the node budget, well inside the hint's second (the
bench's hint p95 was up to 870 ms with ten times, on The House on the Hill)."""
COMPILED_FACTOR = 40
"""plain.py's search compiled (plain_core) costs about a fifteenth of plain.py's a position:
a hint there gets forty times the node budget (bench/patience_solver.py measures the hint)."""
HOOK_FACTORS = {"fourteens": 2, "seasons": 4, "windmill": 4, "favorite": 2, "stlouis": 2,
                "corners": 3, "chameleon": 2, "hemispheres": 3, "chester": 2, "empress": 2,
                "zodiac": 30, "besieged": 3}
"""Fast paths whose positions cost other than ``PLAIN_FACTOR`` assumes, by the game's
hook: about the engine's positions a second over theirs, measured side by side on the game's
deals (the figures: bench/patience_solver.py, "Cost factors"), so a budget means about as many
seconds, and a hint of a hard position stays inside its second. Dearer where one position does
more: fourteens_search.py scores every pair and exchange, windmill_search.py and
chameleon_search.py make the moves a position forces, favorite_search.py and
corners_search.py rank a dozen marriages; cheaper in zodiac_search.py, whose positions are one
suit's layouts and its building's states. chatelaine_search.py's cost what ``PLAIN_FACTOR``
assumes."""
GAME_FACTORS = {"the_blockade": 4, "the_constitution": 2, "the_reserve": 3,
                "the_reinforcements": 8, "napoleon_at_st_helena": 5}
"""As ``HOOK_FACTORS``, by the game's id, for fast paths of games without a hook
(blockade_search.py, constitution_search.py, reserve_search.py, reinforcements_search.py,
napoleon_search.py)."""


@dataclass(frozen=True)
class Verdict:
    """The solver's answer. ``line``: the actions that win from the position (replayable through
    `PatienceState.apply`), empty unless winnable. ``perfect_knowledge``: the answer looked at
    the stock, hidden cards or the shuffles to come (say so to the player)."""

    status: Status
    line: tuple[str, ...]
    nodes: int
    perfect_knowledge: bool
    reason: str = ""


@dataclass(frozen=True)
class Hint:
    """A move to make. ``certain``: it keeps the deal winnable (the solver proved it); otherwise
    it is the best move by a heuristic score, and ``verdict`` says why (undecided, or the deal
    cannot be won any more). ``action`` is None when no move is left."""

    action: str | None
    certain: bool
    verdict: Verdict


@dataclass(frozen=True)
class DailyDeal:
    seed: int
    proven: bool
    tries: int


# -- the compact form and the engine's moves on it ---------------------------------------------


def position_of(state: PatienceState) -> Position:
    return (tuple(sorted((k, tuple(v)) for k, v in state.piles.items())), state.base,
            state.redeals, tuple(sorted(state.flags.items())))


def _freeze(board: Board, size: int = -1) -> Position:
    """``size``: the piles `_board` built the board with, in sorted order; while the board
    has as many, it kept that order and needs no sort."""
    piles = board.piles
    pairs = ((k, tuple(v)) for k, v in piles.items())
    return (tuple(pairs) if len(piles) == size else tuple(sorted(pairs)), board.base,
            board.redeals, tuple(sorted(board.flags.items())))


def _board(rules: Rules, pos: Position, seed: int) -> Board:
    piles, base, redeals, flags = pos
    return Board(rules=rules, piles={k: list(v) for k, v in piles}, base=base, redeals=redeals,
                 flags=dict(flags), seed=seed)


def moves_of(rules: Rules, pos: Position, seed: int) -> list[str]:
    """The legal actions in ``pos`` (the engine's, without giving up)."""
    return _legal(_board(rules, pos, seed))


def play(rules: Rules, pos: Position, seed: int, action: str) -> tuple[Position, Board]:
    """The position after ``action`` and every forced move the rules make after it."""
    board = _board(rules, pos, seed)
    _apply(board, action)
    return _freeze(board, len(pos[0])), board


def _apply(board: Board, action: str) -> None:
    from bot.games.patience import engine

    kind, _, arg = action.partition(":")
    hook = HOOKS[board.rules.hook]
    if not hook.apply(board, kind, arg):
        if kind == "move":
            src, dst = arg.split(">")
            engine.do_move(board, src, dst)
        elif kind == "turn":
            engine.turn(board)
        elif kind == "redeal":
            engine.redeal(board)
        elif kind == "merci":
            do_merci(board, arg)
        elif kind == "tuck":
            do_tuck(board, arg)
        else:  # pragma: no cover - the engine offers nothing else
            raise ValueError(f"not a patience action: {action}")
    engine.settle(board, hook.forced)


# -- what the search knows about a game ---------------------------------------------------------


@dataclass
class _Game:
    """Per-game facts the search uses, worked out once per rules row."""

    rules: Rules
    groups: list[list[str]]  # pile ids that are interchangeable (sorted in the canonical key)
    packers: dict[str, frozenset[str]] | None  # card -> cards that could be packed on it
    pack_count: Counter[str]
    found_ids: frozenset[str]
    order: dict[str, int]  # card -> how early a foundation can want it (for `_score`)
    takers: dict[str, frozenset[object]] | None  # card -> kinds of foundation that may take it

    @classmethod
    def of(cls, rules: Rules, pack: list[str]) -> _Game:
        return cls(rules, _groups(rules), _packers(rules, pack), Counter(pack),
                   frozenset(f.id for f in rules.founds), _order(rules, pack),
                   _takers(rules, pack))


def _order(rules: Rules, pack: list[str]) -> dict[str, int]:
    """For each card, the smallest place it takes in a foundation's run that may hold it (a
    card lying on one wanted earlier blocks it); foundations whose base the game fixes later
    count from the ace."""
    out: dict[str, int] = {}
    for card in set(pack):
        best = 99
        for f in rules.founds:
            if f.suit and card[0] != f.suit:
                continue
            if f.order:
                places = [i for i, r in enumerate(f.order) if r == card[1]]
            else:
                base = _VALUE.get(f.base or "A", 1)
                places = [i for i in range(f.length)
                          if (base - 1 + i * f.step) % 13 + 1 == _VALUE[card[1]]]
            if places:
                best = min(best, places[0])
        out[card] = best
    return out


def _groups(rules: Rules) -> list[list[str]]:
    if rules.hook or rules.stock == "row" or (rules.redeal == "lucie" and rules.redeals):
        return []
    if any(p.auto or p.keep or p.pack_after_empty for p in rules.piles):
        return []
    by_sig: dict[object, list[str]] = {}
    for p in rules.piles:
        if p.kind not in ("tableau", "cell"):
            continue
        sig = (prefix(p.id), replace(p, id="", label="", deal=0, down=0, row=0, col=0))
        by_sig.setdefault(sig, []).append(p.id)
    return [ids for ids in by_sig.values() if len(ids) > 1]


def _takers(rules: Rules, pack: list[str]) -> dict[str, frozenset[object]] | None:
    """Where a card can only ever lie in the stock, on the talon or home (no packing, no
    tableau, no hook but one that only holds moves home back: The Contra-Dance, The
    Quadrille), which kinds of foundation (`Found.key` and order) could ever take each card;
    else None. Such a card going home to its only kind of foundation loses nothing: left where
    it is, it only covers cards, and a line that sends it home later is matched by one that
    sends it now (twin foundations are alike; a foundation started sooner holds nothing back)."""
    if rules.hook and not HOOKS[rules.hook].only_delays_home:
        return None
    if rules.tuck or rules.merci or rules.run_moves or rules.cards:
        return None
    if any(p.kind not in ("talon", "waste") or p.pack is not None or p.refill or p.auto
           or p.must or p.keep for p in rules.piles):
        return None
    if any(not f.base or f.order for f in rules.founds):
        return None
    out: dict[str, set[object]] = {c: set() for c in set(pack)}
    for f in rules.founds:
        ranks = {step_rank(_VALUE[f.base], i * f.step) for i in range(f.length)}
        for c in out:
            if _VALUE[c[1]] in ranks and (f.build != "suit" or not f.suit or f.suit == c[0]):
                out[c].add(f.key())
    return {c: frozenset(k) for c, k in out.items()}


def _packers(rules: Rules, pack: list[str]) -> dict[str, frozenset[str]] | None:
    """For games where safe foundation moves are sound: which cards could be packed on each
    card. None where the rules make the timing of an emptied pile matter, or the foundations
    are not plain suit sequences up from the ace."""
    if rules.hook or rules.tuck or rules.merci or rules.run_moves:
        return None
    if any(p.auto or p.keep or p.must or p.must_pack or p.king_down for p in rules.piles):
        return None
    if not rules.founds or any(f.base != "A" or f.step != 1 or f.build != "suit" or f.order
                               or f.length != 13 for f in rules.founds):
        return None
    packs = {p.pack for p in rules.piles if p.pack is not None}
    codes = sorted(set(pack))
    return {c: frozenset(x for x in codes for pk in packs if x != c and pk.fits(x, c, 0))
            for c in codes}


def _key(game: _Game, pos: Position) -> object:
    if not game.groups:
        return pos
    piles = dict(pos[0])
    for ids in game.groups:
        for pid, cards in zip(ids, sorted(piles[i] for i in ids), strict=True):
            piles[pid] = cards
    return (tuple(sorted(piles.items())), pos[1], pos[2], pos[3])


def _ordered(game: _Game, board: Board, moves: list[str]) -> list[str]:
    """Safe foundation move alone if there is one; else foundation moves, moves that uncover
    or empty, other card moves, the rest."""
    home = [m for m in moves if m.startswith("move:") and m.split(">")[1] in game.found_ids]
    if home and (game.packers is not None or game.takers is not None):
        on_home: Counter[str] = Counter()
        for f in game.rules.founds:
            on_home.update(board.piles[f.id])
        for m in home:
            src = m[5:].split(">")[0]
            card = face(board.piles["s"][-1]) if src == "s" else board.piles[src][-1]
            if game.takers is not None and len(game.takers[card]) == 1:
                return [m]
            if game.packers is not None and all(
                    on_home[x] == game.pack_count[x] for x in game.packers.get(card, ())):
                return [m]

    def rank(m: str) -> int:
        if m in home:
            return 0
        if m.startswith("move:"):
            src = m[5:].split(">")[0].split(".")[0]
            cards = board.piles.get(src, ())
            if len(cards) == 1 or (len(cards) > 1 and cards[-2].startswith("~")):
                return 1
            return 2
        if m in ("turn", "redeal"):
            return 4
        return 3
    return sorted(moves, key=rank)


def safe_home_move(state: PatienceState) -> str | None:
    """A move of a card to the foundations that cannot spoil the deal (every card that could
    be packed on it is home already), for the Auto button; None where there is none, or where
    the game's rules make no foundation move provably safe (hooks, odd foundations)."""
    if state.status != "play":
        return None
    rules = state.rules
    board = state.board()
    game = _Game.of(rules, [face(c) for cards in board.piles.values() for c in cards])
    if game.packers is None:
        return None
    moves = [str(a) for a in state.legal_actions(0) if a.kind == "move"]
    first = _ordered(game, board, moves)[:1]
    if len(first) == 1 and len(_ordered(game, board, first)) == 1 and first[0] in moves:
        src, dst = first[0][5:].split(">")
        card = face(board.piles["s"][-1]) if src == "s" else board.piles[src][-1]
        on_home: Counter[str] = Counter()
        for f in rules.founds:
            on_home.update(board.piles[f.id])
        if dst in game.found_ids and all(
                on_home[x] == game.pack_count[x] for x in game.packers.get(card, ())):
            return first[0]
    return None


def _won(board: Board) -> bool:
    return HOOKS[board.rules.hook].won(board)


# -- the search -----------------------------------------------------------------------------------


def perfect_knowledge(state: PatienceState) -> bool:
    """True when an answer for ``state`` may depend on cards the player cannot see: a stock,
    hidden cards, or a shuffled redeal still to come."""
    rules = state.rules
    if rules.id not in FULL_INFORMATION:
        return True
    shuffles = rules.redeal == "lucie" and not state.flags.get("no_shuffle")
    return shuffles and state.redeals < rules.redeals


def solve(state: PatienceState, *, node_budget: int = DEFAULT_BUDGET,
          stop: Callable[[], bool] | None = None) -> Verdict:
    """Decide ``state``: winnable (with the winning line), unwinnable (the whole reachable
    position graph searched), or undecided (``node_budget`` positions generated first, or
    ``stop`` said so: it is asked every 256 positions, e.g. for a time limit).

    Two searches share the budget: a depth-first search first (a quarter; it finds the long
    forced-looking wins of the fan games at once), then a best-first search on `_score` (the
    deeper position among equals), which finds most other wins far sooner. Both keep every
    position once under its canonical key, so either one's "unwinnable" is exhaustive."""
    clairvoyant = perfect_knowledge(state)
    rules = state.rules
    game = _Game.of(rules, [face(c) for cards in state.piles.values() for c in cards])
    root = position_of(state)
    if state.status == "won" or _won(_board(rules, root, state.seed)):
        return Verdict("winnable", (), 0, clairvoyant, "The game is already won.")
    fast = _fast_path(state)
    if fast is not None:
        answer = _checked(fast(node_budget, stop), state)
        if answer is not None:
            return replace(answer, perfect_knowledge=clairvoyant)
    first = _depth_first(game, root, state.seed, node_budget // 4, stop)
    if first.status != "undecided":
        return replace(first, perfect_knowledge=clairvoyant)
    second = _best_first(game, root, state.seed, node_budget - first.nodes, stop)
    return replace(second, nodes=first.nodes + second.nodes, perfect_knowledge=clairvoyant)


FastSearch = Callable[[int, Callable[[], bool] | None], plain.PlainAnswer]


def _fast_path(state: PatienceState) -> FastSearch | None:
    """The compact search that takes ``state``'s game, if one does: plain.py (open games of
    single-card moves), pairs_search.py (Nestor), magic.py (The Fifteen Puzzle, solved by
    construction), choose_search.py (the stock games of talon packets the player chooses:
    The Calculation's family), fourteens_search.py (The Fourteens), clock_search.py (The
    Clock), seasons_search.py (The Four Seasons, Simplicity), precedence_search.py (The Order
    of Precedence), windmill_search.py (The Windmill), favorite_search.py (Napoleon's
    Favorite, St. Louis), blockade_search.py (The Blockade), shah_search.py (The Shah of
    Persia), corners_search.py (The Four Corners), chameleon_search.py (The Chameleon),
    constitution_search.py (The Constitution), hemispheres_search.py (The Hemispheres),
    chester_search.py (The Chester Game), empress_search.py (The Empress of India),
    zodiac_search.py (The Zodiac), chatelaine_search.py (The Chatelaine), besieged_search.py
    (The Besieged City), reserve_search.py (The Reserve),
    reinforcements_search.py (The Reinforcements), napoleon_search.py (Napoleon at St.
    Helena). Called with a budget and a stop."""
    rules = state.rules
    game = plain.plain_game(rules, state.piles, state.redeals, state.flags, state.seed)
    if game is not None:
        start = plain.position(game, state.piles, state.redeals, state.flags.get("merci", 0))
        return lambda budget, stop: plain_core.search(game, start, budget, stop)
    if rules.hook == "fifteen":
        answer = magic.magic_line(state.piles)
        return None if answer is None else (lambda budget, stop: answer)
    pairs = pairs_search.pairs_game(rules, state.piles)
    if pairs is not None:
        counts = pairs_search.root(pairs)
        return lambda budget, stop: pairs_search.search(pairs, counts, budget, stop)
    choose = choose_search.choose_game(rules, state.piles, state.redeals, state.flags)
    if choose is not None:
        begin = choose_search.position(choose, state.piles, state.redeals)
        return lambda budget, stop: choose_search.search(choose, begin, budget, stop)
    fourteens = fourteens_search.fourteens_game(rules, state.piles)
    if fourteens is not None:
        square = fourteens_search.position(fourteens, state.piles, state.flags)
        return lambda budget, stop: fourteens_search.search(fourteens, square, budget, stop)
    clock = clock_search.clock_game(rules, state.piles, state.redeals, state.flags)
    if clock is not None:
        at = clock_search.position(clock, state.piles)
        return lambda budget, stop: clock_search.search(clock, at, budget, stop)
    seasons = seasons_search.seasons_game(rules, state.piles, state.base)
    if seasons is not None:
        here = seasons_search.position(seasons, state.piles)
        return lambda budget, stop: seasons_search.search(seasons, here, budget, stop)
    precedence = precedence_search.precedence_game(rules, state.piles, state.flags)
    if precedence is not None:
        there = precedence_search.position(precedence, state.piles, state.redeals)
        return lambda budget, stop: precedence_search.search(precedence, there, budget, stop)
    windmill = windmill_search.windmill_game(rules, state.piles, state.flags)
    if windmill is not None:
        sails = windmill_search.position(windmill, state.piles, state.flags)
        return lambda budget, stop: windmill_search.search(windmill, sails, budget, stop)
    favorite = favorite_search.favorite_game(rules, state.piles, state.redeals, state.flags)
    if favorite is not None:
        there = favorite_search.position(favorite, state.piles, state.redeals, state.flags)
        return lambda budget, stop: favorite_search.search(favorite, there, budget, stop)
    blockade = blockade_search.blockade_game(rules, state.piles, state.redeals, state.flags)
    if blockade is not None:
        rows = blockade_search.position(blockade, state.piles)
        return lambda budget, stop: blockade_search.search(blockade, rows, budget, stop)
    shah = shah_search.shah_game(rules, state.piles, state.redeals, state.flags)
    if shah is not None:
        star = shah_search.position(shah, state.piles, state.flags)
        return lambda budget, stop: shah_search.search(shah, star, budget, stop)
    hemi = hemispheres_search.hemi_game(rules, state.piles, state.redeals, state.flags)
    if hemi is not None:
        races = hemispheres_search.position(hemi, state.piles)
        return lambda budget, stop: hemispheres_search.search(hemi, races, budget, stop)
    corners = corners_search.corners_game(rules, state.piles, state.redeals, state.flags)
    if corners is not None:
        dealt = corners_search.position(corners, state.piles, state.redeals, state.flags)
        return lambda budget, stop: corners_search.search(corners, dealt, budget, stop)
    chameleon = chameleon_search.chameleon_game(rules, state.piles, state.base, state.flags)
    if chameleon is not None:
        packet = chameleon_search.position(chameleon, state.piles, state.redeals, state.flags)
        return lambda budget, stop: chameleon_search.search(chameleon, packet, budget, stop)
    constitution = constitution_search.constitution_game(rules, state.piles, state.redeals,
                                                         state.flags)
    if constitution is not None:
        rows = constitution_search.position(constitution, state.piles)
        return lambda budget, stop: constitution_search.search(constitution, rows, budget, stop)
    chester = chester_search.chester_game(rules, state.piles, state.flags)
    if chester is not None:
        tops = chester_search.position(chester, state.piles)
        return lambda budget, stop: chester_search.search(chester, tops, budget, stop)
    empress = empress_search.empress_game(rules, state.piles, state.redeals, state.flags)
    if empress is not None:
        cells = empress_search.position(empress, state.piles)
        return lambda budget, stop: empress_search.search(empress, cells, budget, stop)
    zodiac = zodiac_search.zodiac_game(rules, state.piles, state.redeals, state.flags)
    if zodiac is not None:
        circle = zodiac_search.position(zodiac, state.piles, state.redeals, state.flags)
        return lambda budget, stop: zodiac_search.search(zodiac, circle, budget, stop)
    chatelaine = chatelaine_search.chatelaine_game(rules, state.piles, state.redeals,
                                                   state.flags)
    if chatelaine is not None:
        packets = chatelaine_search.position(chatelaine, state.piles)
        return lambda budget, stop: chatelaine_search.search(chatelaine, packets, budget, stop)
    besieged = besieged_search.besieged_game(rules, state.piles, state.redeals, state.flags)
    if besieged is not None:
        city = besieged_search.position(besieged, state.piles, state.flags)
        return lambda budget, stop: besieged_search.search(besieged, city, budget, stop)
    reserve = reserve_search.reserve_game(rules, state.piles, state.redeals, state.flags)
    if reserve is not None:
        packet = reserve_search.position(reserve, state.piles, state.redeals)
        return lambda budget, stop: reserve_search.search(reserve, packet, budget, stop)
    reinforcements = reinforcements_search.reinforcements_game(rules, state.piles, state.redeals,
                                                               state.flags)
    if reinforcements is not None:
        spread = reinforcements_search.position(reinforcements, state.piles, state.redeals)
        return lambda budget, stop: reinforcements_search.search(reinforcements, spread, budget,
                                                                 stop)
    napoleon = napoleon_search.napoleon_game(rules, state.piles, state.redeals, state.flags)
    if napoleon is not None:
        columns = napoleon_search.position(napoleon, state.piles)
        return lambda budget, stop: napoleon_search.search(napoleon, columns, budget, stop)
    return None


def search_path(state: PatienceState) -> str:
    """Which search decides ``state``: ``fast`` (a compact fast path) or ``engine``."""
    return "fast" if _fast_path(state) is not None else "engine"


def _checked(answer: plain.PlainAnswer, state: PatienceState) -> Verdict | None:
    """The fast path's verdict; a winning line is replayed through the engine first (None, and
    the generic search decides, should it ever not win there)."""
    if answer.status == "winnable":
        pos, seed = position_of(state), state.seed
        board = _board(state.rules, pos, seed)
        for action in answer.line:
            if action not in _legal(board):
                return None
            pos, board = play(state.rules, pos, seed, action)
        if not _won(board):
            return None
        return Verdict("winnable", answer.line, answer.nodes, True)
    if answer.status == "unwinnable":
        return Verdict("unwinnable", (), answer.nodes, True, f"Every one of the "
                       f"{answer.positions} positions reachable was searched.")
    return Verdict("undecided", (), answer.nodes, True,
                   f"No answer within {answer.nodes} positions.")


def _out_of_budget(nodes: int, budget: int, stop: Callable[[], bool] | None) -> bool:
    return nodes > budget or (stop is not None and not nodes & 255 and stop())


def _depth_first(game: _Game, root: Position, seed: int, budget: int,
                 stop: Callable[[], bool] | None) -> Verdict:
    rules = game.rules
    board = _board(rules, root, seed)
    seen = {_key(game, root)}
    path: list[str] = []
    stack = [(root, iter(_ordered(game, board, _legal(board))))]
    nodes = 0
    while stack:
        pos, todo = stack[-1]
        action = next(todo, None)
        if action is None:
            stack.pop()
            if path:
                path.pop()
            continue
        nodes += 1
        if _out_of_budget(nodes, budget, stop):
            return Verdict("undecided", (), nodes - 1, True, f"No answer within {nodes - 1} "
                           "positions.")
        child, after = play(rules, pos, seed, action)
        key = _key(game, child)
        if key in seen:
            continue
        seen.add(key)
        if _won(after):
            return Verdict("winnable", (*path, action), nodes, True)
        path.append(action)
        stack.append((child, iter(_ordered(game, after, _legal(after)))))
    return Verdict("unwinnable", (), nodes, True,
                   f"Every one of the {len(seen)} positions reachable was searched.")


def _best_first(game: _Game, root: Position, seed: int, budget: int,
                stop: Callable[[], bool] | None) -> Verdict:
    rules = game.rules
    root_key = _key(game, root)
    parent: dict[object, tuple[object, str] | None] = {root_key: None}
    queue: list[tuple[float, int, int, Position, object]] = [(0.0, 0, 0, root, root_key)]
    nodes = count = 0
    while queue:
        _, negdepth, _, pos, pkey = heapq.heappop(queue)
        board = _board(rules, pos, seed)
        for action in _ordered(game, board, _legal(board)):
            nodes += 1
            if _out_of_budget(nodes, budget, stop):
                return Verdict("undecided", (), nodes - 1, True,
                               f"No answer within {nodes - 1} positions.")
            child, after = play(rules, pos, seed, action)
            key = _key(game, child)
            if key in parent:
                continue
            parent[key] = (pkey, action)
            if _won(after):
                line = []
                at: object = key
                while (link := parent[at]) is not None:
                    at, act = link
                    line.append(act)
                return Verdict("winnable", tuple(reversed(line)), nodes, True)
            count += 1
            heapq.heappush(queue, (-_score(after, game.order), negdepth - 1, count, child, key))
    return Verdict("unwinnable", (), nodes, True,
                   f"Every one of the {len(parent)} positions reachable was searched.")


# -- hints, solutions, daily deals -----------------------------------------------------------------


def _score(board: Board, order: dict[str, int] | None = None) -> float:
    """A heuristic for a position: cards home, hidden cards turned, spaces made, and few cards
    lying on a lower one (each such card must move before the lower one can go home)."""
    hidden = blocking = spaces = 0
    for p in board.rules.piles:
        cards = board.piles[p.id]
        if not cards:
            spaces += p.kind == "tableau"
            continue
        low = 99
        for c in cards:
            if c.startswith("~"):
                hidden += 1
                c = c[1:]
            v = order.get(c, 99) if order is not None else _VALUE[c[1]]
            if v > low:
                blocking += 1
            else:
                low = v
    stock = len(board.piles.get("s", ()))
    return 10 * board.home() - 4 * hidden - 3 * blocking + 2 * spaces - 0.1 * stock


_VALUE = {r: i + 1 for i, r in enumerate("A23456789TJQK")}


def scaled_budget(state: PatienceState, node_budget: int) -> int:
    """``node_budget``, counted in positions of the engine's search, as the positions of the
    search that takes ``state`` which cost about the same time: ``PLAIN_FACTOR`` times as many
    on a fast path (fewer on some: ``HOOK_FACTORS``, ``GAME_FACTORS``), ``COMPILED_FACTOR``
    times where plain.py's compiled search takes it; on the engine's search, a game of more
    than two packs gets the budget times two over its packs (its positions cost that much
    more: The Empress of India's four packs, half the budget, where empress_search.py does not
    take the position). So a budget means about as many seconds whichever search answers."""
    if _fast_path(state) is not None:
        if state.rules.hook in HOOK_FACTORS:
            return node_budget * HOOK_FACTORS[state.rules.hook]
        if state.rules.id in GAME_FACTORS:
            return node_budget * GAME_FACTORS[state.rules.id]
        compiled = plain_core.native() and plain.plain_game(
            state.rules, state.piles, state.redeals, state.flags, state.seed) is not None
        return node_budget * (COMPILED_FACTOR if compiled else PLAIN_FACTOR)
    # the engine's positions cost as the cards in play: past two packs, fewer of them
    return node_budget * 2 // max(2, state.rules.packs)


def hint(state: PatienceState, *, node_budget: int = HINT_BUDGET,
         stop: Callable[[], bool] | None = None) -> Hint:
    """A move that keeps the deal winnable when the solver decides within ``node_budget``
    (`scaled_budget`); otherwise the best move by `_score` one move ahead (``certain``
    False)."""
    verdict = solve(state, node_budget=scaled_budget(state, node_budget), stop=stop)
    if verdict.status == "winnable" and verdict.line:
        return Hint(verdict.line[0], True, verdict)
    rules = state.rules
    pos = position_of(state)
    moves = moves_of(rules, pos, state.seed)
    if not moves or state.status != "play":
        return Hint(None, False, verdict)
    best = max(moves, key=lambda m: (_score(play(rules, pos, state.seed, m)[1]),
                                     -moves.index(m)))
    return Hint(best, False, verdict)


def solution_from_start(game: PatienceGame, options: PatienceOptions, seed: int, *,
                        node_budget: int = DEFAULT_BUDGET) -> Verdict:
    """The "show me a solution" answer for deal ``seed``: the winning line from the deal, or
    why there is none (unwinnable: searched through; undecided: not within the budget,
    `scaled_budget`: a fast path gets as many more positions as cost the same time)."""
    state = game.new(1, options, seed)
    verdict = solve(state, node_budget=scaled_budget(state, node_budget))
    if verdict.status != "winnable":
        return verdict
    line = verdict.line
    for _ in range(3):  # a shorter line can offer new shortcuts
        shorter = shorten(state, line)
        if len(shorter) == len(line):
            break
        line = shorter
    return replace(verdict, line=line)


def shorten(state: PatienceState, line: tuple[str, ...]) -> tuple[str, ...]:
    """A winning line without its detours: from each position of the line, one move that
    reaches a later position of it (exactly, not up to permuted piles) skips what lies between.
    A depth-first search's lines wander; a player replaying one should not have to."""
    rules, seed = state.rules, state.seed
    positions = [position_of(state)]
    for action in line:
        positions.append(play(rules, positions[-1], seed, action)[0])
    where = {pos: i for i, pos in enumerate(positions)}
    out: list[str] = []
    i = 0
    while i < len(line):
        best, step = i + 1, line[i]
        for action in moves_of(rules, positions[i], seed):
            j = where.get(play(rules, positions[i], seed, action)[0], -1)
            if j > best:
                best, step = j, action
        out.append(step)
        i = best
    return tuple(out)


def daily_seed(variant_id: str, day: Date, node_budget: int = DEFAULT_BUDGET, *,
               tries: int = 20, spend: float | None = None) -> DailyDeal:
    """The daily deal: seeds ``h + k`` (``h`` a hash of the variant and the date, ``k`` = 0, 1,
    ...) tried in turn; the first the solver proves winnable. When none of ``tries`` seeds is
    proved winnable within the budget, the first seed ``h`` comes back with ``proven`` False
    (the caller says the deal is not known to be winnable). ``spend``: stop sooner, once the
    seeds tried have searched that many budgets' worth of positions in all: a deal proved lost
    in a few positions costs only those, so a game whose deals are mostly quickly lost (and
    seldom won) tries more of them in about the same seconds."""
    digest = hashlib.sha256(f"{variant_id}:{day.isoformat()}".encode()).digest()
    first = int.from_bytes(digest[:6], "big")
    game = PatienceGame()
    options = game.options(variant_id)
    spent = 0.0
    for k in range(tries):
        verdict = solution_from_start(game, options, first + k, node_budget=node_budget)
        if verdict.status == "winnable":
            return DailyDeal(first + k, True, k + 1)
        if spend is not None:
            spent += verdict.nodes / max(1, scaled_budget(game.new(1, options, first + k),
                                                          node_budget))
            if spent >= spend:
                return DailyDeal(first, False, k + 1)
    return DailyDeal(first, False, tries)
