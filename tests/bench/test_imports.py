from __future__ import annotations

import json

from takeover.cli import main


def test_bench_imports_reads_each_shape_and_steps(capsys) -> None:  # type: ignore[no-untyped-def]
    args = ["bench", "imports", "--bytes", "300000", "--repeat", "1", "--seconds", "0", "--json"]
    assert main(args) == 0
    figures = json.loads(capsys.readouterr().out)
    outcomes = {name: figures[f"upload {name}"]["outcome"] for name in ("undo-redo", "chat")}
    assert outcomes == {"undo-redo": "accepted", "chat": "accepted"}
    for name in ("undo-redo", "undo-past-chat", "passes-undos", "chat", "bad-undo"):
        upload = figures[f"upload {name}"]
        assert 250_000 < upload["bytes"] <= 300_000 and upload["cpu_s"] >= 0
    assert figures["upload passes-undos"]["outcome"].startswith("refused")
    refused = figures["upload bad-undo"]["outcome"]
    assert refused.startswith("refused") and "action_id must be an action's id, not 'x'" in refused
    steps = figures["steps undo-redo"]
    assert steps["steps"] == figures["steps without undos"]["steps"] == 1192
