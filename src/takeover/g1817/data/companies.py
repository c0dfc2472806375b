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

POWERS: dict[str, str] = {
    "P1 - Minor Coal Mine": "1 mine: lays a yellow 7, 8 or 9 on a mine hex beside the "
    "network, leaving a mine marker; the terrain fee is $15 less (rule 4.12).",
    "P2 - Ohio Bridge Company": "1 bridge on H3, G6 or H9; $10 off water fees.",
    "P3 - Mountain Engineers": "+$20 for a tile laid on a printed mountain hex.",
    "P4 - Pittsburgh Steel Mill": "Lays tile X00 on F13 (rule 4.13).",
    "P5 - Coal Mine": "2 mines (as P1).",
    "P6 - Minor Mail Contract": "$10 to its corporation at each operating round's start, "
    "if it has a train.",
    "P7 - Train Station": "One token more.",
    "P8 - Union Bridge Company": "2 bridges on H3, G6 or H9; $10 off water fees.",
    "P9 - Mail Contract": "$15 at each operating round's start, if it has a train.",
    "P10 - Major Coal Mine": "3 mines (as P1).",
    "P11 - Major Mail Contract": "$20 at each operating round's start, if it has a train.",
    "P12 - Loan Shark": "Brings $60 with it when contributed; its corporation pays $10 more "
    "interest (rules 3.9, 4.24).",
    "P13 - Ponzi Scheme": "No power.",
    "P14 - Inventor": "$20 to $80 for the 2 to 8 trains, once per type, when a train of the "
    "type changes hands or leaves play.",
    "P15 - Scrapper": "$30 for each 2 or 2+, $75 for each 3, $150 for each 4 of its "
    "corporation that rusts or leaves obsolete.",
    "P16 - Buffalo Rail Center": "Lays tile X00 on C14.",
    "P17 - Toledo Industry": "Lays tile X00 on D7.",
    "P18 - Express Track": "The first lay costs $10, the second nothing.",
    "P19 - Efficient Track": "The second lay costs $10; with Express Track both lays are free.",
    "P20 - Golden Parachute": "Its corporation's president receives $100 when it is sold to "
    "another president's corporation or liquidated (rule 6.10).",
    "P21 - Station Subsidy": "The tokens bought after a conversion cost $50 less (rule 5.9).",
    "P22 - Country Ranch": "1 ranch (laid like a mine, on the ranch hexes).",
    "P23 - Rural Ranch": "2 ranches.",
    "P24 - Indianapolis Market": "Lays tile X00 on F3.",
}
"""What each private does for its corporation, in words for the table (docs/rules/1817.md
2.3 and 10.1); the rules themselves are the fields above and the rounds."""

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
