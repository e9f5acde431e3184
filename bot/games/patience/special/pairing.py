"""Pairing and covering: Nestor, The Elevens (and The Chester Game), The Fourteens, The
Queen's Audience."""

from __future__ import annotations

import random

from bot.games.cards import pretty
from bot.games.patience.engine import Board, face, value
from bot.games.patience.special.base import (
    Hook,
    pairs_of,
    remove_pair,
    row_ids,
)
from bot.games.words import N_, joined


class Nestor(Hook):
    """Pairs of equal rank from the column bottoms; the reserve only when no column pair is left.
    The deal never puts two cards of one rank in a column (a clash goes to the bottom)."""

    def deal(self, board: Board, pack: list[str]) -> None:
        pack = list(pack)
        cols = row_ids(board)
        rng = random.Random(f"{board.seed}:nestor")
        for _row in range(6):
            for col in cols:
                tries = 0
                while {c[1] for c in board.piles[col]} & {pack[0][1]}:
                    pack.append(pack.pop(0))
                    tries += 1
                    if tries > len(pack):  # every card left clashes: reshuffle what is left
                        rng.shuffle(pack)
                        tries = 0
                board.piles[col].append(pack.pop(0))
        for i, card in enumerate(pack):
            board.piles[f"r{i + 1}"].append(card)

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        cols = [i for i in row_ids(board) if board.piles[i]]
        res = [f"r{i}" for i in range(1, 5) if board.piles[f"r{i}"]]
        pairs = pairs_of(board, cols, lambda a, b: a[1] == b[1])
        if not pairs:
            pairs = [p for p in pairs_of(board, cols + res, lambda a, b: a[1] == b[1])
                     if "r" in p]
        return pairs

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind != "pair":
            return False
        remove_pair(board, arg)
        return True

    def won(self, board: Board) -> bool:
        return len(board.piles["d"]) == 52


COURTS = "JQK"


class Elevens(Hook):
    """Two tops that total 11 are each covered by a card from the stock; courts are dead."""

    def __init__(self, chester: bool = False) -> None:
        self.chester = chester

    def deal(self, board: Board, pack: list[str]) -> None:
        pack = list(pack)
        for pid in row_ids(board):
            while pack[0][1] in COURTS:
                pack.append(pack.pop(0))
            board.piles[pid].append(pack.pop(0))
        board.piles["s"] = pack[::-1]

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        if len(board.stock()) < 2:
            return []
        ids = row_ids(board)

        def eleven(a: str, b: str) -> bool:
            return a[1] not in COURTS and b[1] not in COURTS and value(a) + value(b) == 11

        covers = [p.replace("pair:", "cover:") for p in pairs_of(board, ids, eleven)]
        if self.chester:  # which packet is covered first decides where a court lands
            covers += [f"cover:{b},{a}" for a, b in (c[6:].split(",") for c in list(covers))]
        return covers

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind != "cover":
            return False
        covered = []
        for pid in arg.split(","):
            stock = board.stock()
            if board.flags.get("courts_always"):
                for _ in range(len(stock)):
                    if face(stock[-1])[1] not in COURTS:
                        break
                    stock.insert(0, stock.pop())
            card = face(stock.pop())
            board.put(pid, card)
            covered.append(pretty(card))
        board.log.append(N_("Covered with {cards}.").format(cards=joined(covered)))
        return True

    def won(self, board: Board) -> bool:
        tops = [board.piles[i][-1] for i in row_ids(board)]
        if board.stock() or any(c[1] not in COURTS for c in tops):
            return False
        if self.chester:
            return "".join(c[1] for c in tops) == "JJJJQQQQKKKK"
        return True


class Fourteens(Hook):
    """Two cards of one row or column that total 14 are removed; gaps refill from the stock.
    When no pair is left, the player may still exchange two cards twice (the book's rescue)."""

    def _cells(self, board: Board) -> list[str]:
        return [p.id for p in board.rules.piles if p.kind == "cell"]

    card_moves = False  # its actions are its pairs and exchanges alone

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        cells = [c for c in self._cells(board) if board.piles[c]]
        places = [(c, int(c[1:]) - 1, value(board.piles[c][-1])) for c in cells]
        pairs = [f"pair:{a},{b}" for n, (a, i, va) in enumerate(places)
                 for b, j, vb in places[n + 1:]
                 if va + vb == 14 and (i // 5 == j // 5 or i % 5 == j % 5)]
        if pairs or board.flags.get("swaps", 0) >= 2:
            return pairs
        return [f"swap:{a},{b}" for n, a in enumerate(cells) for b in cells[n + 1:]]

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind == "pair":
            remove_pair(board, arg)
            return True
        if kind == "swap":
            a, b = arg.split(",")
            board.piles[a], board.piles[b] = board.piles[b], board.piles[a]
            board.flags["swaps"] = board.flags.get("swaps", 0) + 1
            board.log.append(N_("Exchanged {card} and {other} (rescue {n} of 2).").format(
                card=pretty(board.piles[b][-1]), other=pretty(board.piles[a][-1]),
                n=board.flags["swaps"]))
            return True
        return False

    def won(self, board: Board) -> bool:
        return len(board.piles["d"]) == 104


class Audience(Hook):
    """The Queen's Audience: a king and queen, or an ace and knave, of one suit both in the
    ante-chamber enter the audience chamber together (``pair:c3,c9``)."""

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        cells = [p.id for p in board.rules.piles if p.kind == "cell" and board.piles[p.id]]

        def couple(a: str, b: str) -> bool:
            return a[0] == b[0] and {a[1], b[1]} in ({"K", "Q"}, {"A", "J"})

        return moves + pairs_of(board, cells, couple)

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind != "pair":
            return False
        a, b = (board.take(x) for x in arg.split(","))
        low, high = sorted((a, b), key=lambda c: "KAQJ".index(c[1]))  # K under Q, A under J
        label = "audience" if low[1] == "A" else "royal pair"
        target = next(f.id for f in board.rules.founds if f.suit == low[0] and f.label == label)
        board.piles[target] += [low, high]
        board.log.append(N_("{card} and {other} enter the audience chamber.").format(
            card=pretty(high), other=pretty(low)))
        return True
