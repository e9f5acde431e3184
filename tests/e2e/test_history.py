"""``/euchre history`` and the replay viewer, through Discord: a finished game is listed, its
replay walks move by move, trick by trick and to the end, its buttons outlive a restart, a
stranger sees no hand, and no replay message names a card hidden at the step it shows."""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import pytest

from bot.discord import custom_ids as ids
from bot.games import registry
from bot.games.base import State
from bot.games.cards import pretty
from bot.service.models import TableStatus
from tests.e2e.fake_discord import FakeDiscord, MessageEvent, component_text, custom_ids
from tests.e2e.harness import WAIT_S, BotRunner, play_until_over, start_table
from tests.e2e.leaks import LeakWatch, cards_in, named_cards

pytestmark = pytest.mark.e2e

_FOOTER = re.compile(r"Table (\d+) · replay · step (\d+)/(\d+)")


def shown_step(message: dict[str, Any]) -> int | None:
    """The step a viewer message shows (its table embed's footer)."""
    for embed in message.get("embeds") or []:
        if m := _FOOTER.search((embed.get("footer") or {}).get("text") or ""):
            return int(m[2])
    return None


def target(message: dict[str, Any], op: str) -> int:
    """The step the viewer's ``op`` button leads to."""
    for code in custom_ids(message):
        parsed = ids.parse(code)
        if isinstance(parsed, ids.ReplayId) and parsed.op == op:
            return parsed.step
    raise AssertionError(f"no {op!r} button on the viewer: {custom_ids(message)}")


async def press(fake: FakeDiscord, user: str, mid: str, op: str) -> int:
    """Click a viewer button and wait until the message shows the step it leads to."""
    message = fake.messages[mid]
    step = target(message, op)
    custom_id = ids.ReplayId(int(_FOOTER.search(str(message["embeds"]))[1]),  # type: ignore[index]
                             step, op).encode()
    click = await fake.click(user, mid, custom_id)
    await fake.wait_callback(click, WAIT_S)
    await fake.wait_for(lambda: shown_step(fake.messages[mid]) == step, WAIT_S)
    return step


class ReplayLeaks:
    """Every replay message checked against the step it shows: it may name only cards of the
    public view at that step and, for a player, of their own seat's view then."""

    def __init__(self, states: list[State], seats: dict[str, int]) -> None:
        self.states = states
        self.seats = seats
        self.deck = cards_in(states[0].model_dump(mode="json"))
        self.checked = 0
        self.leaks: list[tuple[str, int, set[str]]] = []

    def check(self, event: MessageEvent) -> None:
        step = shown_step(event.message)
        if event.kind == "delete" or step is None:
            return
        seat = self.seats.get(event.user_id or "")
        state = self.states[step]
        allowed = cards_in(state.view(None).model_dump(mode="json"))
        if seat is not None:
            allowed |= cards_in(state.view(seat).model_dump(mode="json"))
        text = event.text + "\n" + component_text(event.message)
        leaked = named_cards(text, custom_ids(event.message), self.deck - allowed)
        self.checked += 1
        if leaked:
            self.leaks.append((event.user_id or "", step, leaked))


async def test_history_lists_and_the_viewer_walks_a_finished_game(
        fake: FakeDiscord, runner: BotRunner, watch: LeakWatch) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table_id, _ = await start_table(runner, alice)
    await play_until_over(runner, alice, table_id, random.Random(4))
    table = await runner.table(table_id)
    assert table.status is TableStatus.FINISHED and table.state is not None
    assert watch.leaks == []
    # The live tables' watch knows nothing of replays (a replay shows cards of earlier deals
    # that the finished table holds hidden): replays get their own check from here on.
    fake.listeners.remove(watch.check)
    game = registry.get("euchre")
    states: list[State] = [game.new(table.players, game.options(table.preset, **table.options),
                                    table.seed)]
    for row in await runner.service.store.actions(table_id):
        states.append(states[-1].apply(row.seat, row.action)[0])
    assert states[-1] == table.state
    replay_leaks = ReplayLeaks(states, {alice: 0})
    fake.listeners.append(replay_leaks.check)

    listing = await fake.reply(await fake.slash(alice, "euchre history"))
    assert listing.ephemeral
    assert f"#{table_id}" in listing.text
    mine, here = listing.text.split("Recent games in this channel")
    assert f"#{table_id}" in mine and f"#{table_id}" in here
    stranger_list = await fake.reply(await fake.slash(bob, "euchre history"))
    mine, here = stranger_list.text.split("Recent games in this channel")
    assert f"#{table_id}" not in mine and f"#{table_id}" in here

    opened = await fake.reply(await fake.slash(alice, "euchre history", {"game": table_id}))
    assert opened.ephemeral
    mid = opened.message["id"]
    last = len(states) - 1
    assert shown_step(fake.messages[mid]) == 0
    assert "as dealt" in opened.text and "Deal 1 of" in opened.text
    assert "Your hand then" in opened.text
    assert any(a["filename"] == "table.png" for a in opened.message["attachments"])

    assert await press(fake, alice, mid, "nm") == 1
    assert "move 1 of" in fake.messages[mid]["content"]
    assert await press(fake, alice, mid, "pm") == 0
    first_trick = await press(fake, alice, mid, "nt")
    assert first_trick > 1 and "trick 1" in fake.messages[mid]["content"]
    second_trick = await press(fake, alice, mid, "nt")
    assert second_trick > first_trick and "trick 2" in fake.messages[mid]["content"]
    assert await press(fake, alice, mid, "pt") == first_trick

    await runner.restart()  # the viewer's buttons carry all they need
    assert await press(fake, alice, mid, "nd") > second_trick
    assert "Deal 2 of" in fake.messages[mid]["content"]
    assert await press(fake, alice, mid, "l") == last
    end = fake.messages[mid]
    assert "The result" in str(end["embeds"]) and "Winners" in str(end["embeds"])
    disabled = {ids.parse(c["custom_id"]).op  # type: ignore[union-attr]
                for row in end["components"] for c in row["components"] if c.get("disabled")}
    assert {"nm", "l"} <= disabled
    assert await press(fake, alice, mid, "f") == 0

    # A stranger of the server sees the public table only, at every step.
    seen = await fake.reply(await fake.slash(bob, "euchre history", {"game": table_id}))
    assert "You had no seat" in seen.text and "Your hand then" not in seen.text
    bob_mid = seen.message["id"]
    await press(fake, bob, bob_mid, "nt")
    await press(fake, bob, bob_mid, "l")
    assert "Your hand then" not in str(fake.messages[bob_mid]["embeds"])

    assert replay_leaks.checked >= 12, "the replay check saw too few messages"
    assert replay_leaks.leaks == []
    # The check can fire: alice's hand as dealt, shown to bob, is flagged.
    alice_view = await runner.service.replay(table_id, 0, user_id=int(alice))
    forged = copy.deepcopy(fake.messages[bob_mid])
    forged["embeds"][0]["footer"]["text"] = f"Table {table_id} · replay · step 0/{last}"
    hand = alice_view.own.model_dump(mode="json")["hand"]  # type: ignore[union-attr]
    forged["content"] = " ".join(pretty(card) for card in hand)
    replay_leaks.check(MessageEvent("edit", forged, forged["channel_id"], True, None, bob))
    assert replay_leaks.leaks and replay_leaks.leaks[0][:2] == (bob, 0)


async def test_an_open_table_is_not_replayed(fake: FakeDiscord, runner: BotRunner) -> None:
    alice = fake.add_user("alice")
    table_id, _ = await start_table(runner, alice)
    answer = await fake.reply(await fake.slash(alice, "euchre history", {"game": table_id}))
    assert answer.ephemeral and "not over yet" in answer.text
    assert not custom_ids(answer.message)
    missing = await fake.reply(await fake.slash(alice, "euchre history", {"game": 4242}))
    assert "There is no table #4242" in missing.text
