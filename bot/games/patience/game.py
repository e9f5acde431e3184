"""`PatienceGame`: the state, the view for pictures and the picker, and the `Game` entry.

Actions (compact, for Discord custom ids):

- ``move:<src>><dst>`` the available card of pile ``src`` to pile ``dst``; ``move:t2.3>t5``
  moves the top three cards of t2 as one packed run (The Four Seasons, Simplicity).
  Pile ids: ``s`` stock,
  ``w`` the talon (``w1..w5`` talon packets the player chooses), ``f1..f12`` foundations,
  ``t1..`` tableau, ``c1..`` cells (single loose cards), ``r``/``r1..`` reserves, ``a1..``/``q1..``
  decorative piles, ``d`` the discard. Where the player chooses the talon packet the stock's
  top card shows and is a source: ``move:s>w2``. A blind ``move:s>t3`` fills a space with the
  next stock card.
- ``turn`` the next stock card (to the talon, or a row onto the tableau, or into the row of an
  accordion); ``redeal``; ``resign``.
- The special operations: ``pair:t1,t5`` (Nestor, The Fourteens), ``cover:t2,t9`` (The
  Elevens), ``close:t2,t5`` (The Betrothal: discard what lies between), ``swap:c1,c7`` (The
  Fourteens' rescue, The Hemispheres, The Besieged City's Reserve at the end), ``merci:t3.1``
  (draw the covered card at position 1 of t3 to its top),
  ``tuck:t3`` (The Shamrocks' king), ``pull:t3`` (The Phalanx: the sixth-row ace or king of
  column 3 to the foundations), ``exile`` (Leoni's Own: run the exile chain; source ``e``),
  ``cycle:t5`` (Leoni's Own: turn a one-rank packet round), ``lay:a3,n7`` and ``up:n7``
  (The Empress of India: lay an Army card on a Navy card; send a laid couple up),
  ``slip:t3.2`` (Napoleon's Square, right after the deal: slip the king at position 2 of t3
  under its packet; ``redeal`` then deals the whole again).

`source_of` / `target_of` split every action into the picker's two steps.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from datetime import date
from typing import Any, ClassVar, Literal, Self

from pydantic import BaseModel, ConfigDict, Field

from bot.games.base import (
    Action,
    Advice,
    Event,
    Game,
    IllegalAction,
    InvalidOptions,
    Outcome,
    Seat,
    Solution,
    State,
    Traits,
    Variant,
    View,
    rng_for,
)
from bot.games.cards import deck, shuffled
from bot.games.patience import engine
from bot.games.patience.catalogue import CATALOGUE, rules_for
from bot.games.patience.engine import Board, Rules, face
from bot.games.patience.options import FLAG_HELP, PatienceOptions
from bot.games.patience.special import HOOKS, do_merci, do_tuck, merci_actions, tuck_actions
from bot.games.words import N_

PATIENCE_RANKS = "A23456789TJQK"
DAILY_BUDGET = 20_000
DAILY_TRIES = 5_000
DAILY_SPEND = 32
"""The daily deal's search: seeds in turn, each with ``DAILY_BUDGET`` positions (counted as
the engine's), until one is proved winnable, ``DAILY_TRIES`` were tried, or they searched
``DAILY_SPEND`` budgets' worth in all (`solver.daily_seed`). So many tries for the games
whose every move is forced, decided in a few dozen positions and seldom won: The Idle Year
(about one deal in two thousand) tries up to all of them within the spend. The spend is what
the games whose deals are seldom won, or seldom decided, need to come on one that is (St.
Louis's proved deal was its 30th seed on one day of four, The Four Corners' its 19th); seconds
of CPU, once a day per game, in a worker."""
DAILY_SHALLOW: dict[str, tuple[int, float]] = {"the_reinforcements": (500, 640)}
"""``(budget, spend)`` of the games whose deals are seldom won but won early in the search when
they are: the day's deal tries many seeds, each searched a little (The Reinforcements: 4,000
of its positions a seed, up to 640 seeds; bench/patience_solver.py has why)."""
SOLUTION_BUDGET = 100_000
"""Positions "show me a solution" may search, counted as the engine's (a few seconds; a fast
path gets as many more as cost the same time: `solver.scaled_budget`; the service also sets a
time limit)."""


def daily_search(variant: str) -> tuple[int, int, float]:
    """How the day's deal of ``variant`` is searched for: a budget a seed, the seeds at most,
    the spend (`solver.daily_seed`)."""
    budget, spend = DAILY_SHALLOW.get(variant, (DAILY_BUDGET, DAILY_SPEND))
    return budget, DAILY_TRIES, spend


def source_of(action: str) -> str | None:
    """The pile the picker's first step selects for ``action`` (``s`` for turn/redeal)."""
    kind, _, arg = str(action).partition(":")
    if kind == "move":
        return arg.split(">")[0].split(".")[0]
    if kind in ("pair", "cover", "close", "swap", "lay"):
        return arg.split(",")[0]
    if kind in ("merci", "slip"):
        return arg.split(".")[0]
    if kind in ("tuck", "pull", "cycle", "up"):
        return arg
    if kind in ("turn", "redeal"):
        return "s"
    if kind == "exile":
        return "e"
    return None


def target_of(action: str) -> str | None:
    """The pile the picker's second step selects (None: the action needs no second step)."""
    kind, _, arg = str(action).partition(":")
    if kind == "move":
        return arg.split(">")[1]
    if kind in ("pair", "cover", "close", "swap", "lay"):
        return arg.split(",")[1]
    if kind in ("merci", "slip", "tuck", "pull", "cycle", "up"):
        return source_of(action)
    return None


class PileView(BaseModel):
    """One pile as the player may see it, for pictures and the picker.

    ``cards`` bottom -> top, ``None`` for a card the player may not see (face down, or under the
    top of a squared packet); the stock shows no cards (or only its top where the game turns it
    up for the player to place) and gives ``count``. ``fan``: ``down``/``right``/``left`` spread
    that way, ``none`` squared. ``row``/``col``: where to draw it on a grid (floats allowed).
    """

    model_config = ConfigDict(frozen=True)

    id: str
    kind: str
    label: str
    cards: list[str | None]
    fan: str = "none"
    row: float = 0
    col: float = 0
    count: int = 0


class PatienceView(View):
    """The layout as the player may see it; ``message`` tells what just happened by itself."""

    variant: str
    title: str
    piles: list[PileView] = Field(default_factory=list)
    moves: int = 0
    redeals_left: int = 0
    won: bool = False
    home: int = 0
    capacity: int = 0
    message: str = ""


Status = Literal["play", "won", "lost", "resigned"]


class PatienceState(State):
    """One game of patience. ``piles`` holds every card (``~`` marks a face-down card)."""

    game: str = "patience"
    players: int = 1
    options: PatienceOptions
    piles: dict[str, list[str]]
    base: str = ""
    redeals: int = 0
    moves: int = 0
    flags: dict[str, int] = Field(default_factory=dict)
    status: Status = "play"
    message: str = ""

    @property
    def rules(self) -> Rules:
        return rules_for(self.options)

    @property
    def to_act(self) -> list[Seat]:
        return [0] if self.status == "play" else []

    def board(self) -> Board:
        return Board(rules=self.rules, piles={k: list(v) for k, v in self.piles.items()},
                     base=self.base, redeals=self.redeals, flags=dict(self.flags),
                     seed=self.seed)

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat != 0 or self.status != "play":
            return []
        return [Action.parse(a) for a in [*_legal(self.board()), "resign"]]

    def check_legal(self, seat: Seat, action: Action | str) -> Action:
        """As `State.check_legal`, comparing the compact strings (cheaper than models)."""
        parsed = Action.parse(action)
        if seat not in self.to_act:
            raise IllegalAction(N_("It is not your turn.") if self.status == "play"
                                else N_("This game is over."))
        if str(parsed) != "resign" and str(parsed) not in _legal(self.board()):
            raise IllegalAction(_refusal(self, parsed))
        return parsed

    def apply(self, seat: Seat, action: Action | str) -> tuple[Self, list[Event]]:
        parsed = self.check_legal(seat, action)
        if parsed.kind == "resign":
            home = self.board().home()
            text = N_("Gave up after {moves} moves: {n} cards on the foundations.").format(
                moves=self.moves, n=home)
            st = self.model_copy(update={"status": "resigned", "message": text})
            return st, [Event(kind="resign", seat=0, text=text)]
        board = self.board()
        hook = HOOKS[board.rules.hook]
        if not hook.apply(board, parsed.kind, parsed.arg):
            _engine_apply(board, parsed)
        first = len(board.log)
        engine.settle(board, hook.forced)
        st = _freeze(self, board, moves=self.moves + 1, forced=board.log[first:])
        events = [Event(kind="move" if i < first else "forced", seat=0, text=line)
                  for i, line in enumerate(board.log)]
        if st.status != "play":
            events.append(Event(kind="over", text=st.message))
        return st, events

    def view(self, seat: Seat | None) -> PatienceView:
        rules = self.rules
        piles: list[PileView] = []
        for f in rules.founds:
            cards = self.piles[f.id]
            piles.append(PileView(id=f.id, kind="foundation", label=f.label,
                                  cards=_squared(cards), fan="none", row=f.row, col=f.col,
                                  count=len(cards)))
        compact = rules.hook in ("idle", "betrothal")
        for p in rules.piles:
            cards = self.piles[p.id]
            if not cards and (p.hide_empty or (compact and p.kind == "tableau")):
                continue
            depth = shown_depth(rules, self.piles, p.id)
            shown = [None if c.startswith("~") or i < len(cards) - depth else c
                     for i, c in enumerate(cards)]
            piles.append(PileView(id=p.id, kind=p.kind, label=p.label, cards=shown, fan=p.fan,
                                  row=p.row, col=p.col, count=len(cards)))
        stock = self.piles.get("s", [])
        if rules.stock != "none" or stock:
            top: list[str | None] = [face(stock[-1])] if stock and rules.stock == "choose" else []
            row, col = _stock_at(rules)
            piles.append(PileView(id="s", kind="stock", label="stock", cards=top, fan="none",
                                  row=row, col=col, count=len(stock)))
        board = self.board()
        return PatienceView(
            game="patience", seat=seat, players=1, to_act=self.to_act, over=self.is_over,
            variant=rules.id, title=rules.title, piles=piles, moves=self.moves,
            redeals_left=rules.redeals - self.redeals, won=self.status == "won",
            home=board.home(), capacity=rules.capacity(), message=self.message,
        )

    def outcome(self) -> Outcome | None:
        if self.status == "play":
            return None
        won = self.status == "won"
        home = self.board().home()
        return Outcome(points=[1.0 if won else 0.0], ranks=[1], winners=[0] if won else [],
                       lines=[self.message], tallies={"moves": [float(self.moves)],
                                                      "home": [float(home)]})


def _stock_at(rules: Rules) -> tuple[float, float]:
    """The stock sits just left of the (first) talon pile; without a talon, above the layout's
    left edge."""
    talon = next((p for p in rules.piles if p.kind in ("talon", "waste")), None)
    if talon is not None:
        return talon.row, talon.col - 1
    return -1.0, 0.0


def shown_depth(rules: Rules, piles: dict[str, list[str]], pid: str) -> int:
    """How many cards from the top of pile ``pid`` the player may see: all of a spread pile,
    the top of a squared one; La Nivernaise's Line one more per empty Flank cell."""
    pile = rules.pile(pid)
    if pile.fan != "none":
        return len(piles[pid])
    extra = sum(1 for q in rules.piles if pile.peek and q.id.startswith(pile.peek)
                and not piles[q.id])
    return 1 + extra


def _squared(cards: list[str]) -> list[str | None]:
    return [None] * (len(cards) - 1) + [None if cards[-1].startswith("~") else cards[-1]] \
        if cards else []


def _refusal(state: PatienceState, action: Action) -> str:
    """Why ``action`` is refused, in words a player reads."""
    board = state.board()
    why = HOOKS[board.rules.hook].refusal(board, str(action))
    if why:
        return why
    src, dst = source_of(str(action)), target_of(str(action))
    known = set(board.piles) | {f.id for f in board.rules.founds}
    if action.kind == "turn":
        return (N_("The stock is empty.") if not board.stock()
                else N_("You cannot turn a card now."))
    if action.kind == "redeal":
        left = board.rules.redeals - board.redeals
        return (N_("No redeal is left.") if left <= 0 else
                N_("You may redeal only when the stock is used up."))
    for pid in (src, dst):
        if pid is not None and pid not in known:
            return N_("There is no pile `{pile}` in {game}.").format(pile=pid,
                                                                     game=board.rules.title)
    if action.kind == "move" and src and dst:
        if src != "s" and board.top(src) is None:
            return N_("{pile} has no card you may move.").format(
                pile=board.name(src).capitalize())
        card = board.top(src) if src != "s" else None
        what = engine.describe(card) if card else N_("That card")
        return N_("{card} may not go to {pile} now.").format(card=what.capitalize(),
                                                             pile=board.name(dst))
    return N_("`{move}` is not a legal move now.").format(move=action)


def _legal(board: Board) -> list[str]:
    hook = HOOKS[board.rules.hook]
    cards = engine.card_moves(board) if hook.card_moves else []
    spaces = {p.id for p in board.rules.piles if p.must and not board.piles[p.id]}
    if spaces and cards and all(m.split(">")[1] in spaces for m in cards):
        moves = cards  # a space to fill at once comes before turning the stock
    else:
        moves = [*cards, *engine.stock_actions(board), *merci_actions(board),
                 *tuck_actions(board)]
    return hook.actions(board, moves)


def _engine_apply(board: Board, action: Action) -> None:
    if action.kind == "move":
        src, dst = action.arg.split(">")
        engine.do_move(board, src, dst)
    elif action.kind == "turn":
        engine.turn(board)
    elif action.kind == "redeal":
        engine.redeal(board)
    elif action.kind == "merci":
        do_merci(board, action.arg)
    elif action.kind == "tuck":
        do_tuck(board, action.arg)
    else:  # pragma: no cover - legal_actions offers nothing else
        raise IllegalAction(N_("`{move}` is not a move of this game.").format(move=action))


def _freeze(state: PatienceState, board: Board, moves: int, forced: list[str]) -> PatienceState:
    hook = HOOKS[board.rules.hook]
    status: Status = "play"
    message = " ".join(forced)
    if hook.won(board):
        status, message = "won", N_("Won in {n} moves.").format(n=moves)
    elif not _legal(board):
        status = "lost"
        message = (f"{message} " if message else "") + (
            N_("Blocked: {n} cards on the foundations.").format(n=board.home())
            if board.rules.founds else N_("Blocked: no move is left."))
    return state.model_copy(update={
        "piles": board.piles, "base": board.base, "redeals": board.redeals, "moves": moves,
        "flags": board.flags, "status": status, "message": message.strip()})


class PatienceGame(Game[PatienceState, PatienceOptions]):
    key: ClassVar[str] = "patience"
    title: ClassVar[str] = N_("Patience")
    players: ClassVar[tuple[int, ...]] = (1,)
    default_players: ClassVar[int] = 1
    options_model: ClassVar[type[PatienceOptions]] = PatienceOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = {vid: {} for vid in CATALOGUE}
    default_preset: ClassVar[str] = "napoleon_at_st_helena"
    state_model: ClassVar[type[PatienceState]] = PatienceState
    traits: ClassVar[Traits] = Traits(mode="solo", information="private", has_ai=False,
                                      clocked=True, conserves_cards=True)

    def variants(self) -> list[Variant]:
        return [Variant(id=r.id, title=r.title, aliases=r.aliases,
                        tags=(r.family, r.info, _size(r)))
                for r in CATALOGUE.values()]

    def pack(self, options: PatienceOptions) -> list[str]:
        """Every card of the game (two packs: two of each code), in a fixed order."""
        rules = rules_for(options)
        return list(rules.cards) or deck(PATIENCE_RANKS) * rules.packs

    def new(self, players: int, options: PatienceOptions, seed: int,
            deal: Any | None = None) -> PatienceState:
        """A new game; ``seed`` is the deal number. ``deal`` fixes the pack order, first card
        dealt first (it must be exactly the game's pack)."""
        rules = rules_for(options)
        full = self.pack(options)
        if deal is None:
            pack = full if rules.cards else shuffled(full, rng_for(seed, "patience", rules.id))
        else:
            pack = [str(c) for c in deal]
            if Counter(pack) != Counter(full):
                raise InvalidOptions(N_("A deal of {game} must hold exactly its {n} "
                                        "cards.").format(game=rules.title, n=len(full)))
        piles: dict[str, list[str]] = {f.id: [] for f in rules.founds}
        piles.update({p.id: [] for p in rules.piles})
        flags = {"no_shuffle": int(options.no_shuffle), "shuffle": int(options.shuffle),
                 "courts_always": int(options.courts == "always")}
        board = Board(rules=rules, piles=piles, seed=seed, flags={k: v for k, v in flags.items()
                                                                   if v})
        hook = HOOKS[rules.hook]
        hook.deal(board, pack)
        engine.settle(board, hook.forced)
        state = PatienceState(seed=seed, options=options, piles={})
        return _freeze(state, board, moves=0, forced=board.log)

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random,
               budget_ms: int) -> Action:
        """Patience has no AI (``has_ai`` is False, nothing auto-plays it); this fallback only
        keeps the contract: the first legal action that is not giving up."""
        return next((a for a in legal if a.kind != "resign"), legal[0])

    def advise(self, state: PatienceState) -> Advice | None:
        """The solver's hint: a move that keeps the deal winnable when it decides in time
        (saying so, and that it read hidden cards where it did), else the best-looking move."""
        from bot.games.patience import solver  # lazy: only hints need the search

        found = solver.hint(state)
        knows = found.verdict.perfect_knowledge
        if found.action is None:
            return Advice(action=None, note=N_("No move is left."))
        if found.certain:
            return Advice(action=found.action, certain=True, note=N_(
                "It keeps the deal winnable (the solver knew the hidden cards: perfect "
                "knowledge of the deal).") if knows else N_("It keeps the deal winnable."))
        if found.verdict.status == "unwinnable":
            note = N_("This deal can no longer be won (the solver knew the hidden cards: "
                      "perfect knowledge of the deal); this move looks best.") if knows else N_(
                "This deal can no longer be won; this move looks best.")
        else:
            note = N_("The solver could not decide in time; this move looks best.")
        return Advice(action=found.action, note=note)

    def daily_deal(self, variant: str, day: date) -> tuple[int, bool]:
        """The day's deal of ``variant``: the first of a few seeds from the date that the solver
        proves winnable (``True``), else the first seed, not known to be winnable (``False``).
        Seconds of CPU: the service runs it once a day per game, off the event loop."""
        from bot.games.patience import solver

        budget, tries, spend = daily_search(variant)
        found = solver.daily_seed(variant, day, node_budget=budget, tries=tries, spend=spend)
        return found.seed, found.proven

    def solution(self, options: PatienceOptions, seed: int) -> Solution | None:
        """The solver's winning line from the deal (shortened, so a player can follow it), or
        why it has none: searched through (cannot be won) or not decided within its budget."""
        from bot.games.patience import solver

        verdict = solver.solution_from_start(self, options, seed, node_budget=SOLUTION_BUDGET)
        knows = (" " + N_("The solver knew every card from the start (perfect knowledge of "
                          "the deal), which a player does not.")
                 if verdict.perfect_knowledge else "")
        if verdict.status == "winnable":
            return Solution(line=list(verdict.line), note=N_(
                "This deal could be won in {n} moves.").format(n=len(verdict.line)) + knows)
        if verdict.status == "unwinnable":
            return Solution(note=N_("This deal could not be won: the solver tried every "
                                    "position it can reach.") + knows)
        return Solution(note=N_("The solver could not decide this deal within its budget "
                                "({n} positions).").format(n=f"{verdict.nodes:,}"))

    def auto_move(self, state: PatienceState) -> Action | None:
        """A card that may go home safely (every card that could be packed on it is home)."""
        from bot.games.patience import solver

        move = solver.safe_home_move(state)
        return None if move is None else Action.parse(move)

    def follow_ups(self, options: PatienceOptions, outcome: Outcome) -> list[str]:
        """The book's Surprise Party is the trick to show after a won Calculation or Four
        Kings (p. 28)."""
        if outcome.winners and options.preset in ("the_calculation", "the_four_kings"):
            return ["the_surprise_party"]
        return []

    def rules_text(self, options: PatienceOptions) -> str:
        rules = rules_for(options)
        lines = [N_("**{game}** (Dick's Games of Patience, p. {page}; {size})").format(
            game=rules.title, page=rules.page, size=_size(rules))]
        if rules.aliases:
            lines.append(N_("Also known as {names}.").format(names=", ".join(rules.aliases)))
        lines.append(rules.text)
        if rules.choices:
            lines.append(N_("Where the book is unclear: {choices}").format(choices=rules.choices))
        if rules.terms:
            lines.append(N_("Words: {words}.").format(words="; ".join(rules.terms)))
        flags = [N_("`{flag}`: {help}").format(flag=f, help=FLAG_HELP[f]) for f in rules.flags]
        if flags:
            lines.append(N_("Options: {options}.").format(options="; ".join(flags)))
        return "\n".join(lines)


def _size(rules: Rules) -> str:
    if rules.cards:
        return N_("{n} cards").format(n=len(rules.cards))
    return (N_("{n} pack") if rules.packs == 1 else N_("{n} packs")).format(n=rules.packs)
