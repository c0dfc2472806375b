"""Where the real 1817 games live: ``../shared/1817`` or ``$TAKEOVER_1817_DIR``."""

from __future__ import annotations

import os
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


def games_dir() -> Path:
    env = os.environ.get("TAKEOVER_1817_DIR")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[3] / "shared" / "1817"


def fixture_path(game: str) -> Path:
    base = games_dir() / "fixtures"
    revenue = base / f"{game}.revenue.json"
    return revenue if revenue.exists() else base / f"{game}.json"


def trace_path(game: str) -> Path:
    return games_dir() / "traces" / f"{game}.trace.jsonl.gz"
