"""Skat as pictures: the table (seats with their roles, the trick, the game, the score sheet's
totals) and a seat's hand (with the skat, the cards laid away and open hands it may see).

Pure functions of a `SkatView`: only what the view holds is drawn, and the alt text names
exactly the cards the picture shows.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.base import Action, View
from bot.games.cards import SUIT_NAME, pretty, pretty_all
from bot.games.skat.contracts import Contract
from bot.games.skat.rules import ROLE_NAMES, SkatView
from bot.i18n import N_, _
from bot.i18n.sentences import again
from bot.render.pictures.canvas import encode
from bot.render.pictures.hand import HandScene, draw_hand
from bot.render.pictures.marks import play_marks
from bot.render.pictures.table import CentreCard, SeatPlate, TableScene, draw_table
from bot.render.rendered import Rendered
from bot.render.skat import PHASE_DOING, doing_text, hand_text, table_text

_DOING = {**PHASE_DOING, "skat": N_("choosing the skat or Hand")}
"""What a seat is doing, as a picture's plate says it (shorter where the text's is long)."""


def _doing(phase: str) -> str:
    return doing_text(phase, _DOING)


def _sv(view: View) -> SkatView:
    assert isinstance(view, SkatView), "the Skat pictures need a SkatView"
    return view


def _name(names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) and names[seat] else _("Seat {n}", n=seat + 1)


def _trump(view: SkatView) -> str | None:
    if not view.contract:
        return None
    try:
        contract = Contract.parse(view.contract)
    except ValueError:
        return None
    return contract.suit if contract.is_suit else None


def _seat(view: SkatView, names: list[str], seat: int) -> SeatPlate:
    detail: list[str] = []
    out = seat not in view.roles
    if seat == view.declarer:
        detail.append(_("Player"))
    if out:
        detail.append(_("deals, sits out") if seat == view.dealer else _("sits out"))
    else:
        detail.append(_(ROLE_NAMES[view.roles.index(seat)]))
        if view.card_points is not None and seat in view.card_points and view.tricks_played:
            detail.append(_("{n} pts", n=view.card_points[seat]))
        if not view.over:
            detail.append(_("{n} cards", n=view.hand_sizes[seat]))
    turn = bool(view.to_act) and view.to_act[0] == seat and not view.over
    return SeatPlate(name=_name(names, seat), detail=" · ".join(detail), turn=turn, out=out)


def _game_line(view: SkatView, names: list[str]) -> str:
    if view.declarer is not None:
        game = (again(view.contract_label) if view.contract_label
                else _("Hand") if view.hand_game else _("choosing"))
        bid = _("bid {bid}", bid=view.bid) if view.bid else _("no bid")
        kontra = {1: _(", Kontra"), 2: _(", Re")}.get(view.kontra, "")
        return _("{name}: {game} ({bid}{kontra})", name=_name(names, view.declarer),
                 game=game, bid=bid, kontra=kontra)
    if view.contract == "ramsch":
        return _("Ramsch: the most points lose")
    if view.phase == "bid":
        return _("Reizen: {bid}", bid=view.bid) if view.bid else _("Reizen")
    return ""


def _scene(view: SkatView, names: list[str]) -> tuple[TableScene, list[str]]:
    """The table scene and the alt text's sentences (the same facts, in words)."""
    title = _("Skat · deal {deal} of {deals}", deal=view.deal_no + 1, deals=view.total_deals)
    lines = [line for line in (_game_line(view, names),) if line]
    alt = [_("Skat table, {rules}, deal {deal} of {deals}.", rules=view.rules,
             deal=view.deal_no + 1, deals=view.total_deals)]
    alt += [line + "." for line in lines]
    trump = _trump(view)
    if trump:
        alt.append(_("Trump {suit}.", suit=_(SUIT_NAME[trump])))
    if any(view.totals):
        score = " · ".join(_("{name} {points}", name=_name(names, s), points=f"{t:+d}")
                           for s, t in enumerate(view.totals))
        lines.append(_("Score {scores}", scores=score))
        alt.append(_("Score: {scores}.", scores=score))
    seats = [_seat(view, names, s) for s in range(view.players)]
    alt.append(_("Seats clockwise: {seats}.", seats="; ".join(
        _("{name} ({detail})", name=p.name, detail=p.detail) if p.detail else p.name
        for p in seats)))
    trick, mark, trick_label = list(view.trick), "plain", ""
    if view.trick:
        alt.append(_("On the table: {plays}.", plays=", ".join(
            _("{name} {card}", name=_name(names, s), card=pretty(c)) for s, c in view.trick)))
    elif view.last_trick is not None and view.phase == "play":
        trick, mark = list(view.last_trick.plays), "dim"
        won = _name(names, view.last_trick.winner)
        trick_label = _("Last trick, to {name}", name=won)
        alt.append(_("Last trick: {plays}, won by {name}.", plays=", ".join(
            _("{name} {card}", name=_name(names, s), card=pretty(c))
            for s, c in view.last_trick.plays), name=won))
    centre: list[CentreCard] = []
    if view.turned:
        label = _("Passt nicht") if view.passt_nicht else _("Turned")
        centre.append(CentreCard(view.turned, label))
        alt.append(_("{label}: {card}.", label=label, card=pretty(view.turned)))
    if view.phase in ("bid", "skat", "tourne_first") and not view.turned:
        centre += [CentreCard(None, _("Skat")), CentreCard(None, "")]
        alt.append(_("The skat lies face down."))
    open_cards = {s: list(cs) for s, cs in view.open_hands.items() if s != view.seat and cs}
    for s, cs in sorted(open_cards.items()):
        alt.append(_("{name} plays open: {cards}.", name=_name(names, s), cards=pretty_all(cs)))
    footer = ""
    if view.over:
        footer = _("The series is over")
    elif view.to_act:
        footer = _("{name} {doing}", name=_name(names, view.to_act[0]),
                   doing=_doing(view.phase))
    if footer:
        alt.append(footer + ".")
    scene = TableScene(
        title=title, lines=lines, seats=seats,
        bottom=view.seat if view.seat is not None else 0, trick=trick,
        trick_mark=mark, trick_label=trick_label, centre=centre, trump=trump,
        trump_label=_("Trump"), footer=footer,
        open_cards=open_cards,  # type: ignore[arg-type]
    )
    return scene, alt


def table_picture(view: View, names: list[str], style: str = "two_colour") -> Rendered:
    v = _sv(view)
    scene, alt = _scene(v, names)
    return Rendered(table_text(v, names), encode(draw_table(scene, style)), " ".join(alt),
                    "skat-table.png")


def hand_picture(view: View, names: list[str], style: str = "two_colour",
                 legal: Iterable[Action | str] | None = None) -> Rendered:
    v = _sv(view)
    text = hand_text(v, names)
    if v.seat is None or v.seat not in v.roles:
        return Rendered(text)
    cards = list(v.hand)
    marks = play_marks(cards, legal)
    extras: list[tuple[str, list[str]]] = []
    if v.peek:
        extras.append((_("Lifted"), [v.peek]))
    if v.skat:
        extras.append((_("Skat"), list(v.skat)))
    if v.laid_away:
        extras.append((_("Laid away"), list(v.laid_away)))
    for seat, held in sorted(v.open_hands.items()):
        if seat != v.seat and held:
            extras.append((_name(names, seat), list(held)))
    role = _(ROLE_NAMES[v.roles.index(v.seat)])
    if v.over:
        footer = _("The series is over")
    elif v.seat in v.to_act:
        footer = _("Your turn: {doing}", doing=_doing(v.phase))
    elif v.to_act:
        footer = _("Waiting for {name}", name=_name(names, v.to_act[0]))
    else:
        footer = ""
    me = _name(names, v.seat)
    scene = HandScene(title=_("{name} · {role}", name=me, role=role), cards=cards, marks=marks,
                      extras=extras, footer=footer)
    alt = [_("{name}'s hand ({role}): {cards}.", name=me, role=role,
             cards=pretty_all(cards) or _("no cards"))]
    playable = [c for c, m in zip(cards, marks, strict=True) if m == "highlight"]
    if playable:
        alt.append(_("Playable: {cards}.", cards=pretty_all(playable)))
    alt += [_("{label}: {cards}.", label=label, cards=pretty_all(cs)) for label, cs in extras]
    if footer:
        alt.append(footer + ".")
    return Rendered(text, encode(draw_hand(scene, style)), " ".join(alt), "skat-hand.png")
