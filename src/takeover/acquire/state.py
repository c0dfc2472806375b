"""The Acquire state: whose decision it is, the legal actions, and applying one.

The turn is a small machine of phases (``PLACE`` -> ``FOUND`` or the merger phases
-> ``BUY`` -> draw, then the next turn). Decisions with a single legal choice are
taken here at once and reported as events (rule 11.1), never recorded.

Representation, chosen for fast playouts and clones: tiles and chains are ints,
the board is a list of cell labels, hands are tuples, the bag is an immutable
tuple shared by every clone with a read position, and the history is a linked
list of ``(previous, seat, action)`` cells, so cloning copies a few short lists.

The state holds the position and answers questions about it; the rules that change
it are functions beside this module, one concern each, which :meth:`AcquireState.play`
calls: :mod:`.turn` (placing, founding, buying, drawing, the end), :mod:`.merger` and
:mod:`.trading`. What a tile does is :mod:`.tiles`'s; whether an action is legal, and
why not, :mod:`.legal`'s (with :mod:`.explain` for the words).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from takeover.acquire import legal
from takeover.acquire import tiles as _tiles
from takeover.acquire.actions import (
    AcquireAction,
    AnswerTrade,
    BuyShares,
    ChooseDefunct,
    ChooseSurvivor,
    DeclareEnd,
    DisposeShares,
    FoundChain,
    PlaceTile,
    ProposeTrade,
    Undo,
)
from takeover.acquire.constants import (
    _ANSWER,
    _DECLARE,
    _DEFUNCT,
    _FOUND,
    _PLACE,
    _SURVIVOR,
    ANSWER,
    BUY,
    CHAINS,
    DEFUNCT,
    DISPOSE,
    EMPTY,
    END_DECLARED,
    FOUND,
    OVER,
    PHASE_NAMES,
    PLACE,
    SURVIVOR,
)
from takeover.acquire.context import Context
from takeover.acquire.data import NUM_CHAINS
from takeover.acquire.explain import words
from takeover.acquire.merger import begin_merger, dispose, resolve_defunct
from takeover.acquire.trading import answer, propose
from takeover.acquire.turn import buy, declare_end, end_game, enter_buy, found, place
from takeover.core.errors import IllegalAction
from takeover.core.extensions import Extension
from takeover.core.protocol import Action, Decision, Event, ranks_of

E = TypeVar("E")

History = tuple["History", int, AcquireAction] | None
"""The recorded actions as a linked list of ``(previous, seat, action)`` cells, newest
first: clones share it, and recording an action allocates one small tuple."""
ViewCache = tuple[History, tuple[dict[str, Any], dict[int, dict[str, Any]]]]
"""The history cell a view was made at, with the part all seats share and the hand entries
of its board (see :mod:`.view`)."""


class AcquireState:
    """One game of Acquire. Build it with :func:`takeover.acquire.new_game` or a record."""

    game = "acquire"

    __slots__ = (
        "_defunct",
        "_disposers",
        "_log",
        "_playable",
        "_purchases",
        "_view_cache",
        "active",
        "at_start",
        "bag",
        "bag_pos",
        "bank",
        "board",
        "cash",
        "ctx",
        "decider",
        "end_reason",
        "final_scores",
        "hands",
        "history",
        "merge_chains",
        "merge_tile",
        "mergemaker_pos",
        "no_place_streak",
        "num_players",
        "opening",
        "order",
        "pending_trade",
        "phase",
        "placed",
        "removed",
        "returned",
        "set_aside",
        "shares",
        "sizes",
        "start",
        "survivor",
        "trades_offered",
        "turn_number",
        "turn_pos",
    )

    def __init__(self, ctx: Context) -> None:
        """An empty table; :mod:`takeover.acquire.setup` lays out a real game."""
        n = ctx.num_players
        self.ctx = ctx
        self.num_players = n
        self.board: list[int] = [EMPTY] * ctx.board.size
        self.sizes: list[int] = [0] * NUM_CHAINS
        self.bank: list[int] = [ctx.shares_per_chain] * NUM_CHAINS
        self.cash: list[int] = [ctx.ruleset.starting_cash] * n
        self.shares: list[list[int]] = [[0] * NUM_CHAINS for _ in range(n)]
        self.hands: list[tuple[int, ...]] = [()] * n
        self.bag: Sequence[int] = ()
        """The tiles in draw order (a tuple; the research adapters' chance nodes put a bag
        in whose undrawn tiles are not decided yet)."""
        self.bag_pos = 0
        self.returned: tuple[tuple[int, ...], ...] = ()
        """Per seat, tiles taken back by an undo that its next draws take first (empty
        until an undo takes a draw back; :mod:`takeover.acquire.undo`)."""
        self.set_aside: frozenset[int] = frozenset()
        """Tiles of the bag past ``bag_pos`` that a draw from the bag skips: returned to a
        seat by an undo (drawn again, or still waiting in ``returned``)."""
        self.removed: tuple[int, ...] = ()
        self.order: tuple[int, ...] = tuple(range(n))
        self.turn_pos = 0
        self.turn_number = 0
        self.active = 0
        self.decider: int | None = 0
        self.phase = PLACE
        self.placed = False
        self.at_start = True
        self.trades_offered = 0
        self.pending_trade: ProposeTrade | None = None
        self.no_place_streak = 0
        self.merge_tile = -1
        self.merge_chains: tuple[int, ...] = ()
        self.survivor = -1
        self.mergemaker_pos = 0
        self._defunct: list[int] = []
        self._disposers: list[int] = []
        self.end_reason: str | None = None
        self.final_scores: list[int] | None = None
        self.history: History = None
        self.start: dict[str, Any] = {}
        self.opening: tuple[tuple[int, int], ...] = ()
        """The draw for first player (rule 4.3): ``(seat, tile)`` in seat order; public."""
        self._log: list[Event] | None = None
        self._playable: list[int] = []
        """The active player's playable tiles, computed once per turn (tiles and board
        do not change before the tile is placed)."""
        self._purchases: list[BuyShares] = []
        """The active player's purchases, listed once on entering the buy step (the
        market and their cash do not change until they buy); often a list shared
        with other games, so never changed in place."""
        self._view_cache: ViewCache | None = None
        """The part of every seat's view that is the same for all, with the history
        cell it was computed at (every change of position records an action)."""

    # ------------------------------------------------------------------ protocol
    def current_player(self) -> int | None:
        return self.decider

    def pending(self) -> Decision | None:
        """The game protocol's decision: one seat at a time (a trade's answer included)."""
        if self.phase == OVER or self.decider is None:
            return None
        return Decision((self.decider,), self.decision)

    def extension(self, key: Extension[E]) -> E | None:
        """Acquire's capabilities: trade offers, the declaration of the end, sampled
        worlds (see :mod:`takeover.acquire.extensions`)."""
        from takeover.acquire.extensions import EXTENSIONS

        return EXTENSIONS.get(key, self)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int] | None:
        return None if self.final_scores is None else list(self.final_scores)

    def clone(self) -> AcquireState:
        """A deep-enough copy: every mutable container is copied, constants shared."""
        new = object.__new__(AcquireState)
        new.ctx = self.ctx
        new.num_players = self.num_players
        new.board = self.board[:]
        new.sizes = self.sizes[:]
        new.bank = self.bank[:]
        new.cash = self.cash[:]
        new.shares = [s[:] for s in self.shares]
        new.hands = self.hands[:]
        new.bag = self.bag
        new.bag_pos = self.bag_pos
        new.returned = self.returned
        new.set_aside = self.set_aside
        new.removed = self.removed
        new.order = self.order
        new.turn_pos = self.turn_pos
        new.turn_number = self.turn_number
        new.active = self.active
        new.decider = self.decider
        new.phase = self.phase
        new.placed = self.placed
        new.at_start = self.at_start
        new.trades_offered = self.trades_offered
        new.pending_trade = self.pending_trade
        new.no_place_streak = self.no_place_streak
        new.merge_tile = self.merge_tile
        new.merge_chains = self.merge_chains
        new.survivor = self.survivor
        new.mergemaker_pos = self.mergemaker_pos
        new._defunct = self._defunct[:]
        new._disposers = self._disposers[:]
        new.end_reason = self.end_reason
        new.final_scores = self.final_scores
        new.history = self.history
        new.start = self.start
        new.opening = self.opening
        new._log = None
        new._playable = self._playable
        new._purchases = self._purchases
        new._view_cache = None
        return new

    def determinize(self, seat: int, rng: Any) -> AcquireState:
        """A clone in which everything ``seat`` cannot see is re-dealt at random.

        Other players' hands and the bag are dealt afresh from the tiles the seat
        has not seen (hand sizes kept). What else could betray them is dropped: the
        drawn part of the bag (its order tells who drew what) and the seed. With
        ``hidden_holdings``, other seats' shares are re-dealt among them, their cash
        is set to the seat's own (an estimate) and the history is dropped. Search
        bots sample worlds from this without ever reading a secret.
        """
        new = self.clone()
        others = [p for p in range(self.num_players) if p != seat]
        unknown = [t for t in self.bag[self.bag_pos :] if t not in self.set_aside]
        unknown += [t for r in self.returned for t in r]
        for p in others:
            unknown += self.hands[p]
        # Sorted first, so the deal depends on the seat's information and ``rng`` only:
        # shuffling the true arrangement would let a bot that knows its rng undo it.
        unknown.sort()
        rng.shuffle(unknown)
        i = 0
        for p in others:
            k = len(self.hands[p])
            new.hands[p] = tuple(unknown[i : i + k])
            i += k
        new.bag = tuple(unknown[i:])
        new.bag_pos = 0
        new.returned, new.set_aside = (), frozenset()
        new.start = {}
        if self.ctx.ruleset.hidden_holdings and others and not self.is_terminal():
            new.history = None
            for chain in range(NUM_CHAINS):
                total = sum(new.shares[p][chain] for p in others)
                for p in others:
                    new.shares[p][chain] = 0
                for _ in range(total):
                    new.shares[rng.choice(others)][chain] += 1
            for p in others:
                new.cash[p] = new.cash[seat]
        if seat != self.active:
            new._playable = new.playable_tiles(self.active)
            if new.phase == BUY:
                new._purchases = new._buy_options()  # their cash may have been re-dealt
        return new

    # ------------------------------------------------------------------ queries
    @property
    def decision(self) -> str:
        """The kind of decision pending, e.g. ``"place_tile"`` or ``"game_over"``.

        A player with no playable tile is deciding what to buy, even while the
        turn's start still allows declaring the end or proposing trades.
        """
        if self.phase == PLACE and not self._playable:
            return "buy_shares"
        return PHASE_NAMES[self.phase]

    def tiles_left(self) -> int:
        """How many tiles are still to be drawn (the bag, and tiles an undo returned)."""
        left = len(self.bag) - self.bag_pos
        if self.set_aside:
            left -= sum(1 for t in self.bag[self.bag_pos :] if t in self.set_aside)
            left += sum(map(len, self.returned))
        return left

    @property
    def defunct_chains(self) -> tuple[int, ...]:
        """During a merger, the defunct chains not yet resolved; while their holders
        dispose of their shares, the first is the chain being disposed of."""
        return tuple(self._defunct)

    def merged_size(self) -> int:
        """During a merger, the size the surviving chain has once it is complete (merger
        tile, merging chains, connected orphans); 0 when no merger is under way."""
        return _tiles.merged_size(self) if self.merge_chains else 0

    def price(self, chain: int) -> int:
        """Current share price of ``chain`` (0 when it is not on the board)."""
        return self.ctx.prices[chain][self.sizes[chain]]

    def is_safe(self, chain: int) -> bool:
        return self.sizes[chain] >= self.ctx.safe

    def can_end(self) -> bool:
        """Whether an end condition holds (rule 8.1)."""
        sizes = self.sizes
        top = max(sizes)
        if top >= self.ctx.end_size:
            return True
        safe = self.ctx.safe
        if top < safe:
            return False  # the largest chain on the board (if any) is not safe
        for size in sizes:  # noqa: SIM110 (all() of a generator costs twice as much here)
            if 0 < size < safe:
                return False
        return True  # every chain on the board is safe

    def classify(self, tile: int) -> tuple[int, tuple[int, ...]]:
        """What placing ``tile`` would do now: ``(kind, chains it touches)`` (rules 2.1-2.6)."""
        return _tiles.classify(self, tile)

    def playable_tiles(self, seat: int) -> list[int]:
        """``seat``'s playable tiles, in tile order (rule 2.7)."""
        return _tiles.playable_tiles(self, seat, _tiles.safe_labels(self))

    def dead_tiles(self, tiles: Sequence[int], safe_labels: list[bool] | None = None) -> list[int]:
        """Those of ``tiles`` that would merge two safe chains: permanently unplayable
        (rule 2.5). ``safe_labels``: :func:`.tiles.safe_labels`, if known."""
        return _tiles.dead_tiles(self, tiles, safe_labels or _tiles.safe_labels(self))

    def trading_open(self) -> bool:
        """Whether the active player may propose a trade now (rules 7.1, 7.5)."""
        return (
            self.phase == PLACE
            and not self.placed
            and self.ctx.ruleset.player_trading
            and self.num_players > 1
            and self.trades_offered < self.ctx.ruleset.max_trade_offers
        )

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, seat: int | None = None) -> list[AcquireAction]:
        """Every legal action of ``seat`` (default: the deciding seat), except trade
        proposals; none for a seat that does not decide now.

        Trade proposals are open-ended (any cash and shares); :meth:`trading_open`
        says whether they are allowed, and :meth:`apply` checks each one.
        """
        if seat is not None and seat != self.decider:
            return []
        phase = self.phase
        if phase == PLACE:
            # The end may be declared at the turn's very beginning (rules 5.1, 8.2). The one
            # statement of that rule: the turn asks this listing (see turn.maybe_skip_to_buy).
            ends = self.at_start and not self.ctx.end_with_purchase and self.can_end()
            actions: list[AcquireAction] = [_DECLARE] if ends else []
            tiles = self._playable
            if tiles:
                actions += map(_PLACE.__getitem__, tiles)
            else:
                actions += self._buy_options()
            return actions
        if phase == BUY:
            return [*self._purchases]
        if phase == DISPOSE:
            return list(self._dispose_options()[0])
        if phase == FOUND:
            return [_FOUND[c] for c in CHAINS if not self.sizes[c]]
        if phase == SURVIVOR:
            return [_SURVIVOR[c] for c in self._largest(self.merge_chains)]
        if phase == DEFUNCT:
            return [_DEFUNCT[c] for c in self._largest(self._defunct)]
        if phase == ANSWER:
            actions = [_ANSWER[False]]
            offer = self.pending_trade
            if offer is not None and legal.delivery_refusal(self, offer) is None:
                actions.insert(0, _ANSWER[True])
            return actions
        return []

    def _buy_offers(self) -> tuple[tuple[int, ...], list[int], bool]:
        """The key of the purchase table: what is on offer, at which prices, and
        whether to add end twins (see :meth:`Context.buy_options`)."""
        sizes, bank, prices, limit = self.sizes, self.bank, self.ctx.prices, self.ctx.max_purchase
        shape = []
        pr = []
        for c in CHAINS:
            size = sizes[c]
            if size:
                left = bank[c]
                if left:
                    shape.append(c + 8 * (left if left < limit else limit))
                    pr.append(prices[c][size])
        return tuple(shape), pr, self.ctx.end_with_purchase and self.can_end()

    def _buy_options(self) -> list[BuyShares]:
        """Every purchase the active player can make now, fewest shares first
        (read-only: it may be shared)."""
        shape, prices, with_end = self._buy_offers()
        return self.ctx.buy_options(shape, prices, with_end, self.cash[self.active])

    def _dispose_options(self) -> tuple[list[DisposeShares], frozenset[DisposeShares]]:
        """The deciding holder's disposals (rule 6.5), as a list and as a set."""
        seat = self.decider
        assert seat is not None
        held = self.shares[seat][self._defunct[0]]
        return self.ctx.dispose_options(held, self.bank[self.survivor])

    def _largest(self, chains: Sequence[int]) -> list[int]:
        """Those of ``chains`` with the most tiles, in chain order."""
        sizes = self.sizes
        top = -1
        largest: list[int] = []
        for c in chains:
            size = sizes[c]
            if size > top:
                top = size
                largest = [c]
            elif size == top:
                largest.append(c)
        largest.sort()
        return largest

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Validate ``action`` (by ``seat``, default: whoever must decide) and apply it.

        Raises :class:`IllegalAction` naming what was wrong; the state is unchanged.
        """
        action = _own(action)
        if isinstance(action, Undo):  # any seat's: the server decides who may ask
            from takeover.acquire.undo import undo

            asker = seat if seat is not None else self.decider if self.decider is not None else 0
            undo(self, asker, action)
            return [Event("undo", {"player": seat, "action_id": action.action_id})]
        refusal = legal.refusal(self, action, seat)
        if refusal is not None:
            raise IllegalAction(words(refusal, self.ctx.board, self.ctx.chain_names))
        log: list[Event] = []
        self._log = log
        try:
            self.play(action)
        finally:
            self._log = None
        return log

    def is_legal(self, action: object) -> bool:
        """Whether the deciding seat may take ``action`` now (:func:`.legal.refusal`)."""
        return legal.refusal(self, action) is None

    def play(self, action: AcquireAction) -> None:
        """Apply a legal action without checking it or recording events (for search)."""
        # Dispatch on the exact type, commonest first: cheaper than ``match`` on the
        # search path, where this runs for every decision of every playout. A merger
        # step returns True once the merger is complete: buying follows (rule 6.6).
        kind = type(action)
        self.history = (self.history, self.decider, action)  # type: ignore[assignment]
        if kind is PlaceTile:
            place(self, action.tile)  # type: ignore[union-attr]
        elif kind is BuyShares:
            buy(self, action.shares, action.end_game)  # type: ignore[union-attr]
        elif kind is DisposeShares:
            if dispose(self, action.sell, action.trade):  # type: ignore[union-attr]
                enter_buy(self)
        elif kind is FoundChain:
            found(self, action.chain)  # type: ignore[union-attr]
        elif kind is ChooseSurvivor:
            if begin_merger(self, action.chain):  # type: ignore[union-attr]
                enter_buy(self)
        elif kind is ChooseDefunct:
            if resolve_defunct(self, action.chain):  # type: ignore[union-attr]
                enter_buy(self)
        elif kind is DeclareEnd:
            declare_end(self)
        elif kind is ProposeTrade:
            propose(self, action)  # type: ignore[arg-type]
        elif kind is AnswerTrade:
            answer(self, action.accept)  # type: ignore[union-attr]
        else:
            self.history = self.history[0]  # type: ignore[index]  # not recorded after all
            raise IllegalAction(f"not an Acquire action: {action!r}")

    # ------------------------------------------------------------------ events & record
    def _emit(self, kind: str, **data: Any) -> None:
        if self._log is not None:
            self._log.append(Event(kind, data))

    def actions(self) -> list[tuple[int, AcquireAction]]:
        """The recorded ``(seat, action)`` pairs, oldest first."""
        out = []
        cell = self.history
        while cell is not None:
            cell, seat, action = cell
            out.append((seat, action))
        out.reverse()
        return out

    def scores_if_ended(self) -> list[int]:
        """Each seat's money if the game ended now (rule 8.4): the final scoring
        itself, run on a copy (bots ask this before declaring the end)."""
        if self.final_scores is not None:
            return list(self.final_scores)
        twin = self.clone()
        end_game(twin, END_DECLARED)
        assert twin.final_scores is not None
        return list(twin.final_scores)

    def ranks(self) -> list[int] | None:
        """1-based place per seat; equal scores share the place (rule 8.5); ``None``
        while the game runs."""
        return None if self.final_scores is None else ranks_of(self.final_scores)

    # ------------------------------------------------------------------ helpers
    def _name(self, chain: int) -> str:
        return self.ctx.chain_names[chain]

    def view(self, seat: int | None) -> dict[str, Any]:
        from takeover.acquire.view import view

        return view(self, seat)

    def event_view(self, event: Event, seat: int | None) -> dict[str, Any] | None:
        from takeover.acquire.view import event_view

        return event_view(self, event, seat)

    def action_view(self, action: Action, actor: int, seat: int | None) -> dict[str, Any]:
        from takeover.acquire.view import action_view

        return action_view(self, action, actor, seat)

    def to_record(self) -> dict[str, Any]:
        from takeover.acquire.record import to_record

        return to_record(self)

    def action_text(self, action: Action) -> str:
        """``action`` in words, e.g. ``place 6D`` or ``buy 2 Tower, 1 Imperial``."""
        return self.ctx.notation.text(_own(action))

    text = action_text

    def legal_forms(self, seat: int | None = None) -> tuple[list[dict[str, Any]], list[str]]:
        """:meth:`legal_actions` in record form and in words (shared, read-only lists)."""
        return self.ctx.notation.forms(self.legal_actions(seat))

    def action_to_dict(self, action: Action) -> dict[str, Any]:
        """The record form of ``action`` (read-only: copy it to add fields)."""
        return self.ctx.notation.to_dict(_own(action))

    def action_from_dict(self, data: Any) -> AcquireAction:
        return self.ctx.notation.from_dict(data)

    def __repr__(self) -> str:
        return (
            f"<AcquireState turn {self.turn_number} seat {self.decider} "
            f"{self.decision} chains={self.sizes}>"
        )


def _own(action: Action) -> AcquireAction:
    """``action`` as one of Acquire's, or ``IllegalAction`` (another game's, say)."""
    if isinstance(action, AcquireAction):
        return action
    raise IllegalAction(f"not an Acquire action: {action!r}")
