"""The ``takeover`` command line: one small module per subcommand.

Each module in :mod:`takeover.commands` has ``add_parser(subparsers)`` which
registers its subcommand and sets ``func(args) -> int`` as the handler.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

COMMANDS = [
    "takeover.commands.replay",
    "takeover.commands.analyse",
    "takeover.commands.selfplay",
    "takeover.commands.check_reference",
    "takeover.commands.bench",
    "takeover.commands.serve",
    "takeover.commands.db",
    "takeover.commands.arena",
]
"""Subcommand modules, in the order ``--help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="takeover", description="Merger-and-acquisition stock games: Acquire and 1817."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in COMMANDS:
        importlib.import_module(name).add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
