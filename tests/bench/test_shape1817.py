from __future__ import annotations

import json

import pytest

from takeover.bench.shape1817 import MIN_TILES, Shape
from takeover.cli import main


def test_a_real_game_meets_every_criterion() -> None:
    good = Shape(floated=2, tiles=MIN_TILES, phase=4, operated=True)
    assert all(good.real(4).values())
    assert not good.real(5)["floated"]  # ceil(5 / 2) = 3 corporations
    short = Shape(floated=6, tiles=MIN_TILES - 1, phase=3, operated=False)
    assert short.real(4) == {"floated": True, "tiles": False, "phase5": False, "operated": False}


@pytest.mark.slow
def test_bench_shape1817_reports_each_count(capsys) -> None:  # type: ignore[no-untyped-def]
    args = ["bench", "shape1817", "--titles", "1817WO", "--players", "3", "--games", "1"]
    assert main([*args, "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    row = figures["1817WO 3p"]
    assert row["games"] == 1 and sum(row["ends"].values()) == 1
    assert figures["action_kinds"]["pass"] > 0
    assert figures["real_games_worst_count"].endswith("%")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--titles", "18XX"], "unknown title '18XX'"),
        (["--titles", "1817NA", "--players", "9"], "1817NA seats 2 to 6, not [9]"),
    ],
)
def test_bench_shape1817_refuses_what_it_cannot_play(args, words, capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit):
        main(["bench", "shape1817", *args])
    assert words in capsys.readouterr().err
