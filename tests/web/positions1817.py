"""1817 positions for the browser tests: a real game from ``tests/data/1817`` replayed up to
a given action, turned into the server's ``state`` message (the engine's own view and legal
forms, as a table serves them), and the actions before it as the log's ``recent`` entries."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from takeover.g1817.fixture import applied_actions, expand, new_game
from takeover.g1817.state import Game1817

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "1817" / "fixtures"
GENERATED = FIXTURES.parent / "generated"
"""Games our bots played, each checked equal to the reference (``test_generated.py``)."""
GAME = "1817__15528.revenue.json"
"""A four-player game to the final phase, with every kind of non-map decision."""


@cache
def _record(name: str) -> dict[str, Any]:
    path = FIXTURES / name
    if not path.is_file():
        path = GENERATED / name
    return dict(json.loads(path.read_text()))


def at(action_id: int, name: str = GAME) -> tuple[Game1817, list[dict[str, Any]]]:
    """The position just before record action ``action_id``, as in live play (no record
    hints), and the last actions before it as ``recent`` log entries."""
    data = _record(name)
    game = new_game(data)
    expanded = [(raw, expand(raw)) for raw in applied_actions(list(data["actions"]))]
    position = 0
    entries: list[dict[str, Any]] = []
    for raw, actions in expanded:
        if raw["id"] >= action_id:
            break
        for action in actions:
            position += 1
            if action.type == "message":
                continue
            actor = game.controller(action)
            events = game.push(action)
            entries.append(
                {
                    "seq": len(entries) + 1,
                    **game.action_view(action, actor if actor is not None else 0, None),
                    "events": [game.event_view(e, None) for e in events],
                }
            )
    else:
        raise AssertionError(f"{name} has no action {action_id}")
    return game, entries


def seat_to_move(game: Game1817) -> int:
    decision = game.pending()
    assert decision is not None and decision.seats, "nobody decides here"
    return decision.seats[0]


def state_message(
    game: Game1817, seat: int | None, seq: int = 7, recent: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The server's ``state`` message for ``seat`` (``None``: a spectator)."""
    legal, text = game.legal_forms(seat) if seat is not None else ([], [])
    message: dict[str, Any] = {
        "type": "state",
        "game": "1817",
        "seq": seq,
        "status": "finished" if game.is_terminal() else "playing",
        "view": game.view(seat),
        "legal": legal,
        "legal_text": text,
        "trading_open": False,
        "last": None,
        "events": [],
    }
    if recent:
        # the last ``seq`` actions, numbered so that the last one is action ``seq``
        last = recent[-seq:]
        first = seq - len(last) + 1
        message["recent"] = [{**e, "seq": first + i} for i, e in enumerate(last)]
    return message


def names(game: Game1817) -> list[str]:
    """Seat names for the table summary (people's names instead of the record's ids)."""
    return ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"][: game.num_players]


def open_at(page: Any, server: Any, action_id: int, name: str = GAME, **kw: Any) -> Any:
    """Show the position before ``action_id`` to the seat that decides there, behind a
    scripted WebSocket; returns ``(fake_table, game)``."""
    from .fake_table import FakeTable, table_entry

    game, entries = at(action_id, name)
    seat = seat_to_move(game)
    message = state_message(game, seat, recent=entries if kw.pop("recent", False) else None)
    table = table_entry(names(game), game="1817")
    fake = FakeTable(page, message, seat, table=table, **kw)
    fake.open(server.url)
    return fake, game


def replay_steps(name: str) -> list[dict[str, Any]]:
    """Every step of a real game as the replay viewer gets it from
    ``/api/games/{id}/steps/{n}`` (the public view after ``n`` actions and the action)."""
    data = _record(name)
    game = new_game(data)
    expanded = [(raw, expand(raw)) for raw in applied_actions(list(data["actions"]))]
    flat = [a for _, acts in expanded for a in acts]
    steps: list[dict[str, Any]] = [{"step": 0, "view": game.view(None), "events": []}]
    for action in flat:
        if action.type == "message" or game.finished:
            continue
        actor = game.controller(action)
        events = game.push(action)
        steps.append(
            {
                "step": len(steps),
                "view": game.view(None),
                "action": {"player": actor if actor is not None else 0, **action.to_dict()},
                "text": game.action_text(action),
                "events": [game.event_view(e, None) for e in events],
            }
        )
    for step in steps:
        step["total"] = len(steps) - 1
    return steps


def finished(name: str) -> Game1817:
    """A real game replayed to its end."""
    from takeover.g1817.fixture import replay_game

    return replay_game(_record(name))[0]
