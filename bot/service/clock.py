"""The table service's sense of time: what time it is, and waiting for some of it to pass.

One object rather than calls to `datetime.now` and `asyncio.sleep` spread through the service,
so a test can give the service a clock it moves by hand: turn deadlines, lobby expiry and the
AI's pacing then follow the test's steps, never the speed of the machine.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Protocol


class Clock(Protocol):
    """Aware UTC time and a sleep on the same time line."""

    def now(self) -> datetime: ...

    async def sleep(self, seconds: float) -> None: ...


class SystemClock:
    """The wall clock and the event loop's sleep (production)."""

    def now(self) -> datetime:
        return datetime.now(UTC)

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
