"""The leak watch over a Skat series, fed real states and made-up messages: every deal brings
all 32 cards again, so it must know which deal a message is about and who may see what then."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.games import registry
from bot.games.cards import pretty, pretty_all
from bot.games.skat.rules import FULL_DECK, SkatState
from tests.e2e.fake_discord import MessageEvent
from tests.e2e.leaks import LeakWatch, cards_in, hidden_cards

Policy = Callable[[SkatState, int], str | None]
"""The action a seat should take now, or None for any legal one."""
ALICE = "42"


def _series(seed: int, deals: int = 3) -> SkatState:
    game = registry.get("skat")
    state = game.new(3, game.options("classic", deals=deals), seed)
    assert isinstance(state, SkatState)
    return state


def _all_pass(state: SkatState, seat: int) -> str | None:
    """Nobody bids: in the classic rules Vorhand is then the Player, without a bid."""
    return "pass" if state.phase == "bid" else None


class Table:
    """A Skat table as the watch sees it: every state recorded, messages checked."""

    def __init__(self, state: SkatState, seed: int = 0) -> None:
        self.state = state
        self.watch = LeakWatch()
        self.version = 1
        self.rng = random.Random(seed)
        self.watch.record(1, 100, self.version, state, {ALICE: 0})

    def step(self, policy: Policy = _all_pass) -> None:
        seat = self.state.to_act[0]
        action = policy(self.state, seat) or str(self.rng.choice(
            self.state.legal_actions(seat)))
        self.state, _ = self.state.apply(seat, action)
        self.version += 1
        self.watch.record(1, 100, self.version, self.state, {ALICE: 0})

    def until(self, done: Callable[[SkatState], bool], policy: Policy = _all_pass) -> None:
        for _ in range(500):
            if done(self.state):
                return
            self.step(policy)
        raise AssertionError("the series never got there")

    def header(self) -> str:
        """The first line of the table message, as `bot.render.skat.table_text` writes it."""
        return f"**Skat** (classic) — deal {self.state.deal_no + 1} of 3, dealer Bob"

    def say(self, text: str, *, to: int | None = None) -> set[str]:
        """Send ``text`` to the channel (or to seat ``to``, Alice's only): the cards flagged."""
        before = len(self.watch.leaks)
        if to is None:
            event = MessageEvent("create", {"content": text}, "100", False, None, None)
        else:
            assert to == 0, "only Alice's seat has a user"
            event = MessageEvent("create", {"content": text}, "200", False, None, ALICE)
        self.watch.check(event)
        return set().union(*(leak.cards for leak in self.watch.leaks[before:]))


def _played_out(state: SkatState, seat: int) -> str | None:
    """Any card or bid, but no claim, concession or surrender, and no game that can stop
    early (Null, an announced schneider or schwarz): every deal is played out."""
    early = ("concede", "surrender", "claim", "null", "revolution", "schneider", "schwarz")
    quiet = [a for a in state.legal_actions(seat) if not any(w in str(a) for w in early)]
    return str(random.Random(state.model_dump_json()).choice(quiet))


def _held(state: SkatState, seat: int) -> str:
    return state.hands[seat][0]


def test_what_the_watch_calls_hidden_is_never_in_the_reader_view() -> None:
    for seed in range(3):
        table = Table(_series(seed), seed)
        while table.state.to_act:
            state = table.state
            public, per_seat = hidden_cards(state)
            for reader in [None, 0, 1, 2]:
                view = state.view(reader)
                hidden = public if reader is None else per_seat[reader]
                assert not hidden & (set(view.hand) | set(view.played) | {c for _, c in view.trick})
                for seat, hand in enumerate(state.hands):
                    shown = set(view.open_hands.get(seat, [])) | {view.turned} | set(
                        view.hand if reader == seat else [])
                    assert set(hand) - shown <= hidden
                if not state.picked_up:
                    assert set(state.skat) - {state.turned, view.peek} <= hidden
            table.step(lambda s, seat: None)


def test_in_deal_two_a_hand_is_caught_and_deal_one_may_be_told() -> None:
    table = Table(_series(3))
    table.until(lambda s: s.deal_no == 1, _played_out)
    first = table.state.last
    assert first is not None and first.ended == "played out"
    state = table.state
    bobs = _held(state, 1)
    assert table.say(f"{table.header()}\nBob holds {pretty(bobs)}") == {bobs}
    # The table's line about deal 1 and the review post name deal 1's cards: no leak, though
    # most of them lie in deal 2's hands now.
    old_skat = pretty_all(first.skat)
    assert table.say(f"{table.header()}\nLast deal: {first.text} (skat {old_skat})") == set()
    played = [c for t in first.tricks for _, c in t.plays]
    assert table.say(f"**Deal 1**: {first.text}\nThe skat was {old_skat}.\n"
                     f"• {pretty_all(played)}") == set()
    assert table.say(f"**Skat · classic**: the game is over.\n"
                     f"Deal 1: {first.text} {pretty_all(played)}") == set()
    # The same card in deal 2's part of the message is still a leak.
    assert table.say(f"{table.header()}\nLast deal: (skat {old_skat})\n"
                     f"Waiting for {pretty(bobs)}") == {bobs}
    assert table.watch.parts == {"now": 4, "last deal": 2, "finished deal": 2}


def test_the_skat_is_hidden_until_taken_up_and_then_seen_by_the_player_alone() -> None:
    table = Table(_series(4))
    table.until(lambda s: s.phase == "skat")
    player = table.state.declarer
    skat = list(table.state.skat)
    assert player is not None
    assert table.say(pretty_all(skat)) == set(skat)
    if player == 0:  # Alice is the Player: her DM may not show the skat before she lifts it
        assert table.say(pretty_all(skat), to=0) == set(skat)
    table.step(lambda s, seat: "guck:grand")  # takes up both skat cards
    assert table.state.phase == "discard"
    assert table.say(pretty_all(skat)) == set(skat)
    shown_to_alice = table.say(pretty_all(skat), to=0)
    assert shown_to_alice == (set() if player == 0 else set(skat))
    table.step(lambda s, seat: None)  # lays two cards away
    laid = table.state.laid_away
    assert table.say(f"Laid away: {pretty_all(laid)}") == set(laid)


def test_a_tourne_card_is_public_once_turned_and_the_peek_is_the_player_s() -> None:
    for seed in range(20):
        table = Table(_series(seed))
        table.until(lambda s: s.phase == "skat")
        if table.state.declarer == 0:
            break
    else:
        raise AssertionError("Alice is never Vorhand")
    skat = list(table.state.skat)
    table.step(lambda s, seat: "tourne:left")
    peek = skat[0]
    assert table.say(f"You see {pretty(peek)}.", to=0) == set()
    assert table.say(f"{pretty(peek)} lies face down") == {peek}
    table.step(lambda s, seat: "accept")
    assert table.state.turned == peek
    # Turned face up: anyone may read it (the other skat card is still the Player's own).
    assert table.say(f"Turned: {pretty(peek)}") == set()
    assert table.say(pretty(skat[1])) == {skat[1]}


def test_an_open_game_shows_the_player_s_hand_and_no_other() -> None:
    table = Table(_series(5))
    table.until(lambda s: s.phase == "skat")
    player = table.state.declarer
    assert player is not None
    hand = list(table.state.hands[player])
    assert table.say(pretty_all(hand)) == set(hand)  # not yet: the game is not declared
    table.step(lambda s, seat: "declare:open_grand")
    assert table.state.phase == "play"
    assert table.say(f"Open cards: {pretty_all(hand)}") == set()
    defender = next(s for s in table.state.roles if s != player)
    other = _held(table.state, defender)
    assert table.say(pretty(other)) == {other}


def test_in_revolution_the_opponents_see_each_other_but_the_player_does_not() -> None:
    for seed in range(20):
        table = Table(_series(seed))
        table.until(lambda s: s.phase == "skat")
        if table.state.declarer != 0:
            break
    else:
        raise AssertionError("Alice is always Vorhand")
    state = table.state
    table.step(lambda s, seat: "declare:revolution")
    partner = next(s for s in state.roles if s not in (0, state.declarer))
    theirs = list(state.hands[partner])
    assert table.say(pretty_all(theirs), to=0) == set()  # Alice defends beside the partner
    assert table.say(pretty_all(theirs)) == set(theirs)  # the channel sees only the Player's
    assert table.say(pretty_all(state.hands[state.declarer])) == set()


def test_a_conceded_deal_keeps_its_unplayed_cards_hidden_in_its_review() -> None:
    table = Table(_series(6))
    table.until(lambda s: s.phase == "skat")
    table.step(lambda s, seat: "declare:solo_grand")
    table.step(lambda s, seat: None)  # the lead
    first_card = table.state.trick[0][1]
    skat = set(table.state.skat)
    conceded = False

    def concede(state: SkatState, seat: int) -> str | None:
        nonlocal conceded
        if "concede" in {str(a) for a in state.legal_actions(seat)} and not conceded:
            conceded = True
            return "concede"
        return None

    table.until(lambda s: s.deal_no == 1, concede)
    record = table.state.last
    assert conceded and record is not None and record.ended != "played out"
    # The review post may name the card led and the skat (the record shows both), not a card
    # that was never shown.
    assert table.say(f"**Deal 1**: {pretty(first_card)} {pretty_all(skat)}") == set()
    never = sorted(set(FULL_DECK) - cards_in(record.model_dump(mode="json")) - {first_card})
    assert never, "a conceded deal leaves cards unplayed"
    assert table.say(f"**Deal 1**: {pretty(never[0])} was never played") == {never[0]}
    assert table.say(f"{table.header()}\nLast deal: x (skat {pretty(never[0])})") == {never[0]}


def test_a_late_message_is_read_against_the_deal_it_names() -> None:
    table = Table(_series(7))
    table.until(lambda s: s.phase == "play" and s.trick == [], lambda s, seat: None)
    deal_one_header = table.header()
    alice = set(table.state.hands[0])
    assert table.say(f"{deal_one_header}\n{pretty_all(alice)}", to=0) == set()
    table.until(lambda s: s.deal_no == 1, lambda s, seat: None)
    table.step(lambda s, seat: None)
    # An old DM edited late (its buttons taken off) still shows deal 1 and Alice's cards then:
    # they are hers in deal 1, so no leak, wherever those cards lie in deal 2.
    assert table.say(f"{deal_one_header}\n{pretty_all(alice)}", to=0) == set()
    bob_now = set(table.state.hands[1])
    assert table.say(f"{table.header()}\n{pretty_all(bob_now)}", to=0) == bob_now


def test_a_click_answered_before_its_version_is_recorded_is_excused_by_that_version() -> None:
    for seed in range(20):
        table = Table(_series(seed))
        table.until(lambda s: s.phase == "skat")
        if table.state.declarer == 0:
            break
    else:
        raise AssertionError("Alice is never Vorhand")
    skat = set(table.state.skat)
    # Alice's answer to "Guckser" shows the skat before the service has published the pickup.
    assert table.say(f"{table.header()}\nThe skat: {pretty_all(skat)}", to=0) == skat
    assert table.say(f"{table.header()}\nThe skat: {pretty_all(skat)}") == skat
    table.step(lambda s, seat: "guck:grand")
    assert [(leak.reader, leak.cards) for leak in table.watch.leaks] == [(None, skat)]
    # The version after that excuses nothing: a late leak stays one.
    assert table.say(f"{table.header()}\n{pretty_all(table.state.hands[1])}", to=0)
    table.step(lambda s, seat: None)
    table.step(lambda s, seat: None)
    assert len(table.watch.leaks) == 2
