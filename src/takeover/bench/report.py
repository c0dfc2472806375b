"""How a benchmark prints its figures: JSON for tools, or its method and a table for people."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


def print_figures(figures: Mapping[str, Any], method: str | None, as_json: bool) -> None:
    """``figures`` as indented JSON, or ``method`` (the benchmark's docstring) then one
    figure per line, names aligned."""
    if as_json:
        print(json.dumps(figures, indent=2))
        return
    if method:
        print(method.strip())
        print()
    width = max(map(len, figures), default=0) + 2
    for key, value in figures.items():
        print(f"{key:{width}} {value}")
