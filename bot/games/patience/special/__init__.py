"""Hooks for the games whose mechanics are truly their own (accordions, pairing, odd deals,
rounds, the book's singular games). A `Hook` may deal the layout its own way, add actions
(``pair:t1,t5``, ``cover:c2,c7``...), handle them, make forced moves and judge the win;
everything else stays the engine's. ``HOOKS`` maps a catalogue row's ``hook`` to its hook."""

from __future__ import annotations

from bot.games.patience.special.accordion import Betrothal, IdleYear
from bot.games.patience.special.base import (
    Hook,
    do_merci,
    do_tuck,
    generic_deal,
    merci_actions,
    row_ids,
    tuck_actions,
)
from bot.games.patience.special.deals import (
    Chameleon,
    Chatelaine,
    Citadel,
    Clans,
    Fifteen,
    Frog,
    InOrder,
    Phalanx,
    Salic,
    Seasons,
    SurpriseParty,
    ThirteenDown,
)
from bot.games.patience.special.pairing import Audience, Elevens, Fourteens, Nestor
from bot.games.patience.special.rounds import (
    Favorite,
    FourCorners,
    GrandDuchess,
    Leoni,
    Nivernaise,
    Shah,
    StLouis,
)
from bot.games.patience.special.unique import Besieged, Empress, Hemispheres, Windmill, Zodiac

HOOKS: dict[str, Hook] = {
    "": Hook(),
    "idle": IdleYear(),
    "betrothal": Betrothal(),
    "nestor": Nestor(),
    "elevens": Elevens(),
    "chester": Elevens(chester=True),
    "fourteens": Fourteens(),
    "chameleon": Chameleon(),
    "thirteen": ThirteenDown(),
    "seasons": Seasons(),
    "citadel": Citadel(),
    "frog": Frog(),
    "salic": Salic(),
    "precedence": InOrder(),
    "quadrille": InOrder(first=4),
    "chatelaine": Chatelaine(),
    "fifteen": Fifteen(),
    "favorite": Favorite(),
    "phalanx": Phalanx(),
    "clans": Clans(),
    "stlouis": StLouis(),
    "windmill": Windmill(),
    "audience": Audience(),
    "duchess": GrandDuchess(),
    "shah": Shah(),
    "corners": FourCorners(),
    "surprise": SurpriseParty(),
    "nivernaise": Nivernaise(),
    "leoni": Leoni(),
    "zodiac": Zodiac(),
    "besieged": Besieged(),
    "hemispheres": Hemispheres(),
    "empress": Empress(),
}

__all__ = ["HOOKS", "Hook", "do_merci", "do_tuck", "generic_deal", "merci_actions", "row_ids",
           "tuck_actions"]
