"""Reading 18xx.games fixtures: undo/redo filtering, replay, summary and trace checking.

The only module of the package that touches files (for an optional trace). The CLI calls
:func:`is_fixture` and :func:`replay_fixture`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from takeover.core.errors import RecordError, TakeoverError
from takeover.core.protocol import Event
from takeover.g1817.actions import Action
from takeover.g1817.state import Game1817
from takeover.g1817.trace import Difference, compare, read_trace, snapshot

TITLES = ("1817", "1817NA", "1817WO")

Trace = tuple[Mapping[str, Any], Iterable[dict[str, Any]]]
"""A reference trace already read: its header line and its action lines."""


class TraceDivergence(RecordError):
    """Our state after an action differs from the reference trace's line for it."""

    def __init__(self, diff: Difference, index: int, action: object) -> None:
        super().__init__(f"trace divergence: {diff}", index=index, action=action)
        self.difference = diff


def is_fixture(data: Mapping[str, Any]) -> bool:
    """True for an 18xx.games game export of a 1817 edition."""
    title = data.get("title")
    actions = data.get("actions")
    return (
        isinstance(title, str)
        and title in TITLES
        and isinstance(actions, list)
        and all(isinstance(a, Mapping) and "entity" in a and "type" in a for a in actions)
    )


def applied_actions(actions: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The actions that remain once undo and redo are resolved, in record order.

    ``undo`` takes back the last non-message action (or everything after ``action_id``);
    ``redo`` restores the last batch undone; any other action forgets what could be redone.
    """
    applied: list[Mapping[str, Any]] = []
    redo: list[list[Mapping[str, Any]]] = []
    for action in actions:
        kind = action.get("type")
        if kind == "undo":
            target = action.get("action_id")
            batch: list[Mapping[str, Any]] = []
            if target is None:
                for i in range(len(applied) - 1, -1, -1):
                    if applied[i].get("type") != "message":
                        batch.append(applied.pop(i))
                        break
            else:
                keep: list[Mapping[str, Any]] = []
                for a in applied:
                    if a["id"] > target and a.get("type") != "message":
                        batch.append(a)
                    else:
                        keep.append(a)
                applied = keep
                batch.reverse()
            batch.reverse()
            redo.append(batch)
        elif kind == "redo":
            if redo:
                applied.extend(redo.pop())
        else:
            applied.append(action)
            if kind != "message":
                redo.clear()
    return applied


def new_game(data: Mapping[str, Any]) -> Game1817:
    settings = data.get("settings") or {}
    rules = tuple(r for r in (settings.get("optional_rules") or []) if r)
    players = [(int(p["id"]), str(p["name"])) for p in data["players"]]
    return Game1817(str(data["title"]), players, int(settings.get("seed") or 0), rules)


def expand(raw: Mapping[str, Any]) -> list[Action]:
    """A record entry and the actions it ran automatically (``auto_actions``), in order."""
    out = [Action.from_dict(raw)]
    for auto in raw.get("auto_actions") or []:
        out.append(Action.from_dict(auto))
    return out


def replay_steps(
    data: Mapping[str, Any], before: int | None = None
) -> Iterator[tuple[Mapping[str, Any], Game1817, list[Event]]]:
    """Replay a fixture one applied record entry at a time (undo and redo resolved, its
    ``auto_actions`` with it): yields the entry, the game after it (the same object,
    moved on at the next step) and the events. ``before``: stop at the entry with this
    id. The replay viewer steps through imported games with it; :func:`replay_game` is
    built on it.

    Raises ``RecordError`` naming the action id at the first action that cannot be applied.
    """
    if not is_fixture(data):
        raise RecordError("not an 18xx.games 1817 fixture")
    game = new_game(data)
    for raw in applied_actions(list(data["actions"])):
        if before is not None and raw["id"] >= before:
            return
        events: list[Event] = []
        for action in expand(raw):
            if game.finished and action.type == "message":
                continue
            try:
                events += game.push(action)
            except TakeoverError as exc:
                raise RecordError(str(exc), index=raw["id"], action=dict(raw)) from None
            except (
                KeyError,
                ValueError,
                TypeError,
                AttributeError,
                AssertionError,
                StopIteration,
                IndexError,
            ) as exc:
                raise RecordError(
                    f"engine error {type(exc).__name__}: {exc}", index=raw["id"], action=dict(raw)
                ) from None
        yield raw, game, events


def replay_game(
    data: Mapping[str, Any], trace_path: str | Trace | None = None, before: int | None = None
) -> tuple[Game1817, int, int]:
    """Replay a fixture: the final state, the applied action count and the lines matched.

    ``trace_path``: a trace file, or a trace already read. ``before``: stop at the action
    with this id (the trace ends there). Raises ``RecordError`` naming the action id at
    the first action that cannot be applied or, with a trace, a :class:`TraceDivergence`
    at the first divergence from it.
    """
    if not is_fixture(data):
        raise RecordError("not an 18xx.games 1817 fixture")
    trace_lines: dict[int, dict[str, Any]] = {}
    if trace_path is not None:
        applied_ids = {
            a["id"]
            for a in applied_actions(list(data["actions"]))
            if before is None or a["id"] < before
        }
        trace_lines = _trace_lines(trace_path, applied_ids, new_game(data))
    game = new_game(data)
    count = matched = 0
    for raw, game, _ in replay_steps(data, before):
        count += 1
        if trace_path is not None:
            diff = compare(snapshot(game), trace_lines[raw["id"]])
            if diff is not None:
                raise TraceDivergence(diff, index=raw["id"], action=dict(raw))
            matched += 1
    return game, count, matched


def _trace_lines(
    source: str | Trace, applied_ids: set[int], game: Game1817
) -> dict[int, dict[str, Any]]:
    header, lines = read_trace(source) if isinstance(source, str) else source
    cash = {str(p.id): p.cash for p in game.players}
    if header.get("players") != list(game.original_order) or header.get("initial_cash") != cash:
        raise RecordError(
            f"trace header disagrees with the setup: players {header.get('players')} "
            f"cash {header.get('initial_cash')}, here {list(game.original_order)} {cash}"
        )
    by_id = {line["id"]: line for line in lines if line.get("applied")}
    missing = sorted(applied_ids - set(by_id))
    extra = sorted(set(by_id) - applied_ids)
    if missing or extra:
        raise RecordError(
            f"undo filtering disagrees with the trace: applied here only {missing[:5]}, "
            f"applied in the trace only {extra[:5]}"
        )
    return by_id


def summary(game: Game1817, data: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The JSON summary ``takeover replay`` prints."""
    out: dict[str, Any] = {
        "game": "1817",
        "title": game.title,
        "players": [str(pid) for pid in game.original_order],
        "finished": game.finished,
        "result": game.result(),
        "game_end_reason": game.game_end_reason,
    }
    if data is not None:
        out["id"] = data.get("id")
        stored = data.get("result")
        if isinstance(stored, Mapping):
            out["matches_stored_result"] = {str(k): v for k, v in stored.items()} == out[
                "result"
            ] and data.get("game_end_reason") == game.game_end_reason
    return out


def replay_fixture(data: Mapping[str, Any], trace_path: str | None = None) -> dict[str, Any]:
    """Replay a fixture and return its JSON summary (with ``trace`` when checked)."""
    game, applied, matched = replay_game(data, trace_path)
    out = summary(game, data)
    out["actions_applied"] = applied
    out["actions_in_record"] = len(data["actions"])
    if trace_path is not None:
        out["trace"] = {"matched": matched, "path": trace_path}
    return out
