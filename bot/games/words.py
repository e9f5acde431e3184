"""`N_`: marks a rules core's sentence template for the message catalogues.

The rules core writes its sentences in English (the terminal, the golden transcripts and the
logs read them so) and imports nothing of the project. A template marked here is found by the
catalogue extractor, and `bot.i18n.sentences` says a finished sentence again in the reader's
language by matching it against the marked templates. Placeholders are named and carry no
format spec (a value is formatted before it goes in), so any sentence can be read back.
"""

from __future__ import annotations


def N_(template: str, /) -> str:
    """``template`` unchanged: the mark is for the extractor."""
    return template


def NP_(context: str, template: str, /) -> str:
    """``template`` unchanged, marked with a context: for a word that other games use in
    another sense (a patience's "ace" pile is no die's "ace")."""
    return template


def joined(names: list[str]) -> str:
    """``A and B and C``: each name added with the marked ``{names} and {last}``, so a sentence
    that lists names reads back in any language."""
    out = names[0] if names else ""
    for name in names[1:]:
        out = N_("{names} and {last}").format(names=out, last=name)
    return out
