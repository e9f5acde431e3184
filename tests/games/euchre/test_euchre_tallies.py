"""The per-seat counters a finished Euchre game reports (``Outcome.tallies``): hands won by the
seat's side and euchres the side made. Small hands are counted by hand; many random games check
the sums against the hands actually scored (read from the events, not from the counters)."""

from __future__ import annotations

import random

import pytest

from bot.games.euchre import GAME, EuchreState
from bot.games.euchre.rules import side_of, sides_of
from tests.games.euchre.test_euchre_rules import finish, last_trick


def test_a_made_hand_is_won_by_the_makers_and_is_no_euchre() -> None:
    s = finish(last_trick(4, 1, False, [1, 1, 3, 0], 1))  # East/West make 3
    assert s.hands_won == [0, 1] and s.euchres == [0, 0]


def test_a_euchre_is_a_hand_won_and_a_euchre_for_the_defenders() -> None:
    s = finish(last_trick(4, 1, False, [1, 0, 2, 0], 1))  # East/West take 2: euchred
    assert s.hands_won == [1, 0] and s.euchres == [1, 0]


def test_three_handed_a_euchre_counts_for_each_defender() -> None:
    s = finish(last_trick(3, 2, False, [0, 1, 2, 0], 1))  # West the maker, euchred
    assert s.hands_won == [1, 1, 0] and s.euchres == [1, 1, 0]
    s = finish(last_trick(3, 2, False, [2, 2, 0, 1], 2))  # West makes 3
    assert s.hands_won == [0, 0, 1] and s.euchres == [0, 0, 0]


def test_the_outcome_gives_each_seat_its_side_s_counters() -> None:
    # North/South at 3 euchre East (the maker) and go out at 5.
    s = finish(last_trick(4, 1, False, [0, 0, 2, 0], 2, scores=[3, 0]))
    assert s.phase == "over"
    out = s.outcome()
    assert out is not None
    assert out.tallies == {"hands_won": [1.0, 0.0, 1.0, 0.0], "euchres": [1.0, 0.0, 1.0, 0.0]}


def test_a_snapshot_without_the_counters_counts_on_from_zero() -> None:
    s = last_trick(4, 1, False, [1, 1, 3, 0], 1)
    old = s.model_dump()
    old.pop("hands_won"), old.pop("euchres")
    loaded = EuchreState.model_validate(old)
    assert loaded.hands_won == [] and finish(loaded).hands_won == [0, 1]


@pytest.mark.parametrize(("players", "preset"), [(4, "hoyle1871"), (3, "modern"), (2, "modern"),
                                                 (4, "modern")])
def test_random_games_count_every_scored_hand_once(players: int, preset: str) -> None:
    options = GAME.options(preset)
    for seed in range(40):
        rng = random.Random(seed)
        s = GAME.new(players, options, seed)
        scored = euchred = 0
        for _ in range(5000):
            if s.is_over:
                break
            seat = s.to_act[0]
            s, events = s.apply(seat, rng.choice(s.legal_actions(seat)))
            for e in events:
                if e.kind == "score":
                    scored += 1
                    euchred += e.data["makers_tricks"] < 3
        out = s.outcome()
        assert out is not None, f"seed {seed} did not end"
        sides = len(sides_of(players))
        won_by_side = {side_of(seat, players): v for seat, v in enumerate(out.tallies["hands_won"])}
        euchres = {side_of(seat, players): v for seat, v in enumerate(out.tallies["euchres"])}
        # Each made hand has one winning side; each euchre one per defending side.
        assert sum(won_by_side.values()) == scored + euchred * (sides - 2), seed
        assert sum(euchres.values()) == euchred * (sides - 1), seed
        assert all(euchres[side] <= won_by_side[side] for side in range(sides))
        # Partners share their side's counters.
        for team in sides_of(players):
            assert len({out.tallies["hands_won"][seat] for seat in team}) == 1
