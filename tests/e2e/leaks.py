"""Watch every message the bot sends for cards that are hidden from its readers at that moment.

The hidden cards of a state (see `hidden_cards`) are compared with what a channel reader
(``view(None)``) or a seat (a DM or an ephemeral) is shown, as ``10♥``, ``10 of hearts`` or a
``HT`` in a custom id or select value. A message is checked against the versions of the table
it may have been composed from (those since the previous message to the same readers), and a
card is a leak only if it was hidden in all of them: so a card that has just been played, or
a turn-up that was shown a moment ago, is never flagged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import State
from bot.games.cards import is_card, long_name, pretty
from tests.e2e.fake_discord import MessageEvent, component_text, custom_ids

_TOKEN = re.compile(r"[A-Za-z0-9]+")


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


def named_cards(text: str, codes: Iterable[str], cards: Iterable[str]) -> set[str]:
    """Which of ``cards`` a reader finds in ``text`` (as ``10♥`` or ``10 of hearts``) or a
    machine finds in the ``codes`` (custom ids, select values) of a message."""
    tokens = {t for code in codes for t in _TOKEN.findall(code)}
    found = set()
    lowered = text.lower()
    for card in cards:
        face = re.compile(r"(?<![0-9A-Za-z])" + re.escape(pretty(card)))
        if face.search(text) or long_name(card).lower() in lowered or card in tokens:
            found.add(card)
    return found


def hidden_cards(state: State) -> tuple[frozenset[str], dict[int, frozenset[str]]]:
    """The cards hidden from the channel, and from each seat, in ``state``.

    Euchre by its fields: every card still held or in the stock or the dealer's discard, except
    the turn-up (everyone saw it). Other games generically: the cards of the state that are not
    in the reader's view, ignoring history keys (a previous hand's tricks would otherwise make
    almost every card look public).
    """
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


def _without_history(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in ("last_hand", "history", "log")}


@dataclass
class Snapshot:
    version: int
    hidden_public: frozenset[str]
    hidden_from: dict[int, frozenset[str]]


@dataclass
class Leak:
    table_id: int
    version: int
    where: str
    cards: set[str]
    text: str


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

    def record(self, table_id: int, channel_id: int, version: int, state: State | None,
               seats: dict[str, int]) -> None:
        self.channel_table[str(channel_id)] = table_id
        self.seats[table_id] = seats
        if state is None:
            return
        snaps = self.history.setdefault(table_id, [])
        if snaps and snaps[-1].version >= version:
            return
        public, per_seat = hidden_cards(state)
        snaps.append(Snapshot(version, public, per_seat))

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
            self._compare(table_id, "channel", text, codes, lambda s: s.hidden_public, event)
            return
        for table_id, seats in self.seats.items():
            seat = seats.get(event.user_id or "")
            if seat is None:
                continue
            self._compare(table_id, f"user {event.user_id}", text, codes,
                          lambda s, seat=seat: s.hidden_from.get(seat, frozenset()), event)

    def _compare(self, table_id: int, reader: str, text: str, codes: list[str],
                 hidden: Any, event: MessageEvent) -> None:
        window = self._window(table_id, reader)
        if not window:
            return
        always_hidden = frozenset.intersection(*(hidden(s) for s in window))
        self.checked += 1
        leaked = named_cards(text, codes, always_hidden)
        if leaked:
            self.leaks.append(Leak(table_id, window[-1].version,
                                   f"{event.kind} in {reader} ({event.channel_id})",
                                   leaked, text))
