"""A short double-dummy review of a finished deal, for learners.

Once a deal is over every card has been shown, so the public record (`DealResult`: the skat,
the cards laid away, every trick) holds the whole deal. From it this module asks the exact
double-dummy search (`dds.Search`, all hands open, best play by everyone) two questions: could
the Player's cards have won the game (and made schneider), and which card of the play changed
that verdict: a Player's card that threw a won game away, or an opponent's card that let a lost
one through. "Won" means enough points to cover the bid too: when the plain game was worth less
than the bid, the question is schneider. Pure and deterministic; it never looks at a deal in
progress.

Only deals played to the last trick can be reviewed: a claim, a concession or a Null stopped
early leaves cards that were never shown. Ramsch has no Player and gets no review.

The search runs null-window tests (is the target reachable?) rather than exact values: a full
exact search of ten tricks can take many seconds, a yes/no test takes milliseconds to about a
second. Verdicts are checked at the start of each trick and, inside the one trick where the
verdict changes, card by card, so a review is about a dozen tests.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.games.cards import Card, pretty
from bot.games.skat.contracts import Contract, points_of
from bot.games.skat.dds import Search
from bot.games.skat.options import SkatOptions
from bot.games.skat.rules import ROLE_NAMES, DealResult
from bot.games.skat.scoring import score_game

Seat = int
Play = tuple[Seat, Card]


@dataclass(frozen=True)
class Turn:
    """A card after which the double-dummy verdict changed."""

    trick: int
    """1-based."""
    seat: Seat
    card: Card
    player_could_win: bool
    """The verdict before this card; after it, the opposite."""


@dataclass(frozen=True)
class DealReview:
    available: bool
    reason: str = ""
    """Why there is no review (when not available)."""
    declarer: Seat | None = None
    contract: str = ""
    label: str = ""
    target: int = 0
    """The card points the Player needed (61, or the schneider he announced)."""
    could_win: bool | None = None
    could_schneider: bool | None = None
    won: bool | None = None
    turns: list[Turn] = field(default_factory=list)
    for_bid: bool = False
    """The target was raised to cover the bid (schneider, or 120: only schwarz would do)."""


class _Position:
    """The deal replayed from its record: hands before any given card."""

    def __init__(self, result: DealResult) -> None:
        self.order = list(result.roles)
        plays = [p for t in result.tricks for p in t.plays]
        self.plays: list[Play] = [(s, c) for s, c in plays]
        self.start: dict[Seat, list[Card]] = {s: [] for s in self.order}
        for s, c in self.plays:
            self.start[s].append(c)

    def at(self, index: int) -> tuple[dict[Seat, list[Card]], list[Play], Seat]:
        """(hands, trick so far, seat to play) before the ``index``-th card of the play."""
        played = self.plays[:index]
        hands = {s: [c for c in cards if (s, c) not in played]
                 for s, cards in self.start.items()}
        in_trick = index % 3
        trick = self.plays[index - in_trick:index]
        return hands, trick, self.plays[index][0]


def review_deal(result: DealResult, options: SkatOptions) -> DealReview:
    """What a double-dummy search says about the finished deal ``result``."""
    if result.contract == "ramsch":
        return DealReview(False, "Ramsch has no Player to review.")
    if result.contract is None or result.declarer is None:
        return DealReview(False, "There was no Player in this deal.")
    contract = Contract.parse(result.contract)
    if len(result.tricks) != 10:
        return DealReview(False, f"The deal ended early ({result.ended}), so some cards were "
                          "never shown.")
    decl = result.declarer
    pos = _Position(result)
    won = result.score.won if result.score is not None else None
    if contract.is_null:
        defenders = [s for s in pos.order if s != decl]
        search = Search(contract, pos.order, counted=(), maximizers=defenders, declarer=decl)

        def wins(i: int) -> bool:
            hands, trick, turn = pos.at(i)
            return search.value(hands, trick, turn, 0, 1) < 1

        could, turns = _walk(pos, wins)
        return DealReview(True, declarer=decl, contract=contract.code, label=contract.label,
                          could_win=could, won=won, turns=turns)
    if contract.schwarz_announced:
        return DealReview(False, "An announced schwarz is decided by tricks, not points.")
    skat = result.laid_away or result.skat
    skat_points = points_of(list(skat))
    threshold = options.schneider_threshold
    target = threshold if contract.schneider_announced else 61
    for_bid = False
    if target == 61 and result.bid:
        # The game must also cover the bid: if its plain value does not, he needed schneider.
        cards12 = [c for t in result.tricks for s, c in t.plays if s == decl] + list(skat)
        plain = score_game(contract, options, cards12=cards12, points=61, tricks=5, won=True)
        if plain.raw < result.bid:
            higher = score_game(contract, options, cards12=cards12, points=threshold, tricks=5,
                                won=True)
            if higher.raw < result.bid:
                return DealReview(True, declarer=decl, contract=contract.code,
                                  label=contract.label, target=120, could_win=False,
                                  could_schneider=False, won=won, for_bid=True)
            target, for_bid = threshold, True
    search = Search(contract, pos.order, counted={decl}, maximizers={decl}, declarer=decl)

    def reaches(i: int, points: int) -> bool:
        need = points - skat_points
        if need <= 0:
            return True
        hands, trick, turn = pos.at(i)
        have = sum(points_of([c for _, c in t.plays]) for t in result.tricks[:i // 3]
                   if t.winner == decl)
        need -= have
        if need <= 0:
            return True
        return search.value(hands, trick, turn, need - 1, need) >= need

    could, turns = _walk(pos, lambda i: reaches(i, target))
    schneider = could if target == threshold else (could and reaches(0, threshold))
    return DealReview(True, declarer=decl, contract=contract.code, label=contract.label,
                      target=target, could_win=could, could_schneider=schneider, won=won,
                      turns=turns, for_bid=for_bid)


def _walk(pos: _Position, verdict: Callable[[int], bool]) -> tuple[bool, list[Turn]]:
    """The verdict at the first lead, and the cards where it changed: checked at each trick's
    start, then card by card inside a trick whose end differs from its start. The last trick
    is forced (one card each), so its verdict never changes."""
    first = verdict(0)
    turns: list[Turn] = []
    current = first
    for trick in range(9):
        start = trick * 3
        end_verdict = verdict(start + 3)
        if end_verdict == current:
            continue
        before = current
        for k in range(1, 4):
            after = end_verdict if k == 3 else verdict(start + k)
            if after != before:
                seat, card = pos.plays[start + k - 1]
                turns.append(Turn(trick + 1, seat, card, before))
                before = after
        current = end_verdict
    return first, turns


def review_lines(review: DealReview, roles: list[Seat],
                 names: list[str] | None = None) -> list[str]:
    """The review in words, with players' names where given (else Vorhand/Mittelhand...)."""
    if not review.available:
        return [f"No review: {review.reason}"]

    def who(seat: Seat) -> str:
        if names is not None and seat < len(names):
            return names[seat]
        return ROLE_NAMES[roles.index(seat)] if seat in roles else f"Seat {seat + 1}"

    assert review.declarer is not None
    player = who(review.declarer)
    lines: list[str] = []
    if Contract.parse(review.contract).is_null:
        verdict = "could lose every trick" if review.could_win else "could be made to take a trick"
        lines.append(f"With all cards open, {player}'s {review.label} {verdict} "
                     "against best defence.")
    else:
        if review.target > 120 - 1:
            lines.append(f"{player}'s {review.label} could not cover the bid short of schwarz: "
                         "an overbid from the start.")
            return lines
        goal = "61" if review.target == 61 else f"{review.target} (schneider"
        if review.target != 61:
            goal += ", to cover the bid)" if review.for_bid else " announced)"
        verdict = "could reach" if review.could_win else "could not reach"
        line = (f"With all cards open, {player}'s {review.label} {verdict} {goal} "
                "against best defence")
        if review.could_schneider and review.target == 61:
            line += ", even schneider"
        lines.append(line + ".")
    for t in review.turns:
        card = pretty(t.card)
        if t.seat == review.declarer:
            lines.append(f"Trick {t.trick}: {who(t.seat)}'s {card} let the game slip away.")
        else:
            lines.append(f"Trick {t.trick}: {who(t.seat)}'s {card} let the Player through.")
    if not review.turns and review.could_win is not None:
        lines.append("Nobody's card changed that: the cards decided this deal.")
    return lines
