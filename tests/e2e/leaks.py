"""Watch every message the bot sends for cards that are hidden from its readers at that moment.

The hidden cards of a state (see `hidden_cards`) are compared with what a channel reader
(``view(None)``) or a seat (a DM or an ephemeral) is shown, as ``10♥``, ``10 of hearts`` or a
``HT`` in a custom id or select value. A message is checked against the versions of the table
it may have been composed from (those since the previous message to the same readers), and a
card is a leak only if it was hidden in all of them: so a card that has just been played, or
a turn-up that was shown a moment ago, is never flagged.

Skat plays a series of deals, every one with all 32 cards, so a card code alone does not say
which deal a message means. The watch keeps the hidden sets per deal and reads which deal a
message (or a line of it) is about: the table's ``deal k of n`` header, the ``Last deal:`` line
(the deal just finished), a ``**Deal k**`` review post and the summary's ``Deal k:`` lines. A
finished deal's cards may be named once its public record shows them; what was never shown
(the hands left when a deal was conceded, claimed or thrown in) stays hidden for good.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.discord import custom_ids as ids
from bot.games.base import State
from bot.games.cards import is_card, long_name, pretty
from bot.games.dominoes import DominoesState
from bot.games.dominoes.tiles import canon
from bot.games.skat.rules import FULL_DECK, SkatState
from tests.e2e.fake_discord import MessageEvent, component_text, custom_ids

_TOKEN = re.compile(r"[A-Za-z0-9]+")
_MOVE_CODE = re.compile(r"\b[a-z_]+:([A-Za-z0-9,\-]+)")
"""A move written as code in text (``discard:CQ``, ``play:HT``): its cards count as named."""
_SKAT_DECK = frozenset(FULL_DECK)
_TILE = re.compile(r"(?<![0-9])([0-9])-([0-9])(?![0-9])")
"""A domino tile as code (``6-4`` in ``play:4-6>L``, a custom id or a select value)."""
_TILE_SHOWN = re.compile(r"\[([0-9])\|([0-9])\]")
"""A domino tile as the text and the alt texts show it: ``[6|4]``."""
_TILE_MOVE = re.compile(r"\b[a-z_]+:([0-9])-([0-9])")
_DEAL_POST = re.compile(r"\**Deal (\d+)\b")
"""A post that opens with ``**Deal k**``, the review after a deal
(``bot/render/skat_report.py``): the whole message is about that deal."""
_DEAL_LINE = re.compile(r"\**Deal (\d+)\**:")
"""A line of the series' summary (``Deal 2: ...``) or of a review post."""
_LAST_LINE = "Last deal:"
"""The table's line about the deal just finished (``bot/render/skat.py``)."""
_HEADER = re.compile(r"deal (\d+) of \d+")
"""The table's header: which deal (1-based) the table, and a hand sent with it, shows."""

_TABLE_HEADER = re.compile(r"\*\*, table (\d+)\b")
"""A hand message's header names its table (``bot.discord.table_messages.hand_message``)."""

Reader = int | None
"""A seat, or None for the channel."""


def cards_in(data: Any) -> set[str]:
    """Every card code in a JSON-like structure (also inside strings such as ``play:CJ``)."""
    out: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.update(t for t in _TOKEN.findall(item) if is_card(t))
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
    return out


def tiles_in(data: Any) -> set[str]:
    """Every domino tile (canonical, ``6-4``) written anywhere in a JSON-like structure, as
    code or as shown (``[6|4]``)."""
    out: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):  # a code (6-4), or a report's words ([6|4])
            pairs = _TILE.findall(item) + _TILE_SHOWN.findall(item)
            out.update(canon(f"{a}-{b}") for a, b in pairs)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
    return out


def named_tiles(text: str, codes: Iterable[str]) -> set[str]:
    """The tiles a reader finds in ``text`` (``[6|4]``, or a move's code ``play:4-6>L``) or a
    machine finds in the ``codes`` of a message."""
    pairs = _TILE_SHOWN.findall(text) + _TILE_MOVE.findall(text)
    pairs += [p for code in codes for p in _TILE.findall(code)]
    return {canon(f"{a}-{b}") for a, b in pairs}


def named_cards(text: str, codes: Iterable[str], cards: Iterable[str]) -> set[str]:
    """Which of ``cards`` a reader finds in ``text`` (as ``10♥``, ``10 of hearts`` or a move's
    code such as ``discard:HT``) or a machine finds in the ``codes`` (custom ids, select
    values) of a message. Domino tiles (``6-4``) among them are looked for as tiles."""
    cards = set(cards)
    tiles = {c for c in cards if _TILE.fullmatch(c)}
    if tiles:
        cards -= tiles
        tiles &= named_tiles(text, codes)
    tokens = {t for code in codes for t in _TOKEN.findall(code)}
    tokens |= {t for arg in _MOVE_CODE.findall(text) for t in _TOKEN.findall(arg)}
    found = set()
    lowered = text.lower()
    for card in cards:
        face = re.compile(r"(?<![0-9A-Za-z])" + re.escape(pretty(card)))
        if face.search(text) or long_name(card).lower() in lowered or card in tokens:
            found.add(card)
    return found | tiles


def skat_seen(state: SkatState, reader: Reader) -> set[str]:
    """The cards of the deal in progress that ``reader`` may see now: its view without the
    previous deal's record (``last``), which names cards of another deal."""
    view = state.view(reader).model_dump(mode="json")
    view.pop("last", None)
    return cards_in(view)


def hidden_cards(state: State) -> tuple[frozenset[str], dict[int, frozenset[str]]]:
    """The cards hidden from the channel, and from each seat, in ``state``.

    Euchre by its fields: every card still held or in the stock or the dealer's discard, except
    the turn-up (everyone saw it). Skat: every card of the deck that the reader's view of the
    deal in progress does not show (see `skat_seen`); so the skat is hidden from all until the
    Player takes it up and from the others after, an open game's hand is shown, a Tourne card
    is shown once turned. Other games generically: the cards of the state that are not in the
    reader's view, ignoring history keys (a previous hand's tricks would otherwise make
    almost every card look public).
    """
    if isinstance(state, DominoesState):
        return hidden_tiles(state)
    if isinstance(state, SkatState):
        return (frozenset(_SKAT_DECK - skat_seen(state, None)),
                {seat: frozenset(_SKAT_DECK - skat_seen(state, seat))
                 for seat in range(state.players)})
    data = state.model_dump(mode="json")
    if state.game == "euchre":
        turn_up = {data.get("turn_up") or ""}
        hands = [set(h) for h in data["hands"]]
        extra = set(data.get("stock") or []) | ({data["discard"]} if data.get("discard") else set())
        held = set().union(*hands) | extra
        public = frozenset(held - turn_up)
        per_seat = {}
        for seat, hand in enumerate(hands):
            own = hand | ({data["discard"]} if seat == data["dealer"] and data.get("discard")
                          else set())
            per_seat[seat] = frozenset(held - own - turn_up)
        return public, per_seat
    everything = cards_in(_without_history(data))

    def seen(seat: int | None) -> set[str]:
        return cards_in(_without_history(state.view(seat).model_dump(mode="json")))

    return (frozenset(everything - seen(None)),
            {seat: frozenset(everything - seen(seat)) for seat in range(state.players)})


def hidden_tiles(state: DominoesState) -> tuple[frozenset[str], dict[int, frozenset[str]]]:
    """Dominoes: every tile held, in the stock, the dummy or thrown out face down, except those
    the reader's view shows (the layout, the trick, the turned trump, its own hand; see
    `tiles_seen` for the previous hand's report)."""
    t = state.t
    everything = tiles_in([t.hands, t.stock, t.dummy, t.discards])  # Loo's misses: "6-1,2-1"
    return (frozenset(everything - tiles_seen(state, None)),
            {seat: frozenset(everything - tiles_seen(state, seat))
             for seat in range(state.players)})


def tiles_seen(state: DominoesState, reader: Reader) -> set[str]:
    """The tiles ``reader``'s view shows now, less the previous hand's report while play goes
    on (its tiles are dealt again); once the match is over nothing is dealt again, and the last
    report (Domino Poker's showdown) is as public as it reads."""
    data = state.view(reader).model_dump(mode="json")
    if not state.is_over:
        data.pop("last", None)
    return tiles_in(data)


def _without_history(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in ("last_hand", "history", "log")}


@dataclass
class Snapshot:
    version: int
    hidden_public: frozenset[str]
    hidden_from: dict[int, frozenset[str]]
    deal: int | None = None
    """Skat: the deal in progress (0-based); None for a game of one deal."""
    finished: int | None = None
    """Skat: the number (1-based) of the latest finished deal, the table's "Last deal"."""

    def hidden(self, reader: Reader) -> frozenset[str]:
        if reader is None:
            return self.hidden_public
        return self.hidden_from.get(reader, frozenset())


@dataclass
class Leak:
    table_id: int
    version: int
    where: str
    cards: set[str]
    text: str
    reader: Reader = None
    in_flight: tuple[int | None] | None = None
    """Set while a version yet to be recorded may excuse it: (the deal it was read against,)."""
    until: int = 0
    """The newest version the message may have been composed from (see `LeakWatch.committed`)."""


@dataclass
class LeakWatch:
    """Feed it every table state (``record``) and every message event (``check``)."""

    history: dict[int, list[Snapshot]] = field(default_factory=dict)
    channel_table: dict[str, int] = field(default_factory=dict)
    seats: dict[int, dict[str, int]] = field(default_factory=dict)
    """table id -> {user id: seat}."""
    last_seen: dict[tuple[int, str], int] = field(default_factory=dict)
    leaks: list[Leak] = field(default_factory=list)
    checked: int = 0
    """How many message events were compared against a hidden set (so a test can tell the
    watch actually looked)."""
    parts: Counter[str] = field(default_factory=Counter)
    """Skat: how many message parts were checked as the deal in progress (``now``), as the
    ``last deal`` line, and as a ``finished deal`` (review posts, summary lines)."""
    known: dict[tuple[int, int], dict[Reader, set[str]]] = field(default_factory=dict)
    """(table, deal) -> reader -> every card of that deal the reader was shown meanwhile."""
    after_deal: dict[tuple[int, int], dict[Reader, frozenset[str]]] = field(default_factory=dict)
    """(table, deal number) -> reader -> the cards of that finished deal never shown to them."""
    tiles_held: dict[tuple[int, int, int], dict[int, set[str]]] = field(default_factory=dict)
    committed: Callable[[int], int | None] | None = None
    """The newest version the service has committed for a table, if known: a message may be
    composed from any version up to it while the listeners (and so `record`) are still behind.
    Without it, a message may be one version ahead of the newest recorded."""
    """Dominoes: (table, game, hand) -> seat -> every tile the seat has seen in that hand (a
    tile it held and then threw out face down stays known to it)."""

    def record(self, table_id: int, channel_id: int, version: int, state: State | None,
               seats: dict[str, int]) -> None:
        self.channel_table[str(channel_id)] = table_id
        self.seats[table_id] = seats
        if state is None:
            return
        snaps = self.history.setdefault(table_id, [])
        if snaps and snaps[-1].version >= version:
            return
        if isinstance(state, SkatState):
            snaps.append(self._skat_snapshot(table_id, version, state))
        elif isinstance(state, DominoesState):
            public, per_seat = hidden_tiles(state)
            held = self.tiles_held.setdefault((table_id, state.t.game_no, state.t.hand_no), {})
            for seat in per_seat:
                known = held.setdefault(seat, set())
                known |= tiles_seen(state, seat)
                per_seat[seat] = frozenset(per_seat[seat] - known)
            snaps.append(Snapshot(version, public, per_seat))
        else:
            public, per_seat = hidden_cards(state)
            snaps.append(Snapshot(version, public, per_seat))
        self._excuse(table_id, snaps[-1])

    def _excuse(self, table_id: int, snap: Snapshot) -> None:
        """A click's answer (or a turn offered after it) is composed from the newest committed
        version, and may reach the fake before that version reaches `record`: the service
        publishes versions one after another, and a listener still busy with an older one holds
        the newer ones back. So a card flagged in a message is excused if a version up to the
        newest committed when it was checked shows it to the reader (in the same deal). Later
        versions excuse nothing."""
        for leak in self.leaks:
            if leak.table_id != table_id or leak.in_flight is None:
                continue
            if leak.in_flight == (snap.deal,) and snap.version <= leak.until:
                leak.cards &= snap.hidden(leak.reader)
            if snap.version >= leak.until:
                leak.in_flight = None
        self.leaks = [leak for leak in self.leaks if leak.cards]

    def _skat_snapshot(self, table_id: int, version: int, state: SkatState) -> Snapshot:
        readers: list[Reader] = [None, *range(state.players)]
        seen = {r: skat_seen(state, r) for r in readers}
        known = self.known.setdefault((table_id, state.deal_no), {})
        for r in readers:
            known.setdefault(r, set()).update(seen[r])
        last = state.last
        if last is not None and (table_id, last.number) not in self.after_deal:
            # What the deal's public record shows now, besides all each reader saw during it.
            shown = cards_in(last.model_dump(mode="json"))
            during = self.known.get((table_id, last.number - 1), {})
            self.after_deal[(table_id, last.number)] = {
                r: frozenset(_SKAT_DECK - shown - during.get(r, set())) for r in readers}
        return Snapshot(version, frozenset(_SKAT_DECK - seen[None]),
                        {s: frozenset(_SKAT_DECK - seen[s]) for s in range(state.players)},
                        deal=state.deal_no, finished=last.number if last else None)

    def _window(self, table_id: int, reader: str) -> list[Snapshot]:
        snaps = self.history.get(table_id) or []
        if not snaps:
            return []
        since = self.last_seen.get((table_id, reader), snaps[-1].version)
        self.last_seen[(table_id, reader)] = snaps[-1].version
        window = [s for s in snaps if s.version >= since]
        return window or snaps[-1:]

    def check(self, event: MessageEvent) -> None:
        if event.kind == "delete":
            return
        text = event.text + "\n" + component_text(event.message)
        codes = custom_ids(event.message)
        if event.public:
            table_id = self.channel_table.get(event.channel_id)
            if table_id is None:
                return
            self._compare(table_id, "channel", None, text, codes, event)
            return
        # A player seated at several tables (a rematch: the same people again) reads each
        # table's messages against that table only, when the message says which it is about.
        named = self._tables_named(text, codes)
        for table_id, seats in self.seats.items():
            seat = seats.get(event.user_id or "")
            if seat is None or (named and table_id not in named):
                continue
            self._compare(table_id, f"user {event.user_id}", seat, text, codes, event)

    def _tables_named(self, text: str, codes: list[str]) -> set[int]:
        """The known tables a private message says it is about: its custom ids' tables, or
        the hand message's header (``**Euchre · modern**, table 12``)."""
        named = {t for c in codes
                 if (t := getattr(ids.parse(c), "table_id", None)) is not None}
        named |= {int(m[1]) for m in _TABLE_HEADER.finditer(text)}
        return named & set(self.seats)

    def _compare(self, table_id: int, label: str, reader: Reader, text: str, codes: list[str],
                 event: MessageEvent) -> None:
        window = self._window(table_id, label)
        if not window:
            return
        # A message offering moves of one version shows that version: the window reaches back
        # to it (a click's answer edited again late, after newer messages reached the reader).
        if (own := self._offered_version(table_id, codes)) and own[0].version < window[0].version:
            window = [s for s in self.history[table_id] if s.version >= own[0].version]
        self.checked += 1
        where = f"{event.kind} in {label} ({event.channel_id})"
        if window[-1].deal is None:
            self._flag(table_id, window, where, reader, text, codes, lambda s, r: s.hidden(r),
                       in_flight=True)
            return
        if post := _DEAL_POST.match(text):
            self._finished(table_id, int(post[1]), where, reader, text)
            return
        now: list[str] = []
        last: list[str] = []
        for line in text.splitlines():
            if summary := _DEAL_LINE.match(line):
                self._finished(table_id, int(summary[1]), where, reader, line)
            elif line.startswith(_LAST_LINE):
                last.append(line)
            else:
                now.append(line)
        window, deal = self._deal_window(table_id, window, text)
        self.parts["now"] += 1
        self._flag(table_id, window, where, reader, "\n".join(now), codes,
                   lambda s, r: s.hidden(r), in_flight=True, deal=deal)
        if last:
            self.parts["last deal"] += 1
            self._flag(table_id, window, f"{where}, last deal", reader, "\n".join(last), [],
                       lambda s, r: self._after(table_id, s, r))

    def _offered_version(self, table_id: int, codes: list[str]) -> list[Snapshot] | None:
        """The recorded snapshot of the one version whose moves the message offers, if any."""
        versions = set()
        for code in codes:
            parsed = ids.parse(code)
            if isinstance(parsed, (ids.ActionId, ids.SelectId)) and parsed.table_id == table_id:
                versions.add(parsed.version)
        if len(versions) != 1:
            return None
        version = versions.pop()
        own = [s for s in self.history.get(table_id) or [] if s.version == version]
        return own or None

    def _deal_window(self, table_id: int, window: list[Snapshot], text: str
                     ) -> tuple[list[Snapshot], int | None]:
        """The versions a message naming its deal may come from: those of that deal in the
        window, else any of that deal (a late edit of an old hand), else the window (a new
        deal's message ahead of its first version); and the deal it is about."""
        header = _HEADER.search(text)
        if header is None:
            return window, window[-1].deal
        deal = int(header[1]) - 1
        return ([s for s in window if s.deal == deal]
                or [s for s in self.history[table_id] if s.deal == deal] or window), deal

    def _after(self, table_id: int, snap: Snapshot, reader: Reader) -> frozenset[str]:
        if snap.finished is None:
            return frozenset()
        return self.after_deal.get((table_id, snap.finished), {}).get(reader, frozenset())

    def _finished(self, table_id: int, number: int, where: str, reader: Reader,
                  text: str) -> None:
        hidden = self.after_deal.get((table_id, number))
        if hidden is None:  # a post about a deal the watch never saw finish
            return
        self.parts["finished deal"] += 1
        leaked = named_cards(text, [], hidden.get(reader, frozenset()))
        if leaked:
            snaps = self.history.get(table_id) or []
            self.leaks.append(Leak(table_id, snaps[-1].version if snaps else 0,
                                   f"{where}, deal {number}", leaked, text))

    def _flag(self, table_id: int, window: list[Snapshot], where: str, reader: Reader,
              text: str, codes: list[str],
              hidden: Callable[[Snapshot, Reader], frozenset[str]], *,
              in_flight: bool = False, deal: int | None = None) -> None:
        """``in_flight``: versions yet to be recorded may excuse the cards, those of ``deal``
        (the message's, which may be newer than any recorded) or else the window's."""
        always_hidden = frozenset.intersection(*(hidden(s, reader) for s in window))
        leaked = named_cards(text, codes, always_hidden)
        if not leaked:
            return
        latest = self.history[table_id][-1]
        # Only a window that reaches the newest version may miss those being published.
        newest = self.committed(table_id) if self.committed is not None else None
        until = latest.version + 1 if newest is None else newest
        about = window[-1].deal if deal is None else deal
        flight = ((about,) if in_flight and window[-1] is latest and until > latest.version
                  else None)
        self.leaks.append(Leak(table_id, window[-1].version, where, leaked, text, reader,
                               flight, until))
