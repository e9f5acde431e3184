"""The one engine under every dice game: throws, holds and rethrows, turns and rounds, ties
thrown again, races to a line or a total, counters and the pot.

`Table` is the game's mutable working copy (the state holds a frozen snapshot of it); `Engine`
runs one action on it and collects the events. Every face comes from `faces(seed, k)`, the
k-th throw of the table's seeded generator, so a game replays exactly from its seed and its
actions, and nothing a player sends can choose a face: actions carry no values, only which
dice to keep.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from bot.games.base import Event, Seat, rng_for
from bot.games.dice import scoring
from bot.games.dice.catalogue import Row
from bot.games.dice.options import DiceOptions
from bot.games.words import N_, joined

MAX_DICE = 5
Phase = Literal["start", "draw", "more", "closed"]


def faces(seed: int, k: int, n: int = MAX_DICE) -> list[int]:
    """The faces of throw number ``k`` of the table with ``seed``, one per die position: a die
    thrown at position i shows ``faces(...)[i]`` whichever other dice are kept."""
    rng = rng_for(seed, "dice", k)
    return [rng.randint(1, 6) for _ in range(n)]


def dashed(dice: list[int]) -> str:
    return "-".join(str(d) for d in dice)


def result_text(names: list[str], winners: list[Seat], losers: list[Seat]) -> str:
    """"Seat 2 wins." / "Seat 1 and Seat 3 win."; where the game was played to find a loser
    (a forfeit, refreshments, the last holder loses), "Seat 4 loses."."""
    if losers and len(winners) != 1:
        said = N_("{name} loses.") if len(losers) == 1 else N_("{name} lose.")
        return said.format(name=joined([names[s] for s in losers]))
    said = N_("{name} wins.") if len(winners) == 1 else N_("{name} win.")
    return said.format(name=joined([names[s] for s in winners]))


class Table(BaseModel):
    """Everything on the table. Lists indexed by seat unless named otherwise."""

    rolls: int = 0
    fixed: list[list[int]] = Field(default_factory=list)
    round: int = 1
    stage: int = 0
    order: list[Seat] = Field(default_factory=list)
    turn: Seat = 0
    phase: Phase = "start"
    thrower: Seat | None = None
    dice: list[int] = Field(default_factory=list)
    held: list[bool] = Field(default_factory=list)
    throws: list[list[int]] = Field(default_factory=list)
    running: int = 0
    totals: list[int] = Field(default_factory=list)
    results: list[str] = Field(default_factory=list)
    stage_keys: list[list[int] | None] = Field(default_factory=list)
    keys: list[list[int]] = Field(default_factory=list)
    counters: list[int] = Field(default_factory=list)
    pot: int = 0
    lines: list[int] = Field(default_factory=list)
    over: bool = False
    winners: list[Seat] = Field(default_factory=list)
    losers: list[Seat] = Field(default_factory=list)
    message: str = ""


def new_table(row: Row, options: DiceOptions, players: int,
              fixed: list[list[int]] | None = None) -> Table:
    t = Table(order=list(range(players)), totals=[0] * players, results=[""] * players,
              stage_keys=[None] * players, keys=[[] for _ in range(players)],
              fixed=[list(f) for f in fixed or []])
    if row.flow == "ace_pot":
        t.counters = [options.counters] * players
    if row.flow == "centennial":
        t.lines = [0, 0]
    return t


class Engine:
    """Runs one action of one seat on a `Table`, appending to ``events``."""

    def __init__(self, row: Row, options: DiceOptions, players: int, seed: int, table: Table,
                 names: list[str]) -> None:
        self.row, self.opts, self.n, self.seed, self.t = row, options, players, seed, table
        self.names = names
        self.events: list[Event] = []

    # -- primitives ---------------------------------------------------------------------------

    def say(self, kind: str, seat: Seat | None, text: str, **data: object) -> None:
        self.events.append(Event(kind=kind, seat=seat, text=text, data=dict(data)))

    def throw(self, seat: Seat, positions: list[int] | None = None, n: int = 0) -> list[int]:
        """Throw ``n`` fresh dice, or throw again the dice at ``positions``; the faces come
        from the generator (or, in tests, from the fixed throws given to `new`)."""
        t = self.t
        k = t.rolls
        t.rolls += 1
        if positions is None:
            t.dice, t.held, positions = [0] * n, [False] * n, list(range(n))
        drawn = faces(self.seed, k, max(MAX_DICE, len(t.dice)))
        fixed = t.fixed[k] if k < len(t.fixed) else []
        for j, i in enumerate(positions):
            t.dice[i] = fixed[j] if j < len(fixed) else drawn[i]
        thrown = [t.dice[i] for i in positions]
        t.throws.append(list(t.dice))
        said = N_("{name} throws {dice}.").format(name=self.names[seat], dice=dashed(thrown))
        self.say("throw", seat, said, roll=k, dice=thrown, positions=positions)
        return thrown

    def start_turn(self, seat: Seat) -> None:
        self.t.thrower, self.t.throws, self.t.running = seat, [], 0

    # -- actions --------------------------------------------------------------------------------

    def act(self, seat: Seat, kind: str, arg: str) -> None:
        flow = self.row.flow
        if flow == "fixed":
            self.fixed_turn(seat)
        elif flow == "raffle":
            self.raffle_turn(seat)
        elif flow == "poker":
            self.poker(seat, kind, arg)
        elif flow == "vingt_un":
            self.vingt_un(seat, kind)
        elif flow == "centennial":
            self.centennial(seat)
        elif flow == "neighbour":
            self.neighbour(seat)
        else:
            self.ace_pot(seat)
        self.t.message = " ".join(e.text for e in self.events)

    def fixed_turn(self, seat: Seat) -> None:
        """§6.1, §6.3: three throws added; §6.5, §6.6: set the highest aside, then the higher,
        then throw the last die; no choice anywhere, so one click plays the turn."""
        self.start_turn(seat)
        score = self.row.score
        if score in ("total", "spot"):
            value = 0
            for _ in range(self.row.throws):
                dice = self.throw(seat, n=3)
                value += sum(dice) if score == "total" else sum(map(scoring.spot_value, dice))
            self.finish(seat, value, str(value), additive=True)
            return
        t = self.t
        self.throw(seat, n=3)
        first = max(range(3), key=lambda i: t.dice[i])
        t.held[first] = True
        rest = [i for i in range(3) if i != first]
        self.throw(seat, rest)
        second = max(rest, key=lambda i: t.dice[i])
        t.held[second] = True
        last = [i for i in rest if i != second]
        self.throw(seat, last)
        a, b, c = t.dice[first], t.dice[second], t.dice[last[0]]
        if score == "multiply":
            value, text = (a + b) * c, f"({a}+{b})×{c} = {(a + b) * c}"
        else:
            value, text = a + b + c, f"{a}+{b}+{c} = {a + b + c}"
        self.finish(seat, value, text, additive=True)

    def raffle_turn(self, seat: Seat) -> None:
        """§6.2: throw until a throw holds a pair; that throw is the result."""
        self.start_turn(seat)
        whole = self.opts.whole_throw
        while True:
            dice = self.throw(seat, n=3)
            key = scoring.raffle_key(dice, whole)
            if key is not None:
                break
        self.finish(seat, scoring.raffle_score(dice, whole), scoring.raffle_name(dice, whole),
                    key=key)

    def poker(self, seat: Seat, kind: str, arg: str) -> None:
        """§6.7: throw five; then stand, throw all again, or keep some and throw the rest."""
        t = self.t
        if t.phase == "start":
            self.start_turn(seat)
            self.throw(seat, n=5)
            t.phase = "draw"
            self.say("hand", seat, N_("{name} has {hand}.").format(
                name=self.names[seat], hand=scoring.poker_name(t.dice)))
            return
        if kind == "roll":
            self.throw(seat, list(range(5)))
        elif kind == "hold":
            keep = [int(p) - 1 for p in arg.split(",")]
            t.held = [i in keep for i in range(5)]
            self.throw(seat, [i for i in range(5) if i not in keep])
        else:
            t.held = [True] * 5
            self.say("stand", seat, N_("{name} stands.").format(name=self.names[seat]))
        key = scoring.poker_key(t.dice)
        self.finish(seat, key[0], scoring.poker_name(t.dice), key=key)

    def vingt_un(self, seat: Seat, kind: str) -> None:
        """§6.8: one die, thrown as often as the player likes; over 21 bursts; 21 stands."""
        t = self.t
        if t.phase == "start":
            self.start_turn(seat)
        if kind == "stand":
            self.say("stand", seat, N_("{name} stands on {total}.").format(
                name=self.names[seat], total=t.running))
        else:
            t.running += self.throw(seat, n=1)[0]
            if t.running < 21:
                t.phase = "more"
                return
            if t.running > 21:
                self.say("burst", seat, N_("{name} bursts with {total}.").format(
                    name=self.names[seat], total=t.running))
        text = str(t.running) if t.running <= 21 else N_("burst ({total})").format(total=t.running)
        self.finish(seat, t.running if t.running <= 21 else 0, text,
                    key=scoring.vingt_un_key(t.running))

    # -- rounds of turns, decided at their end (ties throw again) -----------------------------

    def finish(self, seat: Seat, value: int, text: str, *, additive: bool = False,
               key: list[int] | None = None) -> None:
        t = self.t
        t.phase = "start"
        if t.stage == 0:
            t.totals[seat] = t.totals[seat] + value if additive else value
            t.results[seat] = str(t.totals[seat]) if additive and t.round > 1 else text
            t.stage_keys[seat] = [t.totals[seat]] if additive else key
        else:
            t.results[seat] = N_("{result} · throw-off {throw}").format(
                result=t.results[seat].split(" · ")[0], throw=text)
            t.stage_keys[seat] = [value] if additive else key
        self.say("result", seat, N_("{name}: {result}.").format(name=self.names[seat], result=text))
        place = t.order.index(seat)
        if place + 1 < len(t.order):
            t.turn = t.order[place + 1]
            return
        if t.stage == 0 and additive and self.more_rounds():
            t.round += 1
            t.turn = t.order[0]
            t.stage_keys = [None] * self.n
            return
        self.settle_round()

    def more_rounds(self) -> bool:
        goal = self.opts.goal(self.row.default_target)
        if goal:
            return max(self.t.totals) < goal
        return self.t.round < self.opts.rounds

    def settle_round(self) -> None:
        t = self.t
        for s in t.order:
            t.keys[s] = t.keys[s] + (t.stage_keys[s] or [])
        pick = min if self.opts.forfeit else max
        edge = pick(t.keys[s] for s in t.order)
        tied = [s for s in t.order if t.keys[s] == edge]
        if len(tied) > 1:
            t.stage += 1
            t.order, t.turn, t.stage_keys = tied, tied[0], [None] * self.n
            who = joined([self.names[s] for s in tied])
            self.say("tie", None, N_("{names} tie; they throw again.").format(names=who))
            return
        if self.opts.forfeit:
            self.end([s for s in range(self.n) if s != tied[0]], [tied[0]])
        else:
            self.end(tied, [])

    def end(self, winners: list[Seat], losers: list[Seat]) -> None:
        t = self.t
        t.over, t.winners, t.losers = True, winners, losers
        self.say("over", None, result_text(self.names, winners, losers))

    # -- races ----------------------------------------------------------------------------------

    def centennial(self, seat: Seat) -> None:
        """§6.4: throw on while a throw marks a number; the side's line is shared."""
        t = self.t
        self.start_turn(seat)
        side = seat % 2
        while True:
            before = t.lines[side]
            after = scoring.mark(before, self.throw(seat, n=3))
            t.lines[side] = after
            if after == before:
                self.say("miss", seat, N_("Nothing for {name}; the dice pass.").format(
                    name=self.names[seat]))
                break
            made = [scoring.needed(s) for s in range(before, after)]
            self.say("mark", seat, N_("{name} marks {numbers}.").format(
                name=self.names[seat], numbers=", ".join(map(str, made))),
                     marked=made)
            if after == scoring.LINE:
                self.end([s for s in range(self.n) if s % 2 == side], [])
                return
        t.turn = (seat + 1) % self.n

    def neighbour(self, seat: Seat) -> None:
        """§6.10: one throw each in turn; points to the highest die's owner and the thrower."""
        t = self.t
        self.start_turn(seat)
        dice = self.throw(seat, n=3)
        for s, pts in scoring.neighbour_points(seat, dice).items():
            t.totals[s] += pts
            self.say("score", s, N_("{name} scores {points}.").format(
                name=self.names[s], points=pts), points=pts)
        goal = self.opts.goal(self.row.default_target)
        if self.opts.play_for == "pool":
            there = [s for s in range(self.n) if t.totals[s] >= goal]
            if there:
                best = max(t.totals[s] for s in there)
                self.end([s for s in there if t.totals[s] == best], [])
                return
        else:
            below = [s for s in range(self.n) if t.totals[s] < goal]
            if len(below) <= 1:
                low = min(t.totals)
                losers = below or [s for s in range(self.n) if t.totals[s] == low]
                self.end([s for s in range(self.n) if s not in losers], losers)
                return
        t.turn = (seat + 1) % self.n

    def ace_pot(self, seat: Seat) -> None:
        """§6.9: the open pot (aces in, sixes to the left, the pot first), then the closed
        pot's three throws for a six."""
        t = self.t
        self.start_turn(seat)
        left = (seat + 1) % self.n
        if t.phase == "closed":
            for _ in range(3):
                if 6 in self.throw(seat, n=2):
                    t.counters[seat], t.counters[left] = 0, 1
                    t.turn = left
                    said = N_("A six: {name} passes the last counter to {left}.")
                    self.say("pass", seat, said.format(name=self.names[seat],
                                                       left=self.names[left]))
                    return
            self.say("fail", seat, N_("{name} throws no six in three.").format(
                name=self.names[seat]))
            others = [s for s in range(self.n) if s != seat]
            if self.opts.last_holder == "wins":
                self.end([seat], others)
            else:
                self.end(others, [seat])
            return
        dice = self.throw(seat, n=2)
        for _ in range(dice.count(1)):
            if t.counters[seat] and t.phase != "closed":
                t.counters[seat] -= 1
                t.pot += 1
                self.say("pot", seat, N_("{name} puts a counter in the pot.").format(
                    name=self.names[seat]))
                if sum(t.counters) == 1:
                    t.phase = "closed"
                    self.say("closed", None, N_("One counter is left out: the pot is closed."))
        for _ in range(dice.count(6)):
            if t.counters[seat]:
                t.counters[seat] -= 1
                t.counters[left] += 1
                self.say("give", seat, N_("{name} passes a counter to {left}.").format(
                    name=self.names[seat], left=self.names[left]))
        if t.phase == "closed":
            t.turn = t.counters.index(1)
            return
        t.turn = next(s % self.n for s in range(seat + 1, seat + 1 + self.n)
                      if t.counters[s % self.n])
