"""The fast rules core plays exactly as the slow one did (issue 15).

Seeded random play-outs of Skat and Euchre, hashed move by move: the acting seat, its legal
actions in order, the action taken, the events (public and private) it caused, the new state's
JSON, the acting seat's and the public view's JSON, and the outcome at the end. The digests were
recorded from the code before the speed-up (commit 'bench.rules_core ...' on branch rulescore,
by running `digest` below for each case and printing it; the Euchre ones again from main just
before the speed-up was merged, which had added the hands-won and euchre counters to the state);
any change in what a move does, says, stores or shows changes them.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from bot.games import registry
from bot.games.base import IllegalAction

CASES: list[tuple[str, str, int, dict[str, Any], int, str]] = [
    # (game, preset, players, overrides, games, sha256 digest)
    ("skat", "classic", 3, {}, 60,
     "2438e8692aaeeee1f2d41fd54306a67bf6c217947d3ce7ed95dab0fe3c644426"),
    ("skat", "classic", 4, {"allow_frage": True, "trick_history": "all"}, 20,
     "ec6c3f8c5de61ae6691a7b993507fd6fd46288bf2d67f2c02718331d442a2f6b"),
    ("skat", "isko", 3, {"kontra_re": True, "all_pass": "ramsch",
                         "score_sheet": "seeger_fabian", "show_card_points": True}, 30,
     "11ba8d5de33546b96fe7c3ea9aca969fb56568b70fe7f6d5b6fd04c73e96f03c"),
    ("skat", "isko", 3, {}, 30,
     "4fdec054571c595976f1f8e57c818dcf2d44825eabe10bd838cd64ec32044547"),
    ("euchre", "hoyle1871", 4, {}, 60,
     "5c83b8832c1d6c38659829b38472c25a33d8f2d8665efe6c3e620cc6471e8fca"),
    ("euchre", "modern", 4, {}, 40,
     "1bd84ceab54f99fca2e972c80b6a2d4bd9f1420f14de35d13af4f9d08d32ebb7"),
    ("euchre", "modern", 4, {"allow_defend_alone": True, "stick_the_dealer": True}, 30,
     "c17d2d0c7bc5f0d05b6e06718a41cd8d42ed551bf83d640e476e5eecad58c163"),
    ("euchre", "hoyle1871", 3, {}, 30,
     "211c3ff57e3af4075e39475a1e407a7f15122703621536f8956cce5c4af0788e"),
    ("euchre", "modern", 2, {"second_round": False}, 30,
     "1c93a10987dd7fc3305d33b946c7b534f050b459e7a3e609b3e79480fea7a042"),
]


PROBES = ["play:CJ", "play:HA", "play:S7", "bid:18", "bid:999", "pass", "hold", "skat",
          "discard:CJ,HT", "discard:HT,CJ", "discard:CJ", "declare:grand", "declare:suit-H",
          "name:H", "name:S-alone", "order:alone", "assist", "take", "bunch", "defend",
          "concede", "surrender", "kontra", "tourne:left", "nonsense!", ""]
"""Moves tried at each step beside the chosen one: legal or not, what they do is hashed too."""


def _try(state: Any, seat: int, text: str) -> str:
    """What ``apply`` does with ``text``: the refusal's words, or the new state's JSON."""
    try:
        after, events = state.apply(seat, text)
    except IllegalAction as exc:
        return f"refused:{exc}"
    return "ok:" + after.model_dump_json() + "".join(e.model_dump_json() for e in events)


def digest(key: str, preset: str, players: int, overrides: dict[str, Any], games: int) -> str:
    """The sha256 of every step of ``games`` random play-outs (seeds 1..games)."""
    game = registry.get(key)
    options = game.options(preset, **overrides)
    h = hashlib.sha256()
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        state = game.new(players, options, seed)
        h.update(state.model_dump_json().encode())
        while state.to_act:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            for other in range(players):
                if other != seat:
                    assert state.legal_actions(other) == []
            action = rng.choice(legal)
            probe = rng.choice(PROBES)
            h.update(_try(state, seat, probe).encode())
            h.update(_try(state, (seat + 1) % players, str(action)).encode())
            state, events = state.apply(seat, str(action) if seed % 2 else action)
            h.update(f"{seat}|{','.join(map(str, legal))}|{action}".encode())
            for ev in events:
                h.update(ev.model_dump_json().encode())
            h.update(state.model_dump_json().encode())
            h.update(state.view(seat).model_dump_json().encode())
            h.update(state.view(None).model_dump_json().encode())
        outcome = state.outcome()
        assert outcome is not None
        h.update(outcome.model_dump_json().encode())
    return h.hexdigest()


@pytest.mark.parametrize(("key", "preset", "players", "overrides", "games", "expected"), CASES)
def test_play_is_unchanged(key: str, preset: str, players: int, overrides: dict[str, Any],
                           games: int, expected: str) -> None:
    assert digest(key, preset, players, overrides, games) == expected


if __name__ == "__main__":
    for case in CASES:
        print(case[:5], digest(*case[:5]))
