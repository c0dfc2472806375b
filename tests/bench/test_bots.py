from __future__ import annotations

import json

from takeover.bench.bots import positions
from takeover.cli import main


def test_bench_bots_reports_its_figures(capsys) -> None:  # type: ignore[no-untyped-def]
    assert (
        main(["bench", "bots", "--games", "1", "--mcts", "2", "--iterations", "5", "--json"]) == 0
    )
    figures = json.loads(capsys.readouterr().out)
    assert figures["positions"] > 10 and figures["mcts_positions"] == 2
    assert figures["heuristic_decisions_per_s"] > 0 and figures["mcts_iterations_per_s"] > 0


def test_kept_positions_are_decisions_of_their_seat() -> None:
    kept = positions(1, 3)
    assert kept and all(state.pending().seats == (seat,) for state, seat in kept)
