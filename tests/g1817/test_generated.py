"""Games our bots played that the reference engine replayed, kept with its verdict and
trace (``tests/data/1817/generated``): each once showed a rule where we differed, found by
``takeover check-reference``; they must stay equal, action by action, without Ruby."""

from __future__ import annotations

import json

import pytest

from takeover.g1817.crosscheck import (
    ReferenceRun,
    check_game,
    parse_replay_output,
    parse_trace_output,
)
from takeover.g1817.trace import read_trace

from .games import games_dir

GENERATED = games_dir() / "generated"
NAMES = sorted(p.stem for p in GENERATED.glob("*.json"))


def test_the_generated_games_are_there() -> None:
    assert NAMES == [
        "1817-3p-shorts-s1004-own-lay-on-the-city-tile-hex",
        "1817-4p-s8-left-trains",
        "1817-4p-s9-crisis-after-bankruptcy",
        "1817-4p-s9007-presidency-swap-final-phase",
        "1817-4p-shorts-s5-ten-tokens-after-a-merger",
        "1817-5p-volatility-s16107-no-action-no-interest",
        "1817-5p-volatility-s3-bankrupt-bidder",
        "1817-6p-s1-discard-before-round-end",
        "1817-6p-s18007-bankruptcy-drops-the-auction",
        "1817-6p-shorts-s21005-interest-before-discard",
        "1817-6p-volatility-s22002-inventor-pays-for-a-discard",
        "1817-7p-modern_trains-s26003-city-tile-private-stays",
        "1817-7p-s29006-market-corporation-discards",
        "1817-7p-volatility-s28002-liquidated-privates-close",
        "1817NA-2p-s3006-merger-round-discard",
        "1817NA-4p-s7-crisis-before-discard",
        "1817NA-4p-shorts-s11009-liquidated-privates-close",
        "1817WO-3p-s3-dnf",
        "1817WO-3p-s4012-market-closes-shorts",
        "1817WO-3p-shorts-s7004-train-station-second-home",
        "1817WO-4p-s8001-acquirer-gives-back-a-token",
        "1817WO-5p-s14005-lake-engineers",
    ]


def test_each_file_belongs_to_a_game_and_none_is_empty() -> None:
    """Each game is a file, the reference's verdict and its trace: nothing else (a shell
    glob that matched nothing once left empty files named ``*.verdict``)."""
    files = sorted(p.name for p in GENERATED.iterdir())
    suffixes = (".json", ".verdict", ".trace.jsonl.gz")
    assert files == sorted(f"{name}{suffix}" for name in NAMES for suffix in suffixes)
    assert all((GENERATED / f).stat().st_size > 0 for f in files)


@pytest.mark.parametrize("name", NAMES)
def test_a_generated_game_equals_the_reference(name: str) -> None:
    data = json.loads((GENERATED / f"{name}.json").read_text())
    verdict = (GENERATED / f"{name}.verdict").read_text()
    replay = parse_replay_output(verdict)
    header, lines = read_trace(str(GENERATED / f"{name}.trace.jsonl.gz"))
    ref = ReferenceRun(
        ok=replay["ok"],
        finished=replay["finished"],
        reason=replay["reason"],
        exception=replay["exception"],
        result_match=parse_trace_output(verdict),
        trace=(header, list(lines)),
    )
    check = check_game(name, data, ref)
    assert check.generated and check.equal, check.divergence
    assert check.compared == len(data["actions"])
    assert (check.finished, check.end_reason) == (replay["finished"], replay["reason"])
