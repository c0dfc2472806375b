from __future__ import annotations

import asyncio
import json

import httpx2
import pytest

from takeover.bench.server import post
from takeover.cli import main


def test_bench_server_plays_tables_on_its_own_server(capsys) -> None:  # type: ignore[no-untyped-def]
    args = ["bench", "server", "--tables", "2", "--seconds", "1.5", "--warmup", "0.5", "--json"]
    assert main(args) == 0
    (level,) = json.loads(capsys.readouterr().out)["levels"]
    assert level["tables"] == 2 and level["errors"] == 0
    assert level["actions"] > 0 and level["latency_p99_ms"] >= level["latency_p50_ms"] > 0
    assert level["server_cpu_ms_per_action"] > 0


def test_a_refused_lobby_request_is_named() -> None:
    def refuse(request: httpx2.Request) -> httpx2.Response:
        body = {"error": {"code": "rate_limited", "message": "too many requests: slow down"}}
        return httpx2.Response(429, json=body)

    async def create() -> None:
        transport = httpx2.MockTransport(refuse)
        async with httpx2.AsyncClient(transport=transport, base_url="http://server") as http:
            await post(http, "/api/tables", {"seats": 4})

    with pytest.raises(RuntimeError, match=r"/api/tables: HTTP 429, rate_limited.*--http-rate"):
        asyncio.run(create())


def test_bench_server_measures_each_game_on_one_server(capsys) -> None:  # type: ignore[no-untyped-def]
    args = ["bench", "server", "--tables", "2", "--seconds", "1.5", "--warmup", "0.5"]
    assert main([*args, "--game", "acquire,1817", "--json"]) == 0
    levels = json.loads(capsys.readouterr().out)["levels"]
    assert [level["game"] for level in levels] == ["acquire", "1817"]
    for level in levels:
        assert level["errors"] == 0 and level["actions"] > 0, level


def test_split_measures_the_engine_share_of_a_server_action() -> None:
    from takeover.bench.server import split

    row = split("1817", "1817NA", 3, most=40)
    assert row["actions"] == 40 and row["games"] >= 1
    parts = ("copy_ms", "apply_ms", "views_ms", "encode_ms", "legal_forms_ms")
    assert all(row[k] > 0 for k in parts)
    assert abs(row["total_ms"] - sum(row[k] for k in parts)) < 0.01


def test_an_unknown_game_is_refused_by_the_parser(capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit):
        main(["bench", "server", "--game", "chess"])
    assert "unknown game(s) 'chess'" in capsys.readouterr().err
