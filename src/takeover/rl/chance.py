"""Tile draws as explicit chance events, without changing the engine.

The engine draws from ``state.bag`` (a sequence read at ``state.bag_pos``). A
:class:`LazyBag` holds only the tiles drawn so far, and reports the bag's true
length; when the engine reads a position that has not been drawn yet, it raises
:class:`NeedTiles`. The caller (the OpenSpiel state) applied the move to a clone,
so it throws the clone away, asks chance for the missing tiles, extends the bag
and applies the move again. The engine is deterministic, so the retry repeats the
same steps and reads the same positions, now known.

This relies only on the engine reading its bag through ``len()`` and indexing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload


class NeedTiles(Exception):
    """The engine read ``count`` bag positions that chance has not filled yet."""

    def __init__(self, count: int) -> None:
        super().__init__(f"{count} more tile(s) must be drawn")
        self.count = count


class LazyBag(Sequence[int]):
    """A bag of ``size`` tiles of which only the first ``len(known)`` are decided."""

    __slots__ = ("known", "size")

    def __init__(self, known: Sequence[int], size: int) -> None:
        if len(known) > size:
            raise ValueError(f"{len(known)} tiles drawn from a bag of {size}")
        self.known = tuple(known)
        self.size = size

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[int, ...]: ...

    def __getitem__(self, index: int | slice) -> int | tuple[int, ...]:
        known = self.known
        if isinstance(index, slice):
            start, stop, step = index.indices(self.size)
            if step == 1 and stop > len(known):
                raise NeedTiles(stop - len(known))
            if step != 1 and max(start, stop) > len(known):
                raise NeedTiles(max(start, stop) - len(known))
            return known[index]
        i = index + self.size if index < 0 else index
        if not 0 <= i < self.size:
            raise IndexError("bag index out of range")
        if i >= len(known):
            raise NeedTiles(i + 1 - len(known))
        return known[i]

    def __iter__(self) -> Iterator[int]:
        yield from self[:]

    def __repr__(self) -> str:
        return f"LazyBag({len(self.known)} of {self.size} drawn)"
