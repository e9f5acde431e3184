"""`python -m bot play`: the terminal front end over the real service, to the end of a game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.games.base import IllegalAction, act
from bot.games.cards import long_name, pretty
from bot.render import personalise
from bot.terminal import _your_name, choose, play_in_terminal


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


async def test_watching_says_nothing_of_resigning_or_of_you(tmp_path: Path) -> None:
    """--watch hands the one human seat to the AI: that is not news, and nobody is "you"."""
    for game in ("euchre", "skat"):
        lines: list[str] = []
        code = await play_in_terminal(game, seed=3, watch=True, out=lines.append)
        assert code == 0
        text = "\n".join(lines)
        assert "resign" not in text.lower()
        assert not any(word in text.split() for word in ("You", "you", "Your", "your")), text


async def test_moves_as_people_write_them(tmp_path: Path) -> None:
    """Free text is read against the legal moves: a card, a word, and a polite "did you mean"."""
    lines: list[str] = []
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        turn = len(prompts)
        if turn == 1:
            return "jump"  # fits nothing: refused, with what you may do
        if turn == 2:
            return "pass"
        return "q"

    code = await play_in_terminal("euchre", seed=4, read=read, out=lines.append)
    assert code == 0
    text = "\n".join(lines)
    assert "✗ I can't read “jump” as a move you can make now; you may: Order up" in text
    assert f"{_your_name()} passes." in text


async def test_a_card_by_name_is_played(tmp_path: Path) -> None:
    """Say the last card offered in words ("play the 10 of hearts"): that card is played."""
    lines: list[str] = []
    said: list[str] = []

    def read(prompt: str) -> str:
        offered = lines[-1]
        if said:
            return "q"
        if "[play:" not in offered:
            return "1"
        card = offered.split("[play:")[1].rstrip("]")
        said.append(card)
        return f"play the {long_name(card)}"

    await play_in_terminal("euchre", players=2, seed=5, read=read, out=lines.append)
    assert said, "no card was ever offered"
    assert not any("✗" in line for line in lines)
    assert any(f"plays {pretty(said[0])}" in line for line in lines), lines[-12:]


async def test_ctrl_c_at_the_prompt_quits_at_once_and_keeps_the_table(tmp_path: Path) -> None:
    db = str(tmp_path / "keep.sqlite3")
    lines: list[str] = []

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    code = await play_in_terminal("euchre", seed=9, db_path=db, read=interrupted, out=lines.append)
    assert code == 130
    assert lines[-2:] == [
        "Interrupted; bye.",
        f"Your table is saved in {db}; run the same command to go on.",
    ]


def test_one_ctrl_c_ends_the_command_in_one_line(tmp_path: Path) -> None:
    """The real process: SIGINT while it waits for a move ends it (130), without a traceback."""
    db = tmp_path / "sig.sqlite3"
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "LOG_LEVEL": "WARNING"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot", "play", "euchre", "--seed", "4", "--db", str(db)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
        cwd=Path(__file__).resolve().parents[1],
    )
    assert proc.stdout is not None
    seen = b""
    while b"Your move" not in seen:  # wait for the prompt itself, not for time
        chunk = proc.stdout.read1(4096)
        assert chunk, seen.decode()
        seen += chunk
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=120)  # only a guard against a hang
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise AssertionError("one Ctrl-C did not end the game") from None
    assert proc.returncode == 130, err.decode()
    assert "Traceback" not in err.decode()
    assert out.decode().strip().splitlines() == [
        "Interrupted; bye.",
        f"Your table is saved in {db}; run the same command to go on.",
    ]


def test_a_number_is_the_list_unless_it_is_also_a_move() -> None:
    bids = [act("bid", v) for v in (18, 20, 22, 23, 24)] + [act("pass")]
    many = [act("bid", v) for v in range(18, 60)] + [act("pass")]
    labels = {a: str(a) for a in many}
    assert choose("2", bids, labels) == act("bid", 20)  # the second line
    assert choose("18", bids, labels) == act("bid", 18)  # not a line number here: the bid
    with pytest.raises(IllegalAction) as refused:
        choose("18", many, labels)  # line 18 (bid:35) or the bid 18: asked, never guessed
    assert str(refused.value) == (
        "Did you mean number 18 of the list (bid:35) or bid:18? "
        "Type #18 for the list, or say the move in words."
    )
    assert choose("#18", many, labels) == act("bid", 35)
    assert choose("bid 18", many, labels) == act("bid", 18)


async def test_a_patience_is_played_alone_with_undo_in_the_terminal(tmp_path: Path) -> None:
    """The same service runs a solo game: dealt at once, moves by number, u takes one back."""
    lines: list[str] = []
    answers = iter(["1", "u", "u", "q"])
    code = await play_in_terminal(
        "patience", preset="Forty Thieves", seed=7, db_path=str(tmp_path / "p.sqlite3"),
        read=_answers(answers), out=lines.append,
    )
    assert code == 0
    text = "\n".join(lines)
    assert "Foundations" in text and "stock 64" in text
    assert "moves 1" in text  # the first move was made, then taken back
    assert text.count("stock 64 · moves 0") == 2
    assert "no move to take back" in text  # the second u had nothing left to take back
    assert await play_in_terminal("patience", watch=True, out=lines.append) == 2
    assert "nothing to watch" in lines[-1]  # nobody plays a patience for you


async def test_a_variant_is_found_by_name_and_seated_as_it_wants(tmp_path: Path) -> None:
    """The Four Game seats four (the family's default of two would be refused)."""
    lines: list[str] = []
    code = await play_in_terminal("dominoes", preset="four game", seed=2, watch=True,
                                  db_path=str(tmp_path / "d.sqlite3"), out=lines.append)
    assert code == 0
    assert any("Seat 4" in line for line in lines)
    lines.clear()
    assert await play_in_terminal("dominoes", preset="nonsense", out=lines.append) == 2
    assert "Unknown preset" in lines[-1]


async def test_results_name_the_players_not_the_seats(tmp_path: Path) -> None:
    lines: list[str] = []
    code = await play_in_terminal("dice", preset="going to boston", seed=4, watch=True,
                                  db_path=str(tmp_path / "b.sqlite3"), out=lines.append)
    assert code == 0
    result = lines[lines.index(next(x for x in lines if "wins" in x and "Game over" not in x)):]
    assert all("AI (Seat" in line for line in result if "Seat" in line), result
