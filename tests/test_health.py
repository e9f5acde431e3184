"""`python -m bot health`: healthy only with a readable database and a fresh "connected" beat.

Every time here comes from an injected clock; nothing waits.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot import __main__ as cli
from bot.health import STALE_AFTER_S, Heartbeat, health_path, problem
from bot.store import ShardSet
from tests.postgres import require_server


class Clock:
    def __init__(self, now: float = 1_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "parlour.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE t (x)")
    return path


def test_connected_and_fresh_is_healthy(db: Path) -> None:
    clock = Clock()
    beat = Heartbeat(health_path(db), clock=clock)
    beat.set("connected")
    assert problem(db, now=clock.now + STALE_AFTER_S) is None


def test_a_disconnected_gateway_is_unhealthy_and_says_for_how_long(db: Path) -> None:
    clock = Clock()
    beat = Heartbeat(health_path(db), clock=clock)
    beat.set("connected")
    clock.now += 100
    beat.set("disconnected")
    clock.now += 30
    beat.beat()  # the loop still beats while discord.py tries to reconnect
    assert problem(db, now=clock.now) == "the Discord gateway is disconnected (for 30 s)"
    beat.set("connected")
    assert problem(db, now=clock.now) is None


def test_a_stale_heartbeat_is_unhealthy(db: Path) -> None:
    clock = Clock()
    Heartbeat(health_path(db), clock=clock).set("connected")
    verdict = problem(db, now=clock.now + STALE_AFTER_S + 1)
    assert verdict is not None and "stuck or not running" in verdict


def test_no_heartbeat_a_bad_one_or_no_database_is_unhealthy(db: Path, tmp_path: Path) -> None:
    assert "has not started" in (problem(db, now=0.0) or "")
    health_path(db).write_text("{not json")
    assert "unreadable heartbeat" in (problem(db, now=0.0) or "")
    health_path(db).write_text(json.dumps({"gateway": "connected"}))
    assert "unreadable heartbeat" in (problem(db, now=0.0) or "")
    assert "cannot open the database" in (problem(tmp_path / "missing.sqlite3", now=0.0) or "")


def test_the_state_keeps_its_since_while_it_lasts(db: Path) -> None:
    clock = Clock(50.0)
    beat = Heartbeat(health_path(db), clock=clock)
    beat.set("connected")
    clock.now = 80.0
    beat.set("connected")
    record = json.loads(health_path(db).read_text())
    assert record == {"gateway": "connected", "since": 50.0, "at": 80.0}


def test_the_command_exits_non_zero_when_unhealthy(
    db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATABASE_PATH", str(db))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(db.parent)  # no .env of the checkout
    Heartbeat(health_path(db)).set("disconnected")
    assert cli.main(["health"]) == 1
    assert capsys.readouterr().err.strip().startswith("parlour: unhealthy: the Discord gateway")
    Heartbeat(health_path(db)).set("connected")
    assert cli.main(["health"]) == 0


def test_sync_runs_the_forced_sync_and_says_how_many(
    db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot import client

    called: list[object] = []

    async def fake_sync(settings: object) -> int:
        called.append(settings)
        return 5

    monkeypatch.setenv("DATABASE_PATH", str(db))
    monkeypatch.setenv("DISCORD_TOKEN", "MTIz.abc.def")
    monkeypatch.chdir(db.parent)
    monkeypatch.setattr(client, "sync_commands", fake_sync)
    assert cli.main(["sync"]) == 0
    assert called and "synced 5 slash commands to all servers" in capsys.readouterr().out


def test_on_postgresql_the_server_must_answer(tmp_path: Path) -> None:
    url = require_server()
    db = tmp_path / "parlour.sqlite3"  # no such file: with a URL only the heartbeat lives here
    assert "no heartbeat" in (problem(db, now=1000.0, database_url=url) or "")
    gone = problem(db, now=1000.0, database_url="postgresql://parlour:pw@127.0.0.1:9/parlour")
    assert gone is not None and gone.startswith("cannot reach the PostgreSQL database 127.0.0.1:9")
    assert "pw" not in gone


def test_each_sharded_process_has_a_heartbeat_of_its_own(tmp_path: Path) -> None:
    db = tmp_path / "parlour.sqlite3"
    first, second = ShardSet(4, frozenset({0, 1})), ShardSet(4, frozenset({2, 3}))
    assert health_path(db, first).name == "parlour.sqlite3.shards-0-1.health.json"
    assert health_path(db, first) != health_path(db, second) != health_path(db)
    Heartbeat(health_path(db, first)).set("connected")
    sqlite3.connect(db).close()
    now = json.loads(health_path(db, first).read_text())["at"]
    assert problem(db, now=now, shards=first) is None
    assert "no heartbeat" in (problem(db, now=now, shards=second) or "")
