"""A game's AI for one seat: off the event loop, within a budget, on that seat's view only."""

from __future__ import annotations

import asyncio
import logging

from bot.games.base import Action, Game, Seat, State, rng_for

log = logging.getLogger(__name__)

AI_LEVELS = ("easy", "normal", "hard")


def hard_limit_s(budget_ms: int) -> float:
    """How long we wait for ``choose`` before playing a random legal move instead.

    The budget is the AI's own target; the limit is generous on top of it (thread start-up, a
    busy machine) but still bounds how long a table can hang on a misbehaving AI.
    """
    return max(1.0, 5 * budget_ms / 1000)


async def choose_move(
    game: Game, state: State, seat: Seat, *, seed: int, version: int, budget_ms: int
) -> tuple[Action, str]:
    """The AI's move for ``seat`` and how it was found ('ai', 'forced', 'fallback').

    The AI gets ``state.view(seat)``, never the state, and an RNG seeded from (table seed,
    version, seat), so the same position at the same moment gets the same answer.
    """
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
    if len(legal) == 1:
        return legal[0], "forced"
    rng = rng_for(seed, "ai", version, seat)
    view = state.view(seat)
    try:
        action = await asyncio.wait_for(
            asyncio.to_thread(game.choose, view, list(legal), rng, budget_ms),
            timeout=hard_limit_s(budget_ms),
        )
    except TimeoutError:
        log.warning("%s AI took longer than %.1fs; playing a random legal move",
                    game.key, hard_limit_s(budget_ms))
    except Exception:
        log.exception("%s AI failed; playing a random legal move", game.key)
    else:
        try:
            parsed = Action.parse(action)
        except Exception:
            parsed = None
        if parsed in legal:
            return parsed, "ai"
        log.error("%s AI chose %r, which is not legal; playing a random legal move",
                  game.key, action)
    return rng_for(seed, "fallback", version, seat).choice(legal), "fallback"
