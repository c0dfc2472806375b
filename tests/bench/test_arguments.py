"""Bad benchmark options are refused before anything runs, naming what was wrong."""

from __future__ import annotations

import pytest

from takeover.cli import main


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["engine", "--games", "0"], "argument --games: must be at least 1, not 0"),
        (["engine", "--players", "9"], "the standard ruleset takes 2 to 6 players, got 9"),
        (["engine", "--ruleset", "bogus"], "unknown ruleset preset 'bogus'"),
        (["rl", "--games", "-3"], "argument --games: must be at least 1, not -3"),
        (["bots", "--mcts", "zero"], "argument --mcts: not a whole number: 'zero'"),
        (["lobby", "--tables", "0"], "argument --tables: must be at least 1, not 0"),
        (["server", "--tables", "1,x"], "argument --tables: not a whole number: 'x'"),
        (["server", "--tables", ","], "argument --tables: expected counts separated by commas"),
        (["server", "--seconds", "0"], "argument --seconds: must be more than 0 seconds"),
        (["server", "--warmup", "nan"], "argument --warmup: not a finite number: 'nan'"),
        (["cluster", "--instances", "0,2"], "argument --instances: must be at least 1, not 0"),
        (["1817", "--repeat", "0"], "argument --repeat: must be at least 1, not 0"),
    ],
)
def test_a_bad_option_is_a_usage_error(args: list[str], why: str, capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit) as exit_:
        main(["bench", *args])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert why in err and "Traceback" not in err
