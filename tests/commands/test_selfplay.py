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


@pytest.mark.parametrize(("title", "players"), [("1817", 3), ("1817NA", 2), ("1817WO", 5)])
def test_1817_selfplay_writes_an_18xx_games_file_that_replays(
    tmp_path, capsys, title: str, players: int
) -> None:
    """A 1817 game between random bots, written as an 18xx.games file (what the
    reference engine needs: id, players, settings, actions with ids, the result with
    string player ids, end reason, status); it replays to the same summary."""
    out_path = tmp_path / "game.json"
    args = ["selfplay", "--game", "1817", "--title", title, "--players", str(players)]
    assert main([*args, "--seed", "3", "--out", str(out_path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    record = json.loads(out_path.read_text())
    assert record["title"] == title and record["id"] == record["settings"]["seed"] == 3
    assert "game" not in record  # exactly the export form: 18xx.games files have no "game"
    assert (
        record["description"]
        == f"takeover selfplay: seed 3, bots {', '.join(['random'] * players)}"
    )
    assert [p["id"] for p in record["players"]] == list(range(1, players + 1))
    assert [a["id"] for a in record["actions"]] == list(range(1, len(record["actions"]) + 1))
    assert record["status"] == "finished" and record["game_end_reason"] == printed["end_reason"]
    assert record["result"] == printed["result"]
    assert sorted(record["result"]) == [str(i) for i in range(1, players + 1)]
    assert main(["replay", str(out_path)]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["finished"] is True and replayed["result"] == record["result"]


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["--game", "1817", "--players", "2"], "1817 takes 3 to 12 players, got 2"),
        (["--game", "1817", "--title", "1817XX"], "unknown ruleset preset '1817XX'"),
        (["--game", "1817", "--title", "1817", "--ruleset", "1817"], "not both"),
        (["--title", "1817"], "--title is for 1817"),
        (
            [
                "--game",
                "1817",
                "--ruleset",
                '{"preset": "1817NA", "options": {"volatility": true}}',
            ],
            "option 'volatility' is not offered by 1817NA",
        ),
    ],
)
def test_bad_1817_setups_are_refused(capsys, args, why: str) -> None:
    assert main(["selfplay", "--seed", "1", *args]) == 2
    err = capsys.readouterr().err
    assert why in err and "Traceback" not in err


def test_many_games_go_into_a_folder(tmp_path, capsys) -> None:
    out = tmp_path / "games"
    args = ["selfplay", "--players", "3", "--games", "3", "--seed", "40", "--out", str(out)]
    assert main(args) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["ended"] == 3 and summary["stalled"] == [] and summary["seeds"] == [40, 42]
    names = sorted(p.name for p in out.iterdir())
    assert names == ["acquire-3p-s40.json", "acquire-3p-s41.json", "acquire-3p-s42.json"]
    for seed, name in zip((40, 41, 42), names, strict=True):
        record = json.loads((out / name).read_text())
        assert record["seed"] == seed and replay(record).is_terminal()
    # the same games, played by two processes
    again = tmp_path / "again"
    assert main([*args[:-1], str(again), "--jobs", "2"]) == 0
    capsys.readouterr()
    assert [(again / n).read_text() for n in names] == [(out / n).read_text() for n in names]


def test_bot_specs_per_seat(tmp_path, capsys) -> None:
    out_path = tmp_path / "game.json"
    args = ["selfplay", "--players", "random,heuristic,random", "--seed", "3"]
    assert main([*args, "--out", str(out_path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    record = json.loads(out_path.read_text())
    assert len(record["players"]) == 3 and summary(replay(record)) == printed


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["--players", "random,grandmaster"], "grandmaster"),
        (["--games", "2"], "--games needs --out FOLDER"),
        (["--games", "0", "--out", "x"], "at least 1"),
    ],
)
def test_bad_bots_or_counts_are_refused(capsys, args, why: str) -> None:
    assert main(["selfplay", "--seed", "1", *args]) == 2
    err = capsys.readouterr().err
    assert why in err and "Traceback" not in err


def test_a_failing_bot_is_reported_with_the_record_so_far(tmp_path, capsys, monkeypatch) -> None:
    import takeover.bots

    class Broken:
        name = "broken"

        def choose(self, obs, rng):
            raise RuntimeError("no idea")

    monkeypatch.setattr(takeover.bots, "make_bot", lambda spec, game: Broken())
    out_path = tmp_path / "game.json"
    assert main(["selfplay", "--players", "3", "--seed", "1", "--out", str(out_path)]) == 1
    assert "after 0 actions the bot failed: RuntimeError: no idea" in capsys.readouterr().err
    assert json.loads(out_path.read_text())["actions"] == []
