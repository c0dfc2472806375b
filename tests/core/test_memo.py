"""The bounded memo behind the shared view and notation caches."""

from __future__ import annotations

from takeover.core.memo import Memo


def test_a_memo_keeps_values_and_starts_afresh_at_its_limit() -> None:
    memo: Memo[int, str] = Memo(3)
    assert memo.keep(1, "one") == "one" and memo.get(1) == "one"
    memo.keep(2, "two")
    memo.keep(3, "three")
    assert len(memo) == 3
    memo.keep(4, "four")  # full: everything is forgotten first
    assert dict(memo) == {4: "four"}
    assert memo.get(1) is None
