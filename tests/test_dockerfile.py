"""What can be checked of the Dockerfile without a Docker engine (this machine has none, so
the image itself is never built here): its settings, and that the files it copies into the
image are enough to run the bot, migrations included, from a folder holding only them."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import sqlite3
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, continuation lines joined and comments dropped."""
    out: list[tuple[str, str]] = []
    pending = ""
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        word, _, rest = (pending + line).strip().partition(" ")
        out.append((word.upper(), rest.strip()))
        pending = ""
    return out


def only(name: str) -> str:
    found = [args for word, args in instructions() if word == name]
    assert len(found) == 1, f"expected one {name}, found {found}"
    return found[0]


def test_the_image_is_slim_python_run_by_a_non_root_user_with_data_on_a_volume() -> None:
    base = only("FROM")
    assert base.startswith("python:") and base.endswith("-slim"), base
    version = tuple(int(p) for p in base.removeprefix("python:").removesuffix("-slim").split("."))
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    lowest = pyproject["project"]["requires-python"].removeprefix(">=")
    assert version >= tuple(int(p) for p in lowest.split(".")), (base, lowest)
    assert only("USER") not in ("root", "0")
    assert "/data" in json.loads(only("VOLUME"))
    env = dict(
        item.split("=", 1) for word, args in instructions() if word == "ENV"
        for item in shlex.split(args)
    )
    assert env["DATABASE_PATH"].startswith("/data/")
    assert env.get("PYTHONUNBUFFERED") == "1"  # logs reach `docker logs` at once
    assert json.loads(only("CMD")) == ["python", "-m", "bot"]
    assert only("STOPSIGNAL") == "SIGTERM"  # run_bot finishes the actions in flight on it
    options, _, check = only("HEALTHCHECK").partition("CMD")
    assert json.loads(check) == ["python", "-m", "bot", "health"]  # the gateway, not just a file
    assert "--retries=" in options and "--start-period=" in options
    (install,) = [args for word, args in instructions() if word == "RUN" and "pip install" in args]
    # setup.py builds the compiled Skat search: the build needs a compiler, the image doesn't.
    assert install.index("gcc") < install.index("pip install") < install.rindex("purge")
    assert "import bot.games.skat._ddsc" in install  # a failed (optional) build fails the image


def test_dockerignore_keeps_built_and_secret_files_out_of_the_image() -> None:
    ignored = {line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()
               if line.strip() and not line.startswith("#")}
    assert {".env", "**/*.so", ".venv", ".git", "data"} <= ignored


def test_the_files_the_image_copies_are_enough_to_run_a_whole_game(tmp_path: Path) -> None:
    """Copy exactly what the Dockerfile's COPY lines copy, then play a watched Euchre game with
    a database from that folder alone: every module, cog and migration the bot needs is in it."""
    app = tmp_path / "app"
    app.mkdir()
    workdir = only("WORKDIR")
    for word, args in instructions():
        if word != "COPY":
            continue
        *sources, dest = shlex.split(args)
        assert not any(s.startswith("--") for s in sources), "no multi-stage COPY expected"
        target = app / Path(dest).relative_to(workdir) if dest.startswith("/") else app / dest
        for source in sources:
            path = ROOT / source
            if path.is_dir():
                # as .dockerignore does: no caches, no extension built for this checkout
                shutil.copytree(path, target, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
            else:
                target.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, target / path.name)
    data = tmp_path / "data"
    data.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(app)
    run = subprocess.run(
        [sys.executable, "-c", "import bot, cogs; print(bot.__file__); print(cogs.__file__)"],
        cwd=app, env=env, capture_output=True, text=True, timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert all(line.startswith(str(app)) for line in run.stdout.split()), run.stdout
    # the pictures' fonts arrive with the code, and a picture draws from that folder alone
    fonts = subprocess.run(
        [sys.executable, "-c",
         "from bot.render.pictures import fonts, layout; fonts.font_bytes(); "
         "fonts.font_bytes(True); print(fonts.resources.files('bot.render')); "
         "assert layout.draw_layout([layout.PileDrawing('t1', cards=['HA'])])"],
        cwd=app, env=env, capture_output=True, text=True, timeout=60,
    )
    assert fonts.returncode == 0, fonts.stderr
    assert fonts.stdout.startswith(str(app)), fonts.stdout
    db = data / "parlour.sqlite3"
    game = subprocess.run(
        [sys.executable, "-m", "bot", "play", "euchre", "--players", "4", "--seed", "3",
         "--watch", "--db", str(db)],
        cwd=app, env=env, capture_output=True, text=True, timeout=300,
    )
    assert game.returncode == 0, game.stderr[-2000:]
    assert " win" in game.stdout
    with sqlite3.connect(db) as conn:
        applied = conn.execute("SELECT COUNT(*) FROM schema_migrations").fetchone()[0]
        finished = conn.execute("SELECT COUNT(*) FROM tables WHERE status = 'finished'")
        assert finished.fetchone()[0] == 1
    assert applied == len(list((ROOT / "migrations").glob("*.sql")))
    # The health check: unhealthy (one line, exit 1) until the bot's heartbeat says connected.
    health_env = {**env, "DATABASE_PATH": str(db)}
    check = [sys.executable, "-m", "bot", "health"]
    sick = subprocess.run(check, cwd=app, env=health_env, capture_output=True, text=True,
                          timeout=60)
    assert sick.returncode == 1 and len(sick.stderr.strip().splitlines()) == 1, sick.stderr
    beat = "from pathlib import Path; from bot.health import Heartbeat, health_path; " \
        f"Heartbeat(health_path(Path({str(db)!r}))).set('connected')"
    subprocess.run([sys.executable, "-c", beat], cwd=app, env=env, check=True, timeout=60)
    well = subprocess.run(check, cwd=app, env=health_env, capture_output=True, text=True,
                          timeout=60)
    assert well.returncode == 0, well.stderr
    # Without a token the image's CMD ends in one clear line and exit code 2.
    bare = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=app, env={**env, "DATABASE_PATH": str(db)},
        capture_output=True, text=True, timeout=60,
    )
    assert bare.returncode == 2 and len(bare.stderr.strip().splitlines()) == 1, bare.stderr
