"""Seeded Euchre games compared with checked-in transcripts.

A failure means the game now behaves differently. If the change is intended, rewrite the files
with ``PARLOUR_UPDATE_GOLDEN=1 python -m pytest tests/golden`` and review the diff like code.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from bot.games.euchre import GAME
from bot.games.transcript import transcript

HERE = Path(__file__).parent
UPDATE = os.environ.get("PARLOUR_UPDATE_GOLDEN") == "1"

CASES: list[tuple[str, int, int, dict[str, Any]]] = [
    ("hoyle1871", 4, 1, {}),
    ("hoyle1871", 3, 2, {}),
    ("hoyle1871", 2, 3, {}),
    ("modern", 4, 4, {}),
    ("modern", 3, 5, {}),
    ("modern", 2, 6, {}),
    ("modern", 4, 7, {"allow_defend_alone": True, "stick_the_dealer": True, "target": 6}),
]


def _path(preset: str, players: int, seed: int, overrides: dict[str, Any]) -> Path:
    extra = "_house" if overrides else ""
    return HERE / f"euchre_{preset}_{players}p_seed{seed}{extra}.txt"


@pytest.mark.parametrize(("preset", "players", "seed", "overrides"), CASES)
def test_euchre_transcript_matches(
    preset: str, players: int, seed: int, overrides: dict[str, Any]
) -> None:
    text = transcript(GAME, players, GAME.options(preset, **overrides), seed)
    path = _path(preset, players, seed, overrides)
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path.name} is missing; run with PARLOUR_UPDATE_GOLDEN=1"
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"{path.name} differs; review, then PARLOUR_UPDATE_GOLDEN=1"


def test_transcript_shows_views_legal_moves_and_the_result() -> None:
    text = transcript(GAME, 4, GAME.options(), 1)
    assert text.count("== step ") > 20
    assert "legal: order order:alone pass" in text
    assert "outcome:" in text and "seat 0 (North):" in text and '  hand: ["' in text
    # a dealer's discard shows only in his own view and his private event
    assert "[only North] You discarded" in text
    section = ""
    for line in text.splitlines():
        if not line.startswith(" "):
            section = line
        elif line.startswith('  discard: "'):
            assert section.startswith("seat "), section
