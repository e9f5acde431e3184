"""Play any game in a terminal against AI seats, through the same TableService the bot uses.

A way to try every game without Discord, and a check that the service and renderers work
together: the terminal is just another front end listening to table updates.
"""

from __future__ import annotations

import asyncio
import getpass
import signal
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

from bot import render
from bot.games import registry
from bot.games.base import Action, GameError, IllegalAction, View
from bot.games.spoken import candidates, read_move
from bot.service.errors import BadOptions, NotAllowed, Refusal
from bot.service.models import TableInfo, TableUpdate

TERMINAL_GUILD = 0
TERMINAL_CHANNEL = 1
YOU = 1
EXIT_INTERRUPTED = 130
"""What a shell reports for a program ended by Ctrl-C (128 + SIGINT)."""

Printer = Callable[[str], None]
Reader = Callable[[str], str]


def _your_name() -> str:
    try:
        return getpass.getuser().capitalize() or "Player"
    except Exception:  # no user name in this environment (some containers)
        return "Player"


def _names(table: TableInfo) -> list[str]:
    return [seat.name for seat in table.seats]


def _watching(table: TableInfo) -> bool:
    """A watcher's seat went to the AI before the first deal: nobody at the table is "you"."""
    you = table.seat_of(YOU)
    return you is None or you.resigned


def _printer(out: Printer) -> Callable[[TableUpdate], object]:
    async def on_update(update: TableUpdate) -> None:
        table = update.table
        watching = _watching(table)
        if watching and update.reason == "resigned":
            return  # how --watch hands the seat to the AI, not news
        you = table.seat_of(YOU)
        game = registry.get(table.game_key)
        seat_names = game.seat_names(table.players, game.options(table.preset, **table.options))
        for event in update.events:
            mine = not watching and you is not None and event.private_to == you.index
            if event.private_to is None or mine:
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
                whose = "the" if _watching(table) else "your"
                out(f"Resuming {whose} {game.title} table from {path}.")
            try:
                code = await _loop(service, table.id, read, out)
            except (KeyboardInterrupt, asyncio.CancelledError):
                out("Interrupted; bye.")
                code = EXIT_INTERRUPTED
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
    game = registry.get(game_key)
    found = game.find_variants(preset, limit=1) if preset else []
    preset = found[0].id if found else preset  # "forty thieves", "four game" find theirs
    if game.traits.mode == "solo":
        if watch:
            raise NotAllowed(f"Nobody plays {game.title} for you: there is nothing to watch.")
        return await service.open_solo(  # type: ignore[no-any-return]
            game_key=game_key, channel_id=TERMINAL_CHANNEL, user_id=YOU, name=_your_name(),
            preset=preset, seed=seed,
        )
    try:
        count = players or game.default_players_for(game.options(preset))
    except GameError as exc:
        raise BadOptions(str(exc)) from None
    north = (game.seat_names(count, game.options(preset)) or ["Seat 1"])[0]
    table = await service.create(
        game_key=game_key,
        channel_id=TERMINAL_CHANNEL,
        guild_id=TERMINAL_GUILD,
        host_id=YOU,
        host_name=f"AI ({north})" if watch else _your_name(),
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
            for line in render.outcome_lines(state.view(None), outcome, names) if outcome else []:
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
            if hand := render.hand_text(view, names):
                out(hand)
            shown_version = table.version
        legal = state.legal_actions(you.index)
        view = state.view(you.index)
        labels = {action: _label(view, action) for action in legal}
        for number, action in enumerate(legal, 1):
            out(f"  {number:>2}. {labels[action]}   [{action}]")
        try:
            solo = registry.get(table.game_key).traits.mode == "solo"
            prompt = ("Your move (a number; u takes one back; q quits): " if solo
                      else "Your move (a number, or say it: 9h, pass; q quits): ")
            answer = _ask(read, prompt)
        except EOFError:
            answer = "q"
        if answer.lower() in {"q", "quit", "exit"}:
            out("Bye.")
            return 0
        if answer.lower() in {"u", "undo"} and registry.get(table.game_key).traits.mode == "solo":
            try:
                await service.undo(table_id, YOU, version=table.version)
            except Refusal as exc:
                out(f"  ✗ {exc}")
            continue
        try:
            chosen = choose(answer, legal, labels)
        except GameError as exc:
            out(f"  ✗ {exc}")
            continue
        try:
            await service.act(table_id, YOU, str(chosen), version=table.version)
        except Refusal as exc:
            out(f"  ✗ {exc}")


def _label(view: View, action: Action) -> str:
    """A move's whole label: a list has no picker, so a two-step move names its card too."""
    label = render.action_label(view, action)
    halves = render.move_halves(view, action)
    return f"{render.source_label(view, halves[0])} {label}" if halves else label


def choose(answer: str, legal: list[Action], labels: dict[Action, str]) -> Action:
    """The move an answer means: a number from the list (``#18`` always), or the move said.

    A bare number that is also a move ("18" while the list has 18 lines and 18 is a bid; "7"
    with a 7 in hand) is refused with both readings, never guessed.
    """
    number = answer.removeprefix("#")
    listed = legal[int(number) - 1] if number.isdigit() and 0 < int(number) <= len(legal) else None
    if listed is not None and (answer.startswith("#") or not candidates(answer, legal, labels)):
        return listed
    said = read_move(answer, legal, labels)
    if listed is None or listed == said:
        return said
    raise IllegalAction(
        f"Did you mean number {number} of the list ({labels[listed]}) or {labels[said]}? "
        f"Type #{number} for the list, or say the move in words."
    )


def _ask(read: Reader, prompt: str) -> str:
    """Read one answer on the event loop's thread, where Ctrl-C raises at once.

    Nothing else needs the loop while the player thinks (the AI seats have settled). A read in a
    worker thread could not be interrupted: Ctrl-C would cancel the game, then wait for that
    thread's ``input()`` until a second Ctrl-C, and end in a traceback.
    """
    if threading.current_thread() is not threading.main_thread():
        return read(prompt).strip()
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return read(prompt).strip()
    finally:
        signal.signal(signal.SIGINT, previous)
