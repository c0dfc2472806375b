"""``takeover arena`` end to end: the table, --json, --out and clear errors."""

from __future__ import annotations

import json

import pytest

from takeover.acquire import replay
from takeover.cli import main
from takeover.commands.arena import split_players


def test_json_summary_and_output_files(tmp_path, capsys) -> None:
    out = tmp_path / "run"
    code = main(
        [
            "arena",
            "--players",
            "heuristic,random",
            "--games",
            "4",
            "--jobs",
            "2",
            "--seed",
            "3",
            "--out",
            str(out),
            "--json",
        ]
    )
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 4 and not summary["interrupted"]
    assert [b["bot"] for b in summary["bots"]] == ["heuristic", "random"]
    assert sum(b["wins"] for b in summary["bots"]) == 4
    lines = [json.loads(x) for x in (out / "games.jsonl").read_text().splitlines()]
    assert sorted(x["game"] for x in lines) == [0, 1, 2, 3]
    for line in lines:
        state = replay(json.loads((out / line["record"]).read_text()))
        assert state.scores() == line["scores"] and state.end_reason == line["end_reason"]


def test_table(capsys) -> None:
    assert main(["arena", "--players", "random,random", "--games", "2", "--seed", "1"]) == 0
    text = capsys.readouterr().out
    assert "random x2" in text and "win share" in text


def test_bad_arguments_are_named(capsys) -> None:
    assert main(["arena", "--players", "random,expert"]) == 2
    assert "unknown bot level 'expert'" in capsys.readouterr().err
    assert main(["arena", "--players", ",".join(["random"] * 7)]) == 2
    assert "takes 2 to 6 players, got 7" in capsys.readouterr().err
    assert main(["arena", "--players", "random,random", "--ruleset", "chess"]) == 2
    assert "unknown ruleset preset 'chess'" in capsys.readouterr().err


def test_player_list_keeps_spec_settings_together() -> None:
    assert split_players("mcts:time=1,rollout=random,random,heuristic") == [
        "mcts:time=1,rollout=random",
        "random",
        "heuristic",
    ]


def test_1817_arena_plays_whole_games_and_writes_replayable_records(tmp_path, capsys) -> None:
    from takeover.core.registry import replay_record

    out = tmp_path / "run"
    args = ["arena", "--game", "1817", "--players", "heuristic,random,random", "--games", "3"]
    assert main([*args, "--seed", "2", "--options", "volatility", "--out", str(out)]) == 0
    capsys.readouterr()
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 3 and summary["ruleset"]["options"] == {"volatility": True}
    for line in (out / "games.jsonl").read_text().splitlines():
        game = json.loads(line)
        assert game["end_reason"] in ("bankrupt", "final_phase") and game["illegal"] == [0] * 3
        record = json.loads((out / game["record"]).read_text())
        state = replay_record(record)
        assert state.is_terminal() and state.scores() == game["scores"]
        # Each seat's action kinds add up to its decisions, as the record has them.
        assert [sum(k.values()) for k in game["kinds"]] == game["decisions"]
    kinds = {row["bot"]: row["kinds"] for row in summary["bots"]}
    assert kinds["heuristic"]["lay_tile"] > 0 and "pass" in kinds["random"]


def test_1817_bad_levels_and_options_are_named(capsys) -> None:
    base = ["arena", "--game", "1817", "--players", "heuristic,random,random", "--games", "1"]
    assert main(["arena", "--game", "1817", "--players", "expert,random,random"]) == 2
    assert "unknown bot level 'expert'" in capsys.readouterr().err
    assert main([*base, "--title", "1817NA", "--options", "bogus"]) == 2
    assert "unknown ruleset option 'bogus'" in capsys.readouterr().err
    assert main([*base, "--ruleset", "1817", "--options", "volatility"]) == 2
    assert "not with --ruleset" in capsys.readouterr().err


def test_help_says_what_each_bot_level_is_and_how_long_it_thinks(capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit):
        main(["arena", "--help"])
    out = capsys.readouterr().out
    assert "1817 heuristic: small named policies for each part of 1817; about 1 ms" in out
    assert "acquire mcts: information-set Monte Carlo tree search; time=S seconds" in out
