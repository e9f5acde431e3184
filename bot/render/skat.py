"""Skat as text: the table for the channel, a seat's hand and decision, button labels.

Pure functions of a `SkatView`. ``names`` are display names per seat; a missing name falls back
to "Seat n". Words are the game's own: Vorhand, reizen, ja/passe, passt nicht, Guckser...
"""

from __future__ import annotations

from bot.games.base import Action, Outcome, View
from bot.games.cards import long_name, pretty, pretty_all
from bot.games.skat.contracts import Contract
from bot.games.skat.rules import ROLE_NAMES, DealResult, SkatView, seat_names
from bot.render import personalise

_PHASE_DOING = {
    "bid": "bidding",
    "skat": "choosing how to use the skat",
    "tourne_first": "looking at the turned card",
    "tourne_jack": "choosing Grand or the Jack's suit",
    "discard": "laying away two cards",
    "declare": "declaring the game",
    "kontra": "deciding on Kontra",
    "play": "to play",
}


def _name(names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"


def _names(players: int, names: list[str]) -> list[str]:
    return [_name(names, s) for s in range(players)]


def deal_line(result: DealResult, names: list[str]) -> str:
    """A finished deal's score line with the players' names where the rules wrote seats."""
    players = len(result.deltas) or max(result.roles) + 1
    return personalise(result.text, seat_names(players), _names(players, names))


def _sv(view: View) -> SkatView:
    assert isinstance(view, SkatView), "the Skat renderer needs a SkatView"
    return view


def _plays(view: SkatView, names: list[str], plays: list[tuple[int, str]]) -> str:
    return " · ".join(f"{_name(names, s)} {pretty(c)}" for s, c in plays)


def table_text(view: View, names: list[str]) -> str:
    v = _sv(view)
    lines = [f"**Skat** ({v.rules}) — deal {v.deal_no + 1} of {v.total_deals}, "
             f"dealer {_name(names, v.dealer)}"]
    roles = " · ".join(f"{ROLE_NAMES[i]}: {_name(names, s)}" for i, s in enumerate(v.roles))
    out = [s for s in range(v.players) if s not in v.roles]
    if out:
        roles += f" (sitting out: {', '.join(_name(names, s) for s in out)})"
    lines.append(roles)
    if v.bid_log:
        roles = [_name(names, s) for s in v.roles]
        lines.append("Reizen: " + personalise(", ".join(v.bid_log), list(ROLE_NAMES), roles))
    if v.declarer is not None:
        bid = f"bid {v.bid}" if v.bid else "no bid"
        game = v.contract_label or ("Hand" if v.hand_game else "choosing")
        kontra = {1: ", Kontra", 2: ", Kontra and Re"}.get(v.kontra, "")
        lines.append(f"Player: **{_name(names, v.declarer)}** — {game} ({bid}{kontra})")
    elif v.contract == "ramsch":
        lines.append("**Ramsch**: every player for himself; the most points lose.")
    if v.turned:
        lines.append(f"Turned: {pretty(v.turned)}" + (" (passt nicht)" if v.passt_nicht else ""))
    for seat, cards in sorted(v.open_hands.items()):
        if seat != v.seat:
            lines.append(f"Open cards of {_name(names, seat)}: {pretty_all(cards)}")
    if v.trick:
        lines.append(f"Trick {v.tricks_played + 1}: {_plays(v, names, v.trick)}")
    elif v.last_trick is not None:
        won = _name(names, v.last_trick.winner)
        lines.append(f"Last trick: {_plays(v, names, v.last_trick.plays)} → {won}")
    if v.card_points is not None and v.phase in ("play", "over") and v.tricks_played:
        lines.append("Card points so far: " + " · ".join(
            f"{_name(names, s)} {p}" for s, p in sorted(v.card_points.items())))
    if v.to_act:
        seat = v.to_act[0]
        lines.append(f"Waiting for {_name(names, seat)} ({_PHASE_DOING.get(v.phase, v.phase)}).")
    if any(v.totals):
        lines.append("Score: " + " · ".join(
            f"{_name(names, s)} {t:+d}" for s, t in enumerate(v.totals)))
    if v.last is not None:
        skat = f" (skat {pretty_all(v.last.skat)})" if v.last.skat else ""
        lines.append(f"Last deal: {deal_line(v.last, names)}{skat}")
    if v.over:
        lines.append("**The series is over.**")
    return "\n".join(lines)


def hand_text(view: View, names: list[str], *, ai_plays: bool = False) -> str:
    v = _sv(view)
    if v.seat is None:
        return table_text(v, names)
    if v.seat not in v.roles:
        return "You sit out this deal; you share in the score."
    role = ROLE_NAMES[v.roles.index(v.seat)]
    lines = [f"You are **{role}**. Your cards: {pretty_all(v.hand) or '-'}"]
    if v.peek:
        lines.append(f"You lifted {pretty(v.peek)}: accept it as trump, or say passt nicht?")
    if v.skat is not None:
        lines.append(f"The skat was {pretty_all(v.skat)}.")
    if v.laid_away:
        lines.append(f"Laid away: {pretty_all(v.laid_away)}.")
    for seat, cards in sorted(v.open_hands.items()):
        if seat != v.seat:
            lines.append(f"{_name(names, seat)} holds {pretty_all(cards)}.")
    if v.seat in v.to_act and ai_plays:
        lines.append("The AI decides for this seat.")
    elif v.seat in v.to_act:
        doing = _PHASE_DOING.get(v.phase, v.phase)
        if v.phase == "bid" and v.awaiting == "answer":
            doing = f"{v.bid} is bid to you: ja or passe?"
        lines.append(f"Your turn: {doing}")
    return "\n".join(lines)


def action_label(view: View, action: Action) -> str:
    v = _sv(view)
    k, arg = action.kind, action.arg
    if k == "bid":
        return arg
    if k == "hold":
        return f"Ja ({v.bid})"
    if k == "pass":
        return "No Kontra" if v.phase == "kontra" else "Passe"
    if k == "play":
        return pretty(arg)
    if k == "discard":
        return "Lay away " + pretty_all(arg.split(","))
    if k == "declare":
        try:
            return Contract.parse(arg).label
        except ValueError:
            return arg
    if k == "tourne":
        return f"Turn the {arg} card"
    if k == "guck":
        return f"Guckser {'Grand' if arg == 'grand' else 'Nullo'}"
    return {
        "skat": "Pick up the skat", "hand": "Hand", "accept": "Accept as trump",
        "passt_nicht": "Passt nicht", "frage": "Frage", "kontra": "Kontra", "re": "Re",
        "surrender": "Throw down (Tourne lost)", "concede": "Concede",
        "claim_rest": "Claim the rest", "claim_win": "Claim the game",
        "claim_defeat": "Claim the Player beaten",
    }.get(k, str(action))


def move_text(view: View, action: Action) -> str:
    """A move told to the whole table, past tense ("said 20", "played the Jack of clubs"),
    from the public view before it. Cards laid away are never named: they are the Player's."""
    v = _sv(view)
    k, arg = action.kind, action.arg
    if k == "bid" and arg:
        return f"said {arg}"
    if k == "hold":
        return f"held {v.bid} (ja)"
    if k == "pass":
        return "said no Kontra" if v.phase == "kontra" else "passed (passe)"
    if k == "play" and arg:
        return f"played the {long_name(arg)}"
    if k == "discard":
        return "laid away two cards"
    if k == "declare" and arg:
        try:
            return f"declared {Contract.parse(arg).label}"
        except ValueError:
            return "declared the game"
    if k == "tourne" and arg in ("left", "right"):
        return f"lifted the {arg} skat card (Tourne)"
    if k == "guck":
        return f"took up the skat (Guckser {'Grand' if arg == 'grand' else 'Nullo'})"
    return {
        "skat": "picked up the skat", "hand": "chose to play Hand",
        "accept": "accepted the card as trump", "passt_nicht": "said passt nicht",
        "frage": "took up the skat (Frage)", "kontra": "said Kontra", "re": "said Re",
        "surrender": "threw down the hand (Tourne lost)", "concede": "conceded",
        "claim_rest": "claimed the rest", "claim_win": "claimed the game",
        "claim_defeat": "claimed the Player beaten",
    }.get(k, "moved")


def outcome_lines(view: View, outcome: Outcome, names: list[str]) -> list[str]:
    """The series' result lines with the players' names where the rules core wrote seats."""
    named = _names(view.players, names)
    return [personalise(line, seat_names(view.players), named) for line in outcome.lines]
