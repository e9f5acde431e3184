"""The words in force, the Discord locales they answer to, and the core's sentences said again."""

from __future__ import annotations

import asyncio
import random
import re

import pytest

from bot.games import registry
from bot.games.skat.advice import hand_values, safe_counts
from bot.games.skat.rules import SkatState
from bot.i18n import ENGLISH, N_, Texts, _, current, locale_of, ngettext, pgettext, speak, using
from bot.i18n.sentences import again

SKAT = registry.get("skat")
GERMAN_WORDS = Texts("xx", {
    (None, "Waiting for {name} ({doing})."): "Warte auf {name} ({doing}).",
    (None, "{n} card"): ("{n} Karte", "{n} Karten"),
    ("command", "new"): "neu",
})


def test_english_is_the_text_itself_and_placeholders_are_named() -> None:
    assert _("Waiting for {name} ({doing}).", name="Zelda", doing="bidding") == \
        "Waiting for Zelda (bidding)."
    assert _("A {brace} stays when nothing is filled in") == "A {brace} stays when nothing is " \
                                                              "filled in"
    assert ngettext("{n} card", "{n} cards", 1) == "1 card"
    assert ngettext("{n} card", "{n} cards", 3) == "3 cards"
    assert N_("marked") == "marked" and current() is ENGLISH


def test_using_switches_and_restores_the_language() -> None:
    with using(GERMAN_WORDS):
        assert _("Waiting for {name} ({doing}).", name="Zelda", doing="x") == "Warte auf Zelda (x)."
        assert ngettext("{n} card", "{n} cards", 1) == "1 Karte"
        assert ngettext("{n} card", "{n} cards", 5) == "5 Karten"
        assert pgettext("command", "new") == "neu"
        assert _("Not in the catalogue") == "Not in the catalogue"
    assert current() is ENGLISH


async def test_each_task_keeps_its_own_language() -> None:
    """Two readers answered at once: what one task sets, the other never sees."""
    seen: dict[str, str] = {}
    gate = asyncio.Event()

    async def answer(language: str | None, key: str) -> None:
        speak(language)
        await gate.wait()
        seen[key] = _("bidding")

    tasks = [asyncio.create_task(answer("de", "de")), asyncio.create_task(answer(None, "en"))]
    await asyncio.sleep(0)
    gate.set()
    await asyncio.gather(*tasks)
    assert seen == {"de": "reizt", "en": "bidding"}
    assert current() is ENGLISH


@pytest.mark.parametrize(("discord_locale", "language"), [
    ("de", "de"), ("en-US", "en"), ("en-GB", "en"), ("fr", None), ("pt-BR", None), ("", None),
    (None, None),
])
def test_discord_locales_map_to_catalogues(discord_locale: str | None,
                                          language: str | None) -> None:
    assert locale_of(discord_locale) == language


def test_a_discord_locale_object_maps_too() -> None:
    import discord

    assert locale_of(discord.Locale.german) == "de"
    assert locale_of(discord.Locale.american_english) == "en"


def _finished_deals(seed: int, deals: int = 3) -> SkatState:
    rng = random.Random(seed)
    state = SKAT.new(3, SKAT.options("isko", deals=deals), seed=seed)
    while state.to_act:
        seat = state.to_act[0]
        state, _events = state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert isinstance(state, SkatState)
    return state


def test_english_sentences_stay_byte_for_byte() -> None:
    state = _finished_deals(3)
    outcome = state.outcome()
    assert outcome is not None
    assert [again(line) for line in outcome.lines] == outcome.lines


@pytest.mark.parametrize("seed", range(6))
def test_the_cores_sentences_read_in_german(seed: int) -> None:
    """Every word of a finished series' score sheet and of the learners' aids has a German
    reading: nothing English is left but names, cards and numbers."""
    state = _finished_deals(seed)
    outcome = state.outcome()
    assert outcome is not None
    hand = state.hands[0][:10] if state.hands[0] else ["CJ", "SJ", "HA", "HT", "DA"]
    english = [*outcome.lines, *(v.text for v in hand_values(hand, SKAT.options("classic"))),
               *(v.detail for v in safe_counts(hand))]
    with using("de"):
        german = [again(line) for line in english]
    leftovers = {"card points", "without", "with", "game", "won", "lost", "Totals", "Deal",
                 "Seat", "announced", "schneider", "Jacks", "Aces", "suits", "guarded", "of"}
    for before, after in zip(english, german, strict=True):
        words = set(re.findall(r"[A-Za-z]+(?: points)?", after))
        assert not words & leftovers, (before, after)


def test_a_deal_line_in_german() -> None:
    line = ("Seat 2 (Hinterhand): Heart Tourne (passt nicht), 44 card points. with 1, game 2: "
            "2 x 6 = 12; bid 18 not reached, lowest covering value 3 x 6 = 18; lost, x2 "
            "(passt nicht loses double): -36")
    with using("de"):
        assert again(line) == (
            "Platz 2 (Hinterhand): Herz Tournee (passt nicht), 44 Augen. mit 1, Spiel 2: "
            "2 x 6 = 12; Reizwert 18 nicht erreicht, kleinster deckender Wert 3 x 6 = 18; "
            "verloren, x2 (passt nicht verliert doppelt): -36")
        assert again("Zelda (Vorhand): Null ouvert Hand. Null ouvert Hand: 59; won: +59") == (
            "Zelda (Vorhand): Null offen Hand. Null offen Hand: 59; gewonnen: +59")
        assert again("Jack of clubs") == "Kreuz-Bube"



def test_a_word_with_two_senses_reads_by_its_sense() -> None:
    """A patience pile called "ace" is an Ass in German, while a die's ace stays an Eins: the
    pile's label is looked up in its own context first."""
    from bot.render.patience import pile_word

    with using("de"):
        assert pile_word("ace") == "Ass"
        assert _("ace") == "Eins"
        assert pile_word("foundation") == _("foundation") != "foundation"  # no context: shared
    assert pile_word("ace") == "ace"
