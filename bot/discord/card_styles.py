"""Each player's card style (two or four suit colours), kept in the settings.

The style of a picture is its reader's: a hand, a patience layout and a solo game are drawn in
their player's style, a table message in its host's. Read once per user and process, then
kept in memory; a change is stored at once and used from the next picture on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.render import DEFAULT_STYLE, STYLES

if TYPE_CHECKING:
    from bot.service.tables import TableService

SCOPE = "card_style"
"""Settings scope: id = the user, key "style", value one of `bot.render.STYLES`."""


class CardStyles:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self._known: dict[int, str] = {}

    async def of(self, user_id: int | None) -> str:
        """The user's style; the default for nobody (an AI seat) or if the store fails."""
        if user_id is None:
            return DEFAULT_STYLE
        if user_id not in self._known:
            try:
                stored = (await self.service.settings(SCOPE, user_id)).get("style")
            except Exception:
                return DEFAULT_STYLE  # read again next time
            self._known[user_id] = stored if stored in STYLES else DEFAULT_STYLE
        return self._known[user_id]

    async def choose(self, user_id: int, style: str) -> None:
        if style not in STYLES:
            raise ValueError(f"unknown card style {style!r}")
        await self.service.set_setting(SCOPE, user_id, "style", style)
        self._known[user_id] = style
