"""What a throw is worth in each game: pure functions of the faces, named after the spec's
sections, so each rule is tested by itself."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from bot.games.words import N_

WORDS = {1: N_("ace"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"),
         6: N_("six")}
PLURAL = {1: N_("aces"), 2: N_("twos"), 3: N_("threes"), 4: N_("fours"), 5: N_("fives"),
          6: N_("sixes")}


def spot_value(face: int) -> int:
    """§6.3: only spots round a centre spot count: a three scores 2, a five 4."""
    return {3: 2, 5: 4}.get(face, 0)


def raffle_key(dice: list[int], whole_throw: bool = False) -> list[int] | None:
    """§6.2: None until the throw holds a pair. Main rule: [2, face] for triplets (above every
    pair), [1, face] for a pair; with ``whole_throw``: [total] of the throw."""
    counts = Counter(dice)
    face, n = max(counts.items(), key=lambda fc: (fc[1], fc[0]))
    if n < 2:
        return None
    if whole_throw:
        return [sum(dice)]
    return [2 if n >= 3 else 1, face]


def raffle_score(dice: list[int], whole_throw: bool = False) -> int:
    """The spots a raffle throw scores: the pair's (two fours: 8), a triplet's three dice, or
    the whole throw by agreement."""
    counts = Counter(dice)
    face, n = max(counts.items(), key=lambda fc: (fc[1], fc[0]))
    return sum(dice) if whole_throw else face * min(n, 3)


def raffle_name(dice: list[int], whole_throw: bool = False) -> str:
    counts = Counter(dice)
    face, n = max(counts.items(), key=lambda fc: (fc[1], fc[0]))
    said = N_("three {faces} ({score})") if n >= 3 else N_("two {faces} ({score})")
    return said.format(faces=PLURAL[face], score=raffle_score(dice, whole_throw))


POKER_NAMES = (N_("no pair"), N_("one pair"), N_("two pairs"), N_("triplets"), N_("a full hand"),
               N_("four alike"), N_("five alike"))
_POKER_SAID = {1: N_("one pair, {faces}"), 3: N_("triplets, {faces}"),
               5: N_("four alike, {faces}")}


def poker_key(dice: list[int]) -> list[int]:
    """§6.7: [category, then the dice by group size and face]: the largest group decides, then
    the next, then the odd dice. Categories as `POKER_NAMES`; no straights, no flushes."""
    counts = Counter(dice)
    shape = sorted(counts.values(), reverse=True)
    category = {(5,): 6, (4, 1): 5, (3, 2): 4, (3, 1, 1): 3, (2, 2, 1): 2,
                (2, 1, 1, 1): 1}.get(tuple(shape), 0)
    ordered = sorted(dice, key=lambda f: (counts[f], f), reverse=True)
    return [category, *ordered]


def poker_name(dice: list[int]) -> str:
    key = poker_key(dice)
    category, top = key[0], key[1]
    if category == 6:
        return (N_("five sixes, the invincible hand") if top == 6
                else N_("five {faces}").format(faces=PLURAL[top]))
    if category == 0:
        return N_("no pair, {face} high").format(face=WORDS[top])
    if category == 2:
        return N_("two pairs, {high} and {low}").format(high=PLURAL[top], low=PLURAL[key[3]])
    if category == 4:
        return N_("a full hand of {faces}").format(faces=PLURAL[top])
    return _POKER_SAID[category].format(faces=PLURAL[top])


def poker_hold(dice: list[int]) -> list[int]:
    """The sensible dice to keep (0-based positions): every die of a group of two or more; with
    no pair, the highest die. Five alike or a full hand keeps all (stand)."""
    counts = Counter(dice)
    groups = [i for i, f in enumerate(dice) if counts[f] >= 2]
    if groups:
        return groups
    return [max(range(len(dice)), key=lambda i: dice[i])]


def sums(dice: list[int]) -> set[int]:
    """§6.4: every number one die, or two or three dice added, make."""
    return {sum(c) for n in range(1, len(dice) + 1) for c in combinations(dice, n)}


LINE = 24
"""§6.4: 1..12 made, then 12..1 wiped out."""


def needed(step: int) -> int:
    """The number step ``step`` (0-based) of the line asks for."""
    return step + 1 if step < 12 else LINE - step


def mark(step: int, dice: list[int]) -> int:
    """How far a throw carries a line standing at ``step``: numbers count in strict order, and
    the same dice serve again for the next number."""
    made = sums(dice)
    while step < LINE and needed(step) in made:
        step += 1
    return step


def neighbour_points(thrower: int, dice: list[int]) -> dict[int, int]:
    """§6.10 (seats 0-based; player number = seat + 1): the owner of the highest die scores it
    once; the thrower scores his own number if it shows and is not the highest."""
    high = max(dice)
    points = {high - 1: high}
    own = thrower + 1
    if own in dice and own != high:
        points[thrower] = points.get(thrower, 0) + own
    return points


def vingt_un_key(total: int) -> list[int]:
    """§6.8: nearer 21 is better; a burst (over 21) is worst of all."""
    return [total if total <= 21 else -1]
