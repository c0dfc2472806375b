"""Taking actions back (docs/record-format.md, "Undo"; docs/rules/acquire.md, rule 11.3).

An ``undo`` names, by ``action_id``, the last entry of the record that stays (entries are
numbered from 1 in record order, undos included; ``0``: none). The game goes back to the
position right after that entry, rebuilt by replaying the record from its setup, so a
record with undos replays exactly.

The tiles: no one may learn a tile they did not draw. Every tile drawn after the entry
that stays, and not drawn before it, is *returned* to the player who drew it: it is set
aside from the bag, face down, and that player's next draws take their returned tiles
first, in the order they first drew them; the bag is drawn past the set-aside tiles. So
nobody can draw a tile someone else has seen, and nobody can undo to draw afresh (the
same player gets the same tile back). Returned tiles that are never drawn again stay
hidden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from takeover.acquire.actions import AcquireAction, Undo
from takeover.core.errors import IllegalAction

if TYPE_CHECKING:
    from takeover.acquire.state import AcquireState


def standing(state: AcquireState) -> list[tuple[int, int]]:
    """The ``(id, seat)`` of each entry of the record that stands (not taken back, not an
    undo), in order."""
    out: list[tuple[int, int]] = []
    for number, (seat, action) in enumerate(state.actions(), start=1):
        if isinstance(action, Undo):
            out = [e for e in out if e[0] <= action.action_id]
        else:
            out.append((number, seat))
    return out


def last_own(state: AcquireState, seat: int) -> tuple[int, bool] | None:
    """The ``action_id`` an undo of ``seat``'s last standing action names, and whether
    another seat acted after that action; ``None`` when it has none (or the game is over)."""
    if state.is_terminal():
        return None
    entries = standing(state)
    for place in range(len(entries) - 1, -1, -1):
        if entries[place][1] == seat:
            others = any(s != seat for _, s in entries[place + 1 :])
            return (entries[place - 1][0] if place else 0), others
    return None


def refusal(state: AcquireState, action_id: int) -> str | None:
    """Why an undo to ``action_id`` cannot be taken now, in words; ``None`` when it can."""
    if state.is_terminal():
        return "the game is over: nothing can be taken back"
    ids = [number for number, _ in standing(state)]
    if action_id and action_id not in ids:
        return f"action {action_id} is not standing (taken back, or an undo)"
    if not ids or action_id >= ids[-1]:
        return f"no action after action {action_id} stands: nothing to take back"
    return None


def undo(state: AcquireState, seat: int, action: Undo) -> None:
    """Take back every standing action after ``action.action_id`` (``seat`` asked), in place."""
    problem = refusal(state, action.action_id)
    if problem is not None:
        raise IllegalAction(problem)
    entries = state.actions()
    snapshots = _snapshots(state, entries)
    back = _jump(snapshots, action.action_id, state)
    back.history = (state.history, seat, action)
    for name in type(state).__slots__:
        if name != "_log":
            setattr(state, name, getattr(back, name))


def _snapshots(state: AcquireState, entries: list[tuple[int, AcquireAction]]) -> list[AcquireState]:
    """The position after each entry of ``entries`` (index 0: the setup), replayed."""
    from takeover.acquire.record import from_record, to_record

    current = from_record({**to_record(state), "actions": []})
    snapshots = [current.clone()]
    for seat, action in entries:
        if isinstance(action, Undo):
            before = current
            current = _jump(snapshots, action.action_id, before)
            current.history = (before.history, seat, action)
        else:
            current.play(action)  # legal when it was recorded
        snapshots.append(current.clone())
    return snapshots


def _jump(snapshots: list[AcquireState], action_id: int, now: AcquireState) -> AcquireState:
    """The position after entry ``action_id``, with the tiles drawn since (by the
    positions ``snapshots[action_id + 1:]`` and ``now``) returned to those who drew them."""
    back = snapshots[action_id].clone()
    later = [*snapshots[action_id + 1 :], now]
    seen: list[list[int]] = [[] for _ in range(back.num_players)]
    previous = back
    for position in later:
        for p in range(back.num_players):
            had = set(previous.hands[p])
            seen[p] += [t for t in position.hands[p] if t not in had and t not in seen[p]]
        # a drawn tile found dead at once and replaced (rule 5.8) was drawn by the player
        # whose turn ended
        gone = set(previous.removed)
        seen[previous.active] += [t for t in position.removed if t not in gone]
        previous = position
    undrawn = set(back.bag[back.bag_pos :]) - back.set_aside
    returned = [list(r) for r in back.returned] if back.returned else [[] for _ in seen]
    for p, tiles in enumerate(seen):
        returned[p] += [t for t in tiles if t in undrawn]
    if any(returned):
        back.returned = tuple(tuple(r) for r in returned)
        back.set_aside = back.set_aside | {t for r in returned for t in r}
    return back
