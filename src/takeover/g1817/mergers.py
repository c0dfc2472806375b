"""Combining two corporations: assets in a merger or acquisition, shares in a 5 + 5 merger."""

from __future__ import annotations

from dataclasses import dataclass

from takeover.core.errors import IllegalAction
from takeover.g1817.entities import Corporation, Share
from takeover.g1817.game import GameData
from takeover.g1817.map.board import Board

TOKEN_LIMIT = 8


def merge_assets(game: GameData, survivor: Corporation, other: Corporation) -> None:
    """Move privates, loans, trains and tokens of ``other`` into ``survivor`` (rule 5.7).

    Tokens move at once unless the survivor must first give some back (rule 5.7): then
    ``game.token_reduction`` waits for its choices, and ``other``'s tokens stay on the map
    under its name until the last one is chosen.
    """
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
    theirs = set(board.corporation_cities(other.sym))
    for coord, index in board.corporation_cities(survivor.sym):
        if (coord, index) in theirs:
            board.remove_token(coord, index, survivor.sym)
    survivor.token_hexes = board.token_locations(survivor.sym, survivor.token_hexes)
    survivor.tokens_placed = len(survivor.token_hexes)
    reduction = TokenReduction(survivor.sym, other.sym, other.tokens)
    if reduction.over_limits(board):
        game.token_reduction = reduction
    else:
        reduction.combine(game)


@dataclass(frozen=True, slots=True)
class TokenReduction:
    """A merger or acquisition whose survivor must give back tokens before the other's
    become its own (rule 5.7). Until then the other's tokens stay on the map under its
    symbol (and its own, until an acquisition resets it, as on 18xx.games);
    ``other_tokens`` is how many it owned in all."""

    survivor: str
    other: str
    other_tokens: int

    def over_limits(self, board: Board) -> bool:
        """Two of the survivor's tokens in one hex, one of each in one hex (a city
        tile of two cities), or more than 8 placed tokens together."""
        mine = [coord for coord, _ in board.corporation_cities(self.survivor)]
        theirs = [coord for coord, _ in board.corporation_cities(self.other)]
        return (
            len(set(mine)) != len(mine)
            or not set(mine).isdisjoint(theirs)
            or len(mine) + len(theirs) > TOKEN_LIMIT
        )

    def removable(self, board: Board) -> list[tuple[str, int, int]]:
        """``(hex, city index, slot)`` of each token the survivor may give back now: in a
        hex both corporations hold first, then any of the two corporations' tokens."""
        both = (self.survivor, self.other)
        mine = {coord for coord, _ in board.corporation_cities(self.survivor)}
        theirs = {coord for coord, _ in board.corporation_cities(self.other)}
        hexes = (mine & theirs) or (mine | theirs)
        return [
            (coord, index, slot)
            for coord in sorted(hexes)
            for index, slots in enumerate(board.tokens.get(coord, ()))
            for slot, corp in enumerate(slots)
            if corp in both
        ]

    def remove(self, game: GameData, coord: str, index: int, slot: int) -> None:
        """Give back the token in ``slot`` of city ``index`` on ``coord`` (one of
        :meth:`removable`); once within the limits the tokens combine."""
        board = game.board
        corp = board.tokens[coord][index][slot]
        assert corp is not None
        board.remove_token(coord, index, corp)
        owner = game.corps[corp]
        if owner.tokens_placed:  # (not the other's fresh charter, where it was reset)
            owner.token_hexes = board.token_locations(corp, owner.token_hexes)
            owner.tokens_placed = len(owner.token_hexes)
        if not self.over_limits(board):
            self.combine(game)
            game.token_reduction = None

    def combine(self, game: GameData) -> None:
        """The other's placed tokens become the survivor's; the survivor then owns the
        two corporations' tokens together, at most 8 (unplaced ones are dropped first)."""
        board = game.board
        survivor = game.corps[self.survivor]
        theirs = [f"{coord}#{index}" for coord, index in board.corporation_cities(self.other)]
        for coord, index in board.corporation_cities(self.other):
            board.swap_token(coord, index, self.other, self.survivor)
        survivor.token_hexes = board.token_locations(self.survivor, survivor.token_hexes + theirs)
        survivor.tokens_placed = len(survivor.token_hexes)
        survivor.tokens = min(TOKEN_LIMIT, survivor.tokens + self.other_tokens)
        other = game.corps[self.other]
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
