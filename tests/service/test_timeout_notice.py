"""When the AI moves for a player who ran out of time, the channel is told the move in words,
and a secret move (a discard face down, two cards laid away) without its secret."""

from __future__ import annotations

import pytest

from bot.games.cards import is_card, long_name, pretty
from bot.service.models import TableStatus, TableUpdate
from tests.service.conftest import Harness

NAMES = ["Ann", "Bob", "Cy", "Di"]


def _named(notice: str, card: str) -> bool:
    return pretty(card) in notice or long_name(card).lower() in notice.lower() or card in notice


@pytest.mark.parametrize(("game_key", "preset", "players", "opening", "secret"), [
    ("euchre", "modern", 4, ["order"], "discarded a card face down"),
    ("euchre", "hoyle1871", 2, ["order"], "discarded a card face down"),
    ("skat", "classic", 3, ["pass", "pass", "guck:grand"], "laid away two cards"),
])
async def test_timeout_notices_tell_moves_in_words_and_never_a_hidden_card(
    harness: Harness, game_key: str, preset: str, players: int, opening: list[str],
    secret: str
) -> None:
    svc, rec = await harness.open(timeouts_before_ai=10_000)
    info = await svc.create(game_key=game_key, channel_id=1, guild_id=5, host_id=100,
                            host_name=NAMES[0], preset=preset, players=players, seed=7,
                            options={"deals": 1} if game_key == "skat" else None)
    for user in range(1, players):
        info = await svc.join(info.id, 100 + user, NAMES[user])
    info = await svc.start_game(info.id, 100)
    # The players open the deal up to a secret move (the dealer's discard after an order, the
    # two cards a Guckser lays away); from then on nobody clicks and every deadline is now, so
    # the AI makes every move, the secret one first, each as a timeout with its notice.
    for i, action in enumerate(opening):
        assert info.state is not None
        if i == len(opening) - 1:
            svc.turn_timeout_s = 0
        seat = info.state.to_act[0]
        info = (await svc.act(info.id, 100 + seat, action, version=info.version)).table
    await rec.wait_for(lambda u: u.table.id == info.id and not u.table.is_open, limit_s=120)
    await svc.settle()
    final = await svc.get(info.id)
    assert final.status is TableStatus.FINISHED
    notices: dict[int, TableUpdate] = {
        u.table.version: u for u in rec.updates if u.reason in ("timeout", "finished")}
    log = [a for a in await svc.store.actions(info.id) if a.reason == "timeout"]
    assert log and len(notices) == len(log)  # the last move finished the game
    assert log[0].action.startswith("discard:")
    for row in log:
        notice = notices[row.seq].notice or ""
        who = NAMES[row.seat]
        assert notice.startswith(f"{who} ran out of time; the AI "), notice
        assert "`" not in notice and ":" not in notice.partition("the AI")[2], notice
        kind, _, arg = row.action.partition(":")
        if kind == "discard":
            assert secret in notice
            for card in arg.split(","):
                assert is_card(card) and not _named(notice, card), notice
        elif kind == "play":
            assert f"played the {long_name(arg)}" in notice
