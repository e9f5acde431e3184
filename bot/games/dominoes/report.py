"""A finished hand as data: who went out or how the block was decided, the pips and tiles left
(shown at the count), how the award was counted, the points, the running scores.

The rules fill a `HandReport` as they settle a hand; it rides on the ``hand`` event
(``data["report"]``) and in the view (``report``), so a table message can tell the round in its
own words and names (`report_text`). Everything in it is public: the hands are shown at the
count.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

How = Literal["domino", "block", "tricks", "taken", "conceded", "redeal", "showdown"]


class HandReport(BaseModel):
    hand: int
    game: int = 1
    number: int = 0
    """The hand's number in the whole match, from 1 (hands restart at 1 in each game)."""
    how: How
    domino: int | None = None
    """The seat that played its last tile."""
    winners: list[int] = Field(default_factory=list)
    """Who won the hand's award (a side in the partnership games); empty: nobody."""
    reason: str = ""
    """Why they won a block, e.g. "equal pips (26), fewer tiles"."""
    pips: list[int] = Field(default_factory=list)
    tiles: list[list[str]] = Field(default_factory=list)
    counted: str = ""
    """How the award was counted, e.g. "both hands: 26 + 26 = 52"."""
    points: list[int] = Field(default_factory=list)
    """Each seat's score change at the hand's end (Domino Pool: pips charged; Loo's pool:
    counters won)."""
    during: list[int] = Field(default_factory=list)
    """Points scored in play this hand (fives, threes, headers, sevens)."""
    scores: list[int] = Field(default_factory=list)
    """The running totals after the hand (before a won game of a rubber starts afresh)."""
    tricks: list[int] = Field(default_factory=list)
    penalty: bool = False
    """Points are charges (Domino Pool): low is good."""
    lines: list[str] = Field(default_factory=list)
    """The rules' own report, with the table's seat names."""


def _show(tiles: list[str]) -> str:
    return " ".join("[" + x.replace("-", "|") + "]" for x in tiles) or "none"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def report_text(report: HandReport, names: list[str]) -> list[str]:
    """The hand told in words with ``names`` (one per seat): what ended it, the pips left, how
    the award was counted, the points and the scores."""
    def who(seat: int) -> str:
        return names[seat] if seat < len(names) else f"Seat {seat + 1}"

    r = report
    pair = " and ".join(who(s) for s in r.winners)
    lines: list[str] = []
    if r.how == "domino" and r.domino is not None:
        lines.append(f"Hand {r.hand}: {who(r.domino)} went out (domino).")
    elif r.how == "block":
        won = f"{pair} {'wins' if len(r.winners) == 1 else 'win'} it" if r.winners else \
            "nobody wins it"
        lines.append(f"Hand {r.hand}: blocked; {won}" + (f" ({r.reason})" if r.reason else "")
                     + ".")
    elif r.how == "tricks":
        lines.append(f"Hand {r.hand}: tricks " + ", ".join(
            f"{who(s)} {n}" for s, n in enumerate(r.tricks)) + ".")
    elif r.how == "taken":
        lines.append(f"Hand {r.hand}: everyone passed; {pair} (the dealer) takes the pool.")
    elif r.how == "conceded":
        lines.append(f"Hand {r.hand}: conceded to {pair}.")
    elif r.how == "redeal":
        lines.append(f"Hand {r.hand}: nobody made trumps; dealt afresh.")
    else:
        lines.append(f"Hand {r.hand}: the showdown" + (f"; {pair} take the pot" if pair else "")
                     + ".")
    if r.pips:
        lines.append("Pips left: " + ", ".join(
            f"{who(s)} {p}" + (f" ({_show(r.tiles[s])})" if r.tiles and r.tiles[s] else "")
            for s, p in enumerate(r.pips)) + ".")
    if r.counted:
        lines.append(f"Counted: {r.counted}.")
    if any(r.during):
        lines.append("Scored in play: " + ", ".join(
            f"{who(s)} {_signed(n)}" for s, n in enumerate(r.during) if n) + ".")
    if any(r.points):
        word = "Charged" if r.penalty else "Points"
        lines.append(f"{word}: " + ", ".join(
            f"{who(s)} {_signed(n) if not r.penalty else n}" for s, n in enumerate(r.points)
            if n) + ".")
    if r.scores:
        lines.append("Scores: " + ", ".join(
            f"{who(s)} {n}" for s, n in enumerate(r.scores)) + ".")
    return lines
