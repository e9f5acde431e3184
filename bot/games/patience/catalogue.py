"""The catalogue: every game of Dick's book that Parlour plays, one row of data each, book order.

A row names its piles (kind, cards dealt, packing rule, refill policy, where it sits), its
foundations, its stock and redeals, and, for the few games with mechanics of their own, a hook
(special.py). ``rules_for(options)`` applies the book's unnamed variants a player may choose.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING

from bot.games.patience.engine import Found, Pack, Pile, Rules
from bot.games.words import N_, NP_

if TYPE_CHECKING:
    from bot.games.patience.options import PatienceOptions

SUITS = "CSHD"

# -- builders -------------------------------------------------------------------------------------


def line(prefix: str, n: int, kind: str, label: str, *, row: float = 0, col: float = 0,
         dr: float = 0, dc: float = 1, start: int = 1, **kw: object) -> tuple[Pile, ...]:
    """``n`` piles ``prefix1..`` of one kind laid out along a line."""
    return tuple(Pile(id=f"{prefix}{start + i}", kind=kind, label=label, row=row + i * dr,
                      col=col + i * dc, **kw)  # type: ignore[arg-type]
                 for i in range(n))


def grid(prefix: str, rows: int, cols: int, kind: str, label: str, *, row: float = 0,
         col: float = 0, **kw: object) -> tuple[Pile, ...]:
    return tuple(Pile(id=f"{prefix}{r * cols + c + 1}", kind=kind, label=label, row=row + r,
                      col=col + c, **kw)  # type: ignore[arg-type]
                 for r in range(rows) for c in range(cols))


def founds(ranks: str = "A", *, per_suit: int = 1, suits: bool = True, build: str = "suit",
           step: int = 1, length: int = 13, preplace: bool = False, row: float = 0,
           col: float = 0, dr: float = 0, dc: float = 1, start: int = 1) -> tuple[Found, ...]:
    """Foundations: for each rank in ``ranks``, ``per_suit`` piles per suit (or, without
    ``suits``, 4 x per_suit piles of any suit)."""
    out = []
    for rank in ranks:
        for s in SUITS * per_suit:
            i = len(out)
            out.append(Found(id=f"f{start + i}", base=rank, suit=s if suits else "",
                             build=build, step=step if rank != "K" or step != 1 else -1,
                             length=length, preplace=preplace, row=row + i * dr,
                             col=col + i * dc))
    return tuple(out)


def with_steps(fs: tuple[Found, ...], **kw: object) -> tuple[Found, ...]:
    return tuple(replace(f, **kw) for f in fs)  # type: ignore[arg-type]


TALON = Pile(id="w", kind="talon", label="talon", fan="none", row=-1, col=1)
DOWN_ANY = Pack("down", "any")
DOWN_SUIT = Pack("down", "same")
DOWN_ALT = Pack("down", "alt")
BOTH_SUIT = Pack("both", "same")

T_TALON = N_("talon: the pile of turned cards you could not use; its top card is available")
T_FOUND = N_("foundation: a pile built up (or down) from its first card; to *play* a card is to "
    "put it on a foundation")
T_MARRY = N_("to marry (pack): to put a card on a tableau card next to it in rank")
T_PACKET = N_("packet: a pile of the layout; squared packets show only their top card")
T_LANE = N_("lane (space): a pile that has been cleared")
T_REDEAL = N_("redeal: another pass through the cards after the first deal (two redeals = three "
    "deals in all)")
T_STOCK = N_("stock (the pack): the cards still to be turned")
STD = (T_STOCK, T_TALON, T_FOUND, T_MARRY, T_LANE)


def row_rules(**kw: object) -> Rules:
    return Rules(**kw)  # type: ignore[arg-type]


# -- the rows -------------------------------------------------------------------------------------

ROWS: list[Rules] = []


def game(**kw: object) -> Rules:
    rules = row_rules(**kw)
    ROWS.append(rules)
    return rules


game(
    id="auld_lang_syne", title=N_("Auld Lang Syne"), page=11, family="calculation", info="stock",
    founds=founds("A", suits=False, build="any", preplace=True, col=2),
    piles=line("w", 4, "waste", "talon packet", row=1.5, col=2),
    stock="choose", flags=("in_suit",),
    text=N_("The four aces are laid out as foundations and built up to kings regardless of suit. "
    "Turn the stock one card at a time: play the card up, or put it on one of four talon "
    "packets of your choice. Only a packet's top card may be played; cards never move from "
    "packet to packet. No redeal. Option `in_suit`: foundations follow suit, two redeals."),
    terms=(T_STOCK, N_("talon packets: up to four waste piles you choose for each card"), T_FOUND),
)

game(
    id="tam_o_shanter", title=N_("Tam O' Shanter"), page=11, family="calculation", info="stock",
    founds=founds("A", suits=False, build="any", col=2),
    piles=line("w", 4, "waste", "talon packet", row=1.5, col=2),
    stock="choose", flags=("in_suit",),
    text=N_("As Auld Lang Syne, but the aces stay in the pack and become foundations as they turn "
    "up. Build up to kings regardless of suit; four talon packets of your choice; no redeal."),
    terms=(T_STOCK, N_("talon packets: up to four waste piles you choose for each card"), T_FOUND),
)

game(
    id="the_four_seasons", title=N_("The Four Seasons"), page=15, family="canfield", info="stock",
    aliases=("Vanishing Cross", "Corner Card"), hook="seasons", run_moves=True,
    founds=(Found("f1", base="", row=0, col=0), Found("f2", base="", row=0, col=2),
            Found("f3", base="", row=2, col=0), Found("f4", base="", row=2, col=2)),
    piles=(*(Pile(f"t{i + 1}", "tableau", "cell", pack=DOWN_ANY, fan="none", refill=("t", "w", "s"),
                  must=True, row=r, col=c)
             for i, (r, c) in enumerate([(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)])),
           replace(TALON, row=3, col=1)),
    text=N_("A 3x3 square: the corners are foundations, the five other places the tableau. The "
    "first card turned goes to the top-left corner and fixes the rank every foundation starts "
    "with; the other three go to corners as they appear. Build up in suit, going on from king "
    "to ace. Pack the tableau down regardless of suit, top cards only. A space must be filled "
    "at once: from another tableau top, the talon top, or (no talon) the next stock card. "
    "A packed run may be moved as a whole. Turn the stock one card at a time; no redeal."),
    terms=STD,
)

game(
    id="simplicity", title=N_("Simplicity"), page=16, family="canfield", info="stock",
    hook="seasons", run_moves=True,
    founds=(Found("f1", base="", row=0, col=0), Found("f2", base="", row=0, col=3),
            Found("f3", base="", row=2, col=0), Found("f4", base="", row=2, col=3)),
    piles=(*(Pile(f"t{i + 1}", "tableau", "cell", pack=DOWN_ALT, fan="none", refill=("t", "w", "s"),
                  must=True, row=r, col=c)
             for i, (r, c) in enumerate([(0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (1, 3), (2, 1),
                                         (2, 2)])),
           replace(TALON, row=3, col=1)),
    text=N_("The Four Seasons on three rows of four: the corners are foundations (the first card "
    "fixes their rank, build up in suit round from king to ace), the other eight places the "
    "tableau, packed down in alternate colours; a packed run may be moved as a whole. Spaces "
    "must be filled at once from a tableau top, the talon, or the stock. No redeal."),
    terms=STD,
)

game(
    id="napoleon_at_st_helena", title=N_("Napoleon at St. Helena"), page=23, family="forty thieves",
    info="stock", packs=2, aliases=("Forty Thieves", "Big Forty"), flags=("spaces",),
    founds=founds("A", per_suit=2, col=0),
    piles=(*line("t", 10, "tableau", "column", row=1, deal=4, pack=DOWN_SUIT, refill=("any",)),
           replace(TALON, row=5, col=1)),
    text=N_("Two packs. Forty cards in four rows of ten make ten columns of four; only the lowest "
    "card of a column is available. The eight aces are foundations as they come free, built up "
    "in suit. Pack down in suit, one card at a time. An emptied column may be filled, when you "
    "like, with any available card. Turn the stock one at a time to the talon; its top is "
    "available. No redeal. Option `spaces=talon`: spaces only from the talon."),
    terms=STD,
)

game(
    id="the_calculation", title=N_("The Calculation"), page=27, family="calculation", info="stock",
    aliases=("Calculation", "Broken Intervals"), flags=("found_as_turned",),
    founds=tuple(Found(f"f{k}", base="A234"[k - 1], build="any", step=k, preplace=True,
                       label="foundation", row=0, col=k) for k in range(1, 5)),
    piles=line("w", 4, "waste", "talon packet", row=1.5, col=1),
    stock="choose",
    text=N_("Take out an ace, a two, a three and a four of any suits as foundations. Regardless of "
    "suit, the ace pile goes up by ones, the two by twos, the three by threes and the four by "
    "fours, counting past the king (J=11, Q=12, K=13); every pile ends with a king. The "
    "three pile runs 3 6 9 Q 2 5 8 J A 4 7 10 K. Turn the stock one card at a time and play "
    "it up or put it on one of four talon packets of your choice; only their top cards may be "
    "played and never moved to another packet. No redeal. Option `found_as_turned`: "
    "foundations are started as they turn up (it seldom succeeds)."),
    terms=(T_STOCK, N_("talon packets: four waste piles; where each card goes is the whole skill"),
           T_FOUND),
)

game(
    id="the_four_kings", title=N_("The Four Kings"), page=31, family="calculation", info="stock",
    founds=tuple(Found(f"f{k}", base="2468"[k - 1], build="any", step=k, length=12,
                       preplace=True, row=1, col=k) for k in range(1, 5)),
    piles=(*(Pile(f"a{k}", "decor", "adder", holds="A234"[k - 1], fan="none", row=0, col=k)
             for k in range(1, 5)), replace(TALON, row=2, col=1)),
    redeals=2,
    text=N_("Lay out A, 2, 3, 4 in an upper row and 2, 4, 6, 8 below them (any suits). The lower "
    "cards are foundations; each adds the card above it: the 2 goes 3, 4, 5...; the 4 goes 6, "
    "8, 10, Q, A...; counting past the king, regardless of suit. Each pile ends with a king. "
    "Turn the stock one card at a time to one talon; two redeals."),
    terms=(T_STOCK, T_TALON, T_FOUND, N_("adder: the card above a foundation, telling its step"),
           T_REDEAL),
)

CLOCK_BASES = "6789TJQK2345"
game(
    id="the_clock", title=N_("The Clock"), page=35, family="forty thieves", info="stock", packs=2,
    founds=tuple(Found(f"f{h}", base=CLOCK_BASES[h - 1], suit="CSHD"[(h - 1) % 4],
                       length=8 if h >= 9 else 9, preplace=True, label="hour",
                       row=3 - 1.6 * math.cos(h * math.pi / 6),
                       col=3 + 1.6 * math.sin(h * math.pi / 6)) for h in range(1, 13)),
    piles=(*(Pile(f"t{h}", "tableau", "packet", deal=3, pack=DOWN_SUIT, keep=3, fan="down",
                  row=3 - 3 * math.cos(h * math.pi / 6),
                  col=3 + 3 * math.sin(h * math.pi / 6)) for h in range(1, 13)),
           replace(TALON, gives=("foundation",), row=7, col=1)),
    text=N_("Two packs. Twelve foundation cards stand at the hours: 6 at one o'clock, 7 at two ... "
    "K at eight, then 2, 3, 4, 5 at nine to twelve (one suit at 1, 5, 9; one at 2, 6, 10; one at "
    "3, 7, 11; one at 4, 8, 12). Each builds up in suit, past the king, until it shows its hour "
    "(J at eleven, Q at twelve). Round them, twelve fanned packets of three; their top cards "
    "are available and may be packed on each other down in suit. A packet under three cards "
    "is topped up from the stock at once. When stuck, turn the stock: the talon's top may only "
    "be played up. No redeal."),
    terms=STD,
)

game(
    id="the_garden", title=N_("The Garden"), page=39, family="open", info="open",
    aliases=("Flower Garden",),
    founds=founds("A", col=1),
    piles=(*line("t", 6, "tableau", "bed", row=1, deal=6, pack=DOWN_ANY, refill=("any",)),
           *(Pile(f"c{i + 1}", "cell", "bouquet", deal=1, row=8 + i // 8, col=i % 8 * 0.75)
             for i in range(16))),
    stock="none",
    text=N_("The Garden is six fanned beds of six cards; the other sixteen are the Bouquet, every "
    "one of them available. Aces go up as foundations when free, built up in suit. Pack on the "
    "beds' top cards downward regardless of suit, one card at a time. A Bouquet card may be "
    "played up or packed on a bed but never goes back. An empty bed takes any available card. "
    "One deal only; exceedingly difficult, says the book."),
    terms=(T_FOUND, T_MARRY, N_("bouquet: loose cards all available"), T_LANE),
)

game(
    id="the_betrothal", title=N_("The Betrothal"), page=44, family="accordion", info="stock",
    hook="betrothal",
    founds=(),
    piles=(*line("t", 52, "tableau", "row", fan="none"),
           Pile("d", "discard", "discard", fan="none", row=5, col=0)),
    text=N_("The Q♥ starts a row; the K♥ is put at the bottom of the pack, to come last. Deal the "
    "cards one by one to the right of the row. When two cards of the same suit or rank have "
    "one or two cards between them, those between are discarded and the row closes up (you "
    "must; if several can go, you choose). Win when only the Q♥ and K♥ remain, side by side."),
    terms=(T_STOCK, N_("row: the line of dealt cards")),
)

game(
    id="the_idle_year", title=N_("The Idle Year"), page=51, family="accordion", info="stock",
    aliases=("Accordion",), hook="idle",
    founds=(),
    piles=tuple(Pile(f"t{i + 1}", "tableau", "packet", fan="none", row=i // 13, col=i % 13)
                for i in range(52)),
    text=N_("Deal the cards one at a time in a row. A packet whose top card matches the top card "
    "(same suit or same rank) of the packet just to its left must go onto it; failing that, "
    "onto the packet three to its left. The neighbour comes first, and the rightmost packet "
    "moves first. Every move is forced, so Parlour makes them for you: you only deal. Win "
    "with one packet of 52 cards (about once a year, says the name)."),
    terms=(T_STOCK, N_("packet: a pile of the row; whole packets move")),
)

game(
    id="the_chameleon", title=N_("The Chameleon"), page=55, family="canfield", info="hidden",
    aliases=("Thirteen Up", "Canfield", "Demon"), hook="chameleon", flags=("redeals",),
    founds=tuple(Found(f"f{i}", base="", row=0, col=1 + i) for i in range(1, 5)),
    piles=(Pile("r", "reserve", "packet of thirteen", deal=13, fan="none", refill=("w", "s"),
                pack=DOWN_ANY, pack_after_empty=True, row=1, col=0),
           *line("t", 3, "tableau", "pile", row=1, col=2, deal=1, pack=DOWN_ANY,
                 refill=("w", "s"), auto=("r",)),
           replace(TALON, row=0, col=0)),
    text=N_("Thirteen cards make a squared packet (only its top shows); three cards go in a row "
    "beside it. The first of the three is the first foundation and fixes the rank all four "
    "start with; its place is filled from the packet. Build up in suit, past the king to the "
    "ace. Pack the three piles down regardless of suit; the packet's top may be packed on them "
    "but nothing on the packet. A space is filled from the packet; when the packet is gone, "
    "from the talon or stock, and the packet's place becomes a fourth pile. Turn the stock "
    "one card at a time. One deal (option `redeals=1`)."),
    terms=(T_STOCK, T_TALON, T_FOUND, T_PACKET, T_MARRY),
)

game(
    id="the_reserve", title=N_("The Reserve"), page=56, family="canfield", info="hidden",
    founds=founds("2", preplace=True, col=2),
    piles=(*line("t", 4, "tableau", "auxiliary pile", row=1, col=2, deal=1, pack=DOWN_SUIT,
                 refill=("w", "s")),
           Pile("r", "reserve", "reserve", deal=13, fan="none", row=1, col=0),
           replace(TALON, row=0, col=0)),
    redeals=2,
    text=N_("The four twos are the foundations, built up in suit to the king and then the ace. "
    "Four cards make an auxiliary row, packed down in suit; a squared Reserve of thirteen "
    "cards lies to the left, its top available (nothing is packed on it). A space in the row "
    "is filled from the talon top, or the stock if there is no talon. Two redeals."),
    terms=(T_STOCK, T_TALON, T_FOUND, T_PACKET, T_REDEAL),
)

game(
    id="la_belle_lucie", title=N_("La Belle Lucie"), page=59, family="open", info="open",
    aliases=("Belle Lucie", "Midnight Oil", "Fan"), flags=("no_shuffle", "merci"),
    founds=founds("A", col=2),
    piles=tuple(Pile(f"t{i + 1}", "tableau", "fan", deal=3 if i < 17 else 1, pack=DOWN_SUIT,
                     fan="right", row=1 + i // 6, col=(i % 6) * 1.5) for i in range(18)),
    stock="none", redeals=2, redeal="lucie", merci=True,
    text=N_("The whole pack is dealt in fans of three (seventeen fans and a single card); each "
            "fan's top card is available. Aces go up as foundations, built up in suit. Pack down "
            "in suit, one card at a time; spaces are not filled. Two redeals: gather the fans, "
            "shuffle, deal again in threes. In the last deal you may once draw out one covered "
            "card (the merci). Option `no_shuffle`: gather without shuffling."),
    terms=(N_("fan: three cards spread so all show; only the top one moves"), T_FOUND, T_MARRY,
           T_REDEAL, N_("merci: the one covered card you may pull out in the last deal")),
)

game(
    id="the_shamrocks", title=N_("The Shamrocks"), page=60, family="open", info="open",
    aliases=("Shamrocks",), flags=("merci",),
    founds=founds("A", col=2),
    piles=tuple(Pile(f"t{i + 1}", "tableau", "fan", deal=3 if i < 17 else 1,
                     pack=Pack("down", "any", cap=3), fan="right", row=1 + i // 6,
                     col=(i % 6) * 1.5) for i in range(18)),
    stock="none", merci=True, tuck=True,
    text=N_("The whole pack is dealt in fans of three (seventeen fans and a single card); each "
            "fan's top card is available. Aces go up as foundations, built up in suit. Pack down "
            "regardless of suit, but no fan may ever hold more than three cards. A king lying on "
            "a lower card of its own suit may be tucked under it. No redeal; the merci draw is "
            "allowed once (option `merci=false` to refuse it)."),
    terms=(N_("fan: three cards spread so all show; only the top one moves"), T_FOUND, T_MARRY),
)

game(
    id="the_house_in_the_wood", title=N_("The House in the Wood"), page=60, family="open",
    info="open", packs=2, flags=("no_shuffle", "merci"),
    founds=founds("A", per_suit=2, col=1),
    piles=tuple(Pile(f"t{i + 1}", "tableau", "fan", deal=1 if i in (17, 35) else 3,
                     pack=DOWN_SUIT, fan="right", row=1 + i // 9, col=(i % 9) * 1.5)
                for i in range(36)),
    stock="none", redeals=2, redeal="lucie", merci=True,
    text=N_("La Belle Lucie with two packs: thirty-six fans (two Lucie deals side by side), eight "
    "ace foundations built up in suit, packing down in suit, two shuffled redeals and the "
    "merci in the last deal."),
    terms=(N_("fan: three cards spread so all show; only the top one moves"), T_FOUND, T_MARRY,
           T_REDEAL),
)

game(
    id="the_house_on_the_hill", title=N_("The House on the Hill"), page=60, family="open",
    info="open", packs=2, flags=("no_shuffle", "merci"),
    founds=founds("AK", col=1),
    piles=tuple(Pile(f"t{i + 1}", "tableau", "fan", deal=1 if i in (17, 35) else 3,
                     pack=BOTH_SUIT, fan="right", row=1 + i // 9, col=(i % 9) * 1.5)
                for i in range(36)),
    stock="none", redeals=2, redeal="lucie", merci=True,
    text=N_("La Belle Lucie with two packs: thirty-six fans; foundations are one ace (built up) "
    "and one king (built down) of each suit; pack in suit up or down. Two shuffled redeals and "
    "the merci in the last deal."),
    terms=(N_("fan: three cards spread so all show; only the top one moves"), T_FOUND, T_MARRY,
           T_REDEAL),
)

game(
    id="the_frog", title=N_("The Frog"), page=65, family="calculation", info="hidden", packs=2,
    hook="frog",
    founds=founds("A", per_suit=2, suits=False, build="any", col=2),
    piles=(Pile("r", "reserve", "frog", fan="none", row=1, col=0),
           *line("w", 5, "waste", "talon packet", row=2, col=2)),
    stock="choose",
    text=N_("Two packs. Count off thirteen cards: their aces become foundations (if none, take "
    "one ace from the pack); the rest are the Frog, a squared packet whose top is available. "
    "Eight aces in all, built up to kings regardless of suit. Turn the stock one card at a "
    "time and play it up or put it on one of five talon packets of your choice. No redeal."),
    terms=(T_STOCK, N_("talon packets: five waste piles you choose for each card"), T_FOUND,
           N_("frog: the squared packet of thirteen")),
)

game(
    id="the_beleaguered_castle", title=N_("The Beleaguered Castle"), page=71, family="castle",
    info="open", aliases=("Beleaguered Castle", "Laying Siege", "Sham Battle"),
    founds=founds("A", preplace=True, col=3, row=0, dr=1, dc=0),
    piles=(*line("t", 4, "tableau", "row", deal=6, fan="left", pack=DOWN_ANY, refill=("any",),
                 col=0, row=0, dr=1, dc=0),
           *line("t", 4, "tableau", "row", deal=6, fan="right", pack=DOWN_ANY, refill=("any",),
                 col=4, row=0, dr=1, dc=0, start=5)),
    stock="none",
    text=N_("The aces go in a column in the middle; the other 48 cards in two wings of four rows "
            "of six. Only the outer card of each row is available. Build the foundations up in "
            "suit. Pack on the outer cards downward regardless of suit, one card at a time. Any "
            "available card may go into an empty row. No redeal."),
    terms=(T_FOUND, T_MARRY, T_LANE, N_("row: only its outer end is available")),
)

game(
    id="the_citadel", title=N_("The Citadel"), page=72, family="castle", info="open",
    hook="citadel",
    founds=founds("A", col=3, row=0, dr=1, dc=0),
    piles=(*line("t", 4, "tableau", "row", fan="left", pack=DOWN_ANY, refill=("any",),
                 col=0, row=0, dr=1, dc=0),
           *line("t", 4, "tableau", "row", fan="right", pack=DOWN_ANY, refill=("any",),
                 col=4, row=0, dr=1, dc=0, start=5)),
    stock="none",
    text=N_("The Beleaguered Castle with the aces shuffled in. While dealing, each ace goes to "
            "the middle and any card that fits a foundation goes up at once; each row gets the "
            "next six other cards dealt (a card played up still counts). Only the outer card of "
            "each row is available. Build the foundations up in suit. Pack down regardless of "
            "suit; any available card may go into an empty row."),
    terms=(T_FOUND, T_MARRY, T_LANE, N_("row: only its outer end is available")),
)

game(
    id="the_exiled_kings", title=N_("The Exiled Kings"), page=73, family="castle", info="open",
    hook="citadel",
    founds=founds("A", col=3, row=0, dr=1, dc=0),
    piles=(*line("t", 4, "tableau", "row", fan="left", pack=DOWN_ANY, refill=("any",),
                 kings=True, col=0, row=0, dr=1, dc=0),
           *line("t", 4, "tableau", "row", fan="right", pack=DOWN_ANY, refill=("any",),
                 kings=True, col=4, row=0, dr=1, dc=0, start=5)),
    stock="none",
    text=N_("The Citadel (aces and fitting cards go up during the deal), except that only a king "
            "may go into an empty row. Only the outer card of each row is available. Build the "
            "foundations up in suit. "),
    terms=(T_FOUND, T_MARRY, T_LANE),
)

game(
    id="penelopes_web", title=N_("Penelope's Web"), page=73, family="castle", info="open",
    flags=("spaces",),
    founds=founds("A", col=3, row=0, dr=1, dc=0),
    piles=tuple(Pile(f"t{i + 1}", "tableau", "row", deal=(7, 7, 6, 6)[i % 4],
                     fan="left" if i < 4 else "right", pack=DOWN_ANY, refill=("any",),
                     kings=True, row=i % 4, col=0 if i < 4 else 4) for i in range(8)),
    stock="none",
    text=N_("The Beleaguered Castle with all 52 cards dealt: the top two rows of each wing have "
            "seven cards, the others six; the aces go to the middle as they come free. Only the "
            "outer card of each row is available. Build the foundations up in suit. Pack down "
            "regardless of suit. Only a king may go into an empty row (option `spaces=any`: any "
            "card). Excessively difficult, says the book."),
    terms=(T_FOUND, T_MARRY, T_LANE),
)

game(
    id="napoleons_square", title=N_("Napoleon's Square"), page=77, family="forty thieves",
    info="stock", packs=2, flags=("spaces",), buried_kings=True,
    founds=founds("A", per_suit=2, col=2, row=1),
    piles=(*line("t", 12, "tableau", "packet", deal=4, pack=DOWN_SUIT, refill=("any", "S"),
                 fan="down", row=0, col=0), replace(TALON, row=-1, col=1)),
    text=N_("Two packs. Twelve packets of four, spread so the whole square may be examined; each "
    "packet's top is available. The eight aces go up as they come, built up in suit. Pack "
    "down in suit; stock cards may be packed too. An emptied packet may take one card when "
    "you choose: another packet's top, the talon top or the next stock card (option "
    "`spaces=talon`: talon or stock only). No redeal. But if the square is dealt with both "
    "kings of a suit lying on lower cards of that suit (success would be impossible, says the "
    "book), you must "
    "first either deal the whole again (redeal) or slip one of those kings under its packet "
    "(slip)."),
    terms=STD,
)

game(
    id="the_court_yard", title=N_("The Court-Yard"), page=78, family="forty thieves", info="stock",
    packs=2,
    founds=founds("A", per_suit=2, col=2, row=1),
    piles=(*line("t", 12, "tableau", "packet", deal=1, pack=DOWN_SUIT, refill=("w", "S"),
                 fan="down", row=0, col=0), replace(TALON, row=-1, col=1)),
    text=N_("Napoleon's Square with twelve single cards: the aces go up as they come and build up "
    "in suit; pack down in suit; a space is filled, when you choose, only from the talon or "
    "the stock. No redeal."),
    terms=STD,
)

game(
    id="the_elevens", title=N_("The Elevens"), page=119, family="pairing", info="stock",
    aliases=("Elevens",), hook="elevens", flags=("courts",),
    founds=(),
    piles=grid("t", 3, 4, "tableau", "packet", fan="none"),
    text=N_("Twelve cards in three rows of four (court cards turning up in this first layout go "
    "to the bottom of the pack). Any two top cards that total eleven (ace one, ten ten) are "
    "each covered with a card from the pack. Court cards count nothing, so a court on top "
    "stops its packet. Win when the pack is gone and all twelve packets show court cards. "
    "Option `courts=always`: every court card dealt goes to the bottom ('almost too easy')."),
    terms=(T_STOCK, N_("to cover: to deal a card onto a top card")),
)

game(
    id="the_chester_game", title=N_("The Chester Game"), page=120, family="pairing", info="stock",
    hook="chester", flags=("courts",),
    founds=(),
    piles=grid("t", 3, 4, "tableau", "packet", fan="none"),
    text=N_("The Elevens, with this further aim: at the finish the four knaves must top the first "
    "row, the queens the middle row and the kings the bottom row. Court cards are dealt like "
    "any other after the first layout."),
    terms=(T_STOCK, N_("to cover: to deal a card onto a top card")),
)

game(
    id="the_fourteens", title=N_("The Fourteens"), page=120, family="pairing", info="stock",
    packs=2, hook="fourteens",
    founds=(),
    piles=(*grid("c", 5, 5, "cell", "place", deal=1, auto=("S",)),
           Pile("d", "discard", "discard", fan="none", row=0, col=6)),
    text=N_("Two packs. Twenty-five cards in a square of five rows of five. Take away any two "
    "cards in the same row or column whose values total fourteen (ace one, knave eleven, "
    "queen twelve, king thirteen); the gaps fill from the pack at once. When no fourteen is "
    "left, one rescue remains: two cards may change places with two others. Win by pairing "
    "off all 104 cards."),
    terms=(T_STOCK,),
)

game(
    id="nestor", title=N_("Nestor"), page=153, family="pairing", info="open", hook="nestor",
    founds=(),
    piles=(*line("t", 8, "tableau", "column", fan="down"),
           *line("r", 4, "cell", "reserve", row=7, col=2),
           Pile("d", "discard", "discard", fan="none", row=7, col=7)),
    stock="none",
    text=N_("Six rows of eight make eight columns of six, dealt so no column holds two cards of "
    "one rank; the last four cards are the reserve. Take away pairs of equal rank from the "
    "lowest cards of the columns. Reserve cards may be used only when no pair can be made from "
    "the columns. Win by pairing off all 52."),
    terms=(N_("column: only its lowest card may be paired"), N_("reserve: four cards held back")),
)


# -- more rows (CATALOGUE sorts every row into book order) ----------------------------------------


game(
    id="the_baker_s_dozen", title=N_("The Baker's Dozen"), page=99, family="open", info="hidden",
    aliases=("Baker's Dozen",),
    founds=founds("A", col=4),
    piles=tuple(Pile(f"t{i + 1}", "tableau", "packet", deal=4, down=3, fan="down",
                     pack=DOWN_ANY, king_down=True, row=1 + i // 7, col=i % 7)
                for i in range(13)),
    stock="none",
    text=N_("Thirteen packets of four, dealt face down with each top card turned up. A king on "
    "top goes at once to the bottom of its packet (Parlour does it for you). Aces go up as "
    "they come free, built up in suit. Pack top cards downward regardless of suit; when a top "
    "card leaves, the next is turned up. An empty packet is never filled."),
    terms=(T_FOUND, T_MARRY, T_PACKET),
)

game(
    id="the_congress", title=N_("The Congress"), page=104, family="forty thieves", info="stock",
    packs=2, aliases=("Congress", "President's Cabinet"),
    founds=tuple(Found(f"f{i + 1}", base="A", suit="CSHD"[i % 4], row=i % 4, col=1 + i // 4)
                 for i in range(8)),
    piles=(*line("t", 4, "tableau", "pile", deal=1, pack=DOWN_ANY, auto=("w", "s"), row=0,
                 col=0, dr=1, dc=0),
           *line("t", 4, "tableau", "pile", deal=1, pack=DOWN_ANY, auto=("w", "s"), row=0,
                 col=3, dr=1, dc=0, start=5),
           replace(TALON, row=4, col=1)),
    text=N_("Two packs. Eight single cards in two columns of four, room between them for the "
    "eight aces, which go up as they come and build up in suit. Pack down regardless of suit; "
    "stock and talon cards may be packed too. A space is filled at once from the talon top, "
    "or the stock if there is no talon. No redeal."),
    terms=STD,
)

game(
    id="the_sultan_of_turkey", title=N_("The Sultan of Turkey"), page=107, family="foundations",
    info="stock", packs=2, aliases=("Sultan",),
    founds=(*tuple(Found(f"f{i + 1}", base="K", suit="CCSSDDH"[i], length=13, preplace=True,
                         row=r, col=c) for i, (r, c) in enumerate(
                             [(0, 1), (0, 2), (0, 3), (1, 1), (1, 3), (2, 1), (2, 3)])),
            Found("f8", base="A", suit="H", length=12, preplace=True, row=2, col=2)),
    piles=(Pile("a1", "decor", "Sultan", holds="HK", fan="none", row=1, col=2),
           *(Pile(f"c{i + 1}", "cell", "divan", deal=1, auto=("w", "s"), row=i % 4,
                  col=0 if i < 4 else 4) for i in range(8)),
           replace(TALON, gives=("foundation",), row=4, col=1)),
    redeals=2, redeal="shuffle",
    text=N_("Two packs. One K♥ sits idle in the middle: the Sultan. The other seven kings and one "
    "A♥ are foundations, built up in suit: each king takes A, 2 ... Q, the ace takes 2 ... Q, so "
    "all eight end with queens. The Divan is eight cards, all available; a gap is filled at "
    "once from the talon top, or the stock. Turn the stock one at a time; a turned card may be "
    "played up from the talon top. The talon may be shuffled and dealt again twice."),
    terms=(T_STOCK, T_TALON, T_FOUND, N_("divan: the eight loose cards beside the Sultan"),
           T_REDEAL),
)

game(
    id="the_salic_law", title=N_("The Salic Law"), page=103, family="foundations", info="stock",
    packs=2, hook="salic",
    founds=founds("A", per_suit=2, suits=False, build="any", length=11, row=0, col=0),
    piles=(*line("q", 8, "decor", "queen", row=1, col=0, fan="none"),
           *line("t", 8, "tableau", "king's pile", row=2, col=0, fan="down")),
    text=N_("Two packs. Lay a king and deal onto it, spread, until the next king comes: it starts "
    "a new pile to the right, and so on. Aces go up as foundations as they come, queens aside "
    "(they are decoration). The aces build up to knaves regardless of suit; play may go on "
    "during the deal from the top of every king's pile. After the deal, a king whose pile is "
    "cleared may hold one card, once, like a spare place. No redeal."),
    terms=(T_STOCK, T_FOUND, N_("king's pile: cards dealt onto a king; its top is available")),
)

game(
    id="thirteen_down", title=N_("Thirteen Down"), page=108, family="foundations", info="hidden",
    hook="thirteen",
    founds=tuple(Found(f"f{i}", base="", row=0, col=1 + i) for i in range(1, 5)),
    piles=(Pile("r", "reserve", "thirteen down", deal=13, down=13, hidden_top=True, fan="none",
                row=1, col=2.5),
           *(Pile(f"c{i + 1}", "cell", "wing", deal=1, auto=("r",), refill=("w", "s"),
                  row=1 + i % 4 * 0.6, col=0 if i < 4 else 5) for i in range(8)),
           replace(TALON, row=0, col=0)),
    redeals=2,
    text=N_("Thirteen cards face down in a packet, with four cards on each side as wings, all "
    "available. The next card fixes the rank of all four foundations and goes up; build up "
    "in suit, past the king. A wing space is filled from the face-down packet, turned up; its "
    "last card turns up and is itself available. Then wing spaces take the talon top or a "
    "stock card. No packing. Two redeals."),
    terms=(T_STOCK, T_TALON, T_FOUND, N_("wings: the eight loose cards"), T_REDEAL),
)

game(
    id="the_fortress", title=N_("The Fortress"), page=111, family="castle", info="open",
    aliases=("Fortress",),
    founds=founds("A", col=3, row=0, dr=1, dc=0),
    piles=tuple(Pile(f"t{i + 1}", "tableau", "row", deal=(6, 5, 5, 5, 5)[i % 5],
                     fan="left" if i < 5 else "right", pack=BOTH_SUIT, refill=("any",),
                     row=i % 5, col=0 if i < 5 else 4) for i in range(10)),
    stock="none",
    text=N_("The whole pack in two wings of five rows (six cards in the first row, five in the "
            "others; the book's picture is lost), room between for the aces, which go up as they "
            "come free and build up in suit. Only the outer card of each row is available. Build "
            "the foundations up in suit. Pack in suit, up or down, one card at a time; any "
            "available card may go into an empty row. No redeal."),
    terms=(T_FOUND, T_MARRY, T_LANE),
)

game(
    id="the_octagon", title=N_("The Octagon"), page=132, family="forty thieves", info="hidden",
    packs=2,
    founds=founds("A", per_suit=2, preplace=True, col=0),
    piles=(*line("t", 4, "tableau", "packet", deal=5, fan="none", pack=DOWN_SUIT,
                 refill=("w", "s"), row=1, col=2),
           replace(TALON, row=2, col=0)),
    redeals=2,
    text=N_("Two packs. The eight aces are foundations, built up in suit. Four squared packets of "
    "five lie between them; their tops are available and are packed down in suit. A space "
    "takes the talon top, or the stock if there is no talon. Two redeals."),
    terms=(*STD, T_PACKET, T_REDEAL),
)

game(
    id="the_blockade", title=N_("The Blockade"), page=135, family="forty thieves", info="stock",
    packs=2, stock="row",
    founds=founds("A", per_suit=2, col=2),
    piles=line("t", 12, "tableau", "column", deal=1, pack=DOWN_SUIT, auto=("S",), row=1),
    text=N_("Two packs. Deal a row of twelve; aces go up as foundations and build up in suit. "
    "Only the lowest card of each column is available; pack down in suit. A space is filled "
    "from the stock at once. When play stops, deal a new row of twelve, one on each column. "
    "No talon, no redeal."),
    terms=(T_STOCK, T_FOUND, T_MARRY),
)

game(
    id="light_and_shade", title=N_("Light and Shade"), page=137, family="forty thieves",
    info="stock", packs=2,
    founds=founds("A", per_suit=2, suits=False, build="alt", preplace=True, row=2),
    piles=(*line("t", 4, "tableau", "auxiliary packet", deal=1, pack=DOWN_ALT, refill=("c",),
                 row=0, col=2),
           *line("c", 4, "cell", "lower row", deal=1, gives=("tableau",), must_pack=True,
                 auto=("w", "s"), row=1, col=2),
           replace(TALON, row=0, col=0)),
    text=N_("Two packs. The eight aces in a row are foundations, built up in alternate colours "
    "regardless of suit. Above them an auxiliary row of four packets, packed down in "
    "alternate colours, and a lower row of four single cards: these may only be packed on the "
    "auxiliary packets, never played up, and must be as soon as they fit. An auxiliary space "
    "is filled from the lower row; a lower-row space from the talon top, or the stock. No "
    "redeal."),
    terms=STD,
)

game(
    id="rouge_et_noir", title=N_("Rouge et Noir"), page=145, family="forty thieves", info="stock",
    packs=2,
    founds=founds("A", per_suit=2, suits=False, build="alt", preplace=True),
    piles=(*line("t", 8, "tableau", "auxiliary card", deal=1, pack=DOWN_ALT, refill=("w", "s"),
                 row=1), replace(TALON, row=2, col=0)),
    redeals=1,
    text=N_("Two packs. The eight aces are foundations, built up in alternate colours regardless "
    "of suit. Eight auxiliary cards below them are always available and are packed down in "
    "alternate colours. A space is filled from the talon top, or the stock if there is no "
    "talon. One redeal."),
    terms=(*STD, T_REDEAL),
)

game(
    id="the_blondes_and_brunettes", title=N_("The Blondes and Brunettes"), page=146,
    family="forty thieves", info="stock", packs=2,
    founds=founds("A", per_suit=2, suits=False, build="alt"),
    piles=(*line("t", 8, "tableau", "auxiliary card", deal=1, pack=DOWN_ALT, refill=("w", "s"),
                 row=1), replace(TALON, row=2, col=0)),
    redeals=2,
    text=N_("Rouge et Noir with the aces left in the pack: they go up as they appear. Harder, so "
    "two redeals are allowed."),
    terms=(*STD, T_REDEAL),
)

game(
    id="the_royal_cotillion", title=N_("The Royal Cotillion"), page=149, family="foundations",
    info="stock", packs=2, aliases=("Royal Cotillion",),
    founds=tuple(Found(f"f{2 * i + k + 1}", base="A2"[k], suit="CSHD"[i], step=2,
                       row=i, col=4 + k) for i in range(4) for k in range(2)),
    piles=(*line("t", 4, "tableau", "left group column", deal=3, gives=("foundation",), row=0),
           *grid("c", 4, 4, "cell", "right group", deal=1, auto=("w", "s"), col=6.5),
           replace(TALON, row=5, col=1)),
    text=N_("Two packs. One ace and one two of each suit are foundations as they come (each two "
    "beside its ace), built up in suit by twos: the ace pile A 3 5 7 9 J K 2 4 6 8 10 Q, the "
    "two pile 2 4 6 8 10 Q A 3 5 7 9 J K. On the left, three rows of four: only the lowest "
    "card of each column is available, and it is never refilled. On the right, four rows of "
    "four, every card available; a gap there is filled at once from the talon top, or the "
    "stock. Turn the stock one at a time; no redeal."),
    terms=STD,
)

game(
    id="the_contra_dance", title=N_("The Contra-Dance"), page=40, family="foundations",
    info="stock", packs=2, aliases=("Contradance", "Cotillion"),
    founds=(*tuple(Found(f"f{i + 1}", base="6", suit=SUITS[i % 4], length=7, preplace=True,
                         row=0, col=i) for i in range(8)),
            *tuple(Found(f"f{i + 9}", base="5", suit=SUITS[i % 4], step=-1, length=6,
                         preplace=True, row=1, col=i) for i in range(8))),
    piles=(replace(TALON, row=2, col=0),),
    redeals=1,
    text=N_("Two packs. All sixteen fives and sixes are foundations, built in suit: the sixes up "
    "to the queen, the fives down to the ace and then the king. Turn the stock one card at a "
    "time; play it up or put it on the talon, whose top is available. One redeal."),
    terms=(T_STOCK, T_TALON, T_FOUND, T_REDEAL),
)

game(
    id="the_quadrille", title=N_("The Quadrille"), page=82, family="foundations", info="stock",
    aliases=("Quadrille", "Captive Queens"), hook="quadrille", flags=("queens_first",),
    founds=(*tuple(Found(f"f{i + 1}", base="Q", suit=SUITS[i], length=1, label="queen",
                         row=1, col=1 + i) for i in range(4)),
            *tuple(Found(f"f{i + 5}", base="5", suit=SUITS[i], step=-1, length=6,
                         row=0, col=1 + i) for i in range(4)),
            *tuple(Found(f"f{i + 9}", base="6", suit=SUITS[i], length=6, row=2, col=1 + i)
                   for i in range(4))),
    piles=(replace(TALON, row=1, col=0),),
    redeals=2,
    text=N_("Turn the stock one card at a time onto the talon (its top is available). The four "
    "queens go to the middle as they come; only when all four are out do the fives and sixes "
    "start foundations, built in suit: fives down 4, 3, 2, A, K; sixes up 7 ... J. Two redeals. "
    "Win with the kings and knaves ringed round the queens. Option `queens_first=false`: the "
    "fives and sixes go to their places whenever they appear, queens or no queens."),
    terms=(T_STOCK, T_TALON, T_FOUND, T_REDEAL),
)

game(
    id="the_pyramid", title=N_("The Pyramid"), page=75, family="foundations", info="stock",
    founds=founds("A", preplace=True, row=0, col=5, dr=1, dc=0),
    piles=(*(Pile(f"c{n + 1}", "cell", "pyramid", deal=1, auto=("S", "w"), row=r,
                  col=2 - r / 2 + k) for n, (r, k) in enumerate(
                      (r, k) for r in range(5) for k in range(r + 1))),
           replace(TALON, row=5, col=0)),
    text=N_("The four aces are foundations, built up in suit. Fifteen cards make a pyramid (rows "
    "of one to five), every one available. A card played up from the pyramid is replaced at "
    "once from the stock, and once the stock is gone from the talon. Turn the stock one card "
    "at a time; no redeal. (Not the modern pyramid of pairs.)"),
    terms=(T_STOCK, T_TALON, T_FOUND),
)

game(
    id="the_chatelaine", title=N_("The Chatelaine"), page=89, family="foundations", info="hidden",
    packs=2, hook="chatelaine",
    founds=founds("A", per_suit=2, suits=False, build="any", preplace=True, row=0, col=2),
    piles=(*line("r", 4, "reserve", "auxiliary packet", deal=12, fan="none", row=1, col=0),
           *(Pile(f"k{i + 1}", "reserve", "chatelaine", fan="none", row=2 + i // 6,
                  col=i % 6) for i in range(12))),
    stock="none",
    text=N_("Two packs. The eight aces are foundations, built up to kings regardless of suit. Four "
    "squared auxiliary packets of twelve; the other 48 cards are sorted by rank into twelve "
    "Chatelaine packets (twos to kings). Play from the auxiliary tops; only when none of them "
    "can be played may you take a needed card from the Chatelaine. No redeal."),
    terms=(T_FOUND, T_PACKET, N_("chatelaine: the twelve packets sorted by rank")),
)

game(
    id="the_order_of_precedence", title=N_("The Order of Precedence"), page=101,
    family="foundations", info="stock", packs=2, hook="precedence",
    aliases=("Precedence",),
    founds=tuple(Found(f"f{i + 1}", base="KQJT9876"[i], build="any", step=-1,
                       preplace=i == 0, row=0, col=i) for i in range(8)),
    piles=(replace(TALON, row=1, col=0),),
    redeals=2,
    text=N_("Two packs. Lay out any king; then turn the stock onto the talon. The foundations "
    "must be started in order beside it: a queen, then (only after that) a knave, a ten, nine, "
    "eight, seven and six. Each builds down regardless of suit, going on from ace to king, "
    "thirteen cards. Two redeals. Win with the piles ending A, K, Q, J, 10, 9, 8, 7."),
    terms=(T_STOCK, T_TALON, T_FOUND, T_REDEAL),
)

game(
    id="the_phalanx", title=N_("The Phalanx"), page=47, family="open", info="open", packs=2,
    hook="phalanx",
    founds=founds("AK", row=0, col=3),
    piles=tuple(Pile(f"t{i + 1}", "tableau", "column", deal=7 if i < 14 else 6,
                     pack=BOTH_SUIT, refill=("any",), row=1, col=i) for i in range(15)),
    stock="none",
    text=N_("Two packs dealt in rows of fifteen, each overlapping the last (the seventh row has "
    "fourteen): fifteen columns, only the lowest card of each available. One ace and one king "
    "of each suit are foundations as they come free: aces up in suit, kings down in suit. "
    "Marry in suit, up or down, one card at a time; any available card may head an empty "
    "column (a lane), which is how a run is turned round. If at the start no foundation card "
    "can be reached, one ace and one king may be pulled out of the sixth row. No redeal. "
    "Very difficult to play."),
    terms=(T_FOUND, T_MARRY, T_LANE),
)

game(
    id="the_fifteen_puzzle", title=N_("The Fifteen Puzzle"), page=24, family="puzzle", info="open",
    aliases=("Magic Square", "Lo Shu"), hook="fifteen", cards=tuple(f"H{r}" for r in "A23456789"),
    founds=(),
    piles=(*line("c", 9, "cell", "hand", refill=("c",), row=0, col=0),
           *grid("g", 3, 3, "cell", "square", refill=("c",), row=1.5, col=3)),
    stock="none",
    text=N_("Not a patience but a puzzle: take the ace to the nine of one suit and lay them out "
    "in a square of three rows of three so that every row, every column and both diagonals "
    "total fifteen (the ace counts one). Move any card to any empty place, in the square or "
    "back to the hand, until it comes out."),
    terms=(N_("square: the nine places of the puzzle"), N_("hand: where the cards wait")),
)

game(
    id="the_reinforcements", title=N_("The Reinforcements"), page=52, family="forty thieves",
    info="hidden", packs=2,
    founds=founds("AK", preplace=True, row=0, col=2),
    piles=(*line("r", 4, "reserve", "reinforcement", deal=12, fan="none", auto=("w", "s"),
                 row=0, col=0, dr=1, dc=0),
           replace(TALON, pack=BOTH_SUIT, row=4, col=2)),
    redeals=2,
    text=N_("Two packs. The aces and kings of one pack are foundations: aces built up in suit, "
    "kings down in suit. Four squared Reinforcement packets of twelve lie to the left, their "
    "tops available. Turn the stock one card at a time: play it up or leave it on the talon. "
    "A Reinforcement top may be packed only on the talon's top card, in suit, one higher or "
    "lower. An emptied Reinforcement is refilled at once from the talon (or the stock). "
    "Two redeals."),
    terms=(T_STOCK, T_TALON, T_FOUND, T_PACKET, T_REDEAL,
           N_("reinforcements: the four packets that feed the talon")),
)

FAVORITE_AT = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 5), (2, 5), (3, 4), (3, 3), (3, 2), (3, 1),
               (2, 0), (1, 0)]
game(
    id="napoleons_favorite", title=N_("Napoleon's Favorite"), page=12, family="open",
    info="hidden", packs=2, hook="favorite",
    founds=(*founds("A", preplace=True, row=2, col=1), *founds("K", preplace=True, row=1, col=1,
                                                               start=5)),
    piles=tuple(Pile(f"t{i + 1}", "tableau", "packet", fan="none", pack=Pack("both", "any"),
                     row=r, col=c) for i, (r, c) in enumerate(FAVORITE_AT)),
    stock="none", redeals=2,
    text=N_("Two packs. One ace and one king of each suit are foundations: kings in a row built "
    "down in suit, aces in a row below built up in suit. The other 96 cards are dealt round "
    "twelve squared packets that ring them, eight rounds, so only each packet's top shows. "
    "In the first deal the four packets above the kings may feed only the kings, the four "
    "below the aces only the aces, the four at the ends any foundation. Marry on any top a "
    "card one higher or lower of any suit. Spaces stay empty. Two redeals: the packets are "
    "gathered in order and dealt round again, and then every packet feeds any foundation."),
    terms=(T_FOUND, T_MARRY, T_PACKET, T_REDEAL),
)

game(
    id="the_gathering_of_the_clans", title=N_("The Gathering of the Clans"), page=19,
    family="foundations", info="stock", packs=2, hook="clans",
    founds=tuple(Found(f"f{i + 1}", base="", row=i % 4, col=2 + i // 4) for i in range(8)),
    piles=(Pile("r", "reserve", "assembly", fan="right", gives=("foundation",), row=5, col=0),
           *(Pile(f"c{i + 1}", "cell", "column", row=i % 6 * 0.8, col=0 if i < 6 else 5,
                  auto=("r",) if i % 6 in (0, 5) else (), refill=("w", "s")) for i in range(12)),
           replace(TALON, row=5, col=5)),
    redeals=2,
    text=N_("Two packs. Twenty-two cards make the Assembly, all to be seen but only one available "
    "at a time: playing it releases the next (no two equal cards may sit in the Assembly). "
    "Two columns of six cards beside it are all available. The next card turned fixes the rank "
    "every foundation starts with and goes up; build up in suit, past the king. A column's "
    "head or base, once empty, is filled at once with the Assembly's card; the cards between "
    "take the talon top, or a stock card when there is no talon. No packing. Two redeals, "
    "the talon turned over without shuffling."),
    terms=(T_STOCK, T_TALON, T_FOUND, T_REDEAL,
           N_("assembly: the queue of twenty-two cards released one by one")),
)

game(
    id="st_louis", title=N_("St. Louis"), page=143, family="open", info="hidden", packs=2,
    hook="stlouis",
    founds=(*founds("A", preplace=True, row=1, col=1.5),
            *founds("K", preplace=True, row=2, col=1.5, start=5)),
    piles=tuple(Pile(f"t{i + 1}", "tableau", "spot", fan="none",
                     pack=BOTH_SUIT, row=r, col=c) for i, (r, c) in enumerate(
                         [(0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1.5, 5.5), (3, 5), (3, 4),
                          (3, 3), (3, 2), (3, 1), (1.5, 0)])),
    stock="none", redeals=2,
    text=N_("Two packs. The aces and kings of one pack are foundations: aces built up in suit, "
    "kings down. Twelve cards are dealt clockwise round them (spots a to m, no j); every card "
    "of this first series is available, and one played up is replaced from the stock at once. "
    "Then deal the rest in series of twelve on top (turn): only now may the top cards be "
    "played and married in suit, up or down. Two redeals: gather the packets from g round to "
    "f without shuffling and deal again the same way."),
    terms=(T_FOUND, T_MARRY, T_PACKET, T_REDEAL),
)

game(
    id="the_constitution", title=N_("The Constitution"), page=67, family="other", info="stock",
    packs=2,
    founds=founds("A", per_suit=2, preplace=True, length=11, row=0, col=0),
    piles=(Pile("q", "decor", "queens (laid aside)", holds=",".join("Q" * 8), fan="none",
                row=0, col=8.5),
           Pile("x", "decor", "supreme court", holds=",".join("K" * 8), fan="none", row=1,
                col=8.5),
           *line("p", 8, "tableau", "people", deal=1, row=5, gives=("tableau",), must=True,
                 refill=("w", "s")),
           *line("h", 8, "tableau", "house", deal=1, row=4, pack=DOWN_ALT, takes="p",
                 gives=("tableau",), must=True, refill=("=p",)),
           *line("e", 8, "tableau", "senate", deal=1, row=3, pack=DOWN_ALT, takes="h",
                 gives=("tableau",), must=True, refill=("=h",)),
           *line("k", 8, "tableau", "cabinet", deal=1, row=2, pack=DOWN_ALT, takes="e",
                 gives=("foundation",), must=True, refill=("=e",)),
           replace(TALON, gives=("tableau",), row=6, col=0)),
    text=N_("Two packs. The eight kings (the Supreme Court) and the queens are laid aside; the "
    "eight aces (the Government) are foundations, built up in suit to the knave. Four rows of "
    "eight are dealt from the bottom: the People, the House, the Senate and the Cabinet. Only "
    "Cabinet cards may be played up. A top card may be packed on a top card of the row just "
    "above, one lower and of the other colour. A space must be filled at once from the row "
    "just below (your choice of card), a People space from the talon top, or the stock. Turn "
    "the stock one card at a time onto the talon; every card has to climb the rows. No redeal."),
    terms=(T_STOCK, T_TALON, T_FOUND, T_MARRY,
           N_("rows: people, house, senate, cabinet; cards climb one row at a time")),
)

game(
    id="the_windmill", title=N_("The Windmill"), page=81, family="foundations", info="stock",
    packs=2, hook="windmill",
    founds=(Found("f1", base="A", build="any", length=52, preplace=True, label="centre",
                  row=1, col=1),
            *(Found(f"f{i + 2}", base="K", build="any", step=-1, label="corner", row=r, col=c)
              for i, (r, c) in enumerate([(0, 0), (0, 2), (2, 0), (2, 2)]))),
    piles=(*(Pile(f"c{i + 1}", "cell", "sail", deal=1, must=True, refill=("w", "S"), row=r,
                  col=c) for i, (r, c) in enumerate([(0, 1), (-1, 1), (1, 0), (1, -1), (1, 2),
                                                     (1, 3), (2, 1), (3, 1)])),
           replace(TALON, row=3, col=3)),
    text=N_("Two packs. One ace in the middle takes four whole runs, ace to king, regardless of "
    "suit (52 cards). Eight cards round it are the sails, all available; a gap must be filled "
    "at once from the talon or the stock. The first four kings to come go in the corners and "
    "build down to the ace, suit ignored. Turn the stock one card at a time to the talon. The "
    "top card of a king's pile may go onto the centre when that at once lets a sail or talon "
    "card be played, one card from each king at a time. No redeal."),
    terms=(T_STOCK, T_TALON, T_FOUND, N_("sails: the eight cards round the centre")),
)

game(
    id="the_queens_audience", title=N_("The Queen's Audience"), page=43, family="foundations",
    info="stock", hook="audience",
    founds=(*(Found(f"f{i + 1}", base="", suit=s, step=-1, length=11, label="audience", row=1.5,
                    col=1.5 + i * 0.5) for i, s in enumerate("HSCD")),
            *(Found(f"f{i + 5}", base="", suit=s, length=2, label="royal pair", row=r, col=c)
              for i, (s, r, c) in enumerate([("H", 1, 2), ("S", 2, 1), ("C", 2, 3),
                                            ("D", 3, 2)]))),
    piles=(*(Pile(f"c{i + 1}", "cell", "ante-chamber", deal=1, auto=("w", "s"), row=r, col=c)
             for i, (r, c) in enumerate([(0, 0), (0, 1.33), (0, 2.67), (0, 4), (1.33, 4),
                                         (2.67, 4), (4, 4), (4, 2.67), (4, 1.33), (4, 0),
                                         (2.67, 0), (1.33, 0), (0.5, 0.5), (0.5, 3.5),
                                         (3.5, 3.5), (3.5, 0.5)])),
           replace(TALON, gives=("foundation",), row=5, col=0)),
    text=N_("Sixteen cards make the ante-chamber, a hollow square, every card available. When a "
    "king and queen of one suit are both in it, the queen goes on the king and the pair enters "
    "the audience chamber in the middle; so does an ace with the knave of its suit, the knave "
    "on the ace. Those knaves are foundations, built down in suit to the two. Turn the stock "
    "one card at a time: play it on a knave or leave it on the talon; an ante-chamber gap is "
    "filled at once from the talon top, or the stock. One deal. Win when every card is in "
    "the audience chamber."),
    terms=(T_STOCK, T_TALON, T_FOUND, N_("ante-chamber: the sixteen cards of the square"),
           N_("audience chamber: where the royal pairs and the knaves' piles go")),
)

game(
    id="the_grand_duchess", title=N_("The Grand Duchess"), page=63, family="foundations",
    info="hidden", packs=2, hook="duchess",
    founds=founds("AK", row=0, col=0),
    piles=(*line("t", 4, "tableau", "packet", fan="none", row=1, col=2),
           Pile("d", "discard", "discard", fan="none", row=1, col=0),
           *(Pile(f"x{i + 1}", "cell", "discard", hide_empty=True, row=2.5 + i // 12 * 0.8,
                  col=i % 12 * 0.7) for i in range(36))),
    redeals=3,
    text=N_("Two packs. Deal in rounds: four cards face up, one on each of four packets, then two "
    "face down on a Discard; each round covers the last. One ace and one king of each suit "
    "become foundations as they turn up: aces built up in suit, kings down in suit. After each "
    "round you may play up the packets' top cards. When the deal is done the Discard is turned "
    "up and every card of it is available. Three redeals: the packets are picked up in order "
    "with the Discard underneath and dealt the same way; the fourth deal makes no Discard."),
    terms=(T_STOCK, T_FOUND, T_PACKET, T_REDEAL,
           N_("discard: two cards a round, face down until the deal is over")),
)

game(
    id="the_shah_of_persia", title=N_("The Shah of Persia"), page=123, family="forty thieves",
    info="stock", packs=2, hook="shah",
    founds=tuple(Found(f"f{i + 1}", suit=SUITS[i % 4], length=12, preplace=True, label="ace",
                       row=3 - 1.2 * math.cos(i * math.pi / 4),
                       col=3 + 1.2 * math.sin(i * math.pi / 4)) for i in range(8)),
    piles=(Pile("x", "decor", "the Shah and his kings", holds=",".join("K" * 8), fan="none",
                row=3, col=3),
           *(Pile(f"t{i + 1}", "tableau", "ray", pack=DOWN_SUIT, fan="down",
                  row=3 - 2.4 * math.cos(i * math.pi / 4),
                  col=3 + 2.4 * math.sin(i * math.pi / 4)) for i in range(8)),
           replace(TALON, row=7, col=0)),
    text=N_("Two packs. The eight kings are set aside (one, the Shah, in the middle); the eight "
    "aces round him are foundations, built up in suit to the queen. Round them a star of eight "
    "rays: deal the inner circle, play up what fits and replace it from the stock, then the "
    "middle circle, then the outer one. Only outer-circle cards are available; they may be "
    "packed on, down in suit, with outer cards or the talon top. A freed inner card may only "
    "be played up. Turning the stock first completes the rays from the talon, then the stock, "
    "inner circle first; a ray cleared right out may first take one outer-circle card into "
    "its inner place. No redeal. Seldom succeeds, says the book."),
    terms=(T_STOCK, T_TALON, T_FOUND, T_MARRY, N_("ray: three cards from the centre outwards")),
)

game(
    id="the_four_corners", title=N_("The Four Corners"), page=95, family="open", info="hidden",
    packs=2, hook="corners",
    founds=(*founds("A", row=1, col=1, dr=1, dc=0), *founds("K", row=1, col=2, dr=1, dc=0,
                                                             start=5)),
    piles=(*line("t", 6, "tableau", "packet", fan="none", pack=BOTH_SUIT, row=0, col=0, dr=1,
                 dc=0),
           *line("t", 6, "tableau", "packet", fan="none", pack=BOTH_SUIT, row=0, col=3, dr=1,
                 dc=0, start=7)),
    stock="row", redeals=2,
    text=N_("Two packs. Twelve packets in two columns of six (a corner, four sides, a corner), "
    "the eight foundations between them in four rows: the ace of a suit on the left, its king "
    "on the right. Deal round after round of twelve (turn): the first ace and king of each "
    "suit go to their places at once. While dealing, a card on a corner packet may go to any "
    "foundation, one on a side packet only to the foundation beside it. When the deal is done, "
    "top cards go anywhere, and are married in suit up or down. Aces build up in suit, kings "
    "down. Two redeals: gather the packets from the left without shuffling and deal again."),
    terms=(T_STOCK, T_FOUND, T_MARRY, T_PACKET, T_REDEAL),
)

CALC_PILES = tuple(SUITS[k - 1] + "A23456789TJQK"[(k * n - 1) % 13] for k in range(1, 5)
                   for n in range(1, 14))
game(
    id="the_surprise_party", title=N_("The Surprise Party"), page=28, family="trick", info="trick",
    hook="surprise", cards=CALC_PILES,
    founds=(),
    piles=tuple(Pile(f"t{i + 1}", "discard", "place", fan="down", row=i // 7, col=i % 7)
                for i in range(13)),
    text=N_("A trick to show after a won Calculation (or Four Kings): stack the four finished "
    "piles, the four on the three, the three on the two, the two on the ace pile, and turn "
    "the stack over. Deal thirteen cards face down in two rows; then deal again starting at "
    "the second place and going to every second place round the rows, then from the third to "
    "every third, then from the fourth to every fourth, each round ending on the thirteenth "
    "place. Turn them up: every place holds the four cards of its own rank. (The book goes on "
    "with The Man with the Iron Mask, spelling ONE, TWO ... KING one card a letter.)"),
    terms=(N_("place: one of the thirteen heaps of the trick"),),
)

game(
    id="la_nivernaise", title=N_("La Nivernaise"), page=91, family="foundations", info="hidden",
    packs=2, hook="nivernaise", stock="row",
    founds=(*founds("A", row=0, col=2, dr=1, dc=0), *founds("K", row=0, col=3, dr=1, dc=0,
                                                             start=5)),
    piles=(*line("c", 4, "cell", "flank", deal=1, refill=("t", "S"), row=0, col=0, dr=1, dc=0),
           *line("c", 4, "cell", "flank", deal=1, refill=("t", "S"), row=0, col=5, dr=1, dc=0,
                 start=5),
           *line("t", 6, "tableau", "line", deal=4, fan="none", peek="c", row=5, col=0)),
    redeals=2,
    text=N_("Two packs. Two Flanks of four single cards stand apart, room between them for the "
    "foundations: one ace (built up in suit) and one king (built down in suit) of each suit, "
    "placed as they come. Below, the Line: six squared packets of four. Flank cards and Line "
    "tops are available; you may look at as many cards from the top of each Line packet as "
    "there are empty Flank places. A Flank gap may be filled, when you like, from a Line top or "
    "the stock. An emptied Line packet gets four fresh cards from the stock at once. When "
    "stuck, deal four more cards on each Line packet. One card at a time may pass between a "
    "suit's ascending and descending foundations. Two redeals: pick up the Line from left to "
    "right and deal it again; the Flanks stay."),
    terms=(T_STOCK, T_FOUND, T_PACKET, T_REDEAL, N_("flanks: the eight single cards at the sides"),
           N_("line: the six packets below")),
)

game(
    id="leonis_own", title=N_("Leoni's Own"), page=85, family="cyclic", info="hidden", packs=2,
    hook="leoni", stock="none", flags=("shuffle",),
    founds=(*founds("A", row=2, col=1), *founds("K", row=2, col=5, start=5)),
    piles=(*line("t", 6, "tableau", "packet", fan="none", row=0, col=1),
           *line("t", 6, "tableau", "packet", fan="none", row=1, col=1, start=7),
           *(Pile(f"m{i + 1}", "cell", "thirteenth packet", hide_empty=True, row=3 + i // 10,
                  col=i % 10 * 0.7) for i in range(20)),
           Pile("e", "discard", "exiles", fan="none", row=0, col=8)),
    redeals=2,
    text=N_("Two packs. The aces and kings of one pack are foundations: aces up in suit, kings "
    "down in suit. Deal the rest in rounds round thirteen places, twelve packets in two rows "
    "of six and a thirteenth apart, counting each card by its place; a card whose rank is its "
    "place's number (an ace at one ... a king at thirteen) is exiled face down and the next "
    "card takes its place. Packet tops are available; the thirteenth packet is spread and all "
    "of it is available. Take an exile (exile): it goes up if it can; if not it slips under "
    "the packet of its number, whose top then slips under the packet of its own number, and "
    "so on until a card shows that can go up. A packet all of one rank may be turned round. "
    "One card at a time may pass between a suit's two foundations. Two redeals: the upper row "
    "gathered from the right, the thirteenth packet, then the lower row from the left, and "
    "dealt again without shuffling (option `shuffle`: the gathered cards are shuffled first, "
    "which the book calls perhaps the better plan)."),
    terms=(T_FOUND, T_PACKET, T_REDEAL,
           N_("exiles: cards dealt at their own number, waiting face down for the chain")),
)

game(
    id="the_zodiac", title=N_("The Zodiac"), page=131, family="other", info="stock", packs=2,
    hook="zodiac", redeals=99,
    founds=(*founds("A", row=2.5, col=2.5), *founds("K", row=3.5, col=2.5, start=5)),
    piles=(*(Pile(f"z{i + 1}", "tableau", "zodiac", deal=1, pack=BOTH_SUIT, takes="c,w",
                  fan="none", row=3.5 - 3.5 * math.cos(i * math.pi / 12),
                  col=4 + 4 * math.sin(i * math.pi / 12)) for i in range(24)),
           *line("c", 8, "cell", "equator", deal=1, refill=("w", "S"), row=1.5, col=0.5),
           replace(TALON, row=8, col=0)),
    text=N_("Two packs. Eight cards make the Equator, inside a circle of twenty-four, the Zodiac. "
    "First every card must be taken into the Zodiac or the Equator: pack on Zodiac cards in "
    "suit, up or down (the direction may change), from the Equator or the talon; never Zodiac "
    "on Zodiac or Equator on Equator. An Equator gap may be filled from the talon or the stock "
    "when you like. Turn the stock one card at a time to the talon and go through the talon "
    "again as often as a pass placed a card; a pass that places nothing loses. Only when stock "
    "and talon are gone are the foundations built: one ace up and one king down of each suit, "
    "in suit, from Zodiac tops and Equator cards."),
    terms=(T_STOCK, T_TALON, T_FOUND, T_MARRY, N_("zodiac: the circle of 24 packets"),
           N_("equator: the eight single cards inside it")),
)

SIEGE = "AK2Q3J4T59687"
RAMPARTS_AT = ([(0, 1 + c) for c in range(3)] + [(1 + r, 4) for r in range(4)]
               + [(5, 1 + c) for c in range(3)] + [(1 + r, 0) for r in range(4)])
game(
    id="the_besieged_city", title=N_("The Besieged City"), page=139, family="other", info="stock",
    packs=2, hook="besieged",
    founds=tuple(Found(f"f{i + 1}", suit=SUITS[i], order=SIEGE + SIEGE[::-1], length=26,
                       preplace=True, row=1 + i, col=6) for i in range(4)),
    piles=(*grid("c", 4, 3, "cell", "reserve", deal=1, refill=("w", "s"), row=1, col=1),
           *(Pile(f"t{i + 1}", "tableau", "rampart", deal=1, fan="none", refill=("c",),
                  pack=Pack("both", "same", also=SIEGE), row=r, col=c)
             for i, (r, c) in enumerate(RAMPARTS_AT)),
           replace(TALON, row=0, col=6)),
    text=N_("Two packs. One ace of each suit is a foundation, built in suit A K 2 Q 3 J 4 10 5 9 6 "
    "8 7 and back again 7 8 6 9 5 10 4 J 3 Q 2 K A: 26 cards, ending as it began. Twelve "
    "cards make the Reserve, four rows of three, and fourteen Ramparts surround it, each at "
    "the end of one row or column. Ramparts are packed in suit with a card one higher or "
    "lower, or next to it in the foundations' order (Q on 2, J on 3 ...); a Reserve card may "
    "go only on a Rampart ending its own row or column, and a Rampart gap must be filled at "
    "once from that row or column. A Reserve gap takes the talon top, or the stock. The "
    "foundations are built only from the Ramparts and from the card just turned; talon cards "
    "go through the Reserve. At the end, when stock and talon are used up, Reserve cards that "
    "cannot reach a Rampart may change places (swap, or into an empty Reserve place) when that "
    "lets one of them reach a Rampart. No redeal. Exceedingly difficult, says the book."),
    terms=(T_STOCK, T_TALON, T_FOUND, T_MARRY, N_("ramparts: the fourteen packets round the "
           "reserve"), N_("reserve: the twelve cards inside")),
)

RACES_AT = ([(0.5, 1 + k) for k in range(3)] + [(0.5, 4.5 + k) for k in range(3)]
            + [(4.5, 6.5 - k) for k in range(3)] + [(4.5, 3 - k) for k in range(3)])
game(
    id="the_hemispheres", title=N_("The Hemispheres"), page=115, family="other", info="stock",
    packs=2, hook="hemispheres",
    founds=(*(Found(f"f{i + 1}", base="A", suit="HHDD"[i], preplace=True, row=2, col=2 + i)
              for i in range(4)),
            *(Found(f"f{i + 5}", base="K", suit="SSCC"[i], step=-1, preplace=True, row=3,
                    col=2 + i) for i in range(4))),
    piles=(*(Pile(f"b{i + 1}", "reserve", "barrier", holds=card, gives=("foundation",),
                  fan="none", row=r, col=c)
             for i, (card, r, c) in enumerate([("HK", 0, 3.5), ("DK", 2.5, 7), ("CA", 5, 3.5),
                                              ("SA", 2.5, 0)])),
           *(Pile(f"t{i + 1}", "tableau", "race", deal=1, pack=Pack("colour", "same"),
                  refill=("t",), row=r, col=c) for i, (r, c) in enumerate(RACES_AT)),
           replace(TALON, row=6, col=0)),
    text=N_("Two packs. The four red aces (built up in suit) and the four black kings (built down "
    "in suit) are foundations. K♥, K♦, A♣ and A♠ are barriers dividing a circle into four "
    "Races of three cards; they move only at the end, as the last cards of four piles. The "
    "northern Races are for red cards, the southern for black: only a card in its own "
    "hemisphere may be used; a wrong card is dead until swapped with a wrong card of the "
    "other hemisphere. Pack in suit within a Race, red cards downward, black upward; the talon "
    "top may be packed on any Race. Turning the stock fills Race gaps first, then goes to the "
    "talon. When stock and talon are gone, wrong cards may simply cross to their own "
    "hemisphere. No redeal."),
    terms=(T_STOCK, T_TALON, T_FOUND, T_MARRY, N_("race: three places between two barriers"),
           N_("barriers: K♥, K♦, A♣, A♠, the last cards of four piles")),
)

game(
    id="the_empress_of_india", title=N_("The Empress of India"), page=127, family="other",
    info="stock", packs=4, hook="empress", stock="none",
    founds=(*(Found(f"f{i + 1}", base="A", suit="SC"[i % 2], order="A23456789TJK", length=12,
                    preplace=True, label="admiral", row=0, col=i) for i in range(8)),
            *(Found(f"f{i + 9}", base="K", suit="HD"[i % 2], order="KQT98765432A", length=12,
                    preplace=True, label="general", row=1, col=i) for i in range(8))),
    piles=(Pile("q", "decor", "the Empress and the black queens",
                holds=",".join(["SQ"] * 4 + ["CQ"] * 4), fan="none", row=0, col=8.5),
           Pile("j", "decor", "her guard", holds=",".join(["HJ", "DJ"] * 4), fan="none", row=1,
                col=8.5),
           *grid("a", 2, 12, "cell", "army", row=2.5, col=0),
           *grid("n", 2, 12, "cell", "navy", row=4.5, col=0),
           Pile("wr", "talon", "red talon", gives=("none",), fan="none", row=6.5, col=0),
           Pile("wb", "talon", "black talon", gives=("none",), fan="none", row=6.5, col=1.5)),
    text=N_("Four packs. The eight black aces (Admirals) build up in suit leaving out the queens, "
    "A to J and then K; the eight red kings (Generals) build down in suit leaving out the "
    "knaves, K, Q, 10 ... A. The black queens and the red knaves are laid aside: the Empress "
    "and her guard. Red cards serve in the Army, two rows of twelve, black ones in the Navy, "
    "two rows of twelve; the rest of each colour wait in its own talon. Cards go up only in "
    "pairs, a red and a black at once (the first pair is a black 2 and a red queen). An Army "
    "card may be laid on a Navy card or the other way: that couple goes up together later. "
    "A gap fills at once with its own colour, from its talon or else the stock. No redeal."),
    terms=(T_FOUND, N_("army: the red cards' two rows"), N_("navy: the black cards' two rows"),
           N_("pair: a red and a black card going up at once")),
)

CHOICES = {
    "auld_lang_syne": N_(
        "The book does not say who places the talon cards: you choose the packet."),
    "the_four_seasons": N_("Runs move as a whole (the book lets marriages be transferred); the "
    "tableau never goes on from ace to king."),
    "simplicity": N_("The corners are the foundations, as in The Four Seasons."),
    "the_gathering_of_the_clans": N_(
        "A duplicate dealt into the Assembly goes to the bottom of the "
    "pack; once the Assembly is gone, heads and bases fill like the other places."),
    "the_calculation": N_("In the variant a turned two may start the two pile or go on the ace "
    "pile: your choice."),
    "the_four_kings": N_("The picture is lost: the adders A, 2, 3, 4 stand over 2, 4, 6, 8, the "
    "only pairing the book's examples allow."),
    "the_clock": N_("The picture is lost: the bases 6, 7 ... K, 2 ... 5 are the only ones that fit "
    "the book's counts; clubs stand at 1, 5, 9, spades 2, 6, 10, hearts 3, 7, 11, diamonds 4, "
    "8, 12. Short packets are topped up after every move."),
    "the_betrothal": N_("When several discards are possible you choose; you must discard before "
    "dealing on."),
    "the_reinforcements": N_(
        "An emptied packet is refilled at once from the talon (or the stock)."),
    "la_belle_lucie": N_("Spaces are never filled; the merci card is drawn to the top of its fan."),
    "the_shamrocks": N_("The merci is allowed: the only deal is the last deal."),
    "the_house_in_the_wood": N_("Twice Lucie's packets: 34 fans of three and two single cards."),
    "the_house_on_the_hill": N_("Laid out as The House in the Wood."),
    "the_grand_duchess": N_("The last round of a deal may be short; the Discard is spread out when "
    "a deal ends."),
    "the_constitution": N_("The joker is left out: no rule needs it."),
    "the_citadel": N_("The rows are filled in order, the left wing first."),
    "the_pyramid": N_("Gaps refill from the stock while it lasts, then from the talon."),
    "napoleons_square": N_("The talon top is available. The remedy for two buried kings comes "
    "only right after the deal, before any other move, and you must take it: each king of the "
    "suit lies anywhere above a lower card of its suit in its packet (two kings in one packet "
    "count when both lie above such a card); dealing again shuffles every card, and a new deal "
    "with the same fault asks again."),
    "the_windmill": N_("One card from each king at a time: a king's pile gives again only after it "
    "has been built on."),
    "the_quadrille": N_("The fives and sixes wait until all four queens are out, as the book's "
    "text says (option `queens_first=false`: they start whenever they appear)."),
    "leonis_own": N_("The chain stops when it comes round again; kings slip into the thirteenth "
    "packet; the exile rule holds in every redeal; the gathered packets are dealt again in "
    "order (Rule III), shuffled only with the option `shuffle` (the book's note)."),
    "the_four_corners": N_(
        "The picture is lost: the foundations stand in four rows, each suit's ace "
    "on the left and king on the right; a side packet feeds the foundation beside it."),
    "the_baker_s_dozen": N_("A packet left with kings only stops turning them round."),
    "the_order_of_precedence": N_("The next base may come from the talon; a card that could start "
    "the next pile may go on another pile instead."),
    "the_salic_law": N_("A cleared king takes one card in all."),
    "the_sultan_of_turkey": N_("The card just turned may go up from the talon top (the book lists "
    "only the Divan as available)."),
    "the_fortress": N_("The picture is lost: five rows a side of 6, 5, 5, 5 and 5 cards."),
    "the_elevens": N_("You choose which pair to cover."),
    "the_chester_game": N_("Courts go to the bottom only in the first layout (option "
    "`courts=always` for all of them); you choose which packet of a pair is covered first."),
    "the_fourteens": N_("The rescue is two exchanges of two cards, once, when no fourteen is left; "
    "gaps refill in reading order."),
    "the_shah_of_persia": N_("The rays are completed when you turn the stock; while dealing, cards "
    "that fit go up by themselves."),
    "the_zodiac": N_("A pass through the talon that places nothing ends the game."),
    "the_blockade": N_("A space is an empty column."),
    "the_phalanx": N_(
        "If only an ace or only a king lies in the sixth row, that one may be pulled."),
    "nestor": N_("A deal that cannot avoid a clash reshuffles the cards left."),
    "the_queens_audience": N_("The talon top may be played on the knaves; gaps fill at once."),
    "the_surprise_party": N_("The Man with the Iron Mask is told, not played."),
    "the_empress_of_india": N_("The whole pack is sorted into the Army, the Navy and their two "
    "talons as it is dealt; a laid couple may not be laid on again."),
    "the_hemispheres": N_("The picture is lost: Races 1 and 2 (t1-t6) are the north, 3 and 4 "
    "(t7-t12) the south. A swap exchanges two wrong top cards; gaps fill from the stock only."),
    "the_besieged_city": N_("The picture is lost: the Ramparts are three above and below the "
    "columns and four beside the rows. The end-game rearranging of the Reserve is one exchange "
    "at a time of two Reserve cards that cannot reach a Rampart (or of one such card and an "
    "empty place), allowed when afterwards one of them can; a Rampart gap is still filled "
    "first."),
}
ROWS[:] = [replace(r, choices=CHOICES.get(r.id, "")) for r in ROWS]
assert set(CHOICES) <= {r.id for r in ROWS}

ORDER = [r.id for r in sorted(ROWS, key=lambda r: r.page)]
CATALOGUE: dict[str, Rules] = {r.id: r for r in sorted(ROWS, key=lambda r: r.page)}


@cache
def rules_for(options: PatienceOptions) -> Rules:
    """The row of ``options.preset`` with the player's chosen book variants applied."""
    rules = CATALOGUE[options.preset]
    if options.redeals is not None:
        rules = replace(rules, redeals=options.redeals)
    if options.in_suit:
        fs = tuple(replace(f, build="suit", suit=SUITS[i % 4]) for i, f in enumerate(rules.founds))
        rules = replace(rules, founds=fs, redeals=2, redeal="wastes")
    if options.found_as_turned:
        rules = replace(rules, founds=tuple(replace(f, preplace=False) for f in rules.founds))
    if options.spaces != "book":
        piles = tuple(
            replace(p, kings=False, refill=("any",) if options.spaces == "any"
                    else ("w", "S") if "S" in p.refill else ("w",))
            if p.kind == "tableau" else p for p in rules.piles)
        rules = replace(rules, piles=piles)
    if "merci" in rules.flags and not options.merci:
        rules = replace(rules, merci=False)
    if "queens_first" in rules.flags and not options.queens_first:
        rules = replace(rules, hook="")  # the queens-first order is all The Quadrille's hook does
    return rules


PILE = "pile"
"""The message context (written out in `LABELS`, for the extractor) of a pile's label whose
word means something else in another game."""

LABELS = (
    N_('Sultan'), NP_('pile', 'ace'), N_('adder'), N_('admiral'), N_('ante-chamber'), N_('army'),
    N_('assembly'), N_('audience'), N_('auxiliary card'), N_('auxiliary packet'),
    N_('auxiliary pile'), N_('barrier'), N_('bed'), N_('black talon'), N_('bouquet'),
    N_('cabinet'), N_('cell'), N_('centre'), N_('chatelaine'), N_('column'), N_('corner'),
    N_('discard'), N_('divan'), N_('equator'), N_('exiles'), N_('fan'), N_('flank'),
    N_('foundation'), N_('frog'), N_('general'), N_('hand'), N_('her guard'), N_('hour'),
    N_('house'), N_("king's pile"), N_('left group column'), N_('line'), N_('lower row'),
    N_('navy'), N_('packet'), N_('packet of thirteen'), N_('people'), N_('pile'), N_('place'),
    N_('pyramid'), N_('queen'), N_('queens (laid aside)'), N_('race'), N_('rampart'), N_('ray'),
    N_('red talon'), N_('reinforcement'), N_('reserve'), N_('right group'), N_('row'),
    N_('royal pair'), N_('sail'), N_('senate'), N_('spot'), N_('square'), N_('supreme court'),
    N_('talon'), N_('talon packet'), N_('the Empress and the black queens'),
    N_('the Shah and his kings'), N_('thirteen down'), N_('thirteenth packet'), N_('wing'),
    N_('zodiac'),
)
"""Every pile's label (the book's words for its parts), marked: the rules core names piles
by them in its sentences (``the column 3``)."""
