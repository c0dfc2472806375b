"""``takeover bench ...``: benchmarks (speed targets live here, never in tests)."""

from __future__ import annotations

import argparse
import importlib
from typing import Any

BENCHES = {
    "engine": "takeover.bench.engine",
    "bots": "takeover.arena.bench",
    "rl": "takeover.bench.rl",
    "1817": "takeover.g1817.bench",
    "server": "takeover.bench.server",
    "lobby": "takeover.bench.lobby",
    "cluster": "takeover.bench.cluster",
}
"""Benchmark name -> module with ``add_arguments(parser)`` and ``run(args) -> int``."""


def add_parser(sub: Any) -> None:
    p = sub.add_parser("bench", help="run a benchmark and print its figures and method")
    which = p.add_subparsers(dest="bench", metavar="BENCH")
    which.required = True
    for name, module in BENCHES.items():
        mod = importlib.import_module(module)
        bp = which.add_parser(name, help=(mod.__doc__ or "").strip().splitlines()[0])
        mod.add_arguments(bp)
        bp.set_defaults(func=mod.run)


def run(args: argparse.Namespace) -> int:  # pragma: no cover - subcommands set func
    return 0
