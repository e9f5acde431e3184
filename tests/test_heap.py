"""`bot.heap`: the startup freeze happens once per process and leaves later objects alone."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from bot import heap


class Loaded:
    """Stands for a table loaded at startup (a tracked container)."""


@pytest.fixture
def fresh_process(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(heap, "_frozen", False)
    threshold = gc.get_threshold()
    yield
    gc.set_threshold(*threshold)


def test_the_first_start_freezes_what_it_loaded_and_later_ones_do_not(
    fresh_process: None,
) -> None:
    loaded = Loaded()
    assert heap.freeze_startup_heap() is True
    assert not any(obj is loaded for obj in gc.get_objects())  # out of every collection
    assert gc.get_threshold() == heap.THRESHOLD
    later = Loaded()
    assert heap.freeze_startup_heap() is False  # a second start in the same process
    assert any(obj is later for obj in gc.get_objects())  # still the collector's to free


class Cycle:
    """Garbage only the collector frees: it refers to itself."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def keeping() -> Iterator[list[heap.HeapKeeper]]:
    """Keepers made active for the test, as `HeapKeeper.start` makes them (without its task)."""
    active: list[heap.HeapKeeper] = []
    saved = list(heap.HeapKeeper._active)
    heap.HeapKeeper._active[:] = active
    gc.callbacks.append(heap.HeapKeeper._after_pass)
    try:
        yield heap.HeapKeeper._active
    finally:
        gc.callbacks.remove(heap.HeapKeeper._after_pass)
        heap.HeapKeeper._active[:] = saved
        gc.unfreeze()


def test_the_keeper_freezes_what_a_full_pass_left_and_frees_frozen_garbage_when_due(
    keeping: list[heap.HeapKeeper],
) -> None:
    now = [0.0]
    keeper = heap.HeapKeeper(refresh_s=300.0, freeze_at=0, clock=lambda: now[0])
    keeping.append(keeper)
    kept, dropped = Loaded(), Cycle()
    dropped_ref = weakref.ref(dropped)
    gc.collect()  # a full pass: what it left is frozen as it ends
    assert keeper.freezes >= 1
    assert not any(obj is kept for obj in gc.get_objects())
    del dropped  # garbage now, but frozen: no full pass frees it
    gc.collect()
    assert dropped_ref() is not None
    now[0] = 299.0
    keeper.tend()
    assert dropped_ref() is not None and keeper.refreshes == 0
    now[0] = 300.0
    keeper.tend()  # due: thaw, collect all, freeze again
    assert keeper.refreshes == 1
    assert dropped_ref() is None
    assert not any(obj is kept for obj in gc.get_objects())  # frozen again


def test_the_keeper_leaves_a_small_heap_unfrozen(keeping: list[heap.HeapKeeper]) -> None:
    keeper = heap.HeapKeeper(freeze_at=10**9)
    keeping.append(keeper)
    kept = Loaded()
    gc.collect()
    assert keeper.freezes == 0
    assert any(obj is kept for obj in gc.get_objects())
