"""Refusals through Discord: each is an ephemeral answer that says why, and the table is
unchanged: not your turn, not seated, stale buttons, double clicks, malformed payloads."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.service.models import TableInfo
from tests.e2e.fake_discord import FakeDiscord, Interaction, MessageEvent
from tests.e2e.harness import BotRunner, action_of, my_turn, open_table, start_table

pytestmark = pytest.mark.e2e


async def refusal(fake: FakeDiscord, inter: Interaction) -> MessageEvent:
    """The ephemeral answer to ``inter``, shown to its user only."""
    await fake.wait_callback(inter)
    answer = await fake.wait_for(lambda: next(
        (e for e in fake.replies(inter) if e.ephemeral and e.text), None))
    assert answer.user_id == inter.user_id
    return answer


async def unchanged(runner: BotRunner, table: TableInfo) -> None:
    await runner.service.settle(table.id)
    now = await runner.table(table.id)
    assert now.version == table.version
    assert now.state == table.state


@pytest.fixture
async def two_humans(fake: FakeDiscord, runner: BotRunner) -> dict[str, Any]:
    alice, bob, carol = (fake.add_user(n) for n in ("alice", "bob", "carol"))
    table_id, message = await start_table(runner, alice, guests=(bob,))
    return {"alice": alice, "bob": bob, "carol": carol, "table_id": table_id,
            "message": message}


async def whose_turn(runner: BotRunner, w: dict[str, Any]) -> tuple[str, str, TableInfo,
                                                                    list[Any]]:
    """(user to act, the other human, table, offered choices) once the AI has played on."""
    await runner.service.settle(w["table_id"])
    table = await runner.table(w["table_id"])
    acting = next(s for s in table.seats if table.state and s.index in table.state.to_act)
    user = str(acting.user_id)
    other = w["bob"] if user == w["alice"] else w["alice"]
    _, choices = await my_turn(runner, user, w["table_id"])
    return user, other, table, choices


async def test_not_your_turn_and_not_seated(fake: FakeDiscord, runner: BotRunner,
                                            two_humans: dict[str, Any]) -> None:
    w = two_humans
    _, other, table, choices = await whose_turn(runner, w)
    _, custom_id, value = choices[0]
    forged = custom_id if value is None else f"pa:{table.id}:{table.version}:{value}"
    # The other human presses a button made for this moment (as if they had one).
    wrong = await fake.click(other, w["message"]["id"], forged, forge=True)
    assert "not your turn" in (await refusal(fake, wrong)).text.lower()
    await unchanged(runner, table)

    stranger = await fake.click(w["carol"], w["message"]["id"], forged, forge=True)
    assert "not seated" in (await refusal(fake, stranger)).text.lower()
    hand = await fake.click(w["carol"], w["message"]["id"], f"ph:{table.id}", forge=True)
    assert "no seat" in (await refusal(fake, hand)).text.lower()
    typed = await fake.slash(w["carol"], "euchre hand")
    assert (await refusal(fake, typed)).text
    await unchanged(runner, table)


async def test_stale_button_and_double_click(fake: FakeDiscord, runner: BotRunner,
                                             two_humans: dict[str, Any]) -> None:
    w = two_humans
    user, _, table, choices = await whose_turn(runner, w)
    # A double click: two interactions from the same message, built before either is sent.
    mid, custom_id, value = choices[0]
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2 if value is None else 3}
    if value is not None:
        data["values"] = [value]
    payloads = [fake.component_payload(user, mid, data) for _ in range(2)]
    first = await fake.send_interaction(payloads[0])
    second = await fake.send_interaction(payloads[1])
    await runner.wait_table(table.id, lambda t: t.version > table.version)
    answers = [(c, e) for c in (first, second) for e in fake.replies(c)
               if e.ephemeral and e.kind == "create"]
    if not answers:
        answers = [(second, await refusal(fake, second))]
    assert len(answers) == 1, "exactly one of two clicks for the same turn is refused"
    assert "earlier moment" in answers[0][1].text
    applied = await runner.table(table.id)
    assert applied.state is not None and table.state is not None

    # The same old button again, later: stale, and nothing changes.
    await runner.service.settle(table.id)
    after = await runner.table(table.id)
    again = await fake.send_interaction(fake.component_payload(user, mid, data, forge=True))
    assert "earlier moment" in (await refusal(fake, again)).text
    await unchanged(runner, after)
    assert action_of(choices[0])


@pytest.mark.parametrize("custom_id", [
    "pa:{t}:x:play", "pa:{t}:{v}:play:ZZ", "pa:{t}:{v}:" + "x" * 80, "pa:99999:1:pass",
    "pl:{t}:explode", "ph:nope", "zz:unknown",
])
async def test_malformed_buttons_are_answered(fake: FakeDiscord, runner: BotRunner,
                                              two_humans: dict[str, Any],
                                              custom_id: str) -> None:
    w = two_humans
    user, _, table, _ = await whose_turn(runner, w)
    click = await fake.click(user, w["message"]["id"],
                             custom_id.format(t=table.id, v=table.version), forge=True)
    assert (await refusal(fake, click)).text
    await unchanged(runner, table)


@pytest.mark.parametrize("custom_id", [
    f"pa:{2**63}:1:pass", f"ph:{2**63}", f"pl:{10**19 - 1}:join", "ph:{t}\n",
    "pa:{t}:{v}:pass\n",
])
async def test_ids_past_sqlite_or_with_a_line_break_are_answered_quietly(
        fake: FakeDiscord, runner: BotRunner, two_humans: dict[str, Any], custom_id: str,
        caplog: pytest.LogCaptureFixture) -> None:
    """A 19-digit table id past 2^63 reached SQLite (a traceback on every click), and an id
    ending in a line break got no answer at all."""
    w = two_humans
    user, _, table, _ = await whose_turn(runner, w)
    with caplog.at_level(logging.DEBUG, logger="bot"):
        click = await fake.click(user, w["message"]["id"],
                                 custom_id.format(t=table.id, v=table.version), forge=True)
        assert (await refusal(fake, click)).text
    assert not [r for r in caplog.records if r.levelno > logging.INFO], caplog.text
    await unchanged(runner, table)


@pytest.mark.parametrize("values", [["play:ZZ"], ["<script>"], [], ["x" * 101]])
async def test_malformed_select_choices_are_answered(fake: FakeDiscord, runner: BotRunner,
                                                     two_humans: dict[str, Any],
                                                     values: list[str]) -> None:
    w = two_humans
    user, _, table, _ = await whose_turn(runner, w)
    pick = await fake.choose(user, w["message"]["id"], f"ps:{table.id}:{table.version}", values,
                             forge=True)
    assert (await refusal(fake, pick)).text
    await unchanged(runner, table)


async def test_a_slash_option_of_the_wrong_type_is_answered(
        fake: FakeDiscord, runner: BotRunner) -> None:
    alice = fake.add_user("alice")
    data = fake.command_data("euchre new")
    data["options"][0]["options"] = [{"type": 4, "name": "players", "value": "four"}]
    inter = await fake.send_interaction(fake.interaction_payload(2, alice, data))
    assert (await refusal(fake, inter)).text
    assert await runner.service.table_in_channel(int(fake.channel_id)) is None


async def test_odd_payloads_are_answered_and_change_nothing(fake: FakeDiscord,
                                                           runner: BotRunner) -> None:
    """A component of a type we never send, and a click whose custom id is not on the message
    it claims to come from: each gets an ephemeral answer, and the lobby is unchanged. A modal
    submit we never asked for goes unanswered (FINDINGS.md), but the bot carries on."""
    alice = fake.add_user("alice")
    modal = fake.interaction_payload(5, alice, {"custom_id": "pm:1", "components": []})
    await fake.send_interaction(modal)
    table_id, message = await open_table(runner, alice)
    lobby = await runner.table(table_id)
    odd = fake.interaction_payload(3, alice, {"custom_id": f"pl:{table_id}:ai",
                                              "component_type": 99}, message=message)
    assert (await refusal(fake, await fake.send_interaction(odd))).text
    bare = fake.interaction_payload(3, alice, {"custom_id": f"pl:{table_id}:ai",
                                               "component_type": 2},
                                    message={**message, "components": []})
    assert (await refusal(fake, await fake.send_interaction(bare))).text
    await unchanged(runner, lobby)
    await fake.slash(alice, "euchre bot")
    await runner.wait_table(table_id, lambda t: len(t.seats) == 2)
