"""Patience in words and pictures: the layout as text, the picker's labels, the picture.

The picture carries the layout; the text beside it says what a glance at the picture might
miss (foundations, stock and redeals left, what just happened by itself). Labels name cards
as players read them (``Q♠``) and piles by the book's words with their ids (``packet t3``),
since the picture shows those ids.
"""

from __future__ import annotations

from bot.games.base import Action, View
from bot.games.cards import pretty
from bot.games.patience.game import PatienceView, PileView, source_of, target_of

_ONE_CLICK = {"turn": "Turn the next card", "redeal": "Redeal", "resign": "Give up"}


def _pile(view: PatienceView, pile_id: str) -> PileView | None:
    return next((p for p in view.piles if p.id == pile_id), None)


def _top(pile: PileView | None) -> str | None:
    if pile is None or not pile.cards or pile.cards[-1] is None:
        return None
    return pretty(pile.cards[-1])


def _name(pile: PileView | None, pile_id: str) -> str:
    return f"{pile.label} {pile_id}" if pile is not None else pile_id


def table_text(view: View, names: list[str]) -> str:
    assert isinstance(view, PatienceView)
    founds = [p for p in view.piles if p.kind == "foundation"]
    lines = []
    if founds:
        tops = " ".join(_top(p) or "·" for p in founds)
        lines.append(f"**Foundations** {tops}  ({view.home} of {view.capacity} cards home)")
    stock = _pile(view, "s")
    facts = []
    if stock is not None:
        facts.append(f"stock {stock.count}")
    talon = _pile(view, "w")
    if talon is not None and talon.count:
        facts.append(f"talon {_top(talon) or talon.count}")
    if view.redeals_left > 0:
        facts.append(f"redeals left {view.redeals_left}")
    facts.append(f"moves {view.moves}")
    lines.append(" · ".join(facts))
    if view.message:
        lines.append(view.message)
    return "\n".join(lines)


def hand_text(view: View, names: list[str], *, ai_plays: bool = False) -> str:
    """Nothing beside the layout: a patience has no hand (front ends skip empty text)."""
    return ""


def move_halves(view: View, action: Action) -> tuple[str, str] | None:
    """A move, pair or cover is picked in two steps; turn, redeal and give up are one click."""
    source, target = source_of(str(action)), target_of(str(action))
    if source is None or target is None or target == source:
        return None
    return source, target


def source_label(view: View, source: str) -> str:
    assert isinstance(view, PatienceView)
    pile = _pile(view, source)
    card = _top(pile)
    return f"{card} from {_name(pile, source)}" if card else _name(pile, source)


def action_label(view: View, action: Action) -> str:
    assert isinstance(view, PatienceView)
    if action.kind in _ONE_CLICK:
        if action.kind == "redeal" and view.redeals_left:
            return f"Redeal ({view.redeals_left} left)"
        return _ONE_CLICK[action.kind]
    target = target_of(str(action))
    if target is None:
        return str(action)
    pile = _pile(view, target)
    if action.kind == "move":
        return f"to {_name(pile, target)}" + (f" (on {card})" if (card := _top(pile)) else "")
    if action.kind == "slip":
        pos = int(action.arg.partition(".")[2]) - 1
        card = pile.cards[pos] if pile is not None and pos < len(pile.cards) else None
        return f"Slip {pretty(card) if card else 'the king'} under {_name(pile, target)}"
    if action.kind in ("merci", "tuck"):
        return {"merci": "Draw the covered card (merci)", "tuck": "Tuck the king under"}[
            action.kind]
    card = _top(pile)
    verb = {"pair": "with", "cover": "cover with", "close": "close up to", "swap": "swap with"}
    return f"{verb.get(action.kind, action.kind)} {card or ''} ({target})".replace("  ", " ")
