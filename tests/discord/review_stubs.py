"""Stand-ins for the Skat review search that run in the reviews' worker process (pickled by
name, so they live in a module of their own). They report which process ran them and, for the
limit, wait until the test lets them go: nothing depends on how fast a search is."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.games.skat.review import DealReview

SAFETY_S = 60.0
"""A stand-in left blocked by a failed test gives up after this, so no worker outlives it long."""


def review_where(result: Any, options: Any) -> DealReview:
    """No search: says which process it ran in."""
    return DealReview(False, f"pid {os.getpid()}")


@dataclass(frozen=True)
class Gate:
    """How the test lets a blocked stand-in go: a file (a worker shares no memory with us)."""

    release: str
    """The stand-in returns once this file exists."""


def review_until_released(result: Any, gate: Gate) -> DealReview:
    """A search that outlasts any limit: it returns only when the test creates the release
    file (or after `SAFETY_S`)."""
    end = time.monotonic() + SAFETY_S
    while not Path(gate.release).exists() and time.monotonic() < end:
        time.sleep(0.01)
    return DealReview(False, "released")
