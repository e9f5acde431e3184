"""A table opened with house rules plays by them, shows them, and a wrong line opens nothing."""

from __future__ import annotations

import random
from types import SimpleNamespace

from bot.service.models import TableStatus
from tests.e2e.fake_discord import FakeDiscord, message_text
from tests.e2e.harness import BotRunner, play_until_over, start_table
from tests.e2e.leaks import LeakWatch


async def test_a_table_plays_to_the_target_its_house_rules_set(
    fake: FakeDiscord, runner: BotRunner, watch: LeakWatch
) -> None:
    """Game to 1: the first hand that scores ends it. By the book (game to 5) no single hand
    can, since a lone march, the most a hand gives, is 4."""
    alice = fake.add_user("alice")
    table_id, message = await start_table(runner, alice,
                                          house_rules="target 1, stick the dealer")
    table = await runner.table(table_id)
    assert table.rules is not None
    assert (table.rules.target, table.rules.stick_the_dealer) == (1, True)
    shown = message_text(fake.messages[message["id"]])
    assert "target 1, stick the dealer" in shown, shown
    rules = (await fake.reply(await fake.slash(alice, "euchre rules"))).text
    assert "`target`: 1 (**house rule**; hoyle1871: 5)" in rules
    assert "`stick the dealer`: on (**house rule**; hoyle1871: off)" in rules
    await play_until_over(runner, [alice], table_id, random.Random(3))
    final = await runner.table(table_id)
    assert final.status is TableStatus.FINISHED and final.state is not None
    assert 1 <= max(final.state.scores) < 5, final.state.scores
    assert watch.checked and watch.leaks == []


async def test_a_line_of_house_rules_that_cannot_be_read_opens_no_table(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    alice = fake.add_user("alice")
    for line, reason in (("stik the dealer", "Did you mean `stick the dealer`"),
                         ("stick the dealer, no second round", "needs a second round")):
        answer = await fake.reply(await fake.slash(alice, "euchre new", {"house_rules": line}))
        assert reason in answer.text and answer.ephemeral, answer.text
        assert await runner.service.table_in_channel(int(fake.channel_id)) is None


async def test_skat_takes_house_rules_beside_its_own_settings(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    alice = fake.add_user("alice")
    table_id, _ = await start_table(runner, alice, game="skat", preset="isko", deals=3,
                                    house_rules="kontra re, ramsch scoring card points")
    rules = (await runner.table(table_id)).rules
    assert rules is not None
    assert (rules.deals, rules.kontra_re, rules.ramsch_scoring) == (3, True, "card_points")


async def test_house_rules_complete_against_the_chosen_preset(runner: BotRunner) -> None:
    cog = runner.bot.get_cog("EuchreCog")
    asked = SimpleNamespace(namespace=SimpleNamespace(preset="modern"))
    names = await cog.house_rules_autocomplete(asked, "target 7, dec")
    assert [(c.name, c.value) for c in names] == [("deck (now 24)", "target 7, deck ")]
    values = await cog.house_rules_autocomplete(asked, "target 7, deck")
    assert [(c.name, c.value) for c in values] == [
        ("deck: 32", "target 7, deck 32"), ("deck: 24 (as the preset)", "target 7, deck 24")]
