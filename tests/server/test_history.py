"""The ``history`` request: the earlier moves of a game, as the asking seat saw them live."""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from .helpers import create, hello, start, until

pytestmark = pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)


def finished_bot_table(client: TestClient, game: str, seats: int) -> str:
    bots = {str(n): "random" for n in range(seats)}
    table_id = create(client, game=game, seats=seats, bots=bots, bot_only=True)["table"]["id"]
    start(client, table_id, None)
    for _ in range(600):
        if client.get(f"/api/tables/{table_id}").json()["status"] == "finished":
            return table_id
        time.sleep(0.05)
    raise AssertionError("the bots did not finish")


@pytest.mark.parametrize(("game", "seats"), [("acquire", 2), ("1817", 3)])
def test_history_pages_back_to_the_first_move(client: TestClient, game: str, seats: int) -> None:
    table_id = finished_bot_table(client, game, seats)
    record = client.get(f"/api/games/{table_id}/record").json()
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws)
        snapshot = until(ws, "state")
        seq, recent = snapshot["seq"], snapshot["recent"]
        # the recent ones again, from the table itself
        ws.send_json({"type": "history", "before": seq + 1, "limit": len(recent), "ref": 1})
        answer = until(ws, "history")
        assert answer["ref"] == 1 and answer["actions"] == recent
        # page back to the first move, 30 at a time (from the store once past the recent ones)
        pages: list[list[dict[str, Any]]] = []
        before = recent[0]["seq"]
        while before > 1:
            ws.send_json({"type": "history", "before": before, "limit": 30, "ref": before})
            page = until(ws, "history")["actions"]
            assert [a["seq"] for a in page] == list(range(max(1, before - 30), before))
            pages.insert(0, page)
            before = page[0]["seq"]
        everything = [a for page in pages for a in page] + recent
        assert [a["seq"] for a in everything] == list(range(1, seq + 1))
        assert all(a["text"] for a in everything)
        # each move as the record has it (by seat, in its record form)
        if game == "acquire":
            stored = [{k: v for k, v in a.items() if k != "player"} for a in record["actions"]]
            assert [a["player"] for a in everything] == [a["player"] for a in record["actions"]]
            assert [a["action"] for a in everything] == stored
        else:  # 18xx.games' record may add what an action implied (a loan's number)
            told = [a["action"] for a in everything]
            assert len(told) == len(record["actions"])
            assert all(t.items() <= r.items() for t, r in zip(told, record["actions"], strict=True))
        # out of range: refused, with the ref
        ws.send_json({"type": "history", "before": seq + 2, "ref": "x"})
        error = until(ws, "error")
        assert error["code"] == "bad_request" and error["ref"] == "x"
        assert f"1 to {seq + 1}" in error["message"]
