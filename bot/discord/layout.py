"""How a set of legal actions is laid out as components, within Discord's limits.

Pure data (no discord import) so it can be tested on every legal-action set of random games:
at most 5 rows, 5 buttons a row, 25 options a select, 80-character button labels, 100-character
option labels and custom ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.discord.custom_ids import ActionId, SelectId, fits, valid_action

MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_BUTTON_LABEL = 80
MAX_OPTION_LABEL = 100

# Declining moves are drawn grey so the eye finds the real choices first (cosmetic only).
_QUIET_KINDS = frozenset({"pass", "turn_down", "bunch", "decline", "fold"})


@dataclass(frozen=True)
class ButtonSpec:
    custom_id: str
    label: str
    action: str
    quiet: bool = False


@dataclass(frozen=True)
class SelectSpec:
    custom_id: str
    placeholder: str
    options: tuple[tuple[str, str], ...]
    """(value = action, label) pairs."""


@dataclass(frozen=True)
class Layout:
    rows: list[list[ButtonSpec] | SelectSpec] = field(default_factory=list)
    dropped: int = 0
    """Actions that could not be shown (only if there are more than 5 x 25)."""

    def custom_ids(self) -> list[str]:
        ids: list[str] = []
        for row in self.rows:
            if isinstance(row, SelectSpec):
                ids.append(row.custom_id)
            else:
                ids.extend(b.custom_id for b in row)
        return ids


def _clip(text: str, limit: int) -> str:
    text = text.strip() or "?"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def plan(
    actions: Sequence[tuple[str, str]], table_id: int, version: int, placeholder: str = "Choose…"
) -> Layout:
    """Buttons when all actions fit as buttons (≤ 25), else selects of 25 options each."""
    usable = [(a, label) for a, label in actions if valid_action(a)]
    dropped = len(actions) - len(usable)
    if not usable:
        return Layout(dropped=dropped)
    if len(usable) <= MAX_ROWS * MAX_BUTTONS_PER_ROW and all(
        fits(a, table_id, version) for a, _ in usable
    ):
        rows: list[list[ButtonSpec] | SelectSpec] = []
        for start in range(0, len(usable), MAX_BUTTONS_PER_ROW):
            rows.append(
                [
                    ButtonSpec(
                        custom_id=ActionId(table_id, version, a).encode(),
                        label=_clip(label, MAX_BUTTON_LABEL),
                        action=a,
                        quiet=a.partition(":")[0] in _QUIET_KINDS,
                    )
                    for a, label in usable[start : start + MAX_BUTTONS_PER_ROW]
                ]
            )
        return Layout(rows=rows, dropped=dropped)
    selects: list[list[ButtonSpec] | SelectSpec] = []
    for part, start in enumerate(range(0, len(usable), MAX_SELECT_OPTIONS)):
        if part >= MAX_ROWS:
            dropped += len(usable) - start
            break
        chunk = usable[start : start + MAX_SELECT_OPTIONS]
        selects.append(
            SelectSpec(
                custom_id=SelectId(table_id, version, part).encode(),
                placeholder=placeholder if part == 0 else f"{placeholder} ({part + 1})",
                options=tuple((a, _clip(label, MAX_OPTION_LABEL)) for a, label in chunk),
            )
        )
    return Layout(rows=selects, dropped=dropped)
