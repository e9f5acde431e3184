"""House rules as players write them: ``stick the dealer, target 7, no second round``.

Every field of a game's options model but its preset is a house rule a table may set when it
opens. This module reads such a line against the model (names in words or with underscores,
switches on by their name and off with ``no``, a choice by its words, numbers as numbers),
describes a table's rules back in the same words, and completes a half-typed line for
autocomplete. The options model still decides what is valid: this only turns words into
values, so every cross-rule check and bound stays in one place.
"""

from __future__ import annotations

import contextlib
import dataclasses
import difflib
import re
import types
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Union, get_args, get_origin

from bot.games.base import InvalidOptions, Options
from bot.games.words import N_

Kind = Literal["switch", "choice", "number", "numbers", "text"]
_ON = frozenset({"on", "yes", "true", "1"})
_OFF = frozenset({"off", "no", "false", "0"})
_NEGATION = re.compile(r"^(no|not|without)\s+")
_SEPARATOR = re.compile(r"\s*[,;\n]\s*")


@dataclass(frozen=True)
class Rule:
    """One house rule: an options field and how its values are written."""

    name: str
    kind: Kind
    choices: tuple[Any, ...] = ()
    low: float | None = None
    high: float | None = None
    whole: bool = True
    """A number rule takes whole numbers only."""
    optional: bool = False
    """The rule may be left unset (``none``): the game then decides, e.g. by its variant."""

    @property
    def words(self) -> str:
        return _words(self.name)

    def say(self, value: Any) -> str:
        """The value as a player writes it: ``on``, ``7``, ``forehand plays``, ``3 6``."""
        if value is None:
            return "none"
        if self.kind == "switch":
            return "on" if value else "off"
        if self.kind == "numbers":
            return " ".join(str(v) for v in value) or "none"
        if self.kind == "choice":
            return _words(str(value))
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        return str(value)

    def item(self, value: Any) -> str:
        """The whole rule as written in a line of house rules: ``target 7``, ``no ramsch``."""
        if self.kind == "switch":
            return self.words if value else f"no {self.words}"
        return f"{self.words} {self.say(value)}"

    def values(self) -> list[str]:
        """The values worth offering while the rule is typed (for autocomplete)."""
        if self.kind == "switch":
            return ["on", "off"]
        if self.kind == "choice":
            return [_words(str(c)) for c in self.choices] + (["none"] if self.optional else [])
        return []

    def read(self, written: str, negated: bool) -> Any:
        """The value ``written`` means for this rule; raises `InvalidOptions` if none."""
        text = written.strip().lower()
        if negated:
            if self.kind != "switch" or text:
                raise InvalidOptions(f"Only a rule that is on or off can be turned off with "
                                     f"“no”: write `{self.words} <value>`.")
            return False
        if self.kind == "switch":
            if not text or text in _ON:
                return True
            if text in _OFF:
                return False
            raise InvalidOptions(f"`{self.words}` is on or off, not `{written.strip()}`.")
        if not text:
            raise InvalidOptions(f"`{self.words}` needs a value{self._hint()}.")
        if self.optional and text in ("none", "default"):
            return None
        if self.kind == "choice":
            for choice in self.choices:
                if _key(str(choice)) == _key(text):
                    return choice
            raise InvalidOptions(f"`{self.words}` can be {self._choices_words()}, "
                                 f"not `{written.strip()}`.")
        if self.kind == "numbers":
            if text in ("none", "-"):
                return []
            try:
                return [int(part) for part in re.split(r"[\s/+]+", text) if part]
            except ValueError:
                raise InvalidOptions(
                    f"`{self.words}` takes whole numbers, e.g. `{self.words} 3 6`.") from None
        if self.kind == "number":
            try:
                number = float(text)
            except ValueError:
                raise InvalidOptions(f"`{self.words}` takes a number{self._hint()}, "
                                     f"not `{written.strip()}`.") from None
            if self.whole:
                if not number.is_integer():
                    raise InvalidOptions(f"`{self.words}` takes a whole number{self._hint()}.")
                return int(number)
            return number
        return written.strip()

    def _hint(self) -> str:
        if self.kind == "choice":
            return f": {self._choices_words()}"
        if self.low is not None and self.high is not None:
            return f" from {_number(self.low)} to {_number(self.high)}"
        if self.low is not None:
            return f" of at least {_number(self.low)}"
        return ""

    def _choices_words(self) -> str:
        words = [f"`{_words(str(c))}`" for c in self.choices]
        return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else words[0]


def rules_of(model: type[Options]) -> list[Rule]:
    """The house rules of an options model, in the model's order."""
    out = []
    for name, field in model.model_fields.items():
        if name == "preset":
            continue
        out.append(_rule(name, field.annotation, field.metadata))
    return out


def _rule(name: str, annotation: Any, metadata: Iterable[Any]) -> Rule:
    origin = get_origin(annotation)
    if annotation is bool:
        return Rule(name, "switch")
    if origin is Literal:
        return Rule(name, "choice", get_args(annotation))
    if annotation in (int, float):
        low = high = None
        for bound in metadata:  # pydantic's Field(ge=..., le=...) constraints
            for attr in ("ge", "gt"):
                if getattr(bound, attr, None) is not None:
                    low = float(getattr(bound, attr))
            for attr in ("le", "lt"):
                if getattr(bound, attr, None) is not None:
                    high = float(getattr(bound, attr))
        return Rule(name, "number", low=low, high=high, whole=annotation is int)
    if origin is list and get_args(annotation) == (int,):
        return Rule(name, "numbers")
    if origin in (Union, types.UnionType):
        inner = [a for a in get_args(annotation) if a is not type(None)]
        if len(inner) == 1 and len(get_args(annotation)) == 2:
            rule = _rule(name, inner[0], metadata)
            return dataclasses.replace(rule, optional=True)
    return Rule(name, "text")


def parse(model: type[Options], text: str) -> dict[str, Any]:
    """The overrides a line of house rules sets, e.g. ``{"target": 7}`` for ``target 7``.

    Raises `InvalidOptions` with a reason a player can act on: an unknown rule (with the
    nearest names), a value the rule cannot take, or a rule set twice.
    """
    rules = rules_of(model)
    out: dict[str, Any] = {}
    for item in _SEPARATOR.split(text.strip()):
        if not item:
            continue
        rule, negated, rest = _match(rules, item)
        if rule.name in out:
            raise InvalidOptions(f"`{rule.words}` is set twice.")
        out[rule.name] = rule.read(rest, negated)
    return out


def _match(rules: Sequence[Rule], item: str) -> tuple[Rule, bool, str]:
    """The rule an item names, whether it is negated, and the written value after the name."""
    lowered = item.strip().lower().replace("_", " ").replace("-", " ")
    # A rule's own name may start like a negation (dominoes' "no draw"): the longer name wins.
    readings = [(lowered, False)]
    if _NEGATION.match(lowered):
        readings.append((_NEGATION.sub("", lowered), True))
    best: Rule | None = None
    body, negated = lowered, False
    for text, negative in readings:
        for rule in rules:
            words = rule.words
            if (text == words or text.startswith(words + " ") or text.startswith(words + "=")
                    or text.startswith(words + ":")) and (
                    best is None or len(words) > len(best.words)):
                best, body, negated = rule, text, negative
    if best is None:
        name = re.split(r"[=:]|\s\d", body, maxsplit=1)[0].strip()
        close = difflib.get_close_matches(name, [r.words for r in rules], n=3, cutoff=0.5)
        also = f" Did you mean {', '.join(f'`{c}`' for c in close)}?" if close else ""
        raise InvalidOptions(f"I don't know the house rule `{item.strip()}`.{also} "
                             "`/… rules` lists them all.")
    rest = body[len(best.words):].lstrip()
    rest = rest[1:] if rest[:1] in ("=", ":") else rest
    return best, negated, rest


def changed(options: Options, base: Options) -> list[tuple[Rule, Any, Any]]:
    """The rules where ``options`` differ from ``base`` (its preset): (rule, now, preset)."""
    out = []
    for rule in rules_of(type(options)):
        now, before = getattr(options, rule.name), getattr(base, rule.name)
        if now != before:
            out.append((rule, now, before))
    return out


def table_line(options: Options, base: Options) -> str:
    """The house rules of a table in one line (empty when it plays its preset as it is)."""
    return ", ".join(rule.item(now) for rule, now, _ in changed(options, base))


def listing(options: Options, base: Options) -> str:
    """Every house rule, its value at this table, and the preset's where it differs."""
    lines = []
    for rule in rules_of(type(options)):
        now, before = getattr(options, rule.name), getattr(base, rule.name)
        line = f"`{rule.words}`: {rule.say(now)}"
        if now != before:
            line += " " + N_("(**house rule**; {preset}: {value})").format(
                preset=base.preset, value=rule.say(before))
        elif rule.kind == "choice":
            line += " " + N_("(or {values})").format(
                values=", ".join(v for v in rule.values() if v != rule.say(now)))
        lines.append(line)
    return "\n".join(lines)


def example(options: Options) -> str:
    """A line of two house rules these options accept together, to show how one is written:
    a switch turned over and a choice changed, where the model allows them."""
    model = type(options)
    rules = [r for r in rules_of(model) if not r.optional]
    candidates = [(r, not getattr(options, r.name)) for r in rules if r.kind == "switch"]
    candidates += [(r, c) for r in rules if r.kind == "choice"
                   for c in r.choices if c != getattr(options, r.name)]
    picks: dict[str, Any] = {}
    said: list[str] = []
    for kind in ("switch", "choice"):
        for rule, value in candidates:
            if rule.kind != kind:
                continue
            try:
                model.model_validate({**options.model_dump(), **picks, rule.name: value})
            except ValueError:
                continue
            picks[rule.name] = value
            said.append(rule.item(value))
            break
    return ", ".join(said)


def complete(model: type[Options], base: Options, current: str,
             limit: int = 25, width: int = 100) -> list[tuple[str, str]]:
    """Suggestions for a half-typed line: (label, the whole line with the last item completed).

    The last item (after the last comma) is completed: a rule's name while it is typed, then
    its values; rules already set earlier in the line are not offered again.
    """
    rules = rules_of(model)
    items = _SEPARATOR.split(current)
    done, last = items[:-1], items[-1].strip()
    taken = set()
    for item in done:
        with contextlib.suppress(InvalidOptions):  # a wrong item is refused at the end
            taken.add(_match(rules, item)[0].name)
    head = ", ".join(i.strip() for i in done if i.strip())
    head = f"{head}, " if head else ""
    out: list[tuple[str, str]] = []
    try:
        rule, negated, rest = _match(rules, last) if last else (None, False, "")
    except InvalidOptions:
        rule = None
    if rule is not None and rule.name not in taken and not negated and rule.values():
        now = rule.say(getattr(base, rule.name))
        for value in rule.values():
            if value.startswith(rest.strip().lower().replace("_", " ")):
                mark = " (as the preset)" if value == now else ""
                out.append((f"{rule.words}: {value}{mark}", f"{head}{rule.words} {value}"))
    else:
        query = _NEGATION.sub("", last.lower()).replace("_", " ")
        for rule in rules:
            if rule.name in taken or (query and query not in rule.words):
                continue
            now = getattr(base, rule.name)
            label = f"{rule.words} (now {rule.say(now)})"
            if rule.kind == "switch":
                value = f"{head}{rule.item(not now)}"
            else:
                value = f"{head}{rule.words} "
            out.append((label, value))
    return [(label[:100], value) for label, value in out if len(value) <= width][:limit]


def _words(name: str) -> str:
    return name.replace("_", " ")


def _key(text: str) -> str:
    return re.sub(r"[\s_\-]+", "_", text.strip().lower())


def _number(value: float) -> str:
    return str(int(value)) if value.is_integer() else str(value)
