"""Dominoes' round reports: after each hand, who went out or how the block was decided, the
pips left, how the award was counted, the points and the scores (`bot.games.dominoes.report`).

Only the newest hand's report is kept in the state: a hand other than the last that was not
posted before a restart is told by its number alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.base import Event, State
from bot.games.dominoes import DominoesState
from bot.games.dominoes.report import HandReport, report_text
from bot.i18n import _
from bot.i18n.sentences import again
from bot.render.reports import Round, RoundReport


def hands(state: State) -> list[Round]:
    """Every finished hand of the match; the newest keeps its report."""
    if not isinstance(state, DominoesState):
        return []
    last = state.t.report
    done = state.t.reported
    return [Round(n, last if last is not None and last.number == n else None)
            for n in range(1, done + 1)]


def hand_text(options: Any, hand: Round, analysis: Any, names: list[str]) -> str:
    if not isinstance(hand.record, HandReport):
        return _("**Hand {n}** of the match ended; its report was lost in a restart (the "
                 "scores are on the table message).", n=hand.number)
    report = hand.record
    title = _("**Game {game}, hand {n}**", game=report.game, n=report.hand) if (
        report.game > 1) else _("**Hand {n}**", n=report.hand)
    lines = report_text(report, names)
    first = lines[0].split(": ", 1)[1] if lines and ": " in lines[0] else ""
    said = [again(line, names) for line in lines[1:]]
    return "\n".join([f"{title}: {again(first, names)}" if first else title, *said])


def ends_hand(events: Sequence[Event]) -> bool:
    """A hand ended with this change: the rules' ``hand`` event."""
    return any(e.kind == "hand" for e in events)


REPORT = RoundReport(rounds=hands, text=hand_text, ended=ends_hand)
