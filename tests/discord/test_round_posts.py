"""The Discord sink of the round reports: one nonce per round of a table, a post tried again
after a server or network error and given up when the channel is forbidden, and the text of a
round (the game's, with the players' names) or of the game-over summary."""

from __future__ import annotations

import hashlib
from types import SimpleNamespace
from typing import Any

import discord
import pytest

import bot.discord.round_posts as reports_module
from bot.discord.round_posts import RoundPosts, report_nonce, report_text
from bot.games import registry
from bot.render.reports import Round, RoundReport
from bot.service.models import TableStatus
from bot.service.reports import Report
from tests.discord.conftest import table_for


def test_the_nonce_names_one_round_of_one_table() -> None:
    table = SimpleNamespace(id=5, channel_id=123456789012345678, game_key="skat")
    other = SimpleNamespace(id=6, channel_id=123456789012345678, game_key="skat")
    nonces = {report_nonce(t, n) for t in (table, other) for n in (1, 2)}  # type: ignore[arg-type]
    assert len(nonces) == 4
    same = SimpleNamespace(id=5, channel_id=table.channel_id, game_key="skat")
    assert report_nonce(table, 1) == report_nonce(same, 1)  # type: ignore[arg-type]
    assert all(0 < n < 2**63 for n in nonces)
    # The Skat cog's nonces, so a post repeated across the upgrade is still refused.
    key = f"skat:{table.channel_id}:5:1".encode()
    old = int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big") >> 1
    assert report_nonce(table, 1) == old  # type: ignore[arg-type]


def bare_posts() -> RoundPosts:
    client = SimpleNamespace()
    service = SimpleNamespace(closing=False, ai_processes=0)
    return RoundPosts(client, service, {})  # type: ignore[arg-type]


async def test_a_post_is_retried_after_a_server_error_and_given_up_when_forbidden(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reports_module, "RETRY_S", (0.0, 0.0))
    answers: list[Exception | None] = []
    sent: list[dict[str, Any]] = []

    async def send(content: str, **kw: Any) -> None:
        answer = answers.pop(0)
        if answer is not None:
            raise answer
        sent.append({"content": content, **kw})

    posts = bare_posts()
    posts.client.get_partial_messageable = lambda channel_id: SimpleNamespace(send=send)
    table = SimpleNamespace(id=3, channel_id=99, game_key="skat")

    def error(cls: type[discord.HTTPException], status: int) -> discord.HTTPException:
        return cls(SimpleNamespace(status=status, reason="x"), "x")

    answers[:] = [error(discord.HTTPException, 500), OSError("reset"), None]
    assert await posts.send(table, 2, "**Deal 2**") is True  # type: ignore[arg-type]
    assert sent[0]["nonce"] == report_nonce(table, 2)  # type: ignore[arg-type]
    answers[:] = [error(discord.HTTPException, 503)] * 3
    assert await posts.send(table, 3, "**Deal 3**") is False  # type: ignore[arg-type]
    answers[:] = [error(discord.Forbidden, 403)]
    assert await posts.send(table, 4, "**Deal 4**") is True  # type: ignore[arg-type]
    assert len(sent) == 1 and answers == []


def test_a_round_s_text_is_the_game_s_with_names_and_the_last_is_the_summary() -> None:
    game = registry.get("euchre")
    state = game.new(4, game.options(game.default_preset), seed=1)
    table = table_for(state, 4)

    def text(options: Any, done: Round, analysis: Any, names: list[str]) -> str:
        return f"Round {done.number} ({done.record}, {analysis}) at {names[0]}'s table"

    spec = RoundReport(rounds=lambda state: [], text=text)
    line = report_text(Report(table, 2, spec, "rec", "deep"))
    assert line == "Round 2 (rec, deep) at Player0's table"
    over = table.model_copy(update={"status": TableStatus.FINISHED})
    assert "the game is over" in report_text(Report(over, 3, spec, summary=True))
