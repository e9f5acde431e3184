"""Seeded dice games compared with checked-in transcripts: the faces of a table's throws must
never change for a seed (a stored game replays from its seed and moves), nor the rules.

If a change is intended, rewrite the files with ``PARLOUR_UPDATE_GOLDEN=1 python -m pytest
tests/golden`` and review the diff like code.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.games.dice import GAME
from bot.games.transcript import transcript

HERE = Path(__file__).parent
UPDATE = os.environ.get("PARLOUR_UPDATE_GOLDEN") == "1"

CASES = [("throwing_dice", 3, 1), ("draw_poker", 2, 2), ("vingt_un", 3, 3),
         ("centennial", 2, 4), ("ace_in_the_pot", 3, 5), ("help_your_neighbor", 6, 6)]


@pytest.mark.parametrize(("variant", "players", "seed"), CASES)
def test_dice_transcript_matches(variant: str, players: int, seed: int) -> None:
    text = transcript(GAME, players, GAME.options(variant), seed, max_steps=40)
    path = HERE / f"dice_{variant}_{players}p_seed{seed}.txt"
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path.name} is missing; run with PARLOUR_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8"), f"{path.name} differs; review it"
