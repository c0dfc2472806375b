"""A corporation's legal tile lays and token placements in a position.

The map rules (:mod:`takeover.g1817.map.lays`, :mod:`takeover.g1817.map.graph`) plus what
the turn allows: two lays per operating turn, the second for $20 and not an upgrade when
the first was one, not twice on one hex; tiles of the phase's colours with a copy left;
no lay on a mine or ranch hex; a lay the corporation cannot pay for is no lay (rules 4.5-4.14).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from takeover.core.errors import IllegalAction
from takeover.g1817.actions import Action
from takeover.g1817.data.companies import BRIDGES, RANCH_COMPANIES, SPECIAL_TILE_LAYS
from takeover.g1817.map.board import Board
from takeover.g1817.map.graph import Network, geometry, links, network
from takeover.g1817.map.lays import COLOR_ORDER, rotation_fits, upgrades_to
from takeover.g1817.map.router import best_routes
from takeover.g1817.map.routes import Route, build_route, check_overlap, route_revenue
from takeover.g1817.map.tiles import Tile
from takeover.g1817.rounds.base import make

if TYPE_CHECKING:
    from takeover.g1817.entities import Corporation
    from takeover.g1817.state import Game1817

Lays = dict[str, dict[str, list[int]]]
"""``{hex: {tile name: rotations}}``."""

NO_LAY_MARKERS = frozenset({"mine", "ranch"})
NEW_ZEALAND_PHASE = 2
"""1817WO: Nieuw Zeeland takes tokens from phase 3 (the third phase) on."""


def lay_allowance(laid: list[tuple[str, bool]]) -> tuple[bool, bool] | None:
    """``(yellow lay allowed, upgrade allowed)`` for the next lay of a turn that has made
    ``laid`` ((hex, upgrade) each), or ``None`` when both lays are used."""
    if len(laid) >= 2:
        return None
    if not laid:
        return True, True
    return True, not laid[0][1]


def legal_lays(
    game: Game1817,
    corp: Corporation,
    laid: list[tuple[str, bool]],
    net: Network | None = None,
    only: str | None = None,
) -> Lays:
    """Every lay ``corp`` may make next (on hex ``only``, if given):
    ``{hex: {tile: [rotations]}}``."""
    allowance = lay_allowance(laid)
    if allowance is None:
        return {}
    may_lay, may_upgrade = allowance
    board = game.board
    if net is None:
        net = network(board, corp.sym)
    near = links(board.data)
    colors = game.phase_colors
    done = {h for h, _ in laid}
    out: Lays = {}
    for coord, reached in net.hex_edges.items():
        if coord not in near or coord in done or (only is not None and coord != only):
            continue
        _, old, old_rotation = board.tile_at(coord)
        if old.color not in COLOR_ORDER or old.color == "gray":
            continue
        upgrade = old.color != "white"
        if (upgrade and not may_upgrade) or (not upgrade and not may_lay):
            continue
        if NO_LAY_MARKERS.intersection(board.markers.get(coord, ())):
            continue
        if game.lay_fee(corp, coord, len(laid), None) > corp.cash:
            continue
        open_edges = frozenset(near[coord])
        options: dict[str, list[int]] = {}
        for name, tile in board.data.tiles.items():
            if tile.color not in colors or not board.supply[name]:
                continue
            if not upgrades_to(old, tile):
                continue
            rotations = [
                r
                for r in range(6)
                if rotation_fits(old, old_rotation, tile, r, open_edges, reached)
            ]
            if rotations:
                options[name] = rotations
        if options:
            out[coord] = options
    return out


def company_lays(
    game: Game1817,
    corp: Corporation,
    company: str,
    laid: list[tuple[str, bool]],
    net: Network | None = None,
    only: str | None = None,
) -> Lays:
    """Every lay private ``company`` may make for ``corp`` now (it uses one of the
    corporation's lays, as a yellow lay), on hex ``only`` if given:
    ``{hex: {tile: [rotations]}}``."""
    ability = SPECIAL_TILE_LAYS.get(game.title, {}).get(company)
    allowance = lay_allowance(laid)
    if ability is None or allowance is None or not allowance[0]:
        return {}
    board = game.board
    if net is None:
        net = network(board, corp.sym)
    near = links(board.data)
    done = {h for h, _ in laid}
    ranch = company in RANCH_COMPANIES
    out: Lays = {}
    for coord in ability.hexes:
        if coord in done or (only is not None and coord != only):
            continue
        if ability.special:
            reached: set[int] = set(near[coord])
        else:
            reached = net.hex_edges.get(coord, set())
            if ranch and any(board.tile_at(n)[1].label == "B" for n in near[coord].values()):
                continue
        if not reached or game.lay_fee(corp, coord, len(laid), company) > corp.cash:
            continue
        _, old, old_rotation = board.tile_at(coord)
        open_edges = frozenset(near[coord])
        options: dict[str, list[int]] = {}
        for name in ability.tiles:
            tile = board.data.tiles[name]
            if tile.color not in game.phase_colors or not board.supply[name]:
                continue
            if not upgrades_to(old, tile, ability.special):
                continue
            rotations = [
                r
                for r in range(6)
                if rotation_fits(old, old_rotation, tile, r, open_edges, reached)
                and (ability.special or _points_at_stop(board, coord, tile, r))
            ]
            if rotations:
                options[name] = rotations
        if options:
            out[coord] = options
    return out


def _points_at_stop(board: Board, coord: str, tile: Tile, rotation: int) -> bool:
    """A mine's or ranch's track must lead to a neighbouring city, town or off-board
    area whose tile meets it, or may yet be upgraded to meet it."""
    near = links(board.data)[coord]
    for edge in geometry(tile, rotation).exits:
        other = near.get(edge)
        if other is None:
            continue
        _, ntile, nrotation = board.tile_at(other)
        if not (ntile.cities or ntile.towns or ntile.offboards):
            continue
        if (edge + 3) % 6 in ntile.exits(nrotation):
            return True
        if any(
            left and upgrades_to(ntile, board.data.tiles[name])
            for name, left in board.supply.items()
        ):
            return True
    return False


def lay_refusal(
    game: Game1817,
    corp: Corporation,
    company: str | None,
    laid: list[tuple[str, bool]],
    coord: str,
    tile_id: str,
    rotation: object,
) -> str | None:
    """Why the lay of tile copy ``tile_id`` on ``coord`` turned ``rotation`` (by private
    ``company`` if given) is illegal for ``corp`` now, or ``None`` when it is legal."""
    name, _, index = tile_id.rpartition("-")
    who = f"{corp.sym}" if company is None else f"{company} (for {corp.sym})"
    if not name or not index.isdigit() or name not in game.board.data.tiles:
        return f"{tile_id!r} is not a tile of the {game.title} manifest"
    if int(index) not in game.board.supply[name]:
        return f"tile {tile_id} is not in the supply"
    if coord not in game.board.data.printed:
        return f"{coord!r} is not a hex of the {game.title} map"
    if lay_allowance(laid) is None:
        return f"{corp.sym} has laid its two tiles this turn"
    if company is not None and game.company_owner.get(company) != corp.sym:
        return f"{company} does not belong to {corp.sym}"
    options = (
        legal_lays(game, corp, laid, only=coord)
        if company is None
        else company_lays(game, corp, company, laid, only=coord)
    ).get(coord)
    if options is None:
        return f"{who} may not lay on {coord} now (not reached, not allowed, or not affordable)"
    if name not in options:
        return f"{who} may not lay tile {name} on {coord}; legal: {', '.join(sorted(options))}"
    if rotation not in options[name]:
        legal = ", ".join(map(str, options[name]))
        return f"tile {name} on {coord} may not be turned {rotation!r}; legal: {legal}"
    return None


def _open_for(game: Game1817, corp: Corporation, coord: str, index: int) -> bool:
    """A city takes ``corp``'s token: a slot is open, no city of the hex holds one of its
    tokens, and (1817WO) Nieuw Zeeland only once the phase has opened it."""
    cities = game.board.tokens[coord]
    if None not in cities[index] or any(corp.sym in slots for slots in cities):
        return False
    return coord != game.edition.new_zealand or game.phase_index >= NEW_ZEALAND_PHASE


def token_cities(game: Game1817, corp: Corporation, net: Network | None = None) -> list[str]:
    """City ids where ``corp`` may place a token in its operating turn: reached by its
    network and open to it."""
    board = game.board
    if net is None:
        net = network(board, corp.sym)
    return [
        board.city_id(coord, index)
        for coord, index in sorted(net.cities)
        if _open_for(game, corp, coord, index)
    ]


def home_cities(game: Game1817, corp: Corporation) -> list[str]:
    """City ids where ``corp`` may place its home token: any city of the map open to it."""
    board = game.board
    return [board.city_id(coord, index) for coord, index in _home_slots(game, corp)]


def has_home_city(game: Game1817, corp: Corporation) -> bool:
    """Whether :func:`home_cities` names any (found at the first)."""
    return next(_home_slots(game, corp), None) is not None


def _home_slots(game: Game1817, corp: Corporation) -> Iterator[tuple[str, int]]:
    for coord, cities in game.board.tokens.items():
        for index in range(len(cities)):
            if _open_for(game, corp, coord, index):
                yield coord, index


def route_revenues(game: Game1817, corp: Corporation, routes: list[dict[str, Any]]) -> list[int]:
    """The revenue of each route of a ``run_routes`` action (``train`` and
    ``connections`` each), checked: the corporation's own trains, each once, on legal
    routes that share no track."""
    trains = {t.id: t for t in corp.trains}
    built: list[Route] = []
    distances: list[int] = []
    for route in routes:
        train_id = str(route.get("train"))
        train = trains.pop(train_id, None)
        if train is None:
            raise IllegalAction(f"{corp.sym} has no train {train_id} to run (or runs it twice)")
        connections = route.get("connections")
        if not isinstance(connections, list):
            raise IllegalAction(f"the route of {train_id} needs its connections")
        built.append(build_route(game.board, corp.sym, connections))
        distances.append(int(train.name.rstrip("+")))
    check_overlap(built)
    modern = "modern_trains" in game.optional_rules
    return [
        route_revenue(game.board, corp.sym, r, d, game.phase_colors, modern)
        for r, d in zip(built, distances, strict=True)
    ]


def bridge_targets(game: Game1817, corp: Corporation, company: str) -> list[str]:
    """Hexes where ``corp``'s bridge private may place a bridge now."""
    ability = BRIDGES.get(game.title, {}).get(company)
    if ability is None or game.company_owner.get(company) != corp.sym:
        return []
    hexes, count = ability
    if game.company_uses.get(company, 0) >= count:
        return []
    return [h for h in hexes if "bridge" not in game.board.markers.get(h, ())]


def lay_actions(game: Game1817, corp: Corporation, laid: list[tuple[str, bool]]) -> list[Action]:
    """Every lay ``corp`` may make next, its own and its privates', each in record form
    (the supply's first copy of a tile)."""
    out: list[Action] = []
    sym = corp.sym
    board = game.board
    net = network(board, sym)
    for coord, tiles in legal_lays(game, corp, laid, net).items():
        for name, rotations in tiles.items():
            copy = f"{name}-{board.supply[name][0]}"
            out += [make("lay_tile", sym, hex=coord, tile=copy, rotation=r) for r in rotations]
    for company in list(corp.companies):
        for coord, tiles in company_lays(game, corp, company, laid, net).items():
            for name, rotations in tiles.items():
                copy = f"{name}-{board.supply[name][0]}"
                out += [
                    Action.from_dict({"type": "lay_tile", "entity": company,
                                      "entity_type": "company", "hex": coord,
                                      "tile": copy, "rotation": r})
                    for r in rotations
                ]  # fmt: skip
    return out


def token_actions(game: Game1817, corp: Corporation) -> list[Action]:
    """Every token ``corp`` may place in its turn: each city open to it, first open slot."""
    if corp.tokens_placed >= corp.tokens:
        return []
    board = game.board
    out = []
    for city in token_cities(game, corp):
        coord, index = board.city_location(city)
        slot = board.tokens[coord][index].index(None)
        out.append(make("place_token", corp.sym, city=city, slot=slot))
    return out


def route_actions(game: Game1817, corp: Corporation) -> list[Action]:
    """Of the route sets ``corp`` may run, those listed: running none and the router's best."""
    if not corp.trains:
        return []
    out = [make("run_routes", corp.sym, routes=[])]
    best = best_route_set(game, corp)
    if best:
        out.append(make("run_routes", corp.sym, routes=best))
    return out


def bridge_actions(game: Game1817, corp: Corporation) -> list[Action]:
    """Every bridge ``corp``'s privates may place now."""
    return [
        Action.from_dict({"type": "assign", "entity": company, "entity_type": "company",
                          "target": coord, "target_type": "hex"})
        for company in list(corp.companies)
        for coord in bridge_targets(game, corp, company)
    ]  # fmt: skip


def best_route_set(game: Game1817, corp: Corporation) -> list[dict[str, Any]]:
    """The routes of the router's best set, in ``run_routes`` form (empty: no revenue)."""
    trains = list(corp.trains)
    total, found = best_routes(
        game.board,
        corp.sym,
        [int(t.name.rstrip("+")) for t in trains],
        game.phase_colors,
        "modern_trains" in game.optional_rules,
    )
    if total <= 0:
        return []
    return [
        {"train": t.id, "connections": [list(c) for c in r.connections]}
        for t, r in zip(trains, found, strict=True)
        if r is not None
    ]
