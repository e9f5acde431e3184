"""Skat's round reports: after each deal its score line, the skat, and what a double-dummy
search says the Player's cards could have made (`bot.games.skat.review`, from the finished
deal's public record only). A review of a deal the AI played costs about 0.1-5 s of CPU
(median about 1.5 s), so it is the reports' analysis, run off the event loop.

Only the newest deal's record is kept in the state: a deal other than the last that was not
posted before a restart has only its line on the score sheet left to post.
"""

from __future__ import annotations

from typing import Any

from bot import render
from bot.games.base import State
from bot.games.cards import pretty
from bot.games.skat.options import SkatOptions
from bot.games.skat.review import (
    DealReview,
    ReviewStopped,
    needs_search,
    review_deal,
    review_lines,
)
from bot.games.skat.rules import DealResult, SkatState
from bot.games.skat.rules import seat_names as skat_seat_names
from bot.i18n import N_, _
from bot.i18n.sentences import again
from bot.render import skat as render_skat
from bot.render.reports import Analysis, Round, RoundReport

REVIEW_LIMIT_S = 30.0
"""A review search that runs longer gives up (measured: a few seconds at worst)."""
SKIPPED = DealReview(False, N_("Many deals ended at once, so this one was not reviewed."))
TOO_LONG = DealReview(False, N_("The search took too long for this deal."))


def deal_text(result: DealResult, options: SkatOptions, names: list[str],
              review: DealReview | None = None) -> str:
    """The post after a deal: its score line, the skat, and the double-dummy review (searched
    here unless given)."""
    lines = [_("**Deal {n}**: {line}", n=result.number,
               line=render_skat.deal_line(result, names))]
    if result.skat:  # a thrown-in deal's skat was never looked at
        lines.append(_("The skat was {cards}.", cards=" ".join(pretty(c) for c in result.skat)))
    if review is None:
        review = review_deal(result, options)
    if review.available:
        if review.claim is not None:
            lines.append(_("**Review** of the claim (from the cards shown, best play):"))
        else:
            lines.append(_("**Review** (all cards open, best play):"))
        lines += [f"• {again(line, names)}"
                  for line in review_lines(review, result.roles, names)]
    elif result.declarer is not None:
        lines += [again(line, names) for line in review_lines(review, result.roles, names)]
    return "\n".join(lines)


def sheet_text(line: str, number: int, names: list[str]) -> str:
    """A finished deal known only from its score sheet ``line`` (its cards were lost in a
    restart)."""
    text = again(render.personalise(line, skat_seat_names(len(names)), names), names)
    return (_("**Deal {n}**: {line}", n=number, line=text) + "\n"
            + _("No review: the bot restarted before this deal was posted, and only its line "
                "on the score sheet was kept."))


def deals(state: State) -> list[Round]:
    """The deals on the score sheet; the newest keeps its record while it is the state's last."""
    if not isinstance(state, SkatState):
        return []
    last = state.last
    return [Round(n, last if last is not None and last.number == n else None, entry.text)
            for n, entry in enumerate(state.sheet.entries, start=1)]


def report_text(options: Any, deal: Round, review: Any, names: list[str]) -> str:
    if not isinstance(deal.record, DealResult):
        return sheet_text(deal.line or "", deal.number, names)
    return deal_text(deal.record, options, names, review)


REPORT = RoundReport(
    rounds=deals,
    text=report_text,
    analysis=Analysis(run=review_deal, needed=needs_search, skipped=SKIPPED, too_long=TOO_LONG,
                      stopped=ReviewStopped, limit_s=REVIEW_LIMIT_S),
)
