"""docs/rules/1817.md agrees with the engine's tables, and every rule the code cites exists."""

from __future__ import annotations

import re
from pathlib import Path

from takeover.g1817.data.editions import EDITIONS, MARKET_CODES, PHASES

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules" / "1817.md"
SOURCE = ROOT / "src" / "takeover" / "g1817"


def _text() -> str:
    return DOC.read_text(encoding="utf-8")


def _table_row(label: str, after: str) -> list[str]:
    """The cells of the first table row starting with ``| label |`` after heading ``after``."""
    text = _text()
    start = text.index(after)
    for line in text[start:].splitlines():
        if line.startswith(f"| {label} |"):
            return [c.strip() for c in line.strip("|").split("|")[1:]]
    raise AssertionError(f"no row {label!r} after {after!r}")


def _money(cell: str) -> int:
    return int(cell.strip("$").replace(",", ""))


def test_starting_cash_and_certificate_limits() -> None:
    counts = list(range(2, 13))
    for title, edition in EDITIONS.items():
        cash = _table_row(title, "1.2. **Starting cash**")
        limits = _table_row(title, "1.3. **Certificate limit**")
        assert {n: _money(c) for n, c in zip(counts, cash, strict=True) if c} == (
            edition.starting_cash
        )
        assert {n: int(c) for n, c in zip(counts, limits, strict=True) if c} == edition.cert_limit


def test_market_row() -> None:
    match = re.search(r"1\.5\. \*\*Stock market\.\*\*.*?`([^`]+)`", _text(), re.S)
    assert match is not None
    assert tuple(match.group(1).split()) == MARKET_CODES


def test_trains_loans_and_seed_money() -> None:
    for ttype in EDITIONS["1817"].trains:
        cells = _table_row(ttype.name, "1.7. **Trains**")
        assert _money(cells[0]) == ttype.price
        assert cells[1] == ("unlimited" if ttype.count is None else str(ttype.count))
    titles = list(EDITIONS)
    seeds = _table_row("seed money", "9.1. **Numbers:**")
    loans = _table_row("loans (per rate step, cap)", "9.1. **Numbers:**")
    trains = _table_row("trains 2 / 2+ / 3 / 4 / 5 / 6 / 7", "9.1. **Numbers:**")
    for i, title in enumerate(titles):
        edition = EDITIONS[title]
        assert _money(seeds[i]) == edition.seed_money
        step = f"{edition.total_loans} ({edition.loans_per_step}, ${edition.max_rate})"
        assert loans[i] == step
        assert trains[i] == "/".join(str(t.count) for t in edition.trains if t.count is not None)


def test_sizes_by_phase() -> None:
    cells = _table_row("sizes", "3.7. **Sizes by phase**")
    heads = _table_row("phase", "3.7. **Sizes by phase**")
    by_phase = {}
    for head, cell in zip(heads, cells, strict=True):
        sizes = tuple(int(s) for s in cell.split(" or "))
        for name in head.split(", "):
            by_phase[name] = sizes
    assert by_phase == {p.name: p.sizes for p in PHASES}


def test_every_cited_rule_exists() -> None:
    """A citation ("rule 4.24", "rules 3.4-3.9", "rules 2.3, 9.2") names rules of the doc."""
    defined = set(re.findall(r"^(\d+\.\d+)\. ", _text(), re.M))
    cited: set[str] = set()
    for path in SOURCE.rglob("*.py"):
        for group in re.findall(
            r"\brules? (\d+\.\d+(?:(?:-|, | and )\d+\.\d+)*)", path.read_text(), re.I
        ):
            cited.update(re.findall(r"\d+\.\d+", group))
    assert cited <= defined, sorted(cited - defined)
