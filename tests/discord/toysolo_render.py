"""Text of the toy patience (tests/service/toysolo.py), installed as `bot.render.toysolo`."""

from __future__ import annotations

from bot.games.base import Action, View

NAMES = {"p1": "pile 1", "p2": "pile 2", "p3": "pile 3", "f": "the foundation"}


def table_text(view: View, names: list[str]) -> str:
    tops = view.tops  # type: ignore[attr-defined]
    piles = ", ".join(f"{p}: {tops[p] if tops[p] is not None else '-'}" for p in tops)
    return f"Foundation {view.foundation} · {piles}"  # type: ignore[attr-defined]


def hand_text(view: View, names: list[str], *, ai_plays: bool = False) -> str:
    return table_text(view, names)


def source_label(view: View, source: str) -> str:
    return f"{view.tops[source]} on {NAMES[source]}"  # type: ignore[attr-defined]


def action_label(view: View, action: Action) -> str:
    if action.kind == "move":
        return f"to {NAMES[action.arg.split('>')[1]]}"
    return {"resign": "Give up", "undo": "Undo"}.get(action.kind, str(action))
