"""Acquire's actions: small frozen values with a record (dict) form and a text form.

Tiles and chains are held as integers (tile index ``row * columns + column``,
chain index 0..6); names are resolved through a :class:`~takeover.acquire.board.Board`
and the edition when reading or writing records.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from takeover.acquire.board import Board
from takeover.acquire.data import NUM_CHAINS
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

    def problem(self) -> str | None:
        """What makes this side malformed, if anything (offers built in code are not
        checked by the record reader, so :meth:`AcquireState.apply` asks this)."""
        cash = self.cash
        if not isinstance(cash, int) or isinstance(cash, bool) or cash < 0 or cash % 100:
            return f"trade cash must be a non-negative multiple of $100, got {cash!r}"
        chains = [c for c, _ in self.shares]
        if len(set(chains)) != len(chains):
            return "each chain may appear only once on a side of a trade"
        for chain, n in self.shares:
            if not isinstance(chain, int) or not 0 <= chain < NUM_CHAINS:
                return f"unknown chain {chain!r} in a trade"
            if not isinstance(n, int) or isinstance(n, bool) or n <= 0:
                return f"share counts in a trade must be positive integers, got {n!r}"
        return None


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
                    "give": self._offer_dict(give),
                    "get": self._offer_dict(get),
                }
            case AnswerTrade(accept):
                return {"type": action.type, "accept": accept}
        raise TypeError(f"not an Acquire action: {action!r}")

    def _offer_dict(self, offer: Offer) -> dict[str, Any]:
        return {"cash": offer.cash, "shares": {self.chain_names[c]: n for c, n in offer.shares}}

    def from_dict(self, data: Mapping[str, Any]) -> AcquireAction:
        """Read an action's record form; raises ``IllegalAction`` naming the bad field."""
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
                return DisposeShares(_count(data, "sell"), _count(data, "trade"))
            case "buy_shares":
                shares = data.get("shares", [])
                if not isinstance(shares, list):
                    raise IllegalAction('"shares" must be a list of chain names')
                end_game = data.get("end_game", False)
                if not isinstance(end_game, bool):
                    raise IllegalAction('"end_game" must be true or false')
                return BuyShares(tuple(sorted(self.chain(s) for s in shares)), end_game)
            case "declare_end":
                return DeclareEnd()
            case "propose_trade":
                to = _field(data, "to")
                if not isinstance(to, int) or isinstance(to, bool):
                    raise IllegalAction(f'"to" must be a seat number, got {to!r}')
                return ProposeTrade(
                    to, self._offer(data.get("give", {})), self._offer(data.get("get", {}))
                )
            case "answer_trade":
                accept = _field(data, "accept")
                if not isinstance(accept, bool):
                    raise IllegalAction('"accept" must be true or false')
                return AnswerTrade(accept)
        raise IllegalAction(f"unknown action type {kind!r}")

    def _offer(self, data: object) -> Offer:
        if not isinstance(data, Mapping):
            raise IllegalAction('a trade side must be {"cash": int, "shares": {chain: int}}')
        cash = data.get("cash", 0)
        if not isinstance(cash, int) or isinstance(cash, bool) or cash < 0 or cash % 100:
            raise IllegalAction(f"trade cash must be a non-negative multiple of $100, got {cash!r}")
        raw = data.get("shares", {})
        if not isinstance(raw, Mapping):
            raise IllegalAction('trade "shares" must be an object {chain: count}')
        shares: dict[int, int] = {}
        for name, n in raw.items():
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise IllegalAction(f"share count for {name!r} must be a non-negative integer")
            if n:
                c = self.chain(name)
                shares[c] = shares.get(c, 0) + n
        return Offer(cash, tuple(sorted(shares.items())))

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
        raise TypeError(f"not an Acquire action: {action!r}")

    def _offer_text(self, offer: Offer) -> str:
        parts = [f"{n} {self.chain_names[c]}" for c, n in offer.shares]
        if offer.cash:
            parts.insert(0, f"${offer.cash:,}")
        return " + ".join(parts) or "nothing"


def _recall(cache: Memo[int, tuple[Any, Any]], action: Any) -> Any:
    """The form of ``action`` kept in ``cache``, if any.

    Keyed by identity, not equality: hashing a dataclass costs more than the rest of
    the lookup, and the actions the engine lists are shared objects. The entry keeps
    its action alive, so its id cannot be reused while it is cached.
    """
    entry = cache.get(id(action))
    if entry is not None and entry[0] is action:
        return entry[1]
    return None


def _remember(cache: Memo[int, tuple[Any, Any]], action: Any, value: Any) -> None:
    if type(action) is not ProposeTrade:  # open-ended and rarely repeated
        cache.keep(id(action), (action, value))


def _field(data: Mapping[str, Any], name: str) -> Any:
    if name not in data:
        raise IllegalAction(f"{data.get('type')} needs a {name!r} field")
    return data[name]


def _count(data: Mapping[str, Any], name: str) -> int:
    value = data.get(name, 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise IllegalAction(f"{name!r} must be a non-negative integer, got {value!r}")
    return value
