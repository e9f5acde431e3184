"""The games of *Dominoes and Dice* (Spalding, 1895) as rows of data over one engine.

Each row says which set and hand size a table uses, how the stock behaves, how tiles match, how
the layout grows, who leads, what a turn may hold, what scores during play and at the end of a
hand, and how the match ends. The hooks the engine keys on are the string fields; the texts are
our own words for ``/dominoes rules``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from bot.games.words import N_

Stock = Literal["none", "voluntary", "until", "one"]
Layout = Literal["line", "cross", "star"]
Lead = Literal["any", "highest", "matadore", "bergen"]
Turn = Literal["one", "run", "double_again"]
PlayScore = Literal["", "fives", "threes", "sevens", "headers"]
HandScore = Literal["draw", "block", "opp", "others", "muggins", "whist", "bergen", "pool",
                    "poker", "tricks"]
Finish = Literal["target", "hand", "pool", "rubber", "showdown", "countdown"]


@dataclass(frozen=True)
class Rules:
    id: str
    title: str
    page: str
    players: tuple[int, ...]
    default_players: int
    deal: Callable[[int, int | None], tuple[int, int]]
    """(players, hand size asked) -> (top of the set, tiles each)."""
    stock: Stock
    hand_score: HandScore
    text: str
    aliases: tuple[str, ...] = ()
    family: Literal["line", "poker", "rounce", "loo", "euchre", "bingo"] = "line"
    match: Literal["equal", "sum"] = "equal"
    layout: Layout = "line"
    arms: int = 2
    lead: Lead = "any"
    lead_every_hand: bool = False
    """The forced lead decides every hand (Tiddle-a-wink, Cyprus, Sebastopol), not the first."""
    turn: Turn = "one"
    play_score: PlayScore = ""
    finish: Finish = "target"
    target: int = 100
    partners: Callable[[int], bool] = lambda n: False
    flags: tuple[str, ...] = ()
    choices: str = ""
    tags: tuple[str, ...] = field(default=())


def _fixed(top: int, each: int) -> Callable[[int, int | None], tuple[int, int]]:
    return lambda n, asked: (top, asked or each)


def _matadore(n: int, asked: int | None) -> tuple[int, int]:
    return (9 if n >= 4 else 6), asked or 7


def _muggins(n: int, asked: int | None) -> tuple[int, int]:
    return 6, asked or 5


CYPRUS_EACH = {4: 13, 5: 11, 6: 9, 7: 7, 8: 6, 9: 6, 10: 5}


def _cyprus(n: int, asked: int | None) -> tuple[int, int]:
    return 9, asked or CYPRUS_EACH[n]


def _tiddle(n: int, asked: int | None) -> tuple[int, int]:
    each = asked or 3
    return (6 if n * each <= 24 else 9), each


POOL_DEAL = {3: (6, 7), 4: (6, 5), 5: (9, 8), 6: (9, 7), 7: (9, 6), 8: (9, 5), 9: (9, 5)}


def _pool(n: int, asked: int | None) -> tuple[int, int]:
    top, each = POOL_DEAL[n]
    return top, asked or each


def _bergen(n: int, asked: int | None) -> tuple[int, int]:
    return 6, asked or 6


ROWS: list[Rules] = [
    Rules(
        id="draw", title=N_("The Draw Game"), page="pp. 11-16", players=(2,), default_players=2,
        deal=_fixed(6, 7), stock="voluntary", hand_score="draw", lead="highest",
        text=N_("Seven tiles each, the rest a stock. The holder of the highest double leads it "
                "(the heaviest tile if none was dealt); later hands alternate with a free lead. "
                "Match an end; you may draw from the stock before playing, and must draw until "
                "you can play, but the last two tiles are never drawn. Domino: score the "
                "opponent's pips. Block: the lighter hand scores both hands' pips (equal pips: "
                "fewer tiles). Game 100."),
        choices=N_("block scores both hands (the 26 + 26 = 52 example); `block_scoring` changes "
                   "it"),
        flags=("target", "block_scoring"), tags=("draw", "classic"),
    ),
    Rules(
        id="matadore", title=N_("The Matadore Game"), page="pp. 16-22", players=(2, 3, 4),
        default_players=2, deal=_matadore, stock="voluntary", hand_score="opp", match="sum",
        lead="matadore", finish="rubber",
        aliases=("Matador",),
        text=N_("Halves join when they add to seven (ten with the double-nine set, used by four "
                "in partnerships). The matadores (6-1, 5-2, 4-3 and 0-0; with double-nine 9-1, "
                "8-2, 7-3, 6-4, 5-5, 0-0) go on any end either way round, and only they go on a "
                "blank. The leader poses a double, else his heaviest tile. Draw as at the Draw "
                "Game. The lighter hand scores the opponent's pips (with three: the heaviest "
                "hand's). Game 100; three games a rubber; a Zapatero (100 to 0) counts two."),
        choices=N_("play is compulsory once drawing is done, matadores included; `sevens` adds "
                   "the author's variant (a point per matadore and per seven at the ends)"),
        partners=lambda n: n == 4, flags=("target", "sevens", "free_lead", "rubber"),
        tags=("draw", "classic"),
    ),
    Rules(
        id="block", title=N_("The Block Game"), page="pp. 22-24", players=(2,), default_players=2,
        deal=_fixed(6, 7), stock="none", hand_score="block",
        aliases=("Double-Sixes", "English Game"),
        text=N_("Seven tiles each; the other fourteen are never touched. Match an end or say go. "
                "Domino: score the opponent's pips. Block: the lighter hand scores both hands "
                "(the book's preferred way). Game 100."),
        flags=("target", "block_scoring"), tags=("block", "classic"),
    ),
    Rules(
        id="muggins", title=N_("Muggins"), page="pp. 24-27", players=(2, 3, 4), default_players=2,
        deal=_muggins, stock="until", hand_score="muggins", play_score="fives", target=31,
        aliases=("All Fives", "Fives"),
        text=N_("Five tiles each. Doubles lie crosswise and count both halves. After every play "
                "(the lead too) add the open ends: 5, 10, 15, 20 score 1, 2, 3, 4. Play if you "
                "can, else draw until you can (one draw a turn with four players), keeping two "
                "in the stock. Going out (or the lighter hand at a block) scores the heaviest "
                "opponent's pips rounded to the nearest five, divided by five. Game 31."),
        choices=N_("drawing until able is the book's variation, used as the default; `no_draw` "
                   "plays it as a block game; `pip_values` scores 5/10/15/20 (game 200, or 150 "
                   "for three or more); scoring is automatic, `announce` makes each player call "
                   "his count and lets opponents cry muggins on a wrong one (the caller gains "
                   "nothing; unchallenged, a count scores as announced)"),
        flags=("target", "hand_size", "no_draw", "pip_values", "announce"),
        tags=("scoring", "classic"),
    ),
    Rules(
        id="all_threes", title=N_("All Threes"), page="p. 27", players=(2, 3, 4),
        default_players=2, deal=_muggins, stock="until", hand_score="muggins",
        play_score="threes", target=61, aliases=("Threes",),
        text=N_("Muggins with threes: open ends adding to 3, 6, 9, 12, 15, 18 score 1 to 6. The "
                "hand's end bonus rounds the pips to the nearest three. Game 61."),
        choices=N_("the target (the book asks only for more than Muggins) is 61; `announce` as "
                   "at Muggins"),
        flags=("target", "hand_size", "no_draw", "pip_values", "announce"),
        tags=("scoring",),
    ),
    Rules(
        id="four", title=N_("The Four Game"), page="pp. 28-29", players=(4,), default_players=4,
        deal=_fixed(6, 7), stock="none", hand_score="others", turn="run",
        text=N_("Four players, seven tiles each, none left. As the Block Game, but on your turn "
                "you may lay as many tiles as will match, one after another, and stop when you "
                "like. The winner scores the others' pips; game 100."),
        flags=("target",), tags=("block",),
    ),
    Rules(
        id="cyprus", title=N_("Cyprus"), page="pp. 29-30", players=(4, 5, 6, 7, 8, 9, 10),
        default_players=4, deal=_cyprus, stock="none", hand_score="others", layout="star",
        arms=8, lead="highest", lead_every_hand=True,
        text=N_("Double-nine set shared out (4 players: 13 each). The holder of 9-9 poses it; in "
                "the first round each must play a nine against it or say go. The 9-9 takes "
                "nines on every side, eight arms in all, and every open arm may be extended. "
                "The winner scores the others' pips; game 100."),
        choices=N_("9-9 in the reserve: the next highest double leads"),
        flags=("target",), tags=("block", "layout"),
    ),
    Rules(
        id="sebastopol", title=N_("Sebastopol"), page="p. 31", players=(4,), default_players=4,
        deal=_fixed(6, 7), stock="none", hand_score="others", layout="cross", arms=4,
        lead="highest", lead_every_hand=True, aliases=("Sebastapool",),
        text=N_("Four players, seven each. The holder of 6-6 poses it; sixes go on its four "
                "sides, making a cross, before any arm is extended. Then every arm is open. The "
                "winner scores the others' pips; game 100."),
        choices=N_("the strict cross by default; `open_cross` lets arms grow before it is full"),
        flags=("target", "open_cross"), tags=("block", "layout"),
    ),
    Rules(
        id="tiddle_a_wink", title=N_("Tiddle-a-wink"), page="pp. 31-33",
        players=(2, 3, 4, 5, 6, 7, 8, 9, 10), default_players=4, deal=_tiddle, stock="none",
        hand_score="others", lead="highest", lead_every_hand=True, turn="double_again",
        finish="hand", aliases=("Tiddlywinks",),
        text=N_("A round game: three tiles each (double-nine for big tables). The highest double "
                "dealt leads. Whoever lays a double may play again at once. The first out wins "
                "(at a block, the lightest hand); one hand is the game."),
        flags=("hand_size",), tags=("round",),
    ),
    Rules(
        id="pool", title=N_("Domino Pool"), page="pp. 33-34", players=(3, 4, 5, 6, 7, 8, 9),
        default_players=4, deal=_pool, stock="none", hand_score="pool", finish="pool",
        text=N_("Everyone pays a stake to the pool. Block play; after each hand each player is "
                "charged the pips left in his hand. At 100 a player has lost his lives; he may "
                "star once (pay again and rejoin at the highest total still in play), except "
                "when only two are left. The last one in takes the pool."),
        choices=N_("`settlement: difference`: the first to 100 pays each other the gap to 100"),
        flags=("stake", "settlement", "target"), tags=("pool", "round"),
    ),
    Rules(
        id="draw_pool", title=N_("Domino Draw Pool"), page="p. 34", players=(3, 4, 5, 6, 7, 8, 9),
        default_players=4, deal=_pool, stock="one", hand_score="pool", finish="pool",
        text=N_("Domino Pool, except that a player who cannot match draws one tile (two always "
                "stay in the stock), and says go if it does not help."),
        flags=("stake", "settlement", "target"), tags=("pool", "round", "draw"),
    ),
    Rules(
        id="whist", title=N_("Domino Whist"), page="p. 35", players=(4,), default_players=4,
        deal=_fixed(6, 6), stock="none", hand_score="whist", partners=lambda n: True,
        text=N_("Four players, partners opposite; six tiles each, four never touched. Block "
                "play, no tricks. The side with fewer pips between them scores the other "
                "side's pips. Game 100."),
        choices=N_("the literal rule: a side can lose a hand its partner went out in; "
                   "`domino_side_wins` changes it"),
        flags=("target", "hand_size", "domino_side_wins"), tags=("block", "partners"),
    ),
    Rules(
        id="domino_euchre", title=N_("Domino Euchre"), page="p. 36", players=(4,),
        default_players=4, deal=_fixed(6, 5), stock="none", hand_score="tricks",
        family="euchre", target=5, partners=lambda n: True,
        text=N_("Card Euchre with dominoes, partners opposite. Five each; the dealer turns up a "
                "tile, its higher half the proposed trump. Order it up (the dealer takes it and "
                "discards) or pass; if all pass, name another suit or pass. The one difference "
                "from the card game: whoever made trumps leads. Trumps: the trump double (Right "
                "Bower), the next lower double (Left Bower; 6-6 when blanks are trumps), then "
                "the trump number's tiles by their other half. Follow suit if you can. Three or "
                "four tricks score 1, all five 2 (4 alone); short of three, euchred: 2 to the "
                "other side. Game 5."),
        choices=N_("a tile bearing the trump number is only a trump; a plain tile led is its "
                   "higher half's suit; the lowest drawn tile deals first; if all pass twice the "
                   "hand is dealt afresh"),
        tags=("tricks", "partners"),
    ),
    Rules(
        id="poker", title=N_("Domino Poker"), page="pp. 36-37", players=(2, 3, 4),
        default_players=2, deal=_fixed(6, 5), stock="none", hand_score="poker",
        family="poker", finish="showdown",
        text=N_("Twenty tiles (no blanks, no 1-1), five each, no draw. Everyone antes; one round "
                "of betting (check or bet; then call, raise or fold), then the best hand still "
                "in takes the pot. Hands, lowest first: one pair (two doubles), flush (five "
                "sharing a number, not in sequence), triples (three doubles), straight four (a "
                "run in the fours), full hand (three doubles and two tiles sharing a number), "
                "straight five, straight six, fours (four doubles), royal (five doubles). "
                "Otherwise the highest tile: any double beats any other tile."),
        choices=N_("the betting of Straight Poker, fixed-limit: bets and raises of one stake, "
                   "three raises at most; runs in aces, deuces and treys count as flushes; ties "
                   "compare doubles, then tiles, from the top down, and a full tie shares the pot"),
        flags=("stake",), tags=("poker",),
    ),
    Rules(
        id="bingo", title=N_("Bingo"), page="pp. 37-38", players=(2,), default_players=2,
        deal=_fixed(6, 7), stock="none", hand_score="tricks", family="bingo", target=7,
        text=N_("Sixty-six with dominoes. Seven each; the elder hand turns up trumps (the higher "
                "half). While the stock lasts play anything; the trick's winner draws first and "
                "leads. Once the stock is gone or closed, follow suit and win the trick if you "
                "can, else trump. 0-0, Bingo, beats everything. Counting: the trump double 28, "
                "Bingo 14, 6-4 and 3-0 10, other doubles and trumps their pips (a blank is 7), "
                "other blanks 7. Leading a double with others shown: 2 doubles 20, 3: 40, 4: 50, "
                "5: 60, 6: 70 (+10 with Bingo). First to 70 scores 1 (2 if the other has under "
                "30, 3 if he has no trick); Bingo taking the trump double scores 1 at once. "
                "Game 7."),
        choices=N_("the Sixty-six rules the booklet borrows: closing the stock (a closer short of "
                   "70 gives 2), follow and head the trick once the stock is gone, the last "
                   "trick's winner scores 1 if nobody counts 70; two doubles declare 20 (the OCR's "
                   "21)"),
        tags=("tricks",),
    ),
    Rules(
        id="loo", title=N_("Domino Loo"), page="pp. 38-40", players=(2, 3, 4),
        default_players=2, deal=_fixed(6, 5), stock="none", hand_score="tricks",
        family="loo", target=15,
        text=N_("The higher cut deals (a double beats any other tile); five each; the dealer "
                "turns up trumps (a double: its number; else its higher half). From the "
                "dealer's left each stands or takes a miss (a fresh hand of six, seven with "
                "four players, discarding to five); the dealer may swap a tile for the turned "
                "trump or take a miss, not both. Leading a plain tile you name its suit: 5-1 as "
                "\"five-ace\" is a five, as \"ace-five\" an ace. Follow suit if you can, else "
                "trump if you can. The first leader holding two trumps leads one; the winner of "
                "a trick leads a trump if he has one. Two players: a trick scores 1; none is a "
                "loo, 5 off; game 15. Three or four play for a pool: each antes a stake, the "
                "dealer two; each trick takes a fifth of the pool; you may pass (no win, no "
                "loo), but a miss must play; a player who plays and takes no trick is looed and "
                "pays into the next pool what this one held (at most 4 stakes with three, 5 "
                "with four), and that pool takes only the loos and the dealer's stake. All pass "
                "to the dealer: he takes the pool; one stands: the dealer opposes him, perhaps "
                "playing for the pool (he cannot be looed; his winnings stay in)."),
        choices=N_("misses of six (two) for two or three players, one of seven for four; both "
                   "leading laws compulsory; the pool's \"if all pass\" follows card Loo; two "
                   "players' loo is capped at 3 stakes; the match runs the agreed deals, then on "
                   "to a pool taken with no loo"),
        flags=("play_for", "stake", "deals"), tags=("tricks",),
    ),
    Rules(
        id="rounce", title=N_("Domino Rounce"), page="p. 41", players=(2, 3, 4),
        default_players=3, deal=_fixed(6, 5), stock="none", hand_score="tricks",
        family="rounce", finish="countdown", target=0,
        text=N_("Five tiles each and a seven-tile dummy; the player on the trump holder's right "
                "turns up a tile, and its higher half is trump. From the holder's left each "
                "stands, passes, or throws his hand in for the dummy; if all before him passed, "
                "the last may concede 5 to the holder instead of playing. The holder stands, "
                "swaps a tile for the turned trump, or takes the dummy if it is left. Whoever "
                "takes the dummy discards to five. Follow suit if you can (you need not trump); "
                "the winner of a trick leads a trump if he has one. Everyone starts at 15 and "
                "takes 1 off per trick; standing and taking none is a bounce, +5. The first "
                "down to nothing wins."),
        choices=N_("the first hand's holder turns the highest tile (pips; a double wins a tie); a "
                   "tile bearing the trump number is only a trump, a plain tile led is its higher "
                   "half's suit (the spec's Domino Euchre reading); four players also share one "
                   "dummy"),
        tags=("tricks",),
    ),
    Rules(
        id="bergen", title=N_("Bergen"), page="pp. 41-42", players=(2, 3, 4), default_players=2,
        deal=_bergen, stock="one", hand_score="bergen", play_score="headers", lead="bergen",
        aliases=("Bercen",),
        text=N_("Six tiles each. The lowest double leads (a double header, 20). Whenever both "
                "ends show the same number: a double header, 20; a double laid to make it: a "
                "triple header, 30. Draw one if you cannot play (two stay in the stock); four "
                "players do not draw. Domino 10; at a block, fewer doubles wins 10 (equal: the "
                "lowest double; none: fewer pips). Game 100, and headers cannot take you past 90."),
        choices=N_("triple header 30 (the book gives no value)"),
        flags=("target",), tags=("scoring",),
    ),
]

CATALOGUE: dict[str, Rules] = {r.id: r for r in ROWS}
