"""Combining two corporations: assets in a merger or acquisition, shares in a 5 + 5 merger."""

from __future__ import annotations

from takeover.core.errors import IllegalAction
from takeover.g1817.entities import Corporation, Share
from takeover.g1817.game import GameData

TOKEN_LIMIT = 8


def split_location(loc: str) -> tuple[str, int]:
    """``("B5", 0)`` for a token location ``B5#0`` (hex and city index)."""
    coord, _, index = loc.partition("#")
    return coord, int(index)


def merge_assets(game: GameData, survivor: Corporation, other: Corporation) -> None:
    """Move privates, loans, trains and tokens of ``other`` into ``survivor`` (rule 5.7)."""
    for company in list(other.companies):
        other.companies.remove(company)
        survivor.companies.append(company)
        game.company_owner[company] = survivor.sym
    survivor.loans.extend(other.loans)
    other.loans = []
    for train in other.trains:
        train.owner = survivor.sym
        survivor.trains.append(train)
    other.trains = []
    board = game.board
    survivor.token_hexes = board.token_locations(survivor.sym, survivor.token_hexes)
    other.token_hexes = board.token_locations(other.sym, other.token_hexes)
    other_cities = set(other.token_hexes)
    kept = [c for c in survivor.token_hexes if c not in other_cities]
    for loc in survivor.token_hexes:
        if loc in other_cities:
            board.remove_token(*split_location(loc), survivor.sym)
    used = kept + list(other.token_hexes)
    total = min(TOKEN_LIMIT, survivor.tokens + other.tokens)
    for i, loc in enumerate(used):
        coord, index = split_location(loc)
        if i >= total:
            board.remove_token(coord, index, survivor.sym if i < len(kept) else other.sym)
        elif i >= len(kept):
            board.swap_token(coord, index, other.sym, survivor.sym)
    survivor.token_hexes = used[:total]
    survivor.tokens_placed = min(len(used), total)
    survivor.tokens = total
    other.token_hexes = []
    other.tokens_placed = 0


def migrate_shares(game: GameData, corp: Corporation, other: Corporation) -> None:
    """A 5 + 5 merger: ``corp`` becomes a 10-share corporation; 20% becomes 10% (rule 5.6)."""
    new_shares = game.resize(corp, 10)
    highest = max([s.index for s in corp.shares] + [9])
    for share in list(other.shares):
        owner = corp.sym if share.owner == other.sym else share.owner
        for _ in range(abs(share.percent) // 20):
            if share.percent > 0:
                if new_shares:
                    new_shares.pop(0).owner = owner
                else:
                    highest += 1
                    corp.shares.append(Share(corp.sym, highest, 10, owner))
            else:
                highest += 1
                corp.shares.append(Share(corp.sym, highest, -10, owner))
    holdings = game.player_percent(corp)
    best = max(holdings.values(), default=0)
    if best < 20:
        raise IllegalAction("at least one player must hold 20% after a merger")
    leaders = [p for p, v in holdings.items() if v == best]
    previous = corp.owner
    if previous not in leaders and isinstance(previous, int):
        order = game.seat_order
        start = order.index(previous)
        rotated = order[start:] + order[:start]
        president = next(p for p in rotated if p in leaders and holdings[p] >= 20)
        pres = next(s for s in corp.shares if s.president)
        giving = [s for s in corp.shares_of(president) if s.percent == 10][:2]
        pres.owner = president
        for s in giving:
            s.owner = previous
        corp.owner = president
    holders = {s.owner for s in corp.shares}
    for holder in holders:
        while True:
            mine = corp.shares_of(holder)
            neg = [s for s in mine if s.percent < 0]
            pos = [s for s in mine if s.percent == 10]
            if not neg or not pos:
                break
            game.unshort(holder, pos[0])
