"""A tiny solo game for the service and kit tests: a patience of numbered cards.

The numbers 1..n are dealt from the seed into three squared piles (only each top shows). The
player moves a top card onto the foundation (the next number) or onto another pile; all n on
the foundation wins. ``resign`` gives up. Moves are ``move:p1>f`` / ``move:p2>p3``, so the kit's
two-step picker (source, then destination) has something real to pick.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar, Self

from pydantic import Field

from bot.games.base import (
    Action,
    Event,
    Game,
    IllegalAction,
    Options,
    Outcome,
    Seat,
    State,
    Traits,
    View,
    act,
    rng_for,
)

PILES = ("p1", "p2", "p3")


class SoloOptions(Options):
    cards: int = Field(default=6, ge=2, le=30)


class SoloView(View):
    tops: dict[str, int | None]
    heights: dict[str, int]
    foundation: int
    moves: int


class SoloState(State):
    piles: dict[str, list[int]]
    foundation: int = 0
    cards: int
    moves: int = 0
    gave_up: bool = False

    @property
    def to_act(self) -> list[Seat]:
        return [] if self.won or self.gave_up else [0]

    @property
    def won(self) -> bool:
        return self.foundation == self.cards

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act:
            return []
        out = []
        for src in PILES:
            if not self.piles[src]:
                continue
            if self.piles[src][-1] == self.foundation + 1:
                out.append(act("move", f"{src}>f"))
            out.extend(act("move", f"{src}>{dst}") for dst in PILES if dst != src)
        return [*out, act("resign")]

    def apply(self, seat: Seat, action: Action | str) -> tuple[Self, list[Event]]:
        parsed = self.check_legal(seat, action)
        if parsed.kind == "resign":
            return self.model_copy(update={"gave_up": True}), [
                Event(kind="resign", seat=0, text="You gave up.")
            ]
        src, dst = parsed.arg.split(">")
        piles = {k: list(v) for k, v in self.piles.items()}
        card = piles[src].pop()
        update: dict[str, object] = {"piles": piles, "moves": self.moves + 1}
        if dst == "f":
            update["foundation"] = card
        else:
            piles[dst].append(card)
        return self.model_copy(update=update), [
            Event(kind="move", seat=0, text=f"{card} from {src} to {dst}.")
        ]

    def view(self, seat: Seat | None) -> SoloView:
        return SoloView(
            game=self.game, seat=seat, players=1, to_act=self.to_act, over=self.is_over,
            tops={k: (v[-1] if v else None) for k, v in self.piles.items()},
            heights={k: len(v) for k, v in self.piles.items()},
            foundation=self.foundation, moves=self.moves,
        )

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        won = self.won
        return Outcome(
            points=[1.0 if won else 0.0], ranks=[1], winners=[0] if won else [],
            lines=[f"Won in {self.moves} moves." if won else f"Gave up at {self.foundation}."],
            tallies={"moves": [float(self.moves)]},
        )


class SoloGame(Game[SoloState, SoloOptions]):
    key: ClassVar[str] = "toysolo"
    title: ClassVar[str] = "Toy Patience"
    players: ClassVar[tuple[int, ...]] = (1,)
    default_players: ClassVar[int] = 1
    options_model: ClassVar[type[SoloOptions]] = SoloOptions
    presets: ClassVar[dict[str, dict[str, object]]] = {"six": {}, "ten": {"cards": 10}}
    default_preset: ClassVar[str] = "six"
    state_model: ClassVar[type[SoloState]] = SoloState
    traits: ClassVar[Traits] = Traits(mode="solo", has_ai=False, clocked=True)

    def new(self, players: int, options: SoloOptions, seed: int, deal: object = None
            ) -> SoloState:
        order = list(range(1, options.cards + 1))
        rng_for(seed, "deal").shuffle(order)
        piles = {p: order[i::3] for i, p in enumerate(PILES)}
        return SoloState(game=self.key, players=1, seed=seed, piles=piles, cards=options.cards)

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random,
               budget_ms: int) -> Action:
        raise IllegalAction("Nobody plays a patience for its player.")

    def rules_text(self, options: SoloOptions) -> str:
        return f"Put the numbers 1 to {options.cards} on the foundation in order."


GAME = SoloGame()
