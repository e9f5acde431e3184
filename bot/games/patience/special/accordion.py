"""The accordions: The Idle Year and The Betrothal."""

from __future__ import annotations

from bot.games.cards import pretty
from bot.games.patience.engine import Board, face
from bot.games.patience.special.base import (
    Hook,
    row_ids,
)
from bot.games.words import N_


def _compact(board: Board) -> None:
    ids = row_ids(board)
    packets = [board.piles[i] for i in ids if board.piles[i]]
    for i, pid in enumerate(ids):
        board.piles[pid] = packets[i] if i < len(packets) else []


def _deal_right(board: Board) -> None:
    card = face(board.stock().pop())
    ids = row_ids(board)
    slot = next(i for i in ids if not board.piles[i])
    board.piles[slot].append(card)
    board.log.append(N_("Dealt {card}.").format(card=pretty(card)))


def _match(a: str, b: str) -> bool:
    return a[0] == b[0] or a[1] == b[1]


class IdleYear(Hook):
    """The accordion: a packet whose top matches (suit or rank) the packet on its left, or else
    the packet three to its left, must go onto it; the rightmost such packet moves first."""

    def deal(self, board: Board, pack: list[str]) -> None:
        board.piles["s"] = pack[::-1]

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind == "turn":
            _deal_right(board)
            return True
        return False

    def forced(self, board: Board) -> bool:
        ids = [i for i in row_ids(board) if board.piles[i]]
        for k in range(len(ids) - 1, 0, -1):
            top = board.piles[ids[k]][-1]
            for back in (1, 3):
                if k - back >= 0 and _match(top, board.piles[ids[k - back]][-1]):
                    target = ids[k - back]
                    n = len(board.piles[ids[k]])
                    board.piles[target] += board.piles[ids[k]]
                    board.piles[ids[k]] = []
                    _compact(board)
                    under = pretty(board.piles[ids[k - back]][-1 - n])
                    said = ((N_("The packet under {card} ({n} cards) goes onto its neighbour "
                                "({under}).") if back == 1 else
                             N_("The packet under {card} ({n} cards) goes three to the left "
                                "({under}).")) if n > 1 else
                            (N_("The packet under {card} ({n} card) goes onto its neighbour "
                                "({under}).") if back == 1 else
                             N_("The packet under {card} ({n} card) goes three to the left "
                                "({under}).")))
                    board.log.append(said.format(card=pretty(top), n=n, under=under))
                    return True
        return False

    def won(self, board: Board) -> bool:
        return not board.stock() and sum(1 for i in row_ids(board) if board.piles[i]) == 1


class Betrothal(Hook):
    """Q♥ starts the row, K♥ is dealt last; cards between two cards of the same suit or rank
    with one or two cards between them are discarded (compulsory; the player picks which)."""

    def deal(self, board: Board, pack: list[str]) -> None:
        pack = list(pack)
        pack.remove("HQ")
        pack.remove("HK")
        board.piles[row_ids(board)[0]].append("HQ")
        board.piles["s"] = ["HK", *pack[::-1]]

    def _closes(self, board: Board) -> list[str]:
        ids = [i for i in row_ids(board) if board.piles[i]]
        out = []
        for a in range(len(ids)):
            for gap in (2, 3):
                b = a + gap
                if b < len(ids) and _match(board.piles[ids[a]][-1], board.piles[ids[b]][-1]):
                    out.append(f"close:{ids[a]},{ids[b]}")
        return out

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        return self._closes(board) or moves

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind == "turn":
            _deal_right(board)
            return True
        if kind == "close":
            a, b = arg.split(",")
            ids = row_ids(board)
            gone = [board.piles[i].pop() for i in ids[ids.index(a) + 1: ids.index(b)]]
            board.piles["d"] += gone
            _compact(board)
            board.log.append(N_("Discarded {cards}.").format(
                cards=" ".join(pretty(c) for c in gone)))
            return True
        return False

    def won(self, board: Board) -> bool:
        row = [board.piles[i][-1] for i in row_ids(board) if board.piles[i]]
        return not board.stock() and row == ["HQ", "HK"]
