"""``takeover bench ...``: benchmarks (speed targets live here, never in tests)."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from typing import Any

from takeover.core.errors import RecordError

BENCHES = {
    "engine": "takeover.bench.engine",
    "kernel": "takeover.bench.kernel",
    "bots": "takeover.bench.bots",
    "rl": "takeover.bench.rl",
    "1817": "takeover.bench.g1817",
    "bots1817": "takeover.bench.bots1817",
    "map1817": "takeover.bench.map1817",
    "routes": "takeover.bench.routes",
    "shape1817": "takeover.bench.shape1817",
    "server": "takeover.bench.server",
    "lobby": "takeover.bench.lobby",
    "cluster": "takeover.bench.cluster",
    "bots-fair": "takeover.bench.botsfair",
    "imports": "takeover.bench.imports",
    "signin": "takeover.bench.signin",
    "analysis": "takeover.bench.analysis",
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
        bp.set_defaults(func=_refusing_bad_setups(mod.run, bp))


def _refusing_bad_setups(
    run: Callable[[argparse.Namespace], int], parser: argparse.ArgumentParser
) -> Callable[[argparse.Namespace], int]:
    """``run``, with a game the options cannot set up (``--players 9``, an unknown
    ``--ruleset``) reported as a usage error naming the reason, not a traceback."""

    def guarded(args: argparse.Namespace) -> int:
        try:
            return run(args)
        except RecordError as exc:
            parser.error(str(exc))

    return guarded


def run(args: argparse.Namespace) -> int:  # pragma: no cover - subcommands set func
    return 0
