"""``/dice``: the game is named ``game``, ``rules`` says the booklet's rules and the buttons
of every game, and a house rule a game has no use for is refused, politely and privately."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.dice.catalogue import CATALOGUE
from cogs.dice import BUTTONS, DiceCog
from tests.discord.test_gamecog import FakeInteraction, _bot


def test_new_and_rules_name_the_game_game(tmp_path: Path) -> None:
    cog = DiceCog(_bot(tmp_path))  # type: ignore[arg-type]
    assert "game" in cog.new._params and "preset" not in cog.new._params
    assert list(cog.rules._params) == ["game"]
    assert cog.new._params["players"].choices  # the player counts come from the registry


@pytest.mark.parametrize("game", sorted(CATALOGUE))
async def test_rules_say_the_book_and_the_buttons_of_each_game(tmp_path: Path, game: str) -> None:
    cog = DiceCog(_bot(tmp_path))  # type: ignore[arg-type]
    inter = FakeInteraction(guild_id=None)
    await cog.rules.callback(cog, inter, game)  # type: ignore[arg-type]
    [(_, kwargs)] = inter.response.sent
    assert kwargs["ephemeral"] is True
    text = kwargs["embed"].description
    assert kwargs["embed"].title == CATALOGUE[game].title
    assert CATALOGUE[game].text in text
    assert text.endswith(BUTTONS[CATALOGUE[game].flow])


async def test_an_unknown_game_or_an_option_the_game_lacks_is_refused(tmp_path: Path) -> None:
    cog = DiceCog(_bot(tmp_path))  # type: ignore[arg-type]
    inter = FakeInteraction(guild_id=77)
    await cog.rules.callback(cog, inter, "snakes")  # type: ignore[arg-type]
    [(content, kwargs)] = inter.response.sent
    assert content is not None and "raffles" in content and kwargs["ephemeral"] is True
    inter = FakeInteraction(guild_id=77)
    await cog.new.callback(cog, inter, "raffles", None, None, None, 5, None, None, None,  # type: ignore[arg-type]
                           None, False)
    [(content, kwargs)] = inter.response.sent
    assert content == "Raffles has no `counters` option." and kwargs["ephemeral"] is True
