"""The 1817 position and its money primitives (market moves, loans, shares, trains).

Rounds (in :mod:`takeover.g1817.rounds`) decide *when* things happen; this module says
*what* a loan, a sale, a short or a train purchase does to the position, so every round
shares one definition of each (rules 1.5-1.7, 3.10-3.16, 4.21-4.22, 8.6).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from takeover.core.errors import IllegalAction
from takeover.g1817.data.companies import Company
from takeover.g1817.data.editions import (
    EDITIONS,
    LIQUIDATION,
    MARKET_PRICES,
    PHASES,
    PRICE_TYPES,
    VOLATILITY_COMPANIES,
    Edition,
)
from takeover.g1817.entities import POOL, Corporation, Holder, Player, Share, Train
from takeover.g1817.map.board import Board

if TYPE_CHECKING:
    from takeover.g1817.mergers import TokenReduction

_NO_CORP = Corporation("")
TOKEN_COST = 50
LOAN_VALUE = 100
NEEDED_TOKENS = {2: 1, 5: 2, 10: 4}
SCRAP_VALUES = {"2": 30, "2+": 30, "3": 75, "4": 150}
INVENTOR_PAYOUTS = {"2": 20, "3": 30, "4": 40, "5": 50, "6": 60, "7": 70, "8": 80}
"""P14 Inventor: paid to its owning corporation once per type, when a train of the type
first changes hands or leaves play while a corporation owns it (rule 10.1)."""


class GameData:
    """Money, certificates and trains of one game; no round logic."""

    def __init__(
        self,
        title: str,
        players: list[tuple[int, str]],
        seed: int = 0,
        optional_rules: tuple[str, ...] = (),
    ) -> None:
        self.edition: Edition = EDITIONS[title]
        self.title = title
        self.optional_rules = tuple(optional_rules)
        self.seed = seed
        cash = self.edition.starting_cash[len(players)]
        self.players: list[Player] = [Player(pid, name, cash) for pid, name in players]
        self.seat_order: list[int] = [p.id for p in self.players]
        self.original_order: tuple[int, ...] = tuple(self.seat_order)
        """Seats as recorded (``seat_order`` follows priority and changes every stock round)."""
        self.player_by_id: dict[int, Player] = {p.id: p for p in self.players}
        self.corps: dict[str, Corporation] = {
            sym: Corporation(sym) for sym in self.edition.corporations
        }
        companies = list(self.edition.companies)
        if "volatility" in self.optional_rules:
            companies += list(VOLATILITY_COMPANIES)
        self.company_data: dict[str, Company] = {c.sym: c for c in companies}
        self.company_order: list[str] = [c.sym for c in companies]
        self.company_owner: dict[str, Holder | None] = {c.sym: None for c in companies}
        # The last dividend's revenue, kind and amount per share, for the log's words.
        self.last_dividend: dict[str, Any] | None = None
        # Each corporation's revenue by operating round ("2.1"), for the spreadsheet.
        self.revenues: dict[str, dict[str, int]] = {}
        self.closed_companies: set[str] = set()
        self.market_slots: list[list[str]] = [[] for _ in MARKET_PRICES]
        self.loans: list[int] = list(range(self.edition.total_loans))
        self.phase_index = 0
        self.depot: list[Train] = []
        self.discarded: list[Train] = []
        self.left_trains: list[Train] = []
        """Trains a corporation still held when it was reset (the bank liquidated it). On
        18xx.games they stay with the old corporation, which still counts them among the
        other corporations' trains (so a buy-train step stays open for a $1 train)."""
        for ttype in self.edition.trains:
            for i in range(ttype.count or 1):
                self.depot.append(Train(ttype.name, i))
        self.train_types = {t.name: t for t in self.edition.trains}
        self.interest_fixed: int | None = None
        self.cert_limit = self._cert_limit()
        self.final_operating_rounds: int | None = None
        self.finished = False
        self.game_end_reason: str | None = None
        self.owner_when_liquidated: dict[str, Holder | None] = {}
        self.inventor_paid: set[str] = set()
        self.board = Board(title)
        """Tiles, tokens and markers on the map."""
        self.token_reduction: TokenReduction | None = None
        """A merger or acquisition waiting for its survivor to give back tokens."""

    # -- lookups ---------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return PHASES[self.phase_index].name

    @property
    def phase_colors(self) -> tuple[str, ...]:
        """The tile colours the phase allows (revenue by colour reads the last)."""
        return PHASES[self.phase_index].colors

    @property
    def train_limit(self) -> int:
        return PHASES[self.phase_index].train_limit

    def room_for_train(self, corp: Corporation) -> bool:
        """Whether ``corp`` is below the train limit (rule 4.23)."""
        return len(corp.trains) < self.train_limit

    @property
    def corporation_sizes(self) -> tuple[int, ...]:
        return PHASES[self.phase_index].sizes

    def active_players(self) -> list[Player]:
        return [p for p in self.players if not p.bankrupt]

    def _cert_limit(self) -> int:
        n = len(self.active_players())
        table = self.edition.cert_limit
        return table.get(n, table[min(table)] if n < min(table) else table[max(table)])

    def price(self, corp: Corporation) -> int:
        assert corp.price_index is not None
        return MARKET_PRICES[corp.price_index]

    def price_type(self, corp: Corporation) -> str | None:
        return None if corp.price_index is None else PRICE_TYPES[corp.price_index]

    def in_acquisition(self, corp: Corporation) -> bool:
        return self.price_type(corp) == "acquisition"

    def in_liquidation(self, corp: Corporation) -> bool:
        return self.price_type(corp) == "liquidation"

    def in_zone(self, corp: Corporation) -> bool:
        """In the acquisition or liquidation zone: its shares are not traded."""
        return self.price_type(corp) in ("acquisition", "liquidation")

    @staticmethod
    def index_at_most(value: int) -> int:
        """The market space with the highest price not above ``value``."""
        return max(i for i, p in enumerate(MARKET_PRICES) if p <= value)

    # -- market ------------------------------------------------------------------------------

    def set_price(self, corp: Corporation, index: int) -> None:
        if corp.price_index is not None:
            self.market_slots[corp.price_index].remove(corp.sym)
        corp.price_index = index
        self.market_slots[index].append(corp.sym)

    def move(self, corp: Corporation, index: int, force: bool = False) -> None:
        """Move on the market; nothing but ``force`` enters the liquidation space."""
        index = max(0, min(index, len(MARKET_PRICES) - 1))
        if index == corp.price_index or (index == LIQUIDATION and not force):
            return
        self.set_price(corp, index)

    def move_left(self, corp: Corporation, times: int = 1) -> None:
        self.move(corp, self.index_after(corp, -times))

    def move_right(self, corp: Corporation, times: int = 1) -> None:
        self.move(corp, self.index_after(corp, times))

    def order_key(self, corp: Corporation) -> tuple[int, int, int, str]:
        """Operating order: higher price first, then earlier arrival on the space."""
        idx = corp.price_index
        assert idx is not None
        return (-MARKET_PRICES[idx], -idx, self.market_slots[idx].index(corp.sym), corp.sym)

    def floated_corps(self) -> list[Corporation]:
        return [c for c in self.corps.values() if c.floated]

    def operating_order(self) -> list[Corporation]:
        return sorted(self.floated_corps(), key=self.order_key)

    def liquidate(self, corp: Corporation) -> None:
        if corp.owner == POOL:
            return
        self.owner_when_liquidated[corp.sym] = corp.owner
        self.move(corp, LIQUIDATION, force=True)

    # -- loans -------------------------------------------------------------------------------

    def future_interest_rate(self) -> int:
        """$5 per step of ``loans_per_step`` loans outstanding, at least one step (rule 4.2)."""
        taken = self.edition.total_loans - len(self.loans)
        steps = max(1, -(-taken // self.edition.loans_per_step))
        return min(5 * steps, self.edition.max_rate)

    def interest_rate(self) -> int:
        return self.interest_fixed or self.future_interest_rate()

    def interest_owed(self, corp: Corporation) -> int:
        owed = self.interest_rate() * len(corp.loans) * LOAN_VALUE // 100
        if "P12" in corp.companies:
            owed += 10
        return owed

    def can_take_loan(self, corp: Corporation) -> bool:
        return len(corp.loans) < corp.total_shares and bool(self.loans)

    def take_loan(self, corp: Corporation) -> None:
        if not self.can_take_loan(corp):
            raise IllegalAction(f"{corp.sym} cannot take another loan")
        loan = self.loans.pop()
        corp.cash += LOAN_VALUE
        self.move_left(corp)
        corp.loans.append(loan)

    def payoff_loan(self, corp: Corporation, adjust_price: bool = True) -> None:
        if not corp.loans:
            raise IllegalAction(f"{corp.sym} has no loan to pay off")
        loan = corp.loans.pop()
        corp.cash -= LOAN_VALUE
        self.loans.append(loan)
        if adjust_price:
            self.move_right(corp)

    def buying_power(self, corp: Corporation, extra_loans: int = 0) -> int:
        available = min(corp.total_shares - len(corp.loans), len(self.loans) + extra_loans)
        return corp.cash + available * LOAN_VALUE

    # -- shares ------------------------------------------------------------------------------

    def share_by_id(self, share_id: str) -> Share:
        corp = self.corps.get(share_id.rpartition("_")[0])
        if corp is not None:
            for share in corp.shares:
                if share.id == share_id:
                    return share
        raise IllegalAction(f"no share {share_id}")

    def num_certs(self, player: Player) -> int:
        pid = player.id
        return sum(
            1 for c in self.corps.values() for s in c.shares if s.owner == pid and s.percent > 0
        )

    def player_percent(self, corp: Corporation) -> dict[int, int]:
        out: dict[int, int] = {}
        for s in corp.shares:
            if isinstance(s.owner, int):
                out[s.owner] = out.get(s.owner, 0) + s.percent
        return out

    def share_value(self, corp: Corporation, percent: int) -> int:
        return self.price(corp) * percent // corp.share_percent

    def next_index(self, corp: Corporation) -> int:
        return max([s.index for s in corp.shares] + [9]) + 1

    def buy_shares(self, buyer: Holder, shares: list[Share]) -> None:
        """Buy certificates at the market price (treasury shares pay the corporation)."""
        corp = self.corps[shares[0].corp]
        for share in shares:
            cost = self.share_value(corp, share.percent)
            self.pay(buyer, cost)
            if share.owner == corp.sym:
                corp.cash += cost
            share.owner = buyer
        self.check_president(corp)

    def sell_shares(self, seller: int, shares: list[Share]) -> None:
        corp = self.corps[shares[0].corp]
        for share in shares:
            self.player_by_id[seller].cash += self.share_value(corp, share.percent)
            share.owner = POOL
        self.check_president(corp)
        self.close_market_shorts()

    def pay(self, holder: Holder, amount: int) -> None:
        if isinstance(holder, int):
            self.player_by_id[holder].cash -= amount
        elif holder != POOL:
            self.corps[holder].cash -= amount

    def check_president(self, corp: Corporation) -> None:
        """Hand the presidency to the largest holder when someone exceeds the president."""
        owner = corp.owner
        if not isinstance(owner, int):
            return
        holdings = self.player_percent(corp)
        current = holdings.get(owner, 0)
        best = max(holdings.values(), default=0)
        if best <= current:
            return
        order = self.seat_order
        start = order.index(owner)
        rotated = order[start + 1 :] + order[:start]
        new = next(p for p in rotated if holdings.get(p, 0) == best)
        pres = next(s for s in corp.shares if s.president)
        needed = pres.percent
        # the new president hands in certificates worth the president's certificate,
        # those received first (as on 18xx.games)
        giving: list[Share] = []
        got = 0
        for s in corp.shares_of(new):
            if s.percent > 0 and not s.president and got < needed:
                giving.append(s)
                got += s.percent
        pres_holder = pres.owner
        pres.owner = new
        for s in giving:
            s.owner = pres_holder
        corp.owner = new

    def short(self, player: Player, corp: Corporation) -> None:
        """The player receives the price; a new certificate goes to the market and its
        negative twin (one index higher) to the player.

        The negative certificate is issued first: a 5 + 5 merger renumbers the absorbed
        corporation's certificates in the order they were issued, so later purchases name
        the ids that order gives.
        """
        price = self.price(corp)
        index = self.next_index(corp)
        corp.shares.append(Share(corp.sym, index + 1, -corp.share_percent, player.id))
        corp.shares.append(Share(corp.sym, index, corp.share_percent, POOL))
        player.cash += price

    def unshort(self, holder: Holder, share: Share) -> None:
        """Cancel ``share`` (a long certificate of ``holder``) against one of its shorts."""
        corp = self.corps[share.corp]
        short = next(s for s in corp.shares_of(holder) if s.percent == -share.percent)
        corp.shares.remove(share)
        corp.shares.remove(short)

    def shorts(self, corp: Corporation) -> list[Share]:
        return [s for s in corp.shares if s.percent < 0]

    def close_market_shorts(self) -> None:
        """Shorts held by the market cancel against market shares, first received first."""
        for corp in self.corps.values():
            while True:
                pool = corp.shares_of(POOL)
                longs = [s for s in pool if s.percent > 0 and not s.president]
                if not longs or not any(s.percent < 0 for s in pool):
                    break
                self.unshort(POOL, longs[0])

    def close_bank_shorts(self) -> None:
        for corp in self.corps.values():
            if corp.price_index is None or self.in_acquisition(corp) or self.in_liquidation(corp):
                continue
            while any(s.owner == POOL and s.percent < 0 for s in corp.shares):
                treasury = corp.shares_of(corp.sym)
                if not treasury:
                    break
                share = treasury[0]
                corp.cash += self.share_value(corp, share.percent)  # the market pays for it
                share.owner = POOL
                self.unshort(POOL, share)

    def num_market_shares(self, corp: Corporation) -> int:
        return corp.percent_of(POOL) // corp.share_percent

    def can_gain(self, player: Player, corp: Corporation, percent: int) -> bool:
        """Whether a player may receive a certificate: never in the acquisition or
        liquidation zone; always when it closes a short; else within the 60% holding limit
        (a 2-share corporation has none) and the certificate limit (rule 3.11)."""
        if self.in_acquisition(corp) or self.in_liquidation(corp):
            return False
        if any(s.percent < 0 for s in corp.shares_of(player.id)):
            return True
        limit = 100 if corp.total_shares == 2 else 60
        held = corp.percent_of(player.id)
        return held + percent <= limit and self.num_certs(player) < self.cert_limit

    def can_sell_share(self, corp: Corporation, share: Share) -> bool:
        if not share.president:
            return True
        if corp.total_shares == 2:
            return False
        holdings = self.player_percent(corp)
        return any(v >= share.percent for p, v in holdings.items() if p != share.owner)

    # -- dividends ---------------------------------------------------------------------------

    def pay_dividend(self, corp: Corporation, revenue: int, kind: str) -> None:
        """Pay out, half pay or withhold ``revenue``, move the price, rust obsolete trains.

        Each holder gets ``ceil(shares x revenue / size)`` (a short pays, rounding toward
        zero); a 2-share half pay withholds exactly half. The price moves by the amount
        paid out: left when nothing, right once from the price, twice from double (an
        acquisition-zone price counts as $40; rules 4.21-4.22).
        """
        withheld = self.withheld(corp, revenue, kind)
        paid = revenue - withheld
        self.last_dividend = {
            "revenue": revenue,
            "kind": kind,
            "per_share": paid / corp.total_shares,
        }
        corp.cash += int(withheld)
        if paid > 0:
            per_share = paid / corp.total_shares
            for player in self.players:
                pct = corp.percent_of(player.id)
                if pct:
                    player.cash += math.ceil(pct / corp.share_percent * per_share)
            treasury = corp.percent_of(corp.sym)
            if treasury:
                corp.cash += math.ceil(treasury / corp.share_percent * per_share)
        steps = self.dividend_steps(corp, paid)
        if steps < 0:
            self.move_left(corp)
        elif steps:
            self.move_right(corp, steps)
        for train in list(corp.trains):
            if train.obsolete:
                self.rust(corp, train)

    @staticmethod
    def withheld(corp: Corporation, revenue: int, kind: str) -> float:
        """What the corporation keeps of ``revenue`` paid as ``kind`` (a 2-share half pay
        keeps exactly half; otherwise half rounded down to whole shares' worth)."""
        if kind == "withhold":
            return revenue
        if kind == "payout":
            return 0
        if corp.total_shares == 2:
            return revenue / 2
        return (revenue // 2 // corp.total_shares) * corp.total_shares

    def dividend_steps(self, corp: Corporation, paid: float) -> int:
        """How far the price moves for ``paid`` (rule 4.22): -1 for nothing, 1 from the
        price, 2 from twice it; an acquisition-zone price counts as $40."""
        price = 40 if self.in_acquisition(corp) else self.price(corp)
        return -1 if paid <= 0 else 2 if paid >= 2 * price else 1 if paid >= price else 0

    def index_after(self, corp: Corporation, steps: int) -> int:
        """The market space ``steps`` spaces right (left when negative) of ``corp``'s, as
        :meth:`move_left` and :meth:`move_right` move it: within the market, and never
        into the liquidation space."""
        index = corp.price_index
        assert index is not None
        step = 1 if steps > 0 else -1
        for _ in range(abs(steps)):
            nxt = max(0, min(index + step, len(MARKET_PRICES) - 1))
            if nxt != LIQUIDATION:
                index = nxt
        return index

    # -- corporation setup ---------------------------------------------------------------------

    def resize(self, corp: Corporation, size: int) -> list[Share]:
        """Turn a 2-share corporation into 5 or 10 shares, or convert up one size."""
        old = corp.total_shares
        new_shares: list[Share] = []
        if old == 2 and size == 5:
            corp.shares[0].percent = 40
            new_shares = [Share(corp.sym, i + 1, 20, corp.sym) for i in range(3)]
        elif old == 2 and size == 10:
            corp.shares[0].percent = 20
            new_shares = [Share(corp.sym, i + 1, 10, corp.sym) for i in range(8)]
        elif old == 5 and size == 10:
            for s in corp.shares:
                s.percent = 10 if s.percent > 0 else -10
            corp.shares[0].percent = 20
            new_shares = [Share(corp.sym, i + 4, 10, corp.sym) for i in range(5)]
        else:
            raise IllegalAction(f"cannot resize {corp.sym} from {old} to {size} shares")
        corp.total_shares = size
        corp.shares.extend(new_shares)
        return new_shares

    def tokens_needed(self, corp: Corporation) -> int:
        need = NEEDED_TOKENS[corp.total_shares] - corp.tokens
        if "TS" in corp.companies:
            need += 1
        return need

    def reset_corporation(self, corp: Corporation) -> None:
        """Return a corporation to its unstarted state (after acquisition or liquidation);
        the privates it still holds close (rule 6.3)."""
        for company in list(corp.companies):  # close_company removes it from the list
            self.close_company(company)
        if corp.price_index is not None:
            self.market_slots[corp.price_index].remove(corp.sym)
        for train in corp.trains:
            train.owner = None
        self.left_trains += corp.trains
        fresh = Corporation(corp.sym)
        self.corps[corp.sym] = fresh

    def close_company(self, sym: str) -> None:
        owner = self.company_owner.get(sym)
        if isinstance(owner, int):
            self.player_by_id[owner].companies.remove(sym)
        elif isinstance(owner, str) and sym in self.corps.get(owner, _NO_CORP).companies:
            self.corps[owner].companies.remove(sym)
        self.company_owner[sym] = None
        self.closed_companies.add(sym)

    # -- trains ------------------------------------------------------------------------------

    def depot_train(self, train_id: str) -> Train | None:
        for t in self.depot:
            if t.id == train_id:
                return t
        for t in self.discarded:
            if t.id == train_id:
                return t
        return None

    def find_train(self, train_id: str) -> Train:
        t = self.depot_train(train_id)
        if t is not None:
            return t
        for c in self.corps.values():
            for t in c.trains:
                if t.id == train_id:
                    return t
        raise IllegalAction(f"no train {train_id}")

    def remove_from_depot(self, train: Train) -> None:
        if train in self.depot:
            i = self.depot.index(train)
            self.depot.remove(train)
            if train.name == "8" and not any(t.name == "8" for t in self.depot):
                self.depot.insert(i, Train("8", train.index + 1))
        elif train in self.discarded:
            self.discarded.remove(train)

    def gain_train(self, corp: Corporation, train: Train) -> None:
        train.owner = corp.sym
        corp.trains.append(train)

    def train_bought(self, train: Train) -> list[str]:
        """Phase change, rusting and events when a train leaves the depot (bought or exported)."""
        events: list[str] = []
        next_phase = self.phase_index + 1
        while next_phase < len(PHASES) and PHASES[next_phase].name == train.name:
            self.phase_index = next_phase
            next_phase += 1
            events.append(f"phase {self.phase}")
        # obsolete and rust
        for corp in self.corps.values():
            for t in list(corp.trains):
                ttype = self.train_types[t.name]
                if ttype.obsolete_on == train.name:
                    t.obsolete = True
                if ttype.rusts_on == train.name:
                    self.rust(corp, t)
        for t in list(self.discarded):
            ttype = self.train_types[t.name]
            if ttype.obsolete_on == train.name:
                t.obsolete = True  # no longer for sale
            if ttype.rusts_on == train.name:
                self.discarded.remove(t)
                self.inventor_payout(t)
        for t in list(self.left_trains):
            ttype = self.train_types[t.name]
            if ttype.obsolete_on == train.name:
                t.obsolete = True
            if ttype.rusts_on == train.name:
                self.left_trains.remove(t)
                self.inventor_payout(t)
        self.inventor_payout(train)
        if train.name == "8" and self.final_operating_rounds is None:
            events.append("signal_end_game")
        return events

    def rust(self, corp: Corporation, train: Train) -> None:
        """Remove a rusted (or run obsolete) train; P15 Scrapper pays for it."""
        corp.trains.remove(train)
        train.owner = None
        self.inventor_payout(train)
        if "P15" in corp.companies:
            corp.cash += SCRAP_VALUES.get(train.name, 0)

    def inventor_payout(self, train: Train) -> None:
        """P14 Inventor pays its corporation for ``train``'s type if not yet paid: any train
        that changes hands or leaves play (bought from anywhere, exported, discarded,
        rusted) counts, as on 18xx.games (rule 10.1)."""
        owner = self.company_owner.get("P14")
        if not isinstance(owner, str) or owner not in self.corps:
            return
        if train.name not in INVENTOR_PAYOUTS or train.name in self.inventor_paid:
            return
        self.inventor_paid.add(train.name)
        self.corps[owner].cash += INVENTOR_PAYOUTS[train.name]

    # -- scoring -----------------------------------------------------------------------------

    def player_value(self, player: Player) -> int:
        value = player.cash
        for corp in self.corps.values():
            if corp.price_index is None:
                continue
            for s in corp.shares:
                if s.owner == player.id:
                    value += (
                        self.share_value(corp, s.percent)
                        if s.percent > 0
                        else -math.ceil(-self.price(corp) * s.percent / corp.share_percent)
                    )
        value += sum(self.company_data[c].value for c in player.companies)
        return value

    def result(self) -> dict[str, int]:
        """Score per player id, best first (the reference's order)."""
        values = [(str(p.id), self.player_value(p)) for p in self.players]
        return dict(sorted(values, key=lambda kv: -kv[1]))
