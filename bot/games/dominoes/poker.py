"""Domino Poker (pp. 36-37): twenty tiles, five each, one round of betting, a showdown.

The booklet sends the betting to the laws of Straight Poker (one deal, no draw). The table
plays fixed-limit: everyone antes ``stake``; in turn each may check or bet ``stake`` (call,
raise by ``stake`` or fold once someone has bet), at most three raises; the best hand still in
takes the pot, ties share it. Hands rank as the spec lists them (section 4.14), runs in aces,
deuces and treys counting as flushes (its default resolution).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.dominoes.tiles import halves, is_double
from bot.games.dominoes.tricks import next_seat
from bot.games.words import N_, joined

if TYPE_CHECKING:
    from bot.games.dominoes.engine import Table

POKER_SET = [f"{a}-{b}" for a in range(1, 7) for b in range(1, a + 1) if (a, b) != (1, 1)]
"""The double-six set without the blanks and 1-1: twenty tiles."""

RANKS = [N_("no combination"), N_("one pair"), N_("flush"), N_("triples"), N_("straight four"),
         N_("full hand"), N_("straight five"), N_("straight six"), N_("fours"), N_("royal")]
MAX_RAISES = 3


def _suit_run(hand: list[str]) -> tuple[int, bool] | None:
    """The number all five tiles share, and whether their other halves run in sequence."""
    for n in range(6, 0, -1):
        if all(n in halves(x) for x in hand):
            others = sorted(sum(halves(x)) - n for x in hand)
            return n, others == list(range(others[0], others[0] + 5))
    return None


def category(hand: list[str]) -> int:
    """The hand's rank: an index into `RANKS`."""
    doubles = [x for x in hand if is_double(x)]
    singles = [x for x in hand if not is_double(x)]
    d = len(doubles)
    if d == 5:
        return RANKS.index("royal")
    if d == 4:
        return RANKS.index("fours")
    suit = _suit_run(hand)
    if suit is not None and suit[1] and suit[0] >= 4:
        return RANKS.index({4: "straight four", 5: "straight five", 6: "straight six"}[suit[0]])
    if d == 3:
        a, b = (set(halves(x)) for x in singles)
        return RANKS.index("full hand" if a & b else "triples")
    if suit is not None:
        return RANKS.index("flush")
    if d == 2:
        return RANKS.index("one pair")
    return 0


def tile_rank(t: str) -> tuple[int, int, int]:
    """Any double beats any other tile; doubles by number; others by higher, then lower half."""
    a, b = halves(t)
    return (int(a == b), max(a, b), min(a, b))


def hand_key(hand: list[str]) -> tuple:
    """Category, then the doubles, then every tile from the top down (spec 4.14 resolution)."""
    doubles = sorted((tile_rank(x) for x in hand if is_double(x)), reverse=True)
    tiles = sorted((tile_rank(x) for x in hand), reverse=True)
    return (category(hand), doubles, tiles)


def describe(hand: list[str]) -> str:
    return RANKS[category(hand)]


def live(t: Table) -> list[int]:
    return [s for s in range(len(t.hands)) if not t.folded[s]]


def legal(t: Table, seat: int) -> list[str]:
    high = max(t.bets)
    if t.bets[seat] == high:
        return ["check", *(["bet"] if t.raises < MAX_RAISES else [])]
    return ["call", *(["raise"] if t.raises < MAX_RAISES else []), "fold"]


def act(t: Table, seat: int, kind: str, stake: int) -> str:
    """Apply one betting action (already legal); returns its words."""
    high = max(t.bets)
    t.acted[seat] = True
    if kind == "fold":
        t.folded[seat] = True
        return N_("folds")
    if kind == "check":
        return N_("checks")
    if kind == "call":
        t.bets[seat] = high
        return N_("calls ({n})").format(n=high)
    t.raises += 1
    t.bets[seat] = high + stake
    return (N_("bets {n}") if kind == "bet" else N_("raises to {n}")).format(n=t.bets[seat])


def betting_done(t: Table) -> bool:
    players = live(t)
    if len(players) == 1:
        return True
    high = max(t.bets)
    return all(t.acted[s] and t.bets[s] == high for s in players)


def next_bettor(t: Table, seat: int) -> int:
    return next_seat(seat, len(t.hands), lambda s: not t.folded[s])


def showdown(t: Table, names: list[str]) -> list[str]:
    """Settle the pot: the best hand still in takes it (shared on a tie)."""
    players = live(t)
    pot = sum(t.paid) + sum(t.bets)
    lines = []
    if len(players) == 1:
        winners = players
        lines.append(N_("Everyone else folded: {name} takes the pot of {n}.").format(
            name=names[players[0]], n=pot))
    else:
        for s in players:
            shown = " ".join("[" + x.replace("-", "|") + "]" for x in t.hands[s])
            lines.append(N_("{name} shows {tiles}: {hand}.").format(
                name=names[s], tiles=shown, hand=describe(t.hands[s])))
        best = max(hand_key(t.hands[s]) for s in players)
        winners = [s for s in players if hand_key(t.hands[s]) == best]
        said = (N_("{names} takes the pot of {n}.") if len(winners) == 1
                else N_("{names} take the pot of {n}."))
        lines.append(said.format(names=joined([names[s] for s in winners]), n=pot))
    t.over = True
    t.winners = winners
    t.final = [float(-(t.paid[s] + t.bets[s]) + (pot / len(winners) if s in winners else 0))
               for s in range(len(t.hands))]
    t.scores = [int(x) for x in t.final]
    return lines
