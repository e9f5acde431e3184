"""Golden transcripts: a seeded game written out as readable text, for any `Game`.

Like OpenSpiel's playthroughs: a change of behaviour shows up as a diff someone must approve.
Each step prints the public view, each seat's view, the seat to act, its legal actions, the
action taken and the events. To stay readable, views are printed as changes: the public view
shows the fields that changed since the previous step, and each seat's view the fields where it
differs from the public view (its hand, a private discard), when that difference changed.
The policy sees only the acting seat's view, as an AI would.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any

from bot.games.base import Action, Game, Options, View, rng_for

Policy = Callable[[View, Sequence[Action], random.Random], Action]

_BASE_FIELDS = {"game", "seat", "players"}


def random_policy(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    """A legal move at random (stable across AI changes, so transcripts stay put)."""
    return rng.choice(list(legal))


def _fields(view: View) -> dict[str, Any]:
    data = view.model_dump(mode="json")
    return {k: v for k, v in data.items() if k not in _BASE_FIELDS}


def _value(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def transcript(
    game: Game[Any, Any],
    players: int,
    options: Options,
    seed: int,
    policy: Policy = random_policy,
    deal: Any | None = None,
    max_steps: int = 5000,
) -> str:
    """The whole game from ``seed`` as text; the policy's RNG is ``rng_for(seed, "policy")``."""
    state = game.new(players, options, seed, deal=deal)
    names = game.seat_names(players, options)
    rng = rng_for(seed, "policy")
    opts = options.model_dump(mode="json")
    out = [
        f"# {game.key} · preset {opts.get('preset', '')} · {players} players · seed {seed}",
        f"# options: {_value(opts)}",
        f"# seats: {', '.join(f'{i} {n}' for i, n in enumerate(names))}",
    ]
    last_public: dict[str, Any] = {}
    last_private: list[dict[str, Any]] = [{} for _ in range(players)]
    for step in range(max_steps + 1):
        public = _fields(state.view(None))
        out.append("")
        out.append(f"== step {step} ==")
        changed = {k: v for k, v in public.items() if last_public.get(k, object()) != v}
        out.append("public:" + ("" if changed else " (unchanged)"))
        out += [f"  {k}: {_value(v)}" for k, v in changed.items()]
        last_public = public
        for seat in range(players):
            mine = _fields(state.view(seat))
            diff = {k: v for k, v in mine.items() if public.get(k, object()) != v}
            if diff != last_private[seat]:
                out.append(f"seat {seat} ({names[seat]}):")
                out += [f"  {k}: {_value(v)}" for k, v in diff.items()]
                out += [f"  {k}: (as public)" for k in last_private[seat] if k not in diff]
                last_private[seat] = diff
        if state.is_over:
            outcome = state.outcome()
            out.append("outcome:")
            if outcome is not None:
                dumped = outcome.model_dump(mode="json")
                if not dumped.get("tallies"):
                    dumped.pop("tallies", None)  # games without counters read as before
                out += [f"  {k}: {_value(v)}" for k, v in dumped.items()]
            break
        if step == max_steps:
            out.append(f"(stopped after {max_steps} steps)")
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = policy(state.view(seat), legal, rng)
        out.append(f"to act: {seat} ({names[seat]})")
        out.append("legal: " + " ".join(str(a) for a in legal))
        out.append(f"action: {action}")
        state, events = state.apply(seat, action)
        for ev in events:
            who = "" if ev.private_to is None else f"[only {names[ev.private_to]}] "
            out.append(f"  > {who}{ev.text}")
    return "\n".join(out) + "\n"
