"""Actions made by changing one field of a listed action, for the listing tests: another
entity, hex, tile, rotation, city, slot, price, train, certificate, corporation..."""

from __future__ import annotations

from typing import Any

from takeover.core.errors import IllegalAction
from takeover.g1817.actions import Action
from takeover.g1817.state import Game1817


def _cities(game: Game1817, limit: int = 6) -> list[str]:
    board = game.board
    out = [
        board.city_id(coord, index)
        for coord, cities in sorted(board.tokens.items())
        for index in range(len(cities))
    ]
    return out[:: max(1, len(out) // limit)]


def variants(game: Game1817, action: Action, legal: list[Action]) -> list[Action]:
    """Actions made by changing one thing in ``action`` (listed in ``legal``)."""
    raw = action.to_dict()
    changed: list[dict[str, Any]] = []
    for pid in game.player_by_id:
        changed.append({**raw, "entity": pid, "entity_type": "player"})
    for sym in list(game.corps)[:6]:
        changed.append({**raw, "entity": sym, "entity_type": "corporation"})
    for company in list(game.company_data)[:4]:
        changed.append({**raw, "entity": company, "entity_type": "company"})
    if "price" in raw:
        changed += [{**raw, "price": raw["price"] + d} for d in (-10, -5, -1, 1, 5, 10, 10_000)]
        changed += [{**raw, "price": p} for p in (0, 1, "1")]
        if "max_price" in raw:
            high = raw["max_price"]
            changed += [{**raw, "price": p} for p in (high - 1, high, high + 1)]
            changed.append({k: v for k, v in raw.items() if k != "max_price"})
    if "shares" in raw:
        corp = game.corps[game.share_by_id(raw["shares"][0]).corp]
        changed += [{**raw, "shares": [s.id]} for s in corp.shares]
        changed.append({**raw, "shares": [s.id for s in corp.shares[:2]]})
        changed.append({**raw, "shares": ["XX_1"]})
    if "corporation" in raw:
        changed += [{**raw, "corporation": sym} for sym in game.corps]
    if "choice" in raw:
        changed += [{**raw, "choice": c} for c in (2, 5, 10, 3)]
    if "kind" in raw:
        changed += [{**raw, "kind": k} for k in ("everything", "payout", "half", "withhold")]
    if "train" in raw:
        trains = [*game.depot[:3], *game.discarded]
        trains += [t for c in game.corps.values() for t in c.trains]
        changed += [{**raw, "train": t.id} for t in trains]
        changed.append({**raw, "train": "9-9"})
    if "target" in raw:
        changed += [{**raw, "target": t} for t in [*game.company_data, *game.corps]]
        bridges = {str(a.get("target")) for a in legal if a.type == "assign"}
        changed += [{**raw, "target": h} for h in sorted(bridges | {"H3", "A1", "F13"})]
    if "company" in raw:
        changed += [{**raw, "company": c} for c in game.company_data]
    if "hex" in raw:
        hexes = sorted({str(a.get("hex")) for a in legal if a.type == "lay_tile"})
        printed = sorted(game.board.data.printed)
        hexes += [*printed[:: max(1, len(printed) // 6)], "Z99"]
        changed += [{**raw, "hex": h} for h in hexes]
    if "tile" in raw:
        tiles = sorted({str(a.get("tile")) for a in legal if a.type == "lay_tile"})
        name = str(raw["tile"]).rpartition("-")[0]
        later = [f"{name}-{i}" for i in game.board.supply.get(name, ())[1:2]]
        used = [f"{name}-{i}" for i in range(4) if i not in game.board.supply.get(name, ())]
        changed += [{**raw, "tile": t} for t in [*tiles, *later, *used[:1], "X-0", "57"]]
    if "rotation" in raw:
        changed += [{**raw, "rotation": r} for r in (*range(6), -1, 6, "1")]
    if "city" in raw:
        cities = sorted({str(a.get("city")) for a in legal if a.get("city") is not None})
        changed += [{**raw, "city": c} for c in [*cities, *_cities(game), "nowhere"]]
    if "slot" in raw:
        changed += [{**raw, "slot": s} for s in (0, 1, 2, 3)]
    out = []
    for form in changed:
        try:
            out.append(Action.from_dict(form))
        except IllegalAction:  # a form that does not read is no action to try
            continue
    return out
