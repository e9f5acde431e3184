"""A server's defaults (issue 14): a table opened there takes its preset and house rules (the
host's own win), keeps its turn timeout and AI rule for life, and a restart keeps them all."""

from __future__ import annotations

import pytest

from bot.service.errors import BadOptions, NotAllowed
from bot.service.models import TableStatus
from bot.service.server_defaults import SCOPE, ServerDefaults
from tests.clocks import ManualClock
from tests.service.conftest import Harness

GUILD, OTHER = 77, 78
ANN, BOB = 401, 402


async def test_a_table_takes_the_servers_preset_and_house_rules(harness: Harness) -> None:
    svc, _ = await harness.open()
    await svc.set_game_defaults(GUILD, "euchre", preset="modern",
                                options={"stick_the_dealer": True, "target": 7})
    info = await svc.create(game_key="euchre", channel_id=1, guild_id=GUILD, host_id=ANN,
                            host_name="Ann")
    assert info.preset == "modern"
    assert info.rules is not None
    assert (info.rules.target, info.rules.stick_the_dealer, info.rules.deck) == (7, True, "24")
    # Another server, and a DM-less call without a server, play the book.
    other = await svc.create(game_key="euchre", channel_id=2, guild_id=OTHER, host_id=BOB,
                             host_name="Bob")
    assert other.preset == "hoyle1871" and other.rules is not None
    assert (other.rules.target, other.rules.stick_the_dealer) == (5, False)


async def test_the_hosts_own_preset_and_rules_win_rule_by_rule(harness: Harness) -> None:
    svc, _ = await harness.open()
    await svc.set_game_defaults(GUILD, "euchre", preset="modern",
                                options={"stick_the_dealer": True, "target": 7})
    info = await svc.create(game_key="euchre", channel_id=1, guild_id=GUILD, host_id=ANN,
                            host_name="Ann", preset="hoyle1871", options={"target": 3})
    assert info.preset == "hoyle1871" and info.rules is not None
    assert (info.rules.target, info.rules.stick_the_dealer) == (3, True)
    assert info.options == {"stick_the_dealer": True, "target": 3}


async def test_a_combination_refused_as_a_whole_names_the_servers_rules(
    harness: Harness
) -> None:
    svc, _ = await harness.open()
    await svc.set_game_defaults(GUILD, "euchre", preset=None, options={"stick_the_dealer": True})
    with pytest.raises(BadOptions, match="This server's house rules"):
        await svc.create(game_key="euchre", channel_id=1, guild_id=GUILD, host_id=ANN,
                         host_name="Ann", options={"second_round": False})
    assert await svc.table_in_channel(1) is None


async def test_invalid_defaults_are_refused_and_nothing_is_saved(harness: Harness) -> None:
    svc, _ = await harness.open()
    await svc.set_game_defaults(GUILD, "euchre", preset="modern", options={"target": 7})
    for preset, options in (("nosuch", {}), (None, {"stick_the_dealer": True,
                                                    "second_round": False}),
                            (None, {"target": 0})):
        with pytest.raises(BadOptions):
            await svc.set_game_defaults(GUILD, "euchre", preset=preset, options=options)
    with pytest.raises(BadOptions):
        await svc.set_game_defaults(GUILD, "nosuch", preset=None, options={"x": 1})
    with pytest.raises(BadOptions):
        await svc.set_turn_timeout(GUILD, 29)
    with pytest.raises(BadOptions):
        await svc.set_language(GUILD, "fr")
    defaults = await svc.server_defaults(GUILD)
    assert defaults.game("euchre").preset == "modern"
    assert defaults.game("euchre").options == {"target": 7}
    assert (defaults.turn_timeout_s, defaults.language) == (None, None)
    assert set(await svc.settings(SCOPE, GUILD)) == {"game:euchre"}


async def test_clearing_a_game_or_the_timeout_goes_back_to_the_bots_own(
    harness: Harness
) -> None:
    svc, _ = await harness.open()
    await svc.set_game_defaults(GUILD, "euchre", preset="modern", options={})
    await svc.set_turn_timeout(GUILD, 90)
    await svc.set_game_defaults(GUILD, "euchre", preset=None, options=None)
    await svc.set_turn_timeout(GUILD, None)
    assert await svc.server_defaults(GUILD) == ServerDefaults()


async def test_the_servers_turn_timeout_sets_the_deadlines_and_a_change_spares_open_tables(
    harness: Harness
) -> None:
    clock = ManualClock()
    svc, rec = await harness.open(turn_timeout_s=600, clock=clock)
    await svc.set_turn_timeout(GUILD, 45)
    info = await svc.create(game_key="toy", channel_id=1, guild_id=GUILD, host_id=ANN,
                            host_name="Ann", players=2)
    await svc.set_turn_timeout(GUILD, 3000)  # changed while the table is open
    info = await svc.join(info.id, BOB, "Bob")
    info = await svc.start_game(info.id, ANN)
    assert info.policy.turn_timeout_s == 45
    assert info.turn_deadline is not None
    assert (info.turn_deadline - clock.now()).total_seconds() == 45
    await clock.advance(45)
    late = await rec.wait_for(lambda u: u.reason == "timeout")
    assert late.table.turn_deadline is not None
    assert (late.table.turn_deadline - clock.now()).total_seconds() == 45
    # A table of another server, and one opened after the change, use their own.
    other = await svc.create(game_key="toy", channel_id=2, guild_id=OTHER, host_id=ANN,
                             host_name="Ann", players=2)
    other = await svc.join(other.id, BOB, "Bob")
    other = await svc.start_game(other.id, ANN)
    assert other.turn_deadline is not None
    assert (other.turn_deadline - clock.now()).total_seconds() == 600


async def test_without_ai_nobody_seats_it_start_does_not_fill_and_resign_is_refused(
    harness: Harness
) -> None:
    svc, _ = await harness.open()
    await svc.set_ai_allowed(GUILD, False)
    info = await svc.create(game_key="toy", channel_id=1, guild_id=GUILD, host_id=ANN,
                            host_name="Ann", players=2)
    with pytest.raises(NotAllowed, match="without AI players"):
        await svc.add_ai(info.id, ANN)
    with pytest.raises(NotAllowed, match="still empty, and this server plays without AI"):
        await svc.start_game(info.id, ANN, fill_with_ai=True)
    assert (await svc.get(info.id)).seats == info.seats
    await svc.join(info.id, BOB, "Bob")
    info = await svc.start_game(info.id, ANN, fill_with_ai=True)
    assert info.status is TableStatus.PLAYING and not any(s.is_ai for s in info.seats)
    with pytest.raises(NotAllowed, match="nobody can take your seat"):
        await svc.resign(info.id, BOB)
    # Allowed again: the open table keeps the rule it opened with; a new one seats the AI.
    await svc.set_ai_allowed(GUILD, True)
    with pytest.raises(NotAllowed):
        await svc.resign(info.id, BOB)
    fresh = await svc.create(game_key="toy", channel_id=2, guild_id=GUILD, host_id=ANN,
                             host_name="Ann", players=2)
    assert (await svc.add_ai(fresh.id, ANN)).seats[1].is_ai


async def test_without_ai_a_late_player_is_waited_for_then_the_game_ends(
    harness: Harness
) -> None:
    clock = ManualClock()
    svc, rec = await harness.open(turn_timeout_s=60, timeouts_before_ai=2, clock=clock)
    await svc.set_ai_allowed(GUILD, False)
    info = await svc.create(game_key="toy", channel_id=1, guild_id=GUILD, host_id=ANN,
                            host_name="Ann", players=2, options={"pile": 50, "max_take": 1})
    await svc.join(info.id, BOB, "Bob")
    info = await svc.start_game(info.id, ANN)
    assert info.state is not None and info.state.to_act == [0]
    await clock.advance(60)
    waited = await rec.wait_for(lambda u: u.reason == "timeout")
    assert waited.table.state == info.state  # nobody moved for Ann
    assert waited.table.seats[0].timeouts == 1 and not waited.table.seats[0].is_ai
    assert waited.notice is not None and "the turn waits for them" in waited.notice
    assert "once more" in waited.notice
    await clock.advance(60)
    ended = await rec.wait_for(lambda u: u.reason == "aborted")
    assert ended.table.status is TableStatus.ABORTED
    assert ended.notice is not None and "ends without a result" in ended.notice
    assert await svc.table_in_channel(1) is None
    assert not any(u.table.seats[0].is_ai for u in rec.updates if u.table.id == info.id)


async def test_without_ai_a_move_in_time_resets_the_count(harness: Harness) -> None:
    clock = ManualClock()
    svc, rec = await harness.open(turn_timeout_s=60, timeouts_before_ai=2, clock=clock)
    await svc.set_ai_allowed(GUILD, False)
    info = await svc.create(game_key="toy", channel_id=1, guild_id=GUILD, host_id=ANN,
                            host_name="Ann", players=2, options={"pile": 50, "max_take": 1})
    await svc.join(info.id, BOB, "Bob")
    info = await svc.start_game(info.id, ANN)
    await clock.advance(60)
    waited = await rec.wait_for(lambda u: u.reason == "timeout")
    done = await svc.act(info.id, ANN, "take:1", version=waited.table.version)
    assert done.table.seats[0].timeouts == 0


async def test_a_rematch_without_ai_leaves_the_old_ai_seats_free(harness: Harness) -> None:
    svc, _ = await harness.open()
    info = await svc.create(game_key="toy", channel_id=1, guild_id=GUILD, host_id=ANN,
                            host_name="Ann", players=2, options={"pile": 1, "max_take": 1})
    await svc.add_ai(info.id, ANN)
    info = await svc.start_game(info.id, ANN)
    await svc.act(info.id, ANN, "take:1", version=info.version)
    await svc.settle()
    await svc.set_ai_allowed(GUILD, False)
    again = await svc.rematch(info.id, ANN, "Ann")
    assert [s.user_id for s in again.seats] == [ANN] and not again.policy.ai_allowed


async def test_a_restart_keeps_the_defaults_and_each_tables_policy(harness: Harness) -> None:
    clock = ManualClock()
    svc, _ = await harness.open(turn_timeout_s=600, clock=clock)
    await svc.set_game_defaults(GUILD, "toy", preset="long", options={"max_take": 2})
    await svc.set_turn_timeout(GUILD, 120)
    await svc.set_ai_allowed(GUILD, False)
    await svc.set_language(GUILD, "de")
    info = await svc.create(game_key="toy", channel_id=1, guild_id=GUILD, host_id=ANN,
                            host_name="Ann", players=2)
    await svc.join(info.id, BOB, "Bob")
    await svc.close()
    svc, _ = await harness.open(turn_timeout_s=600, clock=clock)
    defaults = await svc.server_defaults(GUILD)
    assert defaults.game("toy").preset == "long" and defaults.game("toy").options == {
        "max_take": 2}
    assert (defaults.turn_timeout_s, defaults.ai_allowed, defaults.language) == (120, False, "de")
    table = await svc.get(info.id)
    assert table.policy.turn_timeout_s == 120 and not table.policy.ai_allowed
    assert table.rules is not None and (table.rules.pile, table.rules.max_take) == (40, 2)
    with pytest.raises(NotAllowed, match="without AI"):
        await svc.add_ai(info.id, ANN)
    started = await svc.start_game(info.id, ANN)
    assert started.turn_deadline is not None
    assert (started.turn_deadline - clock.now()).total_seconds() == 120


async def test_a_default_preset_gone_from_the_game_is_named_in_the_refusal(
    harness: Harness
) -> None:
    svc, _ = await harness.open()
    await svc.set_setting(SCOPE, GUILD, "game:euchre", {"preset": "gone", "options": {}})
    with pytest.raises(BadOptions, match="This server's default preset for euchre is `gone`"):
        await svc.create(game_key="euchre", channel_id=1, guild_id=GUILD, host_id=ANN,
                         host_name="Ann")
    info = await svc.create(game_key="euchre", channel_id=1, guild_id=GUILD, host_id=ANN,
                            host_name="Ann", preset="modern")
    assert info.preset == "modern"


async def test_disallowing_ai_spares_the_ai_seats_of_a_game_under_way(harness: Harness) -> None:
    svc, rec = await harness.open()
    info = await svc.create(game_key="toy", channel_id=1, guild_id=GUILD, host_id=ANN,
                            host_name="Ann", players=2, options={"pile": 20, "max_take": 1})
    await svc.add_ai(info.id, ANN)
    info = await svc.start_game(info.id, ANN)
    await svc.set_ai_allowed(GUILD, False)
    done = await svc.act(info.id, ANN, "take:1", version=info.version)
    await rec.wait_for(lambda u: u.table.version > done.table.version and u.reason == "action")
    table = await svc.get(info.id)
    assert table.policy.ai_allowed and table.seats[1].is_ai
    assert table.state is not None and table.state.to_act == [0]  # the AI moved
