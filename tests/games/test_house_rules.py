"""House rules as players write them, read against every table game's options model."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import house_rules as house
from bot.games import registry
from bot.games.base import InvalidOptions, Options
from bot.games.house_rules import Rule
from bot.games.registry import keys as game_keys

TABLE_GAMES = [k for k in game_keys() if registry.get(k).traits.mode == "table"]


def _line(options: Options) -> str:
    return ", ".join(r.item(getattr(options, r.name)) for r in house.rules_of(type(options)))


@pytest.mark.parametrize("key", TABLE_GAMES)
def test_every_variant_written_out_reads_back_as_itself(key: str) -> None:
    game = registry.get(key)
    for variant in game.variants():
        options = game.options(variant.id)
        written = _line(options)
        assert game.options(variant.id, **house.parse(game.options_model, written)) == options


def _random_value(rule: Rule, rng: random.Random) -> Any:
    if rule.optional and rng.random() < 0.2:
        return None
    if rule.kind == "switch":
        return rng.random() < 0.5
    if rule.kind == "choice":
        return rng.choice(rule.choices)
    if rule.kind == "numbers":
        return sorted(rng.sample(range(1, 12), rng.randint(0, 3)))
    if rule.kind == "number":
        low, high = int(rule.low or 0), int(rule.high or 120)
        return rng.randint(low, high) if rule.whole else rng.randint(0, 40) / 4
    raise AssertionError(f"no words for {rule}")


@pytest.mark.parametrize("key", TABLE_GAMES)
def test_random_house_rules_that_the_model_accepts_read_back_as_written(key: str) -> None:
    game = registry.get(key)
    rules = house.rules_of(game.options_model)
    assert all(r.kind != "text" for r in rules), "a rule nobody can write"
    rng = random.Random(key)
    accepted = 0
    for _ in range(400):
        preset = rng.choice(game.variants()).id
        chosen = {r.name: _random_value(r, rng) for r in rng.sample(rules, rng.randint(1, 4))}
        try:
            options = game.options(preset, **chosen)
        except InvalidOptions:
            continue
        accepted += 1
        written = ", ".join(r.item(chosen[r.name]) for r in rules if r.name in chosen)
        assert house.parse(game.options_model, written) == chosen, written
        assert game.options(preset, **house.parse(game.options_model, written)) == options
    assert accepted > 40


def test_words_underscores_equals_and_negations_all_read() -> None:
    model = registry.get("euchre").options_model
    assert house.parse(model, "Stick the Dealer; target=7\nno second_round, deck: 24") == {
        "stick_the_dealer": True, "target": 7, "second_round": False, "deck": "24"}
    assert house.parse(model, "allow-alone off, alone euchred value 4, first dealer Random") == {
        "allow_alone": False, "alone_euchred_value": 4, "first_dealer": "random"}
    assert house.parse(model, "  ") == {}
    dominoes = registry.get("dominoes").options_model
    assert house.parse(dominoes, "no draw") == {"no_draw": True}  # a rule named "no ..."
    assert house.parse(dominoes, "no no draw, target none") == {"no_draw": False, "target": None}


@pytest.mark.parametrize(("line", "reason"), [
    ("stik the dealer", "Did you mean `stick the dealer`"),
    ("target seven", "takes a number from 1 to 100"),
    ("target 7.5", "whole number"),
    ("no target", "Only a rule that is on or off"),
    ("deck 52", "`deck` can be `32` or `24`"),
    ("target 7, target 8", "set twice"),
    ("second round maybe", "on or off"),
    ("target", "needs a value"),
])
def test_a_line_that_cannot_be_read_is_refused_with_the_reason(line: str, reason: str) -> None:
    with pytest.raises(InvalidOptions, match=reason.replace("(", r"\(")):
        house.parse(registry.get("euchre").options_model, line)


def test_the_model_still_decides_what_goes_together() -> None:
    game = registry.get("euchre")
    with pytest.raises(InvalidOptions, match="needs a second round"):
        game.options("hoyle1871", **house.parse(game.options_model,
                                                "stick the dealer, no second round"))


def test_a_table_s_rules_are_said_back_in_the_same_words() -> None:
    game = registry.get("euchre")
    base = game.options("hoyle1871")
    options = game.options("hoyle1871", target=7, stick_the_dealer=True)
    assert house.table_line(options, base) == "target 7, stick the dealer"
    assert house.table_line(base, base) == ""
    listing = house.listing(options, base)
    assert "`target`: 7 (**house rule**; hoyle1871: 5)" in listing
    assert "`first dealer`: first jack (or random)" in listing
    assert listing.count("\n") + 1 == len(house.rules_of(type(options)))


@pytest.mark.parametrize("key", TABLE_GAMES)
def test_the_example_of_every_variant_is_accepted(key: str) -> None:
    game = registry.get(key)
    for variant in game.variants():
        options = game.options(variant.id)
        game.options(variant.id, **house.parse(game.options_model, house.example(options)))


def test_completion_offers_names_then_values_and_never_a_rule_twice() -> None:
    game = registry.get("euchre")
    base = game.options("hoyle1871")
    names = house.complete(game.options_model, base, "stick")
    assert names == [("stick the dealer (now off)", "stick the dealer")]
    values = house.complete(game.options_model, base, "target 7, deck")
    assert values == [("deck: 32 (as the preset)", "target 7, deck 32"),
                      ("deck: 24", "target 7, deck 24")]
    everything = house.complete(game.options_model, base, "target 7, ", limit=100)
    assert all("target" not in label for label, _ in everything)
    assert len(everything) == len(house.rules_of(game.options_model)) - 1
    for _, line in house.complete(game.options_model, base, "", limit=100):
        if not line.endswith(" "):  # a switch's suggestion is a whole line already
            game.options("hoyle1871", **house.parse(game.options_model, line))
    assert all(len(v) <= 100 for _, v in house.complete(
        game.options_model, base, "x" * 90 + ", ", limit=100))
