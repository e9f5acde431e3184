"""`python -m bot` runs the bot; `python -m bot play <game>` plays a game at the terminal;
`python -m bot sync` syncs the slash commands now; `python -m bot health` checks a running bot."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable, Sequence

from pydantic import ValidationError

from bot.config import Settings, token_problem

EXIT_CONFIG = 2
EXIT_UNHEALTHY = 1
EXIT_DATABASE = 3
"""The database cannot be used as it is (damaged, not SQLite, unreadable, or its migrations do
not match this Parlour): the message says what to do; the file was not written to."""


def _fail(message: str, code: int = EXIT_CONFIG) -> int:
    print(f"parlour: {message}", file=sys.stderr)
    return code


def _settings() -> Settings:
    return Settings()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="run the Discord bot (the default)")
    sub.add_parser(
        "sync", help="sync the slash commands to Discord now (a start syncs only what changed)"
    )
    sub.add_parser(
        "health", help="exit 0 if the running bot is connected to Discord (the Docker check)"
    )
    sub.add_parser(
        "copy-to-postgres",
        help="copy the SQLite database (DATABASE_PATH) into the empty PostgreSQL one "
             "(DATABASE_URL), to run sharded without losing anything",
    )
    play = sub.add_parser("play", help="play a game in the terminal against AI seats")
    play.add_argument("game", help="game key, e.g. euchre")
    play.add_argument("--preset", "--game", dest="preset", default=None,
                      help="rule preset or variant, e.g. modern, or \"forty thieves\"")
    play.add_argument("--players", type=int, default=None, help="number of seats")
    play.add_argument("--seed", "--deal", dest="seed", type=int, default=None,
                      help="deal number (a seed): the same cards for everyone")
    play.add_argument(
        "--db", default=None, help="SQLite file to keep the game in"
    )
    play.add_argument(
        "--watch", action="store_true", help="let the AI play every seat and just watch"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        settings = _settings()
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]).upper()
        return _fail(f"bad setting {where}: {first['msg']}" if where
                     else f"bad settings: {first['msg']}")
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    if args.command == "play":
        from bot.terminal import EXIT_INTERRUPTED, play_in_terminal

        try:
            return asyncio.run(
                play_in_terminal(
                    args.game,
                    preset=args.preset,
                    players=args.players,
                    seed=args.seed,
                    db_path=args.db,
                    watch=args.watch,
                )
            )
        except KeyboardInterrupt:  # a second Ctrl-C while the table closes
            print("Interrupted.", file=sys.stderr)
            return EXIT_INTERRUPTED
    if args.command == "health":
        return _health(settings)
    if args.command == "copy-to-postgres":
        return _copy(settings)
    problem = token_problem(settings.discord_token)
    if problem:
        return _fail(problem)
    from bot.client import BadToken, run_bot, sync_commands
    from bot.store import UnusableDatabase

    try:
        if args.command == "sync":
            return _sync(settings, sync_commands)
        asyncio.run(run_bot(settings))
    except BadToken as exc:
        return _fail(str(exc) or "Discord refused DISCORD_TOKEN: check the token.")
    except UnusableDatabase as exc:
        return _fail(str(exc), EXIT_DATABASE)
    except KeyboardInterrupt:
        pass
    return 0


def _copy(settings: Settings) -> int:
    from bot.store import UnusableDatabase
    from bot.store.transfer import copy_to_postgres

    if settings.database_url is None:
        return _fail("set DATABASE_URL to the (empty) PostgreSQL database to copy into")
    try:
        counts = asyncio.run(copy_to_postgres(settings.database_path, settings.database_url))
    except UnusableDatabase as exc:
        return _fail(str(exc), EXIT_DATABASE)
    rows = ", ".join(f"{n} {table}" for table, n in counts.items())
    print(f"parlour: copied {settings.database_path} into PostgreSQL: {rows}")
    return 0


def _health(settings: Settings) -> int:
    import time

    from bot.health import problem

    trouble = problem(settings.database_path, now=time.time(),
                      database_url=settings.database_url, shards=settings.shards)
    if trouble:
        print(f"parlour: unhealthy: {trouble}", file=sys.stderr)
        return EXIT_UNHEALTHY
    print("parlour: healthy: connected to Discord")
    return 0


def _sync(settings: Settings, sync_commands: Callable[[Settings], Awaitable[int]]) -> int:
    import discord

    try:
        count = asyncio.run(sync_commands(settings))
    except discord.HTTPException as exc:
        return _fail(f"Discord refused the command sync: {exc.status} {exc.text}")
    where = f"guild {settings.dev_guild_id}" if settings.dev_guild_id else "all servers"
    print(f"parlour: synced {count} slash commands to {where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
