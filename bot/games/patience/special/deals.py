"""Games whose deal is their own (a first card fixing the base, cards played or sorted while
dealing, foundations started in order) and The Fifteen Puzzle and The Surprise Party."""

from __future__ import annotations

from itertools import pairwise

from bot.games.base import IllegalAction
from bot.games.cards import pretty
from bot.games.patience.engine import Board, face, foundation_targets, value
from bot.games.patience.special.base import (
    Hook,
    generic_deal,
    pull_card,
    row_ids,
)
from bot.games.words import N_


class Chameleon(Hook):
    """The first of the three cards dealt beside the 13-packet becomes the first foundation and
    fixes the base rank; its space is filled from the packet."""

    def deal(self, board: Board, pack: list[str]) -> None:
        generic_deal(board, pack)
        first = board.piles["t1"].pop()
        board.piles["f1"].append(first)
        board.base = first[1]
        board.log.append(N_("{card} is the first foundation: every foundation starts with a "
                            "{rank}.").format(card=pretty(first),
                                              rank=first[1] if first[1] != "T" else "10"))


class ThirteenDown(Hook):
    """After the layout the next card fixes the foundations' rank and goes up."""

    def deal(self, board: Board, pack: list[str]) -> None:
        generic_deal(board, pack)
        first = face(board.stock().pop())
        board.piles["f1"].append(first)
        board.base = first[1]
        board.log.append(N_("{card} fixes the foundations' rank.").format(card=pretty(first)))


class Seasons(Hook):
    """The first card goes to the top-left corner and fixes the base; turning on, cards of that
    rank take the corners, fitting cards go up, others fill the tableau until it is full."""

    def deal(self, board: Board, pack: list[str]) -> None:
        pack = list(pack)
        first = pack.pop(0)
        board.piles["f1"].append(first)
        board.base = first[1]
        cells = row_ids(board)
        while pack and any(not board.piles[c] for c in cells):
            card = pack.pop(0)
            targets = foundation_targets(board, card)
            if targets:
                board.piles[targets[0]].append(card)
            else:
                board.piles[next(c for c in cells if not board.piles[c])].append(card)
        board.piles["s"] = pack[::-1]


class Citadel(Hook):
    """Aces go to the centre as they come; a card that fits a foundation goes up at once; each
    row gets the next six other cards dealt (those played up count)."""

    def deal(self, board: Board, pack: list[str]) -> None:
        rows = row_ids(board)
        places = {r: 6 for r in rows}
        for card in pack:
            targets = foundation_targets(board, card)
            if card[1] != "A":
                row = next(r for r in rows if places[r])
                places[row] -= 1
            if targets:
                board.piles[targets[0]].append(card)
            else:
                board.piles[row].append(card)
        board.piles["s"] = []


class Frog(Hook):
    """Thirteen cards counted off: their aces become foundations (one ace from the stock if none),
    the rest the Frog."""

    def deal(self, board: Board, pack: list[str]) -> None:
        pack = list(pack)
        frog, pack = pack[:13], pack[13:]
        aces = [c for c in frog if c[1] == "A"] or [pull_card(pack, "A")]
        for i, ace in enumerate(aces):
            if ace in frog:
                frog.remove(ace)
            board.piles[f"f{i + 1}"].append(ace)
        board.piles["r"] = frog
        board.piles["s"] = pack[::-1]


class Salic(Hook):
    """One king starts; cards are dealt onto the newest king until the next king starts a pile;
    aces go up, queens aside. After the deal a cleared king takes one card, once."""

    def deal(self, board: Board, pack: list[str]) -> None:
        pack = list(pack)
        board.piles["t1"].append(pull_card(pack, "K"))
        board.piles["s"] = pack[::-1]

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        moves = [m for m in moves if not (m.startswith("move:t") and  # the kings stay put
                                          board.piles[m[5:].split(">")[0]][-1][1] == "K")]
        if board.stock():
            return moves
        kings = [t for t in row_ids(board) if len(board.piles[t]) == 1
                 and t not in board.flags_list("took")]
        extra = [f"move:{src}>{k}" for k in kings for src in row_ids(board)
                 if src != k and board.piles[src] and board.piles[src][-1][1] != "K"]
        return moves + extra

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind == "turn":
            card = face(board.stock().pop())
            rows = [t for t in row_ids(board) if board.piles[t]]
            if card[1] == "K":
                target = next(t for t in row_ids(board) if not board.piles[t])
                board.log.append(N_("{card} starts a new pile.").format(card=pretty(card)))
            elif card[1] == "A":
                target = next(f.id for f in board.rules.founds if not board.piles[f.id])
                board.log.append(N_("{card} goes up as a foundation.").format(
                    card=pretty(card)))
            elif card[1] == "Q":
                target = next(p.id for p in board.rules.piles if p.kind == "decor"
                              and not board.piles[p.id])
                board.log.append(N_("{card} is laid aside.").format(card=pretty(card)))
            else:
                target = rows[-1]
                board.log.append(N_("Dealt {card}.").format(card=pretty(card)))
            board.piles[target].append(card)
            return True
        if kind == "move":
            dst = arg.split(">")[1]
            if dst.startswith("t"):
                if dst in board.flags_list("took"):
                    raise IllegalAction(N_("That king has already taken its one card."))
                board.flags[f"took:{dst}"] = 1
        return False


class InOrder(Hook):
    """Foundations started in their order (The Order of Precedence: K, Q, J ... 6), or, with
    ``first``, only once the ``first`` piles are all placed (The Quadrille's queens)."""

    only_delays_home = True

    def __init__(self, first: int = 0) -> None:
        self.first = first

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        fids = [f.id for f in board.rules.founds]
        blocked: set[str] = set()
        if self.first:
            if not all(board.piles[f] for f in fids[: self.first]):
                blocked = set(fids[self.first:])
        else:
            blocked = {f for prev, f in pairwise(fids)
                       if not board.piles[prev] and not board.piles[f]}
        return [m for m in moves if not (m.startswith("move:") and m.split(">")[1] in blocked
                                          and not board.piles[m.split(">")[1]])]


class Chatelaine(Hook):
    """The cards left after the four auxiliary packets are sorted by rank into twelve packets;
    those may be drawn on only when no auxiliary top can be played."""

    def deal(self, board: Board, pack: list[str]) -> None:
        rest = generic_deal(board, pack)
        for card in rest:
            board.piles[f"k{value(card) - 1}"].append(card)
        board.piles["s"] = []

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        if any(m.startswith("move:r") for m in moves):
            return [m for m in moves if not m.startswith("move:k")]
        return moves


class Fifteen(Hook):
    """The Fifteen Puzzle: place the nine cards ace to nine in the square so every row, column
    and diagonal totals fifteen. No chance: the cards start in order in the hand."""

    LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8),
             (2, 4, 6))

    def deal(self, board: Board, pack: list[str]) -> None:
        for i, card in enumerate(pack):
            board.piles[f"c{i + 1}"] = [card]

    def won(self, board: Board) -> bool:
        square = [board.piles[f"g{i + 1}"] for i in range(9)]
        if not all(square):
            return False
        return all(sum(value(square[i][-1]) for i in line) == 15 for line in self.LINES)


class Phalanx(Hook):
    """The Phalanx's opening concession: if no foundation card can be reached at the start, one
    ace and one king may be pulled out of the sixth row (``pull:t3``), the column closing up."""

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        if board.home() or any(">f" in m for m in moves):
            return moves
        pulls = []
        for pid in row_ids(board):
            cards = board.piles[pid]
            rank = cards[5][1] if len(cards) > 6 else ""
            if rank and rank in "AK" and not board.flags.get(f"pulled{rank}"):
                pulls.append(f"pull:{pid}")
        return moves + pulls

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind != "pull":
            return False
        card = board.piles[arg].pop(5)
        board.piles[foundation_targets(board, card)[0]].append(card)
        board.flags[f"pulled{card[1]}"] = 1
        board.log.append(N_("{card} pulled from the sixth row of {pile} to the "
                            "foundations.").format(card=pretty(card), pile=board.name(arg)))
        return True


class Clans(Hook):
    """The Gathering of the Clans: a 22-card Assembly released one card at a time (no two equal
    cards in it; a duplicate goes to the bottom of the pack), two columns of six, and the next
    card fixing every foundation's rank."""

    def deal(self, board: Board, pack: list[str]) -> None:
        pack = list(pack)
        assembly: list[str] = []
        while len(assembly) < 22:
            card = pack.pop(0)
            if card in assembly:
                pack.append(card)
            else:
                assembly.append(card)
        board.piles["r"] = assembly[::-1]  # the first card dealt is the one available
        for i in range(12):
            board.piles[f"c{i + 1}"] = [pack.pop(0)]
        first = pack.pop(0)
        board.piles["f1"] = [first]
        board.base = first[1]
        board.piles["s"] = pack[::-1]
        board.log.append(N_("{card} fixes the rank of all eight foundations.").format(
            card=pretty(first)))


class SurpriseParty(Hook):
    """The Surprise Party, the trick after a won Calculation: the four finished piles, stacked
    and turned over, are dealt face down round thirteen places, round r going to every r-th
    place; turned up, each place holds the four cards of its rank. ``turn`` deals a round."""

    def deal(self, board: Board, pack: list[str]) -> None:
        board.piles["s"] = pack[::-1]

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind != "turn":
            return False
        rnd = 4 - len(board.stock()) // 13 + 1
        for k in range(1, 14):
            place = (k * rnd - 1) % 13 + 1
            board.piles[f"t{place}"].append("~" + face(board.stock().pop()))
        board.log.append(N_("Round {n}: dealt from place {n} to every {nth} place.").format(
            n=rnd, nth=_nth(rnd)))
        return True

    def forced(self, board: Board) -> bool:
        if board.stock() or not any(c.startswith("~") for c in board.piles["t1"]):
            return False
        for pid in _places(board):
            board.piles[pid] = [face(c) for c in board.piles[pid]]
        board.log.append(N_("Turn them up: every place holds the four cards of its own rank!"))
        return True

    def won(self, board: Board) -> bool:
        places = [board.piles[p] for p in _places(board)]
        return not board.stock() and all(
            len(p) == 4 and not p[0].startswith("~") and len({c[1] for c in p}) == 1
            for p in places)


def _places(board: Board) -> list[str]:
    """The trick's thirteen places (face-down heaps: kind ``discard``, so nothing turns them)."""
    return [p.id for p in board.rules.piles if p.label == "place"]


def _nth(n: int) -> str:
    return {1: "", 2: N_("second"), 3: N_("third"), 4: N_("fourth")}[n] or N_("next")
