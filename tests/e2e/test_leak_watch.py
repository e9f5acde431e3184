"""The leak watch must be able to fail: fed real Euchre states and made-up messages."""

from __future__ import annotations

import random

from bot.games import registry
from bot.games.cards import pretty
from bot.games.euchre.rules import EuchreState
from bot.games.skat.options import SkatOptions
from bot.games.skat.rules import SkatState, new_state
from tests.e2e.fake_discord import MessageEvent
from tests.e2e.leaks import LeakWatch, cards_in, hidden_cards


def _game(seed: int) -> list[EuchreState]:
    game = registry.get("euchre")
    state = game.new(4, game.options("hoyle1871"), seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over and len(states) < 400:
        seat = state.to_act[0]
        state, _ = state.apply(seat, rng.choice(state.legal_actions(seat)))
        states.append(state)
    return states


def _event(text: str, *, public: bool = True, user: str | None = None,
           custom_id: str | None = None) -> MessageEvent:
    message = {"content": text, "embeds": [], "components": []}
    if custom_id:
        message["components"] = [{"type": 1, "components": [
            {"type": 2, "label": "x", "custom_id": custom_id}]}]
    return MessageEvent("edit", message, "100" if public else "200", not public, None,
                        None if public else user)


def test_views_never_show_what_the_watch_calls_hidden() -> None:
    for seed in range(5):
        for state in _game(seed):
            public, per_seat = hidden_cards(state)
            assert state.turn_up not in public
            view = state.view(None).model_dump(mode="json")
            view.pop("last_hand", None)
            assert not public & cards_in(view)
            for seat, hidden in per_seat.items():
                mine = state.view(seat).model_dump(mode="json")
                mine.pop("last_hand", None)
                assert not hidden & cards_in(mine)
                assert hidden <= public


def test_a_hidden_card_in_the_channel_is_caught_and_a_played_one_is_not() -> None:
    state = _game(7)[0]
    watch = LeakWatch()
    watch.record(1, 100, 1, state, {"42": 0})
    east_card = state.hands[1][0]
    watch.check(_event(f"North leads {pretty(state.turn_up)}"))
    assert watch.leaks == [] and watch.checked == 1
    watch.check(_event(f"East holds {pretty(east_card)}"))
    assert [leak.cards for leak in watch.leaks] == [{east_card}]
    watch.check(_event("table", custom_id=f"pa:1:1:play:{state.hands[2][0]}"))
    assert watch.leaks[-1].cards == {state.hands[2][0]}


def test_a_seat_may_read_its_own_hand_but_not_another() -> None:
    state = _game(3)[0]
    watch = LeakWatch()
    watch.record(1, 100, 1, state, {"42": 0})
    watch.check(_event(" ".join(pretty(c) for c in state.hands[0]), public=False, user="42"))
    assert watch.leaks == []
    watch.check(_event(pretty(state.hands[3][1]), public=False, user="42"))
    assert watch.leaks[-1].cards == {state.hands[3][1]}


def test_a_card_public_in_a_recent_version_is_not_flagged() -> None:
    states = _game(11)
    played = next(s for s in states if s.trick)
    before = states[states.index(played) - 1]
    card = played.trick[-1][1]
    watch = LeakWatch()
    watch.check(_event("nothing yet"))
    watch.record(1, 100, 1, before, {})
    watch.check(_event("first message"))
    watch.record(1, 100, 2, played, {})
    watch.check(_event(f"{pretty(card)} was played"))
    assert watch.leaks == []


def test_a_move_code_in_text_names_its_card() -> None:
    """The old timeout notice ("the AI played `discard:CQ` for them") told the discard."""
    states = _game(2)
    dealt = states[0]
    watch = LeakWatch()
    watch.record(1, 100, 1, dealt, {})
    card = dealt.hands[1][0]
    watch.check(_event(f"Carol ran out of time; the AI played `discard:{card}` for them."))
    assert [leak.cards for leak in watch.leaks] == [{card}]
    watch.check(_event("Carol ran out of time; the AI discarded a card face down for them."))
    assert len(watch.leaks) == 1


def test_a_hidden_domino_tile_is_caught_as_text_or_code_and_a_laid_or_own_one_is_not() -> None:
    game = registry.get("dominoes")
    state = game.new(2, game.options("block"), 5)
    seat = state.to_act[0]
    state, _ = state.apply(seat, state.legal_actions(seat)[0])  # the lead lies on the table
    laid = state.t.centre
    watch = LeakWatch()
    watch.record(1, 100, 1, state, {"42": 0})
    a, b = laid.split("-")
    watch.check(_event(f"Anna posed [{b}|{a}]"))
    assert watch.leaks == [] and watch.checked == 1
    held = state.t.hands[1][0]
    x, y = held.split("-")
    watch.check(_event(f"Bert holds [{y}|{x}]"))
    assert [leak.cards for leak in watch.leaks] == [{held}]
    never = state.t.stock[0]
    watch.check(_event("table", custom_id=f"pa:1:1:play:{never}>L"))
    assert watch.leaks[-1].cards == {never}
    mine = state.t.hands[0][0]
    watch.leaks.clear()
    watch.check(_event(f"Your tiles: [{mine.replace('-', '|')}]", public=False, user="42"))
    assert watch.leaks == []


def _two_plays(seed: int) -> tuple[list[EuchreState], str]:
    """Three states in a row and the card played in the last: hidden in the first two."""
    states = _game(seed)
    for i in range(2, len(states)):
        a, b, c = states[i - 2: i + 1]
        if c.trick and c.trick[-1][1] in hidden_cards(a)[0] & hidden_cards(b)[0]:
            return [a, b, c], c.trick[-1][1]
    raise AssertionError("no two plays in a row")


def test_a_message_ahead_of_the_listeners_is_excused_up_to_the_committed_version() -> None:
    """A turn offered from the newest committed version reaches the fake while the listeners
    (and so `record`) are two versions behind: the versions up to that one may excuse it."""
    (first, second, third), card = _two_plays(5)
    watch = LeakWatch(committed=lambda table_id: 3)
    watch.record(1, 100, 1, first, {})
    watch.check(_event(f"{pretty(card)} was played"))
    assert [leak.cards for leak in watch.leaks] == [{card}]
    watch.record(1, 100, 2, second, {})
    assert watch.leaks and watch.leaks[0].in_flight is not None, "still in flight"
    watch.record(1, 100, 3, third, {})
    assert watch.leaks == []


def test_a_message_ahead_of_the_committed_version_stays_a_leak() -> None:
    (first, second, third), card = _two_plays(5)
    for committed in (None, lambda table_id: 2):
        watch = LeakWatch(committed=committed)
        watch.record(1, 100, 1, first, {})
        watch.check(_event(f"{pretty(card)} was played"))
        watch.record(1, 100, 2, second, {})
        watch.record(1, 100, 3, third, {})
        assert [leak.cards for leak in watch.leaks] == [{card}], committed


def _two_deals() -> tuple[list[SkatState], SkatState]:
    """The states of a first Skat deal played at random, and the first state of the second."""
    rng = random.Random(3)
    state = new_state(3, SkatOptions(deals=3), seed=5)
    first = [state]
    while state.deal_no == 0:
        seat = state.to_act[0]
        state = state.apply(seat, rng.choice(sorted(state.legal_actions(seat), key=str)))[0]
        if state.deal_no == 0:
            first.append(state)
    return first, state


def _new_deals_hand(holder: int) -> tuple[LeakWatch, SkatState, int, str]:
    """A watch that recorded the first deal, and Alice's hand message of the second deal, naming
    a card ``holder`` holds there that the first deal never showed her, sent before the second
    deal's first version reaches the watch (committed, the listeners behind)."""
    first, second = _two_deals()
    card = next(c for c in second.hands[holder] if all(c not in s.hands[0] for s in first))
    new = len(first) + 1
    watch = LeakWatch(committed=lambda table_id: new)
    for version, state in enumerate(first, 1):
        watch.record(1, 100, version, state, {"42": 0})
    watch.check(_event(f"**Skat**, table 1 · deal 2 of 3 · Your turn: bidding\n"
                       f"Your hand: {pretty(card)}", public=False, user="42"))
    return watch, second, new, card


def test_a_new_deals_hand_ahead_of_the_listeners_is_read_against_that_deal() -> None:
    """Under load the second deal's first hand message beat its version to the watch, which
    read it against the first deal and kept the flag when the second deal's version came."""
    watch, second, new, card = _new_deals_hand(0)
    assert [leak.cards for leak in watch.leaks] == [{card}], "not yet known to be hers"
    watch.record(1, 100, new, second, {"42": 0})
    assert watch.leaks == []


def test_a_new_deals_card_of_another_seat_stays_a_leak() -> None:
    watch, second, new, card = _new_deals_hand(1)
    watch.record(1, 100, new, second, {"42": 0})
    assert [leak.cards for leak in watch.leaks] == [{card}]
