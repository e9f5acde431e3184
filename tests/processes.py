"""Waiting for things other processes do: polled, with a limit that only stops a broken test
from hanging (it is never what a test measures)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

HANG_LIMIT_S = 20.0


async def until(check: Callable[[], object], limit_s: float = HANG_LIMIT_S) -> None:
    """Poll ``check()`` until it is true."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit_s
    while not check():
        if loop.time() > end:
            raise AssertionError("condition not reached")
        await asyncio.sleep(0.02)


def gone(pid: int) -> bool:
    """The process has exited (a zombie waiting to be reaped counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True
