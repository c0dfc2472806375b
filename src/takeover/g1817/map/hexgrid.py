"""Hex coordinates of the 1817 maps: which hex lies across each edge.

A coordinate is a letter and a number (``B5``). 1817 and 1817NA print their hexes point
up ("pointy"): the letter is the row, and in a row neighbours are two numbers apart.
1817WO prints them flat side up ("flat"): the letter is the column, and in a column
neighbours are two numbers apart. The edges of a hex are numbered 0-5 the way the
reference numbers them (a tile's paths name these numbers):

    pointy: 0 lower left, 1 left, 2 upper left, 3 upper right, 4 right, 5 lower right
    flat:   0 bottom, 1 lower left, 2 upper left, 3 top, 4 upper right, 5 lower right

>>> neighbour("B5", 4), neighbour("B5", 0), neighbour("B5", 0, "flat")
('B7', 'C4', 'B7')
"""

from __future__ import annotations

import re

_OFFSETS: dict[str, tuple[tuple[int, int], ...]] = {
    "pointy": ((1, -1), (0, -2), (-1, -1), (-1, 1), (0, 2), (1, 1)),
    "flat": ((0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1)),
}
"""(letter step, number step) across edges 0..5, by layout."""

_COORD = re.compile(r"^([A-Z]+)(-?\d+)$")


def parse(coord: str) -> tuple[int, int]:
    """``(letter index, number)`` of a coordinate: ``A1`` is ``(0, 1)``."""
    m = _COORD.match(coord)
    if m is None:
        raise ValueError(f"not a hex coordinate: {coord!r}")
    letters, number = m.groups()
    row = 0
    for ch in letters:
        row = row * 26 + (ord(ch) - 64)
    return row - 1, int(number)


def coordinate(letter: int, number: int) -> str:
    """The coordinate of ``(letter index, number)``, the inverse of :func:`parse`."""
    letters = ""
    n = letter + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(65 + rem) + letters
    return f"{letters}{number}"


def neighbour(coord: str, edge: int, layout: str = "pointy") -> str | None:
    """The coordinate across ``edge`` (``None`` before letter A or number 1)."""
    row, column = parse(coord)
    dr, dc = _OFFSETS[layout][edge]
    r, c = row + dr, column + dc
    if r < 0 or c < 1:
        return None
    return coordinate(r, c)


def edge_between(a: str, b: str, layout: str = "pointy") -> int | None:
    """The edge of ``a`` that faces ``b``, or ``None`` when they are not neighbours."""
    ra, ca = parse(a)
    rb, cb = parse(b)
    try:
        return _OFFSETS[layout].index((rb - ra, cb - ca))
    except ValueError:
        return None


def neighbours_on(
    coord: str, hexes: set[str] | frozenset[str], layout: str = "pointy"
) -> dict[int, str]:
    """``{edge: neighbour}`` for the neighbours of ``coord`` that are among ``hexes``."""
    out: dict[int, str] = {}
    for edge in range(6):
        other = neighbour(coord, edge, layout)
        if other is not None and other in hexes:
            out[edge] = other
    return out
