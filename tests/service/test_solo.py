"""Solo sessions: dealt at once, never auto-played, undo through the log, idle expiry, clock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest

from bot.games import registry
from bot.service.errors import BadOptions, IllegalMove, NotAllowed, NotSeated, StaleAction
from bot.service.models import TableInfo, TableStatus
from bot.service.solo import UNDO, daily_seed, replay
from bot.service.tables import TableService
from tests.service.conftest import Harness

ANN, BOB = 301, 302
DM = 9001


@pytest.fixture(autouse=True)
def toysolo_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry._MODULES, "toysolo", "tests.service.toysolo")
    registry.get.cache_clear()
    yield
    registry.get.cache_clear()


async def _open(svc: TableService, seed: int = 5, **kw: object) -> TableInfo:
    return await svc.open_solo(game_key="toysolo", channel_id=DM, user_id=ANN, name="Ann",
                               seed=seed, **kw)  # type: ignore[arg-type]


def _win_line(info: TableInfo) -> list[str]:
    """Moves that win the toy patience from ``info``: play what fits, else dig for it."""
    state = info.state
    assert state is not None
    line = []
    while not state.is_over:
        legal = [str(a) for a in state.legal_actions(0)]
        up = next((a for a in legal if a.endswith(">f")), None)
        if up is None:
            want = state.foundation + 1  # type: ignore[attr-defined]
            src = next(p for p, cards in state.piles.items() if want in cards)  # type: ignore[attr-defined]
            dst = next(p for p in ("p1", "p2", "p3") if p != src)
            up = f"move:{src}>{dst}"
        line.append(up)
        state, _ = state.apply(0, up)
    return line


async def test_a_solo_game_is_dealt_at_once_with_no_lobby(harness: Harness) -> None:
    svc, rec = await harness.open()
    info = await _open(svc)
    assert info.status is TableStatus.PLAYING and info.state is not None
    assert info.players == 1 and info.seats[0].user_id == ANN and not info.seats[0].is_ai
    assert info.turn_deadline is not None  # the idle expiry, not a turn timer
    await svc.settle()
    assert rec.reasons() == ["started"]


async def test_table_games_cannot_be_opened_alone(svc: TableService) -> None:
    with pytest.raises(BadOptions, match="played at a table"):
        await svc.open_solo(game_key="toy", channel_id=DM, user_id=ANN, name="Ann")
    with pytest.raises(BadOptions, match="preset"):
        await _open(svc, preset="nope")


async def test_undo_takes_back_a_move_and_the_log_rebuilds_the_state(harness: Harness) -> None:
    svc, _ = await harness.open()
    info = await _open(svc)
    with pytest.raises(IllegalMove, match="no move to take back"):
        await svc.undo(info.id, ANN, version=info.version)
    first = await svc.act(info.id, ANN, "move:p1>p2", version=info.version)
    second = await svc.act(info.id, ANN, "move:p2>p3", version=first.table.version)
    with pytest.raises(StaleAction):
        await svc.undo(info.id, ANN, version=first.table.version)
    with pytest.raises(NotSeated):
        await svc.undo(info.id, BOB, version=None)
    back = await svc.undo(info.id, ANN, version=second.table.version)
    assert back.table.state == first.table.state
    assert back.table.version == second.table.version + 1
    log = [row.action for row in await svc.store.actions(info.id)]
    assert log == ["move:p1>p2", "move:p2>p3", UNDO]
    game = registry.get("toysolo")
    rebuilt = replay(game, 1, game.options("six"), info.seed, log)
    assert rebuilt == back.table.state
    again = await svc.undo(info.id, ANN, version=None)
    assert again.table.state == info.state
    with pytest.raises(IllegalMove):
        await svc.undo(info.id, ANN, version=None)


async def test_a_won_game_records_wins_moves_and_time_but_no_rating(harness: Harness) -> None:
    svc, _ = await harness.open()
    info = await _open(svc, guild_id=None)
    version = info.version
    table = info
    for move in _win_line(info):
        table = (await svc.act(info.id, ANN, move, version=version)).table
        version = table.version
    assert table.status is TableStatus.FINISHED
    stats = await svc.stats(ANN)
    entry = stats.per_game["toysolo"]
    assert entry["games"] == 1 and entry["wins"] == 1
    assert entry["moves"] == len(_win_line(info))
    assert entry["seconds"] >= 0
    assert entry["rating"] == 1000  # no opponents: the rating never moves
    (row,) = await svc.leaderboard("toysolo", None)
    assert (row.name, row.wins, row.games) == ("Ann", 1, 1)


async def test_nobody_plays_a_solo_game_for_its_player(harness: Harness) -> None:
    svc, _ = await harness.open(turn_timeout_s=0)
    info = await _open(svc)
    with pytest.raises(NotAllowed, match="give the game up"):
        await svc.resign(info.id, ANN)
    await svc.settle()
    assert (await svc.get(info.id)).version == info.version  # no timer, no AI moved
    assert await svc.store.actions(info.id) == []


async def test_idle_expiry_gives_the_game_up(harness: Harness) -> None:
    svc, rec = await harness.open()
    info = await _open(svc)  # idle for a week from now
    svc.solo_idle_s = 0.0  # the move below sets a deadline that has passed already
    played = await svc.act(info.id, ANN, "move:p1>p2", version=info.version)
    done = await rec.wait_for(lambda u: u.table.id == info.id and not u.table.is_open)
    assert done.table.status is TableStatus.FINISHED
    assert done.table.version == played.table.version + 1
    assert done.notice is not None and "long time" in done.notice
    log = await svc.store.actions(info.id)
    assert [(r.action, r.reason) for r in log] == [("move:p1>p2", "human"), ("resign", "timeout")]
    assert (await svc.stats(ANN)).per_game["toysolo"]["wins"] == 0


async def test_an_untouched_game_expires_without_a_result(harness: Harness) -> None:
    svc, rec = await harness.open()
    svc.solo_idle_s = 0.0
    info = await _open(svc)
    done = await rec.wait_for(lambda u: u.table.id == info.id and not u.table.is_open)
    assert done.table.status is TableStatus.ABORTED and done.reason == "expired"
    assert (await svc.stats(ANN)).per_game == {}


async def test_a_new_deal_gives_up_the_open_one(harness: Harness) -> None:
    svc, _ = await harness.open()
    untouched = await _open(svc, seed=1)
    second = await _open(svc, seed=2)  # the untouched one closes without a result
    assert (await svc.get(untouched.id)).status is TableStatus.ABORTED
    await svc.act(second.id, ANN, "move:p1>p2", version=second.version)
    third = await _open(svc, seed=3)
    assert (await svc.get(second.id)).status is TableStatus.FINISHED  # a loss
    assert (await svc.table_in_channel(DM)) == third
    entry = (await svc.stats(ANN)).per_game["toysolo"]
    assert entry["games"] == 1 and entry["wins"] == 0
    with pytest.raises(NotAllowed, match="already has an open table"):
        await svc.open_solo(game_key="toysolo", channel_id=DM, user_id=BOB, name="Bob")


async def test_give_up_ends_the_game_as_lost(svc: TableService) -> None:
    info = await _open(svc)
    done = await svc.give_up(info.id, ANN)
    assert done.status is TableStatus.FINISHED
    assert done.state is not None and done.state.outcome() is not None
    assert done.state.outcome().winners == []  # type: ignore[union-attr]


async def test_a_solo_game_survives_a_restart(harness: Harness) -> None:
    svc, _ = await harness.open()
    info = await _open(svc)
    moved = await svc.act(info.id, ANN, "move:p1>p2", version=info.version)
    await svc.close()
    svc2, _ = await harness.open()
    loaded = await svc2.get(info.id)
    assert loaded.state == moved.table.state and loaded.status is TableStatus.PLAYING
    back = await svc2.undo(info.id, ANN, version=loaded.version)
    assert back.table.state == info.state


async def _win(svc: TableService, user: int, name: str, seed: int, channel: int
               ) -> tuple[TableInfo, int]:
    """A won game and how many moves it took."""
    info = await svc.open_solo(game_key="toysolo", channel_id=channel, user_id=user, name=name,
                               seed=seed)
    table, line = info, _win_line(info)
    for move in line:
        table = (await svc.act(info.id, user, move, version=table.version)).table
    return table, len(line)


async def test_stats_per_variant_count_streaks_and_bests(svc: TableService) -> None:
    won, first_moves = await _win(svc, ANN, "Ann", 5, DM)
    _, second_moves = await _win(svc, ANN, "Ann", 6, DM)
    lost = await _open(svc, seed=7)
    await svc.act(lost.id, ANN, "move:p1>p2", version=lost.version)
    await svc.give_up(lost.id, ANN)
    (stats,) = await svc.solo_stats("toysolo", ANN)
    assert (stats.preset, stats.played, stats.won) == ("six", 3, 2)
    assert (stats.streak, stats.best_streak) == (0, 2)
    assert stats.win_rate == pytest.approx(2 / 3)
    assert stats.fewest_moves == min(first_moves, second_moves)
    assert stats.best_seconds is not None and stats.best_seconds >= 0
    (result,) = await svc.store.results(won.id)
    assert result.moves == first_moves and result.seconds is not None
    assert await svc.solo_stats("toysolo", ANN, "ten") == []


async def test_the_ladder_ranks_wins_then_fewest_moves_and_a_deal_has_its_own(
    svc: TableService,
) -> None:
    await _win(svc, ANN, "Ann", 5, DM)
    await _win(svc, BOB, "Bob", 5, DM + 1)
    await _win(svc, BOB, "Bob", 6, DM + 1)
    ladder = await svc.solo_leaderboard("toysolo", "six")
    assert [(r.name, r.wins, r.games) for r in ladder] == [("Bob", 2, 2), ("Ann", 1, 1)]
    daily = await svc.solo_leaderboard("toysolo", "six", seed=5)
    assert sorted(r.name for r in daily) == ["Ann", "Bob"]
    assert all(r.wins == 1 for r in daily)
    assert daily[0].fewest_moves is not None
    assert await svc.solo_leaderboard("toysolo", "six", seed=99) == []


def test_the_daily_deal_is_the_same_for_everyone_and_changes_daily() -> None:
    day = date(2026, 11, 25)
    first = daily_seed("toysolo", "six", day)
    assert first == daily_seed("toysolo", "six", day)  # every machine, every process
    assert first != daily_seed("toysolo", "six", date(2026, 11, 26))
    assert first != daily_seed("toysolo", "ten", day)
    assert 0 <= first < 1_000_000_000


async def test_a_game_without_hints_gives_none_and_the_patience_hint_is_legal(
    svc: TableService,
) -> None:
    info = await _open(svc)
    assert await svc.advise(info.id, ANN) is None  # the toy gives no hints
    with pytest.raises(NotSeated):
        await svc.advise(info.id, BOB)
    game = await svc.open_solo(game_key="patience", channel_id=DM + 5, user_id=ANN,
                               name="Ann", preset="nestor", seed=2)
    advice = await svc.advise(game.id, ANN)  # thought out in a thread (no worker processes)
    assert advice is not None and advice.action is not None
    assert game.state is not None
    assert advice.action in {str(a) for a in game.state.legal_actions(0)}
    assert (await svc.get(game.id)).version == game.version


async def test_auto_moves_home_only_what_is_safe(svc: TableService) -> None:
    """Forty Thieves deal 7 shows A♦ on column 3: nothing can be packed on an ace, so Auto
    sends it home; the 2♦ beside it stays (the other A♦ could still want it)."""
    game = await svc.open_solo(game_key="patience", channel_id=DM + 6, user_id=ANN, name="Ann",
                               preset="napoleon_at_st_helena", seed=7)
    assert game.state is not None
    done = await svc.auto(game.id, ANN, version=game.version)
    log = [row.action for row in await svc.store.actions(game.id)]
    assert log == ["move:t3>f4"]
    assert done.table.state is not None
    assert done.table.state.piles["f4"] == ["DA"]  # type: ignore[attr-defined]
    with pytest.raises(IllegalMove, match="safely"):
        await svc.auto(game.id, ANN, version=done.table.version)
    with pytest.raises(StaleAction):
        await svc.auto(game.id, ANN, version=game.version)


async def test_every_table_carries_its_options_validated_once(harness: Harness) -> None:
    """The layers above read a table's rules from `TableInfo.rules`, never from a state."""
    svc, _ = await harness.open()
    lobby = await svc.create(game_key="toy", channel_id=77, guild_id=1, host_id=ANN,
                             host_name="Ann", options={"pile": 9})
    game = registry.get("toy")
    assert lobby.rules == game.options(None, pile=9)
    solo = await _open(svc, preset="ten")
    assert solo.rules == registry.get("toysolo").options("ten")
    await svc.close()
    svc2, _ = await harness.open()  # read back from the database, as after a restart
    assert (await svc2.get(lobby.id)).rules == game.options(None, pile=9)
    assert (await svc2.get(solo.id)).rules == registry.get("toysolo").options("ten")
