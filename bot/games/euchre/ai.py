"""The Euchre AI: bids from hand strength, plays by solving sampled deals exactly.

It sees only its own seat's `EuchreView`. Bidding compares a hand-strength estimate
(`strength.py`) with thresholds per seat position, pack and player count; the thresholds are
where, on random deals solved double-dummy, making trump from that seat starts to pay
(``bench/euchre_ai.py --calibrate`` prints the tables they were read from). Play draws deals
consistent with what the seat has seen (its hand, the turn-up, the cards played, the voids shown
by failing to follow suit, its own discard) and solves each one exactly with `solver.Solver`;
the card with the best average score wins. Sampling stops when the time budget is spent.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from bot.games.base import Action, View, act
from bot.games.cards import Card, deck
from bot.games.euchre.ranking import effective_suit
from bot.games.euchre.rules import EuchreView
from bot.games.euchre.solver import Solver, card_bits
from bot.games.euchre.strength import (
    best_discard,
    card_value,
    strength,
    with_turn_up,
)

SAMPLES: int | None = None
"""Fixed number of sampled deals per card decision (tests); None = as many as the budget allows."""

MAX_SAMPLES = 40
"""More samples than this rarely changes a decision and only costs time."""

WIN_BONUS = 3.0
"""Extra utility (in points) for reaching the target this hand, so the AI plays for the game."""

# Thresholds: (pack, players) -> role -> hand strength needed. Roles: "L", "P", "R", "D" (left
# of dealer, dealer's partner, right of dealer, dealer) four-handed, else the position from the
# dealer's left ("0", "1", ...) with "D" for the dealer. Round 1 compares strength minus the
# turn-up's value (it goes to the other side's dealer), plus it (to the own side's dealer), or the
# dealer's hand after taking it up; round 2 the strength in the best other suit.
_ROUND1: dict[tuple[str, int], dict[str, float]] = {
    ("32", 4): {"L": 1.6, "P": 1.7, "R": 1.7, "D": 2.1},
    ("24", 4): {"L": 1.75, "P": 1.95, "R": 1.75, "D": 2.15},
    ("32", 3): {"0": 2.1, "1": 2.6, "D": 2.4},
    ("24", 3): {"0": 2.2, "1": 2.6, "D": 2.6},
    ("32", 2): {"0": 1.6, "D": 1.7},
    ("24", 2): {"0": 1.75, "D": 1.8},
}
_ROUND2: dict[tuple[str, int], dict[str, float]] = {
    ("32", 4): {"L": 1.3, "P": 1.6, "R": 1.7, "D": 2.0},
    ("24", 4): {"L": 1.55, "P": 1.8, "R": 1.9, "D": 2.1},
    ("32", 3): {"0": 2.2, "1": 2.5, "D": 2.6},
    ("24", 3): {"0": 2.45, "1": 2.7, "D": 2.7},
    ("32", 2): {"0": 1.2, "D": 1.5},
    ("24", 2): {"0": 1.55, "D": 1.8},
}
# Going alone (four-handed): the lone hand must be strong enough that a march is likely. For
# the dealer's partner the turn-up is set aside, so his own strength counts.
_ALONE: dict[str, dict[str, float]] = {
    "32": {"L": 2.9, "P": 3.0, "R": 2.9, "D": 3.2},
    "24": {"L": 3.0, "P": 3.0, "R": 3.0, "D": 3.1},
}
_DEFEND_ALONE = 2.6

BID_OFFSET = 0.0
"""Added to every bidding threshold (benchmarks try bolder or warier bidding with it)."""
ALONE_OFFSET = 0.0
"""Added to every going-alone threshold."""


def choose(
    view: View,
    legal: Sequence[Action],
    rng: random.Random,
    budget_ms: int,
    *,
    samples: int | None = None,
) -> Action:
    """The move for the seat whose ``view`` this is; always one of ``legal``.

    Deterministic given ``rng`` when the sample count is fixed (``samples`` or `SAMPLES`);
    otherwise the number of samples depends on the time budget.
    """
    options = list(legal)
    if not options:
        raise ValueError("The AI was asked to move with no legal moves.")
    if len(options) == 1:
        return options[0]
    if not isinstance(view, EuchreView) or view.seat is None:
        return options[0]
    fixed = samples if samples is not None else SAMPLES
    if view.phase == "bid1":
        pick = _bid1(view, options)
    elif view.phase == "bid2":
        pick = _bid2(view, options)
    elif view.phase == "discard":
        pick = act("discard", best_discard(view.hand, view.trump or view.turn_up[0]))
    elif view.phase == "defend":
        pick = _defend(view)
    elif view.phase == "play":
        pick = _play(view, options, rng, budget_ms, fixed)
    else:
        pick = options[0]
    return pick if pick in options else options[0]


# ---- bidding ---------------------------------------------------------------------------------


def _role(view: EuchreView, seat: int) -> str:
    """The seat's position relative to the dealer, as the threshold tables name it."""
    if seat == view.dealer:
        return "D"
    pos = (seat - view.dealer - 1) % view.players
    if view.players == 4:
        return "LPR"[pos]
    return str(pos)


def _key(view: EuchreView) -> tuple[str, int]:
    return (view.options.deck, view.players)


def _pick(options: list[Action], kind: str, arg: str = "") -> Action | None:
    want = act(kind, arg)
    return want if want in options else None


def _bid1(view: EuchreView, options: list[Action]) -> Action:
    seat = view.seat
    assert seat is not None
    trump = view.turn_up[0]
    long = view.options.deck == "32"
    role = _role(view, seat)
    up_value = card_value(view.turn_up, trump, long_suits=long)
    own = strength(view.hand, trump, long_suits=long)
    if role == "D":
        value = strength(with_turn_up(view.hand, view.turn_up), trump, long_suits=long)
        lone = value
    elif view.players == 4 and role == "P":
        value = own + up_value
        lone = own
    else:
        value = own - up_value
        lone = value
    value += _urgency(view)
    word = next((a.kind for a in options if a.kind in ("order", "assist", "take")), None)
    if word is None or value < _ROUND1[_key(view)][role] + BID_OFFSET:
        return _pick(options, "pass") or options[-1]
    if view.players == 4 and lone >= _ALONE[view.options.deck][role] + ALONE_OFFSET:
        alone = _pick(options, word, "alone")
        if alone is not None:
            return alone
    return _pick(options, word) or options[0]


def _bid2(view: EuchreView, options: list[Action]) -> Action:
    seat = view.seat
    assert seat is not None
    long = view.options.deck == "32"
    role = _role(view, seat)
    named = {a.arg.split("-")[0] for a in options if a.kind == "name"}
    if not named:
        return options[0]
    scored = [(strength(view.hand, s, long_suits=long), s) for s in sorted(named)]
    value, trump = max(scored)
    must = not any(a.kind in ("pass", "bunch") for a in options)
    if not must and value + _urgency(view) < _ROUND2[_key(view)][role] + BID_OFFSET:
        return _pick(options, "pass") or _pick(options, "bunch") or options[-1]
    if view.players == 4 and value >= _ALONE[view.options.deck].get(role, 3.0) + ALONE_OFFSET:
        alone = _pick(options, "name", f"{trump}-alone")
        if alone is not None:
            return alone
    return _pick(options, "name", trump) or options[0]


def _urgency(view: EuchreView) -> float:
    """Bid a little lighter when the other side is about to go out anyway."""
    seat = view.seat
    assert seat is not None
    mine = view.side_of_seat[seat]
    theirs = max(v for s, v in enumerate(view.scores) if s != mine)
    if theirs >= view.target - 1 and view.scores[mine] < view.target - 1:
        return 0.3
    return 0.0


def _defend(view: EuchreView) -> Action:
    trump = view.trump
    assert trump is not None
    value = strength(view.hand, trump, long_suits=view.options.deck == "32")
    return act("defend") if value >= _DEFEND_ALONE else act("pass")


# ---- play ------------------------------------------------------------------------------------


class _Knowledge:
    """What the seat knows about the hidden cards: who may hold what, and how many."""

    def __init__(self, view: EuchreView) -> None:
        seat = view.seat
        assert seat is not None and view.trump is not None
        trump = view.trump
        self.seat = seat
        self.trump = trump
        played: list[tuple[int, Card]] = []
        for t in view.tricks:
            played.extend(t.plays)
        played.extend(view.trick)
        seen = {c for _, c in played} | set(view.hand)
        if view.discard:
            seen.add(view.discard)
        seen.add(view.turn_up)  # either known to be out of play, or known to be the dealer's
        self.voids: dict[int, set[str]] = {s: set() for s in range(view.players)}
        for plays in [t.plays for t in view.tricks] + [view.trick]:
            if not plays:
                continue
            led = effective_suit(plays[0][1], trump)
            for s, c in plays[1:]:
                if effective_suit(c, trump) != led:
                    self.voids[s].add(led)
        self.pool = [c for c in deck(view.options.ranks) if c not in seen]
        self.sizes = {
            s: view.hand_sizes[s]
            for s in view.active
            if s != seat
        }
        self.fixed: dict[int, list[Card]] = {s: [] for s in self.sizes}
        dealer = view.dealer
        if (
            view.turn_up_state == "taken"
            and dealer != seat
            and dealer in self.sizes
            and view.turn_up not in {c for _, c in played}
            and trump not in self.voids[dealer]
            and self.sizes[dealer] > 0
        ):
            # the dealer took the turn-up; he keeps it (a trump) unless it went with the discard
            self.fixed[dealer].append(view.turn_up)
        self.played_by: dict[int, list[Card]] = {s: [] for s in range(view.players)}
        for s, c in played:
            self.played_by[s].append(c)
        self.calls = _calls(view)
        self.view = view

    def sample(self, rng: random.Random) -> dict[int, list[Card]]:
        """Hidden hands consistent with sizes and voids, and likely given everyone's calls.

        Deals are drawn uniformly, then kept with the probability that their holders would have
        bid as they did (a maker is strong in trumps, a passer is not); after a few refusals the
        most likely of the deals drawn is used, so odd bidders cannot stall the AI.
        """
        best: dict[int, list[Card]] | None = None
        best_w = -1.0
        for _ in range(_INFERENCE_TRIES):
            hidden = self._sample_uniform(rng)
            w = self._likelihood(hidden)
            if rng.random() < w:
                return hidden
            if w > best_w:
                best, best_w = hidden, w
        assert best is not None
        return best

    def _likelihood(self, hidden: dict[int, list[Card]]) -> float:
        """How likely the seats' calls this deal are, were these their hands (soft thresholds)."""
        view = self.view
        long = view.options.deck == "32"
        up = view.turn_up
        w = 1.0
        for seat, rnd, call in self.calls:
            if seat not in hidden:
                continue
            hand = [*hidden[seat], *self.played_by[seat]]
            role = _role(view, seat)
            if rnd == 1:
                trump = up[0]
                if seat == view.dealer:
                    taken = hand if up in hand else with_turn_up(hand, up)
                    x = strength(taken, trump, long_suits=long)
                else:
                    sign = 1.0 if view.players == 4 and role == "P" else -1.0
                    x = strength(hand, trump, long_suits=long) + sign * card_value(
                        up, trump, long_suits=long
                    )
                p = _sigmoid(x - _ROUND1[_key(view)][role])
            else:
                if call == "pass":
                    x = max(
                        strength(hand, s, long_suits=long) for s in "CSHD" if s != up[0]
                    )
                else:
                    x = strength(hand, call, long_suits=long)
                p = _sigmoid(x - _ROUND2[_key(view)][role])
            w *= p if call != "pass" else 1.0 - p
        return w

    def _sample_uniform(self, rng: random.Random) -> dict[int, list[Card]]:
        """Hidden hands drawn uniformly among those consistent with sizes and voids."""
        need = {s: self.sizes[s] - len(self.fixed[s]) for s in self.sizes}
        allowed = {
            s: [c for c in self.pool if effective_suit(c, self.trump) not in self.voids[s]]
            for s in self.sizes
        }
        for _ in range(60):
            cards = list(self.pool)
            rng.shuffle(cards)
            out: dict[int, list[Card]] = {}
            pos = 0
            ok = True
            for s in sorted(self.sizes):
                hand = cards[pos : pos + need[s]]
                pos += need[s]
                if any(effective_suit(c, self.trump) in self.voids[s] for c in hand):
                    ok = False
                    break
                out[s] = [*self.fixed[s], *hand]
            if ok:
                return out
        return self._sample_greedy(rng, need, allowed)

    def _sample_greedy(
        self, rng: random.Random, need: dict[int, int], allowed: dict[int, list[Card]]
    ) -> dict[int, list[Card]]:
        """Fallback when voids make rejection slow: fill the most constrained seat first."""
        taken: set[Card] = set()
        out: dict[int, list[Card]] = {}
        for s in sorted(self.sizes, key=lambda s: (len(allowed[s]) - need[s], s)):
            free = [c for c in allowed[s] if c not in taken]
            if len(free) < need[s]:  # inconsistent knowledge (cannot happen): ignore the voids
                free = [c for c in self.pool if c not in taken]
            hand = rng.sample(free, need[s])
            taken.update(hand)
            out[s] = [*self.fixed[s], *hand]
        return out


_INFERENCE_TRIES = 12
_SOFTNESS = 0.4


def _sigmoid(x: float) -> float:
    """Probability of a call from the margin over its threshold, kept off 0 and 1: other
    players bid by their own lights, and random ones by none."""
    p = 1.0 / (1.0 + math.exp(-x / _SOFTNESS))
    return min(0.95, max(0.05, p))


def _calls(view: EuchreView) -> list[tuple[int, int, str]]:
    """This deal's calls as (seat, round, call): call is ``pass``, ``make`` or a named suit."""
    out: list[tuple[int, int, str]] = []
    rnd = 1
    for seat, text in view.bids:
        kind, _, arg = text.partition(":")
        if kind == "pass":
            if seat != view.seat:
                out.append((seat, rnd, "pass"))
            if rnd == 1 and seat == view.dealer:
                rnd = 2
            continue
        if seat != view.seat:
            if kind in ("order", "assist", "take"):
                out.append((seat, 1, "make"))
            elif kind == "name":
                out.append((seat, 2, arg.split("-")[0]))
        break  # trump is made: what follows (discard, defending alone) says nothing of hands
    return out


def _sides(view: EuchreView) -> list[bool]:
    """Which seats play on the AI's side for the search (three-handed: the defenders together)."""
    me = view.seat
    assert me is not None
    if view.players == 4:
        return [view.side_of_seat[s] == view.side_of_seat[me] for s in range(4)]
    maker = view.maker
    if me == maker:
        return [s == me for s in range(view.players)]
    return [s != maker for s in range(view.players)]


def _utility_table(view: EuchreView, ours: list[bool]) -> list[float]:
    """Utility for the AI's side by how many tricks (0..5) that side ends the hand with."""
    me = view.seat
    assert me is not None and view.maker is not None
    o = view.options
    we_make = ours[view.maker]
    lone = view.alone and view.players == 4
    if view.defender_alone is not None:
        euchre = o.defend_alone_value
    elif lone:
        euchre = o.alone_euchred_value
    else:
        euchre = o.euchre_value
    mine = view.side_of_seat[me]
    my_score = view.scores[mine]
    their_score = max(v for s, v in enumerate(view.scores) if s != mine)
    table = []
    for ours_tricks in range(6):
        makers = ours_tricks if we_make else 5 - ours_tricks
        if makers == 5:
            maker_gain, def_gain = (o.lone_march_value if lone else o.march_value), 0
        elif makers >= 3:
            maker_gain, def_gain = o.point_value, 0
        else:
            maker_gain, def_gain = 0, euchre
        gain, lost = (maker_gain, def_gain) if we_make else (def_gain, maker_gain)
        u = float(gain - lost)
        if my_score + gain >= view.target:
            u += WIN_BONUS
        if their_score + lost >= view.target:
            u -= WIN_BONUS
        table.append(u)
    return table


def _play(
    view: EuchreView,
    options: list[Action],
    rng: random.Random,
    budget_ms: int,
    fixed: int | None,
) -> Action:
    me = view.seat
    assert me is not None and view.trump is not None and view.leader is not None
    start = time.perf_counter()
    deadline = start + max(budget_ms, 1) / 1000.0 * 0.8
    cards = [a.arg for a in options if a.kind == "play"]
    know = _Knowledge(view)
    ours = _sides(view)
    so_far = sum(w for s, w in enumerate(view.tricks_won) if ours[s])
    utility = _utility_table(view, ours)
    # the score changes only at a few trick counts: search just for those (null windows)
    steps = [k for k in range(1, 6) if utility[k] != utility[k - 1]]
    thresholds = [k - so_far for k in steps]
    level_value = [utility[0], *(utility[k] for k in steps)]
    total = dict.fromkeys(cards, 0.0)
    target = fixed if fixed is not None else MAX_SAMPLES
    done = 0
    while done < target:
        hidden = know.sample(rng)
        hands = [
            list(view.hand) if s == me else hidden.get(s, []) for s in range(view.players)
        ]
        levels = Solver(hands, view.trump, ours).move_levels(view.leader, view.trick, thresholds)
        for c in cards:
            total[c] += level_value[levels[c]]
        done += 1
        if fixed is None and time.perf_counter() >= deadline:
            break
    # equal scores: keep the better cards for later, play the least valuable one
    order = card_bits(view.trump)
    best = max(cards, key=lambda c: (total[c], -order[c]))
    return act("play", best)
