"""How an action's snapshot is written: two pages, and the store's memory of what it wrote.

An action's UPDATE of the ``tables`` row sets the version, snapshot and time, and only those other
columns that changed (so the partial indexes on status stay untouched); seats are rewritten only
when they changed. These tests count the pages, and check that nothing a write means to change is
ever skipped: random writes from two stores on one database (on SQLite the second is a mistaken
second process; on PostgreSQL a second process is allowed) against a model, read back through a
third store.
"""

from __future__ import annotations

import os
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from bot.store import ActionRow, SeatRow, Store, TableRow, TableStore, VersionConflict
from tests.store.conftest import Backend

T0 = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)

Opener = Callable[..., Awaitable[Store]]


@pytest.fixture
async def open_store() -> AsyncIterator[Opener]:
    """``Store.open`` that closes every store at the end, even when the test fails (an open
    store's worker thread would keep the test process from exiting)."""
    stores: list[Store] = []

    async def opener(path: Path, **kw: Any) -> Store:
        store = await Store.open(path, **kw)
        stores.append(store)
        return store

    yield opener
    for store in stores:
        await store.close()  # a no-op for a store the test closed itself


async def _changes(store: Store) -> int:
    """Rows inserted, updated or deleted on the store's connection so far."""
    return await store._run(lambda raw: raw.total_changes)


async def _pages_and_rows(store: Store, write: Callable[[], Awaitable[None]]) -> tuple[int, int]:
    """The pages (WAL frames) and rows that ``write`` wrote."""
    await store.pragma("wal_checkpoint(TRUNCATE)")
    await store.pragma("wal_autocheckpoint = 0")
    rows = await _changes(store)
    await write()
    rows = await _changes(store) - rows
    frame = 24 + int(await store.pragma("page_size"))
    pages = (os.path.getsize(f"{store.path}-wal") - 32) // frame
    await store.pragma("wal_autocheckpoint = 1000")
    return pages, rows


async def test_an_action_writes_two_pages_unless_status_or_seats_change(
    tmp_path: Path, open_store: Opener
) -> None:
    store = await open_store(tmp_path / "db")
    row = await store.create_table(
        guild_id=1, channel_id=10, game_key="toy", preset="classic", options={}, players=2,
        host=SeatRow(0, 100, "Ann"), seed=42, lobby_deadline=None,
    )
    row = replace(row, version=2, status="playing", state='{"pile": 5}')
    await store.save_table(row, prev_version=1, seats=False)

    async def act(write_seats: bool = False, **changes: Any) -> tuple[int, int]:
        """(pages, rows) written by one action that makes ``changes``."""
        nonlocal row
        new = replace(row, version=row.version + 1, updated_at=datetime.now(UTC), **changes)
        pages_rows = await _pages_and_rows(store, lambda: store.record_action(
            new, ActionRow(row.id, new.version, 0, 100, "take:1", "human", new.updated_at),
            prev_version=row.version, seats=write_seats,
        ))
        row = new
        return pages_rows

    assert await act(state='{"pile": 4}') == (2, 2)  # the table's row and the log's
    assert await act(turn_deadline=T0) == (2, 2)
    assert await act(message_id=555) == (2, 2)
    # Seats given but the same as before are not rewritten; changed, all are replaced.
    assert await act(seats=row.seats, write_seats=True) == (2, 2)
    two = (SeatRow(0, 100, "Ann", timeouts=1), SeatRow(1, None, "AI", ai_level="normal"))
    assert await act(seats=two, write_seats=True) == (5, 2 + 1 + 2)  # + seats and 2 indexes
    assert await act(write_seats=True) == (2, 2)
    # The same instant in another zone is no change.
    assert await act(turn_deadline=T0.astimezone(timezone(timedelta(hours=2)))) == (2, 2)
    await store.close()
    store = await open_store(tmp_path / "db")  # a fresh store knows nothing: sets it all,
    assert await act() == (4, 2)  # the status too, so both status indexes are rewritten
    assert await act() == (2, 2)  # ... but its own write taught it
    got = await store.get_table(row.id)
    assert got is not None and (got.turn_deadline, got.message_id) == (T0, 555)
    assert await act(status="finished", end_reason="finished") == (4, 2)
    # A closed table is forgotten: the store remembers no more tables than are open.
    assert store._known == {}
    assert await store.get_table(row.id) is not None and store._known == {}


SEATINGS = [
    (SeatRow(0, 100, "Ann"),),
    (SeatRow(0, 100, "Ann"), SeatRow(1, 200, "Bob")),
    (SeatRow(0, 100, "Ann"), SeatRow(1, None, "AI", ai_level="normal")),
    (SeatRow(0, 100, "Ann", timeouts=1), SeatRow(1, 200, "Bob")),
]


def _random_row(rng: random.Random, row: TableRow, seats: bool) -> TableRow:
    """``row`` with a few of its columns (and seats, if ``seats``) changed, or none, as the
    service would write it."""
    stamps = [None, T0, T0 + timedelta(minutes=5), T0.astimezone(timezone(timedelta(hours=-5)))]
    changes: dict[str, object] = {}
    for _ in range(rng.randrange(3)):
        column = rng.choice(["status", "end_reason", "host_id", "message_id", "turn_deadline",
                             "lobby_deadline", "state"])
        changes[column] = {
            "status": lambda: rng.choice(["lobby", "playing", "finished", "aborted"]),
            "end_reason": lambda: rng.choice([None, "finished", "aborted"]),
            "host_id": lambda: rng.choice([100, 200]),
            "message_id": lambda: rng.choice([None, 1, 2]),
            "turn_deadline": lambda: rng.choice(stamps),
            "lobby_deadline": lambda: rng.choice(stamps),
            "state": lambda: rng.choice([None, '{"pile": 1}', '{"pile": 2}']),
        }[column]()
    if seats and rng.random() < 0.5:
        changes["seats"] = rng.choice(SEATINGS)
    return replace(row, version=row.version + 1, updated_at=T0 + timedelta(seconds=rng.random()),
                   **changes)  # type: ignore[arg-type]


_COMPARED = ("version", "status", "end_reason", "host_id", "message_id", "turn_deadline",
             "lobby_deadline", "state", "updated_at", "seats")


async def test_random_writes_from_two_stores_match_a_model(backend: Backend) -> None:
    for seed in range(25):
        rng = random.Random(seed)
        db = "shared"  # one database, a table of its own for each seed
        stores: list[TableStore] = [await backend.open(db), await backend.open(db)]
        reader = await backend.open(db)
        first = await stores[0].create_table(
            guild_id=1, channel_id=10 + seed, game_key="toy", preset="classic", options={},
            players=2, host=SeatRow(0, 100, "Ann"), seed=42, lobby_deadline=T0,
        )
        model = first
        views: list[TableRow | None] = [first, None]  # what each writer last read or wrote
        logged = 0
        for _ in range(40):
            w = 0 if rng.random() < 0.7 else 1
            op = rng.random()
            view = views[w]
            if view is None or op < 0.1:  # (re)read the table
                views[w] = await stores[w].get_table(first.id)
            elif op < 0.15:  # restart the writer: it forgets all it knew
                await stores[w].close()
                stores[w] = await backend.open(db)
                views[w] = None
            elif op < 0.25:
                message_id = rng.choice([None, 1, 2, 3])
                await stores[w].set_message(first.id, message_id)
                model = replace(model, message_id=message_id)
                views[w] = replace(view, message_id=message_id)
                # A message id is set by the process that owns the table; any other one must
                # read the table again before it writes (nothing bumps the version here).
                views[1 - w] = None
            else:
                seats = rng.random() < 0.5
                new = _random_row(rng, view, seats)
                try:
                    if op < 0.5:
                        await stores[w].save_table(new, prev_version=view.version, seats=seats)
                    else:
                        await stores[w].record_action(new, ActionRow(
                            first.id, new.version, 0, 100, f"take:{logged}", "human", T0
                        ), prev_version=view.version, seats=seats)
                except VersionConflict:
                    assert view.version != model.version
                    views[w] = None
                else:
                    assert view.version == model.version
                    model, views[w] = new, new
                    logged += op >= 0.5
            got = await reader.get_table(first.id)
            assert got is not None
            for column in _COMPARED:
                assert getattr(got, column) == getattr(model, column), (seed, column)
        assert len(await reader.actions(first.id)) == logged
        for store in [*stores, reader]:
            await store.close()
