"""The analysis board's cost: CPU seconds to analyse a real game at the default setting.

Run as ``takeover bench analysis GAME [--time S] [--moves N]``: GAME is an Acquire record
or a 1817 game file (18xx.games exports included). A benchmark, not a test. The whole
analysis (:func:`takeover.analysis.document`: reading the record, and every decision
searched from its seat's view) is timed in this process's CPU time
(``time.process_time``), the clock the searches' budgets count, so the figure holds
whatever else the machine runs. ``--moves N`` analyses the first N moves only. Printed,
last: ``analysed M moves (D decisions) in X CPU s: Y ms a move; 1,700 moves: Z CPU s
(target 600: met|missed)``, the issue's target being a 1,700-action 1817 game within 10 CPU
minutes at the default setting.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path
from typing import Any

from takeover.bench.arguments import positive_int

TARGET_MOVES = 1700
TARGET_SECONDS = 600.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", type=Path, metavar="GAME", help="a record or a 1817 game file")
    parser.add_argument(
        "--time", type=float, default=None, metavar="S",
        help="CPU seconds of search a decision (default: the game's)",
    )  # fmt: skip
    parser.add_argument(
        "--moves", type=positive_int, default=None, help="analyse the first N moves only"
    )


def run(args: argparse.Namespace) -> int:
    from takeover.analysis import document, read
    from takeover.analysis.board import analysis_spec
    from takeover.core.errors import RecordError

    try:
        data: Any = json.loads(args.game.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise RecordError(f"cannot read {args.game}: {exc}") from None
    if args.moves is not None and isinstance(data, dict) and isinstance(data.get("actions"), list):
        data = {**data, "actions": data["actions"][: args.moves]}
    started = time.process_time()
    game = read(data)
    spec = analysis_spec(game.game, args.time)
    doc = document(game, spec)
    spent = time.process_time() - started
    moves = max(1, doc["done"])
    projected = spent / moves * TARGET_MOVES
    verdict = "met" if projected <= TARGET_SECONDS else "missed"
    print(f"{platform.python_implementation()} {platform.python_version()}; time.process_time")
    print(
        f"analysed {doc['done']} moves ({len(doc['decisions'])} decisions) of {args.game.name} "
        f"with {spec} in {spent:.1f} CPU s: {1000 * spent / moves:.0f} ms a move; "
        f"{TARGET_MOVES:,} moves: {projected:.0f} CPU s (target {TARGET_SECONDS:.0f}: {verdict})"
    )
    return 0
