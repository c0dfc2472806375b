from __future__ import annotations

import json

import pytest

from takeover.cli import main


@pytest.mark.slow
def test_bench_bots1817_reports_its_figures(capsys) -> None:  # type: ignore[no-untyped-def]
    args = ["bench", "bots1817", "--real", "2", "--every", "2", "--games", "1", "--mcts", "2"]
    assert main([*args, "--iterations", "3", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["heuristic_decisions"] > 100
    assert 0 < figures["heuristic_ms_mean"] <= figures["heuristic_ms_worst"]
    assert 0 < figures["heuristic_ms_p95"] <= figures["heuristic_ms_worst"]
    assert len(figures["game_cpu_s"]) == 1 and figures["game_actions"][0] > 20
    assert figures["mcts_iterations_per_s"] > 0
