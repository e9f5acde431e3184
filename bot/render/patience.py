"""Patience in words and pictures: the layout as text, the picker's labels, the picture.

The picture carries the layout; the text beside it says what a glance at the picture might
miss (foundations, stock and redeals left, what just happened by itself). Labels name cards
as players read them (``Q♠``) and piles by the book's words with their ids (``packet t3``),
since the picture shows those ids.
"""

from __future__ import annotations

from bot.games.base import Action, View
from bot.games.cards import pretty
from bot.games.patience.catalogue import PILE
from bot.games.patience.game import PatienceView, PileView, source_of, target_of
from bot.i18n import N_, _, current
from bot.i18n.sentences import again_sentences

_ONE_CLICK = {"turn": N_("Turn the next card"), "redeal": N_("Redeal"), "resign": N_("Give up")}
_VERBS = {"pair": N_("with {card} ({pile})"), "cover": N_("cover with {card} ({pile})"),
          "close": N_("close up to {card} ({pile})"), "swap": N_("swap with {card} ({pile})")}


def _pile(view: PatienceView, pile_id: str) -> PileView | None:
    return next((p for p in view.piles if p.id == pile_id), None)


def _top(pile: PileView | None) -> str | None:
    if pile is None or not pile.cards or pile.cards[-1] is None:
        return None
    return pretty(pile.cards[-1])


def pile_word(label: str) -> str:
    """A pile's label in the reader's language: its sense as a pile first (a patience's "ace"
    is no die's), else the word as every game shares it."""
    return current().lookup(label, PILE) or _(label)


def _name(pile: PileView | None, pile_id: str) -> str:
    return _("{pile} {id}", pile=pile_word(pile.label), id=pile_id) if pile is not None else pile_id


def table_text(view: View, names: list[str]) -> str:
    assert isinstance(view, PatienceView)
    founds = [p for p in view.piles if p.kind == "foundation"]
    lines = []
    if founds:
        tops = " ".join(_top(p) or "·" for p in founds)
        lines.append(_("**Foundations** {tops}  ({n} of {total} cards home)", tops=tops,
                       n=view.home, total=view.capacity))
    stock = _pile(view, "s")
    facts = []
    if stock is not None:
        facts.append(_("stock {n}", n=stock.count))
    talon = _pile(view, "w")
    if talon is not None and talon.count:
        facts.append(_("talon {top}", top=_top(talon) or talon.count))
    if view.redeals_left > 0:
        facts.append(_("redeals left {n}", n=view.redeals_left))
    facts.append(_("moves {n}", n=view.moves))
    lines.append(" · ".join(facts))
    if view.message:
        lines.append(again_sentences(view.message, names))
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
    return _("{card} from {pile}", card=card, pile=_name(pile, source)) if card else _name(
        pile, source)


def action_label(view: View, action: Action) -> str:
    assert isinstance(view, PatienceView)
    if action.kind in _ONE_CLICK:
        if action.kind == "redeal" and view.redeals_left:
            return _("Redeal ({n} left)", n=view.redeals_left)
        return _(_ONE_CLICK[action.kind])
    target = target_of(str(action))
    if target is None:
        return str(action)
    pile = _pile(view, target)
    if action.kind == "move":
        if (card := _top(pile)):
            return _("to {pile} (on {card})", pile=_name(pile, target), card=card)
        return _("to {pile}", pile=_name(pile, target))
    if action.kind == "slip":
        pos = int(action.arg.partition(".")[2]) - 1
        card = pile.cards[pos] if pile is not None and pos < len(pile.cards) else None
        return _("Slip {card} under {pile}", card=pretty(card) if card else _("the king"),
                 pile=_name(pile, target))
    if action.kind in ("merci", "tuck"):
        return (_("Draw the covered card (merci)") if action.kind == "merci"
                else _("Tuck the king under"))
    card = _top(pile)
    if action.kind in _VERBS and card:
        return _(_VERBS[action.kind], card=card, pile=target)
    if action.kind in _VERBS:
        return _(_VERBS_BARE[action.kind], pile=target)
    return f"{action.kind} {card or ''} ({target})".replace("  ", " ")


_VERBS_BARE = {"pair": N_("with ({pile})"), "cover": N_("cover with ({pile})"),
               "close": N_("close up to ({pile})"), "swap": N_("swap with ({pile})")}
