"""The hook contract and what several hooks share: the generic deal, pairs, foundation
exchanges, La Belle Lucie's merci, The Shamrocks' tuck and Napoleon's Square's buried kings."""

from __future__ import annotations

import random

from bot.games.cards import SUIT_NAME, pretty
from bot.games.patience.engine import Board, face
from bot.games.words import N_, joined


def generic_deal(board: Board, pack: list[str]) -> list[str]:
    """Take out the preplaced foundation cards and the cards piles ``hold``, deal every pile its
    ``deal`` cards (the first ``down`` face down) in layout order; the rest is the stock, the
    next card to deal on top. Returns what is left of ``pack`` before it became the stock."""
    pack = list(pack)
    for f in board.rules.founds:
        if f.preplace:
            board.piles[f.id].append(pull_card(pack, f.base, f.suit))
    for p in board.rules.piles:
        for held in filter(None, p.holds.split(",")):
            rank, suit = held[-1], held[0] if len(held) == 2 else ""
            board.piles[p.id].append(pull_card(pack, rank, suit))
    for p in board.rules.piles:
        if p.deal:
            cards, pack = pack[: p.deal], pack[p.deal:]
            board.piles[p.id] += ["~" + c if i < p.down else c for i, c in enumerate(cards)]
    board.piles["s"] = pack[::-1]
    return pack


def pull_card(pack: list[str], rank: str, suit: str = "") -> str:
    for i, card in enumerate(pack):
        if card[1] == rank and (not suit or card[0] == suit):
            return pack.pop(i)
    raise ValueError(f"no {suit}{rank} left in the pack")


def row_ids(board: Board) -> list[str]:
    """The tableau piles in layout order (the accordion's row)."""
    return [p.id for p in board.rules.piles if p.kind == "tableau"]


class Hook:
    """The default: the engine's deal, no actions of its own, won when the foundations are full
    (and, for a row with ``buried_kings``, the remedy for two buried kings right after the deal:
    the default hook carries it so that such a game keeps the solver's shortcuts)."""

    card_moves = True
    """Whether `actions` reads the engine's single-card moves at all (where it drops every one
    of them, they are not worked out)."""

    only_delays_home = False
    """Whether all the hook does is hold moves home back until other foundations are started
    (`InOrder`): it adds no move and changes none, and a move home it allows now it allows
    later, so the solver's safe moves home stay safe (`solver._takers`)."""

    def deal(self, board: Board, pack: list[str]) -> None:
        generic_deal(board, pack)
        if board.rules.buried_kings:
            note_buried(board)

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        """The legal actions given the engine's ``moves`` (card moves, turn, redeal)."""
        return buried_actions(board) or moves

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        """Handle an action of the game's own; False leaves it to the engine."""
        return apply_buried(board, kind, arg)

    def refusal(self, board: Board, action: str) -> str | None:
        """Why ``action`` is refused, where the game's own rules say more than the engine's
        words would (None: the engine's words)."""
        return buried_refusal(board, action)

    def forced(self, board: Board) -> bool:
        """One forced move, if any is due (called until it returns False)."""
        return False

    def won(self, board: Board) -> bool:
        return board.home() == board.rules.capacity()


def pairs_of(board: Board, ids: list[str], ok: object) -> list[str]:
    out = []
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            if ok(board.piles[a][-1], board.piles[b][-1]):  # type: ignore[operator]
                out.append(f"pair:{a},{b}")
    return out


def remove_pair(board: Board, arg: str) -> None:
    a, b = arg.split(",")
    ca, cb = board.take(a), board.take(b)
    board.piles["d"] += [ca, cb]
    board.log.append(N_("Paired {card} and {other}.").format(card=pretty(ca), other=pretty(cb)))


def exchanges(board: Board) -> list[str]:
    """One card at a time may pass between a suit's ascending and descending foundations
    (La Nivernaise, Leoni's Own): never the card that has just passed."""
    out = []
    for a in board.rules.founds:
        top = board.top(a.id)
        if top is None or len(board.piles[a.id]) < 2 or board.flags.get(f"swapped:{top}"):
            continue
        out += [f"move:{a.id}>{b.id}" for b in board.rules.founds
                if b.id != a.id and b.suit == a.suit and b.accepts(board.piles[b.id], top, "")]
    return out


def note_exchange(board: Board, arg: str) -> None:
    for key in [k for k in board.flags if k.startswith("swapped:")]:
        del board.flags[key]
    src = arg.split(">")[0]
    if src.startswith("f"):
        board.flags[f"swapped:{board.piles[src][-1]}"] = 1


def merci_actions(board: Board) -> list[str]:
    """La Belle Lucie's merci: once, in the last deal, any covered card may be drawn to the top."""
    rules = board.rules
    if not rules.merci or board.flags.get("merci") or board.redeals < rules.redeals:
        return []
    return [f"merci:{p.id}.{i + 1}" for p in rules.piles if p.kind == "tableau"
            for i in range(len(board.piles[p.id]) - 1)]


def do_merci(board: Board, arg: str) -> None:
    pid, _, pos = arg.partition(".")
    card = board.piles[pid].pop(int(pos) - 1)
    board.piles[pid].append(card)
    board.flags["merci"] = 1
    board.log.append(N_("Merci: {card} drawn to the top of {pile}.").format(
        card=pretty(card), pile=board.name(pid)))


def tuck_actions(board: Board) -> list[str]:
    """The Shamrocks: a king on a lower card of its own suit may be tucked under that card."""
    if not board.rules.tuck:
        return []
    out = []
    for p in board.rules.piles:
        cards = board.piles[p.id]
        if len(cards) >= 2 and cards[-1][1] == "K" and cards[-2][0] == cards[-1][0]:
            out.append(f"tuck:{p.id}")
    return out


def do_tuck(board: Board, pid: str) -> None:
    cards = board.piles[pid]
    cards[-1], cards[-2] = cards[-2], cards[-1]
    board.log.append(N_("{card} tucked under {other}.").format(card=pretty(cards[-2]),
                                                                other=pretty(cards[-1])))


# -- Napoleon's Square: two kings of one suit burying lower cards of their suit (p. 77) ---------


def buried_kings(board: Board) -> dict[str, list[str]]:
    """Suits whose two kings each lie above a lower card of their own suit in a packet, with
    the kings' places (``t3.2``: second card from the bottom of t3). The book calls such a
    square hopeless: each foundation of the suit needs a card under a king before it can take
    a king (only a space for a king could help)."""
    found: dict[str, list[str]] = {}
    for p in board.rules.piles:
        if p.kind != "tableau":
            continue
        cards = [face(c) for c in board.piles[p.id]]
        for i, card in enumerate(cards):
            if card[1] == "K" and any(c[0] == card[0] and c[1] != "K" for c in cards[:i]):
                found.setdefault(card[0], []).append(f"{p.id}.{i + 1}")
    return {suit: places for suit, places in found.items() if len(places) >= 2}


def note_buried(board: Board) -> None:
    """Right after a deal: mark the square as needing the book's remedy, and say why."""
    board.flags.pop("buried", None)
    buried = buried_kings(board)
    if not buried:
        return
    board.flags["buried"] = 1
    names = joined([SUIT_NAME[s] for s in buried])
    board.log.append(N_("Two kings of {suits} lie on lower cards of their suit: deal the square "
                        "again (redeal) or slip one of those kings under its packet "
                        "(slip).").format(suits=names))


def buried_actions(board: Board) -> list[str]:
    """While the remedy is due, only the remedy: the whole dealt again, or one king slipped."""
    if not board.flags.get("buried"):
        return []
    places = [place for found in buried_kings(board).values() for place in found]
    return ["redeal", *(f"slip:{place}" for place in places)]


def apply_buried(board: Board, kind: str, arg: str) -> bool:
    if not board.flags.get("buried") or kind not in ("redeal", "slip"):
        return False
    if kind == "slip":
        pid, _, pos = arg.partition(".")
        king = board.piles[pid].pop(int(pos) - 1)
        board.piles[pid].insert(0, king)
        board.log.append(N_("{card} slipped under {pile}.").format(card=pretty(face(king)),
                                                                    pile=board.name(pid)))
    else:
        again = board.flags.get("dealt_again", 0) + 1
        pack = sorted(face(c) for cards in board.piles.values() for c in cards)
        random.Random(f"{board.seed}:square:{again}").shuffle(pack)
        for cards in board.piles.values():
            cards.clear()
        generic_deal(board, pack)
        board.flags["dealt_again"] = again
        board.log.append(N_("The whole taken up, shuffled and dealt again."))
    note_buried(board)
    return True


def buried_refusal(board: Board, action: str) -> str | None:
    if not board.rules.buried_kings:
        return None
    kind = action.partition(":")[0]
    if board.flags.get("buried"):
        return N_("Two kings of one suit lie on lower cards of their suit: first deal the "
                  "square again (redeal) or slip one of those kings under its packet.")
    if kind in ("redeal", "slip"):
        return N_("There is no redeal. Only right after the deal, when two kings of one suit "
                  "lie on lower cards of their suit, may the square be dealt again or a king "
                  "slipped under its packet.")
    return None
