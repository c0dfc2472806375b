"""Steps that interrupt several rounds: tokens given back, a train discard and a
player's cash crisis.

A merger or acquisition that leaves its survivor above the token limits waits for it to
give tokens back; a corporation above the train limit (after a phase change, a merger or
an acquisition) discards before anything else happens; a player with negative cash sells
certificates or goes bankrupt before the round goes on. The operating, merger and
acquisition rounds put these steps first in their lists (rules 4.23, 5.7, 7.1-7.4).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from takeover.g1817.actions import Action
from takeover.g1817.entities import Corporation, Share
from takeover.g1817.rounds.base import (
    Step,
    among,
    as_listed,
    int_field,
    make,
    require,
    share_ids,
)

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817


def sell_bundles(game: Game1817, corp: Corporation, player: int) -> list[list[Share]]:
    """The sales a player may make of one corporation: the first 1..n certificates in the
    order received, and with them the president's certificate where it may be sold."""
    mine = [s for s in corp.shares_of(player) if s.percent > 0]
    normal = [s for s in mine if not s.president]
    bundles = [normal[:n] for n in range(1, len(normal) + 1)]
    pres = [s for s in mine if s.president]
    if pres and game.can_sell_share(corp, pres[0]):
        bundles += [normal[:n] + pres for n in range(len(normal) + 1)]
    return bundles


def sale(player: int, bundle: list[Share]) -> Action:
    return make("sell_shares", player, shares=[s.id for s in bundle])


class ReduceTokens(Step):
    """A merger's or acquisition's survivor gives back tokens, one at a time, until it
    has no two in one hex and at most 8 placed (rule 5.7)."""

    def __init__(self, game: Game1817, then: Callable[[], None]) -> None:
        super().__init__(game)
        self.then = then
        self.takes = {"remove_token": self.on_remove_token}

    def blocking(self) -> bool:
        return self.game.token_reduction is not None

    def actor(self) -> str | None:
        reduction = self.game.token_reduction
        return None if reduction is None else reduction.survivor

    def legal(self) -> list[Action]:
        reduction = self.game.token_reduction
        if reduction is None:
            return []
        board = self.game.board
        return [
            make("remove_token", reduction.survivor, city=board.city_id(coord, index), slot=slot)
            for coord, index, slot in reduction.removable(board)
        ]

    def on_remove_token(self, action: Action) -> None:
        reduction = self.game.token_reduction
        assert reduction is not None
        among(
            action,
            self.legal(),
            f"{reduction.survivor} cannot give back a token in city {action.get('city')} "
            f"slot {action.get('slot')}: it gives back its own or {reduction.other}'s tokens, "
            f"in a hex both hold first",
        )
        coord, index = self.game.board.city_location(str(action.get("city")))
        reduction.remove(self.game, coord, index, int_field(action, "slot"))
        self.then()


class DiscardTrain(Step):
    """A corporation above the train limit chooses a train to give back to the depot."""

    def __init__(self, game: Game1817, then: Callable[[], None] | None = None) -> None:
        super().__init__(game)
        self.then = then
        self.takes = {"discard_train": self.on_discard_train}

    def blocking(self) -> bool:
        return self.game.corp_over_train_limit() is not None

    def actor(self) -> str | None:
        return self.game.corp_over_train_limit()

    def legal(self) -> list[Action]:
        sym = self.actor()
        if sym is None:
            return []
        return [make("discard_train", sym, train=t.id) for t in self.game.corps[sym].trains]

    def on_discard_train(self, action: Action) -> None:
        among(action, self.legal(), f"{action.entity} has no train {action.get('train')}")
        self.game.discard_train(self.game.corps[str(action.entity)], str(action.get("train")))
        if self.then is not None:
            self.then()


class CashCrisis(Step):
    """A player in debt sells certificates until out of debt, or goes bankrupt (rules
    7.1-7.3). The sales are those 18xx.games allows in its cash crisis: see
    :meth:`refusal`."""

    def __init__(
        self,
        game: Game1817,
        player: Callable[[], int | None],
        after_sale: Callable[[], None],
        after_bankruptcy: Callable[[], None],
        operating: bool = False,
    ) -> None:
        super().__init__(game)
        self.player = player
        self.after_sale = after_sale
        self.after_bankruptcy = after_bankruptcy
        self.operating = operating
        """In an operating round a corporation that has not operated yet may be sold too."""
        self.takes = {"sell_shares": self.on_sell_shares, "bankrupt": self.on_bankrupt}

    def blocking(self) -> bool:
        return self.player() is not None

    def actor(self) -> int | None:
        return self.player()

    def refusal(self, player: int, bundle: list[Share]) -> str | None:
        """Why ``player`` may not sell ``bundle`` (their certificates of one corporation)
        in the crisis, or ``None`` (rule 7.2). Refused: a corporation not started, in the
        zones, or (outside an operating round) not yet operated; the president's
        certificate; a sale bigger than the debt needs (without its smallest certificate
        it would still cover the debt); a sale that would leave the president with less
        than another player. 18xx.games offers the president's certificate only with all
        the president's other certificates (or all but one), which hands the presidency to
        a player holding as much; its check alone would accept the certificate from a
        president who keeps the most, leaving it in the market with its seller president,
        a sale its interface never offers."""
        game = self.game
        corp = game.corps[bundle[0].corp]
        if corp.price_index is None:
            return f"{corp.sym} has not started"
        if game.in_zone(corp):
            return f"{corp.sym} is in the acquisition or liquidation zone"
        if not (corp.operated or self.operating):
            return f"{corp.sym} has not operated yet: only an operating round's crisis sells it"
        if any(s.president for s in bundle):
            return f"the president's certificate of {corp.sym} is not sold in a cash crisis"
        debt = -game.player_by_id[player].cash
        value = game.share_value(corp, sum(s.percent for s in bundle))
        smallest = min(game.share_value(corp, s.percent) for s in bundle)
        if value - smallest >= debt:
            return f"it raises ${value}, more than the debt of ${debt} needs"
        if corp.owner == player:
            holdings = game.player_percent(corp)
            kept = holdings[player] - sum(s.percent for s in bundle)
            other = max((v for p, v in holdings.items() if p != player), default=0)
            if kept < other:
                return (
                    f"it would hand over the presidency of {corp.sym} "
                    f"({kept}% kept, another player holds {other}%)"
                )
        return None

    def sales(self, player: int) -> list[Action]:
        game = self.game
        return [
            sale(player, bundle)
            for corp in game.corps.values()
            for bundle in sell_bundles(game, corp, player)
            if self.refusal(player, bundle) is None
        ]

    def legal(self) -> list[Action]:
        player = self.player()
        if player is None:
            return []
        return [*self.sales(player), make("bankrupt", player)]

    def on_sell_shares(self, action: Action) -> None:
        player = int(action.entity)
        ids = share_ids(action)
        shares = [self.game.share_by_id(s) for s in ids]
        mine = all(s.owner == player and s.percent > 0 for s in shares)
        if mine and len({s.corp for s in shares}) == 1:
            reason = self.refusal(player, shares)
            require(reason is None, f"player {player} cannot sell {ids}: {reason}")
        among(
            as_listed(self.game, action),
            self.sales(player),
            f"player {player} cannot sell {ids}: not a bundle they may sell "
            "(their own certificates of one corporation)",
        )
        self.game.sell_shares(player, shares)
        self.after_sale()

    def on_bankrupt(self, action: Action) -> None:
        self.game.bankrupt(self.game.player_by_id[int(action.entity)])
        self.after_bankruptcy()
