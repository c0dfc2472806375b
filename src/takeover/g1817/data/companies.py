"""Private companies and corporations of each edition, as the fixtures name them.

Facts from the reference edition data (ids, names, face values, mail-contract revenue and
the terrain bonuses that change cash); rules that use them live in the rounds.
"""

from __future__ import annotations

from dataclasses import dataclass

SPECIAL_LAYS: dict[str, int] = {"MINC": 1, "CM": 2, "MAJC": 3, "P22": 1, "P23": 2}
"""Mines and ranches: how many special tile lays each private has before it closes."""
MINE_COMPANIES = frozenset({"MINC", "CM", "MAJC"})
"""Their lays skip $15 of the mountain fee and leave a mine marker on the hex."""
RANCH_COMPANIES = frozenset({"P22", "P23"})
"""Volatility's ranches: their lays leave a ranch marker."""
_MINES_BASE = ("B25", "C20", "C24", "E18", "F15", "G12", "G14", "H11", "H13", "H15", "I8", "I10")
_MINES_NA = ("A3", "B4", "B8", "B10", "D10", "E11", "E13", "F12", "G13", "G19", "H12", "J14")
_MINES_WO = ("B7", "E4", "E2", "F9", "I8", "K6", "L5")
_RANCHES = (
    "B3", "B11", "B15", "B19", "B21", "B23", "C4", "C16", "C18", "D5", "D13", "D15", "D17",
    "E4", "E6", "E8", "E10", "E12", "E14", "F5", "F7", "F11", "G2", "G4", "G8", "G10", "H5",
    "H7", "I2", "I4",
)  # fmt: skip
_TRACK = ("7", "8", "9")


@dataclass(frozen=True, slots=True)
class SpecialLay:
    """A private's own tile lay (it uses one of the owning corporation's lays): the hexes
    and tiles it allows; ``special`` lays ignore labels and city counts and need no
    connection (the city tiles), the others must touch the corporation's network and
    point at a stop (mines, ranches)."""

    hexes: tuple[str, ...]
    tiles: tuple[str, ...]
    special: bool = False


SPECIAL_TILE_LAYS: dict[str, dict[str, SpecialLay]] = {
    "1817": {
        "PSM": SpecialLay(("F13",), ("X00",), special=True),
        "MINC": SpecialLay(_MINES_BASE, _TRACK),
        "CM": SpecialLay(_MINES_BASE, _TRACK),
        "MAJC": SpecialLay(_MINES_BASE, _TRACK),
        "P16": SpecialLay(("C14",), ("X00",), special=True),
        "P17": SpecialLay(("D7",), ("X00",), special=True),
        "P22": SpecialLay(_RANCHES, _TRACK),
        "P23": SpecialLay(_RANCHES, _TRACK),
        "P24": SpecialLay(("F3",), ("X00",), special=True),
    },
    "1817NA": {
        "DTC": SpecialLay(("F14",), ("X00",), special=True),
        "MINC": SpecialLay(_MINES_NA, _TRACK),
        "MAJC": SpecialLay(_MINES_NA, _TRACK),
    },
    "1817WO": {
        "PSM": SpecialLay(("I6",), ("X00",), special=True),
        "MINC": SpecialLay(_MINES_WO, _TRACK),
        "CM": SpecialLay(_MINES_WO, _TRACK),
    },
}
"""The privates that lay tiles, by title."""

BRIDGES: dict[str, dict[str, tuple[tuple[str, ...], int]]] = {
    "1817": {"OBC": (("H3", "G6", "H9"), 1), "UBC": (("H3", "G6", "H9"), 2)},
    "1817NA": {"UBC": (("D16", "H18"), 2)},
    "1817WO": {"OBC": (("G4", "K4"), 1)},
}
"""Bridge privates by title: the hexes they may bridge and how many bridges they place."""

CITY_TILE_COMPANIES: tuple[str, ...] = ("PSM", "P16", "P17", "P24")
"""With Volatility one of these, drawn at random, is kept; the others are removed."""


@dataclass(frozen=True, slots=True)
class Company:
    """A private company: face value and the money-relevant parts of its ability (rule 2.3)."""

    sym: str
    name: str
    value: int
    mail: int = 0
    """Revenue paid to an owning corporation with a train at the start of each OR."""
    tile_income: tuple[int, str] | None = None
    """(income, terrain): cash after laying a yellow tile on that terrain."""
    tile_discount: tuple[int, str] | None = None
    """(discount, terrain): terrain fee reduction."""
    extra_token: bool = False


COMPANIES_BASE: tuple[Company, ...] = (
    Company("PSM", "P4 - Pittsburgh Steel Mill", 40),
    Company("ME", "P3 - Mountain Engineers", 40, tile_income=(20, "mountain")),
    Company("OBC", "P2 - Ohio Bridge Company", 40, tile_discount=(10, "water")),
    Company("UBC", "P8 - Union Bridge Company", 80, tile_discount=(10, "water")),
    Company("TS", "P7 - Train Station", 80, extra_token=True),
    Company("MINC", "P1 - Minor Coal Mine", 30),
    Company("CM", "P5 - Coal Mine", 60),
    Company("MAJC", "P10 - Major Coal Mine", 90),
    Company("MINM", "P6 - Minor Mail Contract", 60, mail=10),
    Company("MAIL", "P9 - Mail Contract", 90, mail=15),
    Company("MAJM", "P11 - Major Mail Contract", 120, mail=20),
)

COMPANIES_VOLATILITY: tuple[Company, ...] = (
    Company("P12", "P12 - Loan Shark", 60),
    Company("P13", "P13 - Ponzi Scheme", 100),
    Company("P14", "P14 - Inventor", 70),
    Company("P15", "P15 - Scrapper", 40),
    Company("P16", "P16 - Buffalo Rail Center", 40),
    Company("P17", "P17 - Toledo Industry", 40),
    Company("P18", "P18 - Express Track", 30),
    Company("P19", "P19 - Efficient Track", 40),
    Company("P20", "P20 - Golden Parachute", 100),
    Company("P21", "P21 - Station Subsidy", 70),
    Company("P22", "P22 - Country Ranch", 30),
    Company("P23", "P23 - Rural Ranch", 60),
    Company("P24", "P24 - Indianapolis Market", 40),
)

CORPORATIONS_BASE: tuple[str, ...] = (
    "A&S",
    "A&A",
    "Belt",
    "Bess",
    "B&A",
    "DL&W",
    "J",
    "GT",
    "H",
    "ME",
    "NYOW",
    "NYSW",
    "PSNR",
    "PLE",
    "PW",
    "R",
    "SR",
    "UR",
    "WT",
    "WC",
)

COMPANIES_NA: tuple[Company, ...] = (
    Company("DTC", "Denver Telecommunications", 40),
    Company("ME", "Mountain Engineers", 40, tile_income=(20, "mountain")),
    Company("UBC", "Union Bridge Company", 80, tile_discount=(10, "water")),
    Company("TS", "Train Station", 80, extra_token=True),
    Company("MINC", "Minor Coal Mine", 30),
    Company("MAJC", "Major Coal Mine", 90),
    Company("MINM", "Minor Mail Contract", 60, mail=10),
    Company("MAJM", "Major Mail Contract", 120, mail=20),
)

CORPORATIONS_NA: tuple[str, ...] = (
    "DL&W",
    "J",
    "GT",
    "H",
    "ME",
    "NYOW",
    "NYSW",
    "PSNR",
    "PLE",
    "PW",
    "R",
    "SR",
    "UR",
    "WT",
    "WC",
)

COMPANIES_WO: tuple[Company, ...] = (
    Company("PSM", "Pittsburgh Steel Mill", 40),
    Company("ME", "Mountain (Ocean) Engineers", 40, tile_income=(20, "lake")),
    Company("OBC", "Ohio Bridge Company", 40, tile_discount=(10, "water")),
    Company("TS", "Train Station", 80, extra_token=True),
    Company("MINC", "Minor Coal Mine", 30),
    Company("CM", "Coal Mine", 60),
    Company("MAJM", "Major Mail Contract", 120, mail=20),
)

CORPORATIONS_WO: tuple[str, ...] = (
    "A&S",
    "Belt",
    "Bess",
    "B&A",
    "DL&W",
    "GT",
    "H",
    "ME",
    "PSNR",
    "R",
    "UR",
    "WC",
)
