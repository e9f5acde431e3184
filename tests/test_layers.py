"""The layering rule above the service: the Discord kit and the cogs read a game through views
(`bot.service.models.Play`), never through a state, which holds every hidden card."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ABOVE_THE_SERVICE = [*sorted((ROOT / "bot" / "discord").glob("*.py")),
                     *sorted((ROOT / "cogs").glob("*.py"))]


def reads_of_state(source: str) -> list[str]:
    """Where a module reads a ``.state`` attribute or imports `State`: (line, what)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "state":
            found.append(f"{node.lineno}: reads .state")
        if isinstance(node, ast.ImportFrom) and any(a.name == "State" for a in node.names):
            found.append(f"{node.lineno}: imports State")
    return sorted(found)


def test_nothing_above_the_service_reads_a_state() -> None:
    assert len(ABOVE_THE_SERVICE) > 10, "the kit and the cogs moved: update this test"
    found = [f"{path.relative_to(ROOT)}:{line}" for path in ABOVE_THE_SERVICE
             for line in reads_of_state(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_check_finds_a_state_read() -> None:
    source = ("from bot.games.base import State\n\n\ndef f(table):\n"
              "    return table.state.view(None)\n")
    assert reads_of_state(source) == ["1: imports State", "5: reads .state"]
    assert reads_of_state("def f(table):\n    return table.play.view(None)\n") == []
