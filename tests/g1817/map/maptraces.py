"""Reading the reference's map traces (``tests/data/1817/maptraces``, see its README)."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from typing import Any

from ..games import maptrace_path


def maptrace(game: str) -> Iterator[dict[str, Any]]:
    """The lines of a game's map trace (the header first)."""
    with gzip.open(maptrace_path(game), "rt") as f:
        for line in f:
            yield json.loads(line)


def cumulative(game: str) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """Each action line with the reference's whole map after it (``tiles``, ``tokens``,
    ``assignments``; the lines record only what changed)."""
    lines = maptrace(game)
    header = next(lines)
    state: dict[str, dict[str, Any]] = {
        "tiles": dict(header["tiles"]),
        "tokens": dict(header["tokens"]),
        "assignments": dict(header.get("assignments") or {}),
    }
    for line in lines:
        for key in ("tiles", "tokens", "assignments"):
            for k, v in (line.get(key) or {}).items():
                if v is None:
                    state[key].pop(k, None)
                else:
                    state[key][k] = v
        yield line, state
