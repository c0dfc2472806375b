"""Board geometry: tile names, integer ids and orthogonal neighbours (rules 1.1-1.2)."""

from __future__ import annotations

from functools import cache

from takeover.core.errors import IllegalAction

ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Board:
    """A board of ``columns`` x ``rows`` cells. Tile id = ``row * columns + column``.

    Ids in that order make "lowest row, then lowest column" the natural sort;
    ``column_key`` gives tlstyer's "lowest column, then lowest row".

    >>> b = Board.of(12, 9)
    >>> b.names[b.tile("6D")], len(b.names), [b.names[n] for n in b.neighbours[0]]
    ('6D', 108, ['2A', '1B'])
    """

    def __init__(self, columns: int, rows: int) -> None:
        self.columns = columns
        self.rows = rows
        self.size = columns * rows
        self.names: tuple[str, ...] = tuple(
            f"{c + 1}{ROW_LETTERS[r]}" for r in range(rows) for c in range(columns)
        )
        self._ids = {name: i for i, name in enumerate(self.names)}
        neighbours = []
        for t in range(self.size):
            r, c = divmod(t, columns)
            cells = []
            if r > 0:
                cells.append(t - columns)
            if c > 0:
                cells.append(t - 1)
            if c < columns - 1:
                cells.append(t + 1)
            if r < rows - 1:
                cells.append(t + columns)
            neighbours.append(tuple(sorted(cells)))
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(neighbours)

    @staticmethod
    @cache
    def of(columns: int, rows: int) -> Board:
        return Board(columns, rows)

    def tile(self, name: object) -> int:
        """The id of a tile name such as ``"6D"`` (case-insensitive)."""
        if isinstance(name, str):
            t = self._ids.get(name.strip().upper())
            if t is not None:
                return t
        last = self.names[-1]
        raise IllegalAction(f"unknown tile {name!r} (tiles are 1A to {last})")

    def row_key(self, tile: int) -> tuple[int, int]:
        """Closest to 1A by row first: ``9A`` before ``1B``."""
        return divmod(tile, self.columns)

    def column_key(self, tile: int) -> tuple[int, int]:
        """Closest to 1A by column first: ``1B`` before ``9A``."""
        r, c = divmod(tile, self.columns)
        return (c, r)
