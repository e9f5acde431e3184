"""Euchre as text: the table for the channel, a seat's hand and decision, button labels.

Pure functions of an `EuchreView`; ``names`` are the display names per seat (players' names), and
when a name is missing the seat's compass name is used. Each table speaks its own book's words
(``EuchreOptions.modern_words``): the 1871 Hoyle says "I assist", "take up", "play alone" and
"bunch"; a modern table says "order up", "pick it up", "go alone" and "pass".
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Action, Outcome
from bot.games.cards import SUIT_SYMBOL, long_name, pretty, suit
from bot.games.euchre.ranking import effective_suit, sort_hand
from bot.games.euchre.rules import EuchreView
from bot.render import personalise

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


def _alone(view: EuchreView) -> str:
    return " and goes alone" if view.options.modern_words else " and plays alone"


def _bidding(view: EuchreView, names: list[str]) -> str:
    """This deal's calls in words, knowing that a dealer's first-round pass turns the card down."""
    trump = SUIT_SYMBOL[suit(view.turn_up)]
    modern = view.options.modern_words
    stage = "round1"  # then "round2", then "made" once someone makes trump
    out = []
    for seat, action in view.bids:
        kind, _, arg = action.partition(":")
        who = _name(view, names, seat)
        alone = _alone(view) if arg.endswith("alone") else ""
        if kind == "pass":
            if stage == "round1" and seat == view.dealer:
                out.append(f"{who} turns it down" if modern else f"{who} turns down")
                stage = "round2"
            elif stage == "made":
                out.append(f"{who} does not defend alone")
            else:
                out.append(f"{who} passes")
            continue
        if modern:
            text = {
                "order": f"{who} orders up {trump}{alone}",
                "assist": f"{who} orders up {trump}{alone}",
                "take": f"{who} picks it up{alone}",
                "name": f"{who} calls {SUIT_SYMBOL.get(arg[:1], arg)}{alone}",
                "bunch": f"{who} passes",
            }.get(kind)
        else:
            text = {
                "order": f"{who} orders up {trump}{alone}",
                "assist": f"{who} says “I assist”{alone}",
                "take": f"{who} takes up{alone}",
                "name": f"{who} names {SUIT_SYMBOL.get(arg[:1], arg)}{alone}",
                "bunch": f"{who} bunches",
            }.get(kind)
        text = text or {
            "discard": f"{who} discards",
            "defend": f"{who} defends alone",
        }.get(kind, f"{who}: {action}")
        if kind in ("order", "assist", "take", "name"):
            stage = "made"
        out.append(text)
    return ", ".join(out)


def _hand_result(view: EuchreView, names: list[str]) -> str:
    """How the last hand was scored, with the players' names for the sides."""
    assert view.last_hand is not None
    return personalise(view.last_hand.text, view.names, _names(view, names))


def _names(view: EuchreView, names: list[str]) -> list[str]:
    return [_name(view, names, s) for s in range(view.players)]


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
        lines.append(f"Last hand: {_hand_result(view, names)}")
    if view.phase == "over":
        if view.last_hand is not None:
            lines.append(f"Last hand: {_hand_result(view, names)}")
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
    if view.phase == "bid1":
        if view.turn == view.dealer:
            if view.options.modern_words:
                return "to pick it up or turn it down"
            return "to take up or turn down"
        if view.options.modern_words or view.turn != _dealers_partner(view):
            return "to order up or pass"
        return "to assist or pass"
    if view.phase == "bid2":
        if view.options.modern_words:
            return "to call a suit or pass"
        if view.turn == view.dealer and not view.options.stick_the_dealer:
            return "to name a suit or bunch"
        return "to name a suit or pass"
    return {
        "discard": "to discard",
        "defend": "may defend alone",
        "play": "to lead" if not view.trick else "to play",
    }.get(view.phase, "to act")


def _dealers_partner(view: EuchreView) -> int | None:
    return (view.dealer + 2) % 4 if view.players == 4 else None


def _display_trump(view: EuchreView) -> str | None:
    if view.trump is None and view.turn_up_state == "table":
        return suit(view.turn_up)  # show the hand as it would play with the turn-up as trump
    return view.trump


def _shown_order(view: EuchreView) -> list[str]:
    """The seat's cards in the order its hand is shown."""
    return sort_hand(view.hand, _display_trump(view))


def hand_text(view: EuchreView, names: list[str], *, ai_plays: bool = False) -> str:
    """A seat's cards (trump first, by suit) and the decision in front of it."""
    if view.seat is None:
        return "Spectators hold no cards."
    trump = _display_trump(view)
    cards = _shown_order(view)
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
    if ai_plays and view.phase != "over" and view.turn == view.seat:
        lines.append("The AI decides for this seat.")
    else:
        lines.append(_prompt(view, names))
    return "\n".join(lines)


def _prompt(view: EuchreView, names: list[str]) -> str:
    if view.phase == "over":
        return "The game is over."
    if view.turn != view.seat:
        who = _name(view, names, view.turn) if view.turn is not None else "nobody"
        return f"Waiting for {who}."
    up = pretty(view.turn_up)
    modern = view.options.modern_words
    if view.phase == "bid1":
        if view.seat == view.dealer:
            if modern:
                return f"You deal. Pick up the {up} (and discard), or turn it down?"
            return f"You deal. Take up the {up} (and discard), or turn it down?"
        if view.seat == _dealers_partner(view):
            if modern:
                return f"The {up} is turned up; your partner deals. Order it up, or pass?"
            return f"The {up} is turned up by your partner. Say “I assist”, or pass?"
        return f"The {up} is turned up. Order it up, or pass?"
    if view.phase == "discard":
        return "Discard one card, face down (final)."
    if view.phase == "bid2":
        barred = SUIT_SYMBOL[suit(view.turn_up)]
        word = "Call" if modern else "Name"
        if view.seat == view.dealer:
            if view.options.stick_the_dealer:
                return f"Stick the dealer: you must {word.lower()} a suit (not {barred})."
            if modern:
                return f"Call a suit (not {barred}), or pass (the hand is thrown in)?"
            return f"Name a suit (not {barred}), or bunch the cards?"
        return f"{word} a suit (not {barred}), or pass?"
    if view.phase == "defend":
        return "The maker goes alone. Defend alone, or pass?"
    if view.trick:
        led = effective_suit(view.trick[0][1], view.trump)
        return f"Your turn: follow {SUIT_SYMBOL[led]} if you can."
    return "Your lead."


def action_label(view: EuchreView, action: Action) -> str:
    """A button's text in the table's own words: ``Order up ♥``, ``I assist`` (1871) or
    ``Pick it up, go alone`` (modern), ``Name ♠``, ``J♥``."""
    modern = view.options.modern_words
    alone = ""
    if action.arg.endswith("alone"):
        alone = ", go alone" if modern else " alone"
    trump = SUIT_SYMBOL[suit(view.turn_up)] if view.turn_up else ""
    match action.kind:
        case "order":
            return f"Order up {trump}{alone}"
        case "assist":
            return f"Order up {trump}{alone}" if modern else f"I assist{alone}"
        case "take":
            return f"Pick it up{alone}" if modern else f"Take up{alone}"
        case "pass":
            if view.phase == "bid1" and view.seat == view.dealer:
                return "Turn it down" if modern else "Turn down"
            return "Pass"
        case "bunch":
            return "Pass" if modern else "Bunch"
        case "name":
            verb = "Call" if modern else "Name"
            return f"{verb} {SUIT_SYMBOL.get(action.arg[:1], action.arg)}{alone}"
        case "discard":
            return f"Discard {pretty(action.arg)}"
        case "defend":
            return "Defend alone"
        case "play":
            return pretty(action.arg)
    return str(action)


def move_text(view: EuchreView, action: Action) -> str:
    """A move told to the whole table, past tense ("ordered up ♥", "played the Queen of
    hearts"), from the public view before it. A discard is never named: it lies face down."""
    modern = view.options.modern_words
    alone = (" and went alone" if modern else " and played alone") if (
        action.arg.endswith("alone")) else ""
    trump = SUIT_SYMBOL[suit(view.turn_up)] if view.turn_up else ""
    match action.kind:
        case "order":
            return f"ordered up {trump}{alone}"
        case "assist":
            return f"ordered up {trump}{alone}" if modern else f"said “I assist”{alone}"
        case "take":
            if modern:
                return f"picked it up{alone}"
            return f"took up the {pretty(view.turn_up)}{alone}"
        case "pass":
            if view.phase == "bid1" and view.turn == view.dealer:
                return "turned it down"
            if view.phase == "defend":
                return "did not defend alone"
            return "passed"
        case "bunch":
            return "passed" if modern else "bunched the cards"
        case "name":
            verb = "called" if modern else "named"
            return f"{verb} {SUIT_SYMBOL.get(action.arg[:1], action.arg)}{alone}"
        case "discard":
            return "discarded a card face down"
        case "defend":
            return "defended alone"
        case "play" if action.arg:
            return f"played the {long_name(action.arg)}"
    return "moved"


def arrange(view: EuchreView, actions: Sequence[Action]) -> list[Action]:
    """The seat's card moves in the order its hand is shown (trump first, by suit), so the
    buttons read like the hand above them; other moves keep the rules' order, first."""
    order = {c: i for i, c in enumerate(_shown_order(view))}
    cards = [a for a in actions if a.kind in ("play", "discard") and a.arg in order]
    rest = [a for a in actions if a not in cards]
    return [*rest, *sorted(cards, key=lambda a: order[a.arg])]


def outcome_lines(view: EuchreView, outcome: Outcome, names: list[str]) -> list[str]:
    """The result lines with the players' names where the rules core wrote seats."""
    return [personalise(line, view.names, _names(view, names)) for line in outcome.lines]
