"""Terrain of each edition's map: the fee for the first tile laid on a hex.

Only the money matters in stage 1: ``{hex: (cost, terrain)}`` where terrain is ``mountain``,
``water``, ``lake`` or ``""`` (a plain fee). Hexes absent here lay for free.
"""

from __future__ import annotations

TERRAIN_BASE: dict[str, tuple[int, str]] = {
    "D7": (20, "lake"),
    "D19": (15, "mountain"),
    "I12": (15, "mountain"),
    "G6": (10, "water"),
    "H3": (10, "water"),
    "H9": (10, "water"),
    "B25": (15, "mountain"),
    "C20": (15, "mountain"),
    "C24": (15, "mountain"),
    "E16": (15, "mountain"),
    "E18": (15, "mountain"),
    "F15": (15, "mountain"),
    "G12": (15, "mountain"),
    "G14": (15, "mountain"),
    "H11": (15, "mountain"),
    "H13": (15, "mountain"),
    "H15": (15, "mountain"),
    "I8": (15, "mountain"),
    "I10": (15, "mountain"),
    "D13": (10, "water"),
    "E12": (10, "water"),
    "F11": (10, "water"),
    "G4": (10, "water"),
    "G10": (10, "water"),
    "H7": (10, "water"),
    "B9": (20, "lake"),
    "B27": (20, "lake"),
    "D25": (20, "lake"),
    "D27": (20, "lake"),
    "G20": (20, "lake"),
    "H17": (20, "lake"),
    "C8": (20, "lake"),
    "E22": (20, "lake"),
}

TERRAIN_NA: dict[str, tuple[int, str]] = {
    "A3": (15, "mountain"),
    "B4": (15, "mountain"),
    "B8": (15, "mountain"),
    "B10": (15, "mountain"),
    "D10": (15, "mountain"),
    "E11": (15, "mountain"),
    "E13": (15, "mountain"),
    "F12": (15, "mountain"),
    "G13": (15, "mountain"),
    "G19": (15, "mountain"),
    "H12": (15, "mountain"),
    "J14": (15, "mountain"),
    "A7": (15, "mountain"),
    "D8": (20, "lake"),
    "E25": (20, "lake"),
    "J20": (20, "lake"),
    "I19": (20, "lake"),
    "D14": (10, "water"),
    "E15": (10, "water"),
    "F16": (10, "water"),
    "G17": (10, "water"),
    "H18": (10, "water"),
    "D16": (10, "water"),
    "F22": (20, "lake"),
    "I15": (20, "lake"),
}

TERRAIN_WO: dict[str, tuple[int, str]] = {
    "B7": (15, "lake"),
    "C8": (15, "lake"),
    "E2": (15, "lake"),
    "E4": (15, "lake"),
    "F9": (15, "lake"),
    "I8": (15, "lake"),
    "K6": (15, "lake"),
    "L5": (15, "lake"),
    "H3": (10, "water"),
    "I4": (10, "water"),
    "J3": (10, "water"),
    "B1": (20, ""),
    "F7": (20, ""),
    "K2": (20, ""),
    "C2": (15, "lake"),
    "D7": (20, ""),
    "G4": (10, "water"),
    "K4": (10, "water"),
    "C4": (20, ""),
}

PRESET_YELLOW: frozenset[str] = frozenset({"C8", "E22", "F22", "I15", "C4"})
"""Hexes printed yellow that carry a fee: a lay there is an upgrade, not a yellow lay."""

NEW_ZEALAND = "L9"
"""1817WO: a token here covers one loan's interest (or pays $20 without loans)."""
