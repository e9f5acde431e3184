"""The Discord end of the round reports (`bot.service.reports`): each report is a post in the
table's channel, and a finished table's last report is followed by its game-over summary (so
`TableUI` leaves the summary of such games to this sink).

Each post carries a nonce made from the game, table and round, so a post repeated after a crash
between sending and recording is refused by Discord (it keeps nonces a few minutes). A server
error or a network failure is tried again after `RETRY_S`; a channel the bot may no longer post
in (or that is gone) counts as done: the report can never go out there. Each try waits for its
turn in the bot's `RestBudget` (as what a table shows); at shutdown it is dropped, since the
next start posts what is missing.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Mapping

import aiohttp
import discord

from bot.discord.languages import languages_of
from bot.discord.rest_budget import Need, RestBudget
from bot.discord.table_messages import seat_names, summary_text
from bot.i18n import using
from bot.render.reports import Round, RoundReport
from bot.service.models import TableInfo
from bot.service.reports import Report, ReportsHost, RoundReports

log = logging.getLogger(__name__)

CONTENT_MAX = 2000
RETRY_S = (5.0, 30.0)
"""Waits before posting again after a failure Discord may get over (5xx, network)."""


def report_nonce(table: TableInfo, number: int) -> int:
    """The same for the same round of the same table, so Discord refuses a repeated post."""
    key = f"{table.game_key}:{table.channel_id}:{table.id}:{number}".encode()
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big") >> 1


def report_text(report: Report) -> str:
    """The post of a report: the game's text for a round, or the game-over summary."""
    table = report.table
    if report.summary or table.play is None:
        return summary_text(table)
    done = Round(report.number, report.record, report.line)
    return report.spec.text(table.rules, done, report.analysis, seat_names(table))


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class RoundPosts:
    """Posts the round reports of the games that have them (`covers`)."""

    def __init__(self, client: discord.Client, service: ReportsHost,
                 reports: Mapping[str, RoundReport] | None = None, *,
                 budget: RestBudget | None = None) -> None:
        self.client = client
        self.budget = budget
        self.reports = RoundReports(service, self.post, reports)

    def covers(self, game_key: str) -> bool:
        return self.reports.covers(game_key)

    def start(self) -> None:
        """Listen, and post what was missing at the last stop (restart catch-up)."""
        self.reports.start()

    async def close(self) -> None:
        await self.reports.close()

    async def settle(self) -> None:
        """Wait until the rounds finished so far are posted (tests, shutdown)."""
        await self.reports.settle()

    async def post(self, report: Report) -> bool:
        """Post a report in its server's language (not whoever's click finished the round)."""
        languages = languages_of(self.client)
        language = (await languages.of_server(report.table.guild_id)
                    if languages is not None else None)
        with using(language):
            text = report_text(report)
        return await self.send(report.table, report.number, text)

    async def send(self, table: TableInfo, number: int, text: str) -> bool:
        """Post; True once it is out (or can never go out: no access, channel gone)."""
        channel = self.client.get_partial_messageable(table.channel_id)
        for wait in (0.0, *RETRY_S):
            if wait:
                await asyncio.sleep(wait)
                if self.reports.stopping():
                    return False
            if self.budget is not None and not await self.budget.slot(
                Need.TABLE, urgency=1.0, redone=True
            ):
                return False  # shutting down: posted after the restart
            try:
                await channel.send(_clip(text, CONTENT_MAX), nonce=report_nonce(table, number),
                                   allowed_mentions=discord.AllowedMentions.none())
                return True
            except (discord.Forbidden, discord.NotFound) as exc:
                log.warning("cannot post report %s of table %s: %s", number, table.id, exc)
                return True
            except (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError) as exc:
                log.warning("posting report %s of table %s failed: %s", number, table.id, exc)
        return False
