"""`DiceGame`: the state, the public view and the `Game` entry for the booklet's ten games.

Actions (no action carries a face: the dice decide):

- ``roll`` throw (the whole turn where the game leaves no choice: three throws of Throwing
  Dice, Raffles' throws until a pair, Centennial's throws while they mark, the closed pot's
  three throws); in Draw Poker after the first throw, throw all five again; in Vingt-un,
  throw once more.
- ``hold:1,3`` Draw Poker: keep the dice at places 1 and 3 (1-based, as shown) and throw the
  others once.
- ``stand`` Draw Poker: keep all five; Vingt-un: stop on the total.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any, ClassVar, Self

from pydantic import Field

from bot.games.base import (
    Action,
    Event,
    Game,
    IllegalAction,
    InvalidOptions,
    Outcome,
    Seat,
    State,
    Traits,
    Variant,
    View,
)
from bot.games.dice import scoring
from bot.games.dice.catalogue import CATALOGUE, Row
from bot.games.dice.engine import Engine, Phase, Table, new_table, result_text
from bot.games.dice.options import FLAG_HELP, DiceOptions
from bot.games.words import N_

HOLDS = [Action(kind="hold", arg=",".join(str(i + 1) for i in keep))
         for n in range(1, 5) for keep in combinations(range(5), n)]
"""Draw Poker's keeps: every proper, non-empty set of the five places."""


def seat_names(players: int) -> list[str]:
    return [N_("Seat {n}").format(n=i + 1) for i in range(players)]


class DiceView(View):
    """The whole table (dice games hide nothing): the dice, whose they are and which are kept,
    this turn's throws, the scores, the counters and pot, the sequence lines."""

    variant: str
    title: str
    flow: str
    turn: Seat | None = None
    phase: Phase = "start"
    thrower: Seat | None = None
    dice: list[int] = Field(default_factory=list)
    held: list[bool] = Field(default_factory=list)
    throws: list[list[int]] = Field(default_factory=list)
    running: int = 0
    round: int = 1
    throw_off: int = 0
    in_round: list[Seat] = Field(default_factory=list)
    totals: list[int] = Field(default_factory=list)
    results: list[str] = Field(default_factory=list)
    standing: list[list[int] | None] = Field(default_factory=list)
    counters: list[int] = Field(default_factory=list)
    pot: int = 0
    lines: list[int] = Field(default_factory=list)
    needed: list[int | None] = Field(default_factory=list)
    target: int = 0
    forfeit: bool = False
    winners: list[Seat] = Field(default_factory=list)
    losers: list[Seat] = Field(default_factory=list)
    message: str = ""


class DiceState(State):
    """One game at the table; ``table`` is everything on it (`engine.Table`)."""

    game: str = "dice"
    options: DiceOptions
    table: Table

    @property
    def row(self) -> Row:
        return CATALOGUE[self.options.preset]

    @property
    def to_act(self) -> list[Seat]:
        return [] if self.table.over else [self.table.turn]

    def legal_actions(self, seat: Seat) -> list[Action]:
        t = self.table
        if t.over or seat != t.turn:
            return []
        flow = self.row.flow
        if flow == "poker" and t.phase == "draw":
            return [Action(kind="stand"), Action(kind="roll"), *HOLDS]
        if flow == "vingt_un" and t.phase == "more":
            return [Action(kind="roll"), Action(kind="stand")]
        return [Action(kind="roll")]

    def normalise(self, action: Action) -> Action:
        """``hold:3,1`` is ``hold:1,3``; a repeated place stays repeated (and is refused)."""
        if action.kind == "hold" and all(p.isdigit() for p in action.arg.split(",")):
            places = sorted(action.arg.split(","), key=int)
            return Action(kind="hold", arg=",".join(str(int(p)) for p in places))
        return action

    def check_legal(self, seat: Seat, action: Action | str) -> Action:
        parsed = self.normalise(Action.parse(action))
        if self.table.over:
            raise IllegalAction(N_("This game is over."))
        if seat != self.table.turn:
            raise IllegalAction(N_("It is not your turn."))
        if parsed not in self.legal_actions(seat):
            raise IllegalAction(_refusal(self, parsed))
        return parsed

    def apply(self, seat: Seat, action: Action | str) -> tuple[Self, list[Event]]:
        parsed = self.check_legal(seat, action)
        table = self.table.model_copy(deep=True)
        engine = Engine(self.row, self.options, self.players, self.seed, table,
                        seat_names(self.players))
        engine.act(seat, parsed.kind, parsed.arg)
        return self.model_copy(update={"table": table}), engine.events

    def view(self, seat: Seat | None) -> DiceView:
        t, row = self.table, self.row
        needed = [scoring.needed(s) if s < scoring.LINE else None for s in t.lines]
        return DiceView(
            game="dice", seat=seat, players=self.players, to_act=self.to_act, over=t.over,
            variant=row.id, title=row.title, flow=row.flow,
            turn=None if t.over else t.turn, phase=t.phase, thrower=t.thrower,
            dice=list(t.dice), held=list(t.held), throws=[list(x) for x in t.throws],
            running=t.running, round=t.round, throw_off=t.stage, in_round=list(t.order),
            totals=list(t.totals), results=list(t.results),
            standing=[None if k is None else list(k) for k in t.stage_keys],
            counters=list(t.counters), pot=t.pot, lines=list(t.lines), needed=needed,
            target=self.options.goal(row.default_target), forfeit=self.options.forfeit,
            winners=list(t.winners), losers=list(t.losers), message=t.message)

    def outcome(self) -> Outcome | None:
        t = self.table
        if not t.over:
            return None
        n = self.players
        names = seat_names(n)
        if self.row.race or t.losers:
            points = [float(s in t.winners) for s in range(n)]
            if self.row.flow == "neighbour" and not t.losers:
                points = [float(x) for x in t.totals]
        else:
            points = [float(x) for x in t.totals]
        if t.losers or self.row.flow in ("centennial", "ace_pot"):
            ranks = [1 if s in t.winners else 2 for s in range(n)]
        elif self.row.flow == "neighbour":
            ranks = _ranks([[x] for x in t.totals])
        else:
            ranks = _ranks(t.keys)
        lines = [result_text(names, t.winners, t.losers)]
        lines += [N_("{name}: {summary}").format(name=names[s], summary=_summary(self, s))
                  for s in range(n)]
        teams = [[s for s in range(n) if s % 2 == side] for side in (0, 1)] \
            if self.row.flow == "centennial" and n > 2 else None
        return Outcome(points=points, ranks=ranks, winners=list(t.winners), lines=lines,
                       teams=teams)


def _ranks(keys: Sequence[Sequence[int]]) -> list[int]:
    """1 + how many seats did strictly better (ties share a rank)."""
    return [1 + sum(1 for other in keys if list(other) > list(k)) for k in keys]


def _summary(state: DiceState, seat: Seat) -> str:
    t, flow = state.table, state.row.flow
    if flow == "centennial":
        return N_("{step} of {line} steps").format(step=t.lines[seat % 2], line=scoring.LINE)
    if flow == "ace_pot":
        said = N_("{n} counter") if t.counters[seat] == 1 else N_("{n} counters")
        return said.format(n=t.counters[seat])
    if flow == "neighbour":
        return N_("{n} points").format(n=t.totals[seat])
    return t.results[seat] or "-"


def _refusal(state: DiceState, action: Action) -> str:
    """Why ``action`` is refused, in words a player reads."""
    t, flow = state.table, state.row.flow
    if action.kind == "roll" and action.arg:
        return N_("A throw takes no number: the dice decide.")
    if action.kind == "hold":
        if flow != "poker":
            return N_("In {game} you keep no dice: the rules keep them for you.").format(
                game=state.row.title)
        if t.phase != "draw":
            return N_("Throw first; then choose the dice to keep.")
        return N_("Name the dice to keep by their places, 1 to 5, each once and not all five "
                  "(`hold:1,3`); to keep all five, stand.")
    if action.kind == "stand":
        if flow not in ("poker", "vingt_un"):
            return N_("In {game} nobody stands: throw.").format(game=state.row.title)
        return N_("Throw first.")
    return N_("`{move}` is not a move of {game}.").format(move=action, game=state.row.title)


class DiceGame(Game[DiceState, DiceOptions]):
    key: ClassVar[str] = "dice"
    title: ClassVar[str] = N_("Dice")
    players: ClassVar[tuple[int, ...]] = tuple(range(1, 11))
    default_players: ClassVar[int] = 2
    options_model: ClassVar[type[DiceOptions]] = DiceOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = {rid: {} for rid in CATALOGUE}
    default_preset: ClassVar[str] = "throwing_dice"
    state_model: ClassVar[type[DiceState]] = DiceState
    traits: ClassVar[Traits] = Traits(mode="table", information="public", has_ai=True,
                                      clocked=False)

    def variants(self) -> list[Variant]:
        return [Variant(id=r.id, title=r.title, aliases=r.aliases,
                        tags=(_dice(r.dice), _count(r)))
                for r in CATALOGUE.values()]

    def players_for(self, options: DiceOptions) -> tuple[int, ...]:
        """The player counts this game of the catalogue seats."""
        return CATALOGUE[options.preset].players

    def default_players_for(self, options: DiceOptions) -> int:
        counts = self.players_for(options)
        return self.default_players if self.default_players in counts else counts[0]

    def check_players(self, players: int, options: DiceOptions) -> None:
        row = CATALOGUE[options.preset]
        if players not in row.players:
            raise InvalidOptions(N_("{game} is played by {count}, not {players}.").format(
                game=row.title, count=_count(row), players=players))

    def teams(self, players: int, options: DiceOptions) -> list[list[Seat]] | None:
        if CATALOGUE[options.preset].flow == "centennial" and players > 2:
            return [[s for s in range(players) if s % 2 == side] for side in (0, 1)]
        return None

    def new(self, players: int, options: DiceOptions, seed: int,
            deal: Any | None = None) -> DiceState:
        """A new game; ``deal`` (tests) fixes the first throws: the k-th list gives the faces
        of the k-th throw, in the order of the dice thrown (the generator fills the rest)."""
        self.check_players(players, options)
        fixed = [[int(f) for f in throw] for throw in deal or []]
        if any(not 1 <= f <= 6 for throw in fixed for f in throw):
            raise InvalidOptions(N_("A die shows 1 to 6."))
        table = new_table(CATALOGUE[options.preset], options, players, fixed)
        return DiceState(players=players, seed=seed, options=options, table=table)

    def seat_names(self, players: int, options: DiceOptions) -> list[str]:
        return seat_names(players)

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random,
               budget_ms: int) -> Action:
        from bot.games.dice.ai import choose

        return choose(view, legal, rng)

    def rules_text(self, options: DiceOptions) -> str:
        row = CATALOGUE[options.preset]
        lines = [N_("**{game}** (Dominoes and Dice, 1895, p. {page}; {dice}; {players})").format(
            game=row.title, page=row.page, dice=_dice(row.dice), players=_count(row))]
        if row.aliases:
            lines.append(N_("Also called {names}.").format(names=", ".join(row.aliases)))
        lines.append(row.text)
        if row.choices:
            lines.append(N_("Where the book is unclear: {choices}").format(choices=row.choices))
        flags = [N_("`{flag}`: {help}").format(flag=f, help=FLAG_HELP[f]) for f in row.flags]
        if flags:
            lines.append(N_("Options: {options}.").format(options="; ".join(flags)))
        return "\n".join(lines)


def _dice(n: int) -> str:
    return (N_("{n} die") if n == 1 else N_("{n} dice")).format(n=n)


def _count(row: Row) -> str:
    counts = row.players
    if len(counts) == 1:
        return N_("{n} players").format(n=counts[0])
    if counts == tuple(range(counts[0], counts[-1] + 1)):
        return N_("{low} to {high} players").format(low=counts[0], high=counts[-1])
    return N_("{counts} or {last} players").format(counts=", ".join(map(str, counts[:-1])),
                                                    last=counts[-1])
