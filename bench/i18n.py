"""Benchmark of the languages: what German costs over English where the bot makes text.

    python -m bench.i18n [--deals N] [--seed S]

Plays ``N`` seeded Skat deals (isko, random legal moves) and, at every position, makes the
table text, every seat's hand text and the buttons' labels, once in English and once in
German; then reads every finished deal's score line and the sheet back in German
(`bot.i18n.sentences.again`), first cold (each sentence new) and then warm (cached). Also
times loading the German catalogue and extracting the template. Prints per-call times; asserts
nothing (a benchmark, not a test).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from bot import render
from bot.games import registry
from bot.games.base import State
from bot.games.skat.rules import SkatState
from bot.i18n import _read, sentences, using


def _positions(deals: int, seed: int) -> list[State]:
    game = registry.get("skat")
    rng = random.Random(seed)
    state: State = game.new(3, game.options("isko", deals=deals), seed=seed)
    seen = [state]
    while state.to_act:
        seat = state.to_act[0]
        state, _events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        seen.append(state)
    return seen


def _per_call(work: Callable[[], int]) -> tuple[float, int]:
    start = time.perf_counter()
    calls = work()
    return (time.perf_counter() - start) / max(calls, 1), calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    start = time.perf_counter()
    _read.cache_clear()
    _read("de")
    print(f"load the German catalogue (read_po): {1000 * (time.perf_counter() - start):.1f} ms")

    positions = _positions(args.deals, args.seed)
    names = ["Anna", "Bernd", "Clara"]

    def texts() -> int:
        calls = 0
        for state in positions:
            public = state.view(None)
            render.table_text(public, names)
            calls += 1
            for seat in range(3):
                view = state.view(seat)
                render.hand_text(view, names)
                for action in state.legal_actions(seat):
                    render.action_label(view, action)
                calls += 1
        return calls

    english, calls = _per_call(texts)
    again_en, _calls = _per_call(texts)
    with using("de"):
        german, _calls = _per_call(texts)  # the core's sentences are read for the first time
        again_de, _calls = _per_call(texts)
    print(f"{len(positions)} positions, {calls} texts (table, hands, labels; views included), "
          f"a text: English {1e6 * english:.0f} µs (again {1e6 * again_en:.0f}), German "
          f"{1e6 * german:.0f} µs first (sentences read cold), {1e6 * again_de:.0f} µs again")

    last = positions[-1]
    assert isinstance(last, SkatState)
    outcome = last.outcome()
    lines = list(outcome.lines) if outcome is not None else []
    with using("de"):
        sentences._read.cache_clear()
        cold, count = _per_call(lambda: len([sentences.again(line, names) for line in lines]))
        warm, _count = _per_call(lambda: len([sentences.again(line, names) for line in lines]))
    print(f"{count} score-sheet sentences read back in German: cold {1000 * cold:.2f} ms, "
          f"warm {1e6 * warm:.1f} µs a sentence")

    from bot.i18n.extract import all_texts

    start = time.perf_counter()
    template = all_texts()
    print(f"extract the template ({len(template)} messages, sources and commands): "
          f"{time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
