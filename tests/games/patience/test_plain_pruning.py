"""The fast path's pruning rules (plain.py, and _plainc.c with it) against the unpruned game:
a brute-force search through the engine on small cut-down deals, where each rule comes into
play, must agree on winnable or not; lost positions `plain.dead` names have no win."""

from __future__ import annotations

import random

import pytest

from bot.games.patience import PatienceState, plain, plain_core
from bot.games.patience.solver import solve
from tests.games.patience.helpers import RANKS, new
from tests.games.patience.test_plain import fast
from tests.games.patience.test_solver import brute_force_wins, replays_to_a_win


def last_deal(variant: str, rng: random.Random, low: str, width: int | None = None,
              cells: int = 0, merci: int = 0) -> PatienceState:
    """Every card below ``low`` home (each foundation its suit's), the rest dealt at random on
    the first ``width`` tableau piles (and one each on the first ``cells`` cells), in the last
    deal, the merci used or not."""
    state = new(variant, 1)
    rules = state.rules
    top = RANKS.index(low)
    piles: dict[str, list[str]] = {pid: [] for pid in state.piles}
    left: list[str] = []
    for f in rules.founds:
        piles[f.id] = [f.suit + r for r in RANKS[:top]]
        left += [f.suit + r for r in RANKS[top:]]
    rng.shuffle(left)
    for card, cell in zip(left[:cells], [p.id for p in rules.piles if p.kind == "cell"],
                          strict=False):
        piles[cell].append(card)
    tableau = [p.id for p in rules.piles if p.kind == "tableau"][:width]
    for card in left[cells:]:
        piles[rng.choice(tableau)].append(card)
    return state.model_copy(update={"piles": piles, "status": "play", "redeals": rules.redeals,
                                    "flags": {**state.flags, "merci": merci}})


def agrees(state: PatienceState) -> str:
    verdict = solve(state, node_budget=100_000)
    assert verdict.status != "undecided"
    assert (verdict.status == "winnable") == brute_force_wins(state, limit=100_000)
    if verdict.status == "winnable":
        assert replays_to_a_win(state, verdict.line)
    return verdict.status


@pytest.mark.parametrize(("variant", "low", "width"), [
    ("la_belle_lucie", "J", 3),  # the merci's mark, dead positions after it
    ("the_shamrocks", "J", 3),  # the same with tucks and the king rule
    ("the_house_in_the_wood", "Q", 4),  # two packs: every copy of the packers home
])
def test_last_deal_verdicts_agree_with_a_brute_force_search(variant: str, low: str,
                                                            width: int) -> None:
    rng = random.Random(variant)
    seen = {agrees(last_deal(variant, rng, low, width)) for _ in range(8)}
    assert seen == {"winnable", "unwinnable"}


def test_garden_verdicts_with_loose_bouquet_cards_agree_with_a_brute_force_search() -> None:
    rng = random.Random("bouquet")
    for _ in range(5):
        agrees(last_deal("the_garden", rng, "J", width=2, cells=4))


@pytest.mark.parametrize("variant", ["la_belle_lucie", "the_shamrocks"])
def test_dead_positions_have_no_win(variant: str) -> None:
    rng = random.Random(variant + "dead")
    dead = alive = 0
    for _ in range(60):
        state = last_deal(variant, rng, "T", width=4, merci=1)
        game, pos = fast(state)
        assert game is not None and pos is not None and game.dead_rule
        if plain.dead(game, pos):
            dead += 1
            assert plain.moves(game, pos) == []
            assert not brute_force_wins(state, limit=100_000)
        else:
            alive += 1
    assert dead >= 5 and alive >= 5
    # with the merci still to come nothing is dead: it may draw the blocking card out
    game, pos = fast(last_deal(variant, rng, "T", width=1))
    assert game is not None and pos is not None and not plain.dead(game, pos)


def test_after_the_merci_only_its_pile_moves_and_after_a_bouquet_card_only_packs_on_it(
        ) -> None:
    rng = random.Random(3)
    while True:  # a position with no safe move, where the merci is offered
        game, pos = fast(last_deal("the_shamrocks", rng, "9", width=10))
        assert game is not None and pos is not None
        merci = next((s for s in plain.moves(game, pos) if s[0] == 3), None)
        if merci is not None:
            break
    after = plain.play(game, pos, merci)
    assert after[2][1] == 2 + merci[1]
    assert all(s[1] == merci[1] or (s[0] == 1 and s[2] == merci[1])
               for s in plain.moves(game, after))
    while True:
        garden, gpos = fast(last_deal("the_garden", rng, "8", width=6, cells=8))
        assert garden is not None and gpos is not None and garden.loose
        out = next((s for s in plain.moves(garden, gpos) if s[0] == 1 and garden.loose[s[1]]
                    and plain.moves(garden, plain.play(garden, gpos, s))), None)
        if out is not None:
            break
    placed = plain.play(garden, gpos, out)
    assert placed[2][1] == 2 + out[2]
    assert all(s[0] == 1 and s[2] == out[2] for s in plain.moves(garden, placed))
    assert plain.settled(garden, placed)[2] == gpos[2]  # the engine knows no mark
    for step in plain.moves(garden, placed):  # used: gone, unless the card came loose too
        packed = plain.play(garden, placed, step)
        assert packed[2][1] == (2 + step[2] if garden.loose[step[1]] else 0)


def test_a_card_goes_home_alone_once_its_packers_can_go_instead() -> None:
    """The Beleaguered Castle, all 2s and 3s home but the D3: the H4 may go home alone (its
    packers, the 3s, are home or go next with no packer left)."""
    state = new("the_beleaguered_castle", 1)
    piles: dict[str, list[str]] = {pid: [] for pid in state.piles}
    for f in state.rules.founds:
        piles[f.id] = [f.suit + r for r in ("A23" if f.suit != "D" else "A2")]
    rest = ["D3"] + [s + r for s in "CSHD" for r in RANKS[3:]]  # the D3 buried
    rest.remove("H4")
    for i, card in enumerate(rest):
        piles[f"t{i % 7 + 1}"].append(card)
    piles["t8"] = ["H4"]
    game, pos = fast(state.model_copy(update={"piles": piles}))
    assert game is not None and pos is not None
    assert plain.moves(game, pos) == [(0, game.ids.index("t8"), 2)]


def test_a_mark_names_its_pile_by_its_cards_in_the_key() -> None:
    """Two layouts alike but for the order of their piles are one position only if the mark
    names the same cards in both: else each must be searched with its own restriction."""
    game, pos = fast(last_deal("the_shamrocks", random.Random(5), "9", width=18))
    assert game is not None and pos is not None
    piles, heights, counters = pos
    i, j = [k for k, cards in enumerate(piles) if cards][:2]
    assert piles[i] != piles[j]
    swapped = list(piles)
    swapped[i], swapped[j] = piles[j], piles[i]

    def marked(layout: list[bytes] | tuple[bytes, ...], pile: int) -> plain.PlainPos:
        return tuple(layout), heights, counters[:1] + bytes((2 + pile,))

    keys = [(plain.key(game, p), plain_core.pack(p)) for p in (
        marked(piles, i), marked(swapped, j), marked(piles, j))]
    assert keys[0][0] == keys[1][0] != keys[2][0]
    if plain_core.native():
        core = plain_core.compiled(game)
        ckeys = [core.key(packed) for _, packed in keys]  # type: ignore[attr-defined]
        assert ckeys[0] == ckeys[1] != ckeys[2]
