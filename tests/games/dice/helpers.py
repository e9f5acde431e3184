"""Small helpers for the dice tests: new games with fixed throws, play a list of moves."""

from __future__ import annotations

from bot.games.base import Event
from bot.games.dice import GAME, DiceState


def new(variant: str, players: int = 2, seed: int = 1, throws: list[list[int]] | None = None,
        **options: object) -> DiceState:
    return GAME.new(players, GAME.options(variant, **options), seed, deal=throws)


def play(state: DiceState, *actions: str) -> tuple[DiceState, list[Event]]:
    """Each action by the seat to act; all the events, in order."""
    events: list[Event] = []
    for action in actions:
        state, more = state.apply(state.to_act[0], action)
        events += more
    return state, events


def thrown(events: list[Event]) -> list[list[int]]:
    return [e.data["dice"] for e in events if e.kind == "throw"]
