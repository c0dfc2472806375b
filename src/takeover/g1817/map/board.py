"""The board: which tile copy lies on each hex and how it is turned, the tokens in each
city slot, the mine, ranch and bridge markers, and the tiles still in the supply.

Ids are the reference's, because actions name them: a printed hex carries the tile
``<hex>-<i>`` (``i`` counts the hexes printed alike, in map order), a laid tile is a
copy ``<number>-<i>`` (``57-0``); every lay of an unlimited tile makes its next copy, at
the end of the supply, and a tile taken up by an upgrade goes back to the end of the
supply; a lay takes the first copy of the supply. A city is ``<tile copy>-<city index>``.

The mutable state is a few dicts of immutable values, so a copy is cheap; the printed map
and the tile designs (:class:`MapData`) are shared by every copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from takeover.core.errors import IllegalAction
from takeover.g1817.data.maps import (
    HEXES_BASE,
    HEXES_NA,
    HEXES_WO,
    TILES_BASE,
    TILES_NA,
    TILES_WO,
    PrintedHex,
    TileType,
)
from takeover.g1817.map import hexgrid
from takeover.g1817.map.tiles import Tile, parse_tile, standard_tile

Slots = tuple[str | None, ...]


@dataclass(frozen=True, slots=True)
class MapData:
    """A title's printed map and tile manifest, parsed once and shared."""

    title: str
    layout: str
    """``pointy`` (1817, 1817NA) or ``flat`` (1817WO): see :mod:`hexgrid`."""
    printed: dict[str, PrintedHex]
    printed_tiles: dict[str, tuple[str, Tile]]
    """``{hex: (tile copy id, tile)}`` as printed."""
    tiles: dict[str, Tile]
    """The manifest's tile designs by name."""
    counts: dict[str, int | None]
    """Copies of each manifest tile (``None``: unlimited)."""
    neighbours: dict[str, dict[int, str]]
    """``{hex: {edge: hex}}`` between hexes of the map."""


_TITLE_DATA: dict[str, tuple[dict[str, PrintedHex], tuple[TileType, ...]]] = {
    "1817": (HEXES_BASE, TILES_BASE),
    "1817NA": (HEXES_NA, TILES_NA),
    "1817WO": (HEXES_WO, TILES_WO),
}


@cache
def map_data(title: str) -> MapData:
    """The parsed map of ``title`` (1817, 1817NA or 1817WO)."""
    printed, manifest = _TITLE_DATA[title]
    groups: dict[tuple[str, str], int] = {}
    printed_tiles: dict[str, tuple[str, Tile]] = {}
    for coord, h in printed.items():
        index = groups.get((h.color, h.layout), 0)
        groups[(h.color, h.layout)] = index + 1
        printed_tiles[coord] = (f"{coord}-{index}", parse_tile(coord, h.color, h.layout))
    tiles = {
        t.name: parse_tile(t.name, t.color, t.layout) if t.layout else standard_tile(t.name)
        for t in manifest
    }
    coords = frozenset(printed)
    layout = "flat" if title == "1817WO" else "pointy"
    return MapData(
        title,
        layout,
        printed,
        printed_tiles,
        tiles,
        {t.name: t.count for t in manifest},
        {c: hexgrid.neighbours_on(c, coords, layout) for c in printed},
    )


def split_copy(copy_id: str) -> tuple[str, int]:
    """``("57", 0)`` for the tile copy ``57-0``."""
    name, _, index = copy_id.rpartition("-")
    if not name or not index.isdigit():
        raise IllegalAction(f"not a tile id: {copy_id!r}")
    return name, int(index)


def split_city(city_id: str) -> tuple[str, int]:
    """``("57-0", 1)`` for the city ``57-0-1``."""
    tile, _, index = city_id.rpartition("-")
    if not tile or not index.isdigit():
        raise IllegalAction(f"not a city id: {city_id!r}")
    return tile, int(index)


class Board:
    """The map of one game."""

    __slots__ = (
        "current",
        "data",
        "issued",
        "laid",
        "markers",
        "networks",
        "supply",
        "tile_hex",
        "tokens",
        "version",
    )

    def __init__(self, title: str) -> None:
        self.data = map_data(title)
        self.laid: dict[str, tuple[str, int]] = {}
        """``{hex: (tile copy id, rotation)}`` for the hexes where a tile was laid."""
        self.tokens: dict[str, tuple[Slots, ...]] = {
            coord: tuple((None,) * c.slots for c in tile.cities)
            for coord, (_, tile) in self.data.printed_tiles.items()
            if tile.cities
        }
        """``{hex: slots per city}``: the corporation in each slot, ``None`` if open."""
        self.markers: dict[str, tuple[str, ...]] = {}
        """``{hex: markers}``: ``mine``, ``ranch``, ``bridge``."""
        self.supply: dict[str, tuple[int, ...]] = {}
        """``{tile name: indices of the copies not on the map}``, in the order used."""
        self.issued: dict[str, int] = {}
        """``{tile name: copies made}``."""
        for name, count in self.data.counts.items():
            made = 1 if count is None else count
            self.supply[name] = tuple(range(made))
            self.issued[name] = made
        self.tile_hex: dict[str, str] = {
            tid: coord for coord, (tid, _) in self.data.printed_tiles.items()
        }
        """``{tile copy id: hex}`` for every tile on the map."""
        self.current: dict[str, tuple[str, Tile, int]] = {
            coord: (tid, tile, 0) for coord, (tid, tile) in self.data.printed_tiles.items()
        }
        """``{hex: (tile copy id, tile, rotation)}``: what :meth:`tile_at` answers."""
        self.version = 0
        """Counts the changes, so derived facts (a corporation's network) can be cached."""
        self.networks: dict[str, tuple[int, Any]] = {}
        """Cache of :func:`takeover.g1817.map.graph.network` by corporation."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        twin = object.__new__(Board)
        memo[id(self)] = twin
        twin.data = self.data
        twin.laid = dict(self.laid)
        twin.tokens = dict(self.tokens)
        twin.markers = dict(self.markers)
        twin.supply = dict(self.supply)
        twin.issued = dict(self.issued)
        twin.tile_hex = dict(self.tile_hex)
        twin.current = dict(self.current)
        twin.version = self.version
        twin.networks = dict(self.networks)
        return twin

    # -- what is where ------------------------------------------------------------------------

    def tile_at(self, coord: str) -> tuple[str, Tile, int]:
        """``(tile copy id, tile, rotation)`` on ``coord``."""
        try:
            return self.current[coord]
        except KeyError:
            raise IllegalAction(f"no hex {coord} on the {self.data.title} map") from None

    def city_location(self, city_id: str) -> tuple[str, int]:
        """``(hex, city index)`` of a city on the map, by id."""
        tid, index = split_city(city_id)
        coord = self.tile_hex.get(tid)
        if coord is None:
            raise IllegalAction(f"no city {city_id} on the map")
        if index >= len(self.tile_at(coord)[1].cities):
            raise IllegalAction(f"no city {city_id} on the map")
        return coord, index

    def city_id(self, coord: str, index: int) -> str:
        return f"{self.tile_at(coord)[0]}-{index}"

    def corporation_cities(self, corp: str) -> list[tuple[str, int]]:
        """``(hex, city index)`` of every city where ``corp`` has a token."""
        return [
            (coord, i)
            for coord, cities in self.tokens.items()
            for i, slots in enumerate(cities)
            if corp in slots
        ]

    def token_locations(self, corp: str, order: list[str]) -> list[str]:
        """``corp``'s tokens as ``<hex>#<city index>``, in the order of ``order`` (the
        same kind of list, whose city indices an upgrade may have made stale: tokens
        move between cities when a tile is replaced)."""
        found = [f"{coord}#{i}" for coord, i in self.corporation_cities(corp)]
        rank = {loc.partition("#")[0]: n for n, loc in enumerate(order)}
        return sorted(found, key=lambda loc: rank.get(loc.partition("#")[0], len(rank)))

    # -- changes ------------------------------------------------------------------------------

    def lay(self, coord: str, copy_id: str, rotation: int) -> None:
        """Put tile copy ``copy_id`` on ``coord``, turned ``rotation``: the tile it replaces
        goes back to the supply (unless printed) and its tokens move to the new tile's
        cities (each old city to the new city that keeps all of its exits)."""
        name, index = split_copy(copy_id)
        if name not in self.data.tiles:
            raise IllegalAction(f"tile {name} is not in the {self.data.title} tile manifest")
        if index not in self.supply[name]:
            raise IllegalAction(f"tile {copy_id} is not in the supply")
        if not 0 <= rotation < 6:
            raise IllegalAction(f"rotation {rotation} is not 0-5")
        old_id, old_tile, old_rotation = self.tile_at(coord)
        new_tile = self.data.tiles[name]
        self._move_tokens(coord, old_tile, old_rotation, new_tile, rotation)
        left = tuple(i for i in self.supply[name] if i != index)
        if self.data.counts[name] is None:
            left = (*left, self.issued[name])
            self.issued[name] += 1
        self.supply[name] = left
        if coord in self.laid:
            old_name, old_index = split_copy(old_id)
            self.supply[old_name] = (*self.supply[old_name], old_index)
        del self.tile_hex[old_id]
        self.tile_hex[copy_id] = coord
        self.laid[coord] = (copy_id, rotation)
        self.current[coord] = (copy_id, new_tile, rotation)
        self.version += 1

    def _move_tokens(
        self, coord: str, old: Tile, old_rotation: int, new: Tile, rotation: int
    ) -> None:
        old_slots = self.tokens.pop(coord, ())
        if not new.cities:
            if any(c for slots in old_slots for c in slots):
                raise IllegalAction(f"tile {new.name} on {coord} would remove tokens")
            return
        targets = city_map(old, old_rotation, new, rotation)
        moved: list[list[str]] = [[] for _ in new.cities]
        for i, slots in enumerate(old_slots):
            moved[targets[i]].extend(c for c in slots if c is not None)
        cities: list[Slots] = []
        for j, city in enumerate(new.cities):
            corps = moved[j]
            width = max(city.slots, len(corps))
            cities.append(tuple(corps) + (None,) * (width - len(corps)))
        self.tokens[coord] = tuple(cities)

    def place_token(self, coord: str, index: int, corp: str) -> int:
        """Put ``corp``'s token in the first open slot of city ``index`` on ``coord``;
        returns the slot."""
        cities = self.tokens.get(coord, ())
        if index >= len(cities):
            raise IllegalAction(f"no city {index} on {coord}")
        slots = cities[index]
        if None not in slots:
            raise IllegalAction(f"city {self.city_id(coord, index)} has no open slot")
        slot = slots.index(None)
        new = (*slots[:slot], corp, *slots[slot + 1 :])
        self.tokens[coord] = (*cities[:index], new, *cities[index + 1 :])
        self.version += 1
        return slot

    def remove_token(self, coord: str, index: int, corp: str) -> None:
        """Take ``corp``'s token out of city ``index`` on ``coord`` (the slot opens)."""
        cities = self.tokens[coord]
        slots = tuple(None if c == corp else c for c in cities[index])
        self.tokens[coord] = (*cities[:index], slots, *cities[index + 1 :])
        self.version += 1

    def swap_token(self, coord: str, index: int, old: str, new: str) -> None:
        """``old``'s token in city ``index`` on ``coord`` gives way to ``new``'s, which
        takes the city's first open slot (a merger's tokens change hands so)."""
        self.remove_token(coord, index, old)
        self.place_token(coord, index, new)

    def replace_tokens(self, old: str, new: str | None) -> None:
        """Every token of ``old`` becomes ``new``'s (``None``: removed)."""
        for coord, cities in list(self.tokens.items()):
            if any(old in slots for slots in cities):
                self.tokens[coord] = tuple(
                    tuple(new if c == old else c for c in slots) for slots in cities
                )
                self.version += 1

    def assign(self, coord: str, marker: str) -> None:
        """Put a ``mine``, ``ranch`` or ``bridge`` marker on ``coord``."""
        if coord not in self.data.printed:
            raise IllegalAction(f"no hex {coord} on the {self.data.title} map")
        self.markers[coord] = (*self.markers.get(coord, ()), marker)
        self.version += 1

    def unassign(self, coord: str, marker: str) -> None:
        """Take every ``marker`` off ``coord`` (none there: nothing changes)."""
        kept = tuple(m for m in self.markers.get(coord, ()) if m != marker)
        if kept == self.markers.get(coord, ()):
            return
        if kept:
            self.markers[coord] = kept
        else:
            del self.markers[coord]
        self.version += 1


def city_map(old: Tile, old_rotation: int, new: Tile, rotation: int) -> list[int]:
    """For each city of ``old``, the city of ``new`` its tokens move to: by index when
    the old tile's cities have no track, else the first new city that keeps all of the
    old city's exits; a city left over takes its own index, or the first city unused."""
    n_old = len(old.cities)
    old_exits = [old.city_exits(i, old_rotation) for i in range(n_old)]
    if not any(old_exits) and n_old == len(new.cities):
        return list(range(n_old))
    new_exits = [new.city_exits(j, rotation) for j in range(len(new.cities))]
    out: list[int | None] = []
    for exits in old_exits:
        match = next((j for j, ne in enumerate(new_exits) if exits and exits <= ne), None)
        out.append(match)
    used = {j for j in out if j is not None}
    result: list[int] = []
    for i, j in enumerate(out):
        if j is None:
            j = i if i < len(new.cities) and i not in used else None
            if j is None:
                j = next((k for k in range(len(new.cities)) if k not in used), 0)
            used.add(j)
        result.append(j)
    return result
