"""One engine for the line-of-play games: a mutable `Table` and the functions that move it.

The state (`game.py`) copies its `Table`, lets these functions change the copy, and freezes the
result, so everything here may mutate freely. Layout: ``centre`` (the first tile, higher half
first) and ``arms`` (tiles written touching half first). A line has two arms, ``L`` (growing
from the centre's first half) and ``R``; a cross or star has up to 4 or 8 arms ``1``..``8``,
each begun by a tile laid against the centre double (target ``C``).
"""

from __future__ import annotations

import random

from pydantic import BaseModel, Field

from bot.games.base import rng_for
from bot.games.dominoes.catalogue import CATALOGUE, Rules
from bot.games.dominoes.options import DominoesOptions
from bot.games.dominoes.report import HandReport
from bot.games.dominoes.tiles import (
    canon,
    full_set,
    halves,
    hand_pips,
    is_double,
    matadores,
    nearest_multiple,
    pips,
    weight,
)
from bot.games.dominoes.tricks import next_seat
from bot.games.words import N_, joined

HEADER_CAP = 90
"""Bergen: headers never take a score past 90 (spec 4.18)."""


class Table(BaseModel):
    """Everything about the match: this hand's tiles and layout, the running score."""

    top: int
    each: int
    hands: list[list[str]]
    stock: list[str]
    centre: str = ""
    arms: list[list[str]] = Field(default_factory=list)
    turn: int = 0
    leader: int = 0
    game_no: int = 1
    hand_no: int = 1
    turns: int = 0
    """Turns finished since the lead (Cyprus's and Sebastopol's first round)."""
    drawn: int = 0
    laid: int = 0
    again: bool = False
    scores: list[int]
    games: list[int]
    out: list[bool]
    starred: list[bool]
    paid: list[int]
    pending: list[int] = Field(default_factory=list)
    over: bool = False
    last: list[str] = Field(default_factory=list)
    """The last finished hand's report, for the table message."""
    reported: int = 0
    """Hands finished in the match so far (the round reports number them)."""
    final: list[float] = Field(default_factory=list)
    winners: list[int] = Field(default_factory=list)
    bets: list[int] = Field(default_factory=list)
    """Domino Poker: each seat's bet this deal (beside its ante in ``paid``)."""
    folded: list[bool] = Field(default_factory=list)
    acted: list[bool] = Field(default_factory=list)
    raises: int = 0
    holder: int = 0
    """Domino Rounce: the trump holder; then its turned tile, trump, dummy and tricks."""
    turned: str = ""
    trump: int = -1
    dummy: list[str] = Field(default_factory=list)
    status: list[str] = Field(default_factory=list)
    trick: list[str] = Field(default_factory=list)
    won: list[str] = Field(default_factory=list)
    discards: list[str] = Field(default_factory=list)
    tricks: list[int] = Field(default_factory=list)
    need_discard: int = 0
    phase: str = ""
    lead_trump: bool = False
    led: int = -1
    """Domino Loo: the suit the trick's leader named."""
    maker: int = -1
    """Domino Euchre: who made trumps, alone or not, in which round of bidding."""
    alone: bool = False
    bid_round: int = 1
    counted: list[int] = Field(default_factory=list)
    """Bingo: counting points this hand, declarations made, one waiting for a trick, closer."""
    declared: list[bool] = Field(default_factory=list)
    owed: list[int] = Field(default_factory=list)
    closer: int = -1
    pool_play: bool = False
    """Domino Loo for a pool: the stake, the hands agreed, this hand's pool, the loos owed to
    the next one (``scores`` are then each player's counters, won less paid)."""
    stake: int = 0
    deals: int = 0
    pool: int = 0
    owing: list[int] = Field(default_factory=list)
    voids: list[list[int]] = Field(default_factory=list)
    """Numbers each seat is known not to hold: he said go with them at the ends of the line
    (public knowledge, forgotten when he draws)."""
    hand_start: list[int] = Field(default_factory=list)
    """The scores as this hand began (what it scored in play is the difference)."""
    report: HandReport | None = None
    """The last finished hand, as data."""
    claimer: int = -1
    """Muggins' announce mode: who laid the tile and owes his count (``phase`` "announce"),
    what he announced, and the opponents still to call muggins or let it stand ("muggins")."""
    claim: int = -1
    callers: list[int] = Field(default_factory=list)


def tile_set(rules: Rules, top: int) -> list[str]:
    """The tiles a game is played with (Domino Poker leaves out the blanks and 1-1)."""
    if rules.family == "poker":
        from bot.games.dominoes.poker import POKER_SET

        return list(POKER_SET)
    return full_set(top)


def rules_for(options: DominoesOptions) -> Rules:
    return CATALOGUE[options.preset]


def target_for(rules: Rules, options: DominoesOptions, players: int) -> int:
    if options.target is not None:
        return options.target
    if rules.play_score in ("fives", "threes") and options.pip_values:
        return 200 if players == 2 else 150
    return rules.target


def stock_policy(rules: Rules, options: DominoesOptions, players: int) -> str:
    if options.no_draw or (rules.id == "bergen" and players == 4):
        return "none"
    return rules.stock


def sides(rules: Rules, players: int) -> list[list[int]]:
    """Who scores together: partners opposite (seats 0 and 2, 1 and 3), else each alone."""
    if rules.partners(players):
        return [[0, 2], [1, 3]]
    return [[s] for s in range(players)]


def side_of(rules: Rules, players: int, seat: int) -> list[int]:
    return next(s for s in sides(rules, players) if seat in s)


# -- the layout ------------------------------------------------------------------------------


def arm_ids(rules: Rules, t: Table) -> list[str]:
    if rules.layout == "line":
        return ["L", "R"]
    return [str(i + 1) for i in range(len(t.arms))]


def end_value(rules: Rules, t: Table, index: int) -> int:
    arm = t.arms[index]
    if arm:
        return halves(arm[-1])[1]
    hi, lo = halves(t.centre)
    return hi if (rules.layout != "line" or index == 0) else lo


def ends(rules: Rules, t: Table) -> dict[str, int]:
    """The open ends by id; a spinner's centre is ``C`` while it has room for another arm."""
    if not t.centre:
        return {}
    out = {aid: end_value(rules, t, i) for i, aid in enumerate(arm_ids(rules, t))}
    if rules.layout != "line" and len(t.arms) < rules.arms:
        out["C"] = halves(t.centre)[0]
    return out


def end_total(t: Table) -> int:
    """The two ends added for Muggins and its kin: a crosswise double counts both halves, a
    lone double its pips once (spec 4.4)."""
    return line_total(t.centre, t.arms)


def line_total(centre: str, arms: list[list[str]]) -> int:
    """`end_total` of a line given as its centre and two arms (a view has them too)."""
    if not centre:
        return 0
    if not arms[0] and not arms[1]:
        return pips(centre)
    total = 0
    hi, lo = halves(centre)
    for i, arm in enumerate(arms):
        if arm:
            a, b = halves(arm[-1])
            total += b * 2 if a == b else b
        else:
            total += hi * 2 if hi == lo else (hi if i == 0 else lo)
    return total


def fits(rules: Rules, t: Table, piece: str, end: int) -> list[str]:
    """The ways ``piece`` may lie against an open ``end``, touching half first."""
    a, b = halves(piece)
    ways: list[str] = []
    if rules.match == "sum":
        goal = t.top + 1
        if piece in matadores(t.top):
            ways = [f"{a}-{b}", f"{b}-{a}"]
        else:
            ways = [f"{x}-{y}" for x, y in ((a, b), (b, a)) if x + end == goal]
    else:
        ways = [f"{x}-{y}" for x, y in ((a, b), (b, a)) if x == end]
    return list(dict.fromkeys(ways))


def forced_lead(rules: Rules, options: DominoesOptions, t: Table, seat: int) -> str | None:
    """The tile the leader must pose, or None for a free lead."""
    hand = t.hands[seat]
    if not hand:
        return None
    doubles = [x for x in hand if is_double(x)]
    first = t.hand_no == 1 or rules.lead_every_hand
    if rules.lead == "highest" and first:
        return max(doubles, key=pips) if doubles else max(hand, key=weight)
    if rules.lead == "matadore" and not options.free_lead:
        return max(doubles, key=pips) if doubles else max(hand, key=weight)
    if rules.lead == "bergen":
        return min(doubles, key=pips) if doubles else min(hand, key=weight)
    return None


def plays(rules: Rules, options: DominoesOptions, t: Table, seat: int,
          general: bool = False) -> list[str]:
    """Every ``tile>end`` (or a lead's bare tile) ``seat`` could lay now. ``general`` ignores
    whose turn it is and the first round's restriction (the block test asks it)."""
    hand = t.hands[seat]
    if not t.centre:
        must = forced_lead(rules, options, t, seat)
        if must is not None and must in hand:
            return [must]
        return sorted(hand, key=weight, reverse=True)
    open_ends = ends(rules, t)
    if rules.layout != "line" and not general and t.turns < live_players(t):
        open_ends = {k: v for k, v in open_ends.items() if k == "C"}
    if rules.layout == "cross" and not options.open_cross and len(t.arms) < rules.arms:
        open_ends = {k: v for k, v in open_ends.items() if k == "C"}
    if rules.layout == "line" and t.arms == [[], []] and is_double(t.centre):
        open_ends = {"L": open_ends["L"]}  # both ends of a lone double are the same place
    out: list[str] = []
    for piece in sorted(hand, key=weight, reverse=True):
        for end_id, value in open_ends.items():
            out.extend(f"{way}>{end_id}" for way in fits(rules, t, piece, value))
    return out


def live_players(t: Table) -> int:
    return sum(1 for o in t.out if not o)


def next_live(t: Table, seat: int) -> int:
    return next_seat(seat, len(t.hands), lambda s: not t.out[s])


def can_draw(policy: str, t: Table, players: int, seat: int, able: bool,
             free_lead: bool = False) -> bool:
    """May ``seat`` draw now? Before a lead only in a voluntary-draw game with a free lead
    (the Draw Game's later hands: "on any turn")."""
    if policy == "none" or len(t.stock) <= 2 or t.laid:
        return False
    if not t.centre and not (policy == "voluntary" and free_lead):
        return False
    if policy == "voluntary":
        return True
    if able:
        return False
    if policy == "until":
        return players < 4 or t.drawn == 0
    return t.drawn == 0  # "one"


def blocked(rules: Rules, options: DominoesOptions, t: Table) -> bool:
    """Nobody in play can lay a tile and nobody may draw (spec 3.6)."""
    policy = stock_policy(rules, options, len(t.hands))
    if policy != "none" and len(t.stock) > 2:
        return False
    return all(t.out[s] or not plays(rules, options, t, s, general=True)
               for s in range(len(t.hands)))


# -- a hand from deal to result --------------------------------------------------------------


def method_one(seed: int, game_no: int, players: int, top: int) -> int:
    """Method I (spec 3.3): each draws a tile; the lowest double leads, else the lowest pips."""
    drawn = random.Random(f"{seed}:lead:{game_no}").sample(full_set(top), players)
    return min(range(players), key=lambda s: (not is_double(drawn[s]), pips(drawn[s]),
                                              drawn[s]))


def deal_hand(rules: Rules, options: DominoesOptions, t: Table, seed: int,
              fixed: dict | None = None) -> None:
    """Shuffle and deal a new hand to the players still in; pick the leader."""
    n = len(t.hands)
    if fixed is not None:
        t.hands = [list(h) for h in fixed["hands"]]
        t.stock = list(fixed.get("stock", []))
    else:
        tiles = tile_set(rules, t.top)
        rng_for(seed, "deal", t.game_no, t.hand_no).shuffle(tiles)
        t.hands = [[] for _ in range(n)]
        for s in range(n):
            if not t.out[s]:
                t.hands[s], tiles = sorted(tiles[:t.each], key=weight, reverse=True), tiles[t.each:]
        t.stock = tiles
    t.centre, t.arms = "", ([[], []] if rules.layout == "line" else [])
    t.voids = [[] for _ in range(n)]
    t.turns = t.drawn = t.laid = 0
    t.again = False
    t.hand_start = list(t.scores)
    if fixed is not None and "leader" in fixed:
        t.leader = int(fixed["leader"])
    elif rules.lead in ("highest",) and (t.hand_no == 1 or rules.lead_every_hand):
        t.leader = max((s for s in range(n) if t.hands[s]),
                       key=lambda s: _lead_strength(t.hands[s]))
    elif rules.lead == "bergen" and t.hand_no == 1:
        t.leader = min((s for s in range(n) if t.hands[s]),
                       key=lambda s: _low_strength(t.hands[s]))
    elif t.hand_no == 1:
        t.leader = method_one(seed, t.game_no, n, t.top)
        if t.out[t.leader]:
            t.leader = next_live(t, t.leader)
    else:
        t.leader = next_live(t, t.leader)
    t.turn = t.leader


def _lead_strength(hand: list[str]) -> tuple[int, int, tuple[int, int, int]]:
    doubles = [pips(x) for x in hand if is_double(x)]
    return (1, max(doubles), (0, 0, 0)) if doubles else (0, 0, max(weight(x) for x in hand))


def _low_strength(hand: list[str]) -> tuple[int, int, tuple[int, int, int]]:
    doubles = [pips(x) for x in hand if is_double(x)]
    return (0, min(doubles), (0, 0, 0)) if doubles else (1, 0, min(weight(x) for x in hand))


def lay(rules: Rules, options: DominoesOptions, t: Table, seat: int, arg: str,
        score: bool = True) -> list[str]:
    """Put a tile down (already checked legal); returns the words of anything it scored.
    ``score=False`` leaves the count to be announced (Muggins' announce mode)."""
    placed, _, end_id = arg.partition(">")
    piece = canon(placed)
    t.hands[seat].remove(piece)
    was_double_ends = False
    if not t.centre:
        t.centre = piece
    else:
        open_ends = ends(rules, t)
        was_double_ends = len({v for k, v in open_ends.items() if k != "C"}) == 1
        if end_id == "C":
            t.arms.append([placed])
        else:
            index = arm_ids(rules, t).index(end_id)
            t.arms[index].append(placed)
    t.laid += 1
    if not score:
        return []
    return _play_score(rules, options, t, seat, piece, was_double_ends)


def announces(rules: Rules, options: DominoesOptions) -> bool:
    """Muggins and All Threes with ``announce``: the scorer must call his count (spec 4.4)."""
    return options.announce and rules.play_score in ("fives", "threes")


def count_unit(rules: Rules) -> int:
    return 5 if rules.play_score == "fives" else 3


def ends_count(total: int, k: int, pip_values: bool) -> int:
    """What open ends adding to ``total`` score: a multiple of ``k`` scores total / k (or the
    pips themselves in pip mode); anything else nothing."""
    if not total or total % k:
        return 0
    return total if pip_values else total // k


def counts_possible(rules: Rules, options: DominoesOptions) -> list[int]:
    """Every count a player may announce, nothing included: 0-4 at fives, 0-6 at threes (or
    their pips, 0-20 and 0-18, in pip mode)."""
    k = count_unit(rules)
    top = 20 if k == 5 else 18
    return [ends_count(x, k, options.pip_values) for x in range(0, top + 1, k)]


def count_now(rules: Rules, options: DominoesOptions, t: Table) -> int:
    """The count the layout shows now, what a correct announcement says."""
    return ends_count(end_total(t), count_unit(rules), options.pip_values)


def score_count(rules: Rules, t: Table, seat: int, points: int) -> None:
    _add(rules, t, len(t.hands), seat, points)


def _play_score(rules: Rules, options: DominoesOptions, t: Table, seat: int, piece: str,
                was_double_ends: bool) -> list[str]:
    mode = rules.play_score or ("sevens" if options.sevens else "")
    if not mode:
        return []
    n = len(t.hands)
    if mode in ("fives", "threes"):
        total = end_total(t)
        points = ends_count(total, count_unit(rules), options.pip_values)
        if points:
            _add(rules, t, n, seat, points)
            said = (N_("The ends make {total}: {n} point.") if points == 1
                    else N_("The ends make {total}: {n} points."))
            return [said.format(total=total, n=points)]
        return []
    if mode == "sevens":
        got = 1 if piece in matadores(t.top) else 0
        total = end_total(t)
        if total and total % 7 == 0:
            got += total // 7
        if got:
            _add(rules, t, n, seat, got)
            said = (N_("{n} point for sevens and matadores.") if got == 1
                    else N_("{n} points for sevens and matadores."))
            return [said.format(n=got)]
        return []
    # headers (Bergen)
    line_ends = [end_value(rules, t, 0), end_value(rules, t, 1)]
    value = 0
    if t.arms == [[], []]:
        value = 20 if is_double(piece) else 0
        name = N_("A double header")
    elif line_ends[0] == line_ends[1]:
        triple = is_double(piece) and was_double_ends
        value, name = (30, N_("A triple header")) if triple else (20, N_("A double header"))
    if not value:
        return []
    capped = max(0, min(value, HEADER_CAP - t.scores[seat]))
    _add(rules, t, n, seat, capped)
    said = (N_("{header}: {n} points.") if capped == value
            else N_("{header}: {n} points (capped from {value})."))
    return [said.format(header=name, n=capped, value=value)]


def _add(rules: Rules, t: Table, players: int, seat: int, points: int) -> None:
    for s in side_of(rules, players, seat):
        t.scores[s] += points


def note_void(rules: Rules, t: Table, seat: int) -> None:
    """``seat`` says go on a line: he holds none of the numbers at its ends."""
    if rules.layout != "line" or not t.centre or not t.voids:
        return
    t.voids[seat] = sorted(set(t.voids[seat]) | set(ends(rules, t).values()))


def draw_tile(t: Table, seat: int) -> str:
    if t.voids:
        t.voids[seat] = []
    piece = t.stock.pop()
    t.hands[seat].append(piece)
    t.hands[seat].sort(key=weight, reverse=True)
    t.drawn += 1
    return piece


# -- the end of a hand -----------------------------------------------------------------------


def block_winner(hands: list[list[str]], seats: list[int]) -> int | None:
    """The lightest hand, then the fewest tiles (spec 3.6); None on a full tie."""
    best = min(seats, key=lambda s: (hand_pips(hands[s]), len(hands[s])))
    key = (hand_pips(hands[best]), len(hands[best]))
    if sum(1 for s in seats if (hand_pips(hands[s]), len(hands[s])) == key) > 1:
        return None
    return best


def bergen_block_winner(hands: list[list[str]], seats: list[int]) -> int | None:
    """Fewer doubles wins; equal numbers: the lowest double; none: fewer pips (spec 4.18)."""
    def key(s: int) -> tuple[int, int]:
        doubles = [pips(x) for x in hands[s] if is_double(x)]
        return (len(doubles), min(doubles) if doubles else hand_pips(hands[s]))

    best = min(seats, key=key)
    if sum(1 for s in seats if key(s) == key(best)) > 1:
        return None
    return best


def muggins_bonus(opponent_pips: int, k: int, pip_values: bool = False) -> int:
    """The end-of-hand bonus: pips rounded to the nearest multiple of ``k``, over ``k``."""
    multiple = nearest_multiple(opponent_pips, k)
    return multiple if pip_values else multiple // k


def pool_difference(totals: list[int], payer: int, limit: int = 100) -> list[int]:
    """Domino Pool's other settlement: the player at ``limit`` pays each other the gap."""
    pay = [0 if s == payer else max(0, limit - v) for s, v in enumerate(totals)]
    pay[payer] = -sum(pay)
    return pay


def block_reason(mode: str, hands: list[list[str]], seats: list[int], winner: int) -> str:
    """Why ``winner`` took the block, in words (spec 3.6; Bergen's doubles, 4.18)."""
    hp = {s: hand_pips(hands[s]) for s in seats}
    if mode == "bergen":
        doubles = {s: sorted(pips(x) // 2 for x in hands[s] if is_double(x)) for s in seats}
        if all(len(doubles[winner]) < len(doubles[s]) for s in seats if s != winner):
            return N_("fewer doubles, {n}").format(n=len(doubles[winner]))
        if doubles[winner]:
            low = doubles[winner][0]
            return N_("the lowest double, {tile}").format(tile=f"{low}-{low}")
        return N_("no doubles and fewer pips, {n}").format(n=hp[winner])
    if all(hp[winner] < hp[s] for s in seats if s != winner):
        return N_("the lightest hand, {n} pips").format(n=hp[winner])
    return N_("equal pips, {n} each, and fewer tiles, {tiles}").format(
        n=hp[winner], tiles=len(hands[winner]))


def settle_hand(rules: Rules, options: DominoesOptions, t: Table, domino: int | None,
                names: list[str], report: HandReport | None = None) -> list[str]:
    """Score a finished hand (``domino`` = the seat that went out, None for a block); fills
    ``report`` with who won, why, and how the award was counted."""
    r = report if report is not None else HandReport(hand=t.hand_no, how="block")
    n = len(t.hands)
    live = [s for s in range(n) if not t.out[s]]
    hp = {s: hand_pips(t.hands[s]) for s in live}
    lines = [N_("{name} went out (domino).").format(name=names[domino])
             if domino is not None else N_("The game is blocked: nobody can play.")]
    lines.append(N_("Pips left: {pips}.").format(
        pips=", ".join(f"{names[s]} {hp[s]}" for s in live)))
    mode = rules.hand_score
    winner = domino
    if mode == "pool":
        for s in live:
            t.scores[s] += hp[s]
        lines.append(N_("Each is charged his own pips."))
        r.penalty = True
        r.counted = N_("each is charged the pips left in his own hand")
        r.winners = [domino] if domino is not None else []
        return lines
    if mode == "whist" or (rules.partners(n) and mode == "opp"):
        teams = sides(rules, n)
        side_pips = [sum(hp[s] for s in side) for side in teams]
        if domino is not None and (options.domino_side_wins or mode == "opp"):
            win = 0 if domino in (0, 2) else 1
            r.reason = N_("the side that went out")
        elif side_pips[0] == side_pips[1]:
            lines.append(N_("The sides hold equal pips: no score."))
            r.reason = N_("the sides hold equal pips ({n})").format(n=side_pips[0])
            return lines
        else:
            win = 0 if side_pips[0] < side_pips[1] else 1
            r.reason = N_("the lighter side, {n} pips to {other}").format(
                n=side_pips[win], other=side_pips[1 - win])
        points = side_pips[1 - win]
        for s in teams[win]:
            t.scores[s] += points
        pair = joined([names[s] for s in teams[win]])
        lines.append(N_("{names} score {points}.").format(names=pair, points=points))
        r.winners = list(teams[win])
        r.counted = N_("the other side's pips: {sum} = {points}").format(
            sum=" + ".join(str(hp[s]) for s in teams[1 - win]), points=points)
        return lines
    if winner is None:
        winner = (bergen_block_winner(t.hands, live) if mode == "bergen"
                  else block_winner(t.hands, live))
        if winner is not None:
            r.reason = block_reason(mode, t.hands, live, winner)
    if winner is None:
        lines.append(N_("A tie on pips and tiles: no score."))
        r.reason = N_("a tie on pips and tiles: no score")
        return lines
    others = [s for s in live if s != winner]
    if mode == "bergen":
        points = 10
        r.counted = N_("10 for the domino") if domino is not None else N_("10 for the block")
    elif mode == "muggins":
        k = 5 if rules.play_score == "fives" else 3
        heaviest = max(hp[s] for s in others)
        points = muggins_bonus(heaviest, k, options.pip_values)
        said = (N_("the opponent's {pips} pips, nearest {k}s {nearest}") if len(others) == 1
                else N_("the heaviest opponent's {pips} pips, nearest {k}s {nearest}"))
        r.counted = said.format(pips=heaviest, k=k, nearest=nearest_multiple(heaviest, k))
        if not options.pip_values:
            r.counted = N_("{counted}, over {k}: {points}").format(counted=r.counted, k=k,
                                                                    points=points)
    elif mode == "opp":
        points = max(hp[s] for s in others)  # two players: the opponent; three: the heaviest
        r.counted = (N_("the opponent's pips: {points}") if len(others) == 1
                     else N_("the heaviest other hand's pips: {points}")).format(points=points)
    elif mode in ("draw", "block") and domino is None:
        scoring = options.block_scoring
        opp = sum(hp[s] for s in others)
        points = {"both": opp + hp[winner], "opponent": opp,
                  "difference": opp - hp[winner]}[scoring]
        r.counted = {"both": N_("both hands: {own} + {opp} = {points}"),
                     "opponent": N_("the opponent's pips: {points}"),
                     "difference": N_("the difference: {opp} - {own} = {points}")}[
            scoring].format(own=hp[winner], opp=opp, points=points)
    else:
        points = sum(hp[s] for s in others)
        r.counted = (N_("the others' pips: {sum} = {points}").format(
            sum=" + ".join(str(hp[s]) for s in others), points=points) if len(others) > 1
            else N_("the opponent's pips: {points}").format(points=points))
    _add(rules, t, n, winner, points)
    r.winners = side_of(rules, n, winner)
    if domino is None:
        lines.append(N_("{name} wins the block: {reason}.").format(name=names[winner],
                                                                    reason=r.reason))
    lines.append((N_("{name} scores {points} ({counted}).") if r.counted
                  else N_("{name} scores {points}.")).format(name=names[winner], points=points,
                                                              counted=r.counted))
    return lines


def finish_check(rules: Rules, options: DominoesOptions, t: Table, names: list[str]) -> list[str]:
    """After a hand: end the match, or a game of the rubber, or eliminate pool players."""
    n = len(t.hands)
    target = target_for(rules, options, n)
    if rules.finish == "hand":
        t.over = True
        t.final = [float(x) for x in t.scores]
        best = max(t.scores)
        t.winners = [s for s in range(n) if t.scores[s] == best] if best > 0 else []
        if not t.winners:
            t.winners = list(range(n))
        return []
    if rules.finish == "pool":
        return _pool_check(rules, options, t, names, target)
    if max(t.scores) < target:
        return []
    best = max(t.scores)
    leaders = [s for s in range(n) if t.scores[s] == best]
    if rules.finish == "rubber" and options.rubber:
        zapatero = all(t.scores[s] == 0 for s in range(n) if s not in leaders)
        for s in leaders:
            t.games[s] += 2 if zapatero else 1
        said = ((N_("{names} wins game {n} with a Zapatero (counts two games).") if zapatero
                 else N_("{names} wins game {n}.")) if len(leaders) == 1 else
                (N_("{names} win game {n} with a Zapatero (counts two games).") if zapatero
                 else N_("{names} win game {n}.")))
        line = said.format(names=joined([names[s] for s in leaders]), n=t.game_no)
        if max(t.games) >= 2:
            t.over = True
            t.final = [float(g) for g in t.games]
            t.winners = [s for s in range(n) if t.games[s] == max(t.games)]
            return [line, N_("That wins the rubber.")]
        t.game_no += 1
        t.hand_no = 0
        t.scores = [0] * n
        return [line]
    t.over = True
    t.final = [float(x) for x in t.scores]
    t.winners = leaders
    return []


def _pool_check(rules: Rules, options: DominoesOptions, t: Table, names: list[str],
                target: int) -> list[str]:
    n = len(t.hands)
    lines: list[str] = []
    busted = [s for s in range(n) if not t.out[s] and t.scores[s] >= target]
    if not busted:
        return lines
    if options.settlement == "difference":
        payer = max(busted, key=lambda s: t.scores[s])
        pay = pool_difference(t.scores, payer, target)
        t.over = True
        t.final = [float(p) for p in pay]
        t.winners = [s for s in range(n) if s != payer]
        lines.append(N_("{name} reached {target} and pays {payments}.").format(
            name=names[payer], target=target, payments=", ".join(
                N_("{n} to {name}").format(n=pay[s], name=names[s]) for s in t.winners)))
        return lines
    for s in busted:
        t.out[s] = True
        lines.append(N_("{name} has lost his lives ({score}).").format(name=names[s],
                                                                        score=t.scores[s]))
    survivors = [s for s in range(n) if not t.out[s]]
    t.pending = [s for s in busted if not t.starred[s] and len(survivors) >= 2]
    if not t.pending:
        close_pool(t, names, lines)
    return lines


def close_pool(t: Table, names: list[str], lines: list[str]) -> None:
    """No star pending: one left takes the pool; none left: the lightest totals share it."""
    n = len(t.hands)
    survivors = [s for s in range(n) if not t.out[s]]
    if len(survivors) > 1:
        return
    if not survivors:
        low = min(t.scores)
        survivors = [s for s in range(n) if t.scores[s] == low]
    pot = sum(t.paid)
    t.over = True
    t.winners = survivors
    t.final = [float(-t.paid[s] + (pot / len(survivors) if s in survivors else 0))
               for s in range(n)]
    said = (N_("{names} takes the pool of {n} counters.") if len(survivors) == 1
            else N_("{names} take the pool of {n} counters."))
    lines.append(said.format(names=joined([names[s] for s in survivors]), n=pot))


def star(t: Table, seat: int) -> str:
    """Pay a second stake and rejoin at the highest total still in play."""
    live = [t.scores[s] for s in range(len(t.hands)) if not t.out[s]]
    t.scores[seat] = max(live) if live else 0
    t.out[seat] = False
    t.starred[seat] = True
    t.paid[seat] += t.paid[seat]
    return N_("stars and rejoins at {score}").format(score=t.scores[seat])


def refuse_play(rules: Rules, options: DominoesOptions, t: Table, seat: int, arg: str) -> str:
    """Why a ``play`` is not legal, in words (the laws on irregularities are refusals)."""
    placed, _, end_id = arg.partition(">")
    piece = canon(placed) if "-" in placed else placed
    shown = f"[{piece.replace('-', '|')}]"
    if piece not in t.hands[seat]:
        return N_("You do not hold {tile}.").format(tile=shown)
    if not t.centre:
        must = forced_lead(rules, options, t, seat)
        if must is not None and must != piece:
            return N_("You must lead {tile}.").format(tile=f"[{must.replace('-', '|')}]")
        return N_("The lead is a bare tile: `{move}`.").format(move="play:" + piece)
    open_ends = ends(rules, t)
    if not end_id:
        return N_("Say which end: {tile} needs `>` and an end ({ends}).").format(
            tile=shown, ends=", ".join(open_ends))
    if end_id not in open_ends:
        return N_("There is no open end `{end}`; the open ends are {ends}.").format(
            end=end_id, ends=", ".join(open_ends))
    if rules.layout == "cross" and not options.open_cross and len(t.arms) < rules.arms:
        return N_("The cross must be complete before an arm is extended.")
    if rules.layout != "line" and t.turns < live_players(t) and end_id != "C":
        return N_("In the first round every tile goes against the centre double, or say go.")
    if not fits(rules, t, piece, open_ends[end_id]):
        said = (N_("{tile} does not add up to the {value} at end {end}.") if rules.match == "sum"
                else N_("{tile} does not match the {value} at end {end}."))
        return said.format(tile=shown, value=open_ends[end_id], end=end_id)
    return N_("{tile} goes there the other way round.").format(tile=shown)
