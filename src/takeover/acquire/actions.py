"""Acquire's actions: small frozen values with a record (dict) form and a text form.

Tiles and chains are held as integers (tile index ``row * columns + column``,
chain index 0..6); names are resolved through a :class:`~takeover.acquire.board.Board`
and the edition when reading or writing records.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeGuard, TypeVar

from takeover.acquire.board import Board
from takeover.acquire.data import NUM_CHAINS
from takeover.acquire.explain import words
from takeover.acquire.refusals import Reason, Refusal
from takeover.core.errors import IllegalAction
from takeover.core.memo import Memo


@dataclass(frozen=True, slots=True)
class PlaceTile:
    tile: int
    type: ClassVar[str] = "place_tile"


@dataclass(frozen=True, slots=True)
class FoundChain:
    chain: int
    type: ClassVar[str] = "found_chain"


@dataclass(frozen=True, slots=True)
class ChooseSurvivor:
    chain: int
    type: ClassVar[str] = "choose_survivor"


@dataclass(frozen=True, slots=True)
class ChooseDefunct:
    chain: int
    type: ClassVar[str] = "choose_defunct"


@dataclass(frozen=True, slots=True)
class DisposeShares:
    sell: int
    trade: int
    type: ClassVar[str] = "dispose_shares"


@dataclass(frozen=True, slots=True)
class BuyShares:
    shares: tuple[int, ...]
    """Chain indices, sorted, at most ``max_purchase`` of them."""
    end_game: bool = False
    """``tlstyer`` only: declare the end together with the purchase."""
    type: ClassVar[str] = "buy_shares"


@dataclass(frozen=True, slots=True)
class DeclareEnd:
    type: ClassVar[str] = "declare_end"


@dataclass(frozen=True, slots=True)
class Offer:
    """One side of a player-to-player trade: cash and shares per chain index."""

    cash: int = 0
    shares: tuple[tuple[int, int], ...] = ()
    """``(chain, count)`` pairs, sorted by chain, counts positive."""

    def is_empty(self) -> bool:
        return self.cash == 0 and not self.shares


@dataclass(frozen=True, slots=True)
class ProposeTrade:
    to: int
    give: Offer = field(default_factory=Offer)
    get: Offer = field(default_factory=Offer)
    type: ClassVar[str] = "propose_trade"


@dataclass(frozen=True, slots=True)
class AnswerTrade:
    accept: bool
    type: ClassVar[str] = "answer_trade"


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back every standing action after the record's ``action_id``-th (``0``: all);
    see :mod:`takeover.acquire.undo`."""

    action_id: int
    type: ClassVar[str] = "undo"


F = TypeVar("F")
"""A form of an action (its record form or its text)."""

AcquireAction = (
    PlaceTile
    | FoundChain
    | ChooseSurvivor
    | ChooseDefunct
    | DisposeShares
    | BuyShares
    | DeclareEnd
    | ProposeTrade
    | AnswerTrade
    | Undo
)


class Notation:
    """Converts actions to and from their record form and their text form.

    One per (board, chain names), because tile and chain names depend on the edition.
    """

    def __init__(self, board: Board, chain_names: tuple[str, ...]) -> None:
        self.board = board
        self.chain_names = chain_names
        self._chain_index = {name.lower(): i for i, name in enumerate(chain_names)}
        self._dicts: Memo[int, tuple[AcquireAction, dict[str, Any]]] = Memo(4096)
        self._texts: Memo[int, tuple[AcquireAction, str]] = Memo(4096)
        self._forms: Memo[tuple[int, ...], tuple[list[Any], list[dict[str, Any]], list[str]]] = (
            Memo(4096)
        )
        # Both forms of the actions met so far (they are immutable, and the same few
        # hundred recur in every game): the server writes the whole legal list, in
        # both forms, to the deciding seat after every action.

    # -- names -------------------------------------------------------------
    def chain(self, name: object) -> int:
        if not isinstance(name, str) or name.lower() not in self._chain_index:
            raise IllegalAction(f"unknown chain {name!r} (chains: {', '.join(self.chain_names)})")
        return self._chain_index[name.lower()]

    def tile(self, name: object) -> int:
        return self.board.tile(name)

    def forms(self, actions: list[AcquireAction]) -> tuple[list[dict[str, Any]], list[str]]:
        """The record forms and texts of ``actions``, as two shared read-only lists.

        The server sends both for every decision; a purchase list has up to 120
        entries and the same lists recur, so each distinct list of (shared) action
        objects is converted once. Keyed by identity, with the actions kept alive.
        """
        key = tuple(map(id, actions))
        entry = self._forms.get(key)
        if entry is None or any(a is not b for a, b in zip(entry[0], actions, strict=True)):
            records = [self.to_dict(a) for a in actions]
            entry = self._forms.keep(key, ([*actions], records, [self.text(a) for a in actions]))
        return entry[1], entry[2]

    # -- record form -------------------------------------------------------
    def to_dict(self, action: AcquireAction) -> dict[str, Any]:
        """The record form. Read-only: the listed actions share theirs (copy to add to it)."""
        cached = _recall(self._dicts, action)
        if cached is None:
            cached = self._to_dict(action)
            _remember(self._dicts, action, cached)
        return cached

    def _to_dict(self, action: AcquireAction) -> dict[str, Any]:
        names = self.chain_names
        match action:
            case PlaceTile(tile):
                return {"type": action.type, "tile": self.board.names[tile]}
            case FoundChain(c) | ChooseSurvivor(c) | ChooseDefunct(c):
                return {"type": action.type, "chain": names[c]}
            case DisposeShares(sell, trade):
                return {"type": action.type, "sell": sell, "trade": trade}
            case BuyShares(shares, end_game):
                d: dict[str, Any] = {"type": action.type, "shares": [names[c] for c in shares]}
                if end_game:
                    d["end_game"] = True
                return d
            case DeclareEnd():
                return {"type": action.type}
            case ProposeTrade(to, give, get):
                return {
                    "type": action.type,
                    "to": to,
                    "give": self.offer_dict(give),
                    "get": self.offer_dict(get),
                }
            case AnswerTrade(accept):
                return {"type": action.type, "accept": accept}
            case Undo(action_id):
                return {"type": action.type, "action_id": action_id}
        raise TypeError(f"not an Acquire action: {action!r}")

    def offer_dict(self, offer: Offer) -> dict[str, Any]:
        """A trade side's record form (also in the trade events)."""
        return {"cash": offer.cash, "shares": {self.chain_names[c]: n for c, n in offer.shares}}

    def from_dict(self, data: Mapping[str, Any]) -> AcquireAction:
        """Read an action's record form; raises ``IllegalAction`` naming the bad field.

        The record form is read here (names to ids, the shape of the JSON); the values of
        the fields are checked by :func:`field_refusal`, as for actions built in code.
        """
        action = self._read(data)
        refusal = field_refusal(action, self.board.size, len(self.chain_names))
        if refusal is not None:
            raise IllegalAction(words(refusal, self.board, self.chain_names))
        return action

    def _read(self, data: Mapping[str, Any]) -> AcquireAction:
        if not isinstance(data, Mapping):
            raise IllegalAction(f"an action must be an object, got {data!r}")
        kind = data.get("type")
        match kind:
            case "place_tile":
                return PlaceTile(self.tile(_field(data, "tile")))
            case "found_chain":
                return FoundChain(self.chain(_field(data, "chain")))
            case "choose_survivor":
                return ChooseSurvivor(self.chain(_field(data, "chain")))
            case "choose_defunct":
                return ChooseDefunct(self.chain(_field(data, "chain")))
            case "dispose_shares":
                return DisposeShares(data.get("sell", 0), data.get("trade", 0))
            case "buy_shares":
                shares = data.get("shares", [])
                if not isinstance(shares, list):
                    raise IllegalAction('"shares" must be a list of chain names')
                chains = tuple(sorted(self.chain(s) for s in shares))
                return BuyShares(chains, data.get("end_game", False))
            case "declare_end":
                return DeclareEnd()
            case "propose_trade":
                to = _field(data, "to")
                return ProposeTrade(
                    to, self._offer(data.get("give", {})), self._offer(data.get("get", {}))
                )
            case "answer_trade":
                return AnswerTrade(_field(data, "accept"))
            case "undo":
                return Undo(_field(data, "action_id"))
        raise IllegalAction(f"unknown action type {kind!r}")

    def _offer(self, data: object) -> Offer:
        """A trade side: ``{"cash": int, "shares": {chain name: count}}``; zero counts are
        left out, and a chain named twice (in other cases) has its counts added."""
        if not isinstance(data, Mapping):
            raise IllegalAction(words(Refusal(Reason.BAD_TRADE_SIDE), self.board, ()))
        raw = data.get("shares", {})
        if not isinstance(raw, Mapping):
            raise IllegalAction('trade "shares" must be an object {chain: count}')
        counts: dict[int, Any] = {}
        for name, n in raw.items():
            c = self.chain(name)
            before = counts.get(c, 0)
            if _is_count(before) and _is_count(n):
                counts[c] = before + n
            elif _is_count(before):
                counts[c] = n  # kept for field_refusal to name
        shares = tuple(sorted((c, n) for c, n in counts.items() if not (_is_int(n) and n == 0)))
        return Offer(data.get("cash", 0), shares)

    # -- text form ---------------------------------------------------------
    def text(self, action: AcquireAction) -> str:
        """A short human-readable form, e.g. ``place 6D`` or ``buy 2 Tower, 1 Imperial``."""
        text = _recall(self._texts, action)
        if text is None:
            text = self._text(action)
            _remember(self._texts, action, text)
        return text

    def _text(self, action: AcquireAction) -> str:
        names = self.chain_names
        match action:
            case PlaceTile(tile):
                return f"place {self.board.names[tile]}"
            case FoundChain(c):
                return f"found {names[c]}"
            case ChooseSurvivor(c):
                return f"{names[c]} survives"
            case ChooseDefunct(c):
                return f"resolve {names[c]} next"
            case DisposeShares(sell, trade):
                return f"sell {sell}, trade {trade}"
            case BuyShares(shares, end_game):
                counts: dict[int, int] = {}
                for c in shares:
                    counts[c] = counts.get(c, 0) + 1
                text = ", ".join(f"{n} {names[c]}" for c, n in counts.items()) or "nothing"
                return f"buy {text}" + (" and end the game" if end_game else "")
            case DeclareEnd():
                return "declare the end"
            case ProposeTrade(to, give, get):
                return f"offer seat {to}: {self._offer_text(give)} for {self._offer_text(get)}"
            case AnswerTrade(accept):
                return "accept the trade" if accept else "decline the trade"
            case Undo(action_id):
                return f"take back the actions after action {action_id}"
        raise TypeError(f"not an Acquire action: {action!r}")

    def _offer_text(self, offer: Offer) -> str:
        parts = [f"{n} {self.chain_names[c]}" for c, n in offer.shares]
        if offer.cash:
            parts.insert(0, f"${offer.cash:,}")
        return " + ".join(parts) or "nothing"


def _recall(cache: Memo[int, tuple[AcquireAction, F]], action: AcquireAction) -> F | None:
    """The form of ``action`` kept in ``cache``, if any.

    Keyed by identity, not equality: hashing a dataclass costs more than the rest of
    the lookup, and the actions the engine lists are shared objects. The entry keeps
    its action alive, so its id cannot be reused while it is cached.
    """
    entry = cache.get(id(action))
    if entry is not None and entry[0] is action:
        return entry[1]
    return None


def _remember(cache: Memo[int, tuple[AcquireAction, F]], action: AcquireAction, value: F) -> None:
    if type(action) is not ProposeTrade:  # open-ended and rarely repeated
        cache.keep(id(action), (action, value))


def _field(data: Mapping[str, Any], name: str) -> Any:
    if name not in data:
        raise IllegalAction(f"{data.get('type')} needs a {name!r} field")
    return data[name]


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_count(value: object) -> bool:
    return _is_int(value) and value >= 0


def field_refusal(action: object, tiles: int, chains: int = NUM_CHAINS) -> Refusal | None:
    """What is wrong with the fields of ``action``, whatever the position: a value of the
    wrong type or out of range. ``None`` when they are well-formed.

    The one check of fields, for actions read from records (:meth:`Notation.from_dict`)
    and built in code (:meth:`AcquireState.apply`): a dataclass does not check its
    fields, and ``AnswerTrade(1)`` would even equal ``AnswerTrade(True)``.
    ``tiles``: the board's tile count; ``chains``: the number of chains.
    """
    match action:
        case PlaceTile(tile):
            if not _is_int(tile) or not 0 <= tile < tiles:
                return Refusal(Reason.BAD_TILE_ID, {"value": tile, "last": tiles - 1})
        case FoundChain(c) | ChooseSurvivor(c) | ChooseDefunct(c):
            if not _is_int(c) or not 0 <= c < chains:
                return Refusal(Reason.BAD_CHAIN_ID, {"value": c, "last": chains - 1})
        case BuyShares(shares, end_game):
            if not isinstance(shares, tuple) or not all(
                _is_int(c) and 0 <= c < chains for c in shares
            ):
                return Refusal(Reason.BAD_PURCHASE, {"value": shares, "last": chains - 1})
            if list(shares) != sorted(shares):
                return Refusal(Reason.UNSORTED_PURCHASE)
            if not isinstance(end_game, bool):
                return Refusal(Reason.NOT_A_FLAG, {"field": "end_game", "value": end_game})
        case DisposeShares(sell, trade):
            for name, value in (("sell", sell), ("trade", trade)):
                if not _is_int(value) or value < 0:
                    return Refusal(Reason.NOT_A_COUNT, {"field": name, "value": value})
        case ProposeTrade(to, give, get):
            if not _is_int(to):
                return Refusal(Reason.NOT_A_SEAT, {"value": to})
            return _side_refusal(give, chains) or _side_refusal(get, chains)
        case AnswerTrade(accept):
            if not isinstance(accept, bool):
                return Refusal(Reason.NOT_A_FLAG, {"field": "accept", "value": accept})
        case Undo(action_id):
            if not _is_int(action_id) or action_id < 0:
                return Refusal(Reason.NOT_A_COUNT, {"field": "action_id", "value": action_id})
        case DeclareEnd():
            pass
        case _:
            return Refusal(Reason.NOT_AN_ACTION, {"value": action})
    return None


def _side_refusal(side: object, chains: int) -> Refusal | None:
    if not isinstance(side, Offer) or not isinstance(side.shares, tuple):
        return Refusal(Reason.BAD_TRADE_SIDE)
    cash = side.cash
    if not _is_int(cash) or cash < 0 or cash % 100:
        return Refusal(Reason.BAD_TRADE_CASH, {"value": cash})
    seen: set[int] = set()
    for entry in side.shares:
        chain, n = entry if isinstance(entry, tuple) and len(entry) == 2 else (entry, None)
        if not _is_int(chain) or not 0 <= chain < chains:
            return Refusal(Reason.BAD_CHAIN_ID, {"value": chain, "last": chains - 1})
        if chain in seen:
            return Refusal(Reason.REPEATED_TRADE_CHAIN)
        seen.add(chain)
        if not _is_int(n) or n < 0:
            return Refusal(Reason.BAD_SHARE_COUNT, {"chain": chain, "value": n})
        if n == 0:
            return Refusal(Reason.ZERO_SHARE_COUNT, {"chain": chain})
    return None
