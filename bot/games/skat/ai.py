"""The Skat AI: bids and declares by counting the hand, plays by solving sampled deals.

It reads only its own seat's `SkatView`. **Bidding** counts the hand for every game it could
play, the way the classic book's "safe counts" do (Tourne: Jacks and Aces count 4; Solo: trumps
plus winning Aces and Tens count 8; Guckser/Tourne Grand: Jacks and Aces 5; Solo Grand: winning
Jacks and sure tricks 7; Null: every suit can be under-played), and bids up to the value of the
best game whose count it reaches, with matadors counted pessimistically (a Jack in the skat can
spoil a "without"). The same counts choose Hand or skat, the two cards to lay away (keep trumps
and Aces, blank short suits, put full cards away when they are in danger) and the contract.

**Card play** draws deals consistent with what the seat has seen and remembers (its hand, the
cards shown on the table, the skat if it took it up, and every trick of the deal from
``view.played``: the cards gone and the voids revealed), keeping each drawn deal with a chance
that says how well it fits the auction (`Knowledge.plausibility`: a seat that bid or held a
value should count a hand worth it by this AI's own counts, a seat that passed one should not).
It scores every legal card on each deal by the contract's goal (`Goal`), taken from the score
sheet itself (`score_game` with the bid and the Player's twelve cards, sampled where unseen):
the Player needs 61, or Schneider when announced *or when his bid needs it*, or every trick
when schwarz is announced or needed; staying out of Schneider, making it and schwarz are side
steps weighted by what they add to the entry, card points only a tie-break. Schwarz is a count
of tricks, never 120 points (`sweep_moves`, a small search of its own). While many tricks
remain the score comes from sighted greedy play-outs (`dds.Search` rollouts, cheap); in the
last `EXACT_CARDS` tricks from null-window "does the Player reach t?" searches, exact and fast
there. Null is already a goal (no trick). **Ramsch** (`_Ramsch`) is scored as the table scores
it (`score_ramsch`: the most points loses, Jungfrau, Durchmarsch), every seat for itself:
greedy play-outs early, every line searched in the last tricks. The card with the best average
wins.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations

from bot.games.base import Action, View
from bot.games.cards import SUITS, Card
from bot.games.skat.contracts import (
    CARD_POINTS,
    JACKS,
    NULL_ORDER,
    Contract,
    matadors,
)
from bot.games.skat.dds import Search
from bot.games.skat.options import PRESETS, SkatOptions
from bot.games.skat.rules import FULL_DECK, ROLE_NAMES, SkatView
from bot.games.skat.scoring import score_game, score_ramsch

SAMPLES: int | None = None
"""Fixed number of sampled deals per card decision (tests); None = as the budget allows."""
MAX_SAMPLES = 24
MIN_SAMPLES = 4
EXACT_CARDS = 5
"""Exact (null-window) search once the seat holds at most this many cards."""
NULL_EXACT_CARDS = 5
"""The same for Null, whose search stops at the Player's first trick."""

# Counts (see the module docstring) a game needs before the AI bids it.
TOURNE_COUNT = 4.0
SOLO_COUNT = 8.0
GUCK_COUNT = 5.0
SOLO_GRAND_COUNT = 7.0
ISKO_SUIT_COUNT = 7.0
ISKO_GRAND_COUNT = 6.0
HAND_BONUS = 1.0
"""What taking up the skat is worth to a count: one card better, on average."""
POSITION_GRAND = 1.0
POSITION_SUIT = 0.5


# ---- hand counting -----------------------------------------------------------------------


def _plain(hand: Sequence[Card], suit: str) -> list[Card]:
    return [c for c in hand if c[0] == suit and c[1] != "J"]


def _ranks(hand: Sequence[Card]) -> dict[str, str]:
    """The ranks held in each suit, Jacks left out (one pass: counting is done per sample)."""
    out = dict.fromkeys(SUITS, "")
    for c in hand:
        if c[1] != "J":
            out[c[0]] += c[1]
    return out


def side_tricks(hand: Sequence[Card], trump: str | None,
                ranks: dict[str, str] | None = None) -> float:
    """Sure tricks in the plain suits: Aces, Tens behind their Ace, Kings behind A-T."""
    held = ranks if ranks is not None else _ranks(hand)
    out = 0.0
    for s in SUITS:
        if s == trump:
            continue
        r = held[s]
        if "A" in r:
            out += 1
            if "T" in r:
                out += 1
                if "K" in r and len(r) >= 3:
                    out += 0.5
        elif "T" in r and len(r) >= 3:
            out += 0.5
    return out


def suit_count(hand: Sequence[Card], suit: str) -> float:
    """The book's Solo count: trumps plus winning Aces and Tens; a blank suit helps a ruff."""
    held = _ranks(hand)
    trumps = sum(1 for c in hand if c[1] == "J" or c[0] == suit)
    voids = sum(1 for s in SUITS if s != suit and not held[s])
    return trumps + side_tricks(hand, suit, held) + 0.5 * voids * (trumps >= 5)


def jacks_and_aces(hand: Sequence[Card]) -> int:
    return sum(1 for c in hand if c[1] in "JA")


def grand_count(hand: Sequence[Card]) -> float:
    """Winning Jacks (unbroken from the Club Jack; others half) plus sure plain tricks."""
    jacks = [j for j in JACKS if j in hand]
    top = 0
    for j in JACKS:
        if j not in hand:
            break
        top += 1
    return top + 0.5 * (len(jacks) - top) + side_tricks(hand, None)


def null_risk(hand: Sequence[Card]) -> int:
    """How many suits the opponents could force a trick in (0 = a safe Nullo)."""
    risky = 0
    for s in SUITS:
        ranks = sorted(NULL_ORDER[::-1].index(c[1]) for c in hand if c[0] == s)
        if any(r > 2 * i for i, r in enumerate(ranks)):
            risky += 1
    return risky


def _all_trumps(contract: Contract) -> list[Card]:
    return contract.trumps()


def pessimistic_matadors(hand: Sequence[Card], contract: Contract) -> int:
    """Matadors the hand surely keeps whatever two cards the skat adds."""
    trumps = _all_trumps(contract)
    held = set(hand)
    missing = [t for t in trumps if t not in held]
    worst = 99
    options: list[tuple[Card, ...]] = [()]
    options += [(t,) for t in missing[:3]]
    options += list(combinations(missing[:3], 2))
    for extra in options:
        cards = held | set(extra)
        if trumps[0] in cards:
            k = 0
            while k < len(trumps) and trumps[k] in cards:
                k += 1
        else:
            k = 0
            while k < len(trumps) and trumps[k] not in cards:
                k += 1
        worst = min(worst, k)
    return worst


def _quick_matadors(hand: Sequence[Card], contract: Contract) -> int:
    return matadors(list(hand), contract)[1]


def game_values(hand: Sequence[Card], rules: str, position: int, *,
                quick: bool = False) -> list[tuple[int, str]]:
    """(safe value, plan) of every game this 10-card hand counts for; plan names the route.

    The book's counts are for Vorhand, who leads; Mittelhand and Hinterhand "must be one
    degree stronger", so they need `POSITION_GRAND` more for a Grand, `POSITION_SUIT` for a
    suit game."""
    out: list[tuple[int, str]] = []
    pen_g = 0.0 if position == 0 else POSITION_GRAND
    pen_s = 0.0 if position == 0 else POSITION_SUIT
    jacks = sum(1 for c in hand if c[1] == "J")
    g = grand_count(hand)
    mats = _quick_matadors if quick else pessimistic_matadors
    if rules == "classic":
        for s in SUITS:
            solo = Contract(kind="solo", suit=s)
            if suit_count(hand, s) >= SOLO_COUNT + pen_s:
                k = mats(hand, solo)
                out.append((solo.unit * (k + 1), f"solo-{s}"))
        if g >= SOLO_GRAND_COUNT + pen_g and jacks >= 2:
            k = mats(hand, Contract(kind="solo_grand"))
            out.append((16 * (k + 1), "solo_grand"))
        if jacks_and_aces(hand) >= GUCK_COUNT + pen_g and jacks >= 2 and g >= 4 + pen_g:
            k = mats(hand, Contract(kind="guck_grand"))
            out.append((12 * (k + 1), "guck:grand"))
        ja = jacks_and_aces(hand)
        if (ja >= TOURNE_COUNT + pen_s and jacks >= 2) or ja >= TOURNE_COUNT + 1 + pen_s:
            k = mats(hand, Contract(kind="tourne_grand"))
            out.append((5 * (min(k, 4) + 1), "tourne"))
        if null_risk(hand) == 0:
            out.append((20, "nullo"))
        return out
    for s in SUITS:
        trumps = sum(1 for x in hand if x[1] == "J" or x[0] == s)
        if trumps < 5 or (trumps == 5 and jacks == 0):
            continue
        c = Contract(kind="suit", suit=s)
        count = suit_count(hand, s)
        k = mats(hand, c)
        if count >= ISKO_SUIT_COUNT + HAND_BONUS + 0.5 + pen_s and trumps >= 6:
            out.append((c.unit * (k + 2), f"hand:suit-{s}"))
        if count + HAND_BONUS >= ISKO_SUIT_COUNT + pen_s:
            out.append((c.unit * (k + 1), "skat"))
    if jacks >= 2:
        k = mats(hand, Contract(kind="grand"))
        if g >= ISKO_GRAND_COUNT + HAND_BONUS + 0.5 + pen_g:
            out.append((24 * (k + 2), "hand:grand"))
        elif g + HAND_BONUS >= ISKO_GRAND_COUNT + pen_g:
            out.append((24 * (k + 1), "skat"))
    risk = null_risk(hand)
    if risk == 0:
        out.append((35, "hand:null"))
    elif risk == 1:
        out.append((23, "skat"))
    return out


def bid_limit(view: SkatView) -> int:
    values = game_values(view.hand, view.rules, view.roles.index(view.seat or 0))
    return max((v for v, _ in values), default=0)


# ---- entry point -------------------------------------------------------------------------


def choose(view: View, legal: Sequence[Action], rng: random.Random, budget_ms: int, *,
           samples: int | None = None) -> Action:
    """The move for the seat whose ``view`` this is; always a member of ``legal``.

    Deterministic given ``rng`` when the sample count is fixed (``samples`` or `SAMPLES`);
    otherwise the number of sampled deals depends on ``budget_ms``.
    """
    options = list(legal)
    if not options:
        raise ValueError("The AI was asked to move with no legal moves.")
    if len(options) == 1 or not isinstance(view, SkatView) or view.seat is None:
        return options[0]
    fixed = samples if samples is not None else SAMPLES
    handler = {
        "bid": _bid, "skat": _skat, "tourne_first": _tourne_first,
        "tourne_jack": _tourne_jack, "discard": _discard, "declare": _declare,
        "kontra": _kontra,
    }.get(view.phase)
    if handler is not None:
        pick = handler(view, options)
    elif view.phase == "play":
        pick = _play(view, options, rng, budget_ms, fixed)
    else:
        pick = options[0]
    return pick if pick in options else options[0]


def _find(options: Sequence[Action], text: str) -> Action | None:
    for a in options:
        if str(a) == text:
            return a
    return None


def _pass(options: Sequence[Action]) -> Action:
    return _find(options, "pass") or options[-1]


# ---- auction -----------------------------------------------------------------------------


def _bid(view: SkatView, options: list[Action]) -> Action:
    limit = bid_limit(view)
    bids = [a for a in options if a.kind == "bid"]
    if bids:
        low = min(bids, key=lambda a: int(a.arg))
        return low if int(low.arg) <= limit else _pass(options)
    hold = _find(options, "hold")
    return hold if hold is not None and view.bid <= limit else _pass(options)


# ---- classic: the skat and the Tourne ----------------------------------------------------


def _skat(view: SkatView, options: list[Action]) -> Action:
    hand = view.hand
    position = view.roles.index(view.seat or 0)
    if view.rules == "isko":
        plans = [(v, p) for v, p in game_values(hand, "isko", position) if v >= view.bid]
        best = max(plans, default=(0, "skat"))
        return _find(options, "hand" if best[1].startswith("hand:") else "skat") or options[0]
    plans = [(v, p) for v, p in game_values(hand, "classic", position) if v >= view.bid]
    # Prefer the surest route the book names: Solo or Solo Grand when counted, then Nullo,
    # Guckser, and Tourne last (it risks a trump that does not fit).
    rank = {"solo_grand": 0, "nullo": 2, "guck:grand": 3, "tourne": 4}
    plans.sort(key=lambda vp: (rank.get(vp[1], 1), -vp[0]))
    for _, plan in plans:
        if plan.startswith(("solo", "nullo")):
            code = plan
            if plan.startswith("solo-") and suit_count(hand, plan[-1]) >= SOLO_COUNT + 3:
                code += "-schneider"
            pick = _find(options, f"declare:{code}")
            if pick is not None:
                return pick
        if plan == "guck:grand":
            pick = _find(options, "guck:grand")
            if pick is not None:
                return pick
        if plan == "tourne":
            break
    if view.bid == 0 and _find(options, "declare:ramsch") is not None and (
            jacks_and_aces(hand) + 0.5 < TOURNE_COUNT):
        return _find(options, "declare:ramsch") or options[0]
    if view.bid <= 20 and null_risk(hand) == 0 and _find(options, "declare:nullo"):
        return _find(options, "declare:nullo") or options[0]
    return _find(options, "tourne:left") or options[0]


def _tourne_first(view: SkatView, options: list[Action]) -> Action:
    peek = view.peek
    if peek is None:
        return _find(options, "accept") or options[0]
    if peek[1] == "J":
        return _find(options, "accept") or options[0]
    hand = [*view.hand, peek]
    fits = suit_count(hand, peek[0])
    # Passt nicht doubles a loss and the other card is a lottery: accept any fair suit.
    return _find(options, "accept" if fits >= 5 else "passt_nicht") or options[0]


def _tourne_jack(view: SkatView, options: list[Action]) -> Action:
    hand = [*view.hand, view.turned or ""]
    jack = view.turned or "CJ"
    grand = grand_count(hand)
    suit = suit_count(hand, jack[0])
    grand_wins = grand >= 4.5 and grand + 2 >= suit
    want = "declare:tourne_grand" if grand_wins else f"declare:tourne-{jack[0]}"
    return _find(options, want) or options[0]


# ---- laying away and declaring -----------------------------------------------------------


def _candidates(view: SkatView) -> list[Contract]:
    """The contracts the AI weighs for its twelve cards."""
    if view.contract is not None:
        return [Contract.parse(view.contract)]
    if view.rules == "classic":
        return [Contract(kind="frage", suit=s) for s in SUITS]
    return [*(Contract(kind="suit", suit=s) for s in SUITS), Contract(kind="grand"),
            Contract(kind="null")]


def _strength(hand: Sequence[Card], contract: Contract) -> float:
    """How far the hand is above the count its game needs (isko thresholds; 0 = just)."""
    if contract.is_null:
        return 1.0 - 1.5 * null_risk(hand)
    if contract.is_grand:
        return grand_count(hand) - ISKO_GRAND_COUNT
    return suit_count(hand, contract.suit or "C") - ISKO_SUIT_COUNT


def _choice_key(hand: Sequence[Card], contract: Contract, value: int) -> float:
    """Among games the hand makes, the most valuable; else the one nearest to making."""
    return min(_strength(hand, contract), 1.0) + 0.01 * value


def _discard_score(kept: Sequence[Card], away: Sequence[Card], contract: Contract) -> float:
    score = _strength(kept, contract)
    if contract.is_null:
        return score - 0.01 * sum(NULL_ORDER[::-1].index(c[1]) for c in kept)
    # Points laid away are the Player's; a lone Ten or King is in danger in the hand.
    score += 0.05 * sum(CARD_POINTS[c[1]] for c in away)
    score -= 2.0 * sum(1 for c in away if contract.is_trump(c))
    score -= 0.8 * sum(1 for c in away if c[1] == "A")
    for s in SUITS:
        plain = [c for c in kept if c[0] == s and not contract.is_trump(c)]
        if len(plain) == 1 and plain[0][1] in "TKQ":
            score -= 0.3 * CARD_POINTS[plain[0][1]] / 10
    return score


def best_discard(hand: Sequence[Card], contract: Contract) -> tuple[float, tuple[Card, Card]]:
    best: tuple[float, tuple[Card, Card]] | None = None
    for pair in combinations(sorted(hand), 2):
        kept = [c for c in hand if c not in pair]
        s = _discard_score(kept, pair, contract)
        if best is None or s > best[0]:
            best = (s, pair)
    assert best is not None
    return best


def _value_of(contract: Contract, cards12: Sequence[Card]) -> int:
    if contract.is_null:
        return contract.null_value
    # Twelve known cards count exactly; with the skat unseen, count pessimistically.
    k = matadors(cards12, contract)[1] if len(cards12) >= 12 else pessimistic_matadors(
        cards12, contract)
    return contract.unit * (k + 1 + (1 if contract.hand else 0))


def _discard(view: SkatView, options: list[Action]) -> Action:
    hand = view.hand
    cands = _candidates(view)
    if view.contract is not None and view.rules == "classic":
        contract = cands[0]
        if _find(options, "surrender") is not None and _strength(hand, contract) < -3.5:
            return _find(options, "surrender") or options[0]
    scored = []
    for c in cands:
        s, pair = best_discard(hand, c)
        reach = _value_of(c, hand) >= view.bid or view.contract is not None
        kept = [x for x in hand if x not in pair]
        scored.append((reach, _choice_key(kept, c, _value_of(c, hand)), s, pair))
    pair = max(scored)[-1]
    return _find(options, f"discard:{','.join(sorted(pair, key=FULL_DECK.index))}") or next(
        a for a in options if a.kind == "discard")


def _declare(view: SkatView, options: list[Action]) -> Action:
    hand = view.hand
    cards12 = [*hand, *(view.laid_away or [])]
    best: tuple[tuple[int, float], Action] | None = None
    for a in options:
        if a.kind != "declare":
            continue
        c = Contract.parse(a.arg)
        if c.announced or c.ouvert:
            continue
        if c.is_null and c.null_value < view.bid:
            continue
        reach = _value_of(c, cards12) >= view.bid
        key = (int(reach), _choice_key(hand, c, _value_of(c, cards12)))
        if best is None or key > best[0]:
            best = (key, a)
    if view.hand_game:
        # Announce only with a hand that should make schneider easily.
        for a in options:
            c = Contract.parse(a.arg) if a.kind == "declare" else None
            if c is not None and c.announced == "schneider" and c.is_trump_game and (
                    best is not None and Contract.parse(best[1].arg).model_copy(
                        update={"announced": "schneider"}) == c
                    and suit_count(hand, c.suit or "C") >= SOLO_COUNT + 2.5):
                return a
    return best[1] if best is not None else options[0]


def _kontra(view: SkatView, options: list[Action]) -> Action:
    if view.seat == view.declarer or view.contract is None:
        return _pass(options)
    c = Contract.parse(view.contract)
    if c.is_trump_game and sum(1 for x in view.hand if c.is_trump(x)) >= 5 and (
            side_tricks(view.hand, c.suit if c.is_suit else None) >= 2):
        return _find(options, "kontra") or _pass(options)
    return _pass(options)


# ---- card play ---------------------------------------------------------------------------


class Knowledge:
    """What the seat knows of the deal: the cards it cannot see and who may hold them, the
    memory of every trick so far (``view.played``): voids shown, points and tricks taken, and
    what the auction said of each hand (`auction_bounds`)."""

    def __init__(self, view: SkatView) -> None:
        me = view.seat
        assert me is not None
        self.me = me
        self.rules = view.rules
        self.contract = Contract.parse(view.contract) if view.contract else Contract(kind="grand")
        c = self.contract
        seen: set[Card] = set(view.hand)
        played = list(view.played)
        tricks = [played[i:i + 3] for i in range(0, len(played) - len(played) % 3, 3)]
        self.taken: dict[int, int] = {s: 0 for s in view.roles}
        """Card points of the tricks each seat has won (the skat not counted)."""
        self.tricks_won: dict[int, int] = {s: 0 for s in view.roles}
        self.played_by: dict[int, list[Card]] = {s: [] for s in view.roles}
        for seat, card in played[:3 * len(tricks)]:
            self.played_by[seat].append(card)
        for plays in tricks:
            winner = c.trick_winner(plays)
            self.taken[winner] += sum(CARD_POINTS[card[1]] for _, card in plays)
            self.tricks_won[winner] += 1
        # The table's own record too, in case a view was built without the memory.
        shown = [list(t.plays) for t in view.tricks]
        if view.last_trick is not None:
            shown.append(list(view.last_trick.plays))
        self.voids: dict[int, set[str]] = {s: set() for s in view.roles}
        for plays in [*tricks, *shown, list(view.trick)]:
            for _, card in plays:
                seen.add(card)
            if plays:
                led = c.follow_suit(plays[0][1])
                for seat, card in plays[1:]:
                    if c.follow_suit(card) != led:
                        self.voids[seat].add(led)
        self.known: dict[int, list[Card]] = {}
        for seat, cards in view.open_hands.items():
            if seat != me:
                self.known[seat] = list(cards)
                seen.update(cards)
        if view.laid_away:
            seen.update(view.laid_away)
        if view.skat:
            seen.update(view.skat)
        # The turned Tourne card went into the Player's hand: unless we saw it fall, he still
        # holds it.
        decl = view.declarer
        if (view.turned and view.turned not in seen and decl is not None and decl != me
                and decl not in self.known):
            self.known[decl] = [view.turned]
            seen.add(view.turned)
        self.sizes = {s: view.hand_sizes[s] for s in view.roles if s != me}
        self.pool = [c2 for c2 in FULL_DECK if c2 not in seen]
        self._allowed = {card: tuple(s for s in self.sizes
                                     if c.follow_suit(card) not in self.voids[s])
                         for card in self.pool}
        """The seats that may hold each unseen card (not void in its suit)."""
        self.skat_known: int | None = None
        """The skat's points when this seat knows them (the Player who laid away)."""
        if view.laid_away:
            self.skat_known = sum(CARD_POINTS[x[1]] for x in view.laid_away)
        elif view.skat is not None and me == decl:
            self.skat_known = sum(CARD_POINTS[x[1]] for x in view.skat)
        self.position = {s: view.roles.index(s) for s in view.roles}
        self.bounds = {s: b for s, b in auction_bounds(view).items()
                       if s != me and s not in view.open_hands}
        self.declarer = decl if decl != me else None
        """The Player, when it is another seat."""
        self.known_open = set(view.open_hands)
        """What the auction said of the hidden hands (open hands need no guessing)."""

    def sample(self, rng: random.Random) -> dict[int, list[Card]] | None:
        """Hands for the other seats, consistent with sizes and voids (None if stuck)."""
        drawn = self.deal(rng)
        return None if drawn is None else drawn[0]

    def deal(self, rng: random.Random) -> tuple[dict[int, list[Card]], list[Card]] | None:
        """A sampled deal: the other seats' hands and the unseen cards left over (the skat).
        Each card goes to a seat not void in its suit, or to the skat, in proportion to the
        room left there; the most constrained cards are placed first."""
        need = {s: self.sizes[s] - len(self.known.get(s, [])) for s in self.sizes}
        if any(n < 0 for n in need.values()):
            return None
        gone = len(self.pool) - sum(need.values())
        if gone < 0:
            return None
        allowed = self._allowed
        pool = list(self.pool)
        rng.shuffle(pool)
        pool.sort(key=lambda card: len(allowed[card]))
        hands: dict[int, list[Card]] = {s: list(self.known.get(s, [])) for s in self.sizes}
        rest: list[Card] = []
        left = dict(need)
        for card in pool:
            seats = allowed[card]
            room = gone + sum(left[s] for s in seats)
            if room <= 0:
                return None
            r = rng.random() * room
            pick = -1
            for s in seats:
                r -= left[s]
                if r < 0:
                    pick = s
                    break
            if pick == -1 and gone == 0:  # rounding: the last seat with room
                pick = next(s for s in reversed(seats) if left[s] > 0)
            if pick == -1:
                gone -= 1
                rest.append(card)
            else:
                hands[pick].append(card)
                left[pick] -= 1
        return hands, rest

    def draws(self, rng: random.Random, target: int) -> Iterator[
            tuple[dict[int, list[Card]], list[Card]]]:
        """Up to ``target`` sampled deals (`deal`), each kept with its `plausibility`: the
        deals the auction makes likely come more often. After ``3 * target`` tries every deal
        is kept, so a surprising auction never starves the search."""
        given = 0
        for tries in range(1, target * 5 + 1):
            if given >= target:
                return
            drawn = self.deal(rng)
            if drawn is None:
                continue
            w = self.plausibility(drawn[0])
            if w < 1 and tries <= target * 3 and rng.random() >= w:
                continue
            given += 1
            yield drawn

    def plausibility(self, hands: dict[int, list[Card]]) -> float:
        """How well a sampled deal fits the auction: `DOUBT` for each seat whose ten cards
        (what it holds plus what it played) count, by this AI's own measure, below a value it
        bid or held, or at or above a value it refused, and `DECLARED_DOUBT` when the Player's
        cards (those he kept after the skat) fall short of the count the declared game needs.
        Soft, since a person bids and declares by his own counts."""
        w = 1.0
        for seat, (low, high) in self.bounds.items():
            held = hands.get(seat)
            if held is None or (not low and high is None):
                continue
            dealt = [*held, *self.played_by[seat]]
            if len(dealt) != 10:
                continue
            # The bidding's own count (matadors as the skat could spoil them), so that a hand
            # this AI would have passed with is never doubted for passing.
            worth = max((v for v, _ in game_values(dealt, self.rules, self.position[seat])),
                        default=0)
            if worth < low or (high is not None and worth >= high):
                w *= DOUBT
        decl = self.declarer
        held = hands.get(decl) if decl is not None else None
        if held is not None and decl not in self.known_open and not self.contract.is_ramsch:
            dealt = [*held, *self.played_by[decl]]
            if len(dealt) == 10 and _strength(dealt, self.contract) < DECLARED_AT:
                w *= DECLARED_DOUBT
        return w

    def cards12(self, seat: int, hands: dict[int, list[Card]], rest: Sequence[Card],
                laid_away: Sequence[Card] | None) -> list[Card]:
        """The Player's twelve cards in a sampled deal (his matadors are counted on them):
        what he holds and played plus the skat, known or sampled."""
        return [*hands[seat], *self.played_by[seat], *(laid_away or rest)]


DOUBT = 0.35
"""Chance of keeping a sampled deal per seat whose hand contradicts its bidding."""
DECLARED_AT = -1.0
DECLARED_DOUBT = 0.2
"""A sampled Player whose kept cards count below `DECLARED_AT` (`_strength`: 0 = just the
count the game needs) is kept with this chance. Measured on the AI's own declarations (isko
and classic, 61 deals): every real Player's cards counted -1 or more, against 37-48% of the
hands drawn for him without this check."""


def auction_bounds(view: SkatView) -> dict[int, tuple[int, int | None]]:
    """(at least, below) per seat from ``view.bid_log``: a seat that named or held a value
    claims a hand worth it; one that passed refused the value asked of it (the current bid
    when answering, the next one up when it was asking)."""
    by_role = dict(zip(ROLE_NAMES, view.roles, strict=False))
    out: dict[int, tuple[int, int | None]] = {}
    current = 0
    answering = False
    for entry in view.bid_log:
        who, _, said = entry.rpartition(" ")
        seat = by_role.get(who)
        if seat is None:
            continue
        low, high = out.get(seat, (0, None))
        if said == "ja":
            low = max(low, current)
            answering = False
        elif said == "passe":
            high = current if answering else current + 1
            answering = False
        elif said.isdigit():
            current = int(said)
            low = max(low, current)
            answering = True
        else:
            continue
        out[seat] = (low, high)
    return out


SCHNEIDER = {"classic": 91, "isko": 90}
"""The Player's points for Schneider under each preset's rules (the view carries no options)."""
MARGIN = 0.001
"""Weight of each card point: only a tie-break between equally good cards."""
FLOOR = 0.02
"""Least weight of 31 and 61, so that a Player whose bid needs Schneider still takes his 61
when Schneider is out of reach (the sheet counts it lost either way, the table does not)."""


@cache
def preset_options(rules: str) -> SkatOptions:
    """The preset's options: the view does not carry the table's, so scoring assumes these."""
    return SkatOptions(**{**PRESETS.get(rules, PRESETS["classic"]), "preset": rules})


class Goal:
    """The contract's goal as a score of the Player's final card points (and whether he took
    every trick), weighted by what each step is worth on the score sheet (`score_game` with
    the bid): reaching 61 is usually the big step; staying out of Schneider, making it and
    schwarz are side steps; a Player whose bid needs Schneider (or schwarz) finds the big step
    there, 61 then earns him nothing. The largest step weighs 1, each point `MARGIN`. The
    Player maximises the score, the defenders minimise it.

    ``cards12`` are the Player's twelve cards (sampled where unseen): they fix the matadors and
    so whether the bid is reached. Without them the bid is ignored.
    """

    def __init__(self, view: SkatView, contract: Contract,
                 cards12: Sequence[Card] | None = None) -> None:
        opts = preset_options(view.rules)
        schneider = opts.schneider_threshold
        out = opts.player_schneider_at + 1
        bid = view.bid if cards12 is not None else 0
        cards = list(cards12) if cards12 is not None else contract.trumps()[:1]

        def entry(points: int, tricks: int) -> int:
            return score_game(contract, opts, cards12=cards, points=points, tricks=tricks,
                              bid=bid).entry

        steps = {out: entry(out, 3) - entry(out - 1, 3), 61: entry(61, 5) - entry(60, 5),
                 schneider: entry(schneider, 8) - entry(schneider - 1, 8)}
        sweep = entry(120, 10) - entry(120, 9)
        top = max([*steps.values(), sweep, 1])
        self.weights = {t: w / top for t, w in steps.items() if w > 0}
        for t in (out, 61):  # a lost cause still plays for its points
            self.weights[t] = max(self.weights.get(t, 0.0), FLOOR)
        """Weight of reaching each number of points."""
        self.sweep = max(sweep, 0) / top
        """Weight of taking every trick (schwarz), counted by tricks, never by points."""
        self.levels = sorted(self.weights)
        best = max(self.weights, key=lambda t: self.weights[t], default=61)
        self.win = 120 if self.sweep >= self.weights.get(best, 0) else best
        """The step that decides the game: 61, Schneider, or 120 meaning every trick."""

    def score(self, points: int, sweep: bool = False) -> float:
        return sum(w for t, w in self.weights.items() if points >= t) + (
            self.sweep if sweep else 0.0) + MARGIN * points

    def reached(self, base: int, value_at: dict[int, dict[Card, int]], card: Card,
                sweep: bool = False) -> float:
        """The score of ``card`` from null-window answers: ``value_at[need]`` is the clamped
        value from here for each level's need (missing: settled without a search)."""
        out = self.sweep if sweep else 0.0
        for t, w in self.weights.items():
            need = t - base
            if need <= 0 or (need in value_at and value_at[need][card] >= need):
                out += w
        return out


def _search_for(view: SkatView, contract: Contract) -> tuple[Search, bool]:
    """The search and whether this seat wants its value high."""
    me = view.seat
    assert me is not None
    decl = view.declarer
    assert decl is not None
    if contract.is_null:
        defenders = [s for s in view.roles if s != decl]
        return Search(contract, view.roles, counted=(), maximizers=defenders,
                      declarer=decl), me != decl
    return Search(contract, view.roles, counted={decl}, maximizers={decl},
                  declarer=decl), me == decl


Layout = tuple[dict[Card, int], tuple[Card, ...], tuple[int, ...], tuple[int, ...]]


@cache
def card_bits(key: str) -> Layout:
    """(card -> bit, bit -> card, bit -> points, bit -> block) for Grand order (``G``, Ramsch
    too) or a suit game (the trump suit's letter): each effective suit a block of 12 bits ordered
    by power, the trumps block 4, so the winner of a trick is its highest bit in the led block
    or the trumps. The sweep and Ramsch searches' own, so they do not lean on `dds` internals."""
    bits: dict[Card, int] = {}
    for k, s in enumerate(SUITS):
        if s != key:
            for p, r in enumerate("789QKTA"):
                bits[s + r] = 12 * k + p
    trumps = [key + r for r in "789QKTA"] if key in SUITS else []
    for p, c in enumerate([*trumps, *JACKS[::-1]]):
        bits[c] = 48 + p
    cards = [""] * 60
    points = [0] * 60
    for c, b in bits.items():
        cards[b] = c
        points[b] = CARD_POINTS[c[1]]
    return bits, tuple(cards), tuple(points), tuple(b // 12 for b in range(60))


def _mask(cards: Sequence[Card], bits: dict[Card, int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << bits[c]
    return m


SWEEP_NODES = 4000
"""Node limit of one "does the Player take every trick?" search (then points stand in)."""


class _TooBig(Exception):
    pass


def sweep_moves(contract: Contract, order: Sequence[int], hands: dict[int, list[Card]],
                trick: Sequence[tuple[int, Card]], turn: int, declarer: int,
                limit: int = SWEEP_NODES) -> dict[Card, bool] | None:
    """Whether the Player still takes every trick after each card ``turn`` may play, with
    every hand open (None past ``limit`` nodes). Schwarz is a count of tricks: a trick of
    Sevens and Eights lost costs it as surely as one of Aces."""
    bits, cards, _, blocks = card_bits(contract.suit if contract.is_suit and contract.suit
                                       else "G")
    seats = list(order)
    hs = [_mask(hands[s], bits) for s in seats]
    dpos = seats.index(declarer)
    masks = [((1 << 12) - 1) << (12 * k) for k in range(5)]
    memo: dict[tuple[int, int, int, int], bool] = {}
    nodes = 0

    def legal(h: int, tb: list[int]) -> int:
        if not tb:
            return h
        return (h & masks[blocks[tb[0]]]) or h

    def moves(cand: int, live: int) -> list[int]:
        """Highest first; a card next to one already listed (no live card between) is the
        same card for a count of tricks."""
        out: list[int] = []
        while cand:
            b = cand.bit_length() - 1
            cand ^= 1 << b
            if out and blocks[b] == blocks[out[-1]] and not (
                    live >> (b + 1)) & ((1 << (out[-1] - b - 1)) - 1):
                continue
            out.append(b)
        return out

    def winner(tb: list[int], leader: int) -> int:
        led = blocks[tb[0]]
        best, wi = tb[0], 0
        for i in (1, 2):
            b = tb[i]
            if b > best and (blocks[b] == led or blocks[b] == 4):
                best, wi = b, i
        return (leader + wi) % 3

    def rec(pos: int, leader: int, tb: list[int]) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > limit:
            raise _TooBig
        key = (hs[0], hs[1], hs[2], pos)
        if not tb:
            if not hs[pos]:
                return True
            if key in memo:
                return memo[key]
        live = hs[0] | hs[1] | hs[2]
        for b in tb:
            live |= 1 << b
        player = pos == dpos
        result = not player
        for b in moves(legal(hs[pos], tb), live):
            if step(pos, leader, tb, b) == player:
                result = player
                break
        if not tb:
            memo[key] = result
        return result

    def step(pos: int, leader: int, tb: list[int], b: int) -> bool:
        hs[pos] ^= 1 << b
        try:
            if not tb:
                return rec((pos + 1) % 3, pos, [b])
            if len(tb) == 1:
                return rec((pos + 1) % 3, leader, [*tb, b])
            win = winner([*tb, b], leader)
            return win == dpos and rec(win, win, [])
        finally:
            hs[pos] ^= 1 << b

    tb = [bits[c] for _, c in trick]
    leader = seats.index(trick[0][0]) if trick else seats.index(turn)
    pos = seats.index(turn)
    try:
        return {cards[b]: step(pos, leader, tb, b)
                for b in _all_bits(legal(hs[pos], tb))}
    except _TooBig:
        return None


def _all_bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def _play(view: SkatView, options: list[Action], rng: random.Random, budget_ms: int,
          fixed: int | None) -> Action:
    plays = [a for a in options if a.kind == "play"]
    claim = _find(options, "claim_rest")
    if claim is not None and _certain_rest(view):
        return claim
    if len(plays) <= 1:
        return plays[0] if plays else _pass(options)
    me = view.seat
    assert me is not None
    know = Knowledge(view)
    contract = know.contract
    if contract.is_ramsch:
        return _play_ramsch(view, know, plays, rng, budget_ms, fixed)
    search, want_high = _search_for(view, contract)
    trump_game = contract.is_trump_game
    decl = view.declarer
    assert decl is not None
    exact = len(view.hand) <= (NULL_EXACT_CARDS if contract.is_null else EXACT_CARDS)
    live = sum(CARD_POINTS[x[1]] for x in know.pool) + sum(
        CARD_POINTS[x[1]] for x in view.hand) + sum(
        CARD_POINTS[x[1]] for cards in know.known.values() for x in cards) + sum(
        CARD_POINTS[x[1]] for _, x in view.trick)
    # Schwarz is still open while the defenders have no trick.
    sweep_open = trump_game and all(n == 0 for s, n in know.tricks_won.items() if s != decl)
    goals: dict[tuple[bool, int], Goal] = {}
    plain = Goal(view, contract) if trump_game else None
    start = time.perf_counter()
    total: dict[Card, float] = {a.arg: 0.0 for a in plays}
    count = 0
    target = fixed if fixed is not None else MAX_SAMPLES
    for others, rest in know.draws(rng, target):
        hands = {**others, me: list(view.hand)}
        if trump_game:
            cards12 = know.cards12(decl, hands, rest, view.laid_away)
            mk = matadors(cards12, contract)
            goal = goals.get(mk)
            if goal is None:
                goal = goals[mk] = Goal(view, contract, cards12)
            # A defender's sample that leaves the Player short of his bid is unlikely: he bid
            # on his own count of these matadors.
            assert plain is not None
            w = DOUBT if me != decl and goal.win != plain.win else 1.0
            skat = know.skat_known if know.skat_known is not None else sum(
                CARD_POINTS[x[1]] for x in rest)
            base = know.taken[decl] + skat
            in_play = live - sum(CARD_POINTS[x[1]] for x in rest)
            sweeps = None
            if sweep_open and goal.sweep > 0 and (exact or goal.sweep >= 0.5):
                sweeps = sweep_moves(contract, view.roles, hands, view.trick, me, decl)
            if exact:
                # Null-window "does the Player reach t?" for each level still open.
                value_at = {}
                for t in goal.levels:
                    need = t - base
                    if 0 < need <= in_play:
                        value_at[need] = search.move_values(hands, view.trick, me,
                                                            window=(need - 1, need))
                for card in total:
                    total[card] += w * goal.reached(base, value_at, card,
                                                    bool(sweeps and sweeps[card]))
            else:
                values = search.rollout_values(hands, view.trick, me)
                for card in total:
                    got = base + values.get(card, 0)
                    swept = sweeps[card] if sweeps is not None else (
                        sweep_open and got >= 120)
                    total[card] += w * goal.score(got, swept)
        else:
            if exact:
                values = search.move_values(hands, view.trick, me)
            else:
                values = search.rollout_values(hands, view.trick, me)
            for card in total:
                total[card] += values.get(card, 0)
        count += 1
        if fixed is None and count >= MIN_SAMPLES and (
                time.perf_counter() - start) * 1000 > budget_ms * 0.6:
            break
    if count == 0:
        return plays[0]
    sign = 1 if want_high else -1
    # Ties go to the cheapest card: fewest points, lowest in its suit.
    return max(plays, key=lambda a: (round(sign * total[a.arg], 6), -CARD_POINTS[a.arg[1]],
                                     -contract.power(a.arg)))


# ---- Ramsch ------------------------------------------------------------------------------

RAMSCH_EXACT_CARDS = 3
"""Every line searched (each seat for itself) once the seat holds at most this many cards."""
RAMSCH_MARGIN = 0.01
"""Weight of each of the seat's own card points next to its score-sheet entry."""


class _Ramsch:
    """Ramsch from one seat's chair: every seat plays for itself, and the seat scores a
    finished deal by the preset's Ramsch scoring (`score_ramsch`: the most points loses,
    Jungfrau, Durchmarsch), its own points only a tie-break. Early tricks are played out
    greedily (each seat ducks, smears points on other seats' tricks, leads its lowest card);
    the last `RAMSCH_EXACT_CARDS` tricks are searched, each seat choosing its best line."""

    def __init__(self, view: SkatView, know: Knowledge) -> None:
        self.opts = preset_options(view.rules)
        self.seats = list(view.roles)
        self.me = self.seats.index(know.me)
        self.bits, self.cards, self.points, self.blocks = card_bits("G")
        self.masks = [((1 << 12) - 1) << (12 * k) for k in range(5)]
        self.pts0 = [know.taken[s] for s in self.seats]
        self.tricks0 = [know.tricks_won[s] for s in self.seats]
        self._scores: dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[float, ...]] = {}

    def utilities(self, pts: Sequence[int], tricks: Sequence[int], last: int,
                  skat: int) -> tuple[float, ...]:
        key = (tuple(pts), tuple(tricks), last * 200 + skat)
        got = self._scores.get(key)
        if got is None:
            n = len(self.seats)
            r = score_ramsch({i: pts[i] for i in range(n)}, {i: tricks[i] for i in range(n)},
                             skat, last, self.opts)
            got = tuple(r.entries[i] - RAMSCH_MARGIN * r.points[i] for i in range(n))
            self._scores[key] = got
        return got

    def _legal(self, h: int, tb: list[int]) -> int:
        return ((h & self.masks[self.blocks[tb[0]]]) or h) if tb else h

    def _winner(self, tb: list[int], leader: int) -> tuple[int, int]:
        led = self.blocks[tb[0]]
        best, wi = tb[0], 0
        for i in range(1, len(tb)):
            b = tb[i]
            if b > best and (self.blocks[b] == led or self.blocks[b] == 4):
                best, wi = b, i
        return (leader + wi) % 3, best

    def _greedy(self, hs: list[int], pos: int, leader: int, tb: list[int]) -> int:
        blocks, points = self.blocks, self.points
        cards = _all_bits(self._legal(hs[pos], tb))
        if not tb:
            others = hs[(pos + 1) % 3] | hs[(pos + 2) % 3]

            def lead_key(b: int) -> tuple[int, int, int]:
                below = others & self.masks[blocks[b]] & ((1 << b) - 1)
                above = others & self.masks[blocks[b]] & ~((1 << (b + 1)) - 1)
                # a card someone must overtake first, then the fewest points
                return (0 if above else 1, bin(below).count("1"), points[b])
            return min(cards, key=lead_key)
        _, cur = self._winner(tb, leader)

        def beats(b: int) -> bool:
            return b > cur and (blocks[b] == blocks[tb[0]] or blocks[b] == 4)

        under = [b for b in cards if not beats(b)]
        if under:
            return max(under, key=lambda b: (points[b], b))
        return min(cards, key=lambda b: (points[b], -b))

    def rollout(self, hs: list[int], pos: int, leader: int, tb: list[int], first: int,
                skat: int) -> float:
        """The seat's utility after ``first`` from ``pos`` when every seat then plays
        `_greedy`."""
        hs = list(hs)
        tb = list(tb)
        pts = list(self.pts0)
        tricks = list(self.tricks0)
        b = first
        last = leader
        while True:
            if not tb:
                leader = pos
            hs[pos] ^= 1 << b
            tb.append(b)
            if len(tb) == 3:
                win, _ = self._winner(tb, leader)
                pts[win] += sum(self.points[x] for x in tb)
                tricks[win] += 1
                last = win
                tb = []
                pos = win
                if not hs[pos]:
                    return self.utilities(pts, tricks, last, skat)[self.me]
            else:
                pos = (pos + 1) % 3
            b = self._greedy(hs, pos, leader, tb)

    def exact(self, hs: list[int], pos: int, leader: int, tb: list[int], first: int,
              skat: int) -> float:
        """The seat's utility after ``first`` when every seat then picks its own best line."""
        return self._maxn(list(hs), pos, leader, list(tb), first, list(self.pts0),
                          list(self.tricks0), skat)[self.me]

    def _maxn(self, hs: list[int], pos: int, leader: int, tb: list[int], b: int,
              pts: list[int], tricks: list[int], skat: int) -> tuple[float, ...]:
        if not tb:
            leader = pos
        hs[pos] ^= 1 << b
        tb = [*tb, b]
        try:
            if len(tb) == 3:
                win, _ = self._winner(tb, leader)
                pts = list(pts)
                tricks = list(tricks)
                pts[win] += sum(self.points[x] for x in tb)
                tricks[win] += 1
                if not hs[win]:
                    return self.utilities(pts, tricks, win, skat)
                nxt, tb = win, []
            else:
                nxt = (pos + 1) % 3
            best: tuple[float, ...] | None = None
            for c in _all_bits(self._legal(hs[nxt], tb)):
                v = self._maxn(hs, nxt, leader, tb, c, pts, tricks, skat)
                if best is None or v[nxt] > best[nxt]:
                    best = v
            assert best is not None
            return best
        finally:
            hs[pos] ^= 1 << b


def _play_ramsch(view: SkatView, know: Knowledge, plays: list[Action], rng: random.Random,
                 budget_ms: int, fixed: int | None) -> Action:
    me = know.me
    game = _Ramsch(view, know)
    exact = len(view.hand) <= RAMSCH_EXACT_CARDS
    tb = [game.bits[c] for _, c in view.trick]
    seats = game.seats
    leader = seats.index(view.trick[0][0]) if view.trick else seats.index(me)
    pos = seats.index(me)
    start = time.perf_counter()
    total: dict[Card, float] = {a.arg: 0.0 for a in plays}
    count = 0
    target = fixed if fixed is not None else MAX_SAMPLES
    for others, rest in know.draws(rng, target):
        hands = {**others, me: list(view.hand)}
        hs = [_mask(hands[s], game.bits) for s in seats]
        skat = sum(CARD_POINTS[x[1]] for x in rest)
        for a in plays:
            b = game.bits[a.arg]
            total[a.arg] += (game.exact if exact else game.rollout)(hs, pos, leader, tb, b,
                                                                    skat)
        count += 1
        if fixed is None and count >= MIN_SAMPLES and (
                time.perf_counter() - start) * 1000 > budget_ms * 0.6:
            break
    if count == 0:
        return plays[0]
    return max(plays, key=lambda a: (round(total[a.arg], 6), -CARD_POINTS[a.arg[1]],
                                     -know.contract.power(a.arg)))


def _certain_rest(view: SkatView) -> bool:
    """Claim only what is sure on the seat's own knowledge: leading, holding only trumps, with
    no trump left that it has not seen."""
    if view.trick or view.contract is None:
        return False
    c = Contract.parse(view.contract)
    if not c.is_trump_game or view.seat != view.declarer:
        return False
    if not all(c.is_trump(x) for x in view.hand):
        return False
    know = Knowledge(view)
    return not any(c.is_trump(x) for x in know.pool) and not any(
        c.is_trump(x) for cards in know.known.values() for x in cards)


__all__ = ["Knowledge", "best_discard", "bid_limit", "choose"]
