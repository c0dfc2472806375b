"""``takeover replay``: the summary on standard output, errors on standard error."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from takeover.cli import main

SCENARIOS = Path(__file__).parents[1] / "acquire" / "scenarios"


def replay_cli(path: Path, capsys) -> tuple[int, dict | None, str]:
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else None), err


def write(tmp_path: Path, record: object, name: str = "record.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(record) if not isinstance(record, str) else record)
    return path


def test_summary_of_a_finished_game(capsys) -> None:
    code, out, err = replay_cli(SCENARIOS / "final_scoring_standard.json", capsys)
    assert code == 0 and err == ""
    assert out["finished"] is True and out["end_reason"] == "declared"
    assert out["scores"] == [30600, 32200, 33000]
    assert out["cash"] == [30600, 32200, 33000]
    assert out["shares"] == [{}, {}, {}]
    assert out["chains"]["Continental"] == {
        "size": 43,
        "price": 1200,
        "available": 25,
        "safe": True,
    }
    assert out["chains"]["Tower"] == {"size": 0, "price": 0, "available": 25, "safe": False}
    assert set(out["chains"]) == {
        "Luxor",
        "Tower",
        "American",
        "Festival",
        "Worldwide",
        "Continental",
        "Imperial",
    }
    assert "next" not in out


def test_summary_of_an_unfinished_game(capsys) -> None:
    code, out, _ = replay_cli(SCENARIOS / "three_chain_merger.json", capsys)
    assert code == 0
    assert out["finished"] is False and out["end_reason"] is None and out["scores"] is None
    assert out["next"] == {"player": 1, "decision": "place_tile"}
    assert out["cash"] == [10900, 13900, 6000]
    assert out["shares"][0] == {"American": 3, "Continental": 1}
    assert out["chains"]["American"]["size"] == 14


def test_illegal_action_exits_1_naming_index_action_and_reason(tmp_path, capsys) -> None:
    record = json.loads((SCENARIOS / "three_chain_merger.json").read_text())
    record["actions"][2] = {"player": 1, "type": "dispose_shares", "sell": 5, "trade": 0}
    code, out, err = replay_cli(write(tmp_path, record), capsys)
    assert code == 1 and out is None
    assert "action 2" in err and "dispose_shares" in err
    assert "you hold 1 shares of the defunct chain, not 5" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "why"),
    [
        ("{not json", "not valid JSON"),
        ([1, 2], "must be a JSON object"),
        ({"game": "acquire", "players": ["A"], "seed": 1}, "2 to 6 players"),
        ({"game": "acquire", "players": ["A", "B"]}, '"seed"'),
        ({"game": "go", "players": ["A", "B"], "seed": 1}, "unknown game"),
        (
            {"game": "acquire", "players": ["A", "B"], "seed": 1, "actions": [{"type": "x"}]},
            'action 0 .*"player"',
        ),
    ],
)
def test_malformed_records_exit_1(tmp_path, capsys, content, why: str) -> None:
    code, out, err = replay_cli(write(tmp_path, content), capsys)
    assert code == 1 and out is None
    assert re.search(why, err), err
    assert "Traceback" not in err


def test_missing_file_exits_1(tmp_path, capsys) -> None:
    code, _, err = replay_cli(tmp_path / "nope.json", capsys)
    assert code == 1 and "cannot read" in err


def test_console_entry_point(tmp_path) -> None:
    """The real process: exit status and streams, as a shell sees them."""
    good = subprocess.run(
        [
            sys.executable,
            "-m",
            "takeover.cli",
            "replay",
            str(SCENARIOS / "final_scoring_tlstyer.json"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert good.returncode == 0 and json.loads(good.stdout)["scores"] == [30600, 32200, 33000]
    bad = subprocess.run(
        [sys.executable, "-m", "takeover.cli", "replay", str(write(tmp_path, "[]"))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 1 and bad.stdout == "" and "Traceback" not in bad.stderr


GENERATED = Path(__file__).parents[1] / "data" / "1817" / "generated"


@pytest.mark.parametrize("older", [False, True])
def test_trace_checks_a_selfplay_1817_file(tmp_path, capsys, older: bool) -> None:
    """``--trace`` takes what ``takeover selfplay --game 1817`` writes (an 18xx.games
    export), and the older selfplay files that also had ``"game": "1817"``."""
    name = "1817WO-3p-s3-dnf"
    data = json.loads((GENERATED / f"{name}.json").read_text())
    assert "game" not in data
    path = write(tmp_path, {"game": "1817", **data} if older else data)
    trace = GENERATED / f"{name}.trace.jsonl.gz"
    assert main(["replay", "--trace", str(trace), str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["trace"]["matched"] == out["actions_applied"] == len(data["actions"])


def test_trace_is_refused_for_an_acquire_record(capsys) -> None:
    trace = GENERATED / "1817WO-3p-s3-dnf.trace.jsonl.gz"
    code = main(["replay", "--trace", str(trace), str(SCENARIOS / "final_scoring_standard.json")])
    assert code == 1 and "--trace applies to 1817" in capsys.readouterr().err
