"""Two bot processes, shards 0 and 1 of 2, on one PostgreSQL database, a dice game in a server
of each. One process is killed with kill -9 mid-game and started again: both games end, and
nothing is lost or doubled (every click carried out once, the action log replays to the stored
state, one result per seat, each player's games counted once). A process never answers another
shard's interaction, even one delivered to it by mistake."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord import custom_ids as ids
from bot.games import registry
from bot.store import GLOBAL_SCOPE, TableRow
from bot.store.postgres import PostgresStore
from tests.e2e.fake_discord import Interaction, iter_components
from tests.e2e.harness import Choice, lobby_button, take
from tests.e2e.sharded_fake import ShardedFakeDiscord
from tests.postgres import Schemas, require_server
from tests.processes import eventually

pytestmark = pytest.mark.e2e

REPO = Path(__file__).resolve().parents[2]


class Shard:
    """One bot process running one shard, started and killed like an operator's."""

    def __init__(self, shard: int, fake: ShardedFakeDiscord, url: str, home: Path) -> None:
        self.shard, self.fake, self.url = shard, fake, url
        self.home = home / f"shard{shard}"
        self.home.mkdir(parents=True, exist_ok=True)
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(REPO), "FAKE_DISCORD_PORT": str(self.fake.port),
               "DISCORD_TOKEN": self.fake.token, "DATABASE_URL": self.url,
               "DATABASE_PATH": str(self.home / "parlour.sqlite3"), "SHARD_COUNT": "2",
               "SHARD_IDS": str(self.shard), "LOG_LEVEL": "INFO", "AI_PROCESSES": "0",
               "PICTURE_PROCESSES": "0", "DAILY_AHEAD": "false", "TABLE_EDIT_INTERVAL_S": "0",
               "AI_BUDGET_MS": "20"}
        env.pop("DEV_GUILD_ID", None)
        self.log = (self.home / "bot.log").open("ab")
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.e2e.shard_bot"], cwd=self.home,
                                     env=env, stdout=self.log, stderr=subprocess.STDOUT)

    async def connected(self) -> None:
        """Until the process says (in its heartbeat) that its gateway is connected."""
        heartbeat = self.home / f"parlour.sqlite3.shards-{self.shard}.health.json"

        async def read() -> bool | None:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise AssertionError(f"shard {self.shard} exited: {self.output()}")
            try:
                return json.loads(heartbeat.read_text())["gateway"] == "connected" or None
            except (OSError, ValueError, KeyError):
                return None

        await eventually(read, f"shard {self.shard} connected")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        (self.home / f"parlour.sqlite3.shards-{self.shard}.health.json").unlink(missing_ok=True)

    async def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.to_thread(self.proc.wait, 30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()

    def output(self) -> str:
        """Everything the process (and its restarts) logged."""
        self.log.flush()
        return (self.home / "bot.log").read_text(errors="replace")


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[tuple[ShardedFakeDiscord, str, PostgresStore]]:
    schemas = Schemas(require_server())
    url = await schemas.new()
    fake = await ShardedFakeDiscord(shard_count=2).start()
    store = await PostgresStore.open(url)  # the test's own reads (and the schema made)
    try:
        yield fake, url, store
    finally:
        await store.close()
        await fake.stop()
        await schemas.drop_all()


def table_choices(fake: ShardedFakeDiscord, message_id: str, version: int) -> list[Choice]:
    """The actions the table message offers for this table version."""
    message = fake.messages[message_id]
    out: list[Choice] = []
    for comp in iter_components(message):
        parsed = ids.parse(comp.get("custom_id") or "")
        if getattr(parsed, "version", None) != version or comp.get("disabled"):
            continue
        if isinstance(parsed, ids.ActionId):
            out.append((message_id, comp["custom_id"], None))
        elif isinstance(parsed, ids.SelectId):
            out.extend((message_id, comp["custom_id"], o["value"])
                       for o in comp.get("options", []))
    return out


class Game:
    """A two-seat dice game (Throwing Dice) of one human against the AI, in one guild."""

    def __init__(self, fake: ShardedFakeDiscord, store: PostgresStore, guild: str) -> None:
        self.fake, self.store = fake, store
        self.channel = fake.channel_of[guild]
        self.user = fake.add_user(f"player-{guild[-4:]}")
        self.clicks: list[Interaction] = []
        self.table_id = 0
        self.message_id = ""

    async def row(self) -> TableRow:
        row = await self.store.get_table(self.table_id)
        assert row is not None
        return row

    async def open(self) -> None:
        inter = await self.fake.slash(self.user, "dice new",
                                      {"game": "throwing_dice", "players": 2, "rounds": 6},
                                      channel_id=self.channel)
        self.clicks.append(inter)
        row = await eventually(lambda: self.store.open_table_in_channel(int(self.channel)),
                               "the table opened")
        self.table_id = row.id
        row = await eventually(self._with_message, "the table message posted")
        self.message_id = str(row.message_id)
        for op, seated in (("ai", 2), ("start", 2)):
            message = self.fake.messages[self.message_id]
            before = row.version
            self.clicks.append(await self.fake.click(self.user, self.message_id,
                                                     lobby_button(message, op)))
            row = await self._after(before)
            assert len(row.seats) == seated
        assert row.status == "playing"

    async def _with_message(self) -> TableRow | None:
        row = await self.row()
        return row if row.message_id is not None else None

    async def _after(self, version: int) -> TableRow:
        async def moved() -> TableRow | None:
            row = await self.row()
            return row if row.version > version else None

        return await eventually(moved, f"table {self.table_id} past version {version}")

    async def my_turn(self) -> TableRow | None:
        """Once the AI has played on: the table when the human is to act, or None at the end."""

        async def read() -> tuple[TableRow | None] | None:
            row = await self.row()
            if row.status not in ("lobby", "playing"):
                return (None,)
            state = registry.get(row.game_key).load(row.state or "")
            return (row,) if 0 in state.to_act else None

        return (await eventually(read, f"the human's turn at table {self.table_id}"))[0]

    async def move(self) -> bool:
        """One move of the human, once carried out (the log has it); False at the game's end."""
        row = await self.my_turn()
        if row is None:
            return False
        choices = await self.fake.wait_for(
            lambda: table_choices(self.fake, self.message_id, row.version))
        click = await take(self.fake, self.user, choices[0])
        self.clicks.append(click)
        await self.fake.wait_callback(click)

        async def logged() -> bool | None:
            actions = await self.store.actions(self.table_id)
            return True if any(a.seq == row.version + 1 and a.reason == "human"
                               for a in actions) else None

        await eventually(logged, f"the click on table {self.table_id} v{row.version} logged")
        return True

    async def finish(self) -> None:
        for _ in range(60):
            if not await self.move():
                return
        raise AssertionError(f"table {self.table_id} not over after 60 moves")

    async def check(self) -> None:
        """Nothing lost, nothing doubled."""
        row = await self.row()
        assert row.status == "finished", row.status
        actions = await self.store.actions(self.table_id)
        game = registry.get(row.game_key)
        state = game.new(row.players, game.options(row.preset, **row.options), row.seed)
        for action in actions:
            state, _ = state.apply(action.seat, action.action)
        assert state.model_dump_json() == row.state, "the log does not replay to the snapshot"
        human_moves = [a for a in actions if a.reason == "human"]
        assert len(human_moves) == len(self.clicks) - 3  # all but /dice new, ai and start
        assert all(click.callbacks == 1 for click in self.clicks), "a click answered twice"
        assert [r.seat for r in await self.store.results(self.table_id)] == [0, 1]
        guild = int(self.fake.guild_of(self.channel) or 0)
        for scope in (GLOBAL_SCOPE, guild):
            _, tallies = await self.store.user_ladders(int(self.user), scope)
            assert tallies["dice"]["games"] == 1.0, (scope, tallies)


async def test_two_shards_one_killed_and_restarted_lose_and_double_nothing(
    world: tuple[ShardedFakeDiscord, str, PostgresStore], tmp_path: Path
) -> None:
    fake, url, store = world
    shards = [Shard(i, fake, url, tmp_path) for i in range(2)]
    try:
        for shard in shards:  # shard 0 first: it syncs the commands the other one uses too
            shard.start()
            await shard.connected()
        games = [Game(fake, store, guild) for guild in fake.guild_ids]
        for game in games:
            await game.open()
            await game.move()
        await games[0].move()

        shards[0].kill()  # mid-game, perhaps mid-AI-turn: whatever is committed stays
        assert await games[1].move()  # the other shard plays on meanwhile
        # Shard 0's interaction delivered to shard 1 by mistake: dropped, never answered
        # (shard 1 answers the next one, so it has read and dropped this one by then).
        stray = await fake.send_interaction_to(1, fake.interaction_payload(
            2, games[0].user, fake.command_data("dice new", {"game": "throwing_dice"}),
            channel_id=games[0].channel))
        assert await games[1].move()
        assert stray.callbacks == 0 and not fake.replies(stray)

        shards[0].start()
        await shards[0].connected()
        assert fake.shard_identifies == {0: 2, 1: 1}
        # The restarted process loaded its own shard's table, not the other one's.
        assert re.findall(r"resumed (\d+) open table", shards[0].output()) == ["0", "1"]
        await asyncio.gather(*(game.finish() for game in games))
        for game in games:
            await game.check()
        assert await store.open_tables() == []
        for shard in shards:  # and neither process met an error on the way
            errors = [line for line in shard.output().splitlines()
                      if " ERROR " in line or " CRITICAL " in line or "Traceback" in line]
            assert errors == [], f"shard {shard.shard}: {errors}"
    finally:
        for shard in shards:
            await shard.stop()
        if any(s.proc is not None and s.proc.returncode not in (0, -9) for s in shards):
            print("\n".join(s.output()[-3000:] for s in shards))
