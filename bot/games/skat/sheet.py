"""The Skat score sheet of a series: one line per deal, cumulative totals, and the settlement.

Classic Skat writes only the Player's total (the loser's in Ramsch) and settles at the end by
"proving the score": everyone wins from and loses to everyone, so person i nets
``N * s_i - sum(s)`` (2.10). The isko list is the same sheet, optionally with the Seeger-Fabian
bonuses (+50 won, -50 lost, +40/+30 to the others when a game is lost; 3.10).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from bot.games.base import evolve


class SheetEntry(BaseModel):
    """One deal on the sheet: per-person game score changes and Seeger-Fabian bonuses."""

    model_config = ConfigDict(frozen=True)

    deal: int
    text: str
    deltas: list[int]
    bonus: list[int]


class SkatScoreSheet(BaseModel):
    model_config = ConfigDict(frozen=True)

    persons: int
    seeger_fabian: bool = False
    entries: list[SheetEntry] = []

    def add(self, entry: SheetEntry) -> SkatScoreSheet:
        return evolve(self, {"entries": [*self.entries, entry]})

    def totals(self) -> list[int]:
        """The game-score totals, as the book writes them after each entry."""
        out = [0] * self.persons
        for e in self.entries:
            out = [a + b for a, b in zip(out, e.deltas, strict=True)]
        return out

    def list_totals(self) -> list[int]:
        """Totals including the Seeger-Fabian bonuses when that list is kept."""
        out = self.totals()
        if self.seeger_fabian:
            for e in self.entries:
                out = [a + b for a, b in zip(out, e.bonus, strict=True)]
        return out

    def running(self) -> list[list[int]]:
        """The totals after each entry (what the score card shows, line by line)."""
        out: list[list[int]] = []
        cur = [0] * self.persons
        for e in self.entries:
            cur = [a + b + (c if self.seeger_fabian else 0)
                   for a, b, c in zip(cur, e.deltas, e.bonus, strict=True)]
            out.append(cur)
        return out

    def settlement(self) -> list[int]:
        """Proving the score: each person's net against everyone else (sums to zero)."""
        return prove_score(self.list_totals())


def prove_score(totals: list[int]) -> list[int]:
    """The book's proof: ``N * s_i - sum(s)``, the same as shifting the lowest total to zero."""
    n = len(totals)
    whole = sum(totals)
    return [n * s - whole for s in totals]


def seeger_bonus(persons: int, declarer: int, opponents: list[int], won: bool) -> list[int]:
    """+50 to a winning declarer; a loser pays 50 and the others get 40 (3 persons) or 30."""
    bonus = [0] * persons
    if won:
        bonus[declarer] = 50
        return bonus
    bonus[declarer] = -50
    if persons == 3:
        for s in opponents:
            bonus[s] = 40
    else:
        for s in range(persons):
            if s != declarer:
                bonus[s] = 30
    return bonus
