"""Small helpers for the patience tests: new games, fixed deals, a greedy player."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from bot.games.cards import deck
from bot.games.patience import GAME, PatienceState, PatienceView, PileView
from bot.games.patience.engine import Rules
from bot.games.patience.solver import Position

RANKS = "A23456789TJQK"


def new(variant: str, seed: int = 1, deal: list[str] | None = None, **options: object
        ) -> PatienceState:
    return GAME.new(1, GAME.options(variant, **options), seed, deal=deal)


def legal(state: PatienceState) -> list[str]:
    return [str(a) for a in state.legal_actions(0)]


def play(state: PatienceState, *actions: str) -> PatienceState:
    for action in actions:
        state, _ = state.apply(0, action)
    return state


def pile(view: PatienceView, pid: str) -> PileView:
    return next(p for p in view.piles if p.id == pid)


def suit_run(suit: str, ranks: str) -> list[str]:
    return [suit + r for r in ranks]


def full_pack(packs: int = 1) -> list[str]:
    return [c for c in deck(RANKS)] * packs


def greedy(state: PatienceState, limit: int = 3000) -> PatienceState:
    """Play to the foundations whenever possible, else turn, else redeal (else the first move
    that is not giving up): enough to win the easy deals the tests build."""
    for _ in range(limit):
        if state.is_over:
            return state
        moves = legal(state)
        pick = (next((m for m in moves if m.startswith("move:") and ">f" in m), None)
                or next((m for m in moves if m in ("turn", "redeal")), None)
                or next((m for m in moves if m.split(":")[0] in ("pair", "cover", "close")),
                        None)
                or next(m for m in moves if m != "resign"))
        state = play(state, pick)
    return state


def compact(piles: dict[str, list[str]], base: str = "", redeals: int = 0,
            flags: dict[str, int] | None = None) -> Position:
    """A rigged deal as the solver's compact position (`solver.Position`)."""
    return (tuple(sorted((k, tuple(v)) for k, v in piles.items())), base, redeals,
            tuple(sorted((flags or {}).items())))


def line_wins(rules: Rules, start: Position, line: tuple[str, ...]) -> bool:
    """Does ``line`` play from ``start`` to a win, every action one the engine offers?"""
    from bot.games.patience import solver

    pos, board = start, None
    for action in line:
        if action not in solver.moves_of(rules, pos, 0):
            return False
        pos, board = solver.play(rules, pos, 0, action)
    return board is not None and solver._won(board)


def engine_wins(rules: Rules, pos: Position, limit: int = 300_000) -> bool:
    """Does any win lie among every position reachable through the engine's moves (no keys, no
    safe moves, no pruning)? The fast paths' tests hold their verdicts and pruning to it."""
    from bot.games.patience import solver

    seen = {pos}
    todo = [pos]
    while todo:
        at = todo.pop()
        for action in solver.moves_of(rules, at, 0):
            child, board = solver.play(rules, at, 0, action)
            if solver._won(board):
                return True
            if child not in seen:
                seen.add(child)
                assert len(seen) < limit
                todo.append(child)
    return False


def fast_path_wins(pos: Any, moves: Callable[[Any], list[Any]], play: Callable[[Any, Any], Any],
                   won: Callable[[Any], bool], key: Callable[[Any], Hashable]) -> bool:
    """Does a win lie among every position reachable through a fast path's own ``moves`` (the
    engine's, as each module's tests check)? What its positions proved lost are held to."""
    seen = {key(pos)}
    todo = [pos]
    while todo:
        at = todo.pop()
        for move in moves(at):
            child = play(at, move)
            if won(child):
                return True
            if key(child) not in seen:
                seen.add(key(child))
                todo.append(child)
    return False
