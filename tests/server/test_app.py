"""HTTP routes: the lobby, the archive, and their refusals (JSON errors, never a trace)."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from takeover.acquire import replay

from .helpers import create, hello, start, until

pytestmark = pytest.mark.parametrize("database", ["sqlite"], indirect=True)


def test_options_list_seats_presets_bots_and_limits(client: TestClient) -> None:
    options = client.get("/api/options").json()
    # The seats come from the games' definitions: Acquire's tlstyer preset allows one player.
    assert options["seats"] == {"min": 1, "max": 6}
    assert {"standard", "tlstyer"} <= set(options["presets"])
    assert options["presets"]["tlstyer"]["player_trading"] is False
    assert "random" in [b["spec"] for b in options["bots"]]
    # each level says what it is and how long it thinks, the seated time where one is set
    about = {b["spec"]: b["about"] for b in options["bots"]}
    assert about["heuristic"].endswith("about 1 ms a decision")
    assert about["mcts:time=1"].endswith("; 1 s a decision here")
    assert options["limits"]["name_length"] == 24
    # Every word-valued option lists its values, each of which a table accepts.
    choices = options["choices"]
    assert set(choices) == {
        "edition",
        "closest_tile",
        "turn_order",
        "dead_replacement",
        "declare_end",
    }
    for key, values in choices.items():
        for value in values:
            body = {
                "seats": 2,
                "name": "Ann",
                "ruleset": {"preset": "standard", "options": {key: value}},
            }
            assert client.post("/api/tables", json=body).status_code == 201, (key, value)
    assert len(choices["edition"]) > 1


def test_create_join_and_list(client: TestClient) -> None:
    made = create(
        client,
        seats=4,
        ruleset={"preset": "tlstyer", "options": {"hidden_holdings": True}},
        bots={"3": "random"},
        name="  Ann   Lee ",
    )
    table = made["table"]
    assert made["seat"] == 0 and len(made["token"]) >= 32
    assert [s["kind"] for s in table["seats"]] == ["human", "empty", "empty", "bot"]
    assert table["seats"][0]["name"] == "Ann Lee"
    assert table["ruleset"] == {"preset": "tlstyer", "options": {"hidden_holdings": True}}
    listed = client.get("/api/tables").json()["tables"]
    assert [t["id"] for t in listed] == [table["id"]]
    assert "token" not in str(listed) and made["token"] not in str(listed)
    joined = client.post(f"/api/tables/{table['id']}/join", json={"name": "Bob"}).json()
    assert joined["seat"] == 1 and joined["token"] != made["token"]
    left = client.post(f"/api/tables/{table['id']}/leave", json={"token": joined["token"]})
    assert left.json()["table"]["seats"][1]["kind"] == "empty"


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"seats": 7}, "2 to 6 seats"),
        ({"seats": 1}, "2 to 6 seats"),
        ({"seats": "4"}, '"seats"'),
        ({}, '"seats" is required'),
        ({"seats": 4, "colour": "red"}, '"colour" is not a known field'),
        ({"seats": 4, "ruleset": "chess"}, "unknown ruleset preset 'chess'"),
        ({"seats": 4, "ruleset": {"preset": "standard", "options": {"fly": 1}}}, "'fly'"),
        ({"seats": 4, "bots": {"9": "random"}}, "bot seat 9"),
        ({"seats": 4, "bots": {"x": "random"}}, "not a number"),
        ({"seats": 4, "bots": {"1": "genius"}}, "genius"),
        ({"seats": 4, "bots": {"1": "mcts:time=60"}}, "at most 5 s"),
        ({"seats": 4, "name": "<script>"}, "must not contain '<'"),
        ({"seats": 4, "name": "x" * 25}, "at most 24"),
        ({"seats": 4, "name": "   "}, "must not be empty"),
        ({"seats": 4, "name": "Ann", "seat": 4}, "seat must be 0 to 3"),
    ],
)
def test_bad_tables_are_refused_with_a_reason(
    client: TestClient, body: dict[str, Any], words: str
) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400, r.text
    assert words in r.json()["error"]["message"]
    assert client.get("/api/tables").json()["tables"] == []


def test_deeply_nested_bodies_are_bad_requests(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    for depth in (3000, 400):  # deeper than the decoder goes; deeper than any field needs
        deep = "[" * depth + "]" * depth
        body = f'{{"seats": 2, "ruleset": {{"preset": "standard", "options": {{"x": {deep}}}}}}}'
        r = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
        assert r.status_code == 400, r.text
        error = r.json()["error"]
        assert error["code"] == "bad_request" and "nest" in error["message"]
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]
    assert client.get("/api/tables").json()["tables"] == []


def test_malformed_oversized_and_unknown_requests(client: TestClient) -> None:
    r = client.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request"
    r = client.post("/api/tables", json=[1, 2])
    assert r.status_code == 400
    r = client.post("/api/tables", json={"seats": 2, "name": "A" * 9000})
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
    r = client.get("/api/nothing")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    assert client.get("/api/tables/missing").status_code == 404
    assert client.post("/api/tables/missing/join", json={"name": "A"}).status_code == 404
    assert client.delete("/api/tables").status_code == 405
    assert client.get("/api/tables").json()["tables"] == []


def test_lobby_requests_are_rate_limited(make_client: Any) -> None:
    client = make_client(http_rate_per_second=1.0)
    codes = [client.post("/api/tables", json={"seats": 2}).status_code for _ in range(6)]
    assert codes[:3] == [201, 201, 201] and 429 in codes[3:]


def test_finished_games_records_and_replay_steps(client: TestClient) -> None:
    made = create(client, seats=2, bots={"0": "random", "1": "random"}, bot_only=True)
    table_id = made["table"]["id"]
    assert client.get(f"/api/games/{table_id}/record").status_code == 409  # not finished
    start(client, table_id, None)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, None)
        final = until(ws, "state")
        while final["status"] != "finished":
            final = until(ws, "state")
    games = client.get("/api/games?limit=5").json()
    assert games["total"] == 1 and games["games"][0]["actions"] == final["seq"]
    record = client.get(f"/api/games/{table_id}/record").json()
    assert replay(record).scores() == final["view"]["scores"]
    first = client.get(f"/api/games/{table_id}/steps/0").json()
    assert first["step"] == 0 and "action" not in first and len(first["hands"]) == 2
    one = client.get(f"/api/games/{table_id}/steps/1").json()
    assert one["action"] == record["actions"][0] and one["text"] and one["events"]
    last = client.get(f"/api/games/{table_id}/steps/{final['seq']}").json()
    assert last["view"]["scores"] == final["view"]["scores"]
    assert client.get(f"/api/games/{table_id}/steps/{final['seq'] + 1}").status_code == 400
    assert client.get(f"/api/games/{table_id}/steps/x").status_code == 400
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "finished"
    assert client.get("/api/games?limit=x").status_code == 400


def test_unfinished_games_keep_their_record_secret(client: TestClient) -> None:
    made = create(client, seats=2, name="Ann")
    table_id = made["table"]["id"]
    start(client, table_id, made["token"], fill="random")
    r = client.get(f"/api/games/{table_id}/record")
    assert r.status_code == 409 and "tile bag" in r.json()["error"]["message"]


def test_the_browser_client_is_served_at_the_root(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
