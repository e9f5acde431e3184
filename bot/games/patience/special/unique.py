"""The book's singular games: The Windmill, The Zodiac, The Besieged City, The Hemispheres,
The Empress of India."""

from __future__ import annotations

from bot.games.cards import pretty
from bot.games.patience.engine import Board, face, foundation_targets
from bot.games.patience.special.base import (
    Hook,
    generic_deal,
    row_ids,
)
from bot.games.words import N_, joined


class Windmill(Hook):
    """The Windmill: the top card of a corner king's pile may go onto the centre when that at
    once lets a wing or talon card be played there; then that pile gives no other card until
    it has been built on again."""

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        centre = board.rules.founds[0]
        pile = board.piles[centre.id]
        waiting = [board.top(p.id) for p in board.rules.piles if p.kind in ("cell", "talon")]
        extra = []
        for f in board.rules.founds[1:]:
            top = board.top(f.id)
            if top is None or f"took:{f.id}" in board.flags or not centre.accepts(
                    pile, top, board.base):
                continue
            if any(c and centre.accepts([*pile, top], c, board.base) for c in waiting):
                extra.append(f"move:{f.id}>{centre.id}")
        return moves + extra

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind == "move":
            src, dst = arg.split(">")
            if src.startswith("f"):
                board.flags[f"took:{src}"] = 1
            board.flags.pop(f"took:{dst}", None)
        return False


class Zodiac(Hook):
    """The Zodiac: first every card must be absorbed into the Zodiac (packed on it in suit, up
    or down, from the Equator or the talon) or the Equator; the talon may be redealt as often
    as a pass placed a card. Only then are the foundations built."""

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        if board.stock() or board.piles["w"]:
            moves = [m for m in moves if ">f" not in m and m != "redeal"]
            if not board.stock() and (board.flags.get("placed") or not board.redeals):
                moves.append("redeal")
            return moves
        return [m for m in moves if ">f" in m]

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind == "move" and arg.split(">")[0] in ("w", "s"):
            board.flags["placed"] = 1
        if kind == "redeal":
            board.flags.pop("placed", None)
            board.piles["s"] = board.piles["w"][::-1]
            board.piles["w"] = []
            board.redeals += 1
            board.log.append(N_("Pass {n} through the talon.").format(n=board.redeals + 1))
            return True
        return False


BESIEGED_LINES: dict[str, set[str]] = {
    **{f"t{c + 1}": {f"c{r * 3 + c + 1}" for r in range(4)} for c in range(3)},  # above
    **{f"t{r + 4}": {f"c{r * 3 + c + 1}" for c in range(3)} for r in range(4)},  # right
    **{f"t{c + 8}": {f"c{r * 3 + c + 1}" for r in range(4)} for c in range(3)},  # below
    **{f"t{r + 11}": {f"c{r * 3 + c + 1}" for c in range(3)} for r in range(4)},  # left
}
"""Each Rampart ends one row or one column of the Reserve (its cells)."""


class Besieged(Hook):
    """The Besieged City: Reserve cards reach only the Ramparts that end their own row or
    column; a Rampart gap is filled at once from its row or column; the foundations are built
    only from the Ramparts and from the card just turned; talon cards pass through the Reserve.
    At the end (stock and talon used up) Reserve cards that cannot reach a Rampart may change
    places (``swap:c1,c5``, into a gap too) when that lets one of them reach one (p. 139)."""

    def _reaches(self, board: Board, cell: str, card: str) -> bool:
        """May ``card``, lying at Reserve place ``cell``, go to a Rampart ending its row or
        column (packed on its top, or into its gap)?"""
        for rampart, cells in BESIEGED_LINES.items():
            pile = board.piles[rampart]
            pack = board.rules.pile(rampart).pack
            if cell in cells and (not pile or (pack is not None
                                               and pack.fits(card, pile[-1], len(pile)))):
                return True
        return False

    def _transpositions(self, board: Board) -> list[str]:
        if board.stock() or board.piles["w"]:
            return []
        cells = [p.id for p in board.rules.piles if p.kind == "cell"]
        card = {c: board.piles[c][-1] for c in cells if board.piles[c]}
        stuck = {c for c in card if not self._reaches(board, c, card[c])}
        out = []
        for a in sorted(stuck, key=cells.index):
            for b in cells:
                if b == a or (b in card and b not in stuck):
                    continue
                if self._reaches(board, b, card[a]) or (b in card and self._reaches(
                        board, a, card[b])):
                    out.append(f"swap:{a},{b}")
        return out

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        def ok(m: str) -> bool:
            if not m.startswith("move:"):
                return True
            src, dst = m[5:].split(">")
            if src.startswith("c"):
                return dst in BESIEGED_LINES and src in BESIEGED_LINES[dst]
            if src == "w":
                return dst.startswith("c") or (dst.startswith("f")
                                               and bool(board.flags.get("fresh")))
            return True

        kept = [m for m in moves if ok(m)]
        gaps = [t for t in BESIEGED_LINES if not board.piles[t]]
        fills = [m for m in kept if m.startswith("move:") and m.split(">")[1] in gaps]
        # a Rampart gap is filled at once when its line can fill it
        return fills or kept + self._transpositions(board)

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind == "turn":
            board.flags["fresh"] = 1
        else:
            board.flags.pop("fresh", None)
        if kind == "swap":
            a, b = arg.split(",")
            board.piles[a], board.piles[b] = board.piles[b], board.piles[a]
            moved = joined([N_("{card} to {pile}").format(card=pretty(board.piles[c][-1]),
                                                          pile=board.name(c))
                            for c in (b, a) if board.piles[c]])
            board.log.append(N_("The Reserve rearranged: {moves}.").format(moves=moved))
            return True
        return False

    def refusal(self, board: Board, action: str) -> str | None:
        if not action.startswith("swap:"):
            return None
        if board.stock() or board.piles["w"]:
            return N_("The Reserve may be rearranged only at the end, once stock and talon "
                      "are gone.")
        return N_("Only Reserve cards that cannot reach a Rampart may change places, and only "
                  "when that lets one of them reach one.")


class Hemispheres(Hook):
    """The Hemispheres: red cards belong in the northern Races (t1-t6), black in the southern
    (t7-t12). A card in the wrong hemisphere is dead until swapped with a wrong card of the
    other (``swap:t2,t9``); once stock and talon are gone it may simply cross to a place in
    its own hemisphere. Packing stays within a Race (the talon top may go on any). Turning
    the stock fills Race gaps first, in order."""

    def _north(self, pid: str) -> bool:
        return int(pid[1:]) <= 6

    def _proper(self, pid: str, card: str) -> bool:
        return (card[0] in "HD") == self._north(pid)

    def _race(self, pid: str) -> int:
        return (int(pid[1:]) - 1) // 3

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        end = not board.stock() and not board.piles["w"]
        out = []
        for m in moves:
            if m.startswith("move:"):
                src, dst = m[5:].split(">")
                card = board.top(src) or ""
                empty = dst.startswith("t") and not board.piles[dst]
                if src.startswith("t") and not self._proper(src, card):
                    if not (end and dst.startswith("t") and self._proper(dst, card)):
                        continue
                elif empty or (src.startswith("t") and dst.startswith("t")
                               and self._race(src) != self._race(dst)):
                    continue
            out.append(m)
        races = [p for p in row_ids(board) if board.piles[p]]
        wrong_n = [p for p in races if self._north(p) and not self._proper(p, board.piles[p][-1])]
        wrong_s = [p for p in races if not self._north(p)
                   and not self._proper(p, board.piles[p][-1])]
        return out + [f"swap:{a},{b}" for a in wrong_n for b in wrong_s]

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind == "swap":
            a, b = arg.split(",")
            board.piles[a][-1], board.piles[b][-1] = board.piles[b][-1], board.piles[a][-1]
            board.log.append(N_("{card} and {other} change hemispheres.").format(
                card=pretty(board.piles[a][-1]), other=pretty(board.piles[b][-1])))
            return True
        if kind == "turn":
            card = face(board.stock().pop())
            gap = next((p for p in row_ids(board) if not board.piles[p]), "w")
            board.piles[gap].append(card)
            board.log.append((N_("Turned {card} into {pile}.") if gap != "w" else
                              N_("Turned {card}.")).format(card=pretty(card),
                                                           pile=board.name(gap)))
            return True
        return False


class Empress(Hook):
    """The Empress of India: red cards serve in the Army (a1-a24), black in the Navy (n1-n24);
    the rest of each colour wait in its own talon. Cards go up only in pairs, one red and one
    black at once (``pair:a3,n7``). An Army card may be laid on a Navy card or the other way
    (``lay:a3,n7``): that pair goes up together later (``up:n7``). Gaps fill at once with
    their own colour, from its talon or else the stock."""

    def __init__(self) -> None:
        self._last: tuple[object, dict[str, list[str]]] | None = None

    def _side(self, board: Board, letter: str) -> list[str]:
        """The Army's (``a``) or the Navy's (``n``) piles, in order: kept for the last rules
        asked about (a search asks for them at every forced move)."""
        rules = board.rules
        known = self._last
        if known is None or known[0] is not rules:
            known = (rules, {side: [p.id for p in rules.piles if p.id[0] == side
                                    and p.id[1:].isdigit()] for side in "an"})
            self._last = known
        return known[1][letter]

    def deal(self, board: Board, pack: list[str]) -> None:
        rest = generic_deal(board, pack)
        board.piles["s"] = []
        for card in rest:
            self._place(board, card)

    def _place(self, board: Board, card: str) -> None:
        red = card[0] in "HD"
        gap = next((p for p in self._side(board, "a" if red else "n") if not board.piles[p]),
                   None)
        board.piles[gap or ("wr" if red else "wb")].append(card)

    card_moves = False  # single-card moves are no action here (see `actions`)

    def actions(self, board: Board, moves: list[str]) -> list[str]:
        army = [p for p in self._side(board, "a") if len(board.piles[p]) == 1]
        navy = [p for p in self._side(board, "n") if len(board.piles[p]) == 1]
        goes: dict[str, bool] = {}  # card -> a foundation takes it (four packs: copies repeat)

        def up(card: str) -> bool:
            if card not in goes:
                goes[card] = bool(foundation_targets(board, card))
            return goes[card]

        out = [f"pair:{a},{n}" for a in army if up(board.piles[a][-1]) for n in navy
               if up(board.piles[n][-1])]
        out += [f"lay:{a},{n}" for a in army for n in navy] + [
            f"lay:{n},{a}" for n in navy for a in army]
        for p in self._side(board, "a") + self._side(board, "n"):
            if len(board.piles[p]) == 2 and all(up(c) for c in board.piles[p]):
                out.append(f"up:{p}")
        return [m for m in moves if not m.startswith("move:")] + out

    def _up(self, board: Board, card: str) -> None:
        board.piles[foundation_targets(board, card)[0]].append(card)

    def apply(self, board: Board, kind: str, arg: str) -> bool:
        if kind == "pair":
            a, n = arg.split(",")
            red, black = board.piles[a].pop(), board.piles[n].pop()
            self._up(board, red)
            self._up(board, black)
            board.log.append(N_("{card} and {other} go up together.").format(
                card=pretty(red), other=pretty(black)))
            return True
        if kind == "lay":
            src, dst = arg.split(",")
            card = board.piles[src].pop()
            board.piles[dst].append(card)
            board.log.append(N_("{card} laid on {other}.").format(
                card=pretty(card), other=pretty(board.piles[dst][0])))
            return True
        if kind == "up":
            cards = board.piles[arg]
            board.piles[arg] = []
            for card in cards:
                self._up(board, card)
            board.log.append(N_("{cards} go up together.").format(
                cards=joined([pretty(c) for c in cards])))
            return True
        return False

    def forced(self, board: Board) -> bool:
        for letter, talon in (("a", "wr"), ("n", "wb")):
            gap = next((p for p in self._side(board, letter) if not board.piles[p]), None)
            if gap is None:
                continue
            if board.piles[talon]:
                board.piles[gap].append(board.piles[talon].pop())
                return True
            if board.stock():
                self._place(board, face(board.stock().pop()))
                return True
        return False
