"""Every text a player and a server see goes through the catalogues: whole games played by users
and a server in the pseudo-language (`tests.pseudo_locale`) show nothing unmarked."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest

from bot.discord import custom_ids as ids
from bot.games import house_rules, registry
from bot.i18n import register, unregister
from bot.service.models import TableStatus
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import WAIT_S, BotRunner, lobby_button, play_out
from tests.pseudo_locale import PSEUDO, pseudo_texts, unmarked_commands, unmarked_in

pytestmark = pytest.mark.e2e


@pytest.fixture
def pseudo() -> Iterator[None]:
    """The pseudo-language is known before the bot starts (so the commands sync with it)."""
    register(pseudo_texts())
    yield
    unregister(PSEUDO)


async def play_in_pseudo(fake: FakeDiscord, runner: BotRunner, key: str, *,
                         commands: tuple[tuple[str, dict[str, Any]], ...] = (),
                         seed: int = 1, **options: object) -> list[tuple[str, str, str]]:
    """A whole game of ``key`` by one user in the pseudo-language (AI in the other seats),
    in a server set to it, plus ``commands`` during the game; the texts left unmarked.
    ``options`` go to ``/<key> new`` (``variant=`` as its ``game`` option)."""
    if "variant" in options:
        options["game"] = options.pop("variant")
    owner = fake.owner_id
    fake.locales[owner] = PSEUDO
    said = await fake.reply(await fake.slash(owner, "parlour config language",
                                             {"language": PSEUDO}), WAIT_S)
    player = fake.add_user("Zelda", locale=PSEUDO)
    table_id = await _start(runner, player, key, options)
    for path, values in commands:
        await fake.reply(await fake.slash(player, path, values), WAIT_S)
    await play_out(runner, player, table_id, random.Random(seed))
    await asyncio.wait_for(runner.bot.table_ui.settle(), WAIT_S)
    reports = getattr(runner.bot.table_ui, "reports", None)
    if reports is not None:
        await asyncio.wait_for(reports.settle(), WAIT_S)
    for path, values in commands:
        await fake.reply(await fake.slash(player, path, values), WAIT_S)
    table = await runner.table(table_id)
    names = [s.name for s in table.seats] + ["Zelda", "owner", *codes(key)]
    assert said.text
    return unmarked_in([e.message for e in fake.events], names)


EVERYWHERE = (("help", {}), ("stats", {}), ("leaderboard", {"game": "skat"}),
              ("skat history", {}), ("parlour config show", {}), ("cards", {"style": "german"}))
"""What a player and a server owner see besides the game: asked during and after it."""


async def _start(runner: BotRunner, host: str, key: str, options: dict[str, Any]) -> int:
    """``/<key> new`` with ``options``, AI in the empty seats, started (by the buttons)."""
    fake = runner.fake
    inter = await fake.slash(host, f"{key} new", options)
    await fake.wait_callback(inter, WAIT_S)
    table = await runner.service.table_in_channel(int(fake.channel_id))
    assert table is not None and inter.original_id is not None, fake.replies(inter)
    lobby = fake.messages[inter.original_id]
    for seated in range(len(table.seats) + 1, table.players + 1):
        await fake.click(host, lobby["id"], lobby_button(lobby, "ai"))
        await runner.wait_table(table.id, lambda t, n=seated: len(t.seats) == n)
    await fake.click(host, lobby["id"], lobby_button(lobby, "start"))
    await runner.wait_table(table.id, lambda t: t.status is not TableStatus.LOBBY)
    return table.id


def codes(game_key: str) -> list[str]:
    """What a player types and so reads as written: the game's key, its presets' ids and its
    house rules' words (``/skat new preset:isko house_rules: deals 3``)."""
    game = registry.get(game_key)
    words = [game_key, *(v.id for v in game.variants())]
    for rule in house_rules.rules_of(game.options_model):
        words += [rule.words, *rule.values()]
    return words


def report(left: list[tuple[str, str, str]]) -> str:
    return "\n".join(f"{where}: {rest!r} in {text!r}" for where, text, rest in left)


def test_the_check_finds_an_unmarked_word() -> None:
    from tests.pseudo_locale import unmarked

    assert unmarked("⟦Waiting for {name}.⟧".format(name="Zelda"), ["Zelda"]) == ""
    assert unmarked("⟦Trick ⟦10⟧⟧: Zelda J♣ · Bob 10♥ (+24)", ["Zelda", "Bob"]) == ""
    assert unmarked("⟦Your turn⟧ · <t:1700000000:R>") == ""
    assert unmarked("Waiting for Zelda.", ["Zelda"]) == "Waiting for ."


@pytest.mark.parametrize(("preset", "seed"), [("isko", 1), ("classic", 2)])
async def test_skat_speaks_only_catalogue_texts(pseudo: None, fake: FakeDiscord,
                                               runner: BotRunner, preset: str, seed: int) -> None:
    left = await play_in_pseudo(fake, runner, "skat", preset=preset, deals=2, seed=seed,
                                commands=(("skat hand", {}), ("skat score", {}), ("skat rules", {}),
                                          *EVERYWHERE))
    assert left == [], report(left)
    assert unmarked_commands(fake.commands.values()) == []


@pytest.mark.parametrize(("preset", "players"), [("hoyle1871", 4), ("modern", 3)])
async def test_euchre_speaks_only_catalogue_texts(pseudo: None, fake: FakeDiscord,
                                                 runner: BotRunner, preset: str,
                                                 players: int) -> None:
    left = await play_in_pseudo(fake, runner, "euchre", preset=preset, players=players,
                                house_rules="target 3",
                                commands=(("euchre hand", {}), ("euchre score", {}),
                                          ("euchre rules", {})))
    assert left == [], report(left)


@pytest.mark.parametrize(("game", "players"), [
    ("draw_poker", 2), ("vingt_un", 2), ("centennial", 2), ("ace_in_the_pot", 3),
    ("help_your_neighbor", 6), ("raffles", 2), ("multiplication", 2), ("round_the_spot", 2)])
async def test_dice_speak_only_catalogue_texts(pseudo: None, fake: FakeDiscord,
                                              runner: BotRunner, game: str,
                                              players: int) -> None:
    left = await play_in_pseudo(fake, runner, "dice", variant=game, players=players,
                                commands=(("dice rules", {}),))
    assert left == [], report(left)


@pytest.mark.parametrize(("game", "players"), [
    ("draw", 2), ("muggins", 3), ("matadore", 2), ("block", 2), ("all_threes", 2),
    ("four", 4), ("cyprus", 4), ("sebastopol", 4), ("tiddle_a_wink", 3), ("pool", 3),
    ("draw_pool", 3), ("whist", 4), ("domino_euchre", 4), ("poker", 2), ("bingo", 2),
    ("loo", 3), ("rounce", 3), ("bergen", 2)])
async def test_dominoes_speak_only_catalogue_texts(pseudo: None, fake: FakeDiscord,
                                                  runner: BotRunner, game: str,
                                                  players: int) -> None:
    left = await play_in_pseudo(fake, runner, "dominoes", variant=game, players=players,
                                commands=(("dominoes hand", {}), ("dominoes rules", {})))
    assert left == [], report(left)


# Deals whose solution the solver finds within a second or two (The Clock's deal 3 took eight).
@pytest.mark.parametrize(("game", "seed"), [
    ("napoleon_at_st_helena", 7), ("the_four_kings", 1), ("the_idle_year", 2),
    ("the_fortress", 1), ("the_clock", 8)])
async def test_patience_speaks_only_catalogue_texts(pseudo: None, fake: FakeDiscord,
                                                   runner: BotRunner, game: str,
                                                   seed: int) -> None:
    """A patience in the DM: dealt, moves by the two-step picker, Undo, Hint, Auto and Rules,
    given up, its solution stepped through, a new deal; /patience rules, show, daily, stats
    and leaderboard: nothing unmarked."""
    from tests.e2e.test_patience import _answered, _component, _has

    # /patience daily on a fixed day whose deal is kept already: the texts are under test here,
    # not the solver, whose search for the real day's deal costs seconds that vary by the date.
    day = date(2026, 11, 30)
    runner.bot.get_cog("PatienceCog").today = lambda: day
    await runner.service.store.set_setting("daily", 0, f"patience:{game}:{day.isoformat()}",
                                           {"seed": seed, "proven": True})
    zelda = fake.add_user("Zelda", locale=PSEUDO)
    dm = fake._open_dm(zelda)
    message = await _answered(fake, await fake.slash(
        zelda, "patience play", {"game": game, "seed": seed}, channel_id=dm))
    table = await runner.service.table_in_channel(int(dm))
    assert table is not None
    rng = random.Random(seed)
    for _turn in range(3):
        if not _has(message, "pk:"):
            break
        pick = _component(message, "pk:")
        source = rng.choice([o["value"] for o in pick["options"]])
        message = await _answered(fake, await fake.choose(zelda, message["id"],
                                                          pick["custom_id"], [source]))
        if _has(message, "ps:"):
            target = _component(message, "ps:")
            message = await _answered(fake, await fake.choose(
                zelda, message["id"], target["custom_id"], [target["options"][0]["value"]]))
    for op in ("undo", "auto", "rules", "hint"):
        table = await runner.table(table.id)
        button = ids.ActionId(table.id, table.version, op).encode()
        if _has(message, button):
            clicked = await fake.click(zelda, message["id"], button)
            await fake.wait_callback(clicked, WAIT_S)
            await runner.bot.table_ui.settle()
            message = fake.messages[message["id"]]
    table = await runner.table(table.id)
    if table.is_open:
        give_up = ids.ActionId(table.id, table.version, "resign").encode()
        message = await _answered(fake, await fake.click(zelda, message["id"], give_up))
    over = await runner.table(table.id)
    for step in (0, 1):
        button = ids.ActionId(table.id, over.version, f"solution:{step}").encode()
        if _has(fake.messages[message["id"]], button):
            before = repr(fake.messages[message["id"]])
            await fake.wait_callback(await fake.click(zelda, message["id"], button), WAIT_S)
            await fake.wait_for(lambda b=before: repr(fake.messages[message["id"]]) != b, 60)
    again_button = ids.ActionId(table.id, over.version, "again").encode()
    await _answered(fake, await fake.click(zelda, message["id"], again_button))
    for path, values in (("patience rules", {"game": game}), ("patience show", {}),
                         ("patience stats", {}), ("patience leaderboard", {"game": game}),
                         ("patience daily", {"game": game}), ("stats", {})):
        await fake.wait_callback(await fake.slash(zelda, path, values, channel_id=dm), WAIT_S)
    await runner.bot.table_ui.settle()
    left = unmarked_in([e.message for e in fake.events], ["Zelda", *codes("patience")])
    assert left == [], report(left)
