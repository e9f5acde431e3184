"""What a renderer hands the front ends: Markdown, and optionally a picture with its alt text."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rendered:
    """``text`` is the message as Markdown; ``png`` the picture (None: text only); ``alt``
    says in words what the picture shows, never a card the view hides (screen readers, and
    Discord's image description); ``filename`` names the attachment."""

    text: str
    png: bytes | None = None
    alt: str = ""
    filename: str = "table.png"
