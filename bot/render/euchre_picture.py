"""Euchre as pictures: the table (seats, the trick, the turn-up, trump, score) and a hand.

Pure functions of an `EuchreView`; only what the view holds is drawn, and the alt text names
exactly the cards the picture shows.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.base import Action, View
from bot.games.cards import SUIT_NAME, SUIT_SYMBOL, pretty, pretty_all, suit
from bot.games.euchre.ranking import effective_suit, sort_hand
from bot.games.euchre.rules import EuchreView
from bot.i18n import N_, _, ngettext
from bot.render.euchre import hand_text, table_text
from bot.render.pictures.canvas import encode
from bot.render.pictures.hand import HandScene, draw_hand
from bot.render.pictures.marks import play_marks
from bot.render.pictures.table import CentreCard, SeatPlate, TableScene, draw_table
from bot.render.rendered import Rendered

_DOING = {
    "bid1": N_("to order up or pass"),
    "discard": N_("to discard"),
    "bid2": N_("to name a suit or pass"),
    "defend": N_("may defend alone"),
}


def _ev(view: View) -> EuchreView:
    assert isinstance(view, EuchreView), "the Euchre pictures need an EuchreView"
    return view


def _name(view: EuchreView, names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) and names[seat] else _(view.names[seat])


def _side(view: EuchreView, names: list[str], side: int) -> str:
    return "/".join(_name(view, names, s) for s in view.sides[side])


def _doing(view: EuchreView) -> str:
    if view.phase == "bid1" and view.turn == view.dealer:
        return _("to take up or turn down")
    if view.phase == "bid1" and view.players == 4 and view.turn == (view.dealer + 2) % 4:
        return _("to assist or pass")
    if view.phase == "play":
        return _("to lead") if not view.trick else _("to play")
    return _(_DOING[view.phase]) if view.phase in _DOING else _("to act")


def _seat(view: EuchreView, names: list[str], seat: int) -> SeatPlate:
    detail: list[str] = []
    if seat == view.dealer:
        detail.append(_("dealer"))
    if seat == view.maker:
        detail.append(_("maker, alone") if view.alone else _("maker"))
    if seat == view.defender_alone:
        detail.append(_("defends alone"))
    out = seat in view.sitting_out
    if out:
        detail.append(_("sits out"))
    elif view.phase != "over":
        if view.phase == "play":
            won = view.tricks_won[seat]
            detail.append(ngettext("{n} trick", "{n} tricks", won))
        detail.append(_("{n} cards", n=view.hand_sizes[seat]))
    return SeatPlate(name=_name(view, names, seat), detail=" · ".join(detail),
                     turn=view.turn == seat, out=out)


def _scene(view: EuchreView, names: list[str]) -> tuple[TableScene, list[str]]:
    """The table scene and the alt text's sentences (the same facts, in words)."""
    score = " · ".join(f"{_side(view, names, i)} {v}" for i, v in enumerate(view.scores))
    lines = [_("Score {scores}", scores=score)]
    alt = [_("Euchre table, hand {n}, game to {target}. Score: {scores}.", n=view.hand_no,
             target=view.target, scores=score)]
    if view.trump is not None and view.maker is not None:
        maker = _name(view, names, view.maker)
        lines.append(_("Trump {suit} made by {name} alone", suit=SUIT_SYMBOL[view.trump],
                       name=maker) if view.alone else
                     _("Trump {suit} made by {name}", suit=SUIT_SYMBOL[view.trump], name=maker))
        alt.append(_("Trump {suit}, made by {name} alone.", suit=_(SUIT_NAME[view.trump]),
                     name=maker) if view.alone else
                   _("Trump {suit}, made by {name}.", suit=_(SUIT_NAME[view.trump]), name=maker))
    seats = [_seat(view, names, s) for s in range(view.players)]
    alt.append(_("Seats clockwise: {seats}.", seats="; ".join(
        _("{name} ({detail})", name=p.name, detail=p.detail) if p.detail else p.name
        for p in seats)))
    trick, mark, trick_label = list(view.trick), "plain", ""
    if view.trick:
        alt.append(_("On the table: {plays}.", plays=", ".join(
            f"{_name(view, names, s)} {pretty(c)}" for s, c in view.trick)))
    elif view.phase == "play" and view.tricks:
        last = view.tricks[-1]
        trick, mark = list(last.plays), "dim"
        won = _name(view, names, last.winner)
        trick_label = _("Last trick, to {name}", name=won)
        alt.append(_("Last trick: {plays}, won by {name}.", plays=", ".join(
            f"{_name(view, names, s)} {pretty(c)}" for s, c in last.plays), name=won))
    centre: list[CentreCard] = []
    if view.phase in ("bid1", "bid2") and view.turn_up:
        if view.turn_up_state == "table":
            centre.append(CentreCard(view.turn_up, _("Turn-up")))
            alt.append(_("Turn-up: {card}.", card=pretty(view.turn_up)))
        elif view.turn_up_state == "turned_down":
            centre.append(CentreCard(view.turn_up, _("Turned down"), "dim"))
            alt.append(_("Turned down: {card}.", card=pretty(view.turn_up)))
    footer = ""
    if view.phase == "over":
        winners = _(" and ").join(_name(view, names, s) for s in view.winners)
        footer = (_("{names} wins the game", names=winners) if len(view.winners) == 1
                  else _("{names} win the game", names=winners))
    elif view.turn is not None:
        footer = _("{name} {doing}", name=_name(view, names, view.turn), doing=_doing(view))
    if footer:
        alt.append(footer + ".")
    scene = TableScene(
        title=_("Euchre · hand {n} · to {target}", n=view.hand_no, target=view.target),
        lines=lines, seats=seats, bottom=view.seat if view.seat is not None else 0, trick=trick,
        trick_mark=mark, trick_label=trick_label, centre=centre, trump=view.trump,  # type: ignore[arg-type]
        trump_label=_("Trump"), footer=footer,
    )
    return scene, alt


def table_picture(view: View, names: list[str], style: str = "two_colour") -> Rendered:
    v = _ev(view)
    scene, alt = _scene(v, names)
    png = encode(draw_table(scene, style))
    return Rendered(table_text(v, names), png, " ".join(alt), "euchre-table.png")


def _sorted_hand(view: EuchreView) -> tuple[list[str], list[int]]:
    """The hand in the text's order (trump first, by suit) and each card's group."""
    trump = view.trump
    if trump is None and view.turn_up_state == "table":
        trump = suit(view.turn_up)
    cards = sort_hand(view.hand, trump)
    groups: list[int] = []
    for i, c in enumerate(cards):
        same = i and effective_suit(c, trump) == effective_suit(cards[i - 1], trump)
        groups.append(groups[-1] if same else (groups[-1] + 1 if groups else 0))
    return cards, groups


def hand_picture(view: View, names: list[str], style: str = "two_colour",
                 legal: Iterable[Action | str] | None = None) -> Rendered:
    v = _ev(view)
    text = hand_text(v, names)
    if v.seat is None:
        return Rendered(text)
    cards, groups = _sorted_hand(v)
    marks = play_marks(cards, legal)
    extras: list[tuple[str, list[str]]] = []
    if v.phase in ("bid1", "discard") and v.turn_up_state in ("table", "taken"):
        extras.append((_("Turn-up"), [v.turn_up]))
    if v.discard is not None and v.phase != "over":
        extras.append((_("Discarded"), [v.discard]))
    if v.phase == "over":
        footer = _("The game is over")
    elif v.turn == v.seat:
        footer = _("Your turn: {doing}", doing=_doing(v))
    else:
        footer = _("Waiting for {name}",
                   name=_name(v, names, v.turn) if v.turn is not None else _("nobody"))
    me = _name(v, names, v.seat)
    scene = HandScene(title=_("Your hand · {name}", name=me), cards=cards, marks=marks,
                      groups=groups, extras=extras, footer=footer)
    alt = [_("{name}'s hand: {cards}.", name=me, cards=pretty_all(cards) or _("no cards"))]
    playable = [c for c, m in zip(cards, marks, strict=True) if m == "highlight"]
    if playable:
        alt.append(_("Playable: {cards}.", cards=pretty_all(playable)))
    alt += [_("{label}: {cards}.", label=label, cards=pretty_all(cs)) for label, cs in extras]
    alt.append(footer + ".")
    return Rendered(text, encode(draw_hand(scene, style)), " ".join(alt), "euchre-hand.png")
