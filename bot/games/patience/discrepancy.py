"""Limited-discrepancy search, the driver the stock games' fast paths share (choose_search.py,
fourteens_search.py, clock_search.py, seasons_search.py, favorite_search.py,
corners_search.py): depth-first searches over a game's ordered moves, each allowed one more
discrepancy (a move other than the first its order offers) than the last. A deal is mostly
lost by a few wrong choices anywhere in a long line, which one depth-first search, undoing its
last choices first, would not reach within its budget; the search that refused no move
searched every reachable position, so only it may answer "unwinnable".

Each fast path keeps its own one-limit search (`Limited`): their positions, keys and pruning
differ, and the hot loop stays free of callbacks."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.patience.plain import PlainAnswer

Limited = Callable[[int, int, int], tuple[PlainAnswer, bool]]
"""``(limit, budget, before) -> (answer, cut)``: one depth-first search allowed ``limit``
discrepancies and ``budget`` positions (``before`` spent already, for its ``stop`` checks), and
whether it refused a move for want of discrepancies."""


def deepening(limited: Limited, budget: int,
              start_lost: Callable[[], bool] | None = None) -> PlainAnswer:
    """``limited`` with limits 0, 1, 2 ... until one wins, runs out of ``budget`` positions in
    all ("undecided"), or refused nothing ("unwinnable": every reachable position searched).
    ``start_lost``: asked after each search, whether it proved the start lost (a fast path
    that keeps the positions proved lost across the searches: seasons_search.py)."""
    nodes = positions = 0
    limit = 0
    while True:
        answer, cut = limited(limit, budget - nodes, nodes)
        nodes += answer.nodes
        positions += answer.positions
        if answer.status == "winnable":
            return PlainAnswer("winnable", answer.line, nodes, positions)
        if answer.status == "undecided":
            return PlainAnswer("undecided", (), nodes, positions)
        if not cut or (start_lost is not None and start_lost()):
            return PlainAnswer("unwinnable", (), nodes, answer.positions)
        limit += 1
