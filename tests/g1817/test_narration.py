"""The log's facts come from the engine: what each action did, replayed from a real game."""

from __future__ import annotations

from collections import Counter
from typing import Any

from takeover.g1817.fixture import replay_steps

from .games import record


def _events() -> list[dict[str, Any]]:
    return [e.to_dict() for _, _, events in replay_steps(record("1817__16852")) for e in events]


def test_consequences_of_actions_are_events() -> None:
    events = _events()
    kinds = Counter(e["type"] for e in events)
    for kind in ("company_won", "par", "price_move", "phase_change", "train_rusted"):
        assert kinds[kind] > 0, kind
    assert kinds["train_exported"] > 0 and kinds["round_start"] > 0
    first_round = next(e for e in events if e["type"] == "round_start")
    assert first_round == {"type": "round_start", "round": "Stock", "turn": 1, "round_num": 1}


def test_money_moved_is_on_the_action() -> None:
    events = _events()
    dividend = next(e for e in events if e["type"] == "dividend" and e["kind"] == "payout")
    assert dividend["per_share"] > 0
    assert sum(v for k, v in dividend["cash"].items()) == dividend["revenue"]
    bought = next(e for e in events if e["type"] == "buy_train")
    assert bought["cash"][bought["entity"]] < 0
    won = next(e for e in events if e["type"] == "company_won")
    assert won["price"] > 0 and won["from"] is None
