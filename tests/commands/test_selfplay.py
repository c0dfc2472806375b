"""``takeover selfplay``: a random legal game whose record replays to the same result."""

from __future__ import annotations

import json

import pytest

from takeover.acquire import replay, summary
from takeover.cli import main


@pytest.mark.parametrize(
    ("players", "seed", "ruleset"),
    [
        (4, 7, None),
        (2, 8, "tlstyer"),
        (1, 9, "tlstyer"),
        (6, 10, '{"preset": "standard", "options": {"hidden_holdings": true}}'),
    ],
)
def test_selfplay_record_replays_to_the_same_result(tmp_path, capsys, players, seed, ruleset):
    out_path = tmp_path / "game.json"
    args = ["selfplay", "--players", str(players), "--seed", str(seed), "--out", str(out_path)]
    if ruleset:
        args += ["--ruleset", ruleset]
    assert main(args) == 0
    printed = json.loads(capsys.readouterr().out)
    record = json.loads(out_path.read_text())
    assert record["game"] == "acquire" and len(record["players"]) == players
    assert record["seed"] == seed
    replayed = summary(replay(record))
    assert replayed == printed
    assert replayed["finished"] is True and len(replayed["scores"]) == players
    # The CLI's replay prints the same summary.
    assert main(["replay", str(out_path)]) == 0
    assert json.loads(capsys.readouterr().out) == printed


def test_same_seed_same_game(tmp_path, capsys) -> None:
    paths = [tmp_path / "a.json", tmp_path / "b.json"]
    for path in paths:
        assert main(["selfplay", "--players", "4", "--seed", "5", "--out", str(path)]) == 0
    assert paths[0].read_text() == paths[1].read_text()


def test_record_on_standard_output_without_out(capsys) -> None:
    assert main(["selfplay", "--players", "3", "--seed", "2"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert replay(record).is_terminal()


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["--players", "1"], "2 to 6 players"),
        (["--players", "7", "--ruleset", "tlstyer"], "1 to 6 players"),
        (["--ruleset", "chess"], "unknown ruleset"),
        (["--ruleset", "{bad json"], "not valid JSON"),
    ],
)
def test_bad_setup_is_refused(capsys, args, why: str) -> None:
    assert main(["selfplay", "--seed", "1", *args]) == 2
    err = capsys.readouterr().err
    assert why in err and "Traceback" not in err
