"""Imported games (an 18xx.games export of a 1817 game) and our own 1817 games exported:
upload, refusals, stepping through in the replay API, the round trip."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from takeover.core.registry import get as get_game
from takeover.core.registry import replay_record
from takeover.g1817.fixture import replay_game
from takeover.server import Settings
from takeover.server.imports import import_file

from .helpers import create, hello, start, until

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "1817" / "fixtures"
GAME = FIXTURES / "1817WO__1817WO_game_end_bankrupt.json"
"""A whole 1817WO game (139 actions) that ends in a bankruptcy."""

pytestmark = pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)


def upload(client: TestClient, data: Any) -> Any:
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    return client.post("/api/imports", content=raw, headers={"content-type": "application/json"})


def test_an_imported_game_steps_like_a_finished_one(client: TestClient) -> None:
    data = json.loads(GAME.read_text())
    r = upload(client, data)
    assert r.status_code == 201, r.text
    made = r.json()
    final, applied, _ = replay_game(data)
    assert made["game"] == "1817" and made["ruleset"] == "1817WO"
    assert made["seq"] == applied and made["imported"] == "18xx.games"
    assert [s["name"] for s in made["seats"]] == [p["name"] for p in data["players"]]
    # the lobby's summary and the record as it came
    assert client.get(f"/api/tables/{made['id']}").json() == made
    assert client.get(f"/api/games/{made['id']}/record").json() == data
    # steps forward, back and to the end: each the engine's position at that step
    at = {}
    for n in (0, 1, 2, 40, 3, applied):
        got = client.get(f"/api/games/{made['id']}/steps/{n}")
        assert got.status_code == 200, got.text
        at[n] = got.json()
        assert at[n]["step"] == n and at[n]["total"] == applied and at[n]["game"] == "1817"
    assert "action" not in at[0]
    assert at[1]["action"]["type"] == data["actions"][0]["type"]
    assert at[1]["text"] and at[1]["action"]["player"] is not None
    assert at[applied]["view"] == final.view(None)
    assert at[applied]["view"]["game_end_reason"] == "bankrupt"
    truncated = {**data, "actions": data["actions"][:3]}
    assert at[3]["view"] == replay_game(truncated)[0].view(None)
    bad = client.get(f"/api/games/{made['id']}/steps/{applied + 1}")
    assert bad.status_code == 400 and f"0 to {applied}" in bad.json()["error"]["message"]


def test_imports_refused_with_the_reason(make_client: Any) -> None:
    client = make_client(import_bytes=50_000)
    data = json.loads(GAME.read_text())
    cases = [
        (b"not json", 400, "not JSON"),
        (b"[1, 2]", 400, "JSON object"),
        ({"title": "1830", "actions": []}, 400, "18xx.games exports of 1817"),
        (json.loads((FIXTURES / "1817NA__25363.json").read_text()), 413, "50000 bytes"),
    ]
    broken = json.loads(json.dumps(data))
    broken["actions"][5]["price"] = 3  # a bid the rules refuse
    cases.append((broken, 400, f"action {broken['actions'][5]['id']}"))
    for body, status, words in cases:
        r = upload(client, body)
        assert r.status_code == status and words in r.json()["error"]["message"], r.text
    # nothing was kept
    assert client.get("/api/games/nothing/steps/0").status_code == 404


def test_an_own_1817_game_exports_in_the_18xx_format_and_imports_back(
    client: TestClient,
) -> None:
    me = create(
        client,
        game="1817",
        seats=3,
        ruleset="1817NA",
        bots={"1": "random", "2": "random"},
        name="Ann",
    )
    table_id, token = me["table"]["id"], me["token"]
    rng = random.Random(2)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        start(client, table_id, token)
        last = until(ws, "state")
        while last["status"] == "playing":  # random play ends (a bankruptcy, the last train)
            if last["legal"]:
                legal = last["legal"]
                action = legal[rng.randrange(len(legal))]
                ws.send_json({"type": "action", "seq": last["seq"], "action": action})
            last = until(ws, "state")
    assert last["status"] == "finished"
    record = client.get(f"/api/games/{table_id}/record").json()
    # the 18xx.games form: a title, players with ids, settings, numbered actions
    assert record["title"] == "1817NA"
    # players are told apart by name there: equal names are numbered by seat
    assert [p["name"] for p in record["players"]] == ["Ann", "Random bot", "Random bot 3"]
    assert [a["id"] for a in record["actions"]] == list(range(1, last["seq"] + 1))
    assert all("entity" in a and "entity_type" in a for a in record["actions"])
    replayed = replay_record(record)
    assert replayed.view(None) == last["view"]
    # the export imports back and steps to the same end
    del record["game"]  # as 18xx.games would have it
    back = upload(client, record)
    assert back.status_code == 201, back.text
    end_step = client.get(f"/api/games/{back.json()['id']}/steps/{last['seq']}").json()
    assert end_step["view"] == last["view"]
    finished = client.get("/api/games").json()["games"]
    assert [g["id"] for g in finished] == [table_id] and finished[0]["game"] == "1817"


def test_serve_open_imports_a_file(database: str, tmp_path: Path) -> None:
    settings = Settings(database=database)
    rec = import_file(GAME, settings)
    assert rec.game == "1817" and rec.actions == replay_game(json.loads(GAME.read_text()))[1]
    with pytest.raises(ValueError, match="is not JSON"):
        bad = tmp_path / "bad.json"
        bad.write_text("{")
        import_file(bad, settings)
    with pytest.raises(ValueError, match="cannot read"):
        import_file(tmp_path / "missing.json", settings)
    assert get_game("1817").imports is not None


def test_uploads_are_limited_per_address(make_client: Any) -> None:
    client = make_client(imports_per_minute=1.0)
    data = json.loads(GAME.read_text())
    for _ in range(3):  # three at once ...
        assert upload(client, data).status_code == 201
    refused = upload(client, data)  # ... then one a minute
    assert refused.status_code == 429
    assert "too many uploads: 1 a minute" in refused.json()["error"]["message"]
