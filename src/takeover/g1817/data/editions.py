"""Edition tables: market, phases, trains, limits, cash and loans for each title.

An :class:`Edition` gathers everything that differs between 1817, 1817NA and 1817WO so
that the rules read one object instead of branching on the title (rules 1.2-1.7, 3.7, 9.1).
"""

from __future__ import annotations

from dataclasses import dataclass

from takeover.g1817.data.companies import (
    COMPANIES_BASE,
    COMPANIES_NA,
    COMPANIES_VOLATILITY,
    COMPANIES_WO,
    CORPORATIONS_BASE,
    CORPORATIONS_NA,
    CORPORATIONS_WO,
    Company,
)
from takeover.g1817.data.maps import NEW_ZEALAND, TERRAIN_BASE, TERRAIN_NA, TERRAIN_WO

_MARKET_ROW = (
    "0l 0a 0a 0a 40 45 50p 55s 60p 65p 70s 80p 90p 100p 110p 120s "
    "135p 150p 165p 180p 200p 220 245 270 300 330 360 400 440 490 540 600"
)
MARKET_CODES: tuple[str, ...] = tuple(_MARKET_ROW.split())
"""One row: ``l`` liquidation, ``a`` acquisition, ``p`` par, ``s`` safe par."""

MARKET_PRICES: tuple[int, ...] = tuple(int(c.rstrip("laps")) for c in MARKET_CODES)
PRICE_TYPES: tuple[str | None, ...] = tuple(
    {"l": "liquidation", "a": "acquisition", "p": "par", "s": "safe_par"}.get(c[-1])
    for c in MARKET_CODES
)
LIQUIDATION = 0
"""Market index of the liquidation space; indexes 1-3 are the acquisition zone."""


@dataclass(frozen=True, slots=True)
class Phase:
    name: str
    train_limit: int
    sizes: tuple[int, ...]
    """Corporation sizes (share counts) an IPO may choose in this phase."""
    colors: tuple[str, ...] = ("yellow",)
    """Tile colours that may be laid (the last one also picks off-board revenue)."""


PHASES: tuple[Phase, ...] = (
    Phase("2", 4, (2,), ("yellow",)),
    Phase("2+", 4, (2,), ("yellow",)),
    Phase("3", 4, (2, 5), ("yellow", "green")),
    Phase("4", 3, (5,), ("yellow", "green")),
    Phase("5", 3, (5, 10), ("yellow", "green", "brown")),
    Phase("6", 2, (10,), ("yellow", "green", "brown")),
    Phase("7", 2, (10,), ("yellow", "green", "brown", "gray")),
    Phase("8", 2, (10,), ("yellow", "green", "brown", "gray")),
)


@dataclass(frozen=True, slots=True)
class TrainType:
    name: str
    price: int
    count: int | None
    """``None``: unlimited."""
    rusts_on: str | None = None
    obsolete_on: str | None = None


def _trains(counts: tuple[int, int, int, int, int, int, int]) -> tuple[TrainType, ...]:
    c2, c2p, c3, c4, c5, c6, c7 = counts
    return (
        TrainType("2", 100, c2, rusts_on="4"),
        TrainType("2+", 100, c2p, obsolete_on="4"),
        TrainType("3", 250, c3, rusts_on="6"),
        TrainType("4", 400, c4, rusts_on="8"),
        TrainType("5", 600, c5),
        TrainType("6", 750, c6),
        TrainType("7", 900, c7),
        TrainType("8", 1100, None),
    )


@dataclass(frozen=True, slots=True)
class Edition:
    title: str
    cert_limit: dict[int, int]
    starting_cash: dict[int, int]
    seed_money: int
    loans_per_step: int
    max_rate: int
    trains: tuple[TrainType, ...]
    companies: tuple[Company, ...]
    corporations: tuple[str, ...]
    terrain: dict[str, tuple[int, str]]
    new_zealand: str | None = None
    """1817WO's island hex: a corporation with a token there pays one loan's interest less
    (or receives $20 without loans), may not be a 2-share corporation, and places its
    second token as a second home token (rule 9.4)."""

    @property
    def total_loans(self) -> int:
        return len(range(5, self.max_rate + 1, 5)) * self.loans_per_step


EDITIONS: dict[str, Edition] = {
    "1817": Edition(
        title="1817",
        cert_limit={3: 21, 4: 16, 5: 13, 6: 11, 7: 9, 8: 8, 9: 7, 10: 6, 11: 6, 12: 5},
        starting_cash={
            3: 420,
            4: 315,
            5: 252,
            6: 210,
            7: 180,
            8: 158,
            9: 140,
            10: 126,
            11: 115,
            12: 105,
        },
        seed_money=200,
        loans_per_step=5,
        max_rate=70,
        trains=_trains((40, 4, 12, 8, 5, 4, 3)),
        companies=COMPANIES_BASE,
        corporations=CORPORATIONS_BASE,
        terrain=TERRAIN_BASE,
    ),
    "1817NA": Edition(
        title="1817NA",
        cert_limit={2: 21, 3: 16, 4: 13, 5: 11, 6: 9},
        starting_cash={2: 420, 3: 315, 4: 252, 5: 210, 6: 180},
        seed_money=150,
        loans_per_step=4,
        max_rate=70,
        trains=_trains((31, 3, 8, 6, 4, 3, 2)),
        companies=COMPANIES_NA,
        corporations=CORPORATIONS_NA,
        terrain=TERRAIN_NA,
    ),
    "1817WO": Edition(
        title="1817WO",
        cert_limit={2: 16, 3: 13, 4: 11, 5: 9},
        starting_cash={2: 330, 3: 240, 4: 195, 5: 168},
        seed_money=100,
        loans_per_step=3,
        max_rate=65,
        trains=_trains((48, 2, 7, 5, 3, 2, 2)),
        companies=COMPANIES_WO,
        corporations=CORPORATIONS_WO,
        terrain=TERRAIN_WO,
        new_zealand=NEW_ZEALAND,
    ),
}

VOLATILITY_COMPANIES = COMPANIES_VOLATILITY
