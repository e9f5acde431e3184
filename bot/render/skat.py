"""Skat as text: the table for the channel, a seat's hand and decision, button labels.

Pure functions of a `SkatView`. ``names`` are display names per seat; a missing name falls back
to "Seat n". Words are the game's own: Vorhand, reizen, ja/passe, passt nicht, Guckser...
"""

from __future__ import annotations

from bot.games.base import Action, Outcome, View
from bot.games.cards import long_name, pretty, pretty_all
from bot.games.skat.contracts import Contract
from bot.games.skat.rules import ROLE_NAMES, DealResult, SkatView, seat_names
from bot.i18n import N_, _
from bot.i18n.sentences import again
from bot.render import personalise

PHASE_DOING = {
    "bid": N_("bidding"),
    "skat": N_("choosing how to use the skat"),
    "tourne_first": N_("looking at the turned card"),
    "tourne_jack": N_("choosing Grand or the Jack's suit"),
    "discard": N_("laying away two cards"),
    "declare": N_("declaring the game"),
    "kontra": N_("deciding on Kontra"),
    "play": N_("to play"),
}


def doing_text(phase: str, doing: dict[str, str] = PHASE_DOING) -> str:
    """What a seat is doing in ``phase``, in the reader's words."""
    return _(doing[phase]) if phase in doing else phase


def _role(index: int) -> str:
    return _(ROLE_NAMES[index])


def _name(names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) and names[seat] else _("Seat {n}", n=seat + 1)


def _names(players: int, names: list[str]) -> list[str]:
    return [_name(names, s) for s in range(players)]


def deal_line(result: DealResult, names: list[str]) -> str:
    """A finished deal's score line with the players' names where the rules wrote seats."""
    players = len(result.deltas) or max(result.roles) + 1
    named = _names(players, names)
    return again(personalise(result.text, seat_names(players), named), named)


def _sv(view: View) -> SkatView:
    assert isinstance(view, SkatView), "the Skat renderer needs a SkatView"
    return view


def _plays(view: SkatView, names: list[str], plays: list[tuple[int, str]]) -> str:
    return " · ".join(_("{name} {card}", name=_name(names, s), card=pretty(c))
                      for s, c in plays)


def table_text(view: View, names: list[str]) -> str:
    v = _sv(view)
    lines = [_("**Skat** ({rules}) — deal {deal} of {deals}, dealer {dealer}", rules=v.rules,
               deal=v.deal_no + 1, deals=v.total_deals, dealer=_name(names, v.dealer))]
    roles = " · ".join(_("{role}: {name}", role=_role(i), name=_name(names, s))
                       for i, s in enumerate(v.roles))
    out = [s for s in range(v.players) if s not in v.roles]
    if out:
        roles += _(" (sitting out: {names})",
                   names=", ".join(_name(names, s) for s in out))
    lines.append(roles)
    if v.bid_log:
        lines.append(_("Reizen: {bids}", bids=", ".join(
            bid_words(entry, v.roles, names) for entry in v.bid_log)))
    if v.declarer is not None:
        bid = _("bid {bid}", bid=v.bid) if v.bid else _("no bid")
        game = (again(v.contract_label) if v.contract_label
                else _("Hand") if v.hand_game else _("choosing"))
        kontra = {1: _(", Kontra"), 2: _(", Kontra and Re")}.get(v.kontra, "")
        lines.append(_("Player: **{name}** — {game} ({bid}{kontra})",
                       name=_name(names, v.declarer), game=game, bid=bid, kontra=kontra))
    elif v.contract == "ramsch":
        lines.append(_("**Ramsch**: every player for himself; the most points lose."))
    if v.turned:
        lines.append(_("Turned: {card}", card=pretty(v.turned))
                     + (_(" (passt nicht)") if v.passt_nicht else ""))
    for seat, cards in sorted(v.open_hands.items()):
        if seat != v.seat:
            lines.append(_("Open cards of {name}: {cards}", name=_name(names, seat),
                           cards=pretty_all(cards)))
    if v.trick:
        lines.append(_("Trick {n}: {plays}", n=v.tricks_played + 1,
                       plays=_plays(v, names, v.trick)))
    elif v.last_trick is not None:
        won = _name(names, v.last_trick.winner)
        lines.append(_("Last trick: {plays} → {winner}",
                       plays=_plays(v, names, v.last_trick.plays), winner=won))
    if v.card_points is not None and v.phase in ("play", "over") and v.tricks_played:
        lines.append(_("Card points so far: {points}", points=" · ".join(
            _("{name} {points}", name=_name(names, s), points=p)
            for s, p in sorted(v.card_points.items()))))
    if v.to_act:
        seat = v.to_act[0]
        lines.append(_("Waiting for {name} ({doing}).", name=_name(names, seat),
                       doing=doing_text(v.phase)))
    if any(v.totals):
        lines.append(_("Score: {scores}", scores=" · ".join(
            _("{name} {points}", name=_name(names, s), points=f"{t:+d}")
            for s, t in enumerate(v.totals))))
    if v.last is not None:
        skat = _(" (skat {cards})", cards=pretty_all(v.last.skat)) if v.last.skat else ""
        lines.append(_("Last deal: {line}{skat}", line=deal_line(v.last, names), skat=skat))
    if v.over:
        lines.append(_("**The series is over.**"))
    return "\n".join(lines)


def bid_words(entry: str, roles: list[int], names: list[str]) -> str:
    """One entry of the bidding's log (the core's "Vorhand 18", "Mittelhand passe") with the
    player's name and the word in the reader's language."""
    role, _sep, said = entry.rpartition(" ")
    who = _name(names, roles[ROLE_NAMES.index(role)]) if role in ROLE_NAMES else role
    word = {"ja": _("ja"), "passe": _("passe")}.get(said, said)
    return _("{name} {bid}", name=who, bid=word)


def hand_text(view: View, names: list[str], *, ai_plays: bool = False) -> str:
    v = _sv(view)
    if v.seat is None:
        return table_text(v, names)
    if v.seat not in v.roles:
        return _("You sit out this deal; you share in the score.")
    role = _role(v.roles.index(v.seat))
    lines = [_("You are **{role}**. Your cards: {cards}", role=role,
               cards=pretty_all(v.hand) or "-")]
    if v.peek:
        lines.append(_("You lifted {card}: accept it as trump, or say passt nicht?",
                       card=pretty(v.peek)))
    if v.skat is not None:
        lines.append(_("The skat was {cards}.", cards=pretty_all(v.skat)))
    if v.laid_away:
        lines.append(_("Laid away: {cards}.", cards=pretty_all(v.laid_away)))
    for seat, cards in sorted(v.open_hands.items()):
        if seat != v.seat:
            lines.append(_("{name} holds {cards}.", name=_name(names, seat),
                           cards=pretty_all(cards)))
    if v.seat in v.to_act and ai_plays:
        lines.append(_("The AI decides for this seat."))
    elif v.seat in v.to_act:
        doing = doing_text(v.phase)
        if v.phase == "bid" and v.awaiting == "answer":
            doing = _("{bid} is bid to you: ja or passe?", bid=v.bid)
        lines.append(_("Your turn: {doing}", doing=doing))
    return "\n".join(lines)


def action_label(view: View, action: Action) -> str:
    v = _sv(view)
    k, arg = action.kind, action.arg
    if k == "bid":
        return arg
    if k == "hold":
        return _("Ja ({bid})", bid=v.bid)
    if k == "pass":
        return _("No Kontra") if v.phase == "kontra" else _("Passe")
    if k == "play":
        return pretty(arg)
    if k == "discard":
        return _("Lay away {cards}", cards=pretty_all(arg.split(",")))
    if k == "declare":
        try:
            return again(Contract.parse(arg).label)
        except ValueError:
            return arg
    if k == "tourne":
        return _("Turn the left card") if arg == "left" else _("Turn the right card")
    if k == "guck":
        return _("Guckser Grand") if arg == "grand" else _("Guckser Nullo")
    words = {
        "skat": N_("Pick up the skat"), "hand": N_("Hand"), "accept": N_("Accept as trump"),
        "passt_nicht": N_("Passt nicht"), "frage": N_("Frage"), "kontra": N_("Kontra"),
        "re": N_("Re"), "surrender": N_("Throw down (Tourne lost)"), "concede": N_("Concede"),
        "claim_rest": N_("Claim the rest"), "claim_win": N_("Claim the game"),
        "claim_defeat": N_("Claim the Player beaten"),
    }
    return _(words[k]) if k in words else str(action)


def move_text(view: View, action: Action) -> str:
    """A move told to the whole table, past tense ("said 20", "played the Jack of clubs"),
    from the public view before it. Cards laid away are never named: they are the Player's."""
    v = _sv(view)
    k, arg = action.kind, action.arg
    if k == "bid" and arg:
        return _("said {bid}", bid=arg)
    if k == "hold":
        return _("held {bid} (ja)", bid=v.bid)
    if k == "pass":
        return _("said no Kontra") if v.phase == "kontra" else _("passed (passe)")
    if k == "play" and arg:
        return _("played the {card}", card=again(long_name(arg)))
    if k == "discard":
        return _("laid away two cards")
    if k == "declare" and arg:
        try:
            return _("declared {game}", game=again(Contract.parse(arg).label))
        except ValueError:
            return _("declared the game")
    if k == "tourne" and arg in ("left", "right"):
        return (_("lifted the left skat card (Tourne)") if arg == "left"
                else _("lifted the right skat card (Tourne)"))
    if k == "guck":
        return (_("took up the skat (Guckser Grand)") if arg == "grand"
                else _("took up the skat (Guckser Nullo)"))
    words = {
        "skat": N_("picked up the skat"), "hand": N_("chose to play Hand"),
        "accept": N_("accepted the card as trump"), "passt_nicht": N_("said passt nicht"),
        "frage": N_("took up the skat (Frage)"), "kontra": N_("said Kontra"),
        "re": N_("said Re"), "surrender": N_("threw down the hand (Tourne lost)"),
        "concede": N_("conceded"), "claim_rest": N_("claimed the rest"),
        "claim_win": N_("claimed the game"), "claim_defeat": N_("claimed the Player beaten"),
    }
    return _(words[k]) if k in words else _("moved")


def outcome_lines(view: View, outcome: Outcome, names: list[str]) -> list[str]:
    """The series' result lines with the players' names where the rules core wrote seats."""
    named = _names(view.players, names)
    return [again(personalise(line, seat_names(view.players), named), named)
            for line in outcome.lines]
