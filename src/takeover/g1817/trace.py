"""The engine's state in the reference trace format, and a precise comparison with a trace line.

A trace line (see ``docs/1817.md``, "Test data") holds the reference engine's state after one
recorded action. :func:`snapshot` writes ours the same way; :func:`compare` names the first
field that differs, so a divergence points at the action and the quantity that went wrong.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from takeover.g1817.data.editions import MARKET_PRICES, PRICE_TYPES
from takeover.g1817.entities import POOL

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817

COMPARED = ("round", "round_num", "turn", "phase", "interest_rate", "loans_left", "finished")
"""Scalar fields compared on every line; ``step``/``active``/``current`` are compared too
but reported separately (``who_acts``)."""
ROUND_KEYS = frozenset({"round", "round_num", "turn"})
"""Not compared once both games have ended: where no one has a decision left (every
player out of money), the reference plays empty rounds to the end and reports the round
it stopped in, we report the round the end was decided in; money and result agree."""


def read_trace(path: str) -> tuple[dict[str, Any], Iterator[dict[str, Any]]]:
    """The header and an iterator over the action lines of a trace, gzipped
    (``.jsonl.gz``, as stored) or plain (``.jsonl``, as the reference's script writes it)."""
    with open(path, "rb") as raw:
        gzipped = raw.read(2) == b"\x1f\x8b"
    with gzip.open(path, "rt", encoding="utf-8") if gzipped else open(path, encoding="utf-8") as fh:
        header = json.loads(fh.readline())
        rows = [json.loads(line) for line in fh if line.strip()]
    return header, iter(rows)


def _num(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def snapshot(game: Game1817) -> dict[str, Any]:
    """Our state in trace form (the fields the trace records)."""
    rnd = game.round
    players: dict[str, Any] = {}
    for p in game.players:
        shares: dict[str, int] = {}
        for corp in game.corps.values():
            pct = corp.percent_of(p.id)
            if pct:
                shares[corp.sym] = pct
        players[str(p.id)] = {
            "cash": _num(p.cash),
            "bankrupt": True if p.bankrupt else None,
            "companies": sorted(p.companies),
            "shares": shares,
        }
    corps: dict[str, Any] = {}
    for corp in game.corps.values():
        if corp.price_index is None:
            continue
        owner = corp.owner
        corps[corp.sym] = {
            "cash": _num(corp.cash),
            "price": MARKET_PRICES[corp.price_index],
            "price_type": PRICE_TYPES[corp.price_index],
            "owner": "SharePool" if owner == POOL else owner,
            "size": corp.total_shares,
            "loans": len(corp.loans),
            "trains": sorted(t.name for t in corp.trains),
            "tokens_placed": corp.tokens_placed,
            "tokens": corp.tokens,
            "companies": sorted(corp.companies),
            "pool_pct": corp.percent_of(POOL),
            "treasury_pct": corp.percent_of(corp.sym),
        }
    current = None if game.finished else rnd.current()
    return {
        "round": rnd.name,
        "round_num": rnd.round_num,
        "turn": game.turn,
        "step": "Message" if game.finished else rnd.step(),
        "active": [] if game.finished else rnd.active(),
        "current": current,
        "phase": game.phase,
        "interest_rate": game.interest_rate(),
        "loans_left": len(game.loans),
        "finished": game.finished,
        "players": players,
        "corps": corps,
    }


def _norm_player(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "cash": _num(data.get("cash")),
        "bankrupt": True if data.get("bankrupt") else None,
        "companies": sorted(data.get("companies") or []),
        "shares": {k: v for k, v in (data.get("shares") or {}).items() if v},
    }


def _norm_corp(data: dict[str, Any]) -> dict[str, Any]:
    out = dict(data)
    out["cash"] = _num(out.get("cash"))
    out["trains"] = sorted(out.get("trains") or [])
    out["companies"] = sorted(out.get("companies") or [])
    return out


@dataclass(frozen=True)
class Difference:
    """The first field where our state and a reference line differ."""

    field: str
    """Where: ``player 2 cash``, ``NYC trains``, ``phase``..."""
    ours: Any
    reference: Any

    def __str__(self) -> str:
        return f"{self.field}: ours {self.ours!r}, reference {self.reference!r}"


def compare(ours: dict[str, Any], ref: dict[str, Any], who_acts: bool = True) -> Difference | None:
    """The first difference between our snapshot and a reference line, or ``None``."""
    for pid, theirs in ref.get("players", {}).items():
        mine = ours["players"].get(pid)
        if mine is None:
            return Difference(f"player {pid}", None, theirs)
        theirs_n = _norm_player(theirs)
        for key in ("cash", "shares", "companies", "bankrupt"):
            if mine[key] != theirs_n[key]:
                return Difference(f"player {pid} {key}", mine[key], theirs_n[key])
    ref_corps = {k: _norm_corp(v) for k, v in ref.get("corps", {}).items()}
    ours_corps = ours["corps"]
    for sym in sorted(set(ref_corps) | set(ours_corps)):
        if sym not in ours_corps:
            return Difference(f"corporation {sym}", None, ref_corps[sym])
        if sym not in ref_corps:
            return Difference(f"corporation {sym}", ours_corps[sym], None)
        mine, theirs = ours_corps[sym], ref_corps[sym]
        for key in (
            "cash",
            "price",
            "price_type",
            "owner",
            "size",
            "loans",
            "trains",
            "tokens",
            "tokens_placed",
            "companies",
            "pool_pct",
            "treasury_pct",
        ):
            if key in theirs and mine[key] != theirs[key]:
                return Difference(f"{sym} {key}", mine[key], theirs[key])
    ended = bool(ref.get("finished")) and bool(ours.get("finished"))
    for key in COMPARED:
        if ended and key in ROUND_KEYS:
            continue  # after the end, rounds without decisions may be counted differently
        if key in ref and ours[key] != ref[key]:
            return Difference(key, ours[key], ref[key])
    if who_acts and not ref.get("finished"):
        for key in ("current", "active", "step"):
            if key in ref and ours[key] != ref[key]:
                return Difference(key, ours[key], ref[key])
    return None
