"""Where a dominoes state keeps its tiles, and which of them a seat may not see."""

from __future__ import annotations

from bot.games.dominoes import DominoesState
from bot.games.dominoes.tiles import canon


def tiles_in_play(state: DominoesState) -> list[str]:
    """Every tile of the set: hands, stock (or reserve), the centre and the arms."""
    t = state.t
    laid = ([t.centre] if t.centre else []) + [x for arm in t.arms for x in arm]
    dummy = [x for m in t.dummy for x in m.split(",") if x]
    turned = [t.turned] if t.turned and t.turned not in t.stock else []
    rounce = dummy + turned + list(t.discards) + list(t.won)
    rounce += [e.split(":")[1] for e in t.trick]
    return [x for h in t.hands for x in h] + list(t.stock) + [canon(x) for x in laid] + rounce


def hidden_from(state: DominoesState, seat: int | None) -> list[str]:
    """The tiles ``seat`` may not see: the others' hands and the stock."""
    t = state.t
    others = [x for s, h in enumerate(t.hands) if s != seat for x in h]
    dummy = [x for m in t.dummy for x in m.split(",") if x]
    stock = [x for x in t.stock if x != t.turned]  # a turned trump lies face up
    return others + stock + dummy + list(t.discards)
