"""Waiting for things other processes do: polled, with a limit that only stops a broken test
from hanging (it is never what a test measures)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

HANG_LIMIT_S = 20.0
POLL_S = 0.02
"""How often a poll looks again: how soon it notices, never whether it succeeds."""
T = TypeVar("T")


async def eventually(read: Callable[[], Awaitable[T | None]], what: str,
                     limit_s: float = HANG_LIMIT_S) -> T:
    """Poll ``read()`` until it gives something: another process's doing, which sends this
    one no event to wait on (the limit only stops a broken test from hanging)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit_s
    while (found := await read()) is None:
        if loop.time() > end:
            raise AssertionError(f"never happened: {what}")
        await asyncio.sleep(POLL_S)
    return found


async def until(check: Callable[[], object], limit_s: float = HANG_LIMIT_S) -> None:
    """Poll ``check()`` until it is true."""

    async def read() -> bool | None:
        return True if check() else None

    await eventually(read, "the condition", limit_s)


def gone(pid: int) -> bool:
    """The process has exited (a zombie waiting to be reaped counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True
