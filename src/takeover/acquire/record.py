"""Game records (JSON): reading, writing, replaying, and the replay summary.

The format is public and documented in ``docs/record-format.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from takeover.acquire.setup import from_position, new_game
from takeover.acquire.state import AcquireState
from takeover.core.errors import IllegalAction, RecordError
from takeover.core.protocol import Event


def to_record(state: AcquireState) -> dict[str, Any]:
    """The record that replays to ``state``: setup plus every explicit action."""
    ctx = state.ctx
    record: dict[str, Any] = {
        "game": "acquire",
        "ruleset": ctx.ruleset.to_json(),
        "players": list(ctx.players),
    }
    if "start" in state.start:
        record["start"] = state.start["start"]
    else:
        if "seed" in state.start:
            record["seed"] = state.start["seed"]
        record["tile_bag"] = [ctx.board.names[t] for t in state.bag]
    record["actions"] = [
        {"player": seat, **ctx.notation.to_dict(action)} for seat, action in state.actions()
    ]
    return record


def from_record(record: Mapping[str, Any]) -> AcquireState:
    """The state a record starts from (setup done, no action applied)."""
    if not isinstance(record, Mapping):
        raise RecordError("a record must be a JSON object")
    if record.get("game", "acquire") != "acquire":
        raise RecordError(f"not an Acquire record: game is {record.get('game')!r}")
    ruleset = record.get("ruleset", "standard")
    if "start" in record:
        return from_position(record["start"], ruleset)
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError('"players" must be a list of names in seat order')
    if "tile_bag" in record:
        from takeover.acquire.context import Context
        from takeover.acquire.rules import ruleset_from_json

        board = Context(ruleset_from_json(ruleset), tuple(players)).board
        raw = record["tile_bag"]
        if not isinstance(raw, list):
            raise RecordError('"tile_bag" must be a list of tile names')
        try:
            bag = [board.tile(name) for name in raw]
        except IllegalAction as exc:
            raise RecordError(f"tile_bag: {exc}") from None
        state = new_game(players, ruleset, tile_bag=bag)
        if "seed" in record:
            state.start = {"seed": record["seed"]}
        return state
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(
            'a record needs "tile_bag" (tile names in draw order) or an integer "seed"'
        )
    return new_game(players, ruleset, seed=seed)


def apply_record_action(state: AcquireState, index: int, raw: Any) -> list[Event]:
    """Apply one record action, turning any refusal into a ``RecordError``."""
    if not isinstance(raw, Mapping):
        raise RecordError("an action must be an object", index, raw)
    seat = raw.get("player")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise RecordError('an action needs "player": the seat index', index, raw)
    try:
        action = state.action_from_dict(raw)
        return state.apply(action, seat)
    except IllegalAction as exc:
        raise RecordError(str(exc), index, raw) from None


def replay(record: Mapping[str, Any]) -> AcquireState:
    """Replay a record to its last position; raises ``RecordError`` at the first bad action."""
    state = from_record(record)
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError('"actions" must be a list')
    for index, raw in enumerate(actions):
        apply_record_action(state, index, raw)
    return state


def summary(state: AcquireState) -> dict[str, Any]:
    """What ``takeover replay`` prints: result, money, holdings, chains, next decision."""
    ctx = state.ctx
    names = ctx.chain_names
    finished = state.is_terminal()
    out: dict[str, Any] = {
        "game": "acquire",
        "finished": finished,
        "end_reason": state.end_reason,
        "scores": state.scores(),
        "ranks": state.ranks() if finished else None,
        "cash": list(state.cash),
        "shares": [{names[c]: n for c, n in enumerate(held) if n} for held in state.shares],
        "chains": {
            names[c]: {
                "size": state.sizes[c],
                "price": state.price(c),
                "available": state.bank[c],
                "safe": state.is_safe(c),
            }
            for c in range(len(names))
        },
        "turn": state.turn_number,
        "actions": sum(1 for _ in state.actions()),
    }
    if not finished:
        out["next"] = {"player": state.current_player(), "decision": state.decision}
    return out
