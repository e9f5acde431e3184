"""A per-user cooldown with an injectable clock: how often one user may do a costly thing.

``/<game> new thread:true`` creates a public thread on every call; a cooldown keeps one user
from filling a channel with them. discord.py's own ``app_commands.checks.cooldown`` would limit
every ``new``, threads or not, and reads the real clock; this one limits only what it is asked
about and takes the clock as an argument, so tests step time instead of sleeping.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

Clock = Callable[[], float]


class Cooldown:
    """At most one use per ``per_s`` seconds for each key (a user id)."""

    def __init__(self, per_s: float, *, clock: Clock = time.monotonic) -> None:
        self.per_s = per_s
        self.clock = clock
        self._last: dict[int, float] = {}

    def take(self, key: int) -> float | None:
        """Use it now: None when allowed (and recorded), else the seconds left to wait."""
        now = self.clock()
        last = self._last.get(key)
        if last is not None and now - last < self.per_s:
            return self.per_s - (now - last)
        self._last[key] = now
        if len(self._last) > 10_000:  # forget users whose cooldown is long over
            self._last = {k: t for k, t in self._last.items() if now - t < self.per_s}
        return None

    def give_back(self, key: int) -> None:
        """The use failed (Discord refused the thread): it does not count."""
        self._last.pop(key, None)


def wait_words(seconds: float) -> str:
    """``95.2`` -> ``1 min 36 s``; ``20`` -> ``20 s``: how long, as a player reads it."""
    whole = max(1, math.ceil(seconds))
    minutes, rest = divmod(whole, 60)
    if not minutes:
        return f"{rest} s"
    return f"{minutes} min {rest} s" if rest else f"{minutes} min"
