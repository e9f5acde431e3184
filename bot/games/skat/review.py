"""A short double-dummy review of a finished deal, for learners.

Once a deal is over every card has been shown, so the public record (`DealResult`: the skat,
the cards laid away, every trick) holds the whole deal. From it this module asks the exact
double-dummy search (`dds.Search`, all hands open, best play by everyone) two questions: could
the Player's cards have won the game (and made schneider), and which card of the play changed
that verdict: a Player's card that threw a won game away, or an opponent's card that let a lost
one through. "Won" means enough points to cover the bid too: when the plain game was worth less
than the bid, the question is schneider. Pure and deterministic; it never looks at a deal in
progress.

A deal that ended early left cards that were never shown, and the review must not give them
away, not even by a verdict computed from them. What it says then depends on how the deal ended:

- a claim: the claimant laid his hand open (`DealResult.shown`), so every card is public but
  the split of the last few between the hands he could not see. The review asks whether the
  claim held whatever that split (every lie consistent with the voids shown in play): a
  verdict drawn from public cards only. The play before the claim is not reviewed.
- a wrong claim, a concession, a Tourne thrown down, a Null lost at the Player's first trick,
  an announced schwarz lost at the opponents' first: no review, and the post says why.

Ramsch has no Player and gets no review.

The search runs null-window tests (is the target reachable?) rather than exact values: a full
exact search of ten tricks can take many seconds, a yes/no test takes milliseconds to about a
second. Verdicts are checked at the start of each trick and, inside the one trick where the
verdict changes, card by card, so a review is about a dozen tests. A caller may pass ``stop``
(checked between tests) to give up: `review_deal` then raises `ReviewStopped`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from math import comb

from bot.games.cards import Card, pretty
from bot.games.skat.contracts import Contract, points_of
from bot.games.skat.dds import Search
from bot.games.skat.options import SkatOptions
from bot.games.skat.rules import FULL_DECK, ROLE_NAMES, DealResult, card_key
from bot.games.skat.scoring import score_game
from bot.games.words import N_

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
    claim: ClaimReview | None = None
    """Set for a deal that ended with a correct claim: only the claim is reviewed."""


class ReviewStopped(Exception):
    """The caller's ``stop`` asked the review to give up."""


@dataclass(frozen=True)
class ClaimReview:
    """A correct claim, checked against every way the cards not shown could have lain."""

    claimant: Seat
    claimed: str
    """``rest`` (every remaining trick), ``game`` (the Player's game won) or ``beaten`` (a Null
    Player made to take a trick)."""
    shown: list[Card]
    """The claimant's cards, laid open."""
    unseen: int
    """How many cards stayed in hands nobody saw."""
    lies: int
    """The ways those cards could have been split, given the voids shown in play."""
    beaten_by: int
    """How many of those lies would have beaten the claim (0: it held whatever the lie)."""


_NO_REVIEW = {
    "conceded": N_("the Player gave up, so the cards left in hand were never shown."),
    "conceded by the opponents": N_("the opponents gave up, so the cards left in hand were "
                                 "never shown."),
    "surrendered": N_("the Tourne Player threw his hand down before the second trick, so the "
                   "cards were never shown."),
    "wrong claim of the rest": N_("the claim was wrong, the rules gave every remaining trick to "
                               "the other side, and the other hands were never shown."),
    "wrong claim (rule 9)": N_("the Player claimed his game wrongly, the rules gave the rest to "
                            "the opponents, and their last cards were never shown."),
    "wrong claim (rule 10)": N_("the opponent's claim was wrong, and the other hands were never "
                             "shown."),
    "claim of defeat": N_("an opponent claimed the Player beaten, the rules gave the rest to the "
                       "Player, and the other hands were never shown."),
}
_CLAIMED = {"rest claimed": "rest", "claimed won": "game", "claimed beaten": "beaten"}


def early_reason(result: DealResult, contract: Contract) -> str:
    """Why a deal that ended before the last trick gets no review, in a player's words."""
    if result.ended == "stopped early":
        if contract.is_null:
            return N_("a Null ends at the Player's first trick, so the cards left in hand were "
                      "never shown.")
        return N_("an announced schwarz ends at the opponents' first trick, so the cards left "
                  "in hand were never shown.")
    if result.ended in _CLAIMED:
        if result.claimant is not None and result.claimant != result.declarer:
            return N_("an opponent claimed with his own cards laid open; the Player's last "
                      "cards were never shown.")
        return N_("the claimant's cards were not laid open, so the cards left were never "
                  "shown.")
    return _NO_REVIEW.get(result.ended, N_("the deal ended early ({how}), so some cards were "
                                           "never shown.").format(how=result.ended))


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


def needs_search(result: DealResult) -> bool:
    """Whether `review_deal` will search (up to seconds) or answer at once."""
    if result.declarer is None or result.contract in (None, "ramsch"):
        return False
    if len(result.tricks) == 10:
        return True
    return (result.ended in _CLAIMED and result.claimant == result.declarer
            and result.claimant in result.shown)


def review_deal(result: DealResult, options: SkatOptions, *,
                stop: Callable[[], bool] | None = None) -> DealReview:
    """What a double-dummy search says about the finished deal ``result``."""
    if result.contract == "ramsch":
        return DealReview(False, N_("Ramsch has no Player to review."))
    if result.contract is None or result.declarer is None:
        return DealReview(False, N_("There was no Player in this deal."))
    contract = Contract.parse(result.contract)
    if len(result.tricks) != 10:
        if (result.ended in _CLAIMED and result.claimant == result.declarer
                and result.claimant in result.shown):
            return _review_claim(result, options, contract, stop)
        reason = early_reason(result, contract)
        return DealReview(False, reason[0].upper() + reason[1:], declarer=result.declarer,
                          contract=contract.code, label=contract.label)

    def stop_now() -> None:
        if stop is not None and stop():
            raise ReviewStopped

    decl = result.declarer
    pos = _Position(result)
    won = result.score.won if result.score is not None else None
    if contract.is_null:
        defenders = [s for s in pos.order if s != decl]
        search = Search(contract, pos.order, counted=(), maximizers=defenders, declarer=decl)

        def wins(i: int) -> bool:
            stop_now()
            hands, trick, turn = pos.at(i)
            return search.value(hands, trick, turn, 0, 1) < 1

        could, turns = _walk(pos, wins)
        return DealReview(True, declarer=decl, contract=contract.code, label=contract.label,
                          could_win=could, won=won, turns=turns)
    if contract.schwarz_announced:
        return DealReview(False, N_("An announced schwarz is decided by tricks, not points."))
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
        stop_now()
        return search.value(hands, trick, turn, need - 1, need) >= need

    could, turns = _walk(pos, lambda i: reaches(i, target))
    schneider = could if target == threshold else (could and reaches(0, threshold))
    return DealReview(True, declarer=decl, contract=contract.code, label=contract.label,
                      target=target, could_win=could, could_schneider=schneider, won=won,
                      turns=turns, for_bid=for_bid)


def _review_claim(result: DealResult, options: SkatOptions, contract: Contract,
                  stop: Callable[[], bool] | None) -> DealReview:
    """Did the Player's claim hold however the cards nobody saw were split? From public cards
    only: the tricks, the cards laid open, the skat, and the voids the play showed. (An
    opponent's claim is not reviewed: the Player's cards were never shown.)"""
    claimant, decl = result.claimant, result.declarer
    assert claimant is not None and decl is not None
    claimed = _CLAIMED[result.ended]
    order = list(result.roles)
    plays = [p for t in result.tricks for p in t.plays] + list(result.unfinished)
    shown = {s: list(cards) for s, cards in result.shown.items() if s in order}
    out_of_play = list(result.laid_away or result.skat)
    seen = {c for _, c in plays} | {c for cards in shown.values() for c in cards}
    unseen = [c for c in FULL_DECK if c not in seen and c not in out_of_play]
    hidden = [s for s in order if s not in shown]
    sizes = {s: 10 - sum(1 for p, _ in plays if p == s) for s in hidden}
    if sum(sizes.values()) != len(unseen):
        return DealReview(False, N_("The cards of this deal do not add up; it cannot be "
                                    "reviewed."),
                          declarer=decl, contract=contract.code, label=contract.label)
    trick = list(result.unfinished)
    if trick:
        turn = order[(order.index(trick[-1][0]) + 1) % 3]
    else:
        turn = result.tricks[-1].winner if result.tricks else order[0]
    side = {decl}
    have = points_of(out_of_play) + sum(points_of([c for _, c in t.plays])
                                        for t in result.tricks if t.winner == decl)
    need = options.schneider_threshold if contract.schneider_announced else 61

    take_all = _TakeAll(order, contract, side)
    if contract.is_null:
        search = Search(contract, order, counted=(), maximizers=[s for s in order if s != decl],
                        declarer=decl)
    else:
        search = Search(contract, order, counted={decl}, maximizers={decl}, declarer=decl)

    def holds(hands: dict[Seat, list[Card]]) -> bool:
        if stop is not None and stop():
            raise ReviewStopped
        if claimed == "rest" or (claimed == "game" and contract.schwarz_announced):
            return take_all(hands, trick, turn)
        if contract.is_null:
            avoids = search.value(hands, trick, turn, 0, 1) < 1
            return avoids if claimed == "game" else not avoids
        goal = need - have
        return goal <= 0 or search.value(hands, trick, turn, goal - 1, goal) >= goal

    lies = beaten = 0
    around = [c for cards in shown.values() for c in cards] + [c for _, c in trick]
    classes = _classes(unseen, around, contract, points=claimed == "game")
    for split, ways in _lies(classes, hidden, sizes, _voids(plays, contract), contract):
        lies += ways
        if not holds({**shown, **split}):
            beaten += ways
    review = ClaimReview(claimant=claimant, claimed=claimed,
                         shown=sorted(shown.get(claimant, []), key=card_key),
                         unseen=len(unseen), lies=lies, beaten_by=beaten)
    return DealReview(True, declarer=decl, contract=contract.code, label=contract.label,
                      target=need, won=result.score.won if result.score else None,
                      claim=review)


class _TakeAll:
    """Can ``side`` win every remaining trick? An exhaustive search whose table is shared by
    every lie of the same claim: after a trick or two the lies meet in the same positions."""

    def __init__(self, order: Sequence[Seat], contract: Contract, side: set[Seat]) -> None:
        self.order = list(order)
        self.contract = contract
        self.side = side
        self.memo: dict[tuple[object, ...], bool] = {}

    def __call__(self, hands: dict[Seat, list[Card]], trick: Sequence[Play], turn: Seat
                 ) -> bool:
        start = tuple(frozenset(hands[s]) for s in self.order)
        return self._rec(start, tuple(trick), self.order.index(turn))

    def _rec(self, hs: tuple[frozenset[Card], ...], tr: tuple[Play, ...], me: int) -> bool:
        if not tr and not any(hs):
            return True
        key = (hs, tr, me)
        known = self.memo.get(key)
        if known is not None:
            return known
        seat = self.order[me]
        mine = seat in self.side
        result = not mine
        for card in self.contract.legal_cards(sorted(hs[me]), [c for _, c in tr]):
            nh = (*hs[:me], hs[me] - {card}, *hs[me + 1:])
            nt = (*tr, (seat, card))
            if len(nt) == 3:
                winner = self.contract.trick_winner(list(nt))
                ok = winner in self.side and self._rec(nh, (), self.order.index(winner))
            else:
                ok = self._rec(nh, nt, (me + 1) % 3)
            if ok == mine:
                result = ok
                break
        self.memo[key] = result
        return result


def _voids(plays: Sequence[Play], contract: Contract) -> dict[Seat, set[str]]:
    """The effective suits each seat showed out of (did not follow when it was led)."""
    out: dict[Seat, set[str]] = {}
    for start in range(0, len(plays), 3):
        trick = plays[start:start + 3]
        led = contract.follow_suit(trick[0][1])
        for seat, card in trick[1:]:
            if contract.follow_suit(card) != led:
                out.setdefault(seat, set()).add(led)
    return out


def _classes(unseen: list[Card], around: list[Card], contract: Contract, *, points: bool
             ) -> list[list[Card]]:
    """The unseen cards in classes whose members play alike: neighbours in one effective suit
    with no other live card between them (and, when points count, of equal value). The
    hidden hands are both the Player's opponents, so which of them holds which member of a
    class cannot change the verdict: a trick (or points) either of them takes is the same."""
    def rank(card: Card) -> tuple[str, int]:
        return contract.follow_suit(card), contract.power(card)

    hidden = set(unseen)
    ordered = sorted([*unseen, *around], key=rank)
    classes: list[list[Card]] = []
    prev: Card | None = None
    for card in ordered:
        joins = (prev is not None and prev in hidden and card in hidden
                 and rank(prev)[0] == rank(card)[0]
                 and (not points or points_of([prev]) == points_of([card])))
        if card in hidden:
            if joins:
                classes[-1].append(card)
            else:
                classes.append([card])
        prev = card
    return classes


def _lies(classes: list[list[Card]], hidden: list[Seat], sizes: dict[Seat, int],
          voids: dict[Seat, set[str]], contract: Contract
          ) -> Iterator[tuple[dict[Seat, list[Card]], int]]:
    """Every split of the unseen cards between the hidden seats that fits their voids, one
    per pattern of how many of each class each seat holds, with the number of real splits it
    stands for."""
    if not hidden:
        yield {}, 1
        return
    if len(hidden) == 1:
        cards = [c for cls in classes for c in cls]
        if all(contract.follow_suit(c) not in voids.get(hidden[0], set()) for c in cards):
            yield {hidden[0]: cards}, 1
        return
    first, second = hidden[0], hidden[1]
    void_a, void_b = voids.get(first, set()), voids.get(second, set())
    ranges: list[range] = []
    for cls in classes:
        suit = contract.follow_suit(cls[0])
        low = len(cls) if suit in void_b else 0
        high = 0 if suit in void_a else len(cls)
        ranges.append(range(low, high + 1))

    def counts(k: int, left: int) -> Iterator[list[int]]:
        if k == len(classes):
            if left == 0:
                yield []
            return
        for n in ranges[k]:
            if n <= left:
                for rest in counts(k + 1, left - n):
                    yield [n, *rest]

    for pattern in counts(0, sizes[first]):
        mine = [c for cls, n in zip(classes, pattern, strict=True) for c in cls[:n]]
        theirs = [c for cls, n in zip(classes, pattern, strict=True) for c in cls[n:]]
        ways = 1
        for cls, n in zip(classes, pattern, strict=True):
            ways *= comb(len(cls), n)
        yield {first: mine, second: theirs}, ways


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
        return [N_("No review: {reason}").format(reason=review.reason)]

    def who(seat: Seat) -> str:
        if names is not None and seat < len(names):
            return names[seat]
        return ROLE_NAMES[roles.index(seat)] if seat in roles else f"Seat {seat + 1}"

    assert review.declarer is not None
    player = who(review.declarer)
    if review.claim is not None:
        return _claim_lines(review.claim, review, who)
    lines: list[str] = []
    if Contract.parse(review.contract).is_null:
        said = (N_("With all cards open, {player}'s {game} could lose every trick against "
                   "best defence.") if review.could_win else
                N_("With all cards open, {player}'s {game} could be made to take a trick "
                   "against best defence."))
        lines.append(said.format(player=player, game=review.label))
    else:
        if review.target > 120 - 1:
            lines.append(N_("{player}'s {game} could not cover the bid short of schwarz: an "
                            "overbid from the start.").format(player=player, game=review.label))
            return lines
        goal = "61" if review.target == 61 else (
            N_("{points} (schneider, to cover the bid)") if review.for_bid
            else N_("{points} (schneider announced)")).format(points=review.target)
        if review.could_win:
            said = (N_("With all cards open, {player}'s {game} could reach {goal} against best "
                       "defence, even schneider.")
                    if review.could_schneider and review.target == 61 else
                    N_("With all cards open, {player}'s {game} could reach {goal} against best "
                       "defence."))
        else:
            said = (N_("With all cards open, {player}'s {game} could not reach {goal} against "
                       "best defence, even schneider.")
                    if review.could_schneider and review.target == 61 else
                    N_("With all cards open, {player}'s {game} could not reach {goal} against "
                       "best defence."))
        lines.append(said.format(player=player, game=review.label, goal=goal))
    for t in review.turns:
        card = pretty(t.card)
        if t.seat == review.declarer:
            said = N_("Trick {n}: {player}'s {card} let the game slip away.")
        else:
            said = N_("Trick {n}: {player}'s {card} let the Player through.")
        lines.append(said.format(n=t.trick, player=who(t.seat), card=card))
    if not review.turns and review.could_win is not None:
        lines.append(N_("Nobody's card changed that: the cards decided this deal."))
    return lines


def _claim_lines(claim: ClaimReview, review: DealReview, who: Callable[[Seat], str]
                 ) -> list[str]:
    claimant = who(claim.claimant)
    what = {"rest": N_("every remaining trick"),
            "game": N_("his {game} won").format(game=review.label),
            "beaten": N_("that the Player must take a trick")}[claim.claimed]
    cards = " ".join(pretty(c) for c in claim.shown)
    lines = [N_("{player} laid down {cards} and claimed {what}.").format(
        player=claimant, cards=cards, what=what)]
    ways = (N_("{n} way") if claim.lies == 1 else N_("{n} ways")).format(n=claim.lies)
    if claim.unseen == 0:
        lines.append(N_("Every card was known by then, so the claim was certain."))
    elif claim.beaten_by == 0:
        said = (N_("{player}'s cards alone did it: the claim held however the {unseen} cards "
                   "nobody saw lay ({ways} they could, given who had shown out of a suit).")
                if claim.claimant == review.declarer else
                N_("It did it: the claim held however the {unseen} cards nobody saw lay ({ways} "
                   "they could, given who had shown out of a suit)."))
        lines.append(said.format(player=claimant, unseen=claim.unseen, ways=ways))
    else:
        lines.append(N_("It held as the cards lay, but not against every lie of the {unseen} "
                        "cards nobody saw: {beaten} of the {ways} they could lie would have "
                        "beaten it.").format(unseen=claim.unseen, beaten=claim.beaten_by,
                                             ways=ways))
    lines.append(N_("The play before the claim is not reviewed: the other hands were never "
                    "shown."))
    return lines
