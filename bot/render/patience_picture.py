"""Patience as a picture: the view's piles drawn by the shared layout (`pictures.layout`)."""

from __future__ import annotations

from bot.games.base import Action, View
from bot.games.patience.game import PatienceView
from bot.i18n.sentences import again
from bot.render.patience import pile_word, table_text
from bot.render.pictures.layout import PileDrawing, draw_layout, layout_alt
from bot.render.rendered import Rendered


def drawings(view: PatienceView) -> list[PileDrawing]:
    """The piles as the layout draws them: what the player may see, where the game puts it."""
    return [
        PileDrawing(
            id=p.id, label=pile_word(p.label) if p.label else p.label, cards=list(p.cards),
            fan=p.fan if p.fan in ("down", "right", "left") else "none",  # type: ignore[arg-type]
            row=p.row, col=p.col, count=p.count if p.kind == "stock" else None,
        )
        for p in view.piles
    ]


def table_picture(view: View, names: list[str], style: str = "two_colour") -> Rendered:
    assert isinstance(view, PatienceView)
    piles = drawings(view)
    return Rendered(
        text=table_text(view, names), png=draw_layout(piles, title=again(view.title),
                                                      style=style),
        alt=layout_alt(piles, title=again(view.title)),
    )


def hand_picture(view: View, names: list[str], style: str = "two_colour",
                 legal: list[Action | str] | None = None) -> Rendered:
    """A patience has no hand apart from its layout."""
    return table_picture(view, names, style)
