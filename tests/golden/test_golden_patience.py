"""Seeded patience games compared with checked-in transcripts, one or two per family.

A failure means a game now behaves differently. If the change is intended, rewrite the files
with ``PARLOUR_UPDATE_GOLDEN=1 python -m pytest tests/golden`` and review the diff like code.
The player never gives up here (giving up would end every transcript at once), and each file
stops after a few steps so it stays readable.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from bot.games.base import Action, View
from bot.games.patience import GAME
from bot.games.transcript import transcript

HERE = Path(__file__).parent
UPDATE = os.environ.get("PARLOUR_UPDATE_GOLDEN") == "1"
STEPS = 20

CASES = [("the_idle_year", 1), ("nestor", 2), ("the_chameleon", 3), ("the_calculation", 4),
         ("the_beleaguered_castle", 5), ("the_clock", 6)]


def keep_playing(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    """A legal move at random, never giving up."""
    return rng.choice([a for a in legal if a.kind != "resign"] or list(legal))


@pytest.mark.parametrize(("variant", "seed"), CASES)
def test_patience_transcript_matches(variant: str, seed: int) -> None:
    text = transcript(GAME, 1, GAME.options(variant), seed, keep_playing, max_steps=STEPS)
    path = HERE / f"patience_{variant}_seed{seed}.txt"
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path.name} is missing; run with PARLOUR_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8"), f"{path.name} differs; review it"
