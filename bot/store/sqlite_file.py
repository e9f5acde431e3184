"""The SQLite store's file: is what is there a sound SQLite database, is it still the one that
was opened, and was one here before (so a new, empty one is said loudly)."""

from __future__ import annotations

import logging
import os
import sqlite3
from pathlib import Path

import aiosqlite

from bot.store.errors import CorruptDatabase

log = logging.getLogger(__name__)

SQLITE_HEADER = b"SQLite format 3\x00"
MARKER_SUFFIX = ".marker"
"""``<database>.marker`` beside the database says one was made here: if the database is missing
at the next start, the store warns before it makes a new, empty one."""
LEFTOVER_SUFFIXES = ("-wal", "-shm", "-journal", MARKER_SUFFIX)


def identity(path: Path) -> tuple[int, int] | None:
    if str(path) == ":memory:":
        return None
    try:
        st = os.stat(path)
    except OSError:
        return (-1, -1)  # gone: never equal to the identity of a file that was opened
    return (st.st_dev, st.st_ino)


def check_header(path: Path) -> None:
    """A non-empty file that does not start as SQLite files do is refused before SQLite opens
    it (SQLite would write its own header into it)."""
    try:
        with path.open("rb") as file:
            head = file.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        return
    except OSError as exc:
        raise CorruptDatabase(
            f"The database {path} cannot be read ({exc.strerror}): check the file's owner and "
            "permissions, then start Parlour again."
        ) from exc
    if head and head != SQLITE_HEADER:
        raise CorruptDatabase(corrupt_message(path, "it is not a SQLite database"))


async def check_integrity(conn: aiosqlite.Connection, path: Path) -> None:
    try:
        async with conn.execute("PRAGMA quick_check(1)") as cur:
            row = await cur.fetchone()
    except sqlite3.DatabaseError as exc:
        raise CorruptDatabase(corrupt_message(path, str(exc))) from exc
    verdict = str(row[0]) if row else "no answer from SQLite's check"
    if verdict != "ok":
        raise CorruptDatabase(corrupt_message(path, verdict))


def corrupt_message(path: Path, detail: str) -> str:
    return (
        f"The database {path} is damaged ({detail.strip().splitlines()[0][:120]}); Parlour "
        "did not touch it. Keep a copy, then restore a backup into its place (or move it away "
        "to start with an empty database) and start Parlour again."
    )


def warn_if_expected(path: Path) -> None:
    """Say loudly when a new, empty database is about to replace one that was here."""
    if path.exists():
        return
    signs = [path.name + suffix for suffix in LEFTOVER_SUFFIXES
             if path.with_name(path.name + suffix).exists()]
    signs += sorted(p.name for p in path.parent.glob(path.name + ".bak*"))
    signs += sorted(p.name for p in path.parent.glob(path.name + ".backup*"))
    if signs:
        log.error(
            "the database %s is missing, but %s in %s say(s) one was here: creating a NEW, "
            "EMPTY database. If that is not what you want, stop Parlour now and restore the "
            "database from a backup.", path, ", ".join(signs), path.parent,
        )


def rescue_hint(path: Path) -> str:
    """Where the removed file can still be read while this process keeps it open (Linux)."""
    fd_dir = Path("/proc/self/fd")
    try:
        for fd in fd_dir.iterdir():
            target = os.readlink(fd)
            if target == f"{path.resolve()} (deleted)":
                return f" (until Parlour stops, its data can be copied from /proc/{os.getpid()}" \
                       f"/fd/{fd.name})"
    except OSError:
        pass
    return ""
