"""What a game tells the round reports (`bot.service.reports`): its rounds, their text, and
optionally an expensive analysis of each.

A game with reports has a module ``bot.render.<key>_report`` with ``REPORT``, a `RoundReport`;
`report_for` finds it by the game's key, as `bot.render` finds the game's renderer. Everything
here is pure: the service keeps the cursor and runs the analysis, the Discord kit posts.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.games.base import Event, State


@dataclass(frozen=True)
class Round:
    """One finished round of a table, numbered from 1."""

    number: int
    record: Any | None
    """The round's public record (what its report and analysis are made from); None when the
    state no longer holds it (a restart lost it): the report then says what ``line`` keeps."""
    line: str | None = None
    """What the state keeps of a round whose record is lost (Skat: its score sheet line)."""


@dataclass(frozen=True)
class Analysis:
    """An expensive look at a finished round (seconds of CPU), run one at a time off the event
    loop: in the reports' own worker process when the service thinks in processes, else in a
    thread. ``run(record, options)`` must be a picklable module-level function; in a thread it
    also gets ``stop=`` (a callable, true once it should give up by raising ``stopped``)."""

    run: Callable[..., Any]
    needed: Callable[[Any], bool]
    """Whether ``run`` will search (else it answers at once and is called in the loop)."""
    skipped: Any
    """The analysis of a round when too many rounds already wait for theirs."""
    too_long: Any
    """The analysis of a round whose search ran past ``limit_s``."""
    stopped: type[Exception]
    limit_s: float = 30.0


def ends_round(events: Sequence[Event]) -> bool:
    """A round ended with this change: the games' convention is a ``result`` event."""
    return any(e.kind == "result" for e in events)


@dataclass(frozen=True)
class RoundReport:
    """A game's round reports: its rounds, the text of each, and its optional analysis."""

    rounds: Callable[[State], list[Round]]
    """Every finished round of the state, in order (the score sheet's lines)."""
    text: Callable[[Any, Round, Any, list[str]], str]
    """``text(options, round, analysis, names)``: the post of one round (from its public record,
    or its ``line``), with the table's options and the players' names. It gets no state: the
    Discord kit that posts it reads games through views only."""
    analysis: Analysis | None = None
    ended: Callable[[Sequence[Event]], bool] = ends_round


@cache
def report_for(game_key: str) -> RoundReport | None:
    """The game's round reports, or None for a game without them."""
    name = f"bot.render.{game_key}_report"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the module exists but is broken: say so
        return None
    report = getattr(module, "REPORT", None)
    return report if isinstance(report, RoundReport) else None
