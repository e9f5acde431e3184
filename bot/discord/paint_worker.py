"""The picture worker's side of `bot.discord.painter`: ``python -m bot.discord.paint_worker``.

It reads requests from stdin and writes answers to the stdout it was started with, each a
4-byte big-endian length and a pickle: a request is ``(draw, args)``, an answer ``(True,
picture)`` or ``(False, what went wrong)``, in the order of the requests. Anything printed
while drawing goes to stderr, so it cannot break a frame.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import struct
import sys
import traceback
from typing import Any, BinaryIO

HEADER = struct.Struct("!I")
NICENESS = 10
"""The worker steps back for the bot's event loop (as the AI's workers do): a click's answer
goes out in words first and waits for no picture, so the picture may wait for the click."""


def frame(message: Any) -> bytes:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data


def _read_exactly(stream: BinaryIO, size: int) -> bytes | None:
    data = stream.read(size)
    return data if data is not None and len(data) == size else None


def _warm() -> None:
    """Import every game's picture module (and the fonts) before the first picture is due."""
    from bot import render
    from bot.games import registry

    for key in registry.keys():  # noqa: SIM118 - the registry's function, not a dict's
        render.draws_pictures(key)


def serve(requests: BinaryIO, answers: BinaryIO) -> None:
    """Draw until the bot closes the requests pipe."""
    while (head := _read_exactly(requests, HEADER.size)) is not None:
        body = _read_exactly(requests, HEADER.unpack(head)[0])
        if body is None:
            return
        try:
            draw, args = pickle.loads(body)
            answer: tuple[bool, Any] = (True, draw(*args))
        except Exception:
            answer = (False, traceback.format_exc(limit=-3))
        answers.write(frame(answer))
        answers.flush()


def main() -> None:
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # stray prints must not break a frame
    with contextlib.suppress(OSError):  # not allowed here: run at the parent's priority
        os.nice(NICENESS)
    _warm()
    with contextlib.suppress(KeyboardInterrupt, BrokenPipeError):
        serve(sys.stdin.buffer, answers)


if __name__ == "__main__":
    main()
