"""A Skat series through Discord: one human and two AI seats, slash commands and clicks; the
two-card discard picked in one select, `/skat hand` with the learners' aids, a review after
each deal, and the sheet with the proof of the score at the end."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.discord import custom_ids as ids
from bot.service.models import TableStatus
from tests.e2e.fake_discord import FakeDiscord, iter_components
from tests.e2e.harness import WAIT_S, BotRunner, lobby_button, my_turn, take
from tests.e2e.leaks import LeakWatch

pytestmark = pytest.mark.e2e


def _select(fake: FakeDiscord, mid: str, custom_id: str) -> dict[str, Any]:
    return next(c for c in iter_components(fake.messages[mid])
                if c.get("custom_id") == custom_id)


def _eager(custom_id: str) -> bool:
    """The buttons that make Alice the Player who takes up the skat."""
    parsed = ids.parse(custom_id)
    if not isinstance(parsed, ids.ActionId):
        return False
    action = parsed.action
    return action in ("hold", "skat", "tourne:left", "accept") or action.startswith("bid:")


@pytest.mark.parametrize("preset", ["isko", "classic"])
async def test_a_skat_series_with_two_ai_seats(fake: FakeDiscord, runner: BotRunner,
                                               watch: LeakWatch, preset: str) -> None:
    alice = fake.add_user("alice")
    inter = await fake.slash(alice, "skat new", {"preset": preset, "deals": 2})
    await fake.wait_callback(inter, WAIT_S)
    table = await runner.service.table_in_channel(int(fake.channel_id))
    assert table is not None and table.status is TableStatus.LOBBY
    assert table.options == {"deals": 2}
    assert inter.callback_type == 4 and inter.original_id is not None
    lobby = fake.messages[inter.original_id]  # the answer is the table message
    for seats in (2, 3):
        await fake.click(alice, lobby["id"], lobby_button(lobby, "ai"))
        await runner.wait_table(table.id, lambda t, n=seats: len(t.seats) == n)
    await fake.click(alice, lobby["id"], lobby_button(lobby, "start"))
    await runner.wait_table(table.id, lambda t: t.status is TableStatus.PLAYING)

    # /skat hand: the cards, the table, and what each game would be worth with them.
    hand = await fake.slash(alice, "skat hand")
    answer = await fake.reply(hand, WAIT_S)
    assert answer.ephemeral
    embeds = answer.message.get("embeds") or []
    learners = next(e for e in embeds if e.get("title") == "For learners")
    assert "What each game would be worth" in learners["description"]
    assert "Grand" in learners["description"]

    rng = random.Random(4)
    multi_picks = 0
    for _ in range(200):
        await asyncio.wait_for(runner.service.settle(table.id), WAIT_S)
        current = await runner.table(table.id)
        if not current.is_open:
            break
        current, choices = await my_turn(runner, alice, table.id)
        assert current.state is not None
        seat = current.seat_of(int(alice))
        assert seat is not None
        legal = {str(a) for a in current.state.legal_actions(seat.index)}
        by_component: dict[tuple[str, str], list[str | None]] = {}
        for mid, cid, value in choices:
            by_component.setdefault((mid, cid), []).append(value)
        # Alice bids on and picks up the skat, so she is the Player who lays away; else random.
        eager = [k for k, v in by_component.items() if v[0] is None and _eager(k[1])]
        discard = [(k, v) for k, v in by_component.items()
                   if v[0] is not None and _select(fake, *k).get("max_values", 1) > 1]
        if eager:
            (mid, cid), values = eager[0], [None]
        elif discard:  # lay away rather than throw the Tourne down
            (mid, cid), values = discard[0]
        else:
            (mid, cid), values = rng.choice(sorted(by_component.items(), key=str))
        if values[0] is None:
            parsed = ids.parse(cid)
            assert isinstance(parsed, ids.ActionId) and parsed.action in legal
            click = await take(fake, alice, (mid, cid, None))
        else:
            select = _select(fake, mid, cid)
            want = select.get("max_values", 1)
            picked = rng.sample([v for v in values if v is not None], want)
            if want > 1:
                multi_picks += 1
                assert all(v.startswith("discard:") for v in picked)
            else:
                assert picked[0] in legal
            click = await fake.choose(alice, mid, cid, picked)
        await fake.wait_callback(click, WAIT_S)
        await runner.wait_table(table.id, lambda t, v=current.version: t.version > v)
    final = await runner.table(table.id)
    assert final.status is TableStatus.FINISHED and final.state is not None
    await asyncio.wait_for(runner.bot.table_ui.settle(), WAIT_S)
    await asyncio.wait_for(runner.bot.get_cog("SkatCog").settle(), WAIT_S)

    posts = [m.get("content") or "" for m in fake.channel_messages()]
    deals = [p for p in posts if p.startswith("**Deal ")]
    assert len(deals) == 2, posts
    assert all("**Review**" in p or "No review" in p for p in deals), deals
    summary = next(p for p in posts if "the game is over" in p)
    assert "Deal 1:" in summary and "Totals:" in summary
    assert ("Proving the score" in summary) == (preset == "classic")
    assert multi_picks == 2, "Alice was the Player twice and laid away with one select each"
    # The watch read both deals, each review post and the summary's lines about them.
    assert {s.deal for s in watch.history[table.id]} == {0, 1}
    assert watch.parts["finished deal"] >= 4 and watch.parts["last deal"] > 0
    assert watch.leaks == []
