"""The catalogue: the ten dice games of *Dominoes and Dice* (1895), one row of data each, in
book order (spec §6). A row names the turn's flow (which engine routine runs a turn), how many
dice, who may play, how a round is decided, and the options a player may set for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.games.words import N_

Flow = Literal["fixed", "raffle", "poker", "vingt_un", "centennial", "neighbour", "ace_pot"]

ANY = tuple(range(1, 11))
"""'Any number': one player throws against the book's standard, up to ten at one table."""


@dataclass(frozen=True)
class Row:
    """One game. ``flow`` picks the engine routine; ``score`` the scoring of a fixed turn."""

    id: str
    title: str
    section: str
    page: str
    flow: Flow
    dice: int
    players: tuple[int, ...]
    text: str
    aliases: tuple[str, ...] = ()
    score: str = ""
    throws: int = 0
    flags: tuple[str, ...] = ()
    choices: str = ""
    default_target: int = 0

    @property
    def race(self) -> bool:
        """A race to a line or a total rather than rounds compared at their end."""
        return self.flow in ("centennial", "neighbour", "ace_pot")


ROWS: tuple[Row, ...] = (
    Row("throwing_dice", N_("Throwing Dice"), "§6.1", "47", "fixed", 3, ANY, score="total",
        throws=3, flags=("rounds",),
        text=N_("Each player throws the three dice three times; his score is the spots of all "
                "nine dice. The highest score wins; ties throw again.")),
    Row("raffles", N_("Raffles"), "§6.2", "47-48", "raffle", 3, ANY, aliases=("raffle",),
        flags=("whole_throw",),
        text=N_("Each player throws until a throw holds at least a pair; that throw is his. A pair "
                "scores its own spots (two fours: 8); triplets beat any pair, the higher triplet "
                "first (three aces beat two sixes). The best throw wins; ties throw again."),
        choices=N_("the odd die of a pair does not count; with `whole_throw` (the book's "
                   "agreed variant) triplets rank as pairs and the whole throw's spots count.")),
    Row("round_the_spot", N_("Round the Spot"), "§6.3", "48", "fixed", 3, ANY, score="spot",
        throws=3, flags=("rounds", "target"),
        text=N_("Three throws of three dice. Only faces with spots round a centre spot count: a "
                "three scores 2, a five scores 4; ace, two, four and six score nothing. The "
                "highest total wins; ties throw again."),
        choices=N_("with `target` the players race, round after round, to that agreed total.")),
    Row("centennial", N_("Centennial (1-12 and back)"), "§6.4", "48-49", "centennial", 3,
        (2, 4, 6), aliases=("1 up to 12 and back", "one to twelve", "sequence"),
        text=N_("Each side makes the numbers 1 to 12 in order, then wipes them out from 12 down "
                "to 1. The next number counts when one die, or two or three dice added, show it; "
                "one throw may mark several numbers in a row. A player throws again while his "
                "throw marks something. The first side to wipe out its whole line wins. Two "
                "play singly; four or six play as two sides, partners sitting alternately."),
        choices=N_("the book's title is lost in the scan; the line has 24 steps (1..12, 12..1) "
                   "and one throw may mark 12 twice, turning and starting back.")),
    Row("multiplication", N_("Multiplication"), "§6.5", "49", "fixed", 3, ANY, score="multiply",
        flags=("rounds",),
        text=N_("Throw three dice and leave the highest on the table; throw the other two and "
                "leave the higher; throw the last. The two left on the table, added, are "
                "multiplied by the last die (6 and 5, then 3: 33). Highest wins; ties throw "
                "again.")),
    Row("going_to_boston", N_("Going to Boston"), "§6.6", "49-50", "fixed", 3, ANY, score="add",
        aliases=("boston",), flags=("rounds",),
        text=N_("Thrown as Multiplication, but the last die is added, not multiplied (6 and 5, "
                "then 3: 14). Highest wins; ties throw again.")),
    Row("draw_poker", N_("Draw Poker (dice)"), "§6.7", "50-51", "poker", 5, ANY,
        aliases=("poker dice", "dice poker"),
        text=N_("Throw five dice; stand, or keep any of them and throw the rest once more. "
                "Ranks, lowest first: one pair, two pairs, triplets, a full hand, four alike, "
                "five alike (five sixes: the invincible hand). No straights, no flushes; six "
                "high, ace low. Best hand wins; ties throw again."),
        choices=N_("hands compare by the largest group, then the next, then the odd dice; a "
                   "throw with no pair ranks below one pair, by its highest dice.")),
    Row("vingt_un", N_("Vingt-un (dice)"), "§6.8", "51", "vingt_un", 1, ANY,
        aliases=("vingt-un", "twenty-one", "21"), flags=("forfeit",),
        text=N_("One die. Each player throws as often as he likes, adding the spots, and stands "
                "when he chooses; over 21 he bursts. Exactly 21, or failing that the nearest "
                "below, wins; ties throw again."),
        choices=N_("a burst is over 21 (the book's '21 or more' contradicts its example); with "
                   "`forfeit` the farthest from 21 loses instead.")),
    Row("ace_in_the_pot", N_("Ace in the Pot"), "§6.9", "51", "ace_pot", 2, tuple(range(2, 11)),
        aliases=("ace pot",), flags=("counters", "last_holder"),
        text=N_("Each player has counters. In turn each throws two dice: an ace puts a counter "
                "in the pot, a six passes one to his left-hand neighbour; a player with no "
                "counters is passed over. The pot comes first: one counter and six-ace, it goes "
                "to the pot. When one counter is left outside the pot it is closed: its holder "
                "has three throws, and a six passes it on to his neighbour, who has three throws "
                "too; the holder who fails to throw a six wins (or loses, as agreed)."),
        choices=N_("3 counters each; aces count before sixes; the pot closes at once when one "
                   "counter is left out, and a six in that same throw still passes it on.")),
    Row("help_your_neighbor", N_("Help Your Neighbor"), "§6.10", "52", "neighbour", 3, (6,),
        aliases=("help your neighbour",), flags=("target", "play_for"), default_target=30,
        text=N_("Six players, numbered 1 to 6 round the table, throw three dice once each in "
                "turn. The player whose number is the highest die scores it, once however many "
                "show it; the thrower also scores his own number if it shows and is not the "
                "highest. Play to an agreed total: for a pool the first there wins, for "
                "refreshments the last there loses."),
        choices=N_("the rule is read from the book's six example throws (it states none).")),
)

CATALOGUE: dict[str, Row] = {row.id: row for row in ROWS}
