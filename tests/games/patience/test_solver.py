"""The patience solver: its lines win through the engine, its "unwinnable" survives a brute-force
search, its compact form moves as the engine does, hints are legal. Node budgets only."""

from __future__ import annotations

import random
from datetime import date

import pytest

from bot.games.patience import GAME, PatienceState
from bot.games.patience.catalogue import CATALOGUE
from bot.games.patience.engine import step_rank
from bot.games.patience.game import SOLUTION_BUDGET
from bot.games.patience.solver import (
    Verdict,
    daily_seed,
    hint,
    moves_of,
    perfect_knowledge,
    play,
    position_of,
    shorten,
    solution_from_start,
    solve,
)
from tests.games.patience.helpers import RANKS, legal, new

SOLVED_GAMES = ["the_beleaguered_castle", "the_garden", "the_shamrocks", "la_belle_lucie",
                "nestor", "napoleon_at_st_helena", "the_chameleon", "the_calculation",
                "the_baker_s_dozen", "the_idle_year", "the_fortress", "penelopes_web",
                "the_citadel", "the_exiled_kings", "the_phalanx", "the_four_kings",
                "the_clock", "the_elevens", "the_betrothal", "the_fourteens"]


def replays_to_a_win(state: PatienceState, line: tuple[str, ...]) -> bool:
    for action in line:
        state, _ = state.apply(0, action)
    return state.status == "won"


def verdict_holds(state: PatienceState, verdict: Verdict, limit: int = 200_000) -> bool:
    """A decided verdict checked through the engine: a win by replaying its line, a loss by a
    brute-force search that finds no win (which, where there is one, may wander for a minute
    before it comes on it: the line is the quicker proof, and as sure)."""
    if verdict.status == "winnable":
        return replays_to_a_win(state, verdict.line)
    return verdict.status == "unwinnable" and not brute_force_wins(state, limit)


def test_solutions_replay_to_a_win_through_the_engine() -> None:
    wins = 0
    for variant in SOLVED_GAMES:
        for seed in range(1, 4):
            state = new(variant, seed)
            verdict = solve(state, node_budget=1500)
            assert verdict.status in ("winnable", "unwinnable", "undecided")
            if verdict.status == "winnable":
                wins += 1
                assert replays_to_a_win(state, verdict.line), (variant, seed)
            else:
                assert verdict.line == ()
    assert wins >= 5  # the check above must have checked something


def beleaguered_sorted_deal() -> list[str]:
    """Beleaguered Castle dealt so that every pile runs down to its top: winnable."""
    order = [s + r for r in reversed(RANKS[1:]) for s in "CSHD"]
    return [*order, "CA", "SA", "HA", "DA"]


def test_a_hand_made_winnable_deal_is_found_winnable() -> None:
    state = new("the_beleaguered_castle", 1, deal=beleaguered_sorted_deal())
    verdict = solve(state, node_budget=5000)
    assert verdict.status == "winnable"
    assert not verdict.perfect_knowledge
    assert replays_to_a_win(state, verdict.line)


def test_solution_from_start_is_the_deals_solution() -> None:
    verdict = solution_from_start(GAME, GAME.options("la_belle_lucie"), 3, node_budget=500)
    assert verdict.status == "winnable"
    assert replays_to_a_win(new("la_belle_lucie", 3), verdict.line)


def test_show_me_a_solution_gets_the_engines_seconds_not_its_positions() -> None:
    """The compiled search's positions cost a fortieth of the engine's: "show me a solution"
    counts its budget as the engine's positions, so Garden deals the compiled search decides
    in about 180k (a win) and 520k positions (a loss), more than the budget itself, are
    decided; the line replays to a win."""
    won, lost = new("the_garden", 14), new("the_garden", 5)
    for state in (won, lost):
        assert solve(state, node_budget=SOLUTION_BUDGET).status == "undecided"
    found = GAME.solution(GAME.options("the_garden"), 14)
    assert found is not None and found.line and "could be won" in found.note
    assert replays_to_a_win(won, tuple(found.line))
    found = GAME.solution(GAME.options("the_garden"), 5)
    assert found is not None and not found.line and "could not be won" in found.note


def test_shortened_lines_still_win() -> None:
    """A line with a detour (a card moved away and back) at its start comes back without it."""
    state = new("the_citadel", 6)
    verdict = solve(state, node_budget=40_000)
    assert verdict.status == "winnable"
    rules, seed = state.rules, state.seed
    pos, wandering = position_of(state), ()
    for i, action in enumerate(verdict.line):  # the first place a card can go and come back
        detour = next(((a, b) for a in moves_of(rules, pos, seed)
                       for b in moves_of(rules, play(rules, pos, seed, a)[0], seed)
                       if play(rules, play(rules, pos, seed, a)[0], seed, b)[0] == pos), None)
        if detour:
            wandering = (*verdict.line[:i], *detour, *verdict.line[i:])
            break
        pos = play(rules, pos, seed, action)[0]
    assert replays_to_a_win(state, wandering)
    short = shorten(state, wandering)
    assert len(short) <= len(verdict.line) < len(wandering)
    assert replays_to_a_win(state, short)


def cut_down(variant: str, rng: random.Random, low: str) -> PatienceState:
    """A late position: every card below rank ``low`` home, the rest dealt at random onto the
    tableau (full information, a few cards)."""
    state = new(variant, 1)
    rules = state.rules
    top = RANKS.index(low)
    piles: dict[str, list[str]] = {pid: [] for pid in state.piles}
    left = [s + r for s in "CSHD" for r in RANKS[top:]]
    rng.shuffle(left)
    for f, suit in zip(rules.founds, "CSHD", strict=True):
        piles[f.id] = [suit + r for r in RANKS[:top]]
    tableau = [p.id for p in rules.piles if p.kind == "tableau"]
    for card in left:
        piles[rng.choice(tableau)].append(card)
    return state.model_copy(update={"piles": piles, "status": "play"})


def brute_force_wins(state: PatienceState, limit: int = 200_000) -> bool:
    """Every position reachable through `PatienceState.apply`, no canonical keys, no safe
    moves: does any win? (A position is its piles, redeals used and flags: the same piles
    with a redeal still to come are another position.)"""

    def key(st: PatienceState) -> str:
        return str((sorted(st.piles.items()), st.redeals, sorted(st.flags.items())))

    seen = {key(state)}
    todo = [state]
    while todo:
        st = todo.pop()
        for action in legal(st):
            if action == "resign":
                continue
            nxt, _ = st.apply(0, action)
            if nxt.status == "won":
                return True
            if key(nxt) not in seen:
                seen.add(key(nxt))
                assert len(seen) < limit
                todo.append(nxt)
    return False


@pytest.mark.parametrize("variant", ["the_beleaguered_castle", "the_fortress", "the_garden"])
def test_cut_down_deals_agree_with_a_brute_force_search(variant: str) -> None:
    rng = random.Random(variant)
    for _ in range(6):
        state = cut_down(variant, rng, "Q")
        verdict = solve(state, node_budget=100_000)
        assert verdict_holds(state, verdict)


def stock_game_late(variant: str, rng: random.Random) -> PatienceState:
    """A game of stock, talon and foundations late: four foundations a few cards short, their
    cards shuffled into the stock, the rest home; some of its redeals used."""
    state = new(variant, 1)
    rules = state.rules
    piles: dict[str, list[str]] = {pid: [] for pid in state.piles}
    left: list[str] = []
    short = set(rng.sample([f.id for f in rules.founds if f.length > 2], 4))
    for f in rules.founds:
        run = [f.suit + RANKS[step_rank(RANKS.index(f.base) + 1, i * f.step) - 1]
               for i in range(f.length)]
        keep = rng.randint(1, f.length - 2) if f.id in short else f.length
        piles[f.id], left = run[:keep], left + run[keep:]
    rng.shuffle(left)
    piles["s"] = left
    return state.model_copy(update={"piles": piles, "status": "play",
                                    "redeals": rng.randint(0, rules.redeals)})


@pytest.mark.parametrize("variant", ["the_contra_dance", "the_quadrille"])
def test_forced_plays_of_stock_games_agree_with_a_brute_force_search(variant: str) -> None:
    """Where cards lie only in the stock, on the talon or home, a card going to the one kind of
    foundation that takes it goes alone (no choice searched): the verdicts stand, The
    Quadrille's queens first too (its hook only holds moves home back)."""
    rng = random.Random(variant)
    seen = set()
    for _ in range(10):
        state = stock_game_late(variant, rng)
        verdict = solve(state, node_budget=10_000)
        assert verdict_holds(state, verdict)
        seen.add(verdict.status)
    assert seen == {"winnable", "unwinnable"}
    for seed in range(1, 6):  # a whole deal is one line (it was undecided at 20k positions)
        assert solve(new(variant, seed), node_budget=1000).status != "undecided"


def test_unwinnable_deals_have_no_win_in_a_brute_force_search() -> None:
    unwinnable = 0
    for variant in ("nestor", "the_beleaguered_castle", "the_idle_year", "the_betrothal",
                    "the_fifteen_puzzle", "the_elevens"):
        for seed in range(1, 7):
            state = new(variant, seed)
            verdict = solve(state, node_budget=300)
            if verdict.status == "unwinnable":
                unwinnable += 1
                assert not brute_force_wins(state, limit=100_000), (variant, seed)
    assert unwinnable >= 5


def random_states(variant: str, seed: int, steps: int) -> list[PatienceState]:
    rng = random.Random(seed)
    state = new(variant, seed)
    out = [state]
    for _ in range(steps):
        moves = [m for m in legal(state) if m != "resign"]
        if not moves or state.status != "play":
            break
        state, _ = state.apply(0, rng.choice(moves))
        out.append(state)
    return out


@pytest.mark.parametrize("variant", sorted(CATALOGUE))
def test_the_compact_form_moves_as_the_engine_does(variant: str) -> None:
    for state in random_states(variant, 7, 25)[::4]:
        if state.status != "play":
            continue
        pos = position_of(state)
        engine_moves = [m for m in legal(state) if m != "resign"]
        assert moves_of(state.rules, pos, state.seed) == engine_moves
        for action in engine_moves[:6]:
            after, _ = state.apply(0, action)
            assert play(state.rules, pos, state.seed, action)[0] == position_of(after)


@pytest.mark.parametrize("variant", ["the_garden", "napoleon_at_st_helena", "the_chameleon",
                                     "the_calculation", "the_baker_s_dozen", "nestor"])
def test_hints_are_legal_moves(variant: str) -> None:
    for state in random_states(variant, 3, 10)[::5]:
        if state.status != "play":
            continue
        h = hint(state, node_budget=300)
        assert h.action in legal(state)
        if h.certain:
            assert h.verdict.status == "winnable"


def test_a_certain_hint_keeps_the_deal_winnable() -> None:
    state = new("la_belle_lucie", 3)
    h = hint(state, node_budget=500)
    assert h.certain
    after, _ = state.apply(0, h.action or "")
    assert solve(after, node_budget=500).status == "winnable"


def test_perfect_knowledge_is_said_where_the_player_cannot_see_everything() -> None:
    assert not perfect_knowledge(new("the_beleaguered_castle"))
    assert not perfect_knowledge(new("nestor"))
    assert perfect_knowledge(new("napoleon_at_st_helena"))
    assert perfect_knowledge(new("the_baker_s_dozen"))
    assert perfect_knowledge(new("la_belle_lucie"))  # its redeals reshuffle
    assert not perfect_knowledge(new("la_belle_lucie", no_shuffle=True))


def test_daily_seed_is_a_proven_winnable_deal_and_stable() -> None:
    day = date(2026, 11, 25)
    deal = daily_seed("la_belle_lucie", day, node_budget=500, tries=10)
    assert deal.proven
    assert deal == daily_seed("la_belle_lucie", day, node_budget=500, tries=10)
    assert solve(new("la_belle_lucie", deal.seed), node_budget=500).status == "winnable"


def test_daily_seed_without_a_proof_says_so() -> None:
    deal = daily_seed("the_beleaguered_castle", date(2026, 11, 25), node_budget=1, tries=2)
    assert not deal.proven and deal.tries == 2


def test_daily_seed_tries_seeds_till_it_has_spent_its_budgets() -> None:
    """Seeds run out of budget one after the other: two budgets' worth ends the search. The
    Fortress's deals are mostly proved lost in few positions: with the same spend as eight
    whole budgets, a day whose first eight seeds are all lost gets a proved deal further on."""
    stuck = daily_seed("the_beleaguered_castle", date(2026, 11, 25), node_budget=1, tries=10,
                       spend=2)
    assert not stuck.proven and stuck.tries == 2
    day = date(2026, 11, 2)
    assert not daily_seed("the_fortress", day, node_budget=2000, tries=8).proven
    deal = daily_seed("the_fortress", day, node_budget=2000, tries=48, spend=8)
    assert deal.proven and deal.tries > 8
    assert solve(new("the_fortress", deal.seed), node_budget=80_000).status == "winnable"
