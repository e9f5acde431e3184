"""Seeded Euchre games compared with checked-in transcripts.

A failure means the game now behaves differently. If the change is intended, rewrite the files
with ``PARLOUR_UPDATE_GOLDEN=1 python -m pytest tests/golden`` and review the diff like code.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.games.base import Action, View
from bot.games.euchre import GAME
from bot.games.transcript import Policy, random_policy, transcript

HERE = Path(__file__).parent
UPDATE = os.environ.get("PARLOUR_UPDATE_GOLDEN") == "1"


def shy_policy(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    """Passes, bunches and defends alone when it can: shows round two, throw-ins, redeals."""
    for kind in ("defend", "pass", "bunch"):
        if rng.random() < 0.85 and (move := next((a for a in legal if a.kind == kind), None)):
            return move
    return rng.choice(list(legal))


CASES: list[tuple[str, int, int, dict[str, Any], Policy]] = [
    ("hoyle1871", 4, 1, {}, random_policy),
    ("hoyle1871", 3, 2, {}, random_policy),
    ("hoyle1871", 2, 3, {}, random_policy),
    ("modern", 4, 4, {}, random_policy),
    ("modern", 3, 5, {}, random_policy),
    ("modern", 2, 6, {}, random_policy),
    (
        "modern",
        4,
        7,
        {"allow_defend_alone": True, "stick_the_dealer": True, "target": 6},
        random_policy,
    ),
    ("hoyle1871", 4, 8, {}, shy_policy),
    ("modern", 4, 9, {"allow_defend_alone": True, "alone_euchred_value": 4}, shy_policy),
]


def _path(preset: str, players: int, seed: int, overrides: dict[str, Any], shy: bool) -> Path:
    extra = ("_house" if overrides else "") + ("_shy" if shy else "")
    return HERE / f"euchre_{preset}_{players}p_seed{seed}{extra}.txt"


@pytest.mark.parametrize(("preset", "players", "seed", "overrides", "policy"), CASES)
def test_euchre_transcript_matches(
    preset: str, players: int, seed: int, overrides: dict[str, Any], policy: Policy
) -> None:
    text = transcript(GAME, players, GAME.options(preset, **overrides), seed, policy)
    path = _path(preset, players, seed, overrides, policy is shy_policy)
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
