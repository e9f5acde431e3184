"""The fast path's search, compiled where it could be built: `_plainc` (setup.py builds it from
``_plainc.c`` when a C compiler is there) runs plain.py's very search, move for move, some
twenty times faster; without it plain.py's Python search answers (same answers, slower).

A position crosses into C as one ``bytes``: the foundation heights, the two counters, each
pile's length, then every pile's cards. A winning line comes back as plain.py's steps, turned
into the engine's actions here (solver.py replays them through the engine before trusting
them).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from bot.games.patience import plain
from bot.games.patience.plain import PlainAnswer, PlainGame, PlainPos

try:  # the compiled core (setup.py builds it when a C compiler is there); else Python alone
    from bot.games.patience import _plainc
except ImportError:  # pragma: no cover - depends on the build
    _plainc = None  # type: ignore[assignment]

POSITION_LIMIT = 8_000_000
"""The most positions the compiled search keeps (about 200 bytes each with one pack: the
position and its canonical key, the node, the hash slot; twice that with two packs): past it,
"undecided". A worker's memory stays under about 1.6 GB (3 GB with two packs) whatever budget
it is given."""

MAX_CARDS = 104


def native() -> bool:
    """Whether the compiled core is there."""
    return _plainc is not None


def pack(pos: PlainPos) -> bytes:
    piles, heights, counters = pos
    return heights + counters + bytes(len(p) for p in piles) + b"".join(piles)


def unpack(game: PlainGame, data: bytes) -> PlainPos:
    nf, np = len(game.found_ids), len(game.ids)
    heights, counters, lens = data[:nf], data[nf:nf + 2], data[nf + 2:nf + 2 + np]
    piles, at = [], nf + 2 + np
    for n in lens:
        piles.append(data[at:at + n])
        at += n
    return tuple(piles), heights, counters


@lru_cache(maxsize=64)
def _perms(seed: int, redeal: int) -> list[bytes]:
    """How the engine's shuffle for redeal ``redeal`` orders ``n`` gathered cards, each n:
    the shuffled list's k-th card is the gathered list's ``perm[k]``-th."""
    out = []
    for n in range(MAX_CARDS + 1):
        order = list(range(n))
        random.Random(f"{seed}:redeal:{redeal}").shuffle(order)
        out.append(bytes(order))
    return out


def arguments(game: PlainGame) -> dict[str, object]:
    """The compiled core's `Game` arguments for ``game``: its tables as bytes."""
    tables: dict[int, bytes] = {}
    fits: list[bytes | None] = []
    for i, table in enumerate(game.fits):
        if not game.packable[i]:
            fits.append(None)
            continue
        if id(table) not in tables:
            tables[id(table)] = b"".join(bytes(row) for row in table)
        fits.append(tables[id(table)])
    return dict(
        packable=bytes(game.packable), caps=bytes(game.caps), refill=bytes(game.refill),
        kings=bytes(game.kings), group=bytes(game.group),
        groups=[bytes(ids) for ids in game.all_groups], fits=fits,
        onto_order=game.onto is not None,
        wants=bytes(game.wants(fi, h) for fi in range(len(game.found_ids)) for h in range(14)),
        fkey=bytes(game.f_key), fsuit=bytes(game.f_suit),
        safe={"": 0, "all": 1, "packers": 2}[game.safe],
        packers=[bytes(game.packers[c]) for c in range(64)],
        order=bytes(min(o, 255) for o in game.order), pulls=game.pulls, merci=game.merci,
        tuck=game.tuck, redeals=game.redeals, fans=bytes(game.fans),
        perms=[_perms(game.seed, r) for r in range(1, game.redeals + 1)]
        if game.redeals and game.shuffle else None,
        dead_rule=game.dead_rule, lost_rule=game.lost_rule, packs=game.rules.packs,
        loose=bytes(game.loose or [False] * len(game.ids)))


def compiled(game: PlainGame) -> object:
    """The compiled core's `Game` for ``game`` (made once per game)."""
    if game.native is None:
        game.native = _plainc.Game(**arguments(game))
    return game.native


def search(game: PlainGame, root: PlainPos, budget: int, stop: Callable[[], bool] | None,
           *, compiled_core: bool = True) -> PlainAnswer:
    """`plain.search`'s answer, from the compiled core when it is there (and wanted)."""
    if not (compiled_core and _plainc is not None):
        return plain.search(game, root, budget, stop)
    status, steps, nodes, positions = compiled(game).search(  # type: ignore[attr-defined]
        root=pack(root), budget=budget, dfs_budget=plain.dfs_budget(budget),
        chunk=plain.CHUNK, weights=plain.WEIGHTS, stop=stop, limit=POSITION_LIMIT,
        probes=plain.PROBES, probe_budget=plain.probe_budget(budget))
    return PlainAnswer(status, tuple(plain.action(game, tuple(s)) for s in steps), nodes,
                       positions)
