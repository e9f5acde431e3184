"""Updates to the layers above: one ordered queue and sender task per table, after each commit."""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from typing import TYPE_CHECKING

from bot.service.live import Listener
from bot.service.models import TableUpdate

if TYPE_CHECKING:
    from bot.service.tables import TableService

log = logging.getLogger(__name__)


class Outbox:
    """The listener half of `TableService` (mixed in)."""

    def subscribe(self: TableService, listener: Listener) -> None:
        self._listeners.append(listener)


    # -- internals: listeners ----------------------------------------------------------------

    def _enqueue(self: TableService, update: TableUpdate) -> None:
        """Queue an update for the listeners; one sender per table keeps them in order."""
        if not self._listeners:
            return
        table_id = update.table.id
        self._outbox.setdefault(table_id, deque()).append(update)
        sender = self._senders.get(table_id)
        if sender is None or sender.done():
            self._senders[table_id] = asyncio.get_running_loop().create_task(
                self._send(table_id), name=f"parlour-updates-{table_id}"
            )

    async def _send(self: TableService, table_id: int) -> None:
        queue = self._outbox[table_id]
        while queue:
            update = queue.popleft()
            for listener in list(self._listeners):
                try:
                    await listener(update)
                except Exception:
                    log.exception("a table listener failed on %s of table %s",
                                  update.reason, table_id)
        self._outbox.pop(table_id, None)
        self._senders.pop(table_id, None)
