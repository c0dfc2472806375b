"""The 1817 game state: the position plus the round machine, behind the shared protocol.

:class:`Game1817` adds to :class:`~takeover.g1817.game.GameData` the current round, the
transitions between rounds, the end of the game, and the actions every round shares
(tile lays, tokens, trains, cash crisis and bankruptcy).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from typing import Any, Self, TypeVar

from takeover.core import protocol
from takeover.core.errors import IllegalAction
from takeover.core.extensions import Extension
from takeover.core.protocol import Decision, Event, ranks_of
from takeover.g1817.actions import LISTING_ONLY, NO_EFFECT, Action, checked_fields
from takeover.g1817.data.companies import (
    CITY_TILE_COMPANIES,
    MINE_COMPANIES,
    RANCH_COMPANIES,
    SPECIAL_LAYS,
)
from takeover.g1817.data.maps import PRESET_YELLOW
from takeover.g1817.entities import POOL, Corporation, Player, Train, copy_value
from takeover.g1817.game import TOKEN_COST, GameData
from takeover.g1817.map.graph import links
from takeover.g1817.narration import action_details, consequences, summary
from takeover.g1817.rounds.acquisition import AcquisitionRound
from takeover.g1817.rounds.auction import AuctionRound
from takeover.g1817.rounds.base import Round
from takeover.g1817.rounds.merger import MergerRound
from takeover.g1817.rounds.operating import OperatingRound
from takeover.g1817.rounds.stock import HomeToken, StockRound

E = TypeVar("E")

LAST_TURN = 100
"""18xx.games stops a game that is still running when a round finishes in this turn."""


class Game1817(GameData):
    """A game of 1817 (any edition). ``apply`` takes :class:`Action` objects."""

    game = "1817"

    def __init__(
        self,
        title: str,
        players: list[tuple[int, str]],
        seed: int = 0,
        optional_rules: tuple[str, ...] = (),
    ) -> None:
        super().__init__(title, players, seed, optional_rules)
        self.num_players = len(players)
        self.turn = 1
        self.operating_rounds = 2
        self.rng_state = seed % (2**31)
        self.company_uses: dict[str, int] = {}
        self.laid_hexes: set[str] = set()
        self.stock_prices_at_merger: dict[str, str | None] = {}
        self.pittsburgh_private: str | None = None
        self.history: list[dict[str, Any]] = []
        self.actors: list[int | None] = []
        """The seat that took each action of ``history`` (``None``: not known, a record
        replayed without seats), for who may take it back (:mod:`takeover.g1817.undo`)."""
        self.setup_preround()
        self.round: Round = AuctionRound(self)

    # -- randomness (Volatility only) ---------------------------------------------------------

    def rand(self) -> int:
        self.rng_state = (1103515245 * self.rng_state + 12345) % (2**31)
        return self.rng_state

    def shuffle(self, items: list[str]) -> list[str]:
        keys = [self.rand() for _ in items]
        return [item for _, item in sorted(zip(keys, items, strict=True), key=lambda kv: kv[0])]

    def setup_preround(self) -> None:
        if "volatility" in self.optional_rules:
            city = self.shuffle([c for c in self.company_order if c in CITY_TILE_COMPANIES])
            self.pittsburgh_private = city[0]
            for c in city[1:]:
                self.closed_companies.add(c)
                self.company_order.remove(c)
                del self.company_owner[c]
        else:
            self.pittsburgh_private = "DTC" if self.title == "1817NA" else "PSM"

    def volatility_tiers(self, companies: list[str]) -> list[list[str | None]]:
        order = self.shuffle(list(companies))
        assert self.pittsburgh_private is not None
        order.remove(self.pittsburgh_private)
        order.insert(0, self.pittsburgh_private)
        tiers: list[list[str | None]] = []
        for i in range(6):
            tiers.append(list(order[: i + 1]))
            order = order[i + 1 :]
        return tiers

    def current_player(self) -> int | None:
        if self.finished:
            return None
        active = self.deciders()
        if not active:
            return None
        return self.original_order.index(active[0])

    def deciders(self) -> list[int]:
        """Player ids asked to decide now: the round's active players, except that the
        home station of a corporation whose auction just opened is the opener's decision
        (rule 3.5). 18xx.games lets any player place it, and the reference's trace keeps
        its list; a move given without a seat (a replay, an import) is still accepted."""
        step = self.round.active_step()
        if isinstance(step, HomeToken) and step.round.ipo.bids:
            corp = self.corps[str(step.round.pending_home)]
            if not isinstance(corp.owner, int):
                return [next(iter(step.round.ipo.bids))]
        return self.round.active()

    def pending(self) -> Decision | None:
        """The seats of the players who decide now (the president for a corporation; the
        opener for the home station of a corporation being auctioned; every player for a
        corporation without a president, the market's, rule 7.4) and the reference's
        step, in snake case (``selection_auction``, ``buy_train``...)."""
        if self.finished:
            return None
        order = self.original_order
        seats = tuple(sorted(order.index(p) for p in self.deciders() if p in order))
        return Decision(seats, self.step_kind())

    def step_kind(self) -> str:
        """The reference's step now, in snake case (``selection_auction``, ``buy_train``)."""
        return _snake(self.round.step() or self.round.name)

    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        """Every legal decision of ``seat`` (default: whoever decides), map decisions
        included: the blocking step's list (see :mod:`takeover.g1817.rounds.base`). Two
        listed forms stand for more (:mod:`takeover.g1817.legal`): of the route sets, the
        router's best and running none; a train of another corporation, once with its
        price range (``price`` to ``max_price``)."""
        if self.finished:
            return []
        if seat is None:
            return self.round.legal_actions()
        decision = self.pending()
        if decision is None or seat not in decision.seats:
            return []
        legal = self.round.legal_actions()
        if len(decision.seats) == 1:
            return legal
        return [a for a in legal if self.controller(a) in (seat, None)]

    def controller(self, action: Action) -> int | None:
        """The seat that acts for ``action``'s entity (a player, or the president of a
        corporation or of a private's owner); ``None`` when no one seat does."""
        entity: Any = action.entity
        if action.entity_type == "company":
            entity = self.company_owner.get(str(entity))
        if isinstance(entity, str) and entity in self.corps:
            entity = self.corps[entity].owner
        if isinstance(entity, int) and entity in self.original_order:
            return self.original_order.index(entity)
        return None

    def _check_seat(self, action: Action, seat: int) -> None:
        decision = self.pending()
        if decision is None:
            raise IllegalAction("the game is over")
        # an end by agreement (rule 8.5) is no one seat's decision: the server records it
        # for the seat whose vote completed it, once every person at the table agreed
        if seat not in decision.seats and action.type != "end_game":
            who = ", ".join(map(str, decision.seats)) or "none"
            raise IllegalAction(
                f"it is not seat {seat}'s decision: seat(s) {who} must "
                f"{decision.kind.replace('_', ' ')}"
            )
        controller = self.controller(action)
        if controller is not None and controller != seat:
            raise IllegalAction(f"seat {seat} does not act for {action.entity}")

    def action_from_dict(self, data: Mapping[str, Any]) -> Action:
        """A move in the 18xx.games record form; ``IllegalAction`` names a bad or unknown
        field (:func:`takeover.g1817.actions.checked_fields`)."""
        if isinstance(data, Mapping):
            checked_fields(data)
        return Action.from_dict(data)

    def action_to_dict(self, action: protocol.Action) -> dict[str, Any]:
        return _own(action).to_dict()

    def action_text(self, action: protocol.Action) -> str:
        return str(_own(action))

    def ranks(self) -> list[int] | None:
        scores = self.scores()
        return None if scores is None else ranks_of(scores)

    def extension(self, key: Extension[E]) -> E | None:
        """1817's capabilities (see :mod:`takeover.g1817.extensions`)."""
        from takeover.g1817.extensions import EXTENSIONS

        return EXTENSIONS.get(key, self)

    def is_terminal(self) -> bool:
        return self.finished

    def scores(self) -> list[int] | None:
        if not self.finished:
            return None
        return [self.player_value(self.player_by_id[pid]) for pid in self.original_order]

    def view(self, seat: int | None) -> dict[str, Any]:
        from takeover.g1817.views import view

        return view(self, seat)

    def event_view(self, event: Event, seat: int | None) -> dict[str, Any] | None:
        return event.to_dict()

    def legal_forms(self, seat: int | None = None) -> tuple[list[dict[str, Any]], list[str]]:
        legal = self.legal_actions(seat)
        return [a.to_dict() for a in legal], [str(a) for a in legal]

    def action_view(self, action: protocol.Action, actor: int, seat: int | None) -> dict[str, Any]:
        """Every 1817 action is public; shown as the record keeps it (without a listed
        range's ``max_price``, which decides nothing)."""
        own = _own(action)
        form = {k: v for k, v in own.to_dict().items() if k not in LISTING_ONLY}
        return {"player": actor, "action": form, "text": str(own)}

    def clone(self) -> Self:
        """An independent copy; the action history is copied, the record hints shared."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.snapshot(twin))
        twin.history = list(self.history)
        return twin

    def snapshot(self, owner: Game1817 | None = None) -> dict[str, Any]:
        """A deep copy of the position's attributes, in which the game itself is ``owner``
        (by default this game, so that :meth:`restore` can put the copy back).

        The edition's tables never change and are shared; the history and the record
        hints are left to the caller.
        """
        memo: dict[int, Any] = {id(self): self if owner is None else owner}
        for table in (self.edition, self.company_data, self.train_types):
            memo[id(table)] = table
        return {k: copy_value(v, memo) for k, v in self.__dict__.items() if k != "history"}

    def restore(self, snapshot: dict[str, Any]) -> None:
        """Return to a position taken with :meth:`snapshot` (the history is unchanged)."""
        self.__dict__.update(snapshot)

    def to_record(self) -> dict[str, Any]:
        """The game as an 18xx.games file, which the reference engine replays: ``id`` (the
        seed, as the site seeds a game from its id), players, settings, actions with ids,
        ``result`` (value per player id, best first; so far while the game goes on),
        ``game_end_reason`` and ``status`` (``finished`` or ``active``)."""
        return {
            "game": "1817",
            "id": self.seed,
            "title": self.title,
            "players": [{"id": p, "name": self.player_by_id[p].name} for p in self.original_order],
            "settings": {"seed": self.seed, "optional_rules": list(self.optional_rules)},
            "actions": [dict(a) for a in self.history],
            "result": self.result(),
            "game_end_reason": self.game_end_reason,
            "status": "finished" if self.finished else "active",
        }

    # -- applying actions --------------------------------------------------------------------

    def apply(self, action: protocol.Action, seat: int | None = None) -> list[Event]:
        """Apply ``action`` (by ``seat``, when given: it must be one of the deciding
        seats and act for the action's entity); on ``IllegalAction`` the state is left
        exactly as it was.

        Every action the listing covers in full is checked before it changes anything, so
        it goes straight to :meth:`push`; a route set (checked while it is built) and the
        actions the listing leaves out go through a snapshot, as a safety net.
        """
        from takeover.g1817.legal import is_listed_kind
        from takeover.g1817.undo import KINDS, take_back

        action = _own(action)
        if action.type in KINDS:  # any seat's: the server decides who may ask
            return take_back(self, action, seat)
        if seat is not None:
            self._check_seat(action, seat)
        if is_listed_kind(self, action):
            events = self.push(action)
        else:
            saved = self.snapshot()
            try:
                events = self.push(action)
            except Exception:
                self.restore(saved)
                raise
        self.actors[-1] = seat
        return events

    def push(self, action: Action) -> list[Event]:
        """Check and apply ``action`` without a safety copy: replays use it. A refused
        action (``IllegalAction``, naming what was wrong) changes nothing. The record
        keeps the decision (a listed range's ``max_price`` is left out)."""
        if self.finished:
            raise IllegalAction("the game is over")
        decision = {k: v for k, v in action.to_dict().items() if k not in LISTING_ONLY}
        entry = {**decision, **self.record_fields(action)}
        if action.type in NO_EFFECT:
            events: list[Event] = []
        elif action.type == "end_game":
            self.end_game("manually_ended")
            events = [Event("game_end", {"reason": "manually_ended"})]
        else:
            before = summary(self)
            passed = self.step_kind() if action.type == "pass" else None
            self.round.process(action)
            details = action_details(before, self, action)
            if action.type == "dividend" and "revenue" in details:
                _, turn, number = before["round"]
                self.revenues.setdefault(str(action.entity), {})[f"{turn}.{number}"] = details[
                    "revenue"
                ]
            if passed is not None:
                details["step"] = passed  # what was passed, for the log's words
            started: list[tuple[str, int, int]] = []
            if len(self.active_players()) <= 1:
                self.end_game("bankrupt")
            else:
                started = self.settle()
            events = [Event(action.type, {"entity": action.entity, **details})]
            events += consequences(before, self, started)
        self.history.append({**entry, "id": len(self.history) + 1})
        self.actors.append(None)
        return events

    def record_fields(self, action: Action) -> dict[str, Any]:
        """What 18xx.games' record of ``action`` needs beyond the decision: the loan a
        ``take_loan`` or ``payoff_loan`` moves (the pool's last, or the corporation's
        last; the reference moves those whatever the id, but reads one). The listed
        action leaves it out, so that it does not change with every loan taken."""
        if action.type not in ("take_loan", "payoff_loan") or action.get("loan") is not None:
            return {}
        corp = self.corps.get(str(action.entity))
        pool = self.loans if action.type == "take_loan" else corp.loans if corp else []
        return {"loan": pool[-1]} if pool else {}

    def settle(self) -> list[tuple[str, int, int]]:
        """Run round transitions until a round waits for a decision; returns each round
        started on the way (name, turn, number), for the log's headings.

        As on 18xx.games, whether the game may end in these transitions is decided once,
        after the action: the final set of operating rounds ends the game only if the
        first 8 train had come by then. With no decision left to take (every player out
        of money, no corporation started) the rounds still pass, each operating round
        exporting a train; an 8 train exported so has no action after it to arm the end,
        and the game runs until a round finishes in turn 100 (end reason ``dnf``; rules 8.3, 8.5).
        """
        armed = self.final_operating_rounds is not None
        guard = 0
        started: list[tuple[str, int, int]] = []
        while self.round.finished and not self.finished:
            guard += 1
            if guard > 5000:
                raise RuntimeError("round machine does not settle")
            if armed and self.final_set_over():
                self.end_game("final_phase")
            elif self.turn >= LAST_TURN:
                self.end_game("dnf")
            else:
                self.next_round()
                started.append((self.round.name, self.turn, self.round.round_num))
        return started

    def final_set_over(self) -> bool:
        """The round that just finished is the last acquisition round of the final set."""
        rnd = self.round
        return (
            isinstance(rnd, AcquisitionRound)
            and rnd.round_num >= self.operating_rounds
            and self.final_operating_rounds is not None
            and self.final_turn == self.turn
        )

    def next_round(self) -> None:
        rnd = self.round
        if isinstance(rnd, AuctionRound):
            self.reorder_players(rnd.entities, rnd.index)
            self.start_stock_round()
        elif isinstance(rnd, StockRound):
            rnd.finish()
            self.operating_rounds = self.final_operating_rounds or 2
            self.reorder_players(rnd.entities, rnd.index)
            self.round = OperatingRound(self, 1)
        elif isinstance(rnd, OperatingRound):
            self.export_train(rnd.round_num)
            self.stock_prices_at_merger = {c.sym: self.price_type(c) for c in self.corps.values()}
            self.round = MergerRound(self, rnd.round_num)
        elif isinstance(rnd, MergerRound):
            self.round = AcquisitionRound(self, rnd.round_num)
        elif isinstance(rnd, AcquisitionRound):
            if rnd.round_num < self.operating_rounds:
                self.round = OperatingRound(self, rnd.round_num + 1)
            else:
                self.turn += 1
                self.start_stock_round()

    def start_stock_round(self) -> None:
        self.close_bank_shorts()
        self.interest_fixed = None
        self.round = StockRound(self)

    def reorder_players(self, entities: list[int], index: int) -> None:
        first = entities[index % len(entities)]
        i = self.players.index(self.player_by_id[first])
        self.players = self.players[i:] + self.players[:i]
        self.seat_order = [p.id for p in self.players]

    def end_game(self, reason: str) -> None:
        self.finished = True
        self.game_end_reason = reason

    # -- shared operations -------------------------------------------------------------------

    def acting_entity(self, action: Action) -> int | str:
        """Who takes ``action``: a player id, or a corporation's symbol (a private acts for
        the corporation or player that owns it)."""
        if action.entity_type == "player":
            entity = action.entity
            if isinstance(entity, int) and entity in self.player_by_id:
                return entity
            raise IllegalAction(f"unknown player {entity!r}")
        if action.entity_type == "company":
            owner = self.company_owner.get(str(action.entity))
            if owner is None or owner == POOL:
                raise IllegalAction(f"{action.entity} is not owned by a corporation or player")
            return owner
        if str(action.entity) not in self.corps:
            raise IllegalAction(f"unknown corporation {action.entity!r}")
        return str(action.entity)

    def acting_corporation(self, action: Action) -> Corporation:
        """The corporation taking ``action`` (itself, or the owner of the acting private)."""
        who = self.acting_entity(action)
        if not isinstance(who, str):
            raise IllegalAction(f"{action.entity} does not act for a corporation")
        return self.corps[who]

    def try_buy_tokens(self, corp: Corporation) -> bool:
        """Buy the tokens ``corp`` still needs if it can pay for all (rule 3.8); whether it
        bought any."""
        if corp.operated:
            return False
        need = self.tokens_needed(corp)
        if need <= 0 or need * TOKEN_COST > corp.cash:
            return False
        corp.cash -= need * TOKEN_COST
        corp.tokens += need
        return True

    def place_token(self, corp: Corporation, action: Action) -> None:
        if corp.tokens_placed >= corp.tokens:
            raise IllegalAction(f"{corp.sym} has no token left to place")
        coord, index = self.board.city_location(str(action.get("city")))
        self.board.place_token(coord, index, corp.sym)
        corp.tokens_placed += 1
        corp.token_hexes.append(f"{coord}#{index}")

    def lay_tile(
        self,
        corp: Corporation,
        hex_id: str,
        tile: str,
        rotation: int,
        lays: int,
        company: str | None,
    ) -> None:
        """Lay ``tile`` on the board and charge it: the lay fee, and the terrain fee when
        the hex is still printed; a mine or ranch private leaves its marker, and the
        city-tile private's lay removes the ranches beside it (rule 10.1)."""
        fee = self.lay_fee(corp, hex_id, lays, company)
        self.board.lay(hex_id, tile, rotation)
        if company in MINE_COMPANIES:
            self.board.assign(hex_id, "mine")
        elif company in RANCH_COMPANIES:
            self.board.assign(hex_id, "ranch")
        elif company is not None and company == self.pittsburgh_private:
            for near in links(self.board.data)[hex_id].values():
                self.board.unassign(near, "ranch")
        first_lay = hex_id not in self.laid_hexes
        terrain = self.edition.terrain.get(hex_id, (0, ""))[1]
        corp.cash -= fee
        if first_lay and terrain and hex_id not in PRESET_YELLOW[self.title]:
            for c in corp.companies:
                income = self.company_data[c].tile_income
                if income and income[1] == terrain:
                    corp.cash += income[0]
        self.laid_hexes.add(hex_id)
        if company is not None:
            uses = self.company_uses.get(company, 0) + 1
            self.company_uses[company] = uses
            if uses >= SPECIAL_LAYS.get(company, 1):
                self.close_company(company)

    def lay_fee(self, corp: Corporation, hex_id: str, lays: int, company: str | None) -> int:
        """What a lay on ``hex_id`` costs ``corp``: the fee of its first or second lay,
        and the terrain fee on a hex still as printed (less the privates' discounts; rule 4.9)."""
        terrain_cost, terrain = self.edition.terrain.get(hex_id, (0, ""))
        if hex_id in self.laid_hexes:
            terrain_cost = 0
        if terrain_cost and company in MINE_COMPANIES:
            terrain_cost = max(0, terrain_cost - 15)
        for c in corp.companies:
            discount = self.company_data[c].tile_discount
            if terrain_cost and discount and discount[1] == terrain:
                terrain_cost = max(0, terrain_cost - discount[0])
        return self.lay_cost(corp, lays) + terrain_cost

    def lay_cost(self, corp: Corporation, lays: int) -> int:
        """The fee of a corporation's first or second tile lay (before terrain)."""
        express, efficient = "P18" in corp.companies, "P19" in corp.companies
        if lays == 0:
            return 10 if express and not efficient else 0
        if express:
            return 0
        return 10 if efficient else 20

    def assign_company(self, action: Action) -> None:
        """A bridge (or other hex assignment): no money changes hands."""
        company = str(action.entity)
        if action.get("target_type") == "hex":
            self.board.assign(str(action.get("target")), "bridge")
        self.company_uses[company] = self.company_uses.get(company, 0) + 1

    def corp_over_train_limit(self) -> str | None:
        for corp in self.corps.values():
            if corp.floated and len(corp.trains) > self.train_limit:
                return corp.sym
        return None

    def buy_train(self, corp: Corporation, train_id: str, price: int, round_num: int) -> None:
        train = self.find_train(train_id)
        if price > corp.cash or price < 1:
            raise IllegalAction(f"{corp.sym} cannot pay {price} for {train_id} (cash {corp.cash})")
        if not self.room_for_train(corp):
            raise IllegalAction(f"{corp.sym} is at its train limit")
        if train.owner is None:
            if price != self.train_types[train.name].price:
                raise IllegalAction(f"train {train_id} costs {self.train_types[train.name].price}")
            from_depot = train in self.depot
            self.remove_from_depot(train)
            corp.cash -= price
            self.gain_train(corp, train)
            if from_depot:
                self.after_train_left_depot(train, round_num)
            else:
                self.inventor_payout(train)
            return
        seller = self.corps[str(train.owner)]
        if seller.sym == corp.sym:
            raise IllegalAction("cannot buy one's own train")
        seller.trains.remove(train)
        seller.cash += price
        corp.cash -= price
        self.gain_train(corp, train)
        self.inventor_payout(train)

    def after_train_left_depot(self, train: Train, round_num: int) -> None:
        events = self.train_bought(train)
        if "signal_end_game" in events and self.final_operating_rounds is None:
            self.final_operating_rounds = 3 if round_num == 2 else 2
            self.final_turn = self.turn + 1

    def discard_train(self, corp: Corporation, train_id: str) -> None:
        train = next(t for t in corp.trains if t.id == train_id)
        corp.trains.remove(train)
        train.owner = None
        self.inventor_payout(train)
        if not train.obsolete:
            self.discarded.append(train)

    def export_train(self, round_num: int) -> None:
        if not self.depot:
            return
        first = self.depot[0]
        if first.name == "2":
            while self.depot and self.depot[0].name == "2":
                train = self.depot[0]
                self.remove_from_depot(train)
                self.after_train_left_depot(train, round_num)
        else:
            self.remove_from_depot(first)
            self.after_train_left_depot(first, round_num)

    def in_new_zealand(self, corp: Corporation) -> bool:
        """Whether ``corp`` has a token on 1817WO's island (never in other titles)."""
        island = self.edition.new_zealand
        return island is not None and any(h.split("#")[0] == island for h in corp.token_hexes)

    def second_home_due(self, corp: Corporation) -> bool:
        """1817WO: a corporation at home in Nieuw Zeeland places its second token, once it
        owns one, as a second home token (wherever a home token may go: a map choice; rule 9.4)."""
        return self.in_new_zealand(corp) and corp.tokens >= 2 and corp.tokens_placed == 1

    def interest_owed_for(self, corp: Corporation) -> int:
        if self.in_new_zealand(corp):
            if not corp.loans:
                return -20
            return self.interest_rate() * (len(corp.loans) - 1)
        return self.interest_owed(corp)

    # -- cash crisis and bankruptcy -----------------------------------------------------------

    def crisis_player_from(self, start: int) -> int | None:
        ids = self.seat_order
        i = ids.index(start)
        for pid in ids[i:] + ids[:i]:
            if self.player_by_id[pid].cash < 0 and not self.player_by_id[pid].bankrupt:
                return pid
        return None

    def bankrupt(self, player: Player) -> None:
        """A player leaves: every certificate goes to the market at its price (shorts cost)
        and each corporation they presided liquidates with the market as its owner (rule 7.4)."""
        started = [c for c in self.corps.values() if c.price_index is not None]
        for corp in sorted(started, key=self.order_key):
            mine = corp.shares_of(player.id)
            if not mine:
                continue
            for share in mine:
                share.owner = POOL
                player.cash += self.share_value(corp, share.percent)
            if corp.owner != player.id:
                continue
            self.liquidate(corp)
            corp.owner = POOL
            # Above the train limit, it still gives trains back: with no president, any
            # player still in the game chooses which (`Step.active_players`), as on
            # 18xx.games.
        player.cash = 0
        player.bankrupt = True
        self.cert_limit = self._cert_limit()
        self.close_market_shorts()


def _own(action: protocol.Action) -> Action:
    """``action`` as a 1817 action, or ``IllegalAction`` (another game's, say)."""
    if isinstance(action, Action):
        return action
    raise IllegalAction(f"not a 1817 action: {action!r}")


@functools.lru_cache(maxsize=64)
def _snake(step: str) -> str:
    """``SelectionAuction`` -> ``selection_auction``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", step).lower()
