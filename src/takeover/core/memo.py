"""A bounded memo: the caches of shared, read-only forms (views, notation) use it."""

from __future__ import annotations

from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V], Generic[K, V]):
    """A dict that starts afresh once it holds ``limit`` entries.

    For values that are cheap to rebuild and asked for again and again (a chain's row
    in a view, an action's text): lookups stay plain ``dict.get`` calls, and a long
    run cannot grow it without bound. Forgetting everything at once is cruder than
    LRU, and costs nothing per lookup.
    """

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: K, value: V) -> V:
        """Remember ``value`` under ``key`` and return it."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value
