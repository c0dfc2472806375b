"""Building scenarios: positions as plain dicts, actions in their record form.

Scenarios are written the way the public formats write them (``docs/record-format.md``):
a position (board, players, bag, current) and a list of record actions, so each test
also exercises the record reader.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from takeover.acquire import AcquireState, from_position, replay
from takeover.acquire.board import ROW_LETTERS
from takeover.core.protocol import Event


def rect(first: str, last: str) -> list[str]:
    """Tile names of the rectangle with corners ``first`` and ``last`` (e.g. 1A..12C)."""
    c1, r1 = int(first[:-1]), ROW_LETTERS.index(first[-1])
    c2, r2 = int(last[:-1]), ROW_LETTERS.index(last[-1])
    return [
        f"{c}{ROW_LETTERS[r]}"
        for r in range(min(r1, r2), max(r1, r2) + 1)
        for c in range(min(c1, c2), max(c1, c2) + 1)
    ]


def chain(name: str, *tiles: Iterable[str] | str) -> dict[str, str]:
    """Board entries ``{tile: name}`` for tiles given singly or as lists."""
    out: dict[str, str] = {}
    for t in tiles:
        for tile in [t] if isinstance(t, str) else t:
            out[tile] = name
    return out


def orphans(*tiles: str) -> dict[str, None]:
    return dict.fromkeys(tiles)


def player(
    name: str,
    cash: int = 6000,
    shares: Mapping[str, int] | None = None,
    hand: Iterable[str] = (),
) -> dict[str, Any]:
    return {"name": name, "cash": cash, "shares": dict(shares or {}), "hand": list(hand)}


def position(
    board: Mapping[str, str | None],
    players: list[dict[str, Any]],
    bag: Iterable[str] = (),
    current: int = 0,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "board": dict(board),
        "players": players,
        "bag": list(bag),
        "current": current,
        **extra,
    }


def start(pos: Mapping[str, Any], ruleset: Any = "standard") -> AcquireState:
    return from_position(pos, ruleset)


def act(state: AcquireState, kind: str, seat: int | None = None, **fields: Any) -> list[Event]:
    """Apply one action given in its record form (``kind`` is the record ``type``)."""
    action = state.action_from_dict({"type": kind, **fields})
    return state.apply(action, state.current_player() if seat is None else seat)


def run(
    pos: Mapping[str, Any], actions: list[dict[str, Any]], ruleset: Any = "standard"
) -> AcquireState:
    """Replay a scenario written as a record with ``"start"`` (the public format)."""
    record = {
        "game": "acquire",
        "ruleset": ruleset,
        "players": [p["name"] for p in pos["players"]],
        "start": pos,
        "actions": actions,
    }
    return replay(record)


def events_of(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.type == kind]


def kinds(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def cash(state: AcquireState) -> list[int]:
    return list(state.cash)


def held(state: AcquireState, seat: int, chain_name: str) -> int:
    return state.shares[seat][state.ctx.notation.chain(chain_name)]


def size(state: AcquireState, chain_name: str) -> int:
    return state.sizes[state.ctx.notation.chain(chain_name)]


def bank(state: AcquireState, chain_name: str) -> int:
    return state.bank[state.ctx.notation.chain(chain_name)]


def hand(state: AcquireState, seat: int) -> list[str]:
    names = state.ctx.board.names
    return sorted(names[t] for t in state.hands[seat])


def legal_dicts(state: AcquireState) -> list[dict[str, Any]]:
    return [state.action_to_dict(a) for a in state.legal_actions()]


def blob(first: str, n: int, allowed: Iterable[str]) -> list[str]:
    """``n`` connected tile names grown breadth-first from ``first`` inside ``allowed``."""
    allowed_set = set(allowed)
    out, seen, queue = [], {first}, [first]
    while queue and len(out) < n:
        name = queue.pop(0)
        out.append(name)
        c, r = int(name[:-1]), ROW_LETTERS.index(name[-1])
        for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
            nxt = f"{c + dc}{ROW_LETTERS[r + dr]}" if r + dr >= 0 else ""
            if nxt in allowed_set and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    if len(out) < n:
        raise ValueError(f"only {len(out)} tiles fit")
    return out


TOP = rect("1A", "12D")
BOTTOM = rect("1F", "12I")


def two_chains(big: str, big_size: int, small: str, small_size: int) -> dict[str, str]:
    """``big`` grown from 6D over rows A-D, ``small`` from 6F over rows F-I: 6E merges them."""
    return {
        **chain(big, blob("6D", big_size, TOP)),
        **chain(small, blob("6F", small_size, BOTTOM)),
    }
