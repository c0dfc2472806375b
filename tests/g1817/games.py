"""The real 1817 games the tests replay: ``tests/data/1817`` (see its README)."""

from __future__ import annotations

from pathlib import Path

GAMES = (
    "1817WO__1817WO_game_end_bankrupt",
    "1817__20758",
    "1817__16281",
    "1817__15528",
    "1817NA__20584",
    "1817NA__25351",
    "1817__1817_game_end_bankrupt",
)
"""The games with a map trace as well as a trace."""

MORE_GAMES = ("1817__16852", "1817NA__25363", "1817WO__19926")
"""Real games with a trace but no map trace."""


def games_dir() -> Path:
    return Path(__file__).resolve().parents[1] / "data" / "1817"


def fixture_path(game: str) -> Path:
    base = games_dir() / "fixtures"
    revenue = base / f"{game}.revenue.json"
    return revenue if revenue.exists() else base / f"{game}.json"


def trace_path(game: str) -> Path:
    return games_dir() / "traces" / f"{game}.trace.jsonl.gz"


def maptrace_path(game: str) -> Path:
    return games_dir() / "maptraces" / f"{game}.maptrace.jsonl.gz"
