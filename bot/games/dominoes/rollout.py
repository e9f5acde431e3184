"""A Monte Carlo judge for Tiddle-a-wink: deal the unseen tiles to the other seats, play each
candidate move out to the hand's end many times, keep the move that wins most.

Tiddle-a-wink is short (three or four tiles each) and one hand is the game, so what matters is
going out first: a double played with a follow-up is a free tile, a tile that leaves an end
the others cannot match keeps them stuck, and at a block the lightest hand wins. The sampled
deals respect what the view tells everyone: each seat's tile count, the numbers a seat said go
to, and the forced lead (no higher double was dealt, and if the lead was no double, no double
and no heavier tile). Only the seat's own view is read.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games.base import Action
from bot.games.dominoes.game import DominoesView
from bot.games.dominoes.tiles import canon, full_set, halves, weight

Tile = tuple[int, int]
SAMPLES = 48
"""Deals sampled per decision; every candidate is played out on the same deals."""


def choose_tiddle(view: DominoesView, legal: Sequence[Action], rng: random.Random) -> Action:
    candidates = [a for a in legal if a.kind in ("play", "stop")]
    if len(candidates) <= 1 or not view.centre or view.seat is None:
        return candidates[0] if candidates else legal[0]
    deals = [_sample(view, rng) for _ in range(SAMPLES)]
    wins = {str(a): 0.0 for a in candidates}
    for hands in deals:
        for a in candidates:
            wins[str(a)] += _play_out(view, hands, a, rng)
    return max(candidates, key=lambda a: (wins[str(a)], _weight(a), rng.random()))


def _weight(action: Action) -> int:
    """Ties go to the heavier tile (lighter at a block), a play before stopping."""
    if action.kind != "play":
        return -1
    return sum(halves(action.arg.split(">")[0]))


def _tile(text: str) -> Tile:
    a, b = halves(text)
    return (a, b)


def _sample(view: DominoesView, rng: random.Random) -> list[list[Tile]]:
    """One deal of the unseen tiles to the other seats, avoiding their known voids where the
    tiles allow (a few tries, then any deal)."""
    seat = view.seat or 0
    known = set(view.hand or []) | {canon(x) for x in view.played}
    unseen = [_tile(x) for x in full_set(view.top) if x not in known]
    voids = view.voids or [[] for _ in range(view.players)]
    unseen = [x for x in unseen if not _above_lead(x, view.centre)]
    hands: list[list[Tile]] = []
    for _ in range(8):
        pool = list(unseen)
        rng.shuffle(pool)
        hands, ok = [], True
        for s in range(view.players):
            if s == seat:
                hands.append([_tile(x) for x in view.hand or []])
                continue
            avoid = set(voids[s])
            fits = [x for x in pool if x[0] not in avoid and x[1] not in avoid]
            if len(fits) < view.counts[s]:
                ok = False
                fits = pool
            mine = fits[:view.counts[s]]
            for x in mine:
                pool.remove(x)
            hands.append(mine)
        if ok:
            break
    return hands


def _above_lead(tile: Tile, lead: str) -> bool:
    """A tile nobody was dealt: the lead is the highest double dealt (else the heaviest tile,
    and then no double was dealt), so a higher double lies in the reserve."""
    if not lead:
        return False
    a, b = halves(lead)
    if tile[0] != tile[1]:
        return a != b and weight(f"{tile[0]}-{tile[1]}") > weight(lead)
    return a != b or tile[0] > a


def _play_out(view: DominoesView, dealt: list[list[Tile]], first: Action,
              rng: random.Random) -> float:
    """Apply ``first`` for the seat, then everyone plays the rollout policy to the end; the
    seat's share of the win (1, a share of a tie, or 0)."""
    seat = view.seat or 0
    n = view.players
    hands = [list(h) for h in dealt]
    left, right = view.ends.get("L", 0), view.ends.get("R", 0)
    turn = seat
    if first.kind == "play":
        placed, _, end = first.arg.partition(">")
        a, b = halves(placed)
        hands[seat].remove(_tile(canon(placed)))
        if end == "L":
            left = b
        else:
            right = b
        if not hands[seat]:
            return 1.0
        again = a == b and _plays(hands[seat], left, right)
        if not again:
            turn = (seat + 1) % n
    else:
        turn = (seat + 1) % n
    passes = 0
    while passes < n:
        options = _plays(hands[turn], left, right)
        if not options:
            passes += 1
            turn = (turn + 1) % n
            continue
        passes = 0
        while options:
            tile, side, new_end = _policy(hands[turn], options, left, right, rng)
            hands[turn].remove(tile)
            if side == 0:
                left = new_end
            else:
                right = new_end
            if not hands[turn]:
                return 1.0 if turn == seat else 0.0
            options = _plays(hands[turn], left, right) if tile[0] == tile[1] else []
        turn = (turn + 1) % n
    weights = [(sum(a + b for a, b in h), len(h)) for h in hands]
    best = min(weights)
    tied = [s for s in range(n) if weights[s] == best]
    return 1.0 / len(tied) if seat in tied else 0.0


def _plays(hand: list[Tile], left: int, right: int) -> list[tuple[Tile, int, int]]:
    """(tile, side 0 = left / 1 = right, the end it leaves) for every way to lay a tile."""
    out = []
    for tile in hand:
        a, b = tile
        for side, end in ((0, left), (1, right)):
            if a == end:
                out.append((tile, side, b))
            elif b == end:
                out.append((tile, side, a))
    return out


def _policy(hand: list[Tile], options: list[tuple[Tile, int, int]], left: int, right: int,
            rng: random.Random) -> tuple[Tile, int, int]:
    """The rollout's player: a double first (it plays again), then a tile whose new end he can
    follow himself, then the heaviest; random among equals."""
    def key(option: tuple[Tile, int, int]) -> tuple[int, int, int, float]:
        tile, side, new_end = option
        rest = [x for x in hand if x != tile]
        follow = any(new_end in x or (left if side else right) in x for x in rest)
        return (int(tile[0] == tile[1]), int(follow), tile[0] + tile[1], rng.random())

    return max(options, key=key)
