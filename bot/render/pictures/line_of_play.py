"""Where each tile of a domino layout lies, the way players build it on a table.

A line grows both ways from the first tile and bends at the table's edge: the left arm turns
up and back, the right arm down and back, so the picture stays phone-shaped however long the
line gets. A cross (Sebastopol) has an arm on each side of the centre double, each turning into
its own quarter of the table when it runs long; a star (Cyprus) has up to eight arms, drawn as
lanes fanning out left and right of the centre double, each joined to it by a spoke. Doubles
lie across the line. Every arm ends in a badge with its end's id (``L``, ``R``, ``1``..``8``),
the name the move picker uses; ``C`` marks a centre double that takes another arm.

Pure geometry: tiles as touching-half-first strings in, boxes in pixels out (the origin is the
centre tile's middle); `draw_plan` paints them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from bot.games.dominoes.tiles import halves
from bot.render.pictures.fonts import font
from bot.render.pictures.style import FELT_LIGHT, GOLD
from bot.render.pictures.tiles import paste_tile

GAP = 3
BADGE_R = 11


@dataclass(frozen=True)
class Placed:
    """A tile's box; ``first`` is the half drawn left (top when ``vertical``)."""

    x0: float
    y0: float
    x1: float
    y1: float
    first: int
    second: int
    centre: bool = False

    @property
    def vertical(self) -> bool:
        return self.y1 - self.y0 > self.x1 - self.x0


@dataclass
class Plan:
    tiles: list[Placed] = field(default_factory=list)
    badges: list[tuple[float, float, str]] = field(default_factory=list)
    """(x, y, end id) of each open end's badge."""
    spokes: list[tuple[float, float, float, float]] = field(default_factory=list)

    def bbox(self) -> tuple[float, float, float, float]:
        xs = [t.x0 for t in self.tiles] + [x - BADGE_R for x, _, _ in self.badges]
        ys = [t.y0 for t in self.tiles] + [y - BADGE_R for _, y, _ in self.badges]
        xe = [t.x1 for t in self.tiles] + [x + BADGE_R for x, _, _ in self.badges]
        ye = [t.y1 for t in self.tiles] + [y + BADGE_R for _, y, _ in self.badges]
        return min(xs), min(ys), max(xe), max(ye)

    def shifted(self, dx: float, dy: float) -> Plan:
        return Plan([Placed(t.x0 + dx, t.y0 + dy, t.x1 + dx, t.y1 + dy, t.first, t.second,
                            t.centre) for t in self.tiles],
                    [(x + dx, y + dy, label) for x, y, label in self.badges],
                    [(a + dx, b + dy, c + dx, d + dy) for a, b, c, d in self.spokes])


class _Chain:
    """One arm laid tile by tile: along a main axis (x when ``horizontal``) in direction
    ``sign``, folding towards ``fold`` (+1/-1 on the other axis) and running back whenever
    the next tile would pass ``lo``/``hi`` on the main axis."""

    def __init__(self, unit: int, *, horizontal: bool, start: float, line: float, sign: int,
                 fold: int, lo: float, hi: float) -> None:
        self.u, self.horizontal = unit, horizontal
        self.m, self.c, self.sign, self.fold = start, line, sign, fold
        self.lo, self.hi = lo, hi
        self.in_row = 0
        self.prev_double = False
        self.placed: list[Placed] = []

    def _box(self, m0: float, m1: float, c0: float, c1: float, first: int,
             second: int) -> None:
        m0, m1 = sorted((m0, m1))
        c0, c1 = sorted((c0, c1))
        if self.horizontal:
            self.placed.append(Placed(m0, c0, m1, c1, first, second))
        else:
            self.placed.append(Placed(c0, m0, c1, m1, first, second))

    def lay(self, piece: str) -> None:
        a, b = halves(piece)
        u, s = self.u, self.sign
        double = a == b
        far = self.m + s * (u if double else 2 * u)
        beyond = far > self.hi if s > 0 else far < self.lo
        if beyond and self.in_row:
            self._corner(a, b)  # a double turning the corner lies lengthwise, as players do
            return
        across = u if double else u / 2
        first, second = (a, b) if s > 0 else (b, a)
        self._box(self.m, far, self.c - across, self.c + across, first, second)
        self.m = far + s * GAP
        self.in_row += 1
        self.prev_double = double

    def _corner(self, a: int, b: int) -> None:
        """The tile that turns the arm: across the end of the row, then the row runs back."""
        u, s, f = self.u, self.sign, self.fold
        edge = self.m - s * GAP
        off = (u if self.prev_double else u / 2) + GAP
        first, second = (a, b) if f > 0 else (b, a)
        self._box(edge - s * u, edge, self.c + f * off, self.c + f * (off + 2 * u), first,
                  second)
        self.c += f * (off + 1.5 * u)
        self.m = edge - s * u - s * GAP
        self.sign = -s
        self.in_row = 0
        self.prev_double = False

    def end(self) -> tuple[float, float]:
        """Where the open end's badge goes: just beyond the last tile."""
        m = self.m - self.sign * GAP + self.sign * (BADGE_R + 3)
        return (m, self.c) if self.horizontal else (self.c, m)


def _centre(centre: str, unit: int, across: bool) -> Placed:
    hi, lo = halves(centre)
    if across:
        return Placed(-unit / 2, -unit, unit / 2, unit, hi, lo, centre=True)
    return Placed(-unit, -unit / 2, unit, unit / 2, hi, lo, centre=True)


def plan(centre: str, arms: list[list[str]], arm_ids: list[str], ends: dict[str, int],
         layout: str, unit: int, half_width: float) -> Plan:
    """The layout's tiles and end badges; ``half_width`` is how far from the centre a row may
    run before it bends."""
    if not centre:
        return Plan()
    if layout == "star":
        return _star(centre, arms, arm_ids, ends, unit, half_width)
    if layout == "cross":
        return _cross(centre, arms, arm_ids, ends, unit, half_width)
    return _line(centre, arms, arm_ids, ends, unit, half_width)


def _badges(chains: list[_Chain], arm_ids: list[str], ends: dict[str, int]) -> list[
        tuple[float, float, str]]:
    return [(*chain.end(), aid) for chain, aid in zip(chains, arm_ids, strict=False)
            if aid in ends]


def _line(centre: str, arms: list[list[str]], arm_ids: list[str], ends: dict[str, int],
          unit: int, half_width: float) -> Plan:
    a, b = halves(centre)
    hub = _centre(centre, unit, a == b)
    side = (hub.x1 - hub.x0) / 2 + GAP
    left = _Chain(unit, horizontal=True, start=-side, line=0, sign=-1, fold=-1,
                  lo=-half_width, hi=half_width)
    right = _Chain(unit, horizontal=True, start=side, line=0, sign=1, fold=1,
                   lo=-half_width, hi=half_width)
    chains = [left, right]
    for chain, arm in zip(chains, arms, strict=False):
        for piece in arm:
            chain.lay(piece)
    tiles = [hub, *left.placed, *right.placed]
    return Plan(tiles, _badges(chains, arm_ids or ["L", "R"], ends))


def _cross(centre: str, arms: list[list[str]], arm_ids: list[str], ends: dict[str, int],
           unit: int, half_width: float) -> Plan:
    """Arms 1..4 leave east, west, north and south; each bends into its own quarter (east
    turns down, south turns left, west up, north right), so they never meet."""
    u = unit
    hub = _centre(centre, u, True)
    inner = 2 * u + GAP  # clear of the centre column's or row's doubles, with room to spare
    longest = max((len(arm) for arm in arms[2:4]), default=0)
    reach = max(7 * u, (longest // 3 + 1) * (2 * u + GAP))  # about three columns at most
    chains = [
        _Chain(u, horizontal=True, start=u / 2 + GAP, line=0, sign=1, fold=1, lo=inner,
               hi=half_width),
        _Chain(u, horizontal=True, start=-u / 2 - GAP, line=0, sign=-1, fold=-1,
               lo=-half_width, hi=-inner),
        _Chain(u, horizontal=False, start=-u - GAP, line=0, sign=-1, fold=1, lo=-reach,
               hi=-inner),
        _Chain(u, horizontal=False, start=u + GAP, line=0, sign=1, fold=-1, lo=inner,
               hi=reach),
    ]
    used = chains[:len(arms)]
    for chain, arm in zip(used, arms, strict=False):
        for piece in arm:
            chain.lay(piece)
    tiles = [hub] + [p for chain in used for p in chain.placed]
    badges = _badges(used, arm_ids, ends)
    if "C" in ends:
        nxt = chains[len(arms)] if len(arms) < len(chains) else None
        x, y = nxt.end() if nxt is not None else (0.0, -u - BADGE_R - 3)
        badges.append((x, y, "C"))
    return Plan(tiles, badges)


def _star(centre: str, arms: list[list[str]], arm_ids: list[str], ends: dict[str, int],
          unit: int, half_width: float) -> Plan:
    """Odd arms fan out to the right, even ones to the left, one lane each under the last,
    centred on the double and joined to it by spokes."""
    u = unit
    hub = _centre(centre, u, True)
    start = u / 2 + u
    inner = start + 2 * BADGE_R + GAP  # a lane's badge never sits on the spokes
    out = Plan([hub])
    for side, sign in ((0, 1), (1, -1)):
        lanes: list[tuple[_Chain, str]] = []
        bottom: float | None = None
        for index in range(side, len(arms), 2):
            chain = _Chain(u, horizontal=True, start=sign * start, line=0, sign=sign, fold=1,
                           lo=-half_width if sign < 0 else inner,
                           hi=half_width if sign > 0 else -inner)
            for piece in arms[index]:
                chain.lay(piece)
            top = min((p.y0 for p in chain.placed), default=-u / 2)
            low = max((p.y1 for p in chain.placed), default=u / 2)
            shift = 0.0 if bottom is None else bottom + 2 * GAP - top
            chain.placed = [Placed(p.x0, p.y0 + shift, p.x1, p.y1 + shift, p.first, p.second)
                            for p in chain.placed]
            chain.c += shift
            lanes.append((chain, arm_ids[index] if index < len(arm_ids) else str(index + 1)))
            bottom = low + shift
        if not lanes:
            continue
        starts = [_first_line(ch) for ch, _ in lanes]
        mid = (starts[0] + starts[-1]) / 2
        for (chain, aid), line in zip(lanes, starts, strict=True):
            tiles = [Placed(p.x0, p.y0 - mid, p.x1, p.y1 - mid, p.first, p.second)
                     for p in chain.placed]
            out.tiles += tiles
            y = line - mid
            out.spokes.append((sign * u / 2, max(-u / 2, min(u / 2, y)), sign * start, y))
            if aid in ends:
                x, yy = chain.end()
                out.badges.append((x, yy - mid, aid))
    if "C" in ends:
        out.badges.append((0.0, -u - BADGE_R - 3, "C"))
    return out


def _first_line(chain: _Chain) -> float:
    """The lane's first row's centre line (where its spoke arrives)."""
    if not chain.placed:
        return chain.c
    first = chain.placed[0]
    return (first.y0 + first.y1) / 2


def draw_plan(im: Image.Image, layout: Plan, unit: int, style: str) -> None:
    """Paint a plan already shifted into ``im``'s coordinates."""
    draw = ImageDraw.Draw(im)
    for x0, y0, x1, y1 in layout.spokes:
        draw.line((x0, y0, x1, y1), fill=FELT_LIGHT, width=3)
    for t in layout.tiles:
        paste_tile(im, t.first, t.second, t.x0, t.y0, unit, t.vertical, style)
        if t.centre:
            draw.rounded_rectangle((t.x0 - 2, t.y0 - 2, t.x1 + 1, t.y1 + 1), 6, outline=GOLD,
                                   width=2)
    f = font(14, True)
    for x, y, label in layout.badges:
        draw.ellipse((x - BADGE_R, y - BADGE_R, x + BADGE_R, y + BADGE_R), fill=GOLD,
                     outline=(40, 30, 0), width=1)
        draw.text((x, y), label, font=f, fill=(30, 24, 0), anchor="mm")
