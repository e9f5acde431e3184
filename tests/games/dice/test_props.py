"""Random games of every variant at every player count it seats: scores as the rules say,
turns rotate as the rules say, counters are conserved, games replay exactly from seed and
moves, and out-of-turn moves and illegal holds are refused without a change."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.games.base import Event, IllegalAction
from bot.games.dice import GAME, DiceState, scoring
from bot.games.dice.catalogue import CATALOGUE

CASES = [(r.id, n) for r in CATALOGUE.values() for n in sorted({*r.players[:3], r.players[-1]})]
BAD_HOLDS = ["hold:0", "hold:6", "hold:1,1", "hold:1,2,3,4,5", "hold:x", "hold:", "hold:-1"]


def throws_of(events: list[Event]) -> list[list[int]]:
    return [e.data["dice"] for e in events if e.kind == "throw"]


def expected_turn_value(variant: str, throws: list[list[int]]) -> int:
    """A fixed turn's score from its throws alone, as §6.1, §6.3, §6.5 and §6.6 say."""
    if variant == "throwing_dice":
        return sum(map(sum, throws))
    if variant == "round_the_spot":
        return sum(scoring.spot_value(f) for t in throws for f in t)
    first, second, (last,) = throws
    kept = max(first) + max(second)
    return kept * last if variant == "multiplication" else kept + last


def check_step(before: DiceState, seat: int, after: DiceState, events: list[Event]) -> None:
    row, t0, t1 = before.row, before.table, after.table
    throws = throws_of(events)
    turn_over = after.is_over or after.to_act != [seat] or row.flow in (
        "fixed", "raffle", "neighbour", "centennial", "ace_pot")
    if row.flow in ("fixed", "raffle", "poker", "vingt_un") and turn_over:
        if t0.stage == 0 and row.flow == "fixed":
            value = expected_turn_value(row.id, throws)
            assert t1.totals[seat] == t0.totals[seat] + value
        if row.flow == "raffle":
            assert all(scoring.raffle_key(x) is None for x in throws[:-1])
            assert scoring.raffle_key(throws[-1]) is not None
        if row.flow == "poker":
            assert t1.stage_keys[seat] == scoring.poker_key(t1.dice) or after.is_over
        if row.flow == "vingt_un":
            total = t0.running + sum(map(sum, throws)) if t0.phase == "more" else \
                sum(map(sum, throws))
            assert scoring.vingt_un_key(total) == (t1.stage_keys[seat] or t1.keys[seat][-1:])
        # the next seat is the next in this round's order, else the first of the next round
        if not after.is_over:
            place = t0.order.index(seat)
            nxt = after.to_act[0]
            assert nxt == (t0.order[place + 1] if place + 1 < len(t0.order) else t1.order[0])
    if row.flow == "neighbour":
        (dice,) = throws
        delta = [b - a for a, b in zip(t0.totals, t1.totals, strict=True)]
        gains = scoring.neighbour_points(seat, dice)
        assert delta == [gains.get(s, 0) for s in range(before.players)]
        assert after.is_over or after.to_act == [(seat + 1) % before.players]
    if row.flow == "centennial":
        side, line = seat % 2, t0.lines[seat % 2]
        for i, dice in enumerate(throws):
            moved = scoring.mark(line, dice)
            last = i == len(throws) - 1
            assert (moved > line) != (last and moved < scoring.LINE) or moved == scoring.LINE
            line = moved
        assert t1.lines[side] == line and t1.lines[1 - side] == t0.lines[1 - side]
        assert after.is_over or after.to_act == [(seat + 1) % before.players]
    if row.flow == "ace_pot":
        n, each = before.players, before.options.counters
        assert sum(t1.counters) + t1.pot == n * each
        assert t1.pot >= t0.pot
        if not after.is_over:
            nxt = after.to_act[0]
            if t1.phase == "closed":
                assert t1.counters[nxt] == 1 and sum(t1.counters) == 1
            else:
                skipped = [(seat + i) % n for i in range(1, (nxt - seat) % n or n)]
                assert t1.counters[nxt] > 0 and all(t1.counters[s] == 0 for s in skipped)


def check_end(state: DiceState) -> None:
    outcome = state.outcome()
    assert outcome is not None and outcome.winners
    t, row = state.table, state.row
    if row.flow in ("fixed", "raffle", "poker", "vingt_un"):
        pick = min if state.options.forfeit else max
        edge = pick(t.keys)
        decided = t.losers if state.options.forfeit else t.winners
        assert [s for s in range(state.players) if t.keys[s] == edge] == decided
        assert all(outcome.ranks[s] == 1 for s in outcome.winners)
    if row.flow == "neighbour":
        goal = state.options.goal(row.default_target)
        assert max(t.totals) >= goal
    if row.flow == "centennial":
        assert t.lines[outcome.winners[0] % 2] == scoring.LINE


def check_refusals(state: DiceState, rng: random.Random) -> None:
    before = state.model_dump()
    seat = state.to_act[0]
    for other in range(state.players):
        if other != seat:
            with pytest.raises(IllegalAction, match="not your turn"):
                state.apply(other, state.legal_actions(seat)[0])
    for bad in [*rng.sample(BAD_HOLDS, 3), "roll:6", "stand:3"]:
        with pytest.raises(IllegalAction):
            state.apply(seat, bad)
    assert state.model_dump() == before


def play_out(variant: str, players: int, seed: int, policy: str,
             **options: object) -> tuple[DiceState, list[tuple[int, str]], list[Event]]:
    opts = GAME.options(variant, **options)
    state = GAME.new(players, opts, seed)
    rng = random.Random(f"{variant}:{players}:{seed}")
    log: list[tuple[int, str]] = []
    events: list[Event] = []
    for step in range(2000):
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if step % 5 == 0:
            check_refusals(state, rng)
        action = (rng.choice(legal) if policy == "random"
                  else GAME.choose(state.view(seat), legal, rng, 10))
        after, more = state.apply(seat, action)
        check_step(state, seat, after, more)
        log.append((seat, str(action)))
        events += more
        state = after
    assert state.is_over, (variant, players, seed)
    check_end(state)
    return state, log, events


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_random_and_ai_games_follow_the_rules(variant: str, players: int) -> None:
    for seed in range(6):
        play_out(variant, players, seed, "random" if seed % 2 else "ai")


@pytest.mark.parametrize(("variant", "options"), [
    ("throwing_dice", {"rounds": 3}), ("round_the_spot", {"target": 15}),
    ("raffles", {"whole_throw": True}), ("vingt_un", {"forfeit": True}),
    ("ace_in_the_pot", {"counters": 1, "last_holder": "loses"}),
    ("help_your_neighbor", {"play_for": "refreshments", "target": 12}),
])
def test_house_rules_play_out(variant: str, options: dict[str, object]) -> None:
    row = CATALOGUE[variant]
    for seed in range(6):
        state, _, _ = play_out(variant, row.players[min(2, len(row.players) - 1)], seed,
                               "random", **options)
        if "rounds" in options:
            assert state.table.round == options["rounds"]


@pytest.mark.parametrize("variant", list(CATALOGUE))
def test_a_game_replays_exactly_from_its_seed_and_moves(variant: str) -> None:
    players = GAME.default_players_for(GAME.options(variant))
    state, log, events = play_out(variant, players, 11, "random")
    again = GAME.new(players, GAME.options(variant), 11)
    replayed: list[Event] = []
    for seat, action in log:
        again, more = again.apply(seat, action)
        replayed += more
    assert again == state and replayed == events
    assert GAME.load(state.model_dump_json()) == state
    _, _, other = play_out(variant, players, 12, "random")
    assert throws_of(events) != throws_of(other)  # another seed, other dice


def test_illegal_holds_are_refused_with_a_reason() -> None:
    state = GAME.new(2, GAME.options("draw_poker"), 3)
    with pytest.raises(IllegalAction, match="Throw first"):
        state.apply(0, "hold:1")
    state, _ = state.apply(0, "roll")
    for bad in BAD_HOLDS:
        with pytest.raises(IllegalAction):
            state.apply(0, bad)
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(1, "hold:1")
    spelled, _ = state.apply(0, "hold:3,1")
    assert spelled.table.held == [True, False, True, False, False]
    with pytest.raises(IllegalAction, match="keep no dice"):
        GAME.new(2, GAME.options("multiplication"), 1).apply(0, "hold:1")
    with pytest.raises(IllegalAction, match="nobody stands"):
        GAME.new(2, GAME.options("raffles"), 1).apply(0, "stand")


def test_the_ai_keeps_groups_and_stands_on_a_full_hand() -> None:
    from bot.games.dice.ai import choose

    state = GAME.new(2, GAME.options("draw_poker"), 1, deal=[[5, 3, 6, 2, 5]])
    state, _ = state.apply(0, "roll")
    legal = state.legal_actions(0)
    assert str(choose(state.view(0), legal, random.Random(0))) == "hold:1,5"
    full = GAME.new(2, GAME.options("draw_poker"), 1, deal=[[6, 6, 2, 2, 6]])
    full, _ = full.apply(0, "roll")
    assert str(choose(full.view(0), full.legal_actions(0), random.Random(0))) == "stand"


def test_the_ai_throws_on_in_vingt_un_while_it_cannot_burst_or_trails() -> None:
    from bot.games.dice.ai import choose

    state = GAME.new(2, GAME.options("vingt_un"), 1, deal=[[6], [6], [3], [6], [6], [6], [5]])
    for _ in range(3):
        state, _ = state.apply(0, "roll")
    assert state.table.running == 15
    assert str(choose(state.view(0), state.legal_actions(0), random.Random(0))) == "roll"
    state, _ = state.apply(0, "roll")  # 21 stands by itself
    for _ in range(3):
        state, _ = state.apply(1, "roll")
    assert state.table.running == 17  # trailing 21: throw on
    assert str(choose(state.view(1), state.legal_actions(1), random.Random(0))) == "roll"


def test_every_variant_runs_its_no_choice_turns_in_one_click() -> None:
    for row in CATALOGUE.values():
        state = GAME.new(row.players[-1], GAME.options(row.id), 2)
        kinds = Counter(a.kind for a in state.legal_actions(state.to_act[0]))
        assert kinds == Counter({"roll": 1}), row.id
