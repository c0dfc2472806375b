"""``takeover analyse``: the report on standard output, progress on standard error, JSON
to a file."""

from __future__ import annotations

import json
from pathlib import Path

from takeover.acquire import DeclareEnd, from_position
from takeover.cli import main


def behind_declares(tmp_path: Path) -> Path:
    players = [
        {"name": "Ann", "cash": 6000, "shares": {"Tower": 5}, "hand": ["12I"]},
        {"name": "Bob", "cash": 6000, "shares": {"Tower": 6}, "hand": ["12H"]},
    ]
    board = {f"{c}A": "Tower" for c in range(1, 12)}
    bag = [f"{c}G" for c in range(1, 13)]
    state = from_position({"board": board, "players": players, "bag": bag, "current": 0})
    state.apply(DeclareEnd(), 0)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state.to_record()))
    return path


def test_a_costly_decision_is_reported(tmp_path: Path, capsys) -> None:
    out_json = tmp_path / "analysis.json"
    code = main(
        ["analyse", str(behind_declares(tmp_path)), "--time", "0.05", "--json", str(out_json)]
    )
    out, err = capsys.readouterr()
    assert code == 0
    assert "1/1 seat 0 declare the end" in err and "costly" in err
    assert "Ann: 1 costly" in out and "Bob: 0 costly" in out
    assert "the bot: place" in out
    doc = json.loads(out_json.read_text())
    assert doc["analyser"] == "mcts:time=0.05,clock=cpu"
    assert doc["decisions"][0]["costly"] is True


def test_bad_input_is_named(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert main(["analyse", str(bad)]) == 1
    assert "not valid JSON" in capsys.readouterr().err
    bad.write_text('{"game": "acquire", "players": ["a"], "seed": 1, "actions": [{}]}')
    assert main(["analyse", str(bad)]) == 1
    assert '"player"' in capsys.readouterr().err
    assert main(["analyse", str(bad), "--time", "0"]) == 2
    assert "--time" in capsys.readouterr().err
