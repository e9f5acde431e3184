"""Placeholder Euchre AI: a legal move at random. The AI helper replaces this file."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games.base import Action, View


def choose(view: View, legal: Sequence[Action], rng: random.Random, budget_ms: int) -> Action:
    return rng.choice(list(legal))
