"""Running the real bot against the fake, and playing a human seat through its messages.

Shared by the e2e tests (through fixtures in ``conftest.py``) and ``bench/latency.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.discord import custom_ids as ids
from bot.service.models import TableInfo, TableStatus, TableUpdate
from tests.e2e.fake_discord import FakeDiscord, Interaction, custom_ids, iter_components
from tests.e2e.leaks import LeakWatch

WAIT_S = 10.0
"""How long any wait may take before the test fails (the bench raises it: under saturation
waits are long, and a bench should measure them, not fail)."""


class BotRunner:
    """One bot "process": a table service on ``db_path`` and a client logged in to the fake.

    ``restart()`` closes both and starts fresh ones on the same database file, as a redeploy
    would; nothing survives in memory.
    """

    def __init__(self, fake: FakeDiscord, db_path: Path, *, watch: LeakWatch | None = None,
                 settings: dict[str, Any] | None = None, service: dict[str, Any] | None = None
                 ) -> None:
        self.fake = fake
        self.db_path = db_path
        self.watch = watch
        self.settings_kw = settings or {}
        self.service_kw = service or {}
        self.bot: Any = None
        self.service: Any = None
        self._task: asyncio.Task[None] | None = None
        self._waiters: dict[int, list[asyncio.Event]] = {}
        self.starts = 0

    async def start(self) -> None:
        from bot.client import create_bot
        from bot.config import Settings
        from bot.service.tables import TableService

        values: dict[str, Any] = {
            "discord_token": self.fake.token, "database_path": self.db_path,
            "dev_guild_id": int(self.fake.guild_id), "log_level": "WARNING",
            "table_edit_interval_s": 0.0, "picture_processes": 0, **self.settings_kw}
        settings = Settings(_env_file=None, **values)  # type: ignore[call-arg]
        self.service = await TableService.open(self.db_path, ai_delay_s=0.0, **self.service_kw)
        self._note_commits(self.service)
        # Subscribed before the bot's own listener, so a state is on record before any
        # message composed from it can reach the fake.
        self.service.subscribe(self._record)
        self.bot = create_bot(settings, service=self.service)
        self.bot._connection.guild_ready_timeout = 0.05
        self._task = asyncio.create_task(self.bot.start(settings.discord_token))
        # Ready, not "commands synced": a start syncs only a changed command tree, and when it
        # does, setup_hook has synced before the gateway connects, so before ready.
        await asyncio.wait_for(self.bot.wait_until_ready(), WAIT_S)
        self.starts += 1

    def _note_commits(self, service: Any) -> None:
        """Tell the leak watch the newest committed version of each table as it is committed
        (the service queues it for the listeners right then, in the same step): a click's
        answer may be composed from it before the listeners, and so `_record`, get to it."""
        if self.watch is None:
            return
        committed: dict[int, int] = {}
        enqueue = service._enqueue

        def enqueue_noting(update: TableUpdate) -> None:
            committed[update.table.id] = update.table.version
            enqueue(update)

        service._enqueue = enqueue_noting
        self.watch.committed = committed.get

    async def _record(self, update: TableUpdate) -> None:
        self.note(update.table)
        for flag in self._waiters.pop(update.table.id, []):
            flag.set()

    async def wait_table(self, table_id: int, predicate: Callable[[TableInfo], bool],
                         timeout: float | None = None) -> TableInfo:
        """Wait until the table satisfies ``predicate`` (checked after each of its committed
        changes): how a test knows a deferred click has been carried out."""
        loop = asyncio.get_running_loop()
        timeout = timeout or WAIT_S
        deadline = loop.time() + timeout
        while True:
            flag = asyncio.Event()  # registered before the read, so no change slips past
            self._waiters.setdefault(table_id, []).append(flag)
            if predicate(table := await self.table(table_id)):
                return table
            try:
                await asyncio.wait_for(flag.wait(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                raise AssertionError(f"table {table_id} did not reach the expected state "
                                     f"within {timeout}s") from None

    def note(self, table: TableInfo) -> None:
        if self.watch is not None:
            seats = {str(s.user_id): s.index for s in table.seats if s.user_id is not None}
            self.watch.record(table.id, table.channel_id, table.version, table.state, seats)

    async def stop(self) -> None:
        """Shut down in the order the bot does with a service of its own: the service (in-flight
        actions finish, AI runners stop), then the client (pending edits go out)."""
        try:
            if self.service is not None:
                # Bounded: a close that hangs must fail the test, not hang CI (FINDINGS.md 1).
                await asyncio.wait_for(self.service.close(), WAIT_S)
        finally:
            if self.bot is not None:
                await self.bot.close()
            if self._task is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self._task, WAIT_S)
            self.bot = self.service = self._task = None

    async def restart(self) -> None:
        await self.stop()
        await self.start()

    async def table(self, table_id: int) -> TableInfo:
        return await self.service.get(table_id)  # type: ignore[no-any-return]


Choice = tuple[str, str, str | None]
"""(message id, custom id, select value or None) of one offered action."""


def offered(fake: FakeDiscord, user_id: str, table_id: int, version: int,
            channel_id: str | None = None) -> list[Choice]:
    """The game actions the user can click now for this table version, newest message first.
    Looks in the user's DMs and ephemerals and in the table's channel (when given)."""
    out: list[Choice] = []
    mids = list(fake.by_user.get(user_id, []))
    if channel_id is not None:
        mids += [m for m in fake.channel_log.get(channel_id, []) if fake.message_meta[m].public]
    for mid in sorted(mids, key=int, reverse=True):
        msg = fake.messages.get(mid)
        if msg is None:
            continue
        for comp in iter_components(msg):
            parsed = ids.parse(comp.get("custom_id") or "")
            if comp.get("disabled") or getattr(parsed, "table_id", None) != table_id:
                continue
            if isinstance(parsed, ids.ActionId) and parsed.version == version:
                out.append((mid, comp["custom_id"], None))
            elif isinstance(parsed, ids.SelectId) and parsed.version == version:
                out.extend((mid, comp["custom_id"], o["value"]) for o in comp.get("options", []))
    return out


async def wait_offered(fake: FakeDiscord, user_id: str, table_id: int, version: int,
                       channel_id: str | None = None, timeout: float | None = None
                       ) -> list[Choice]:
    """Wait until the bot offers the user actions for this version (a DM, an ephemeral or the
    channel message)."""
    loop = asyncio.get_running_loop()
    timeout = timeout or WAIT_S
    deadline = loop.time() + timeout
    keys = [user_id, *([channel_id] if channel_id else [])]
    while not (found := offered(fake, user_id, table_id, version, channel_id)):
        flag = fake.changed(*keys)
        try:
            await asyncio.wait_for(flag.wait(), max(0.0, deadline - loop.time()))
        except TimeoutError:
            raise AssertionError(
                f"no actions offered to user {user_id} for table {table_id} v{version} "
                f"within {timeout}s") from None
    return found


async def take(fake: FakeDiscord, user_id: str, choice: Choice) -> Interaction:
    """Click the button, or pick the value in the select, of one offered action."""
    mid, custom_id, value = choice
    if value is None:
        return await fake.click(user_id, mid, custom_id)
    return await fake.choose(user_id, mid, custom_id, [value])


def action_of(choice: Choice) -> str:
    _, custom_id, value = choice
    if value is not None:
        return value
    parsed = ids.parse(custom_id)
    assert isinstance(parsed, ids.ActionId)
    return parsed.action


async def play_until_over(runner: BotRunner, users: str | list[str], table_id: int,
                          rng: random.Random, *, show_hand: frozenset[str] = frozenset(),
                          max_turns: int = 400) -> list[Interaction]:
    """Play the human seats of ``users`` with random offered actions until the game ends (the
    AI seats play themselves). Users in ``show_hand`` get their hand by pressing "Show my
    hand" (closed DMs). Every action offered must be legal; each click must be carried out."""
    humans = [users] if isinstance(users, str) else list(users)
    clicks: list[Interaction] = []
    for _ in range(max_turns):
        await asyncio.wait_for(runner.service.settle(table_id), WAIT_S)
        table = await runner.table(table_id)
        if not table.is_open:
            return clicks
        assert table.state is not None
        acting = [s for s in table.seats if s.index in table.state.to_act]
        assert acting and all(str(s.user_id) in humans for s in acting), \
            f"settled, yet {acting} are to act"
        user = str(acting[0].user_id)
        table, choices = await my_turn(runner, user, table_id, show_hand=user in show_hand)
        assert table.state is not None
        legal = {str(a) for a in table.state.legal_actions(acting[0].index)}
        shown = {action_of(c) for c in choices}
        assert shown <= legal, f"offered illegal actions {shown - legal}"
        click = await take(runner.fake, user, rng.choice(choices))
        await runner.fake.wait_callback(click, WAIT_S)
        await runner.wait_table(table_id, lambda t, v=table.version: t.version > v)
        clicks.append(click)
    raise AssertionError(f"table {table_id} not over after {max_turns} turns")


async def play_out(runner: BotRunner, user: str, table_id: int, rng: random.Random,
                   max_turns: int = 400) -> None:
    """Click random offered actions for ``user`` until the game ends; a select that wants
    several picks (Skat's two cards to lay away) gets that many."""
    fake = runner.fake
    for _ in range(max_turns):
        table, choices = await my_turn(runner, user, table_id)
        if not table.is_open:
            return
        by_component: dict[tuple[str, str], list[str | None]] = {}
        for mid, cid, value in choices:
            by_component.setdefault((mid, cid), []).append(value)
        (mid, cid), values = rng.choice(sorted(by_component.items(), key=str))
        if values[0] is None:
            click = await fake.click(user, mid, cid)
        else:
            select = next(c for c in iter_components(fake.messages[mid])
                          if c.get("custom_id") == cid)
            picked = rng.sample([v for v in values if v is not None],
                                select.get("max_values", 1))
            click = await fake.choose(user, mid, cid, picked)
        await fake.wait_callback(click, WAIT_S)
        await runner.wait_table(table_id, lambda t, v=table.version: t.version > v)
    raise AssertionError(f"table {table_id} not over after {max_turns} turns")


def lobby_button(message: dict[str, Any], op: str) -> str:
    """The custom id of a lobby button (join, leave, ai, start) on a table message."""
    return next(c for c in custom_ids(message)
                if isinstance(p := ids.parse(c), ids.LobbyId) and p.op == op)


async def open_table(runner: BotRunner, user: str, channel: str | None = None,
                     game: str = "euchre", **options: object) -> tuple[int, dict[str, Any]]:
    """``/<game> new`` by ``user``; the table id and its channel message."""
    fake = runner.fake
    inter = await fake.slash(user, f"{game} new", dict(options), channel_id=channel)
    await fake.wait_callback(inter, WAIT_S)
    table = await runner.service.table_in_channel(int(channel or fake.channel_id))
    assert table is not None and table.status is TableStatus.LOBBY, \
        f"/euchre new opened no table: {[e.text for e in fake.replies(inter)]}"
    if inter.callback_type == 4 and inter.original_id is not None:
        message = fake.messages[inter.original_id]  # the answer is the table message
    else:
        table = await runner.wait_table(table.id, lambda t: t.message_id is not None)
        message = fake.messages[str(table.message_id)]
    assert fake.message_meta[message["id"]].public, "the table message is not public"
    return table.id, message


async def start_table(runner: BotRunner, host: str, *, guests: tuple[str, ...] = (),
                      channel: str | None = None, game: str = "euchre", **options: object
                      ) -> tuple[int, dict[str, Any]]:
    """A full table: ``host``, then ``guests`` joining by button, AI in the other seats (by
    button), started by the host's button. Returns the table id and its message."""
    fake = runner.fake
    table_id, message = await open_table(runner, host, channel, game, **options)
    seats = (await runner.table(table_id)).players
    seated = 1
    for guest in guests:
        await fake.click(guest, message["id"], lobby_button(message, "join"))
        seated += 1
        await runner.wait_table(table_id, lambda t, n=seated: len(t.seats) == n)
    while seated < seats:
        await fake.click(host, message["id"], lobby_button(message, "ai"))
        seated += 1
        await runner.wait_table(table_id, lambda t, n=seated: len(t.seats) == n)
    await fake.click(host, message["id"], lobby_button(message, "start"))
    await runner.wait_table(table_id, lambda t: t.status is not TableStatus.LOBBY)
    return table_id, message


async def my_turn(runner: BotRunner, user_id: str, table_id: int, *,
                  show_hand: bool = False) -> tuple[TableInfo, list[Choice]]:
    """Let the AI play on until the user is to act (or the game ends); the table and the
    actions offered to the user for that moment. ``show_hand``: press "Show my hand" on the
    table message first, as a user does whose DM never came."""
    await asyncio.wait_for(runner.service.settle(table_id), WAIT_S)
    table = await runner.table(table_id)
    if not table.is_open:
        return table, []
    if show_hand:
        assert table.message_id is not None
        hand_id = ids.HandId(table_id).encode()
        message = runner.fake.messages[str(table.message_id)]
        await runner.fake.wait_callback(
            await runner.fake.click(user_id, message["id"], hand_id), WAIT_S)
    choices = await wait_offered(runner.fake, user_id, table_id, table.version,
                                 str(table.channel_id))
    return table, choices
