from __future__ import annotations

import json

from takeover.cli import main


def test_bench_lobby_sets_up_tables_on_its_own_server(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["bench", "lobby", "--tables", "2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["tables"] == 2
    assert figures["server_cpu_ms_per_table"] is not None and figures["wall_ms_per_table"] > 0
