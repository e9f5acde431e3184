"""Play any game in a terminal against AI seats, through the same TableService the bot uses.

A way to try every game without Discord, and a check that the service and renderers work
together: the terminal is just another front end listening to table updates.
"""

from __future__ import annotations

import asyncio
import getpass
import tempfile
from collections.abc import Callable
from pathlib import Path

from bot import render
from bot.games import registry
from bot.games.base import GameError
from bot.service.errors import Refusal
from bot.service.models import TableInfo, TableUpdate

TERMINAL_GUILD = 0
TERMINAL_CHANNEL = 1
YOU = 1

Printer = Callable[[str], None]
Reader = Callable[[str], str]


def _your_name() -> str:
    try:
        return getpass.getuser().capitalize() or "Player"
    except Exception:  # no user name in this environment (some containers)
        return "Player"


def _names(table: TableInfo) -> list[str]:
    return [seat.name for seat in table.seats]


def _printer(out: Printer) -> Callable[[TableUpdate], object]:
    async def on_update(update: TableUpdate) -> None:
        table = update.table
        you = table.seat_of(YOU)
        game = registry.get(table.game_key)
        seat_names = game.seat_names(table.players, game.options(table.preset, **table.options))
        for event in update.events:
            if event.private_to is None or (you and event.private_to == you.index):
                out(f"  · {render.personalise(event.text, seat_names, _names(table))}")
        if update.notice:
            out(f"  ! {update.notice}")

    return on_update


async def play_in_terminal(
    game_key: str,
    *,
    preset: str | None = None,
    players: int | None = None,
    seed: int | None = None,
    db_path: str | None = None,
    watch: bool = False,
    read: Reader = input,
    out: Printer = print,
) -> int:
    """Run one table to the end (or until the player quits). Returns a process exit code."""
    from bot.service.tables import TableService

    try:
        game = registry.get(game_key)
    except GameError as exc:
        out(str(exc))
        return 2
    with tempfile.TemporaryDirectory(prefix="parlour-") as tmp:
        path = Path(db_path) if db_path else Path(tmp) / "terminal.sqlite3"
        service = await TableService.open(path, ai_delay_s=0.0, turn_timeout_s=86_400.0)
        try:
            await service.start()
            service.subscribe(_printer(out))
            table = await service.table_in_channel(TERMINAL_CHANNEL)
            if table is None or table.game_key != game.key:
                table = await _new_table(service, game.key, preset, players, seed, watch)
            else:
                out(f"Resuming your {game.title} table from {path}.")
            code = await _loop(service, table.id, read, out)
            if db_path and (await service.get(table.id)).is_open:
                out(f"Your table is saved in {path}; run the same command to go on.")
            return code
        except Refusal as exc:
            out(str(exc))
            return 2
        finally:
            await service.close()


async def _new_table(
    service, game_key: str, preset: str | None, players: int | None, seed: int | None, watch: bool
) -> TableInfo:
    table = await service.create(
        game_key=game_key,
        channel_id=TERMINAL_CHANNEL,
        guild_id=TERMINAL_GUILD,
        host_id=YOU,
        host_name=_your_name(),
        preset=preset,
        players=players,
        seed=seed,
    )
    table = await service.start_game(table.id, YOU, fill_with_ai=True)
    if watch:
        table = await service.resign(table.id, YOU)
    return table


async def _loop(service, table_id: int, read: Reader, out: Printer) -> int:
    shown_version = -1
    while True:
        await service.settle(table_id)
        table = await service.get(table_id)
        state = table.state
        if state is None:
            out("The table was closed.")
            return 0
        names = _names(table)
        if state.is_over:
            out(render.table_text(state.view(None), names))
            outcome = state.outcome()
            for line in outcome.lines if outcome else []:
                out(line)
            return 0
        you = table.seat_of(YOU)
        if you is None or you.is_ai or you.index not in state.to_act:
            # Only AI seats to act: settle() has already waited for them unless a timer is due.
            await asyncio.sleep(0.05)
            continue
        if table.version != shown_version:
            view = state.view(you.index)
            out("")
            out(render.table_text(view, names))
            out(render.hand_text(view, names))
            shown_version = table.version
        legal = state.legal_actions(you.index)
        view = state.view(you.index)
        for number, action in enumerate(legal, 1):
            out(f"  {number:>2}. {render.action_label(view, action)}   [{action}]")
        try:
            prompt = "Your move (number or text, q to quit): "
            answer = (await asyncio.to_thread(read, prompt)).strip()
        except EOFError:
            answer = "q"
        if answer.lower() in {"q", "quit", "exit"}:
            out("Bye.")
            return 0
        chosen = answer
        if answer.isdigit() and 0 < int(answer) <= len(legal):
            chosen = str(legal[int(answer) - 1])
        try:
            await service.act(table_id, YOU, chosen, version=table.version)
        except Refusal as exc:
            out(f"  ✗ {exc}")
