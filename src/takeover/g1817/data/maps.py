"""Maps of each edition: hexes (colour, terrain fee, name, printed layout) and tile manifest.

Facts of the games as the reference records them. Stage 1 uses the terrain fees (the
first tile laid on a printed hex pays them) and the printed-yellow hexes; the layouts
(the reference's tile notation) and the tile manifest are kept for stage 2.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PrintedHex:
    """A hex as printed: colour, terrain fee and type, location name, layout code."""

    color: str
    cost: int = 0
    terrain: str = ""
    name: str = ""
    layout: str = ""


@dataclass(frozen=True, slots=True)
class TileType:
    """A tile of the manifest: ``count`` copies (``None``: unlimited); custom ones carry
    their colour and layout code, standard ones are the common 18xx tiles by number."""

    name: str
    count: int | None
    color: str = ""
    layout: str = ""


HEXES_BASE: dict[str, PrintedHex] = {
    "A20": PrintedHex(
        "red",
        name="Montréal",
        layout="offboard=revenue:yellow_20|green_30|brown_50|gray_60;path=a:5,b:_0;path=a:0,b:_0",
    ),
    "A28": PrintedHex(
        "red",
        name="Maritime Prov.",
        layout="offboard=revenue:yellow_20|green_30|brown_50|gray_60;path=a:0,b:_0",
    ),
    "D1": PrintedHex(
        "red",
        name="Chicago",
        layout="offboard=revenue:yellow_30|green_50|brown_60|gray_80;path=a:4,b:_0;path=a:5,b:_0",
    ),
    "H1": PrintedHex(
        "red",
        name="St. Louis",
        layout="offboard=revenue:yellow_20|green_30|brown_50|gray_60;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0",
    ),
    "J7": PrintedHex(
        "red",
        name="Atlanta",
        layout="offboard=revenue:yellow_30|green_50|brown_60|gray_80;path=a:2,b:_0;path=a:3,b:_0",
    ),
    "J15": PrintedHex(
        "red",
        name="Raleigh-Durham",
        layout="offboard=revenue:yellow_20|green_30|brown_50|gray_60;path=a:2,b:_0;path=a:3,b:_0",
    ),
    "B5": PrintedHex("white", name="Lansing", layout="city=revenue:0"),
    "B17": PrintedHex("white", name="Rochester", layout="city=revenue:0"),
    "C14": PrintedHex("white", name="Buffalo", layout="city=revenue:0"),
    "C22": PrintedHex("white", name="Albany", layout="city=revenue:0"),
    "F3": PrintedHex("white", name="Indianapolis", layout="city=revenue:0"),
    "F13": PrintedHex("white", name="Pittsburgh", layout="city=revenue:0"),
    "F19": PrintedHex("white", name="Philadelphia", layout="city=revenue:0"),
    "I16": PrintedHex("white", name="Richmond", layout="city=revenue:0"),
    "D7": PrintedHex(
        "white",
        cost=20,
        terrain="lake",
        name="Toledo",
        layout="city=revenue:0;upgrade=cost:20,terrain:lake",
    ),
    "D19": PrintedHex(
        "white",
        cost=15,
        terrain="mountain",
        name="Scranton",
        layout="city=revenue:0;upgrade=cost:15,terrain:mountain",
    ),
    "I12": PrintedHex(
        "white",
        cost=15,
        terrain="mountain",
        name="Blacksburg",
        layout="city=revenue:0;upgrade=cost:15,terrain:mountain",
    ),
    "G6": PrintedHex(
        "white",
        cost=10,
        terrain="water",
        name="Cincinnati",
        layout="city=revenue:0;upgrade=cost:10,terrain:water",
    ),
    "H3": PrintedHex(
        "white",
        cost=10,
        terrain="water",
        name="Louisville",
        layout="city=revenue:0;upgrade=cost:10,terrain:water",
    ),
    "H9": PrintedHex(
        "white",
        cost=10,
        terrain="water",
        name="Charleston",
        layout="city=revenue:0;upgrade=cost:10,terrain:water",
    ),
    "B25": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "C20": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "C24": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "E16": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "E18": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "F15": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "G12": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "G14": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "H11": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "H13": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "H15": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "I8": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "I10": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "D13": PrintedHex("white", cost=10, terrain="water", layout="upgrade=cost:10,terrain:water"),
    "E12": PrintedHex("white", cost=10, terrain="water", layout="upgrade=cost:10,terrain:water"),
    "F11": PrintedHex("white", cost=10, terrain="water", layout="upgrade=cost:10,terrain:water"),
    "G4": PrintedHex("white", cost=10, terrain="water", layout="upgrade=cost:10,terrain:water"),
    "G10": PrintedHex("white", cost=10, terrain="water", layout="upgrade=cost:10,terrain:water"),
    "H7": PrintedHex("white", cost=10, terrain="water", layout="upgrade=cost:10,terrain:water"),
    "B9": PrintedHex("white", cost=20, terrain="lake", layout="upgrade=cost:20,terrain:lake"),
    "B27": PrintedHex("white", cost=20, terrain="lake", layout="upgrade=cost:20,terrain:lake"),
    "D25": PrintedHex("white", cost=20, terrain="lake", layout="upgrade=cost:20,terrain:lake"),
    "D27": PrintedHex("white", cost=20, terrain="lake", layout="upgrade=cost:20,terrain:lake"),
    "G20": PrintedHex("white", cost=20, terrain="lake", layout="upgrade=cost:20,terrain:lake"),
    "H17": PrintedHex("white", cost=20, terrain="lake", layout="upgrade=cost:20,terrain:lake"),
    "B3": PrintedHex("white"),
    "B7": PrintedHex("white"),
    "B11": PrintedHex("white"),
    "B15": PrintedHex("white"),
    "B19": PrintedHex("white"),
    "B21": PrintedHex("white"),
    "B23": PrintedHex("white"),
    "C4": PrintedHex("white"),
    "C6": PrintedHex("white"),
    "C16": PrintedHex("white"),
    "C18": PrintedHex("white"),
    "D3": PrintedHex("white"),
    "D5": PrintedHex("white"),
    "D15": PrintedHex("white"),
    "D17": PrintedHex("white"),
    "D21": PrintedHex("white"),
    "D23": PrintedHex("white"),
    "E2": PrintedHex("white"),
    "E4": PrintedHex("white"),
    "E6": PrintedHex("white"),
    "E8": PrintedHex("white"),
    "E10": PrintedHex("white"),
    "E14": PrintedHex("white"),
    "E20": PrintedHex("white"),
    "F5": PrintedHex("white"),
    "F7": PrintedHex("white"),
    "F9": PrintedHex("white"),
    "F17": PrintedHex("white"),
    "F21": PrintedHex("white"),
    "G2": PrintedHex("white"),
    "G8": PrintedHex("white"),
    "G16": PrintedHex("white"),
    "H5": PrintedHex("white"),
    "I2": PrintedHex("white"),
    "I4": PrintedHex("white"),
    "I6": PrintedHex("white"),
    "I14": PrintedHex("white"),
    "C10": PrintedHex("white", layout="border=edge:5,type:impassable"),
    "D11": PrintedHex("white", layout="border=edge:2,type:impassable"),
    "B13": PrintedHex(
        "gray",
        name="Toronto",
        layout="town=revenue:yellow_20|green_30|brown_40;path=a:1,b:_0;path=a:4,b:_0;path=a:5,b:_0",
    ),
    "D9": PrintedHex(
        "gray",
        name="Cleveland",
        layout="city=revenue:yellow_30|green_40|brown_50|gray_60,slots:2;path=a:5,b:_0;path=a:0,b:_0",
    ),
    "F1": PrintedHex("gray", layout="junction;path=a:4,b:_0;path=a:3,b:_0;path=a:5,b:_0"),
    "C8": PrintedHex(
        "yellow",
        cost=20,
        terrain="lake",
        name="Detroit",
        layout="city=revenue:30;path=a:4,b:_0;path=a:0,b:_0;label=B;upgrade=cost:20,terrain:lake",
    ),
    "C26": PrintedHex(
        "yellow", name="Boston", layout="city=revenue:30;path=a:3,b:_0;path=a:5,b:_0;label=B"
    ),
    "E22": PrintedHex(
        "yellow",
        cost=20,
        terrain="lake",
        name="New York",
        layout="city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:3,b:_1;label=NY;upgrade=cost:20,terrain:lake",
    ),
    "G18": PrintedHex(
        "yellow", name="Baltimore", layout="city=revenue:30;path=a:4,b:_0;path=a:0,b:_0;label=B"
    ),
    "C12": PrintedHex("blue"),
}

TILES_BASE: tuple[TileType, ...] = (
    TileType("5", None),
    TileType("6", None),
    TileType("7", None),
    TileType("8", None),
    TileType("9", None),
    TileType("14", None),
    TileType("15", None),
    TileType("54", None),
    TileType("57", None),
    TileType("62", None),
    TileType("63", None),
    TileType("80", None),
    TileType("81", None),
    TileType("82", None),
    TileType("83", None),
    TileType("448", None),
    TileType("544", None),
    TileType("545", None),
    TileType("546", None),
    TileType("592", None),
    TileType("593", None),
    TileType("597", None),
    TileType("611", None),
    TileType("619", None),
    TileType(
        "X00",
        1,
        color="yellow",
        layout="city=revenue:30;path=a:1,b:_0;path=a:3,b:_0;path=a:5,b:_0;label=B",
    ),
    TileType(
        "X30",
        None,
        color="gray",
        layout="city=revenue:100,slots:4;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=NY",
    ),
)

HEXES_NA: dict[str, PrintedHex] = {
    "A3": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "B4": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "B8": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "B10": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "D10": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "E11": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "E13": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "F12": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "G13": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "G19": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "H12": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "J14": PrintedHex(
        "white", cost=15, terrain="mountain", layout="upgrade=cost:15,terrain:mountain"
    ),
    "A5": PrintedHex("white"),
    "A9": PrintedHex("white"),
    "B12": PrintedHex("white"),
    "C7": PrintedHex("white"),
    "C11": PrintedHex("white"),
    "C13": PrintedHex("white"),
    "C15": PrintedHex("white"),
    "C17": PrintedHex("white"),
    "C23": PrintedHex("white"),
    "D18": PrintedHex("white"),
    "D20": PrintedHex("white"),
    "D24": PrintedHex("white"),
    "E21": PrintedHex("white"),
    "E23": PrintedHex("white"),
    "F10": PrintedHex("white"),
    "G9": PrintedHex("white"),
    "G11": PrintedHex("white"),
    "G15": PrintedHex("white"),
    "G21": PrintedHex("white"),
    "H14": PrintedHex("white"),
    "H16": PrintedHex("white"),
    "H20": PrintedHex("white"),
    "J16": PrintedHex("white"),
    "K17": PrintedHex("white"),
    "K19": PrintedHex("white"),
    "E19": PrintedHex(
        "white", layout="border=edge:0,type:impassable;border=edge:1,type:impassable"
    ),
    "E17": PrintedHex("white", layout="border=edge:4,type:impassable"),
    "F18": PrintedHex("white", layout="border=edge:3,type:impassable"),
    "A7": PrintedHex(
        "white",
        cost=15,
        terrain="mountain",
        name="Dawson City",
        layout="city=revenue:0;upgrade=cost:15,terrain:mountain",
    ),
    "B2": PrintedHex("white", name="Anchorage", layout="city=revenue:0"),
    "C9": PrintedHex("white", name="Hazelton", layout="city=revenue:0"),
    "D22": PrintedHex("white", name="Quebec", layout="city=revenue:0"),
    "E9": PrintedHex("white", name="Seattle", layout="city=revenue:0"),
    "F14": PrintedHex("white", name="Denver", layout="city=revenue:0"),
    "F20": PrintedHex("white", name="Toronto", layout="city=revenue:0"),
    "H10": PrintedHex("white", name="Los Angeles", layout="city=revenue:0"),
    "I13": PrintedHex("white", name="Guadalajara", layout="city=revenue:0"),
    "J18": PrintedHex(
        "white", name="Belize", layout="city=revenue:0;border=edge:3,type:impassable"
    ),
    "D8": PrintedHex("white", cost=20, terrain="lake", layout="upgrade=cost:20,terrain:lake"),
    "E25": PrintedHex("white", cost=20, terrain="lake", layout="upgrade=cost:20,terrain:lake"),
    "J20": PrintedHex("white", cost=20, terrain="lake", layout="upgrade=cost:20,terrain:lake"),
    "I19": PrintedHex(
        "white",
        cost=20,
        terrain="lake",
        layout="upgrade=cost:20,terrain:lake;border=edge:0,type:impassable",
    ),
    "D14": PrintedHex("white", cost=10, terrain="water", layout="upgrade=cost:10,terrain:water"),
    "E15": PrintedHex("white", cost=10, terrain="water", layout="upgrade=cost:10,terrain:water"),
    "F16": PrintedHex("white", cost=10, terrain="water", layout="upgrade=cost:10,terrain:water"),
    "G17": PrintedHex("white", cost=10, terrain="water", layout="upgrade=cost:10,terrain:water"),
    "H18": PrintedHex(
        "white",
        cost=10,
        terrain="water",
        name="New Orleans",
        layout="city=revenue:0;upgrade=cost:10,terrain:water",
    ),
    "D16": PrintedHex(
        "white",
        cost=10,
        terrain="water",
        name="Winnipeg",
        layout="city=revenue:0;upgrade=cost:10,terrain:water",
    ),
    "B6": PrintedHex(
        "gray",
        name="The Klondike",
        layout="town=revenue:yellow_50|green_20|brown_40;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0",
    ),
    "B14": PrintedHex("gray", layout="path=a:1,b:4"),
    "C19": PrintedHex("gray", layout="path=a:1,b:4"),
    "B16": PrintedHex("gray", layout="path=a:1,b:5"),
    "C21": PrintedHex("gray", layout="path=a:1,b:5"),
    "I21": PrintedHex(
        "gray",
        name="Miami",
        layout="city=revenue:yellow_20|green_30|brown_50|gray_60;path=a:1,b:_0;path=a:_0,b:2;path=a:0,b:_0;path=a:_0,b:1",
    ),
    "B18": PrintedHex(
        "red",
        name="Arctic",
        layout="offboard=revenue:yellow_20|green_30|brown_50|gray_60;path=a:0,b:_0",
    ),
    "C3": PrintedHex(
        "red",
        name="Asia",
        layout="offboard=revenue:yellow_30|green_50|brown_60|gray_80;path=a:2,b:_0;path=a:3,b:_0",
    ),
    "D26": PrintedHex(
        "red",
        name="Europe",
        layout="offboard=revenue:yellow_30|green_50|brown_60|gray_80;path=a:1,b:_0;path=a:0,b:_0",
    ),
    "H8": PrintedHex(
        "red",
        name="Hawaii",
        layout="offboard=revenue:yellow_20|green_30|brown_50|gray_60;path=a:3,b:_0;path=a:4,b:_0",
    ),
    "K21": PrintedHex(
        "red",
        name="South America",
        layout="offboard=revenue:yellow_20|green_30|brown_50|gray_60;path=a:1,b:_0;path=a:2,b:_0",
    ),
    "D12": PrintedHex(
        "yellow", name="Edmonton", layout="city=revenue:30;path=a:2,b:_0;path=a:_0,b:4;label=B"
    ),
    "F22": PrintedHex(
        "yellow",
        cost=20,
        terrain="lake",
        name="New York",
        layout="city=revenue:40;city=revenue:40;path=a:3,b:_1;path=a:0,b:_0;label=NY;upgrade=cost:20,terrain:lake",
    ),
    "I15": PrintedHex(
        "yellow",
        cost=20,
        terrain="lake",
        name="Mexico City",
        layout="city=revenue:30;path=a:1,b:_0;path=a:_0,b:5;label=B;upgrade=cost:20,terrain:lake",
    ),
    "I17": PrintedHex("blue", layout="offboard=revenue:yellow_0,visit_cost:99;path=a:3,b:_0"),
    "C1": PrintedHex("blue", layout="offboard=revenue:yellow_0,visit_cost:99;path=a:3,b:_0"),
    "F8": PrintedHex("blue", layout="offboard=revenue:yellow_0,visit_cost:99;path=a:3,b:_0"),
    "I9": PrintedHex(
        "blue", layout="offboard=revenue:yellow_0,visit_cost:99;path=a:3,b:_0;border=edge:4"
    ),
    "J12": PrintedHex(
        "blue", layout="offboard=revenue:yellow_0,visit_cost:99;path=a:3,b:_0;border=edge:2"
    ),
    "I11": PrintedHex(
        "blue",
        layout="offboard=revenue:yellow_0,visit_cost:99;path=a:2,b:_0;offboard=revenue:yellow_0,visit_cost:99;path=a:4,b:_0;border=edge:1;border=edge:5",
    ),
    "A1": PrintedHex("blue", layout="offboard=revenue:yellow_0,visit_cost:99;path=a:5,b:_0"),
}

TILES_NA: tuple[TileType, ...] = (
    TileType("5", None),
    TileType("6", None),
    TileType("7", None),
    TileType("8", None),
    TileType("9", None),
    TileType("14", None),
    TileType("15", None),
    TileType("54", None),
    TileType("57", None),
    TileType("62", None),
    TileType("63", None),
    TileType("80", None),
    TileType("81", None),
    TileType("82", None),
    TileType("83", None),
    TileType("448", None),
    TileType("544", None),
    TileType("545", None),
    TileType("546", None),
    TileType("592", None),
    TileType("593", None),
    TileType("597", None),
    TileType("611", None),
    TileType("619", None),
    TileType(
        "X00",
        None,
        color="yellow",
        layout="city=revenue:30;path=a:1,b:_0;path=a:3,b:_0;path=a:5,b:_0;label=B",
    ),
    TileType(
        "X30",
        None,
        color="gray",
        layout="city=revenue:100,slots:4;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=NY",
    ),
)

HEXES_WO: dict[str, PrintedHex] = {
    "B3": PrintedHex("white"),
    "B5": PrintedHex("white"),
    "C6": PrintedHex("white"),
    "D3": PrintedHex("white"),
    "D5": PrintedHex("white"),
    "E6": PrintedHex("white"),
    "E8": PrintedHex("white"),
    "F3": PrintedHex("white"),
    "F5": PrintedHex("white"),
    "G2": PrintedHex("white"),
    "G6": PrintedHex("white"),
    "H1": PrintedHex("white"),
    "H5": PrintedHex("white"),
    "H7": PrintedHex("white"),
    "J5": PrintedHex("white"),
    "J7": PrintedHex("white"),
    "L3": PrintedHex("white"),
    "L7": PrintedHex("white"),
    "B7": PrintedHex("white", cost=15, terrain="lake", layout="upgrade=cost:15,terrain:lake"),
    "C8": PrintedHex("white", cost=15, terrain="lake", layout="upgrade=cost:15,terrain:lake"),
    "E2": PrintedHex("white", cost=15, terrain="lake", layout="upgrade=cost:15,terrain:lake"),
    "E4": PrintedHex("white", cost=15, terrain="lake", layout="upgrade=cost:15,terrain:lake"),
    "F9": PrintedHex("white", cost=15, terrain="lake", layout="upgrade=cost:15,terrain:lake"),
    "I8": PrintedHex("white", cost=15, terrain="lake", layout="upgrade=cost:15,terrain:lake"),
    "K6": PrintedHex("white", cost=15, terrain="lake", layout="upgrade=cost:15,terrain:lake"),
    "L5": PrintedHex("white", cost=15, terrain="lake", layout="upgrade=cost:15,terrain:lake"),
    "H3": PrintedHex("white", cost=10, terrain="water", layout="upgrade=cost:10,terrain:water"),
    "I4": PrintedHex("white", cost=10, terrain="water", layout="upgrade=cost:10,terrain:water"),
    "J3": PrintedHex("white", cost=10, terrain="water", layout="upgrade=cost:10,terrain:water"),
    "B1": PrintedHex("white", cost=20, layout="upgrade=cost:20"),
    "F7": PrintedHex("white", cost=20, layout="upgrade=cost:20"),
    "K2": PrintedHex("white", cost=20, layout="upgrade=cost:20"),
    "C2": PrintedHex(
        "white",
        cost=15,
        terrain="lake",
        name="Prince of Wales Fort",
        layout="city=revenue:0;upgrade=cost:15,terrain:lake",
    ),
    "G8": PrintedHex("white", name="Beginnings", layout="city=revenue:0"),
    "I2": PrintedHex("white", name="Brrrrrrrrrr!", layout="city=revenue:0"),
    "I6": PrintedHex("white", name="New Pittsburgh", layout="city=revenue:0"),
    "K8": PrintedHex("white", name="Terra Australis", layout="city=revenue:0"),
    "D7": PrintedHex("white", cost=20, name="Amazonia", layout="city=revenue:0;upgrade=cost:20"),
    "G4": PrintedHex(
        "white",
        cost=10,
        terrain="water",
        name="Mare Nostrum",
        layout="city=revenue:0;upgrade=cost:10,terrain:water",
    ),
    "K4": PrintedHex(
        "white",
        cost=10,
        terrain="water",
        name="Dynasties",
        layout="city=revenue:0;upgrade=cost:10,terrain:water",
    ),
    "J1": PrintedHex("gray", layout="path=a:0,b:1;path=a:1,b:5;path=a:0,b:5"),
    "A6": PrintedHex(
        "gray",
        name="Kingdom of Hawai'i",
        layout="city=revenue:yellow_10|green_20|brown_30|gray_40;path=a:4,b:_0;path=a:_0,b:5",
    ),
    "F1": PrintedHex(
        "gray",
        name="Vikings",
        layout="city=revenue:yellow_20|green_30|brown_40|gray_50,slots:2;path=a:1,b:_0;path=a:5,b:_0",
    ),
    "H9": PrintedHex(
        "gray",
        name="Libertalia",
        layout="town=revenue:yellow_10|green_20|brown_30|gray_40;path=a:2,b:_0;path=a:_0,b:4",
    ),
    "L9": PrintedHex("gray", name="Nieuw Zeeland", layout="city=revenue:0"),
    "C4": PrintedHex(
        "yellow",
        cost=20,
        name="NYC",
        layout="city=revenue:40;city=revenue:40;path=a:2,b:_0;path=a:5,b:_1;label=NY;upgrade=cost:20",
    ),
    "A2": PrintedHex(
        "red",
        name="Gold Rush",
        layout="offboard=revenue:yellow_30|green_50|brown_20|gray_60;path=a:4,b:_0",
    ),
    "D9": PrintedHex(
        "red",
        name="Antarctica",
        layout="offboard=revenue:yellow_20|green_30|brown_50|gray_60;path=a:2,b:_0;path=a:4,b:_0",
    ),
    "J9": PrintedHex(
        "red",
        name="You are lost",
        layout="offboard=revenue:yellow_30|green_40|brown_60|gray_80;path=a:3,b:_0;path=a:4,b:_0",
    ),
    "L1": PrintedHex(
        "red",
        name="Gold Rush",
        layout="offboard=revenue:yellow_30|green_50|brown_20|gray_60;path=a:1,b:_0",
    ),
}

TILES_WO: tuple[TileType, ...] = TILES_NA
"""1817WO uses the same tile manifest as 1817NA."""


def terrain_of(hexes: dict[str, PrintedHex]) -> dict[str, tuple[int, str]]:
    """``{hex: (fee, terrain)}`` for the hexes whose first tile pays a fee."""
    return {h: (x.cost, x.terrain) for h, x in hexes.items() if x.cost}


TERRAIN_BASE = terrain_of(HEXES_BASE)
TERRAIN_NA = terrain_of(HEXES_NA)
TERRAIN_WO = terrain_of(HEXES_WO)

PRESET_YELLOW: dict[str, frozenset[str]] = {
    title: frozenset(h for h, x in hexes.items() if x.color == "yellow" and x.cost)
    for title, hexes in (("1817", HEXES_BASE), ("1817NA", HEXES_NA), ("1817WO", HEXES_WO))
}
"""Per title, the hexes printed yellow that carry a fee: a lay there is an upgrade, not a
yellow lay (each title its own: 1817's C8 is such a hex, 1817WO's a lake)."""

NEW_ZEALAND = "L9"
"""1817WO: a token here covers one loan's interest (or pays $20 without loans)."""
