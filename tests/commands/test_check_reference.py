"""``takeover check-reference``: the command around the comparison, without Ruby.

A stand-in ``ruby`` on the PATH answers as the reference's scripts do, from a real game's
recorded trace (the real check, with the reference engine, is in docs/1817.md).
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import stat
import sys
from pathlib import Path

import pytest

from takeover.cli import main
from takeover.commands.check_reference import game_files
from takeover.g1817.crosscheck import generated_export

DATA = Path(__file__).resolve().parents[1] / "data" / "1817"
GAME = "1817WO__1817WO_game_end_bankrupt"

FAKE_RUBY = """#!{python}
# Answers as replay.rb / trace.rb would, from $FAKE_VERDICT and the trace $FAKE_TRACE.
import gzip, os, sys
script = os.path.basename(sys.argv[1])
print("D, [2026-11-26T14:55:15] DEBUG -- : Game::Base#process_action(...)")
if script == "replay.rb":
    print(os.path.basename(sys.argv[2]) + " " + os.environ["FAKE_VERDICT"])
else:
    with gzip.open(os.environ["FAKE_TRACE"], "rt") as src, open(sys.argv[3], "w") as dst:
        dst.write(src.read())
    print(sys.argv[2] + " finished=true result_match=true")
"""


@pytest.fixture
def reference(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A reference folder, an engine folder and a stand-in ruby, found from the environment."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    ruby = bin_dir / "ruby"
    ruby.write_text(FAKE_RUBY.format(python=sys.executable))
    ruby.chmod(ruby.stat().st_mode | stat.S_IEXEC)
    scripts = tmp_path / "reference"
    scripts.mkdir()
    for name in ("replay.rb", "trace.rb"):
        (scripts / name).write_text("# stand-in\n")
    engine = tmp_path / "engine"
    (engine / "lib" / "engine" / "game" / "g_1817").mkdir(parents=True)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.setenv("TAKEOVER_18XX_REFERENCE", str(scripts))
    monkeypatch.setenv("ENGINE18XX", str(engine))
    monkeypatch.setenv("FAKE_TRACE", str(DATA / "traces" / f"{GAME}.trace.jsonl.gz"))
    monkeypatch.setenv(
        "FAKE_VERDICT",
        "ok=true finished=true reason=bankrupt exc=nil actions_processed=139 raw=168 t=0.1s",
    )
    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(DATA / "fixtures" / f"{GAME}.json", games / "wo.json")
    return games


def test_an_equal_game_passes(reference: Path, tmp_path: Path, capsys) -> None:
    report = tmp_path / "report.json"
    code = main(
        ["check-reference", "--verbose", "--jobs", "1", "--json", str(report), str(reference)]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    assert "wo.json (1817WO, 2 players, 168 actions, bankrupt): equal, 139 actions compared" in out
    assert "1817WO: 1 games (1 finished, 168 actions), 1 equal to the reference, 0 differ" in out
    saved = json.loads(report.read_text())
    assert saved["summary"][0]["equal"] == 1 and saved["games"][0]["equal"] is True


def test_a_divergence_is_reported_and_fails(reference: Path, capsys) -> None:
    data = json.loads((reference / "wo.json").read_text())
    bid = next(a for a in data["actions"] if a["type"] == "bid" and a["id"] > 20 and "price" in a)
    bid["price"] = 10**6
    (reference / "wo.json").write_text(json.dumps(data))
    keep = reference.parent / "traces"
    assert main(["check-reference", "--keep-traces", str(keep), str(reference / "wo.json")]) == 1
    out = capsys.readouterr().out
    assert f"then at action {bid['id']}: action: ours " in out and "refused: " in out
    assert "1 differ" in out
    assert (keep / "wo.trace.jsonl").is_file()


def test_a_refusal_by_the_reference_is_reported(reference: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv(
        "FAKE_VERDICT",
        "ok=false finished=false reason= exc=#<Engine::GameError: no> actions_processed=9 "
        "raw=168 t=0.1s",
    )
    assert main(["check-reference", str(reference)]) == 1
    # The stand-in's trace is complete, so the refusal shows as a different end.
    assert "at the end: finished: ours True, reference False" in capsys.readouterr().out


def refused_by_both(games: Path, monkeypatch: pytest.MonkeyPatch, generated: bool) -> int:
    """Make a late bid of the game neither engine takes: the stand-in's trace stops before
    it and its verdict names the refusal; the file as our bots write it if ``generated``."""
    data = json.loads((games / "wo.json").read_text())
    bid = next(a for a in data["actions"] if a["type"] == "bid" and a["id"] > 20)
    bid["price"] = 10**6
    if generated:
        data = generated_export(data, "seed 1, bots random, random")
    (games / "wo.json").write_text(json.dumps(data))
    with gzip.open(DATA / "traces" / f"{GAME}.trace.jsonl.gz", "rt") as src:
        lines = src.read().splitlines()
    cut = next(i for i, line in enumerate(lines) if json.loads(line).get("id") == bid["id"])
    trace = games.parent / "cut.trace.jsonl.gz"
    with gzip.open(trace, "wt") as dst:
        dst.write("\n".join(lines[:cut]) + "\n")
    monkeypatch.setenv("FAKE_TRACE", str(trace))
    monkeypatch.setenv(
        "FAKE_VERDICT",
        "ok=false finished=false reason= exc=#<Engine::GameError: too much> "
        f"actions_processed={cut - 1} raw=168 t=0.1s",
    )
    return int(bid["id"])


def test_an_action_both_refuse_fails_a_generated_game(
    reference: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys
) -> None:
    refused = refused_by_both(reference, monkeypatch, generated=True)
    report = tmp_path / "report.json"
    assert main(["check-reference", "--json", str(report), str(reference)]) == 1
    out = capsys.readouterr().out
    assert (
        f"then at action {refused}: action refused by both engines: ours " in out
        and "refused: bid on MAJM 1000000 exceeds player" in out
        and "reference '#<Engine::GameError: too much>' (a generated game: our bug)" in out
    )
    assert "0 equal to the reference, 0 differ, 1 generated with an action both refuse" in out
    [title] = json.loads(report.read_text())["summary"]
    assert [c["path"] for c in title["refused_by_both"]] == [str(reference / "wo.json")]


def test_an_action_both_refuse_in_a_real_file_is_agreement_named(
    reference: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    refused = refused_by_both(reference, monkeypatch, generated=False)
    assert main(["check-reference", str(reference)]) == 0
    out = capsys.readouterr().out
    assert "1 equal to the reference, 0 differ, 0 generated with an action both refuse" in out
    assert f"  equal, but both refuse action {refused}: bid on MAJM 1000000 " in out
    assert out.rstrip().endswith(f"{reference / 'wo.json'} (a real file)")
    # the caller may say that every file is generated
    assert main(["check-reference", "--generated", str(reference)]) == 1
    assert "1 generated with an action both refuse" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("unset", "why"),
    [
        ("PATH", "ruby is not installed (apt-get install -y ruby)"),
        ("TAKEOVER_18XX_REFERENCE", "--reference or $TAKEOVER_18XX_REFERENCE"),
        ("ENGINE18XX", "--engine or $ENGINE18XX"),
    ],
)
def test_missing_tools_are_named(
    reference: Path, monkeypatch, capsys, unset: str, why: str
) -> None:
    if unset == "PATH":
        monkeypatch.setenv("PATH", str(reference))  # a folder without ruby
    else:
        monkeypatch.delenv(unset)
    assert main(["check-reference", str(reference)]) == 2
    assert why in capsys.readouterr().err


def test_folders_that_do_not_hold_the_tools_are_named(reference: Path, capsys) -> None:
    empty = reference.parent / "empty"
    empty.mkdir()
    assert main(["check-reference", "--reference", str(empty), str(reference)]) == 2
    assert "has no replay.rb, trace.rb" in capsys.readouterr().err
    assert main(["check-reference", "--engine", str(empty), str(reference)]) == 2
    assert "no lib/engine/game/g_1817" in capsys.readouterr().err


def test_missing_games_are_named(reference: Path, capsys) -> None:
    assert main(["check-reference", str(reference / "nope.json")]) == 2
    assert "no such file: " in capsys.readouterr().err
    empty = reference.parent / "none"
    empty.mkdir()
    assert main(["check-reference", str(empty)]) == 2
    assert "no game files" in capsys.readouterr().err


def test_folders_give_their_json_files(tmp_path: Path) -> None:
    for name in ("b.json", "a.json", "c.trace.jsonl"):
        (tmp_path / name).write_text("{}")
    assert game_files([tmp_path, tmp_path / "x.json"]) == [
        tmp_path / "a.json",
        tmp_path / "b.json",
        tmp_path / "x.json",
    ]
