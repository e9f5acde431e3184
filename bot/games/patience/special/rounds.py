"""Games dealt in rounds or redealt by gathering their packets in a set order."""

from __future__ import annotations

import random

from bot.games.cards import pretty
from bot.games.patience.engine import Board, face, foundation_targets, value
from bot.games.patience.special.base import (
    Hook,
    exchanges,
    generic_deal,
    note_exchange,
    pull_card,
    row_ids,
)
from bot.games.words import N_


class Favorite(Hook):
    """Napoleon's Favorite: twelve packets dealt round by round; in the first deal the four
    packets above the kings feed only kings, the four below the aces only aces. A redeal
    gathers the packets in dealing order and deals them round by round again."""

    KINGS_ONLY = ("t1", "t2", "t3", "t4")
    ACES_ONLY = ("t7", "t8", "t9", "t10")

    def deal(self, board: Board, pack: list[str]) -> None:
        pack = list(pack)
        for f in board.rules.founds:  # the foundations' aces and kings come out first
            board.piles[f.id] = [pull_card(pack, f.base, f.suit)]
        self._rounds(board, pack)

    def _rounds(self, board: Board, cards: list[str]) -> None:
        ids = row_ids(board)
        for pid in ids:
            board.piles[pid] = []
        for i, card in enumerate(cards):
            board.piles[ids[i % len(ids)]].append(card)

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        if board.redeals:
            return moves
        kings = {f.id for f in board.rules.founds if f.base == "K"}

        def allowed(m: str) -> bool:
            if not m.startswith("move:") or ">f" not in m:
                return True
            src, dst = m[5:].split(">")
            return not ((src in self.KINGS_ONLY and dst not in kings)
                        or (src in self.ACES_ONLY and dst in kings))

        return [m for m in moves if allowed(m)]

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind != "redeal":
            return False
        cards = [c for pid in row_ids(board) for c in board.piles[pid]]
        self._rounds(board, cards)
        board.redeals += 1
        board.log.append(N_("Redeal {n}: {cards} cards gathered in order and dealt round the "
                            "twelve packets again; every packet now feeds any foundation.").format(
            n=board.redeals, cards=len(cards)))
        return True


ST_LOUIS_GATHER = (7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6)  # g clockwise round to f


class StLouis(Hook):
    """St. Louis: the first series of twelve is all available (cards played up are replaced
    from the stock at once); ``turn`` then deals the rest in series of twelve, and only then
    does packing begin. A redeal gathers from g round to f and deals the same way again. A
    series the stock runs out in (a redeal of twelve cards or fewer) ends the deal there."""

    def deal(self, board: Board, pack: list[str]) -> None:
        rest = generic_deal(board, pack)
        self._first_series(board, rest)

    def _first_series(self, board: Board, cards: list[str]) -> None:
        for i, pid in enumerate(row_ids(board)):
            board.piles[pid] = cards[i:i + 1]
        board.piles["s"] = cards[12:][::-1]
        board.flags["series"] = 1

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        if board.flags.get("series"):
            return [m for m in moves if ">f" in m] + (["turn"] if board.stock() else [])
        return moves

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind == "turn":
            ids = row_ids(board)
            n = 0
            while board.stock():
                board.piles[ids[n % 12]].append(face(board.stock().pop()))
                n += 1
            board.flags.pop("series", None)
            board.log.append(N_("Dealt the other {n} cards in series of twelve.").format(n=n))
            return True
        if kind == "redeal":
            ids = row_ids(board)
            cards = [c for i in ST_LOUIS_GATHER for c in board.piles[ids[i - 1]]]
            board.redeals += 1
            self._first_series(board, cards)
            board.log.append(N_("Redeal {n}: gathered from g round to f.").format(
                n=board.redeals))
            return True
        return False

    def forced(self, board: Board) -> bool:
        if not board.flags.get("series"):
            return False
        if not board.stock():  # the series took the last card: the deal is complete
            board.flags.pop("series")
            board.log.append(N_("The stock is out: the deal is complete, packing begins."))
            return True
        for pid in row_ids(board):
            if not board.piles[pid]:
                card = face(board.stock().pop())
                board.piles[pid].append(card)
                board.log.append(N_("{why}: {card} from {source} to {target}.").format(
                    why=N_("Filled"), card=pretty(card), source=N_("the stock"),
                    target=board.name(pid)))
                return True
        return False


class GrandDuchess(Hook):
    """The Grand Duchess: ``turn`` deals a round (four cards face up on the packets, two face
    down on the Discard; the last deal makes no Discard). When a deal is over the Discard is
    turned up and spread, every card of it available. A redeal picks up the packets in order
    with what is left of the Discard underneath."""

    SPREAD = "x"

    def deal(self, board: Board, pack: list[str]) -> None:
        board.piles["s"] = pack[::-1]

    def _spread(self, board: Board) -> list[str]:
        return [p.id for p in board.rules.piles if p.id.startswith(self.SPREAD)]

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        left = sum(len(board.piles[p]) for p in row_ids(board) + self._spread(board) + ["d"])
        if not board.stock() and left and board.redeals < board.rules.redeals:
            moves = [*moves, "redeal"]
        return moves

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind == "turn":
            dealt = []
            for pid in row_ids(board):
                if board.stock():
                    card = face(board.stock().pop())
                    board.piles[pid].append(card)
                    dealt.append(pretty(card))
            discard = board.redeals < board.rules.redeals
            hidden = 0
            while discard and hidden < 2 and board.stock():
                board.piles["d"].append("~" + face(board.stock().pop()))
                hidden += 1
            said = N_("Dealt {cards} and {n} to the Discard.") if hidden else N_(
                "Dealt {cards}.")
            board.log.append(said.format(cards=" ".join(dealt), n=hidden))
            return True
        if kind == "redeal":
            cards = [c for p in row_ids(board) + self._spread(board) + ["d"]
                     for c in board.piles[p]]
            for p in row_ids(board) + self._spread(board) + ["d"]:
                board.piles[p] = []
            board.piles["s"] = [face(c) for c in cards][::-1]
            board.redeals += 1
            board.log.append(N_("Redeal {n}: {cards} cards picked up, the Discard "
                                "underneath.").format(n=board.redeals, cards=len(cards)))
            return True
        return False

    def forced(self, board: Board) -> bool:
        if board.stock() or not board.piles["d"]:
            return False
        cards = [face(c) for c in board.piles["d"]]
        board.piles["d"] = []
        for pid, card in zip(self._spread(board), cards, strict=False):
            board.piles[pid] = [card]
        board.log.append(N_("The deal is over: the Discard is turned up ({n} cards, every one "
                            "available).").format(n=len(cards)))
        return True


class Shah(Hook):
    """The Shah of Persia: eight rays of three circles. Each circle is dealt in turn, its
    fitting cards played up and replaced from the stock. Only outer-circle cards are packed
    on (down in suit); a freed inner card may only be played up. Before each turn of the
    stock the rays are completed from the talon, then the stock, inner circle first; a ray
    cleared right out may first take one outer-circle card into its inner place."""

    def deal(self, board: Board, pack: list[str]) -> None:
        generic_deal(board, pack)
        rays = row_ids(board)
        for _circle in range(3):
            for ray in rays:
                board.piles[ray].append(face(board.stock().pop()))
            played = True
            while played:
                played = False
                for ray in rays:
                    targets = foundation_targets(board, board.piles[ray][-1])
                    if targets and board.stock():
                        board.piles[targets[0]].append(board.piles[ray].pop())
                        board.piles[ray].append(face(board.stock().pop()))
                        played = True

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        rays = set(row_ids(board))

        def ok(m: str) -> bool:
            if not m.startswith("move:") or ">f" in m:
                return True
            src, dst = m[5:].split(">")
            if dst in rays and board.piles[dst]:
                return len(board.piles[dst]) >= 3 and (
                    src not in rays or len(board.piles[src]) >= 3)
            return True

        grace = [f"move:{src}>{dst}" for dst in sorted(rays) if not board.piles[dst]
                 and f"graced:{dst}" not in board.flags
                 for src in sorted(rays) if len(board.piles[src]) >= 3]
        out = [m for m in moves if ok(m)] + grace
        if "turn" not in out and board.stock():
            out.append("turn")
        elif "turn" not in out and any(len(board.piles[r]) < 3 for r in rays) and (
                board.piles["w"]):
            out.append("turn")  # completes the rays from the talon
        return out

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind == "move":
            dst = arg.split(">")[1]
            if dst in row_ids(board) and not board.piles[dst]:
                board.flags[f"graced:{dst}"] = 1
            return False
        if kind != "turn":
            return False
        rays = row_ids(board)
        for depth in range(3):
            for ray in rays:
                if len(board.piles[ray]) == depth:
                    src = "w" if board.piles["w"] else "s" if board.stock() else ""
                    if src:
                        board.piles[ray].append(face(board.piles[src].pop()))
        board.log.append(N_("The rays are completed."))
        if board.stock():
            card = face(board.stock().pop())
            board.piles["w"].append(card)
            board.log.append(N_("Turned {card}.").format(card=pretty(card)))
        return True


class FourCorners(Hook):
    """The Four Corners: ``turn`` deals a round of twelve (left column top to bottom, then the
    right); a foundation ace or king dealt goes to its place at once and the next card takes
    its spot. While dealing, a corner packet's top may go to any foundation, a side packet's
    only to the foundation beside it, and nothing is packed. A redeal gathers the packets from
    the left without shuffling."""

    CORNERS = ("t1", "t6", "t7", "t12")

    def deal(self, board: Board, pack: list[str]) -> None:
        board.piles["s"] = pack[::-1]
        board.flags["dealing"] = 1

    def _beside(self, pid: str) -> str:
        n = int(pid[1:])
        return f"f{n - 1}" if n <= 6 else f"f{n - 3}"  # row i: ace f_i left, king f_i+4 right

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        if not board.flags.get("dealing"):
            again = board.redeals < board.rules.redeals and not board.stock()
            return [*moves, "redeal"] if again else moves

        def ok(m: str) -> bool:
            if not m.startswith("move:"):
                return True
            src, dst = m[5:].split(">")
            if not dst.startswith("f"):
                return False
            return src in self.CORNERS or dst == self._beside(src)

        return [m for m in moves if ok(m)]

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind == "turn":
            dealt = 0
            for pid in row_ids(board):
                while board.stock():
                    card = face(board.stock().pop())
                    home = next((f.id for f in board.rules.founds if not board.piles[f.id]
                                 and f.accepts([], card, "")), None)
                    if home:
                        board.piles[home].append(card)
                        board.log.append(N_("{card} goes to its place.").format(
                            card=pretty(card)))
                        continue
                    board.piles[pid].append(card)
                    dealt += 1
                    break
            if not board.stock():
                board.flags.pop("dealing", None)
            board.log.append(N_("Dealt a round of {n}.").format(n=dealt))
            return True
        if kind == "redeal":
            cards = [c for pid in row_ids(board) for c in board.piles[pid]]
            for pid in row_ids(board):
                board.piles[pid] = []
            board.piles["s"] = cards[::-1]
            board.redeals += 1
            board.flags["dealing"] = 1
            board.log.append(N_("Redeal {n}: the packets gathered from the left.").format(
                n=board.redeals))
            return True
        return False


class Nivernaise(Hook):
    """La Nivernaise: ``turn`` deals four cards on each Line packet; an emptied Line packet gets
    four fresh cards from the stock at once; one card at a time may pass between a suit's
    ascending and descending foundations; a redeal picks up the Line left to right."""

    def _line(self, board: Board) -> list[str]:
        return row_ids(board)

    def deal(self, board: Board, pack: list[str]) -> None:
        generic_deal(board, pack)

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        extra = exchanges(board)
        if not board.stock() and board.redeals < board.rules.redeals:
            extra.append("redeal")
        return moves + extra

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind == "move":
            note_exchange(board, arg)
            return False
        if kind == "turn":
            for pid in self._line(board):
                for _ in range(4):
                    if board.stock():
                        board.piles[pid].append(face(board.stock().pop()))
            board.log.append(N_("Dealt a round of four on each Line packet."))
            return True
        if kind == "redeal":
            cards = [c for pid in self._line(board) for c in board.piles[pid]]
            for pid in self._line(board):
                board.piles[pid] = []
            board.piles["s"] = cards[::-1]
            board.redeals += 1
            board.log.append(N_("Redeal {n}: the Line picked up and dealt again.").format(
                n=board.redeals))
            for pid in self._line(board):
                for _ in range(4):
                    if board.stock():
                        board.piles[pid].append(face(board.stock().pop()))
            return True
        return False

    def forced(self, board: Board) -> bool:
        for pid in self._line(board):
            if not board.piles[pid] and board.stock():
                for _ in range(4):
                    if board.stock():
                        board.piles[pid].append(face(board.stock().pop()))
                board.log.append(N_("{pile} gets four fresh cards.").format(
                    pile=board.name(pid).capitalize()))
                return True
        return False


class Leoni(Hook):
    """Leoni's Own: cards dealt round thirteen places; one whose rank is its place's number is
    exiled face down. ``exile`` runs the chain: the top exile goes up if it can, else slips
    under the packet of its rank, whose top then slips under the packet of its own rank, and
    so on until a card that can go up shows (or the chain comes round again). The 13th packet
    is spread, every card available; a packet of one rank may be turned over (``cycle:t5``)."""

    def _thirteenth(self, board: Board) -> list[str]:
        return [p.id for p in board.rules.piles if p.id.startswith("m")]

    def deal(self, board: Board, pack: list[str]) -> None:
        pack = list(pack)
        for f in board.rules.founds:
            board.piles[f.id] = [pull_card(pack, f.base, f.suit)]
        self._deal_round(board, pack)

    def _deal_round(self, board: Board, cards: list[str]) -> None:
        spread = iter(self._thirteenth(board))
        pos, exiled = 1, 0
        for card in cards:
            if value(card) == pos:
                board.piles["e"].append("~" + card)
                exiled += 1
                continue
            board.piles[f"t{pos}" if pos < 13 else next(spread)].append(card)
            pos = pos % 13 + 1
        board.log.append(N_("{n} cards exiled while dealing.").format(n=exiled))

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        extra = exchanges(board)
        if board.piles["e"]:
            extra.append("exile")
        for pid in row_ids(board):
            cards = board.piles[pid]
            if len(cards) > 1 and len({c[1] for c in cards}) == 1:
                extra.append(f"cycle:{pid}")
        gathered = sum(len(board.piles[p]) for p in row_ids(board) + self._thirteenth(board))
        if board.redeals < board.rules.redeals and gathered:
            extra.append("redeal")
        return moves + extra

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind == "move":
            note_exchange(board, arg)
            return False
        if kind == "cycle":
            board.piles[arg].insert(0, board.piles[arg].pop())
            board.log.append(N_("{pile} turned round one card.").format(
                pile=board.name(arg).capitalize()))
            return True
        if kind == "exile":
            self._chain(board)
            return True
        if kind == "redeal":
            upper = [c for i in range(6, 0, -1) for c in board.piles[f"t{i}"]]
            middle = [c for m in self._thirteenth(board) for c in board.piles[m]]
            lower = [c for i in range(7, 13) for c in board.piles[f"t{i}"]]
            for p in row_ids(board) + self._thirteenth(board):
                board.piles[p] = []
            board.redeals += 1
            cards = upper + middle + lower
            if board.flags.get("shuffle"):  # the book's note: "perhaps the better plan"
                random.Random(f"{board.seed}:redeal:{board.redeals}").shuffle(cards)
            board.log.append((N_("Redeal {n}: the packets gathered and shuffled.")
                              if board.flags.get("shuffle") else
                              N_("Redeal {n}: the packets gathered.")).format(n=board.redeals))
            self._deal_round(board, cards)
            return True
        return False

    def _chain(self, board: Board) -> None:
        card = face(board.piles["e"].pop())
        seen: set[tuple[str, str]] = set()
        while True:
            target = foundation_targets(board, card)
            if target:
                board.piles[target[0]].append(card)
                board.log.append(N_("{card} goes up.").format(card=pretty(card)))
                return
            rank = value(card)
            if rank == 13:
                spot = next((m for m in self._thirteenth(board) if not board.piles[m]), None)
                if spot is None:  # pragma: no cover - 20 places hold every king there is
                    board.piles["e"].insert(0, "~" + card)
                    return
                board.piles[spot] = [card]
                board.log.append(N_("{card} slips into the thirteenth packet.").format(
                    card=pretty(card)))
                return
            pid = f"t{rank}"
            board.piles[pid].insert(0, card)
            board.log.append(N_("{card} slips under packet {n}.").format(card=pretty(card),
                                                                          n=rank))
            if (pid, card) in seen or len(board.piles[pid]) == 1:
                return  # the chain has come round: go on with the next exile
            seen.add((pid, card))
            top = board.piles[pid][-1]
            if foundation_targets(board, top):
                board.log.append(N_("{card} can go up.").format(card=pretty(top)))
                return
            card = board.piles[pid].pop()
