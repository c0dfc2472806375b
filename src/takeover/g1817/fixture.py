"""Reading 18xx.games fixtures: undo/redo filtering, replay, summary and trace checking.

The only module of the package that touches files (for an optional trace). The CLI calls
:func:`is_fixture` and :func:`replay_fixture`.
"""

from __future__ import annotations

import bisect
import heapq
import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeGuard

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


def applied_actions(actions: Sequence[Any]) -> list[Mapping[str, Any]]:
    """The actions that stand once undo and redo are resolved, in record order.

    As on 18xx.games: ``undo`` takes back the last action that is not a message, or with
    ``action_id`` every one after the action of that id (``0``: all of them); ``redo``
    puts back what the last undo took; any other action but a message forgets what
    could be redone; messages are chat and are never undone. One pass over the record:
    the standing actions are a stack of record positions (only its top moves on undo
    and redo, so that each costs the same whatever the record holds), the messages a
    list, merged at the end.

    Raises ``RecordError`` naming the entry (its id and its place in ``actions``) for an
    entry that is no object, an ``id`` that is no integer, an ``action_id`` that is no
    integer or names no earlier action, and a ``redo`` with nothing to redo.

    >>> [a["id"] for a in applied_actions([{"id": 1, "type": "pass"},
    ...     {"id": 2, "type": "message"}, {"id": 3, "type": "undo"}])]
    [2]
    """
    ids: dict[int, int] = {}
    """An id -> the first place it has in the record (for ``action_id``)."""
    stack: list[int] = []
    """The places of the standing actions (not messages), ascending, up to ``top``;
    above it, what the undos since the last action took (``redo`` moves ``top`` back)."""
    top = 0
    undone: list[int] = []
    """For each undo not yet redone, ``top`` before it."""
    messages: list[int] = []
    for place, action in enumerate(actions):
        if not isinstance(action, Mapping):
            raise RecordError(f"actions[{place}] must be an object", index=place, action=action)
        ident = action.get("id")
        if not _is_int(ident):
            raise RecordError(
                f'actions[{place}] needs "id": an integer, got {ident!r}',
                index=place,
                action=dict(action),
            )
        kind = action.get("type")
        if kind == "undo":
            undone.append(top)
            target = action.get("action_id")
            if target is None:
                top = max(0, top - 1)
            elif not _is_int(target):
                raise _bad_entry(place, action, f"action_id must be an action's id, not {target!r}")
            elif target == 0:
                top = 0
            elif target not in ids:
                raise _bad_entry(place, action, f"action_id {target} names no earlier action")
            else:
                top = bisect.bisect_right(stack, ids[target], 0, top)
        elif kind == "redo":
            if not undone:
                raise _bad_entry(
                    place, action, "there is nothing to redo (no undo since the last action)"
                )
            top = undone.pop()
        elif kind == "message":
            messages.append(place)
        else:
            del stack[top:]
            stack.append(place)
            top += 1
            undone.clear()
        ids.setdefault(ident, place)
    del stack[top:]
    return [actions[place] for place in heapq.merge(stack, messages)]


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _bad_entry(place: int, action: Mapping[str, Any], what: str) -> RecordError:
    """A malformed undo or redo, named by its id and its place in the record."""
    return RecordError(
        f"{action.get('type')} at actions[{place}]: {what}", index=action["id"], action=dict(action)
    )


def new_game(data: Mapping[str, Any]) -> Game1817:
    """The game before the record's first action; ``RecordError`` naming a bad setup field."""
    settings = data.get("settings") or {}
    if not isinstance(settings, Mapping):
        raise RecordError(f'"settings" must be an object, got {settings!r}')
    rules = settings.get("optional_rules") or []
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise RecordError(f'"settings.optional_rules" must be a list of names, got {rules!r}')
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, Mapping) for p in players):
        raise RecordError('"players" must be a list of {"id", "name"} objects')
    try:
        seed = int(settings.get("seed") or 0)
        seats = [(int(p["id"]), str(p["name"])) for p in players]
        return Game1817(str(data["title"]), seats, seed, tuple(r for r in rules if r))
    except RecordError:
        raise
    except (TakeoverError, KeyError, ValueError, TypeError, OverflowError) as exc:
        raise RecordError(f"cannot set up the game: {type(exc).__name__} {exc}") from None


def expand(raw: Mapping[str, Any]) -> list[Action]:
    """A record entry and the actions it ran automatically (``auto_actions``), in order."""
    out = [Action.from_dict(raw)]
    autos = raw.get("auto_actions") or []
    if not isinstance(autos, list):
        raise RecordError(f'"auto_actions" must be a list, got {autos!r}')
    for auto in autos:
        out.append(Action.from_dict(auto))
    return out


ENGINE_ERRORS = (
    KeyError,
    ValueError,
    TypeError,
    AttributeError,
    AssertionError,
    StopIteration,
    IndexError,
    RecursionError,
    OverflowError,
)
"""What the engine may raise on a record it was never meant to read (a field of the wrong
shape deep in an action): reported as a ``RecordError`` naming the action."""


def play(
    game: Game1817, entries: Iterable[Mapping[str, Any]]
) -> Iterator[tuple[Mapping[str, Any], Action, list[Event]]]:
    """Apply record entries that stand (:func:`applied_actions`) to ``game`` one at a time,
    each with its ``auto_actions``: yields the entry, its action and the events.

    Raises ``RecordError`` naming the action id at the first one that cannot be applied.
    """
    for raw in entries:
        events: list[Event] = []
        try:
            actions = expand(raw)
            for action in actions:
                if game.finished and action.type == "message":
                    continue
                events += game.push(action)
        except RecordError as exc:
            raise RecordError(exc.reason, index=raw["id"], action=dict(raw)) from None
        except TakeoverError as exc:
            raise RecordError(str(exc), index=raw["id"], action=dict(raw)) from None
        except ENGINE_ERRORS as exc:
            raise RecordError(
                f"engine error {type(exc).__name__}: {exc}", index=raw["id"], action=dict(raw)
            ) from None
        yield raw, actions[0], events


def replay_steps(
    data: Mapping[str, Any], before: int | None = None
) -> Iterator[tuple[Mapping[str, Any], Game1817, list[Event]]]:
    """Replay a fixture one applied record entry at a time (undo and redo resolved, its
    ``auto_actions`` with it): yields the entry, the game after it (the same object,
    moved on at the next step) and the events. ``before``: stop at the entry with this
    id. :func:`replay_game` is built on it.

    Raises ``RecordError`` naming the action id at the first action that cannot be applied.
    """
    if not is_fixture(data):
        raise RecordError("not an 18xx.games 1817 fixture")
    game = new_game(data)
    entries: Iterable[Mapping[str, Any]] = applied_actions(data["actions"])
    if before is not None:
        entries = itertools.takewhile(lambda raw: raw["id"] < before, entries)
    for raw, _action, events in play(game, entries):
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
