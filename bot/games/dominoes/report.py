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

from bot.games.words import N_, joined

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
    return " ".join("[" + x.replace("-", "|") + "]" for x in tiles) or N_("none")


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def report_text(report: HandReport, names: list[str]) -> list[str]:
    """The hand told in words with ``names`` (one per seat): what ended it, the pips left, how
    the award was counted, the points and the scores."""
    def who(seat: int) -> str:
        return names[seat] if seat < len(names) else N_("Seat {n}").format(n=seat + 1)

    r = report
    pair = joined([who(s) for s in r.winners])
    lines: list[str] = []

    def hand(said: str) -> None:
        lines.append(N_("Hand {n}: {line}").format(n=r.hand, line=said))

    if r.how == "domino" and r.domino is not None:
        hand(N_("{name} went out (domino).").format(name=who(r.domino)))
    elif r.how == "block":
        won = ((N_("{names} wins it") if len(r.winners) == 1 else N_("{names} win it")).format(
            names=pair) if r.winners else N_("nobody wins it"))
        hand((N_("blocked; {won} ({reason}).") if r.reason else N_("blocked; {won}.")).format(
            won=won, reason=r.reason))
    elif r.how == "tricks":
        hand(N_("tricks {tricks}.").format(
            tricks=", ".join(f"{who(s)} {n}" for s, n in enumerate(r.tricks))))
    elif r.how == "taken":
        hand(N_("everyone passed; {names} (the dealer) takes the pool.").format(names=pair))
    elif r.how == "conceded":
        hand(N_("conceded to {names}.").format(names=pair))
    elif r.how == "redeal":
        hand(N_("nobody made trumps; dealt afresh."))
    else:
        hand(N_("the showdown; {names} take the pot.").format(names=pair) if pair
             else N_("the showdown."))
    if r.pips:
        lines.append(N_("Pips left: {pips}.").format(pips=", ".join(
            f"{who(s)} {p}" + (f" ({_show(r.tiles[s])})" if r.tiles and r.tiles[s] else "")
            for s, p in enumerate(r.pips))))
    if r.counted:
        lines.append(N_("Counted: {counted}.").format(counted=r.counted))
    if any(r.during):
        lines.append(N_("Scored in play: {points}.").format(points=", ".join(
            f"{who(s)} {_signed(n)}" for s, n in enumerate(r.during) if n)))
    if any(r.points):
        said = N_("Charged: {points}.") if r.penalty else N_("Points: {points}.")
        lines.append(said.format(points=", ".join(
            f"{who(s)} {_signed(n) if not r.penalty else n}" for s, n in enumerate(r.points)
            if n)))
    if r.scores:
        lines.append(N_("Scores: {scores}.").format(scores=", ".join(
            f"{who(s)} {n}" for s, n in enumerate(r.scores))))
    return lines
