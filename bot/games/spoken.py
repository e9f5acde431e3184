"""Moves as people write them ("9h", "discard 9♥", "play jack of clubs", "order up alone").

`read_move` reads free text against one seat's *legal actions* only, so whatever it returns is
legal; text that fits no legal move, or several equally well, is refused with a message a player
can read ("Did you mean J♣ or J♠?"). `spoken` is the inverse: an action in plain words.

How a text is read: it becomes tokens (a card such as ``9h``/``h9``/``10 of hearts``/``J♣``, a
rank, a suit, a number or a word). Each legal action has a vocabulary (its kind's words, the parts
of its argument, and optionally the words of the label a front end shows for it). An action fits
when every token is in its vocabulary; among those that fit, the best leaves fewest parts of its
argument unsaid ("order up" is "order", not "order alone") and, on a tie, is the one whose kind
was named ("kontra" is Kontra, not the "No Kontra" pass). A tie after that is ambiguous.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from bot.games.base import Action, IllegalAction
from bot.games.cards import RANKS, SUIT_NAME, SUIT_SYMBOL, SUITS, Card, long_name

_SUIT_WORDS: dict[str, str] = {
    **{name: s for s, name in SUIT_NAME.items()},
    **{name[:-1]: s for s, name in SUIT_NAME.items()},  # "club", "heart"
    "kreuz": "C", "pik": "S", "herz": "H", "karo": "D",  # Skat players' German names
    "c": "C", "s": "S", "h": "H", "d": "D",
}
_RANK_WORDS: dict[str, str] = {
    "ace": "A", "king": "K", "queen": "Q", "jack": "J", "knave": "J", "ten": "T",
    "nine": "9", "eight": "8", "seven": "7", "six": "6", "five": "5", "four": "4",
    "three": "3", "two": "2", "deuce": "2",
    "k": "K", "q": "Q", "j": "J", "t": "T", "10": "T",
    **{d: d for d in "98765432"},
}
_STOPWORDS = frozenset(
    {"of", "the", "a", "an", "and", "to", "my", "i", "please", "card", "cards", "with", "&", "it"}
)
_KIND_WORDS: dict[str, tuple[str, ...]] = {
    "play": ("play", "lead", "throw"),
    "discard": ("discard", "bury", "lay", "away", "drop"),
    "pass": ("pass", "passe", "no", "nein"),
    "order": ("order", "up"),
    "take": ("take", "up", "pick"),
    "assist": ("assist",),
    "name": ("name", "call", "make"),
    "bunch": ("bunch", "redeal"),
    "defend": ("defend",),
    "bid": ("bid", "say"),
    "hold": ("hold", "yes", "ja"),
    "skat": ("skat", "pick", "up", "take"),
    "declare": ("declare", "announce", "game"),
}
_SPOKEN_KIND: dict[str, str] = {"order": "order up", "take": "take up", "skat": "pick up skat"}
_TOKEN = re.compile(r"[a-z0-9]+|[♣♠♥♦]|[^\sa-z0-9♣♠♥♦]")


@dataclass(frozen=True)
class _Token:
    """One thing the player wrote: its literal text and what it may mean as (part of) a card."""

    text: str
    card: Card | None = None
    rank: str | None = None
    suit: str | None = None
    article: bool = False
    """A bare "a": the ace when a suit follows ("A♦"), else a word to skip."""


def _word_token(word: str) -> _Token:
    card = _card_code(word)
    if card:
        return _Token(word, card=card)
    return _Token(word, rank=_RANK_WORDS.get(word), suit=_SUIT_WORDS.get(word))


def _card_code(word: str) -> Card | None:
    """``h9``/``9h``/``10h``/``h10``/``jc`` -> a card code; None for anything else."""
    up = word.upper().replace("10", "T")
    if len(up) != 2:
        return None
    if up[0] in SUITS and up[1] in RANKS:
        return up
    if up[0] in RANKS and up[1] in SUITS:
        return up[1] + up[0]
    return None


def tokens(text: str) -> list[_Token]:
    """Split free text into tokens; a rank followed by a suit ("jack of clubs", "9 ♥") is a card."""
    words = _TOKEN.findall(text.lower().replace("_", " "))
    out: list[_Token] = []
    for word in words:
        if word in SUIT_SYMBOL.values():
            word = next(s for s, sym in SUIT_SYMBOL.items() if sym == word).lower()
        if word == "a":
            out.append(_Token(word, rank="A", article=True))
            continue
        if word in _STOPWORDS or not word.isalnum():
            continue
        token = _word_token(word)
        last = out[-1] if out else None
        if last and token.suit and not token.rank and last.rank and not last.suit and not last.card:
            out[-1] = _Token(f"{last.text} {word}", card=token.suit + last.rank)
            continue
        out.append(token)
    return [token for token in out if not token.article]


@dataclass
class _Vocabulary:
    """What may be said of one action, and which of it must be said to single it out."""

    words: set[str] = field(default_factory=set)
    kind_words: set[str] = field(default_factory=set)
    cards: set[Card] = field(default_factory=set)
    suits: set[str] = field(default_factory=set)
    essential: list[_Token] = field(default_factory=list)

    def explains(self, token: _Token) -> bool:
        if token.text in self.words or token.text in self.kind_words:
            return True
        if token.card is not None:
            return token.card in self.cards
        if token.rank is not None and any(c[1] == token.rank for c in self.cards):
            return True
        if token.suit is not None:
            return token.suit in self.suits or any(c[0] == token.suit for c in self.cards)
        return False


def _arg_parts(arg: str) -> list[_Token]:
    parts = [p for p in re.split(r"[-_,.+>]", arg.lower()) if p]
    return [_word_token(p) for p in parts]


def _vocabulary(action: Action, label: str | None) -> _Vocabulary:
    vocab = _Vocabulary()
    kind_words = set(_KIND_WORDS.get(action.kind, ()))
    kind_words.update(w for w in action.kind.lower().split("_") if w)
    vocab.kind_words = kind_words
    for part in _arg_parts(action.arg):
        vocab.essential.append(part)
        vocab.words.add(part.text)
        if part.card:
            vocab.cards.add(part.card)
        elif part.suit and not part.rank:
            vocab.suits.add(part.suit)
    if action.arg:
        vocab.words.add(action.arg.lower())
    for token in tokens(label or ""):
        vocab.words.add(token.text)
        if token.card:
            vocab.cards.add(token.card)
        elif token.suit and not token.rank:
            vocab.suits.add(token.suit)
    return vocab


def _said(part: _Token, said: Sequence[_Token]) -> bool:
    """Whether the player named this part of the argument outright (not just its rank)."""
    for token in said:
        if part.card is not None:
            if token.card == part.card:
                return True
        elif token.text == part.text or (part.suit is not None and token.suit == part.suit):
            return True
    return False


def candidates(
    text: str, legal: Sequence[Action], labels: Mapping[Action, str] | None = None
) -> list[Action]:
    """The legal actions that fit ``text`` best (one when it is clear; none when nothing fits)."""
    said = tokens(text)
    if not said:
        return []
    scored: list[tuple[tuple[int, int], Action]] = []
    for action in legal:
        vocab = _vocabulary(action, (labels or {}).get(action))
        if not all(vocab.explains(token) for token in said):
            continue
        unsaid = sum(1 for part in vocab.essential if not _said(part, said))
        kind_named = any(token.text in vocab.kind_words for token in said)
        scored.append(((unsaid, 0 if kind_named else 1), action))
    if not scored:
        return []
    best = min(score for score, _ in scored)
    return [action for score, action in scored if score == best]


def read_move(
    text: str,
    legal: Sequence[Action],
    labels: Mapping[Action, str] | None = None,
) -> Action:
    """The one legal action ``text`` means; `IllegalAction` (a polite reason) otherwise.

    ``labels`` are the names a front end shows for the actions (button texts); their words are
    understood too, and refusals use them.
    """
    text = text.strip()
    for action in legal:
        if text.lower() == str(action).lower():
            return action
    if not legal:
        raise IllegalAction("There is nothing for you to do right now.")
    name: Callable[[Action], str] = lambda a: (labels or {}).get(a) or spoken(a)  # noqa: E731
    fits = candidates(text, legal, labels)
    if len(fits) == 1:
        return fits[0]
    if not fits:
        some = ", ".join(name(a) for a in legal[:8]) + (", ..." if len(legal) > 8 else "")
        raise IllegalAction(f"I can't read “{text}” as a move you can make now; you may: {some}.")
    if len(fits) <= 4:
        options = [name(a) for a in fits]
        raise IllegalAction(f"Did you mean {', '.join(options[:-1])} or {options[-1]}?")
    some = ", ".join(name(a) for a in fits[:4])
    raise IllegalAction(f"“{text}” fits {len(fits)} moves ({some}, ...); please say which one.")


def spoken(action: Action) -> str:
    """An action in plain words: ``play jack of clubs``, ``name spades alone``, ``bid 18``."""
    words = [_SPOKEN_KIND.get(action.kind, action.kind.replace("_", " "))]
    for part in _arg_parts(action.arg):
        if part.card:
            words.append(long_name(part.card).lower())
        elif part.suit and not part.rank:
            words.append(SUIT_NAME[part.suit])
        else:
            words.append(part.text)
    return " ".join(words)


__all__ = ["candidates", "read_move", "spoken", "tokens"]
