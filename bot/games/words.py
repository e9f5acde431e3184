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
