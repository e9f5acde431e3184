"""Limited-discrepancy search, the driver the stock games' fast paths share (`solver._fast_path`
lists them): depth-first searches over a game's ordered moves, each allowed one more
discrepancy (a move other than the first its order offers) than the last. A deal is mostly
lost by a few wrong choices anywhere in a long line, which one depth-first search, undoing its
last choices first, would not reach within its budget; the search that refused no move
searched every reachable position, so only it may answer "unwinnable".

Those whose moves cost by their rank alone share one loop (`ordered_search`, the game's
functions passed in); those that keep the positions proved lost across the searches share
another (`remembering`: chameleon_search.py, reserve_search.py); the others keep their own
one-limit search (`Limited`), where a move's cost depends on the one before. Some follow a
short search with a best-first one (`then_best_first`: napoleon_search.py,
reinforcements_search.py), where a deal's wins lie far from the greedy line."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable
from typing import Any

from bot.games.patience.plain import PlainAnswer

UNLIMITED = 1 << 30
"""A limit no search reaches: every move costs nothing there (`remembering`)."""

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


def ordered_search(start: Any, budget: int, stop: Callable[[], bool] | None, *,
                   ordered: Callable[[Any], list[Any]], play: Callable[[Any, Any], Any],
                   key: Callable[[Any], Hashable], won: Callable[[Any], bool],
                   action: Callable[[Any], str], max_cost: int,
                   dropped: Callable[[Any, Any, Any], bool] | None = None) -> PlainAnswer:
    """`deepening` over depth-first searches of a game's ``ordered`` moves, the i-th of a
    position costing ``min(i, max_cost)`` discrepancies, every position kept once by its
    ``key`` (with the most discrepancies left it was met with). ``dropped(pos, move, child)``:
    a child known lost, not searched on. The fast paths whose moves cost by their rank share it
    (blockade_search.py, constitution_search.py, shah_search.py, hemispheres_search.py)."""
    if won(start):
        return PlainAnswer("winnable", (), 0, 1)

    def limited(limit: int, left_over: int, before: int) -> tuple[PlainAnswer, bool]:
        seen = {key(start): limit}
        path: list[Any] = []
        stack = [(start, limit, 0, ordered(start))]
        nodes = 0
        cut = False
        while stack:
            pos, left, i, todo = stack[-1]
            if i >= len(todo):
                stack.pop()
                if path:
                    path.pop()
                continue
            stack[-1] = (pos, left, i + 1, todo)
            move = todo[i]
            cost = min(i, max_cost)
            if cost > left:
                cut = True
                stack.pop()  # the moves after it cost as much or more
                if path:
                    path.pop()
                continue
            nodes += 1
            if nodes > left_over or (stop is not None and not (before + nodes) & 1023
                                     and stop()):
                return PlainAnswer("undecided", (), nodes - 1, len(seen)), cut
            child = play(pos, move)
            k = key(child)
            rest = left - cost
            if seen.get(k, -1) >= rest:
                continue
            seen[k] = rest
            if dropped is not None and dropped(pos, move, child):
                continue
            if won(child):
                line = tuple(action(m) for m in (*path, move))
                return PlainAnswer("winnable", line, nodes, len(seen)), cut
            path.append(move)
            stack.append((child, rest, 0, ordered(child)))
        return PlainAnswer("unwinnable", (), nodes, len(seen)), cut

    return deepening(limited, budget)


def remembering(start: Any, limit: int, budget: int, stop: Callable[[], bool] | None,
                before: int, lost: set[Any], *, ordered: Callable[[Any], list[Any]],
                step: Callable[[Any, Any], tuple[Any, list[str]]],
                key: Callable[[Any], Hashable], won: Callable[[Any], bool], max_cost: int,
                dead: Callable[[Any], bool] | None = None,
                kept: dict[Any, Any] | None = None) -> tuple[PlainAnswer, bool]:
    """One depth-first search allowed ``limit`` discrepancies (`UNLIMITED`: every move free),
    the i-th of a position's ``ordered`` moves costing ``min(i, max_cost)``, and whether it
    refused one (a `Limited`). ``step(pos, move)``: the position after the move and the moves
    it forces, with their actions. A position whose every move (none refused) led to one proved
    lost, or ``dead``, is proved lost and added to ``lost``, which the later searches skip: a
    move back to a position still being searched, or to one searched with moves refused,
    proves nothing. ``kept`` (the tests): each position proved lost, by its key."""
    root = key(start)
    seen = {root: limit}
    path: list[list[str]] = []
    # per position: the position, its key, discrepancies left, the moves to try and the next
    # one's index, whether every move so far led to a position proved lost
    stack: list[list[Any]] = [[start, root, limit, ordered(start), 0, True]]
    nodes = 0
    cut = False
    while stack:
        frame = stack[-1]
        pos, pkey, left, todo, i, _ = frame
        if i >= len(todo):
            stack.pop()
            if path:
                path.pop()
            if frame[5]:
                lost.add(pkey)
                if kept is not None:
                    kept[pkey] = pos
            elif stack:
                stack[-1][5] = False
            continue
        frame[4] = i + 1
        cost = min(i, max_cost) if limit < UNLIMITED else 0
        if cost > left:
            cut = True
            frame[5] = False
            frame[4] = len(todo)  # the moves after it cost as much or more
            continue
        nodes += 1
        if nodes > budget or (stop is not None and not (before + nodes) & 1023 and stop()):
            return PlainAnswer("undecided", (), nodes - 1, len(seen)), cut
        child, actions = step(pos, todo[i])
        if won(child):
            line = tuple(a for made in (*path, actions) for a in made)
            return PlainAnswer("winnable", line, nodes, len(seen)), cut
        k = key(child)
        if k in lost or (dead is not None and dead(child)):
            continue
        rest = left - cost
        if seen.get(k, -1) >= rest:
            frame[5] = False
            continue
        seen[k] = rest
        path.append(actions)
        stack.append([child, k, rest, ordered(child), 0, True])
    return PlainAnswer("unwinnable", (), nodes, len(lost | seen.keys())), cut


def best_first(start: Any, budget: int, stop: Callable[[], bool] | None, *,
               ordered: Callable[[Any], list[Any]], play: Callable[[Any, Any], Any],
               key: Callable[[Any], Hashable], won: Callable[[Any], bool],
               action: Callable[[Any], str], score: Callable[[Any], int]) -> PlainAnswer:
    """A best-first search on ``score`` (higher first; the deeper position among equals) over
    the ``ordered`` moves, every position kept once by its ``key``: when the queue runs dry
    every reachable position was searched ("unwinnable"). ``stop()`` is asked every 256
    positions."""
    if won(start):
        return PlainAnswer("winnable", (), 0, 1)
    start_key = key(start)
    parent: dict[Hashable, tuple[Hashable, Any] | None] = {start_key: None}
    queue: list[tuple[int, int, int, Any, Hashable]] = [(0, 0, 0, start, start_key)]
    nodes = count = 0
    while queue:
        _, negdepth, _, pos, pkey = heapq.heappop(queue)
        for move in ordered(pos):
            nodes += 1
            if nodes > budget or (stop is not None and not nodes & 255 and stop()):
                return PlainAnswer("undecided", (), nodes - 1, len(parent))
            child = play(pos, move)
            k = key(child)
            if k in parent:
                continue
            parent[k] = (pkey, move)
            if won(child):
                line: list[str] = []
                at = k
                while (link := parent[at]) is not None:
                    at, m = link
                    line.append(action(m))
                return PlainAnswer("winnable", tuple(reversed(line)), nodes, len(parent))
            count += 1
            heapq.heappush(queue, (-score(child), negdepth - 1, count, child, k))
    return PlainAnswer("unwinnable", (), nodes, len(parent))


def then_best_first(start: Any, budget: int, stop: Callable[[], bool] | None, *,
                    ordered: Callable[[Any], list[Any]], play: Callable[[Any, Any], Any],
                    key: Callable[[Any], Hashable], won: Callable[[Any], bool],
                    action: Callable[[Any], str], score: Callable[[Any], int],
                    max_cost: int) -> PlainAnswer:
    """`ordered_search` on a quarter of ``budget`` (the deals won near the order's line), then
    `best_first` on `score` with the rest; each keeps every position once, so either one's
    "unwinnable" is exhaustive."""
    first = ordered_search(start, budget // 4, stop, ordered=ordered, play=play, key=key,
                           won=won, action=action, max_cost=max_cost)
    if first.status != "undecided" or (stop is not None and stop()):
        return first
    second = best_first(start, budget - first.nodes, stop, ordered=ordered, play=play, key=key,
                        won=won, action=action, score=score)
    return PlainAnswer(second.status, second.line, first.nodes + second.nodes,
                       second.positions)
