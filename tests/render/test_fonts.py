"""The pictures' fonts ship with the package (and the Docker image), load from its files, and
any name draws: what the font lacks becomes a placeholder, never an error."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import pytest

from bot.render.pictures import fonts

ROOT = Path(__file__).resolve().parents[2]
FONT_DIR = ROOT / "bot" / "render" / "fonts"


def test_the_fonts_load_from_the_package_files() -> None:
    for bold, name in fonts.FONT_FILES.items():
        assert fonts.font_bytes(bold) == (FONT_DIR / name).read_bytes()
        family, style = fonts.font(20, bold).getname()
        assert family == "DejaVu Sans" and style == ("Bold" if bold else "Book")
    assert "Bitstream Vera" in (FONT_DIR / "LICENSE").read_text()


def test_a_missing_font_file_is_an_error_not_a_silent_system_font(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(fonts.FONT_FILES, False, "NoSuchFont.ttf")
    fonts.font_bytes.cache_clear()
    try:
        with pytest.raises(fonts.MissingFont, match=r"NoSuchFont\.ttf"):
            fonts.font_bytes(False)
    finally:
        fonts.font_bytes.cache_clear()


def test_the_fonts_are_package_data_and_inside_what_the_image_copies() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = pyproject["tool"]["setuptools"]["package-data"]["bot.render"]
    shipped = {p.relative_to(FONT_DIR.parent).as_posix() for p in FONT_DIR.iterdir()}
    for name in [*fonts.FONT_FILES.values(), "LICENSE"]:
        assert any(fnmatch.fnmatch(f"fonts/{name}", pat) for pat in patterns), name
        assert f"fonts/{name}" in shipped
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "COPY bot ./bot" in dockerfile
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert not any(fnmatch.fnmatch("bot/render/fonts/DejaVuSans.ttf", p) for p in ignored)


def test_the_font_covers_latin_and_the_suits_but_not_cjk_or_emoji() -> None:
    for ch in "Aé♣♠♥♦ßЖΩ":
        assert fonts.covers(ch), ch
    for ch in "山🎲":
        assert not fonts.covers(ch), ch


@pytest.mark.parametrize("name", [
    "山田太郎", "👩‍👩‍👧‍👦 Família", "שלום", "مرحبا", "Z̷̢a̶l̴g̵o", "\u202e\u200b", "", "🎲🎲🎲",
])
def test_any_name_becomes_text_the_font_can_draw(name: str) -> None:
    safe = fonts.safe_text(name, bold=True)
    assert all(fonts.covers(ch, True) for ch in safe)
    if any(not fonts.covers(ch) for ch in name if not ch.isspace() and ch.isprintable()):
        assert fonts.PLACEHOLDER in safe or not safe.strip()


def test_an_emoji_sequence_leaves_one_placeholder_and_cjk_one_per_character() -> None:
    assert fonts.safe_text("👩‍👩‍👧‍👦 Ann") == f"{fonts.PLACEHOLDER} Ann"
    assert fonts.safe_text("山田") == fonts.PLACEHOLDER * 2


def test_right_to_left_runs_are_put_in_display_order() -> None:
    assert fonts.safe_text("abc") == "abc"
    assert fonts.safe_text("שלום") == "םולש"
    assert fonts.safe_text("Hi שלום") == "Hi םולש"


def test_long_names_are_cut_with_an_ellipsis_to_the_width() -> None:
    text = fonts.fit("W" * 200, 20, 150)
    assert text.endswith("…")
    assert fonts.font(20).getlength(text) <= 150
    assert fonts.fit("Ann", 20, 150) == "Ann"
