"""Seeded Skat deals compared with checked-in transcripts (views, legal moves, events, score).

A failure means Skat now behaves differently. If the change is intended, rewrite the files with
``PARLOUR_UPDATE_GOLDEN=1 python -m pytest tests/games/skat/test_skat_golden.py`` and review
the diff like code.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.games.base import Action, View
from bot.games.skat import GAME
from bot.games.transcript import transcript

HERE = Path(__file__).parent / "golden"
UPDATE = os.environ.get("PARLOUR_UPDATE_GOLDEN") == "1"


def low_bidder(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    """Random, but bids stay near the bottom of the ladder and claims are never made, so the
    deals look like real ones (random bids would reach 200 and random claims end every deal)."""
    bids = [a for a in legal if a.kind == "bid"]
    if bids:
        return rng.choice(bids[:2]) if rng.random() < 0.6 else legal[-1]
    plain = [a for a in legal if not a.kind.startswith(("claim", "concede", "surrender"))]
    return rng.choice(plain or list(legal))


CASES: list[tuple[str, int, int, dict[str, Any]]] = [
    ("classic", 3, 1, {}),
    ("classic", 4, 2, {}),
    ("classic", 5, 3, {}),
    ("isko", 3, 4, {}),
    ("isko", 4, 5, {"kontra_re": True, "kontra_requires_bid": False}),
]


@pytest.mark.parametrize(("preset", "players", "seed", "overrides"), CASES)
def test_skat_transcript_matches(preset: str, players: int, seed: int,
                                 overrides: dict[str, Any]) -> None:
    options = GAME.options(preset, deals=1, **overrides)
    text = transcript(GAME, players, options, seed, low_bidder)
    path = HERE / f"skat_{preset}_{players}p_seed{seed}{'_house' if overrides else ''}.txt"
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path.name} is missing; run with PARLOUR_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8"), f"{path.name} differs; review, then update"
