"""Hex coordinates of the 1817 maps: which hex lies across each edge.

1817 prints its hexes point up ("pointy"): a coordinate is a row letter and a column
number (``B5``), and the rows are offset, so a hex's neighbours are two columns apart in
its own row and one column apart in the rows above and below. The edges of a hex are
numbered 0-5 the way the reference numbers them (a tile's paths name these numbers):

    edge 0: row below, column - 1      edge 3: row above, column + 1
    edge 1: same row, column - 2       edge 4: same row, column + 2
    edge 2: row above, column - 1      edge 5: row below, column + 1

>>> neighbour("B5", 4), neighbour("B5", 0)
('B7', 'C4')
"""

from __future__ import annotations

import re

_OFFSETS: tuple[tuple[int, int], ...] = ((1, -1), (0, -2), (-1, -1), (-1, 1), (0, 2), (1, 1))
"""(row step, column step) across edges 0..5."""

_COORD = re.compile(r"^([A-Z]+)(-?\d+)$")


def parse(coord: str) -> tuple[int, int]:
    """``(row, column)`` of a coordinate: ``A1`` is ``(0, 1)``."""
    m = _COORD.match(coord)
    if m is None:
        raise ValueError(f"not a hex coordinate: {coord!r}")
    letters, number = m.groups()
    row = 0
    for ch in letters:
        row = row * 26 + (ord(ch) - 64)
    return row - 1, int(number)


def coordinate(row: int, column: int) -> str:
    """The coordinate of ``(row, column)``, the inverse of :func:`parse`."""
    letters = ""
    n = row + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(65 + rem) + letters
    return f"{letters}{column}"


def neighbour(coord: str, edge: int) -> str | None:
    """The coordinate across ``edge`` (``None`` above the first row or left of column 1)."""
    row, column = parse(coord)
    dr, dc = _OFFSETS[edge]
    r, c = row + dr, column + dc
    if r < 0 or c < 1:
        return None
    return coordinate(r, c)


def neighbours_on(coord: str, hexes: set[str] | frozenset[str]) -> dict[int, str]:
    """``{edge: neighbour}`` for the neighbours of ``coord`` that are among ``hexes``."""
    out: dict[int, str] = {}
    for edge in range(6):
        other = neighbour(coord, edge)
        if other is not None and other in hexes:
            out[edge] = other
    return out
