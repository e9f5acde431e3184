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
from bot.i18n import N_, _
from bot.i18n.sentences import again
from bot.render import personalise

_TURN_UP_STATE = {
    "table": N_("on the table"),
    "taken": N_("taken up by the dealer"),
    "turned_down": N_("turned down"),
    "set_aside": N_("set aside (the dealer sits out)"),
}


def _name(view: EuchreView, names: list[str], seat: int) -> str:
    if seat < len(names) and names[seat]:
        return names[seat]
    return _(view.names[seat])


def _side(view: EuchreView, names: list[str], side: int) -> str:
    return "/".join(_name(view, names, s) for s in view.sides[side])


def _alone(view: EuchreView) -> str:
    return _(" and goes alone") if view.options.modern_words else _(" and plays alone")


_MODERN_CALLS = {
    "order": N_("{name} orders up {suit}{alone}"),
    "assist": N_("{name} orders up {suit}{alone}"),
    "take": N_("{name} picks it up{alone}"),
    "name": N_("{name} calls {suit}{alone}"),
    "bunch": N_("{name} passes"),
}
_HOYLE_CALLS = {
    "order": N_("{name} orders up {suit}{alone}"),
    "assist": N_("{name} says “I assist”{alone}"),
    "take": N_("{name} takes up{alone}"),
    "name": N_("{name} names {suit}{alone}"),
    "bunch": N_("{name} bunches"),
}
_OTHER_CALLS = {
    "discard": N_("{name} discards"),
    "defend": N_("{name} defends alone"),
}


def _bidding(view: EuchreView, names: list[str]) -> str:
    """This deal's calls in words, knowing that a dealer's first-round pass turns the card down."""
    trump = SUIT_SYMBOL[suit(view.turn_up)]
    modern = view.options.modern_words
    calls = _MODERN_CALLS if modern else _HOYLE_CALLS
    stage = "round1"  # then "round2", then "made" once someone makes trump
    out = []
    for seat, action in view.bids:
        kind, _sep, arg = action.partition(":")
        who = _name(view, names, seat)
        if kind == "pass":
            if stage == "round1" and seat == view.dealer:
                out.append(_("{name} turns it down", name=who) if modern
                           else _("{name} turns down", name=who))
                stage = "round2"
            elif stage == "made":
                out.append(_("{name} does not defend alone", name=who))
            else:
                out.append(_("{name} passes", name=who))
            continue
        # Only the words said are translated (each placeholder a template does not use is
        # left out by format_map).
        template = calls.get(kind) or _OTHER_CALLS.get(kind)
        if template is None:
            text = f"{who}: {action}"
        else:
            alone = _alone(view) if arg.endswith("alone") else ""
            text = _(template, name=who, suit=trump if kind != "name" else
                     SUIT_SYMBOL.get(arg[:1], arg), alone=alone)
        if kind in ("order", "assist", "take", "name"):
            stage = "made"
        out.append(text)
    return ", ".join(out)


def _hand_result(view: EuchreView, names: list[str]) -> str:
    """How the last hand was scored, with the players' names for the sides."""
    assert view.last_hand is not None
    named = _names(view, names)
    return again(personalise(view.last_hand.text, view.names, named), named)


def _names(view: EuchreView, names: list[str]) -> list[str]:
    return [_name(view, names, s) for s in range(view.players)]


def table_text(view: EuchreView, names: list[str]) -> str:
    """The table as Markdown: scores, dealer, turn-up, trump, tricks, the trick in play, turn."""
    o = view.options
    lines = [
        _("**Euchre** ({preset}, {deck} cards) · hand {n} · game to {target}",
          preset=o.preset or _("custom"), deck=o.deck, n=view.hand_no, target=view.target),
        _("Score: {scores}", scores=" · ".join(
            f"{_side(view, names, i)} **{v}**" for i, v in enumerate(view.scores))),
        _("Dealer: **{name}**", name=_name(view, names, view.dealer)),
    ]
    if view.last_hand is not None and not view.tricks and not view.trick and view.phase != "over":
        lines.append(_("Last hand: {result}", result=_hand_result(view, names)))
    if view.phase == "over":
        if view.last_hand is not None:
            lines.append(_("Last hand: {result}", result=_hand_result(view, names)))
        winners = _(" and ").join(_name(view, names, s) for s in view.winners)
        lines.append(_("🏆 **{names}** wins the game.", names=winners) if len(view.winners) == 1
                     else _("🏆 **{names}** win the game.", names=winners))
        out = [s for s, v in enumerate(view.scores) if v >= view.target]
        if len(out) > 1:  # three-handed, both defenders out on one euchre (Hoyle, L1592)
            both = _(" and ").join(_side(view, names, s) for s in out)
            first = _name(view, names, view.winners[0])
            lines.append(_("{both} both reached {target}: {first} took two of the euchring "
                           "tricks first and goes out first.", both=both, target=view.target,
                           first=first))
        return "\n".join(lines)
    lines.append(_("Turn-up: **{card}** ({state})", card=pretty(view.turn_up),
                   state=_(_TURN_UP_STATE[view.turn_up_state])))
    if view.bids:
        lines.append(_("Bidding: {calls}", calls=_bidding(view, names)))
    if view.trump is not None and view.maker is not None:
        made = _("Trump: **{suit}**, made by **{name}**", suit=SUIT_SYMBOL[view.trump],
                 name=_name(view, names, view.maker))
        if view.alone:
            made += _(" **alone**")
        if view.defender_alone is not None:
            made += _("; **{name}** defends alone", name=_name(view, names, view.defender_alone))
        lines.append(made)
    if view.sitting_out:
        out = ", ".join(_name(view, names, s) for s in view.sitting_out)
        lines.append(_("Sitting out: {names}", names=out))
    if view.phase == "play":
        side_tricks = [sum(view.tricks_won[s] for s in side) for side in view.sides]
        lines.append(_("Tricks: {tricks}", tricks=" · ".join(
            f"{_side(view, names, i)} {t}" for i, t in enumerate(side_tricks))))
        if view.trick:
            played = ", ".join(f"{_name(view, names, s)} {pretty(c)}" for s, c in view.trick)
            lines.append(_("On the table: {plays}", plays=played))
        elif view.tricks:
            last = view.tricks[-1]
            played = ", ".join(f"{_name(view, names, s)} {pretty(c)}" for s, c in last.plays)
            lines.append(_("Last trick: {plays}; won by {name}", plays=played,
                           name=_name(view, names, last.winner)))
    if view.turn is not None:
        lines.append(_("**{name}** {doing}.", name=_name(view, names, view.turn),
                       doing=_doing(view)))
    return "\n".join(lines)


def _doing(view: EuchreView) -> str:
    if view.phase == "bid1":
        if view.turn == view.dealer:
            if view.options.modern_words:
                return _("to pick it up or turn it down")
            return _("to take up or turn down")
        if view.options.modern_words or view.turn != _dealers_partner(view):
            return _("to order up or pass")
        return _("to assist or pass")
    if view.phase == "bid2":
        if view.options.modern_words:
            return _("to call a suit or pass")
        if view.turn == view.dealer and not view.options.stick_the_dealer:
            return _("to name a suit or bunch")
        return _("to name a suit or pass")
    if view.phase == "play":
        return _("to lead") if not view.trick else _("to play")
    return _(_DOING.get(view.phase, _TO_ACT))


_DOING = {"discard": N_("to discard"), "defend": N_("may defend alone")}
_TO_ACT = N_("to act")


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
        return _("Spectators hold no cards.")
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
    lines = [_("**Your hand** ({name}): {cards}", name=me,
               cards="  |  ".join(groups) if groups else _("no cards"))]
    if view.discard is not None and view.phase != "over":
        lines.append(_("You discarded the {card}.", card=pretty(view.discard)))
    if view.seat in view.sitting_out:
        lines.append(_("You sit out this hand."))
    if ai_plays and view.phase != "over" and view.turn == view.seat:
        lines.append(_("The AI decides for this seat."))
    else:
        lines.append(_prompt(view, names))
    return "\n".join(lines)


def _prompt(view: EuchreView, names: list[str]) -> str:
    if view.phase == "over":
        return _("The game is over.")
    if view.turn != view.seat:
        who = _name(view, names, view.turn) if view.turn is not None else _("nobody")
        return _("Waiting for {name}.", name=who)
    up = pretty(view.turn_up)
    modern = view.options.modern_words
    if view.phase == "bid1":
        if view.seat == view.dealer:
            if modern:
                return _("You deal. Pick up the {card} (and discard), or turn it down?", card=up)
            return _("You deal. Take up the {card} (and discard), or turn it down?", card=up)
        if view.seat == _dealers_partner(view):
            if modern:
                return _("The {card} is turned up; your partner deals. Order it up, or pass?",
                         card=up)
            return _("The {card} is turned up by your partner. Say “I assist”, or pass?", card=up)
        return _("The {card} is turned up. Order it up, or pass?", card=up)
    if view.phase == "discard":
        return _("Discard one card, face down (final).")
    if view.phase == "bid2":
        barred = SUIT_SYMBOL[suit(view.turn_up)]
        if view.seat == view.dealer:
            if view.options.stick_the_dealer:
                return (_("Stick the dealer: you must call a suit (not {suit}).", suit=barred)
                        if modern else
                        _("Stick the dealer: you must name a suit (not {suit}).", suit=barred))
            if modern:
                return _("Call a suit (not {suit}), or pass (the hand is thrown in)?",
                         suit=barred)
            return _("Name a suit (not {suit}), or bunch the cards?", suit=barred)
        return (_("Call a suit (not {suit}), or pass?", suit=barred) if modern
                else _("Name a suit (not {suit}), or pass?", suit=barred))
    if view.phase == "defend":
        return _("The maker goes alone. Defend alone, or pass?")
    if view.trick:
        led = effective_suit(view.trick[0][1], view.trump)
        return _("Your turn: follow {suit} if you can.", suit=SUIT_SYMBOL[led])
    return _("Your lead.")


def action_label(view: EuchreView, action: Action) -> str:
    """A button's text in the table's own words: ``Order up ♥``, ``I assist`` (1871) or
    ``Pick it up, go alone`` (modern), ``Name ♠``, ``J♥``."""
    modern = view.options.modern_words
    alone = ""
    if action.arg.endswith("alone"):
        alone = _(", go alone") if modern else _(" alone")
    trump = SUIT_SYMBOL[suit(view.turn_up)] if view.turn_up else ""
    named = SUIT_SYMBOL.get(action.arg[:1], action.arg)
    match action.kind:
        case "order":
            return _("Order up {suit}{alone}", suit=trump, alone=alone)
        case "assist":
            return (_("Order up {suit}{alone}", suit=trump, alone=alone) if modern
                    else _("I assist{alone}", alone=alone))
        case "take":
            return (_("Pick it up{alone}", alone=alone) if modern
                    else _("Take up{alone}", alone=alone))
        case "pass":
            if view.phase == "bid1" and view.seat == view.dealer:
                return _("Turn it down") if modern else _("Turn down")
            return _("Pass")
        case "bunch":
            return _("Pass") if modern else _("Bunch")
        case "name":
            return (_("Call {suit}{alone}", suit=named, alone=alone) if modern
                    else _("Name {suit}{alone}", suit=named, alone=alone))
        case "discard":
            return _("Discard {card}", card=pretty(action.arg))
        case "defend":
            return _("Defend alone")
        case "play":
            return pretty(action.arg)
    return str(action)


def move_text(view: EuchreView, action: Action) -> str:
    """A move told to the whole table, past tense ("ordered up ♥", "played the Queen of
    hearts"), from the public view before it. A discard is never named: it lies face down."""
    modern = view.options.modern_words
    alone = (_(" and went alone") if modern else _(" and played alone")) if (
        action.arg.endswith("alone")) else ""
    trump = SUIT_SYMBOL[suit(view.turn_up)] if view.turn_up else ""
    named = SUIT_SYMBOL.get(action.arg[:1], action.arg)
    match action.kind:
        case "order":
            return _("ordered up {suit}{alone}", suit=trump, alone=alone)
        case "assist":
            return (_("ordered up {suit}{alone}", suit=trump, alone=alone) if modern
                    else _("said “I assist”{alone}", alone=alone))
        case "take":
            if modern:
                return _("picked it up{alone}", alone=alone)
            return _("took up the {card}{alone}", card=pretty(view.turn_up), alone=alone)
        case "pass":
            if view.phase == "bid1" and view.turn == view.dealer:
                return _("turned it down")
            if view.phase == "defend":
                return _("did not defend alone")
            return _("passed")
        case "bunch":
            return _("passed") if modern else _("bunched the cards")
        case "name":
            return (_("called {suit}{alone}", suit=named, alone=alone) if modern
                    else _("named {suit}{alone}", suit=named, alone=alone))
        case "discard":
            return _("discarded a card face down")
        case "defend":
            return _("defended alone")
        case "play" if action.arg:
            return _("played the {card}", card=again(long_name(action.arg)))
    return _("moved")


def arrange(view: EuchreView, actions: Sequence[Action]) -> list[Action]:
    """The seat's card moves in the order its hand is shown (trump first, by suit), so the
    buttons read like the hand above them; other moves keep the rules' order, first."""
    order = {c: i for i, c in enumerate(_shown_order(view))}
    cards = [a for a in actions if a.kind in ("play", "discard") and a.arg in order]
    rest = [a for a in actions if a not in cards]
    return [*rest, *sorted(cards, key=lambda a: order[a.arg])]


def outcome_lines(view: EuchreView, outcome: Outcome, names: list[str]) -> list[str]:
    """The result lines with the players' names where the rules core wrote seats."""
    named = _names(view, names)
    return [again(personalise(line, view.names, named), named) for line in outcome.lines]
