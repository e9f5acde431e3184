"""`DominoesGame`: the state, the views and the `Game` entry for the booklet's games.

Actions (compact, for Discord custom ids):

- ``play:6-4`` the lead (a bare tile, higher half first);
- ``play:3-5>L`` a tile laid with its first half against end ``L`` (``R``; ``1``..``8`` for the
  arms of a cross or star; ``C`` the centre double of a cross or star, starting a new arm);
  the first half is the touching one, so a matadore's two ways round are two actions;
- ``draw`` one tile from the stock, ``pass`` ("go": only when nothing plays and nothing may be
  drawn), ``stop`` (end a Four Game run or decline Tiddle-a-wink's play again);
- ``star`` / ``retire`` (Domino Pool: buy back in once, or leave);
- Domino Poker: ``check``, ``bet``, ``call``, ``raise``, ``fold``;
- the trick games: ``play:6-4`` to a trick (Loo: ``play:5-1>1`` leads 5-1 named as an ace),
  ``stand``, ``pass``, ``dummy`` / ``miss``, ``concede``, ``swap:<tile>``, ``discard:<tile>``;
  Domino Euchre ``order``, ``order_alone``, ``call:<n>``, ``call_alone:<n>``; Bingo
  ``declare:<double>`` (lead it, showing the other doubles) and ``close``.

`source_of` / `target_of` split a play into the picker's two steps (the tile, then the end).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
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
from bot.games.dominoes import bingo, engine, loo, poker, rounce
from bot.games.dominoes import euchre as deuchre
from bot.games.dominoes.catalogue import CATALOGUE, Rules
from bot.games.dominoes.engine import Table, rules_for
from bot.games.dominoes.options import FLAG_HELP, DominoesOptions
from bot.games.dominoes.report import HandReport
from bot.games.dominoes.tiles import canon, hand_pips, is_double, is_tile
from bot.games.words import N_, joined


def source_of(action: Action | str) -> str | None:
    """The tile the picker's first step selects (``play:3-5>L`` -> ``5-3``)."""
    kind, _, arg = str(action).partition(":")
    if kind != "play" or "-" not in arg:
        return None
    return canon(arg.split(">")[0])


def target_of(action: Action | str) -> str | None:
    """The end the picker's second step selects (None for a lead)."""
    kind, _, arg = str(action).partition(":")
    if kind != "play" or ">" not in arg:
        return None
    return arg.split(">")[1]


def show(piece: str) -> str:
    """A tile as players read it: ``[5|3]``."""
    return "[" + piece.replace("-", "|") + "]"


class DominoesView(View):
    """The table as one seat (or the public) may see it: only that seat's own tiles."""

    variant: str
    title: str
    hand: list[str] | None = None
    counts: list[int]
    centre: str = ""
    arms: list[list[str]] = Field(default_factory=list)
    arm_ids: list[str] = Field(default_factory=list)
    ends: dict[str, int] = Field(default_factory=dict)
    layout: str = "line"
    boneyard: int = 0
    drawable: bool = False
    scores: list[int]
    games: list[int]
    target: int
    teams: list[list[int]] | None = None
    leader: int = 0
    hand_no: int = 1
    game_no: int = 1
    laid: int = 0
    out: list[bool] = Field(default_factory=list)
    starred: list[bool] = Field(default_factory=list)
    pot: int = 0
    penalty: bool = False
    """Scores are penalties (Domino Pool): low is good."""
    last: list[str] = Field(default_factory=list)
    played: list[str] = Field(default_factory=list)
    """Every tile on the table, canonical (the AI's memory)."""
    bets: list[int] = Field(default_factory=list)
    folded: list[bool] = Field(default_factory=list)
    trump: int = -1
    turned: str = ""
    """Domino Rounce: the turned trump tile while it lies face up."""
    dummy: int = 0
    trick: list[str] = Field(default_factory=list)
    """``seat:tile`` in the order laid."""
    tricks: list[int] = Field(default_factory=list)
    status: list[str] = Field(default_factory=list)
    phase: str = ""
    led: int = -1
    maker: int = -1
    alone: bool = False
    counted: list[int] = Field(default_factory=list)
    closed: bool = False
    top: int = 6
    """The set's highest number (double-six, -nine, -twelve)."""
    voids: list[list[int]] = Field(default_factory=list)
    """Numbers each seat is known not to hold (he said go with them at the ends)."""
    report: HandReport | None = None
    """The last finished hand as data (`report_text` tells it)."""
    claim: int = -1
    """Muggins' announce mode: the count announced, while opponents may call muggins."""
    counters: list[int] = Field(default_factory=list)
    """Domino Loo for a pool: each player's counters, won less paid (``pot`` is the pool)."""
    owing: list[int] = Field(default_factory=list)
    """Domino Loo: what each looed player pays into the next pool."""


class DominoesState(State):
    secret_kinds: ClassVar[frozenset[str]] = frozenset({"discard", "swap"})
    """Domino Rounce: the tiles thrown out face down."""

    game: str = "dominoes"
    options: DominoesOptions
    t: Table
    names: list[str]

    @property
    def rules(self) -> Rules:
        return rules_for(self.options)

    @property
    def to_act(self) -> list[Seat]:
        if self.t.over:
            return []
        if self.t.pending:
            return [self.t.pending[0]]
        if self.t.callers:
            return [self.t.callers[0]]
        return [self.t.turn]

    def _plays(self, seat: Seat) -> list[str]:
        return engine.plays(self.rules, self.options, self.t, seat)

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act:
            return []
        if self.t.pending:
            return [Action(kind="star"), Action(kind="retire")]
        if self.t.phase == "announce" and self.rules.family == "line":
            return [Action(kind="count", arg=str(n))
                    for n in engine.counts_possible(self.rules, self.options)]
        if self.t.phase == "muggins" and self.rules.family == "line":
            return [Action(kind="muggins"), Action(kind="let")]
        if self.rules.family == "poker":
            return [Action(kind=k) for k in poker.legal(self.t, seat)]
        if self.rules.family == "rounce":
            return [Action.parse(x) for x in rounce.legal(self.t, seat)]
        if self.rules.family == "loo":
            return [Action.parse(x) for x in loo.legal(self.t, seat)]
        if self.rules.family == "euchre":
            return [Action.parse(x) for x in deuchre.legal(self.t, seat)]
        if self.rules.family == "bingo":
            return [Action.parse(x) for x in bingo.legal(self.t, seat)]
        found = self._plays(seat)
        out = [Action(kind="play", arg=p) for p in found]
        if self.t.laid:
            return [*out, Action(kind="stop")]
        policy = engine.stock_policy(self.rules, self.options, self.players)
        free = not self.t.centre and engine.forced_lead(self.rules, self.options, self.t,
                                                        seat) is None
        drawable = engine.can_draw(policy, self.t, self.players, seat, bool(found), free)
        if drawable:
            out.append(Action(kind="draw"))
        if not found and not drawable:
            out.append(Action(kind="pass"))
        return out

    def normalise(self, action: Action) -> Action:
        """``play:5-3>L`` laid on a three means ``play:3-5>L``; a lead is any way round."""
        if action.kind != "play" or "-" not in action.arg:
            return action
        placed, sep, end = action.arg.partition(">")
        if not is_tile(placed, self.t.top):
            return action
        if not sep:
            return Action(kind="play", arg=canon(placed))
        legal = {a.arg for s in self.to_act for a in self.legal_actions(s)}
        if action.arg in legal:
            return action
        a, b = placed.split("-")
        flipped = f"{b}-{a}>{end}"
        return Action(kind="play", arg=flipped) if flipped in legal else action

    def apply(self, seat: Seat, action: Action | str) -> tuple[Self, list[Event]]:
        parsed = self.normalise(Action.parse(action))
        if seat not in self.to_act:
            raise IllegalAction(N_("It is not your turn.") if not self.t.over else
                                N_("The game is over."))
        legal = self.legal_actions(seat)
        if parsed not in legal:
            raise IllegalAction(self._why_not(seat, parsed, legal))
        t = self.t.model_copy(deep=True)
        events = _Turn(self, t, seat).run(parsed)
        return self.model_copy(update={"t": t}), events

    def _why_not(self, seat: Seat, action: Action, legal: list[Action]) -> str:
        kinds = {a.kind for a in legal}
        if self.rules.family == "poker":
            if action.kind in ("check", "bet"):
                return N_("Someone has bet: call, raise or fold.")
            if action.kind in ("call", "raise", "fold"):
                return (N_("Nobody has bet yet: check or bet.") if "check" in kinds
                        else N_("Three raises is the limit: call or fold."))
            return N_("Domino Poker is bet, not played: {moves}.").format(
                moves=", ".join(sorted(kinds)))
        if self.rules.family in ("rounce", "loo", "euchre"):
            return self._rounce_why_not(seat, action, kinds)
        if self.rules.family == "bingo":
            return self._bingo_why_not(seat, action, kinds)
        if self.t.phase == "announce":
            return N_("Announce your count first: `count:` and the points the ends make (0 for "
                      "none).")
        if self.t.phase == "muggins":
            return N_("Call `muggins` on the count announced, or `let` it stand.")
        if action.kind in ("count", "muggins", "let"):
            return N_("Counts are announced only at a table playing with `announce`, right "
                      "after a play; muggins is called only on a wrong one.")
        if action.kind == "play":
            if self.t.laid == 0 and "play" not in kinds:
                return (N_("You have no tile that plays: draw.") if "draw" in kinds
                        else N_("You have no tile that plays: say go (`pass`)."))
            return engine.refuse_play(self.rules, self.options, self.t, seat, action.arg)
        if action.kind == "pass":
            if "play" in kinds:
                return N_("You must play when you can; pass only when no tile fits.")
            if "draw" in kinds:
                return N_("You cannot pass while you may draw: draw first.")
        if action.kind == "draw":
            if self.t.laid:
                return N_("Draw before you play, not after.")
            policy = engine.stock_policy(self.rules, self.options, self.players)
            if policy == "none":
                return N_("{game} has no stock to draw from.").format(game=self.rules.title)
            if len(self.t.stock) <= 2:
                return N_("The last two tiles of the stock are never drawn.")
            if "play" in kinds:
                return N_("You can play, so you may not draw.")
            return N_("You have drawn all you may this turn.")
        if action.kind == "stop":
            return N_("There is nothing to stop: your turn ends when you play or pass.")
        if action.kind in ("star", "retire"):
            return N_("Nobody is deciding whether to star now.")
        return N_("`{move}` is not a move in dominoes.").format(move=action)

    def _rounce_why_not(self, seat: Seat, action: Action, kinds: set[str]) -> str:
        t = self.t
        piece = action.arg.split(">")[0]
        if action.kind in ("play", "discard", "swap") and piece not in t.hands[seat]:
            return N_("You do not hold {tile}.").format(
                tile=show(piece) if "-" in piece else piece)
        if t.phase == "discard":
            return N_("Discard down to five first: `discard:` and a tile.")
        if t.phase == "declare" and self.rules.family == "loo":
            if action.kind == "pass" and not t.pool_play:
                return N_("In the points game everyone plays: stand, swap, or take a miss.")
            if action.kind == "pass":
                return N_("One player stands: the dealer must oppose him (stand, take a miss, "
                          "or `defend` the pool).")
            if action.kind == "defend":
                return N_("Only the dealer facing a single player may play for the pool.")
        if t.phase == "declare":
            if action.kind == "pass" and "concede" in kinds:
                return N_("Everyone before you passed: stand, take the dummy, or concede 5.")
            if action.kind in ("dummy", "miss"):
                return N_("There is no dummy or miss left to take.")
            return N_("Declare first: {moves}.").format(moves=", ".join(sorted(kinds)))
        if action.kind == "play":
            if self.rules.family == "loo":
                if not t.trick:
                    if any(a.startswith(f"play:{piece}>") for a in map(str, self._legal(seat))):
                        return N_("Name the suit you lead: `{move}` and one of its "
                                  "numbers.").format(move=f"play:{piece}>")
                    return N_("Holding two trumps you lead one, and the winner of a trick leads "
                              "a trump when he has one.")
                return N_("Follow suit if you can; if you cannot, trump if you can.")
            if not t.trick:
                return N_("The winner of a trick leads a trump when he has one.")
            return N_("You must follow suit when you can.")
        return N_("Play a tile to the trick.")

    def _bingo_why_not(self, seat: Seat, action: Action, kinds: set[str]) -> str:
        t = self.t
        if action.kind in ("play", "declare") and action.arg not in t.hands[seat]:
            return N_("You do not hold {tile}.").format(
                tile=show(action.arg) if "-" in action.arg else action.arg)
        if action.kind == "declare":
            if t.trick:
                return N_("Declare only when you lead.")
            if t.declared[seat]:
                return N_("You have declared this hand already.")
            return N_("Declaring needs two doubles or more, and you lead one of them.")
        if action.kind == "close":
            return N_("Only the leader may close, while more than two tiles are in the stock.")
        if action.kind == "play":
            return N_("The stock is gone or closed: follow suit and win the trick if you can, "
                      "else trump.")
        return N_("Play a tile, declare doubles, or close the stock.")

    def _legal(self, seat: Seat) -> list[Action]:
        return self.legal_actions(seat)

    def view(self, seat: Seat | None) -> DominoesView:
        t, rules = self.t, self.rules
        return DominoesView(
            game="dominoes", seat=seat, players=self.players, to_act=self.to_act,
            over=t.over, variant=rules.id, title=rules.title,
            hand=list(t.hands[seat]) if seat is not None else None,
            counts=[len(h) for h in t.hands], centre=t.centre,
            arms=[list(a) for a in t.arms],
            arm_ids=engine.arm_ids(rules, t) if t.centre else [],
            ends=engine.ends(rules, t), layout=rules.layout, boneyard=len(t.stock),
            drawable=engine.stock_policy(rules, self.options, self.players) != "none",
            scores=list(t.scores), games=list(t.games),
            target=engine.target_for(rules, self.options, self.players),
            teams=engine.sides(rules, self.players) if rules.partners(self.players) else None,
            leader=t.leader, hand_no=t.hand_no, game_no=t.game_no, laid=t.laid,
            out=list(t.out), starred=list(t.starred),
            pot=sum(t.paid) + sum(t.bets) + t.pool,
            counters=list(t.scores) if t.pool_play else [], owing=list(t.owing),
            bets=list(t.bets), folded=list(t.folded), trump=t.trump, turned=t.turned,
            dummy=len(t.dummy), trick=list(t.trick), tricks=list(t.tricks),
            status=list(t.status), phase=t.phase, led=t.led, maker=t.maker, alone=t.alone,
            counted=list(t.counted), closed=t.closer >= 0, claim=t.claim, top=t.top,
            voids=[list(v) for v in t.voids],
            report=t.report.model_copy(deep=True) if t.report else None,
            penalty=rules.hand_score == "pool", last=list(t.last),
            played=[canon(x) for x in ([t.centre] if t.centre else [])
                    + [x for arm in t.arms for x in arm] + list(t.won)
                    + [e.split(":")[1] for e in t.trick]],
        )

    def outcome(self) -> Outcome | None:
        t = self.t
        if not t.over:
            return None
        points = list(t.final)
        ranks = [1 + sum(1 for q in points if q > p) for p in points]
        lines = list(t.last)
        teams = engine.sides(self.rules, self.players) if self.rules.partners(self.players) \
            else None
        return Outcome(points=points, ranks=ranks, winners=list(t.winners), lines=lines,
                       teams=teams)


class _Turn:
    """One action applied to a copied `Table`: the play, then the turn's end, a blocked or
    finished hand, the match's end, and the next deal."""

    def __init__(self, state: DominoesState, t: Table, seat: Seat) -> None:
        self.state, self.t, self.seat = state, t, seat
        self.rules, self.options = state.rules, state.options
        self.names = state.names
        self.events: list[Event] = []

    def say(self, kind: str, text: str, **data: Any) -> None:
        self.events.append(Event(kind=kind, seat=self.seat, text=text, data=data))

    def run(self, action: Action) -> list[Event]:
        if self.rules.family in ("rounce", "loo", "euchre"):
            return self.run_tricks(action)
        if self.rules.family == "bingo":
            return self.run_bingo(action)
        t, who = self.t, self.names[self.seat]
        if action.kind in ("count", "muggins", "let"):
            return self.run_announce(action)
        if action.kind == "play":
            placed, _, end = action.arg.partition(">")
            piece = canon(placed)
            announce = engine.announces(self.rules, self.options)
            scored = engine.lay(self.rules, self.options, t, self.seat, action.arg,
                                score=not announce)
            said = N_("{name} played {tile} at {end}.") if end else N_("{name} played {tile}.")
            self.say("play", said.format(name=who, tile=show(piece), end=end), tile=piece,
                     end=end)
            for line in scored:
                self.say("score", N_("{name}: {line}").format(name=who, line=line))
            if announce:
                t.phase, t.claimer = "announce", self.seat
                return self.events
            if not t.hands[self.seat]:
                self.end_hand(self.seat)
                return self.events
            more = bool(engine.plays(self.rules, self.options, t, self.seat))
            if self.rules.turn == "run" and more:
                return self.events
            if self.rules.turn == "double_again" and is_double(piece) and more:
                t.again = True
                self.say("again", N_("{name} laid a double and may play again.").format(
                    name=who))
                return self.events
            if self.rules.turn == "run" or (self.rules.turn == "double_again"
                                            and is_double(piece)):
                engine.note_void(self.rules, t, self.seat)  # he could not go on: seen by all
            self.end_turn()
        elif action.kind == "draw":
            piece = engine.draw_tile(t, self.seat)
            self.say("draw", N_("{name} drew a tile.").format(name=who))
            self.events.append(Event(kind="drew", seat=self.seat, private_to=self.seat,
                                     text=N_("You drew {tile}.").format(tile=show(piece)),
                                     data={"tile": piece}))
        elif action.kind == "pass":
            engine.note_void(self.rules, t, self.seat)
            self.say("pass", N_("{name} says go.").format(name=who))
            self.end_turn()
        elif action.kind == "stop":
            self.say("stop", N_("{name} stops.").format(name=who))
            self.end_turn()
        elif action.kind in ("check", "bet", "call", "raise", "fold"):
            words = poker.act(t, self.seat, action.kind, self.options.stake)
            self.say(action.kind, N_("{name} {did}.").format(name=who, did=words))
            if poker.betting_done(t):
                t.last = poker.showdown(t, self.names)
                t.reported += 1
                t.report = HandReport(hand=1, number=t.reported, how="showdown",
                                      winners=list(t.winners),
                                      points=list(t.scores), scores=list(t.scores),
                                      lines=list(t.last))
                self.events.append(Event(kind="hand", text=" ".join(t.last), data={
                    "hand": 1, "domino": None, "scores": list(t.scores),
                    "hands": [list(h) for h in t.hands], "report": t.report.model_dump()}))
            else:
                t.turn = poker.next_bettor(t, self.seat)
        elif action.kind in ("star", "retire"):
            t.pending.pop(0)
            if action.kind == "star":
                self.say("star", N_("{name} {did}.").format(name=who,
                                                            did=engine.star(t, self.seat)))
            else:
                self.say("retire", N_("{name} leaves the pool.").format(name=who))
            if not t.pending:
                lines: list[str] = []
                engine.close_pool(t, self.names, lines)
                for line in lines:
                    self.say("game", line)
                if not t.over:
                    self.next_hand()
        return self.events

    def run_announce(self, action: Action) -> list[Event]:
        """Muggins' announced counts (spec 4.4): a right count scores; a wrong one (nothing
        announced included) waits on the opponents in turn: the first to call muggins debars
        it, and if all let it stand it scores as announced."""
        t, who = self.t, self.names[self.seat]
        player = t.claimer
        if action.kind == "count":
            claim = int(action.arg)
            true = engine.count_now(self.rules, self.options, t)
            self.say("count", N_("{name} announces {n}.").format(name=who, n=claim),
                     count=claim)
            if claim == true:
                if claim:
                    engine.score_count(self.rules, t, player, claim)
                    self.say("score", N_("{name} scores {points}.").format(
                        name=who, points=claim), points=claim)
                self.finish_play(player)
                return self.events
            n = len(t.hands)
            t.claim, t.phase = claim, "muggins"
            t.callers = [(player + i) % n for i in range(1, n)]
            return self.events
        if action.kind == "muggins":
            self.say("muggins", N_("{name} calls muggins: {player} does not score the "
                                   "count.").format(name=who, player=self.names[player]))
            self.finish_play(player)
            return self.events
        t.callers.pop(0)
        self.say("let", N_("{name} lets it stand.").format(name=who))
        if not t.callers:
            if t.claim:
                engine.score_count(self.rules, t, player, t.claim)
                self.say("score", N_("Nobody called muggins: {name} scores {points}.").format(
                    name=self.names[player], points=t.claim), points=t.claim)
            self.finish_play(player)
        return self.events

    def finish_play(self, player: Seat) -> None:
        """The count settled: the hand ends if ``player`` went out, else his turn does."""
        t = self.t
        t.phase, t.claimer, t.claim, t.callers = "", -1, -1, []
        if not t.hands[player]:
            self.end_hand(player)
        else:
            self.end_turn(player)

    def run_tricks(self, action: Action) -> list[Event]:
        t, who = self.t, self.names[self.seat]
        mod = {"rounce": rounce, "loo": loo, "euchre": deuchre}[self.rules.family]
        if action.kind == "discard":
            mod.discard(t, self.seat, action.arg)
            self.say("discard", N_("{name} discards a tile face down.").format(name=who))
            return self.events
        if action.kind != "play":
            words = mod.declare(t, self.seat, action.kind, action.arg)
            self.say(action.kind, N_("{name} {did}.").format(name=who, did=words))
            if t.phase == "redeal":
                self.end_trick_hand([N_("Nobody made trumps: the tiles are dealt afresh.")])
            if t.phase == "conceded":
                self.end_trick_hand([N_("{name} conceded {n} to {holder}.").format(
                    name=who, n=rounce.CONCEDE, holder=self.names[t.holder])])
            if t.phase == "taken":
                self.end_trick_hand([N_("Everyone passed: {name} (the dealer) takes the "
                                        "pool.").format(name=self.names[t.holder])])
            return self.events
        piece, _, named = action.arg.partition(">")
        winner = mod.play(t, self.seat, action.arg)
        said = N_("{name} played {tile} as a {suit}.") if named else N_("{name} played {tile}.")
        self.say("play", said.format(name=who, tile=show(piece), suit=named), tile=piece)
        if winner is not None:
            self.say("trick", N_("{name} takes the trick.").format(name=self.names[winner]),
                     winner=winner)
            if not t.hands[winner]:
                self.end_trick_hand(mod.settle(t, self.names))
        return self.events

    def run_bingo(self, action: Action) -> list[Event]:
        t, who = self.t, self.names[self.seat]
        if action.kind == "close":
            t.closer = self.seat
            self.say("close", N_("{name} closes the stock.").format(name=who))
            return self.events
        if action.kind == "declare":
            value = bingo.declare(t, self.seat, action.arg)
            shown = " ".join(show(x) for x in t.hands[self.seat] if is_double(x))
            self.say("declare", N_("{name} declares {tiles}: {value}.").format(
                name=who, tiles=shown, value=value), value=value)
        winner, captured = bingo.play(t, self.seat, action.arg)
        self.say("play", N_("{name} played {tile}.").format(name=who, tile=show(action.arg)),
                 tile=action.arg)
        if winner is None:
            return self.events
        self.say("trick", N_("{name} takes the trick ({n} counted).").format(
            name=self.names[winner], n=t.counted[winner]), winner=winner)
        if captured:
            t.scores[winner] += 1
            self.say("bingo", N_("Bingo takes the trump double: a game point to "
                                 "{name}.").format(name=self.names[winner]))
        result = bingo.hand_result(t, winner)
        if result is None and not bingo.finished(t):
            return self.events
        lines = []
        if result is not None:
            won, points = result
            t.scores[won] += points
            said = (N_("{name} wins the hand: {n} game points (counted {a} to {b}).")
                    if points > 1 else
                    N_("{name} wins the hand: {n} game point (counted {a} to {b})."))
            lines.append(said.format(name=self.names[won], n=points, a=t.counted[0],
                                     b=t.counted[1]))
        else:
            lines.append(N_("Bingo took the trump double."))
        self.end_trick_hand(lines)
        return self.events

    def end_trick_hand(self, lines: list[str]) -> None:
        t = self.t
        t.last = [_hand_line(t.hand_no, lines[0]), *lines[1:]]
        start = t.hand_start or list(t.scores)
        how = {"taken": "taken", "conceded": "conceded", "redeal": "redeal"}.get(t.phase,
                                                                                "tricks")
        points = [t.scores[s] - start[s] for s in range(len(t.hands))]
        if how in ("taken", "conceded"):
            winners = [t.holder]
        elif self.rules.family == "rounce":
            winners = [s for s, p in enumerate(points) if p < 0]
        else:
            best = max(points)
            winners = [s for s, p in enumerate(points) if p == best and p > 0]
        t.reported += 1
        t.report = HandReport(hand=t.hand_no, game=t.game_no, number=t.reported, how=how,
                              winners=winners,
                              tricks=list(t.tricks), points=points, scores=list(t.scores),
                              lines=list(t.last))
        self.events.append(Event(kind="hand", text=" ".join(t.last), data={
            "hand": t.hand_no, "domino": None, "scores": list(t.scores),
            "hands": [list(h) for h in t.hands], "report": t.report.model_dump()}))
        is_rounce = self.rules.family == "rounce"
        if is_rounce and rounce.finished(t):
            low = min(t.scores)
            t.over = True
            t.winners = [s for s in range(len(t.hands)) if t.scores[s] == low]
            t.final = [float(rounce.START - x) for x in t.scores]
            t.last.append(N_("{names} wiped out the score and win.").format(
                names=joined([self.names[s] for s in t.winners])))
            return
        mod = {"rounce": rounce, "loo": loo, "euchre": deuchre,
               "bingo": bingo}[self.rules.family]
        if t.pool_play and loo.finished(t):
            t.over = True
            t.final = loo.final_counters(t)
            best = max(t.final)
            t.winners = [s for s in range(len(t.hands)) if t.final[s] == best]
            t.last.append(N_("Counters: {counters}.").format(counters=", ".join(
                f"{self.names[s]} {t.final[s]:+g}" for s in range(len(t.hands)))))
            return
        if not is_rounce and mod.finished(t):
            high = max(t.scores)
            t.over = True
            t.winners = [s for s in range(len(t.hands)) if t.scores[s] == high]
            t.final = [float(x) for x in t.scores]
            t.last.append(N_("{names} reach {n} and win.").format(
                names=joined([self.names[s] for s in t.winners]), n=high))
            return
        t.hand_no += 1
        mod.deal(t, self.state.seed, None)
        t.hand_start = list(t.scores)
        self.events.append(Event(kind="deal", text=N_(
            "Hand {n} is dealt; {name} holds the trump.").format(
                n=t.hand_no, name=self.names[t.holder])))

    def end_turn(self, seat: Seat | None = None) -> None:
        t = self.t
        t.turns += 1
        t.drawn = t.laid = 0
        t.again = False
        t.turn = engine.next_live(t, self.seat if seat is None else seat)
        if engine.blocked(self.rules, self.options, t):
            self.end_hand(None)

    def end_hand(self, domino: Seat | None) -> None:
        t = self.t
        live = [s for s in range(len(t.hands)) if not t.out[s]]
        start = t.hand_start or [0] * len(t.hands)
        report = HandReport(
            hand=t.hand_no, game=t.game_no, how="domino" if domino is not None else "block",
            domino=domino, pips=[hand_pips(h) if s in live else 0 for s, h in enumerate(t.hands)],
            tiles=[list(h) for h in t.hands],
            during=[t.scores[s] - start[s] for s in range(len(t.hands))])
        before = list(t.scores)
        lines = engine.settle_hand(self.rules, self.options, t, domino, self.names, report)
        report.points = [t.scores[s] - before[s] for s in range(len(t.hands))]
        report.scores = list(t.scores)
        lines += engine.finish_check(self.rules, self.options, t, self.names)
        t.last = [_hand_line(t.hand_no, lines[0]), *lines[1:]]
        report.lines = list(t.last)
        t.reported += 1
        report.number = t.reported
        t.report = report
        self.events.append(Event(kind="hand", text=" ".join(t.last), data={
            "hand": t.hand_no, "domino": domino, "scores": list(t.scores),
            "hands": [list(h) for h in t.hands], "report": report.model_dump()}))
        if not t.over and not t.pending:
            self.next_hand()

    def next_hand(self) -> None:
        t = self.t
        t.hand_no += 1
        engine.deal_hand(self.rules, self.options, t, self.state.seed)
        self.events.append(Event(kind="deal", text=N_("Hand {n} is dealt; {name} leads.").format(
            n=t.hand_no, name=self.names[t.leader])))


def _hand_line(hand: int, line: str) -> str:
    return N_("Hand {n}: {line}").format(n=hand, line=line)


def _variant(r: Rules) -> Variant:
    counts = r.players
    span = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
    return Variant(id=r.id, title=r.title, aliases=r.aliases,
                   tags=(*r.tags, N_("{span} players").format(span=span)))


class DominoesGame(Game[DominoesState, DominoesOptions]):
    key: ClassVar[str] = "dominoes"
    title: ClassVar[str] = N_("Dominoes")
    players: ClassVar[tuple[int, ...]] = tuple(range(2, 11))
    default_players: ClassVar[int] = 2
    options_model: ClassVar[type[DominoesOptions]] = DominoesOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = {vid: {} for vid in CATALOGUE}
    default_preset: ClassVar[str] = "draw"
    state_model: ClassVar[type[DominoesState]] = DominoesState
    traits: ClassVar[Traits] = Traits(mode="table", information="private", has_ai=True,
                                      clocked=False, conserves_cards=True)

    def variants(self) -> list[Variant]:
        return [_variant(r) for r in CATALOGUE.values()]

    def players_for(self, options: DominoesOptions) -> tuple[int, ...]:
        return rules_for(options).players

    def default_players_for(self, options: DominoesOptions) -> int:
        return rules_for(options).default_players

    def check_players(self, players: int, options: DominoesOptions) -> None:
        rules = rules_for(options)
        if players not in rules.players:
            allowed = ", ".join(str(p) for p in rules.players)
            raise InvalidOptions(N_("{game} is played by {allowed} players, not {n}.").format(
                game=rules.title, allowed=allowed, n=players))
        top, each = rules.deal(players, options.hand_size)
        size = len(engine.tile_set(rules, top))
        keep = 2 if engine.stock_policy(rules, options, players) != "none" else 0
        if rules.id == "tiddle_a_wink":
            keep = 4
        if rules.id in ("muggins", "all_threes") and players == 4 and each > 6:
            raise InvalidOptions(N_("{game} with four players deals at most 6 each.").format(
                game=rules.title))
        if players * each > size - keep:
            raise InvalidOptions(N_("{n} hands of {each} do not fit the {size}-tile set with "
                                    "{keep} left over.").format(n=players, each=each, size=size,
                                                                keep=keep))

    def pack(self, options: DominoesOptions, players: int) -> list[str]:
        rules = rules_for(options)
        top, _ = rules.deal(players, options.hand_size)
        return engine.tile_set(rules, top)

    def teams(self, players: int, options: DominoesOptions) -> list[list[Seat]] | None:
        rules = rules_for(options)
        return engine.sides(rules, players) if rules.partners(players) else None

    def new(self, players: int, options: DominoesOptions, seed: int,
            deal: Any | None = None) -> DominoesState:
        """A new match; ``deal`` fixes the first hand: ``{"hands": [[...], ...], "stock":
        [...], "leader": seat}`` (tests and the booklet's worked examples)."""
        self.check_players(players, options)
        rules = rules_for(options)
        top, each = rules.deal(players, options.hand_size)
        antes = rules.finish == "showdown" or (rules.finish == "pool"
                                               and options.settlement == "pool")
        stake = options.stake if antes else 0
        t = Table(top=top, each=each, hands=[[] for _ in range(players)], stock=[],
                  scores=[0] * players, games=[0] * players, out=[False] * players,
                  starred=[False] * players, paid=[stake] * players, bets=[0] * players,
                  folded=[False] * players, acted=[False] * players)
        if deal is not None:
            tiles = [x for h in deal["hands"] for x in h] + list(deal.get("stock", []))
            pack = engine.tile_set(rules, top)
            if sorted(tiles) != sorted(pack):
                raise InvalidOptions(N_("A deal must hold the {n} tiles once each.").format(
                    n=len(pack)))
        if rules.family == "rounce":
            t.scores = [rounce.START] * players
            rounce.deal(t, seed, deal)
        elif rules.family == "loo":
            t.pool_play = loo.plays_for_pool(options, players)
            t.stake = options.stake
            t.deals = options.deals or 2 * players
            t.owing = [0] * players
            loo.deal(t, seed, deal)
        elif rules.family == "euchre":
            deuchre.deal(t, seed, deal)
        elif rules.family == "bingo":
            bingo.deal(t, seed, deal)
        else:
            engine.deal_hand(rules, options, t, seed, fixed=deal)
        t.hand_start = list(t.scores)
        names = self.seat_names(players, options)
        return DominoesState(players=players, seed=seed, options=options, t=t, names=names)

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random,
               budget_ms: int) -> Action:
        from bot.games.dominoes.ai import choose

        return choose(view, legal, rng)  # type: ignore[arg-type]

    def rules_text(self, options: DominoesOptions) -> str:
        rules = rules_for(options)
        lines = [N_("**{game}** (Dominoes and Dice, 1895, {page})").format(
            game=rules.title, page=_page(rules.page))]
        if rules.aliases:
            lines.append(N_("Also known as {names}.").format(names=", ".join(rules.aliases)))
        lines.append(rules.text)
        if rules.choices:
            lines.append(N_("Where the book is unclear: {choices}.").format(
                choices=rules.choices))
        flags = [N_("`{flag}`: {help}").format(flag=f, help=FLAG_HELP[f]) for f in rules.flags]
        if flags:
            lines.append(N_("Options: {options}.").format(options="; ".join(flags)))
        table = [_setting(f, getattr(options, f)) for f in rules.flags
                 if getattr(options, f) is not None]
        lines.append(N_("This table: {options}.").format(
            options=", ".join(table) or N_("the book's rules")))
        return "\n".join(lines)


def _page(page: str) -> str:
    """``pp. 11-16`` / ``p. 27`` as a marked template (German: S. 11-16)."""
    many, _, pages = page.partition(" ")
    return (N_("pp. {pages}") if many == "pp." else N_("p. {pages}")).format(pages=pages)


def _setting(flag: str, value: object) -> str:
    """``free_lead False``: a flag and its value, a switch's as a marked template."""
    if isinstance(value, bool):
        return (N_("{flag} True") if value else N_("{flag} False")).format(flag=flag)
    return f"{flag} {value}"
