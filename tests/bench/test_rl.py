from __future__ import annotations

import json

from takeover.cli import main


def test_bench_rl_reports_every_adapter(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["bench", "rl", "--games", "1", "--players", "2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    for adapter in ("engine", "pettingzoo_aec", "gymnasium", "openspiel", "openspiel+tensor"):
        assert figures[f"{adapter}_steps_per_second"] > 0
    assert figures["gymnasium_decisions_per_second"] > figures["gymnasium_steps_per_second"]
