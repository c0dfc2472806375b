"""``takeover bench analysis``: its last line, on the opening of a real 1817 game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from takeover.cli import main

GAME = Path(__file__).resolve().parents[1] / "data" / "1817" / "fixtures" / "1817__20758.json"
LAST = re.compile(
    r"analysed 12 moves \((\d+) decisions\) of 1817__20758\.json with mcts:time=0\.01,clock=cpu "
    r"in [\d.]+ CPU s: \d+ ms a move; 1,700 moves: \d+ CPU s \(target 600: (met|missed)\)"
)


def test_bench_analysis_prints_the_projection_last(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "analysis", str(GAME), "--moves", "12", "--time", "0.01"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    found = LAST.fullmatch(lines[-1])
    assert found, lines[-1]
    assert int(found.group(1)) > 0


def test_a_missing_game_is_named(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "analysis", str(tmp_path / "none.json")])
