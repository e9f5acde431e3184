"""`bot.heap`: the startup freeze happens once per process and leaves later objects alone."""

from __future__ import annotations

import gc
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
