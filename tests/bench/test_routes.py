"""``takeover bench routes``: its last line, and bad arguments refused by name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from takeover.cli import main

DATA = Path(__file__).resolve().parents[1] / "data" / "1817"
LAST = re.compile(
    r"route decisions (\d+): p50 [\d.]+ ms, p95 [\d.]+ ms, max [\d.]+ ms "
    r"\((\S+\.json), action (\d+)\)"
)


def test_bench_routes_prints_the_decisions_last(capsys) -> None:  # type: ignore[no-untyped-def]
    game = DATA / "fixtures" / "1817WO__1817WO_game_end_bankrupt.json"
    assert main(["bench", "routes", str(game)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    found = LAST.fullmatch(lines[-1])
    assert found, lines[-1]
    assert int(found.group(1)) == 5 and found.group(2) == game.name
    assert "process_time" in lines[0]


def test_bench_routes_reads_folders(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "games"
    (folder / "deeper").mkdir(parents=True)
    game = DATA / "fixtures" / "1817WO__1817WO_game_end_bankrupt.json"
    (folder / "deeper" / "a.json").write_text(game.read_text())
    (folder / "other.json").write_text('{"not": "a game"}')  # passed over in a folder
    assert main(["bench", "routes", "--repeat", "2", str(folder)]) == 0
    found = LAST.fullmatch(capsys.readouterr().out.strip().splitlines()[-1])
    assert found and found.group(2) == "a.json"


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("missing.json", "argument GAMES: no such file or folder: "),
        ("empty", "no 1817 game files in "),
        ("list.json", "not a 1817 game file: "),
    ],
)
def test_bench_routes_refuses_bad_arguments(  # type: ignore[no-untyped-def]
    name: str, why: str, tmp_path: Path, capsys
) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "list.json").write_text("[1, 2]")
    path = tmp_path / name
    with pytest.raises(SystemExit) as exit_:
        main(["bench", "routes", str(path)])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert f"{why}{path}" in err and "Traceback" not in err


def test_bench_routes_refuses_a_zero_repeat(capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit) as exit_:
        main(["bench", "routes", "--repeat", "0", str(DATA / "cases")])
    assert exit_.value.code == 2
    assert "argument --repeat: must be at least 1, not 0" in capsys.readouterr().err
