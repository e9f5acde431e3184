"""`python -m bot play`: the terminal front end over the real service, to the end of a game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from bot.render import personalise
from bot.terminal import play_in_terminal


def _answers(first: Iterator[str]) -> object:
    def read(prompt: str) -> str:
        return next(first, "1")

    return read


async def test_watching_a_whole_game_prints_the_winner(tmp_path: Path) -> None:
    lines: list[str] = []
    code = await play_in_terminal(
        "euchre", seed=3, watch=True, db_path=str(tmp_path / "t.sqlite3"), out=lines.append
    )
    assert code == 0
    assert any("win" in line for line in lines[-3:])


async def test_playing_by_numbers_and_refusals(tmp_path: Path) -> None:
    lines: list[str] = []
    answers = iter(["play:XX", "99"])  # refused politely, then always the first legal move
    code = await play_in_terminal(
        "euchre", players=2, seed=5, read=_answers(answers), out=lines.append
    )
    assert code == 0
    assert any("✗" in line for line in lines)
    assert any("win" in line for line in lines[-3:])


async def test_quit_keeps_the_table_and_resumes(tmp_path: Path) -> None:
    db = str(tmp_path / "keep.sqlite3")
    lines: list[str] = []
    quit_at_once = lambda prompt: "q"  # noqa: E731
    code = await play_in_terminal("euchre", seed=9, db_path=db, read=quit_at_once, out=lines.append)
    assert code == 0 and any("saved" in line for line in lines)
    lines.clear()
    code = await play_in_terminal("euchre", db_path=db, read=quit_at_once, out=lines.append)
    assert any("Resuming" in line for line in lines)


async def test_unknown_game_is_refused() -> None:
    lines: list[str] = []
    assert await play_in_terminal("tiddlywinks", out=lines.append) == 2
    assert "euchre" in lines[0]


def test_personalise_is_one_pass_and_whole_words() -> None:
    seats = ["North", "East", "South", "West"]
    names = ["Alice", "AI (East)", "Bob", "West"]
    text = "East orders up; North/South make 3 tricks; Southampton stays."
    assert personalise(text, seats, names) == (
        "AI (East) orders up; Alice/Bob make 3 tricks; Southampton stays."
    )
