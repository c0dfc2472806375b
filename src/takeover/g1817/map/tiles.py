"""Tiles: their geometry (paths between edges and stops), revenues, colours and rotation.

A tile is written in the reference's tile notation (``city=revenue:20;path=a:0,b:_0``):
parts separated by ``;``, each a type and ``key:value`` parameters. Cities, towns,
off-board areas and junctions are *nodes*, numbered in the order they are written
(``_0`` is the first node); a path joins two ends, each an edge number 0-5 or a node.
Here a path's ends are edge numbers (``int``) or node names: ``c<i>`` for the i-th city,
``t<i>`` the i-th town, ``o<i>`` the i-th off-board area, ``j<i>`` a junction.

>>> t = parse_tile("57", "yellow", STANDARD_TILES["57"][1])
>>> t.paths, t.cities[0].revenue_at("yellow"), t.exits(1)
(((0, 'c0'), ('c0', 3)), 20, frozenset({1, 4}))
"""

from __future__ import annotations

from dataclasses import dataclass, field

End = int | str
"""An end of a path: an edge number 0-5 or a node name (``c0``, ``t0``, ``o0``, ``j0``)."""
Path = tuple[End, End]


@dataclass(frozen=True, slots=True)
class Revenue:
    """A stop's revenue: one figure, or one per phase colour (off-boards, gray cities)."""

    flat: int = 0
    by_color: tuple[tuple[str, int], ...] = ()

    def at(self, phase_colors: tuple[str, ...] | str) -> int:
        """The revenue when the phase allows ``phase_colors`` (the latest listed colour the
        revenue names counts; a single colour may be given)."""
        if not self.by_color:
            return self.flat
        colors = (phase_colors,) if isinstance(phase_colors, str) else phase_colors
        table = dict(self.by_color)
        for color in reversed(colors):
            if color in table:
                return table[color]
        return self.by_color[0][1]

    def to_json(self) -> int | dict[str, int]:
        return dict(self.by_color) if self.by_color else self.flat

    @staticmethod
    def parse(text: str) -> Revenue:
        if "_" in text:
            pairs = tuple((c, int(v)) for c, v in (p.split("_") for p in text.split("|")))
            return Revenue(0, pairs)
        return Revenue(int(text))


@dataclass(frozen=True, slots=True)
class Stop:
    """A city (with token slots), town or off-board area on a tile."""

    kind: str
    """``city``, ``town`` or ``offboard``."""
    revenue: Revenue
    slots: int = 0
    visit_cost: int = 1

    def revenue_at(self, phase_colors: tuple[str, ...] | str) -> int:
        return self.revenue.at(phase_colors)


@dataclass(frozen=True, slots=True, eq=False)
class Tile:
    """A tile design (not a copy): what every copy of tile ``name`` has, unrotated.

    Each design is parsed once and shared, so it compares and hashes by identity (the
    map's caches key on it)."""

    name: str
    color: str
    cities: tuple[Stop, ...] = ()
    towns: tuple[Stop, ...] = ()
    offboards: tuple[Stop, ...] = ()
    junctions: int = 0
    paths: tuple[Path, ...] = ()
    label: str = ""
    cost: int = 0
    terrain: str = ""
    borders: tuple[tuple[int, str], ...] = ()
    """(edge, type) of the printed borders; ``impassable`` ones block track."""
    layout: str = field(default="", compare=False)

    def node(self, name: str) -> Stop | None:
        """The stop a node name stands for (``None`` for a junction)."""
        kind, index = name[0], int(name[1:])
        if kind == "c":
            return self.cities[index]
        if kind == "t":
            return self.towns[index]
        if kind == "o":
            return self.offboards[index]
        return None

    def exits(self, rotation: int = 0) -> frozenset[int]:
        """The edges track leaves the tile by, after ``rotation``."""
        return frozenset((e + rotation) % 6 for p in self.paths for e in p if isinstance(e, int))

    def city_exits(self, city: int, rotation: int = 0) -> frozenset[int]:
        """The edges joined to city ``city`` by a path, after ``rotation``."""
        name = f"c{city}"
        out: set[int] = set()
        for a, b in self.paths:
            if a == name and isinstance(b, int):
                out.add((b + rotation) % 6)
            elif b == name and isinstance(a, int):
                out.add((a + rotation) % 6)
        return frozenset(out)


def rotate_end(end: End, rotation: int) -> End:
    return (end + rotation) % 6 if isinstance(end, int) else end


def _params(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in text.split(","):
        if item:
            key, _, value = item.partition(":")
            out[key] = value
    return out


def parse_tile(name: str, color: str, layout: str) -> Tile:
    """A tile from its layout in the reference's notation (parts it does not use in
    1817, such as icons, are refused so that nothing is silently lost)."""
    cities: list[Stop] = []
    towns: list[Stop] = []
    offboards: list[Stop] = []
    nodes: list[str] = []
    paths: list[Path] = []
    borders: list[tuple[int, str]] = []
    junctions = 0
    label = terrain = ""
    cost = 0
    for part in filter(None, layout.split(";")):
        kind, _, rest = part.partition("=")
        p = _params(rest)
        if kind == "city":
            nodes.append(f"c{len(cities)}")
            cities.append(Stop("city", Revenue.parse(p["revenue"]), int(p.get("slots", "1"))))
        elif kind == "town":
            nodes.append(f"t{len(towns)}")
            towns.append(Stop("town", Revenue.parse(p["revenue"])))
        elif kind == "offboard":
            nodes.append(f"o{len(offboards)}")
            visit = int(p.get("visit_cost", "1"))
            offboards.append(Stop("offboard", Revenue.parse(p["revenue"]), visit_cost=visit))
        elif kind == "junction":
            nodes.append(f"j{junctions}")
            junctions += 1
        elif kind == "path":
            ends = tuple(nodes[int(p[k][1:])] if p[k].startswith("_") else int(p[k]) for k in "ab")
            paths.append((ends[0], ends[1]))
        elif kind == "label":
            label = rest
        elif kind == "upgrade":
            cost, terrain = int(p.get("cost", "0")), p.get("terrain", "")
        elif kind == "border":
            borders.append((int(p["edge"]), p.get("type", "")))
        else:
            raise ValueError(f"tile {name}: unknown part {part!r}")
    return Tile(
        name,
        color,
        tuple(cities),
        tuple(towns),
        tuple(offboards),
        junctions,
        tuple(paths),
        label,
        cost,
        terrain,
        tuple(borders),
        layout,
    )


STANDARD_TILES: dict[str, tuple[str, str]] = {
    "5": ("yellow", "city=revenue:20;path=a:0,b:_0;path=a:1,b:_0"),
    "6": ("yellow", "city=revenue:20;path=a:0,b:_0;path=a:2,b:_0"),
    "7": ("yellow", "path=a:0,b:1"),
    "8": ("yellow", "path=a:0,b:2"),
    "9": ("yellow", "path=a:0,b:3"),
    "57": ("yellow", "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3"),
    "14": (
        "green",
        "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0",
    ),
    "15": (
        "green",
        "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0",
    ),
    "54": (
        "green",
        "city=revenue:60;city=revenue:60;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;"
        "path=a:_1,b:3;label=NY",
    ),
    "80": ("green", "junction;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0"),
    "81": ("green", "junction;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0"),
    "82": ("green", "junction;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0"),
    "83": ("green", "junction;path=a:0,b:_0;path=a:5,b:_0;path=a:3,b:_0"),
    "592": ("green", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0;label=B"),
    "619": (
        "green",
        "city=revenue:30,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0",
    ),
    "62": (
        "brown",
        "city=revenue:80,slots:2;city=revenue:80,slots:2;path=a:0,b:_0;path=a:_0,b:1;"
        "path=a:2,b:_1;path=a:_1,b:3;label=NY",
    ),
    "63": (
        "brown",
        "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;"
        "path=a:4,b:_0;path=a:5,b:_0",
    ),
    "448": (
        "brown",
        "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0",
    ),
    "544": ("brown", "junction;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "545": ("brown", "junction;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0"),
    "546": ("brown", "junction;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "593": (
        "brown",
        "city=revenue:60,slots:3;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=B",
    ),
    "611": (
        "brown",
        "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;"
        "path=a:4,b:_0",
    ),
    "597": (
        "gray",
        "city=revenue:80,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;"
        "path=a:4,b:_0;label=B",
    ),
}
"""The common 18xx tiles 1817's titles use, by number: (colour, layout)."""

_STANDARD: dict[str, Tile] = {n: parse_tile(n, c, lay) for n, (c, lay) in STANDARD_TILES.items()}


def standard_tile(name: str) -> Tile:
    """A standard tile by number."""
    try:
        return _STANDARD[name]
    except KeyError:
        raise ValueError(f"no standard tile {name!r}") from None
