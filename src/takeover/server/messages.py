"""What each recipient is told: built per seat from the state's own view functions.

Every message that leaves the server about a game goes through :func:`state_message`,
which uses only ``state.view(seat)``, ``state.action_view(action, actor, seat)`` and
``state.event_view(event, seat)`` (and the decider's own legal actions): the game
decides what a seat may see; nothing here copies raw state.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from takeover.core.extensions import SHARED_VIEW, TRADE_OFFERS, UNDO
from takeover.core.protocol import GameState
from takeover.server.clock import clock_view
from takeover.server.listings import NOTHING, Listed
from takeover.server.storage.repository import ChatLine
from takeover.server.table import Table, Update, iso


def state_message(
    table: Table,
    seat: int | None,
    update: Update | None,
    recent: Iterable[Update] = (),
    views: dict[int | None, dict[str, Any]] | None = None,
    listed: Listed | None = NOTHING,
) -> dict[str, Any]:
    """The ``state`` message for ``seat`` (``None``: a spectator) after ``update``.

    ``recent`` (the snapshot after ``hello``) adds the last actions with their events,
    so that a reloaded page can show its game log. ``views`` keeps the views built for
    one position, so that a game that shows everyone the same (``SHARED_VIEW``) builds
    it once for all its seats. ``listed``: the seat's legal actions
    (:class:`~takeover.server.listings.Listings`), ``None`` while they are being listed
    (``legal_pending``: a ``legal`` message brings them).
    """
    state = table.state
    assert state is not None  # (sent once the game has started)
    view = seat_view(state, seat, {} if views is None else views)
    trading = False
    decision = state.pending()
    if seat is not None and decision is not None and seat in decision.seats:
        offers = state.extension(TRADE_OFFERS)
        trading = offers is not None and offers.can_propose(seat)
    pending = listed is None
    if listed is None:
        listed = NOTHING
    message = {
        "type": "state",
        "game": table.game,
        "seq": table.seq,
        "status": table.status,
        "view": view,
        "legal": listed.forms,
        "legal_text": listed.texts,
        "legal_pending": pending,
        "trading_open": trading,
        "decision": None
        if decision is None
        else {"seats": list(decision.seats), "kind": decision.kind},
        "last": None if update is None else state.action_view(update.action, update.seat, seat),
        "events": [] if update is None else _events(state, update, seat),
        "clock": clock_view(table),
        "undo": _undo(table, state, seat),
    }
    if listed.error is not None:
        message["legal_error"] = listed.error
    if recent:
        message["recent"] = [past_entry(state, past, seat) for past in recent]
    return message


def _undo(table: Table, state: GameState, seat: int | None) -> dict[str, Any] | None:
    """What ``seat`` may take back (docs/server-protocol.md, "Undo"): the last action that
    stays and whether other people must agree (someone acted since, and a person other
    than a bot sits at the table); ``None`` when nothing (or the game has no undo)."""
    undo = state.extension(UNDO) if seat is not None and not state.is_terminal() else None
    target = undo.last_own(seat) if undo is not None and seat is not None else None
    if target is None:
        return None
    people = any(s.kind == "human" and n != seat for n, s in table.seats.items())
    return {"action_id": target[0], "agreement": target[1] and people}


def legal_message(seq: int, listed: Listed) -> dict[str, Any]:
    """A slow listing is ready for the position ``seq`` (``legal_error`` when it ran out
    of time and only the game's quick listing is offered)."""
    message: dict[str, Any] = {
        "type": "legal" if listed.error is None else "legal_error",
        "seq": seq,
        "legal": listed.forms,
        "legal_text": listed.texts,
    }
    if listed.error is not None:
        message["code"] = "timeout"
        message["message"] = listed.error
    return message


def past_entry(state: GameState, past: Update, seat: int | None) -> dict[str, Any]:
    """A past action as ``seat`` saw it live (``recent`` and ``history`` entries)."""
    return {
        "seq": past.seq,
        **state.action_view(past.action, past.seat, seat),
        "events": _events(state, past, seat),
    }


def history_message(
    state: GameState, updates: Iterable[Update], seat: int | None, before: int, ref: Any
) -> dict[str, Any]:
    """The answer to a ``history`` request: the actions before ``before``, oldest first."""
    message: dict[str, Any] = {
        "type": "history",
        "before": before,
        "actions": [past_entry(state, past, seat) for past in updates],
    }
    if ref is not None:
        message["ref"] = ref
    return message


def seat_view(
    state: GameState, seat: int | None, views: dict[int | None, dict[str, Any]]
) -> dict[str, Any]:
    """``state.view(seat)``, built once per position for every seat where the game shows
    everyone the same (kept in ``views`` under ``None``)."""
    shared = state.extension(SHARED_VIEW)
    key = None if shared is not None else seat
    view = views.get(key)
    if view is None:
        view = views[key] = shared.view() if shared is not None else state.view(seat)
    return view


def _events(state: GameState, update: Update, seat: int | None) -> list[dict[str, Any]]:
    out = []
    for event in update.events:
        seen = state.event_view(event, seat)
        if seen is not None:
            out.append(seen)
    return out


def table_message(table: Table) -> dict[str, Any]:
    return {"type": "table", "table": table.summary()}


def clock_message(table: Table, event: dict[str, Any] | None) -> dict[str, Any]:
    """The turn timer changed without an action: a seat ran out of time or came back."""
    message: dict[str, Any] = {"type": "clock", "clock": clock_view(table)}
    if event is not None:
        message["event"] = event
    return message


def chat_message(line: ChatLine) -> dict[str, Any]:
    return {
        "type": "chat",
        "seat": line.seat,
        "name": line.name,
        "text": line.text,
        "at": iso(line.created_at),
    }


def error_message(code: str, message: str, ref: Any = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ref is not None:
        out["ref"] = ref
    return out
