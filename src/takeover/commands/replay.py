"""``takeover replay RECORD.json``: replay a record and print a JSON summary."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from takeover.core import registry
from takeover.core.errors import RecordError


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "replay",
        help="replay a game record (Acquire, or an 18xx.games 1817 fixture)",
        description="Apply every action of a record and print a JSON summary on standard "
        "output. Exit status 1, with the action and the reason on standard error, at the "
        "first action that cannot be applied.",
    )
    p.add_argument("record", type=Path, help="the record (JSON)")
    p.add_argument(
        "--trace", type=Path, help="1817: compare every action with a reference trace (.jsonl.gz)"
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        data = json.loads(args.record.read_text())
    except OSError as exc:
        print(f"cannot read {args.record}: {exc.strerror}", file=sys.stderr)
        return 1
    except json.JSONDecodeError as exc:
        print(f"{args.record} is not valid JSON: {exc}", file=sys.stderr)
        return 1
    try:
        summary = replay_any(data, args.trace)
    except RecordError as exc:
        print(f"{args.record}: {exc}", file=sys.stderr)
        return 1
    json.dump(summary, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


def replay_any(data: Any, trace: Path | None = None) -> dict[str, Any]:
    """Replay an Acquire record or an 18xx.games 1817 file (an export, or an older
    ``takeover selfplay`` file, which also had ``"game": "1817"``); return its summary."""
    if isinstance(data, dict) and data.get("game", "1817") == "1817" and "title" in data:
        try:
            from takeover.g1817 import fixture
        except ImportError:
            raise RecordError("1817 fixtures are not supported by this build") from None
        if fixture.is_fixture(data):
            return fixture.replay_fixture(data, str(trace) if trace else None)
    if trace is not None:
        raise RecordError("--trace applies to 1817 fixtures only")
    state = registry.replay_record(data)
    return registry.get(state.game).summary(state)
