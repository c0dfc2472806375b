from __future__ import annotations

import json

from takeover.bench.engine import random_game
from takeover.cli import main


def test_bench_engine_reports_its_figures(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["bench", "engine", "--games", "3", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["games"] == 3 and figures["decisions_per_game"] > 20
    assert figures["games_per_second_per_core"] > 0 and figures["clone_microseconds"] > 0


def test_a_random_game_is_a_function_of_its_seed() -> None:
    samples: list = []
    assert random_game(5, 4, "tlstyer", samples) == random_game(5, 4, "tlstyer")
    assert samples and all(s.game == "acquire" for s in samples)
