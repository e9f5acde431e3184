"""A clock for the table service that moves only when the test moves it (`bot.service.clock`).

Deadlines and the AI's pacing then pass exactly when a test says, in the order it says, however
fast or loaded the machine is. Waiting for the service to reach a sleep is event-driven; its
limit only turns a hang into a failure.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

HANG_LIMIT_S = 10.0


class ManualClock:
    """`now` stands still; `sleep` returns once `advance` has moved the time past its end."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime.now(UTC)
        self._sleepers: list[tuple[datetime, asyncio.Future[None]]] = []
        self._arrived: asyncio.Event | None = None

    def now(self) -> datetime:
        return self._now

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)  # as asyncio.sleep(0): only let others run
            return
        entry = (self._now + timedelta(seconds=seconds), asyncio.get_running_loop().create_future())
        self._sleepers.append(entry)
        self._signal().set()
        try:
            await entry[1]
        finally:
            if entry in self._sleepers:  # cancelled: no longer waiting
                self._sleepers.remove(entry)

    def sleeping(self) -> list[float]:
        """Seconds until each pending sleep ends, soonest first."""
        return sorted((wake - self._now).total_seconds() for wake, _ in self._sleepers)

    async def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass, once something sleeps that ends within them (so a step is
        never taken before the service waits for it); wake every sleep that is due."""
        target = self._now + timedelta(seconds=seconds)
        loop = asyncio.get_running_loop()
        end = loop.time() + HANG_LIMIT_S
        while not any(wake <= target for wake, _ in self._sleepers):
            signal = self._signal()
            signal.clear()
            try:
                await asyncio.wait_for(signal.wait(), max(0.0, end - loop.time()))
            except TimeoutError:
                raise AssertionError(
                    f"nothing slept for {seconds}s or less; sleeping: {self.sleeping()}"
                ) from None
        self._now = target
        due = sorted((e for e in self._sleepers if e[0] <= target), key=lambda e: e[0])
        for entry in due:
            self._sleepers.remove(entry)
            if not entry[1].done():
                entry[1].set_result(None)

    def _signal(self) -> asyncio.Event:
        if self._arrived is None:
            self._arrived = asyncio.Event()
        return self._arrived
