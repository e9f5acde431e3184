"""The hand-over promises: the README's two commands, CI running the test one, config errors."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.config import Settings, token_problem

ROOT = Path(__file__).resolve().parents[1]


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    first_section = text.split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", first_section)


def test_readme_opens_with_exactly_two_commands() -> None:
    commands = _readme_commands()
    assert len(commands) == 2
    assert commands[0].endswith("python -m bot")
    assert "pytest" in commands[1]


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text()
    assert _readme_commands()[1] in ci


@pytest.mark.parametrize(
    ("token", "bad"),
    [("", True), ("abc", True), ("a.b", True), ("a. b.c", True), ("MTIz.abc.def", False)],
)
def test_token_problem(token: str, bad: bool) -> None:
    assert (token_problem(token) is not None) is bad


def test_missing_token_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main([]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "DISCORD_TOKEN" in err


def test_malformed_setting_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TURN_TIMEOUT_S", "soon")
    assert main([]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "TURN_TIMEOUT_S" in err


def test_malformed_token_from_a_real_process(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={"DISCORD_TOKEN": "not a token", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0
    assert "Traceback" not in proc.stderr


def test_settings_read_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DEV_GUILD_ID", "123")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    settings = Settings()
    assert settings.dev_guild_id == 123
    assert settings.log_level == "DEBUG"
