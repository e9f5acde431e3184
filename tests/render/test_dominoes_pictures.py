"""Dominoes pictures over random positions of every game in the booklet: sane PNGs within the
limits, a table picture and alt text that depend on public facts only, a hand that lights
exactly the legal tiles, and a layout whose tiles never lie on one another."""

from __future__ import annotations

import random
import re

import pytest

from bot.games import registry
from bot.games.base import Action
from bot.games.dominoes import DominoesState, DominoesView, source_of
from bot.games.dominoes.tiles import canon, full_set
from bot.render import hand_picture, hand_text, table_picture
from bot.render.dominoes_picture import hand_marks, tile_choices
from bot.render.pictures.line_of_play import BADGE_R, plan
from bot.render.pictures.tiles import tile_image
from tests.render.positions import random_states
from tests.render.test_pictures import png_size

VARIANTS = sorted(registry.get("dominoes").presets)
NAMES = ["Anna", "Bert", "Cleo", "Dora", "Emil", "Fay", "Gus", "Hal", "Ida", "Jo"]
TILE = re.compile(r"\[(\d)\|(\d)\]")


def named_tiles(text: str) -> set[str]:
    return {canon(f"{a}-{b}") for a, b in TILE.findall(text)}


def on_table(view: DominoesView) -> set[str]:
    """The tiles anyone at the table may see: laid, in the trick, won, the turned trump."""
    return set(view.played) | ({canon(view.turned)} if view.turned else set())


def states(variant: str, count: int, seed: int = 0) -> list[DominoesState]:
    return list(random_states("dominoes", count, seed, variant))  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_game_draws_table_and_hand_pictures_naming_only_tiles_the_viewer_may_see(
    variant: str,
) -> None:
    for i, state in enumerate(states(variant, 8, seed=3)):
        style = ("two_colour", "four_colour")[i % 2]
        public = state.view(None)
        names = NAMES[:public.players]
        table = table_picture(public, names, style)
        png_size(table.png)
        assert table.alt.startswith(public.title) and table.filename == "dominoes-table.png"
        assert named_tiles(table.alt) <= on_table(public)
        for seat in range(public.players):
            view = state.view(seat)
            legal = state.legal_actions(seat)
            hand = hand_picture(view, names, style, legal)
            assert hand.text == hand_text(view, names)
            png_size(hand.png)
            assert named_tiles(hand.alt) <= set(view.hand or []) | on_table(view)


def _reshuffled(state: DominoesState, rng: random.Random) -> DominoesState:
    """The same table with the hidden tiles (every hand, the stock, the dummy) dealt afresh
    into hands and piles of the same sizes."""
    t = state.t.model_copy(deep=True)
    hidden = [x for h in t.hands for x in h] + t.stock + t.dummy
    rng.shuffle(hidden)
    for h in t.hands:
        h[:] = [hidden.pop() for _ in h]
    t.stock = [hidden.pop() for _ in t.stock]
    t.dummy = [hidden.pop() for _ in t.dummy]
    return state.model_copy(update={"t": t})


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_table_picture_and_its_alt_text_never_depend_on_hidden_tiles(variant: str) -> None:
    rng = random.Random(variant)
    changed = 0
    for state in states(variant, 5, seed=9):
        public = state.view(None)
        names = NAMES[:public.players]
        drawn = table_picture(public, names)
        other = _reshuffled(state, rng)
        changed += other.t.hands != state.t.hands
        again = table_picture(other.view(None), names)
        assert (again.png, again.alt) == (drawn.png, drawn.alt)
        for seat in range(public.players):  # a seat's own view draws the public table
            mine = table_picture(state.view(seat), names)
            assert (mine.png, mine.alt) == (drawn.png, drawn.alt)
    assert changed  # the hidden tiles did move, so the comparison had work to do


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_hand_lights_exactly_the_tiles_a_legal_action_names(variant: str) -> None:
    seen = 0
    for state in states(variant, 10, seed=5):
        for seat in state.to_act:
            view = state.view(seat)
            legal = state.legal_actions(seat)
            named = {source_of(a) if a.kind == "play" else a.arg for a in legal
                     if a.kind in ("play", "discard", "swap", "declare") and "-" in a.arg}
            marks = hand_marks(view, tile_choices(view, legal))
            lit = {t for t, m in zip(view.hand or [], marks, strict=True) if m == "highlight"}
            assert lit == named
            if named:
                seen += 1
                assert "dim" in marks or lit == set(view.hand or [])
                pic = hand_picture(view, NAMES, "two_colour", legal)
                assert pic.png != hand_picture(view, NAMES, "two_colour").png
                assert named_tiles(pic.alt.split("Playable:")[1].split(".")[0]) == named
    assert seen or variant == "poker"


def test_a_tile_that_fits_two_ends_names_both_under_it() -> None:
    view = DominoesView(game="dominoes", seat=0, players=2, to_act=[0], variant="draw",
                        title="The Draw Game", hand=["6-3", "5-5", "2-0"], counts=[3, 3],
                        centre="6-3", arms=[[], []], arm_ids=["L", "R"], ends={"L": 6, "R": 3},
                        scores=[0, 0], games=[0, 0], target=100)
    legal = [Action.parse(a) for a in ("play:6-3>L", "play:3-6>R", "draw")]
    assert tile_choices(view, legal) == {"6-3": ["L", "R"]}
    assert hand_marks(view, tile_choices(view, legal)) == ["highlight", "dim", "dim"]
    alt = hand_picture(view, NAMES, "two_colour", legal).alt
    assert "Playable: [6|3] (L, R)." in alt and "draw a tile" in alt


def _arm(rng: random.Random, n: int, start: int) -> list[str]:
    """A chain of ``n`` tiles as laid, touching half first (never the same double twice)."""
    out, end = [], start
    for _ in range(n):
        double = rng.random() < 0.25 and not (out and out[-1] == f"{end}-{end}")
        nxt = end if double else rng.choice([x for x in range(10) if x != end])
        out.append(f"{end}-{nxt}")
        end = nxt
    return out


def test_no_two_tiles_or_badges_of_a_long_layout_overlap_and_it_stays_phone_shaped() -> None:
    rng = random.Random(1)
    for _ in range(600):
        layout = rng.choice(["line", "cross", "star"])
        if layout == "line":
            centre, count = rng.choice(["6-6", "5-3"]), 2
            arms = [_arm(rng, rng.randrange(28), 5) for _ in range(count)]
            ids = ["L", "R"]
        else:
            centre, top = ("6-6", 4) if layout == "cross" else ("9-9", 8)
            count = rng.randrange(1, top + 1)
            arms = [_arm(rng, rng.randrange(1, 14 if layout == "cross" else 10), 9)
                    for _ in range(count)]
            ids = [str(i + 1) for i in range(count)]
        ends = dict.fromkeys(ids, 0) | ({"C": 0} if layout != "line" and count < top else {})
        drawn = plan(centre, arms, ids, ends, layout, 40, 314)
        assert len(drawn.tiles) == 1 + sum(len(a) for a in arms)
        assert sorted(label for _, _, label in drawn.badges) == sorted(ends)
        boxes = [(t.x0, t.y0, t.x1, t.y1) for t in drawn.tiles] + [
            (x - BADGE_R, y - BADGE_R, x + BADGE_R, y + BADGE_R) for x, y, _ in drawn.badges]
        for i, a in enumerate(boxes):
            for b in boxes[:i]:
                assert (min(a[2], b[2]) - max(a[0], b[0]) <= 0.5
                        or min(a[3], b[3]) - max(a[1], b[1]) <= 0.5), (layout, a, b)
        x0, _, x1, _ = drawn.bbox()
        assert x1 - x0 <= 760


def test_every_tile_of_the_double_nine_set_is_drawn_differently_and_turned_when_upright() -> None:
    images = {t: tile_image(*map(int, t.split("-")), 40).tobytes() for t in full_set(9)}
    assert len(set(images.values())) == len(images) == 55
    flat = tile_image(6, 2, 40)
    upright = tile_image(6, 2, 40, True)
    assert upright.size == (40, 80) and flat.size == (80, 40)
    assert tile_image(6, 2, 40, False, "four_colour").tobytes() != flat.tobytes()
    assert tile_image(0, 0, 40, False, "four_colour").tobytes() == tile_image(0, 0, 40).tobytes()
