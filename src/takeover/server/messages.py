"""What each recipient is told: built per seat from the state's own view functions.

Every message that leaves the server about a game goes through :func:`state_message`,
which uses only ``state.view(seat)`` and ``state.event_view(event, seat)``: the
game decides what a seat may see; nothing here copies raw state.
"""

from __future__ import annotations

from typing import Any

from takeover.server.storage.repository import ChatLine
from takeover.server.table import Table, Update, iso


def state_message(table: Table, seat: int | None, update: Update | None) -> dict[str, Any]:
    """The ``state`` message for ``seat`` (``None``: a spectator) after ``update``."""
    state = table.state
    legal: list[dict[str, Any]] = []
    legal_text: list[str] = []
    trading = False
    if seat is not None and state.current_player() == seat:
        for action in state.legal_actions():
            legal.append(state.action_to_dict(action))
            legal_text.append(state.text(action))
        trading = bool(state.trading_open())
    last = None
    events: list[dict[str, Any]] = []
    if update is not None:
        last = {
            "player": update.seat,
            "action": state.action_to_dict(update.action),
            "text": state.text(update.action),
        }
        for event in update.events:
            seen = state.event_view(event, seat)
            if seen is not None:
                events.append(seen)
    return {
        "type": "state",
        "seq": table.seq,
        "status": table.status,
        "view": state.view(seat),
        "legal": legal,
        "legal_text": legal_text,
        "trading_open": trading,
        "last": last,
        "events": events,
    }


def table_message(table: Table) -> dict[str, Any]:
    return {"type": "table", "table": table.summary()}


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
