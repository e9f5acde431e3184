"""Every click whose custom id carries one of our prefixes is answered, whatever follows it, and
malformed ones are logged at most at INFO (a forged id is no alarm)."""

from __future__ import annotations

import asyncio
import logging
import re
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.discord import components
from bot.discord import custom_ids as ids

TEMPLATES = [ids.ACTION_TEMPLATE, ids.SELECT_TEMPLATE, ids.LOBBY_TEMPLATE, ids.HAND_TEMPLATE,
             ids.REMATCH_TEMPLATE, ids.REPLAY_TEMPLATE]


class Answers:
    """A click handler that records which answer a click got."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    async def on_action(self, interaction: Any, table_id: int, version: int, action: str
                        ) -> None:
        assert 0 <= table_id < 2**63 and 0 <= version < 2**63
        self.calls.append(("action", (table_id, version, action)))

    async def on_lobby(self, interaction: Any, table_id: int, op: ids.LobbyOp) -> None:
        assert 0 <= table_id < 2**63
        self.calls.append(("lobby", (table_id, op)))

    async def on_show_hand(self, interaction: Any, table_id: int) -> None:
        assert 0 <= table_id < 2**63
        self.calls.append(("hand", (table_id,)))

    async def on_rematch(self, interaction: Any, table_id: int) -> None:
        assert 0 <= table_id < 2**63
        self.calls.append(("rematch", (table_id,)))

    async def on_replay(self, interaction: Any, table_id: int, step: int) -> None:
        assert 0 <= table_id < 2**63 and 0 <= step < 2**63
        self.calls.append(("replay", (table_id, step)))

    async def on_bad_component(self, interaction: Any, why: str) -> None:
        assert why
        self.calls.append(("bad", (why,)))


def _click(custom_id: str, select_value: str | None) -> list[tuple[str, tuple[Any, ...]]]:
    handler = Answers()
    interaction: Any = SimpleNamespace(client=SimpleNamespace(table_ui=handler))
    asyncio.run(components._dispatch(interaction, custom_id, select_value))
    return handler.calls


ids_with_our_prefix = st.tuples(
    st.sampled_from(["pa:", "ps:", "pl:", "ph:", "pr:", "pv:"]),
    st.text(max_size=100) | st.from_regex(r"[0-9]{0,21}(:[0-9]{0,21})?(:[a-z:A-Z0-9\n]{0,9})?"),
).map("".join)


@settings(max_examples=400, deadline=None)
@given(ids_with_our_prefix, st.none() | st.text(max_size=20))
def test_every_click_with_our_prefix_reaches_a_handler_and_gets_one_answer(
    custom_id: str, select_value: str | None
) -> None:
    assert any(re.compile(t).fullmatch(custom_id) for t in TEMPLATES), "discord.py drops it"
    calls = _click(custom_id, select_value)
    assert len(calls) == 1


@pytest.mark.parametrize("custom_id", [
    f"pa:{2**63}:1:pass", f"ph:{2**63 + 5}", "pa:12:37:play:HJ\n", "pl:3:join\n", "ph:x",
    "pr:", "pr:x", "pr:12:3", "pr:012", f"pr:{2**63}", "pr:12\n", "pr:-1",
    "pv:3:1", f"pv:3:{2**63}:nt", "pv:3:1:jump",
])
def test_malformed_ids_are_refused_and_logged_at_info_at_most(
    custom_id: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG):
        calls = _click(custom_id, None)
    assert [kind for kind, _ in calls] == ["bad"]
    assert all(r.levelno <= logging.INFO for r in caplog.records)
    assert any(custom_id.strip() in r.getMessage() for r in caplog.records)


def test_a_rematch_click_reaches_its_handler() -> None:
    assert _click(ids.RematchId(12).encode(), None) == [("rematch", (12,))]

def test_a_replay_button_reaches_the_viewer_with_its_step() -> None:
    assert _click("pv:12:17:nt", None) == [("replay", (12, 17))]
