from __future__ import annotations

import json

from takeover.cli import main


def test_bench_bots_fair_times_replies_unloaded_and_loaded(capsys) -> None:  # type: ignore[no-untyped-def]
    argv = ["bench", "bots-fair", "--tables", "2", "--bots", "1", "--spec", "mcts:time=0.2"]
    argv += ["--victim-bots", "1", "--victim-spec", "mcts:time=0.1", "--replies", "2"]
    argv += ["--warmup", "1", "--settle", "0", "--json"]
    assert main(argv) == 0
    figures = json.loads(capsys.readouterr().out)
    for phase in ("unloaded", "loaded"):
        assert figures[phase]["replies"] == 2 and figures[phase]["median_s"] > 0
        assert figures[phase]["bot_moves_per_reply"] >= 1
    assert figures["ratio_per_bot_move"] > 0 and figures["errors"] == []
