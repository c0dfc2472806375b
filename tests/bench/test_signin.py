from __future__ import annotations

import json

from takeover.cli import main


def test_bench_signin_times_both_refusals_and_a_sign_in(capsys) -> None:  # type: ignore[no-untyped-def]
    args = ["bench", "signin", "--tries", "2", "--hash-kib", "64", "--passes", "1", "--json"]
    assert main(args) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["tries"] == 2 and figures["hash_kib"] == 64
    assert figures["wrong_password_ms"] > 0 and figures["unknown_address_ms"] > 0
    assert figures["right_password_ms"] > 0 and figures["unknown_over_wrong"] > 0
