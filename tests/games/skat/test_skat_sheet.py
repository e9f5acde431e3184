"""The score sheet: the book's score card (B21), proving the score (T18, B22, B23), and the
Seeger-Fabian list (T37, T38), both as pure functions and through a played series."""

from __future__ import annotations

from bot.games.skat import GAME
from bot.games.skat.contracts import Contract
from bot.games.skat.scoring import score_game, score_ramsch
from bot.games.skat.sheet import SheetEntry, SkatScoreSheet, prove_score, seeger_bonus

CLASSIC = GAME.options("classic")
ISKO = GAME.options("isko", score_sheet="seeger_fabian")


def entry(deal: int, seat: int, value: int, persons: int = 4,
          bonus: list[int] | None = None) -> SheetEntry:
    deltas = [0] * persons
    deltas[seat] = value
    return SheetEntry(deal=deal, text="", deltas=deltas, bonus=bonus or [0] * persons)


def test_b21_the_books_score_card() -> None:
    def won(code: str, trumps: list[str], points: int = 70, tricks: int = 6) -> int:
        got = score_game(Contract.parse(code), CLASSIC, cards12=trumps, points=points,
                         tricks=tricks)
        assert got.won
        return got.entry

    a, b, c, d = 0, 1, 2, 3
    ramsch = score_ramsch({0: 20, 1: 60, 2: 40}, {0: 2, 1: 5, 2: 3}, 0, 2, CLASSIC)
    values = [
        (a, won("solo-C", ["CJ", "SJ", "HJ"])),
        (b, won("solo_grand", ["CJ", "SJ"], points=95, tricks=8)),
        (c, won("solo-S", ["DJ"])),
        (d, won("tourne-C", ["CJ", "SJ", "HJ"], points=92, tricks=8)),
        (a, won("guck_grand", ["CJ", "SJ"])),
        (b, ramsch.entries[1]),
        (c, won("tourne-D", ["CJ"])),
        (d, score_game(Contract.parse("nullo"), CLASSIC, tricks=0).entry),
    ]
    assert [v for _, v in values] == [48, 64, 44, 40, 36, -20, 10, 20]
    sheet = SkatScoreSheet(persons=4)
    for i, (seat, value) in enumerate(values):
        sheet = sheet.add(entry(i + 1, seat, value))
    assert sheet.running()[0] == [48, 0, 0, 0]
    assert sheet.running()[4] == [84, 64, 44, 40]
    assert sheet.totals() == [84, 44, 54, 60]
    assert sheet.settlement() == [94, -66, -26, -2]  # T18, B22


def test_b23_proof_with_a_minus_score() -> None:
    assert prove_score([20, 33, 10, -16]) == [33, 85, -7, -111]
    nets = prove_score([20, 33, 10, -16])
    assert sum(n for n in nets if n > 0) == 118 == -sum(n for n in nets if n < 0)


def test_t37_seeger_fabian_three_persons() -> None:
    sheet = SkatScoreSheet(persons=3, seeger_fabian=True)
    grand = score_game(Contract.parse("grand"), ISKO, cards12=["CJ", "SJ"], points=70, tricks=6)
    assert grand.entry == 72
    sheet = sheet.add(entry(1, 0, grand.entry, 3, seeger_bonus(3, 0, [1, 2], True)))
    assert sheet.list_totals() == [122, 0, 0]
    hearts = score_game(Contract.parse("suit-H"), ISKO, cards12=["CJ"], points=50, tricks=4)
    assert hearts.entry == -40
    sheet = SkatScoreSheet(persons=3, seeger_fabian=True).add(
        entry(1, 0, hearts.entry, 3, seeger_bonus(3, 0, [1, 2], False)))
    assert sheet.list_totals() == [-90, 40, 40] and sheet.totals() == [-40, 0, 0]


def test_spec_3_7_missed_schneider_on_the_seeger_list() -> None:
    grand = score_game(Contract.parse("grand-hand-schneider"), ISKO,
                       cards12=["CJ", "SJ", "HJ", "DJ"], points=89, tricks=7)
    assert grand.entry == -384
    sheet = SkatScoreSheet(persons=3, seeger_fabian=True).add(
        entry(1, 0, grand.entry, 3, seeger_bonus(3, 0, [1, 2], False)))
    assert sheet.list_totals() == [-434, 40, 40]


def test_t38_seeger_fabian_four_persons_pays_the_dealer_too() -> None:
    assert seeger_bonus(4, 1, [2, 3], False) == [30, -50, 30, 30]
    sheet = SkatScoreSheet(persons=4, seeger_fabian=True).add(
        entry(1, 1, -40, 4, seeger_bonus(4, 1, [2, 3], False)))
    assert sheet.list_totals() == [30, -90, 30, 30]


def test_seeger_list_through_played_deals() -> None:
    start = GAME.new(3, ISKO.model_copy(update={"deals": 1}), seed=3, deal={"dealer": 2})
    st = start
    for move in ["bid:18", "pass", "pass", "hand", "declare:suit-C-hand"]:
        st, _ = st.apply(st.to_act[0], move)
    assert st.declarer == 1 and st.to_act == [0]
    # A defender concedes for both: the Player wins at the simple level (3.13).
    won, _ = st.apply(0, "concede")
    assert won.last is not None and won.last.score is not None
    assert won.last.score.won and won.last.score.levels == ["game", "hand"]
    assert won.sheet.entries[0].bonus == [0, 50, 0]
    # The Player concedes with nine cards or more: lost at the simple level.
    st, _ = st.apply(0, str(st.legal_actions(0)[0]))
    lost, _ = st.apply(1, "concede")
    assert lost.phase == "over" and lost.last is not None and lost.last.score is not None
    score = lost.last.score
    assert not score.won and score.levels == ["game", "hand"]
    assert lost.sheet.entries[0].bonus == [40, -50, 40]
    out = lost.outcome()
    assert out is not None and out.points[1] == score.entry - 50 and out.winners == [0, 2]
