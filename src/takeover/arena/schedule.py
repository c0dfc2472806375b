"""Which game is played with which bag and seating.

Games come in *rounds* of one tile bag each: in a round every rotation of the
seating is played once, so each entrant sits in each seat equally often and
meets exactly the same tiles from every seat. That removes most of the luck
of the draw from comparisons.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Fixture:
    """One game: its index, the bag's seed and who sits where."""

    index: int
    seed: int
    """Seed of the tile bag (shared by the round's rotations)."""
    rotation: int
    seating: tuple[int, ...]
    """``seating[seat]`` is the entrant (index into the ``--players`` list) in that seat."""


def bag_seed(seed: int, round_index: int) -> int:
    """A well-mixed seed for one round's bag, from the run's seed."""
    digest = hashlib.sha256(f"takeover-arena/{seed}/{round_index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def rounds_needed(games: int, entrants: int) -> int:
    """Rounds to play at least ``games`` games (each round is ``entrants`` games)."""
    return -(-games // entrants)


def schedule(games: int, entrants: int, seed: int) -> list[Fixture]:
    """The fixtures of a run: ``games`` rounded up to whole rounds.

    >>> [f.seating for f in schedule(3, 3, 1)]
    [(0, 1, 2), (2, 0, 1), (1, 2, 0)]
    """
    out: list[Fixture] = []
    for r in range(rounds_needed(games, entrants)):
        s = bag_seed(seed, r)
        for rot in range(entrants):
            seating = tuple((seat - rot) % entrants for seat in range(entrants))
            out.append(Fixture(len(out), s, rot, seating))
    return out
