"""Which tiles may go on a hex, and turned which ways: the upgrade rules of the map.

A tile replaces another when it is of the next colour, keeps every path of the old tile
(a path is kept by a new path that joins the same edges and the same kind of stop; a
junction joins all of its edges), keeps the number of towns and, for an unlabelled hex,
of cities, and carries the same label (``B``, ``NY``). A rotation is legal when no new
track leaves the map, the tile touches the laying corporation's network by one of the
edges the network reaches, and every old city keeps its edges in one new city (rules 4.6-4.8).
"""

from __future__ import annotations

from functools import cache

from takeover.g1817.map.graph import Geometry, geometry
from takeover.g1817.map.tiles import End, Tile

COLOR_ORDER: tuple[str, ...] = ("white", "yellow", "green", "brown", "gray")


def _ends(geo: Geometry, index: int) -> tuple[End, ...]:
    """A path's ends, a junction standing for the other ends of its paths."""
    out: list[End] = []
    for end in geo.paths[index]:
        if isinstance(end, str) and end[0] == "j":
            for j in geo.at_node[end]:
                if j != index:
                    out.extend(e for e in geo.paths[j] if not (isinstance(e, str) and e[0] == "j"))
        else:
            out.append(end)
    return tuple(out)


def _end_within(end: End, others: tuple[End, ...]) -> bool:
    if isinstance(end, int):
        return end in others
    return any(isinstance(o, str) and o[0] == end[0] for o in others)


@cache
def path_ends(tile: Tile, rotation: int) -> tuple[tuple[End, ...], ...]:
    geo = geometry(tile, rotation)
    return tuple(_ends(geo, i) for i in range(len(geo.paths)))


def paths_kept(old: Tile, old_rotation: int, new: Tile, rotation: int) -> bool:
    """Whether every path of ``old`` (as laid) lies within a path of ``new`` (as turned)."""
    new_ends = path_ends(new, rotation)
    return all(
        any(all(_end_within(e, ne) for e in oe) for ne in new_ends)
        for oe in path_ends(old, old_rotation)
    )


def stop_edges(tile: Tile, rotation: int) -> list[frozenset[int]]:
    """For each city and town joined to track, the edges its paths leave by."""
    out: dict[str, set[int]] = {}
    for a, b in geometry(tile, rotation).paths:
        for node, edge in ((a, b), (b, a)):
            if isinstance(node, str) and node[0] in "ct":
                edges = out.setdefault(node, set())
                if isinstance(edge, int):
                    edges.add(edge)
    return [frozenset(v) for v in out.values()]


@cache
def upgrades_to(old: Tile, new: Tile, special: bool = False) -> bool:
    """Whether ``new`` may replace ``old`` in some rotation (``special``: a private's lay,
    which need not respect labels or the number of cities)."""
    if old.color not in COLOR_ORDER or new.color not in COLOR_ORDER:
        return False
    if COLOR_ORDER.index(new.color) != COLOR_ORDER.index(old.color) + 1:
        return False
    if old.junctions and new.junctions:
        old_exits = old.exits()
        if not any(old_exits <= new.exits(r) for r in range(6)):
            return False
    elif not any(paths_kept(old, 0, new, r) for r in range(6)):
        return False
    if special:
        return True
    if old.label != new.label:
        return False
    if len(old.towns) != len(new.towns):
        return False
    if not old.label and len(old.cities) != len(new.cities):
        return False
    if len(old.cities) > 1 and len(new.cities) > 1:
        old_ct = stop_edges(old, 0)
        if not any(
            all(any(ct <= other for other in stop_edges(new, r)) for ct in old_ct) for r in range(6)
        ):
            return False
    return not (old.label and old.cities and not new.cities)


def rotation_fits(
    old: Tile,
    old_rotation: int,
    new: Tile,
    rotation: int,
    open_edges: frozenset[int] | set[int],
    reached_edges: set[int],
) -> bool:
    """Whether ``new`` turned ``rotation`` may replace ``old``: its track stays on the map
    (``open_edges``: edges with a neighbour), touches the network (``reached_edges``),
    keeps the old paths, and keeps each old city's edges in exactly one new city."""
    exits = geometry(new, rotation).exits
    if not exits <= open_edges or not exits & reached_edges:
        return False
    if not paths_kept(old, old_rotation, new, rotation):
        return False
    old_ct = stop_edges(old, old_rotation)
    new_ct = stop_edges(new, rotation)
    added = max(0, len(new_ct) - len(old_ct))
    if added < sum(1 for n in new_ct if all(not (n & o) for o in old_ct)):
        return False
    if len(new.cities) > 1 and len(old.cities) > 1:
        return all(sum(1 for n in new_ct if o <= n) == 1 for o in old_ct)
    return True
