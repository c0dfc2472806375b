"""Small Acquire positions for bot tests, written in the public position format."""

from __future__ import annotations

from typing import Any

from takeover.acquire import AcquireState, from_position

BAG = [f"{c}I" for c in range(1, 13)] + [f"{c}H" for c in range(1, 13)]


def row(letter: str, first: int, last: int) -> list[str]:
    return [f"{c}{letter}" for c in range(first, last + 1)]


def seat(
    name: str, cash: int = 6000, shares: dict[str, int] | None = None, hand: list[str] | None = None
) -> dict[str, Any]:
    return {"name": name, "cash": cash, "shares": shares or {}, "hand": hand or []}


def game(
    board: dict[str, str | None],
    players: list[dict[str, Any]],
    ruleset: Any = "standard",
    bag: list[str] | None = None,
) -> AcquireState:
    used = set(board) | {t for p in players for t in p["hand"]}
    bag = [t for t in (BAG if bag is None else bag) if t not in used]
    return from_position({"board": board, "players": players, "bag": bag, "current": 0}, ruleset)


def chain(name: str, tiles: list[str]) -> dict[str, str | None]:
    return dict.fromkeys(tiles, name)
