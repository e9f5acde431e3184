"""`python -m bot` runs the bot; `python -m bot play <game>` plays a game at the terminal."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence

from pydantic import ValidationError

from bot.config import Settings, token_problem

EXIT_CONFIG = 2


def _fail(message: str) -> int:
    print(f"parlour: {message}", file=sys.stderr)
    return EXIT_CONFIG


def _settings() -> Settings:
    return Settings()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="run the Discord bot (the default)")
    play = sub.add_parser("play", help="play a game in the terminal against AI seats")
    play.add_argument("game", help="game key, e.g. euchre")
    play.add_argument("--preset", default=None, help="rule preset, e.g. hoyle1871 or modern")
    play.add_argument("--players", type=int, default=None, help="number of seats")
    play.add_argument("--seed", type=int, default=None, help="seed for a reproducible deal")
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
        return _fail(f"bad setting {where}: {first['msg']}")
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    if args.command == "play":
        from bot.terminal import play_in_terminal

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
    problem = token_problem(settings.discord_token)
    if problem:
        return _fail(problem)
    from bot.client import BadToken, run_bot

    try:
        asyncio.run(run_bot(settings))
    except BadToken as exc:
        return _fail(str(exc) or "Discord refused DISCORD_TOKEN: check the token.")
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
