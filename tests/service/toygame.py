"""A tiny deterministic game for the service tests: a race to take the last counter.

Players take 1..``max_take`` counters in turn; whoever takes the last one wins. Each seat also
holds a secret card dealt from the seed, seen only by its own seat, so the tests can check that
views (and AIs) never see another seat's secret. ``teams`` pairs seats 0+2 against 1+3.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any, ClassVar, Self

from pydantic import Field

from bot.games.base import (
    Action,
    Event,
    Game,
    IllegalAction,
    InvalidOptions,
    Options,
    Outcome,
    Seat,
    State,
    View,
    act,
    rng_for,
)

SEEN: list[View] = []
"""Every view the toy AI was given (the tests read it)."""


class ToyOptions(Options):
    pile: int = Field(default=7, ge=1, le=200)
    max_take: int = Field(default=3, ge=1, le=9)
    teams: bool = False


class ToyView(View):
    pile: int
    secret: int | None
    taken: list[int]


class ToyState(State):
    pile: int
    max_take: int
    turn: int = 0
    secrets: list[int]
    taken: list[int]
    winner: int | None = None
    teams: bool = False

    @property
    def to_act(self) -> list[Seat]:
        return [] if self.winner is not None else [self.turn]

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act:
            return []
        return [act("take", k) for k in range(1, min(self.max_take, self.pile) + 1)]

    def apply(self, seat: Seat, action: Action | str) -> tuple[Self, list[Event]]:
        parsed = self.check_legal(seat, action)
        if parsed.kind != "take":
            raise IllegalAction("You can only take counters here.")
        k = int(parsed.arg)
        taken = list(self.taken)
        taken[seat] += k
        pile = self.pile - k
        winner = seat if pile == 0 else None
        new = self.model_copy(update={
            "pile": pile, "taken": taken, "winner": winner,
            "turn": (self.turn + 1) % self.players,
        })
        events = [Event(kind="take", seat=seat, text=f"Seat {seat + 1} takes {k}.")]
        events.append(Event(kind="peek", seat=seat, text=f"your card is {self.secrets[seat]}",
                            private_to=seat))
        return new, events

    def view(self, seat: Seat | None) -> ToyView:
        return ToyView(
            game="toy", seat=seat, players=self.players, to_act=self.to_act,
            over=self.winner is not None, pile=self.pile, taken=list(self.taken),
            secret=self.secrets[seat] if seat is not None else None,
        )

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        if self.teams:
            side = self.winner % 2
            winners = [s for s in range(self.players) if s % 2 == side]
            teams = [[0, 2], [1, 3]]
        else:
            winners, teams = [self.winner], None
        points = [1.0 if s in winners else 0.0 for s in range(self.players)]
        ranks = [1 if s in winners else 2 for s in range(self.players)]
        return Outcome(points=points, ranks=ranks, winners=winners, teams=teams,
                       lines=[f"Seat {self.winner + 1} took the last counter."])


class ToyGame(Game[ToyState, ToyOptions]):
    key: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy race"
    players: ClassVar[tuple[int, ...]] = (1, 2, 3, 4)
    default_players: ClassVar[int] = 2
    options_model: ClassVar[type[Options]] = ToyOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = {"classic": {}, "long": {"pile": 40}}
    default_preset: ClassVar[str] = "classic"
    state_model: ClassVar[type[State]] = ToyState

    def new(self, players: int, options: ToyOptions, seed: int, deal: Any = None) -> ToyState:
        rng = rng_for(seed, "deal")
        return ToyState(
            game="toy", players=players, seed=seed, pile=options.pile, max_take=options.max_take,
            secrets=[rng.randrange(100) for _ in range(players)], taken=[0] * players,
            teams=options.teams,
        )

    def teams(self, players: int, options: ToyOptions) -> list[list[Seat]] | None:
        return [[0, 2], [1, 3]] if options.teams and players == 4 else None

    def check_players(self, players: int, options: ToyOptions) -> None:
        super().check_players(players, options)
        if options.teams and players != 4:
            raise InvalidOptions("Teams need four players.")

    def choose(
        self, view: View, legal: Sequence[Action], rng: random.Random, budget_ms: int
    ) -> Action:
        assert isinstance(view, ToyView)
        SEEN.append(view)
        if KNOBS.get("gate"):
            KNOBS["gate"].wait(10)
        if KNOBS.get("sleep_ms"):
            time.sleep(KNOBS["sleep_ms"] / 1000)
        if KNOBS.get("broken"):
            return act("fly", "away")
        best = view.pile % (len(legal) + 1)
        for action in legal:
            if int(action.arg) == best:
                return action
        return rng.choice(list(legal))

    def rules_text(self, options: ToyOptions) -> str:
        return "Take 1 to 3 counters; whoever takes the last one wins."


KNOBS: dict[str, Any] = {}
"""Test knobs for the AI: 'gate' (a threading.Event to wait for), 'sleep_ms' (dawdle this long),
'broken' (answer nonsense)."""

GAME = ToyGame()
