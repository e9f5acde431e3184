"""Euchre as text: the table for the channel, a seat's hand and decision, button labels.

Pure functions of an `EuchreView`; ``names`` are the display names per seat (players' names), and
when a name is missing the seat's compass name is used.
"""

from __future__ import annotations

from bot.games.base import Action
from bot.games.cards import SUIT_SYMBOL, pretty, suit
from bot.games.euchre.ranking import effective_suit, sort_hand
from bot.games.euchre.rules import EuchreView

_TURN_UP_STATE = {
    "table": "on the table",
    "taken": "taken up by the dealer",
    "turned_down": "turned down",
    "set_aside": "set aside (the dealer sits out)",
}


def _name(view: EuchreView, names: list[str], seat: int) -> str:
    if seat < len(names) and names[seat]:
        return names[seat]
    return view.names[seat]


def _side(view: EuchreView, names: list[str], side: int) -> str:
    return "/".join(_name(view, names, s) for s in view.sides[side])


def _bidding(view: EuchreView, names: list[str]) -> str:
    """This deal's calls in words, knowing that a dealer's first-round pass turns the card down."""
    trump = SUIT_SYMBOL[suit(view.turn_up)]
    stage = "round1"  # then "round2", then "made" once someone makes trump
    out = []
    for seat, action in view.bids:
        kind, _, arg = action.partition(":")
        who = _name(view, names, seat)
        alone = " alone" if arg.endswith("alone") else ""
        if kind == "pass":
            if stage == "round1" and seat == view.dealer:
                out.append(f"{who} turns down")
                stage = "round2"
            elif stage == "made":
                out.append(f"{who} does not defend alone")
            else:
                out.append(f"{who} passes")
            continue
        text = {
            "order": f"{who} orders up {trump}{alone}",
            "assist": f"{who} assists{alone}",
            "take": f"{who} takes up{alone}",
            "name": f"{who} names {SUIT_SYMBOL.get(arg[:1], arg)}{alone}",
            "bunch": f"{who} bunches",
            "discard": f"{who} discards",
            "defend": f"{who} defends alone",
        }.get(kind, f"{who}: {action}")
        if kind in ("order", "assist", "take", "name"):
            stage = "made"
        out.append(text)
    return ", ".join(out)


def table_text(view: EuchreView, names: list[str]) -> str:
    """The table as Markdown: scores, dealer, turn-up, trump, tricks, the trick in play, turn."""
    o = view.options
    lines = [
        f"**Euchre** ({o.preset or 'custom'}, {o.deck} cards) · hand {view.hand_no} · "
        f"game to {view.target}",
        "Score: "
        + " · ".join(f"{_side(view, names, i)} **{v}**" for i, v in enumerate(view.scores)),
        f"Dealer: **{_name(view, names, view.dealer)}**",
    ]
    if view.last_hand is not None and not view.tricks and not view.trick and view.phase != "over":
        lines.append(f"Last hand: {view.last_hand.text}")
    if view.phase == "over":
        if view.last_hand is not None:
            lines.append(f"Last hand: {view.last_hand.text}")
        winners = " and ".join(_name(view, names, s) for s in view.winners)
        lines.append(f"🏆 **{winners}** win{'s' if len(view.winners) == 1 else ''} the game.")
        out = [s for s, v in enumerate(view.scores) if v >= view.target]
        if len(out) > 1:  # three-handed, both defenders out on one euchre (Hoyle, L1592)
            both = " and ".join(_side(view, names, s) for s in out)
            first = _name(view, names, view.winners[0])
            lines.append(
                f"{both} both reached {view.target}: {first} took two of the euchring tricks "
                "first and goes out first."
            )
        return "\n".join(lines)
    lines.append(f"Turn-up: **{pretty(view.turn_up)}** ({_TURN_UP_STATE[view.turn_up_state]})")
    if view.bids:
        lines.append("Bidding: " + _bidding(view, names))
    if view.trump is not None and view.maker is not None:
        made = f"Trump: **{SUIT_SYMBOL[view.trump]}**, made by **{_name(view, names, view.maker)}**"
        if view.alone:
            made += " **alone**"
        if view.defender_alone is not None:
            made += f"; **{_name(view, names, view.defender_alone)}** defends alone"
        lines.append(made)
    if view.sitting_out:
        out = ", ".join(_name(view, names, s) for s in view.sitting_out)
        lines.append(f"Sitting out: {out}")
    if view.phase == "play":
        side_tricks = [sum(view.tricks_won[s] for s in side) for side in view.sides]
        lines.append(
            "Tricks: "
            + " · ".join(f"{_side(view, names, i)} {t}" for i, t in enumerate(side_tricks))
        )
        if view.trick:
            played = ", ".join(f"{_name(view, names, s)} {pretty(c)}" for s, c in view.trick)
            lines.append(f"On the table: {played}")
        elif view.tricks:
            last = view.tricks[-1]
            played = ", ".join(f"{_name(view, names, s)} {pretty(c)}" for s, c in last.plays)
            lines.append(f"Last trick: {played}; won by {_name(view, names, last.winner)}")
    if view.turn is not None:
        lines.append(f"**{_name(view, names, view.turn)}** {_doing(view)}.")
    return "\n".join(lines)


def _doing(view: EuchreView) -> str:
    return {
        "bid1": "to order up, assist, take up or pass",
        "discard": "to discard",
        "bid2": "to name a suit or pass",
        "defend": "may defend alone",
        "play": "to lead" if not view.trick else "to play",
    }.get(view.phase, "to act")


def hand_text(view: EuchreView, names: list[str]) -> str:
    """A seat's cards (trump first, by suit) and the decision in front of it."""
    if view.seat is None:
        return "Spectators hold no cards."
    trump = view.trump
    if trump is None and view.turn_up_state == "table":
        trump = suit(view.turn_up)  # show the hand as it would play with the turn-up as trump
    cards = sort_hand(view.hand, trump)
    groups: list[str] = []
    current: list[str] = []
    last: str | None = None
    for c in cards:
        eff = effective_suit(c, trump)
        if last is not None and eff != last:
            groups.append(" ".join(current))
            current = []
        current.append(pretty(c))
        last = eff
    if current:
        groups.append(" ".join(current))
    me = _name(view, names, view.seat)
    lines = [f"**Your hand** ({me}): " + ("  |  ".join(groups) if groups else "no cards")]
    if view.discard is not None and view.phase != "over":
        lines.append(f"You discarded the {pretty(view.discard)}.")
    if view.seat in view.sitting_out:
        lines.append("You sit out this hand.")
    lines.append(_prompt(view, names))
    return "\n".join(lines)


def _prompt(view: EuchreView, names: list[str]) -> str:
    if view.phase == "over":
        return "The game is over."
    if view.turn != view.seat:
        who = _name(view, names, view.turn) if view.turn is not None else "nobody"
        return f"Waiting for {who}."
    up = pretty(view.turn_up)
    if view.phase == "bid1":
        if view.seat == view.dealer:
            return f"You deal. Take up the {up} (and discard), or turn it down?"
        if view.players == 4 and view.seat == (view.dealer + 2) % 4:
            return f"The {up} is turned up by your partner. Assist, or pass?"
        return f"The {up} is turned up. Order it up, or pass?"
    if view.phase == "discard":
        return "Discard one card, face down (final)."
    if view.phase == "bid2":
        barred = SUIT_SYMBOL[suit(view.turn_up)]
        if view.seat == view.dealer:
            if view.options.stick_the_dealer:
                return f"Stick the dealer: you must name a suit (not {barred})."
            return f"Name a suit (not {barred}), or bunch the cards?"
        return f"Name a suit (not {barred}), or pass?"
    if view.phase == "defend":
        return "The maker goes alone. Defend alone, or pass?"
    if view.trick:
        led = effective_suit(view.trick[0][1], view.trump)
        return f"Your turn: follow {SUIT_SYMBOL[led]} if you can."
    return "Your lead."


def action_label(view: EuchreView, action: Action) -> str:
    """A button's text: ``Order up ♥``, ``Assist``, ``Take up alone``, ``Name ♠``, ``J♥``."""
    alone = " alone" if action.arg.endswith("alone") else ""
    trump = SUIT_SYMBOL[suit(view.turn_up)] if view.turn_up else ""
    match action.kind:
        case "order":
            return f"Order up {trump}{alone}"
        case "assist":
            return f"Assist{alone}"
        case "take":
            return f"Take up{alone}"
        case "pass":
            if view.phase == "bid1" and view.seat == view.dealer:
                return "Turn down"
            return "Pass"
        case "bunch":
            return "Bunch"
        case "name":
            return f"Name {SUIT_SYMBOL.get(action.arg[:1], action.arg)}{alone}"
        case "discard":
            return f"Discard {pretty(action.arg)}"
        case "defend":
            return "Defend alone"
        case "play":
            return pretty(action.arg)
    return str(action)
