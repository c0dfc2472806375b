"""Rounds and steps: who decides, what they may decide, and the checks that say so.

A round (stock, operating, ...) is an ordered list of small steps, as on 18xx.games: the
first step that is *blocking* owns the decision. A step names the entity that acts, lists
every legal action of that entity (complete and parameterised, in record form) and maps
each action type it takes to a handler. A handler checks its action with the same rules
the listing uses, and checks everything before it changes anything, so a refused action
leaves the position as it was. A step that never blocks may act beside the blocking one
(:meth:`Round.beside`: a loan or a bridge in any step of an operating turn).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from takeover.core.errors import IllegalAction
from takeover.g1817.actions import Action
from takeover.g1817.entities import Holder

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817

Handler = Callable[[Action], None]


def require(condition: object, reason: str) -> None:
    """Refuse the action under consideration, naming ``reason``, unless ``condition``."""
    if not condition:
        raise IllegalAction(reason)


def make(type_: str, entity: int | str, **fields: Any) -> Action:
    """A record-form action of a player (int id) or a corporation (symbol)."""
    return Action.make(type_, entity, **fields)


def share_ids(action: Action) -> list[str]:
    """The certificate ids an action names (``shares``), refused when malformed."""
    ids = action.get("shares")
    require(
        isinstance(ids, list) and ids and all(isinstance(s, str) for s in ids),
        f"{action.type} must name its certificates as a list of share ids",
    )
    assert isinstance(ids, list)
    return ids


def as_listed(game: Game1817, action: Action) -> Action:
    """``action`` naming, in place of the certificates it names, those the listing names
    for the same deal: the first received of each kind (holder, corporation, percent; a
    president's certificate is its own kind). Which of a holder's alike certificates
    change hands does not change the deal: 18xx.games accepts any of them, its interface
    names the first, and the listing names those too. Handlers check the listed form and
    move the certificates named, so that later actions find the same ids as there."""
    ids = action.get("shares")
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        return action
    shares = [game.share_by_id(i) for i in ids]
    if len(set(ids)) != len(ids):
        return action
    taken: dict[tuple[Holder, str, int], int] = {}
    for share in shares:
        if not share.president:
            kind = (share.owner, share.corp, share.percent)
            taken[kind] = taken.get(kind, 0) + 1
    first: dict[tuple[Holder, str, int], list[str]] = {}
    for (owner, sym, percent), count in taken.items():
        alike = [
            s.id
            for s in game.corps[sym].shares_of(owner)
            if s.percent == percent and not s.president
        ]
        first[(owner, sym, percent)] = alike[:count]
    listed = [
        share.id if share.president else first[(share.owner, share.corp, share.percent)].pop(0)
        for share in shares
    ]
    if listed == ids:
        return action
    return action.with_field("shares", listed)


def int_field(action: Action, name: str) -> int:
    """An integer field of an action (``price``, ``choice``), refused when missing."""
    value = action.get(name)
    require(
        isinstance(value, int) and not isinstance(value, bool),
        f"{action.type} needs an integer {name}",
    )
    assert isinstance(value, int)
    return value


def price_refusal(prices: range, price: int, what: str, most: str) -> str | None:
    """Why ``price`` is not one of ``prices`` (a minimum, a step, a maximum), the range
    the listing enumerates, or ``None``; ``most`` says where the maximum comes from.

    >>> price_refusal(range(20, 51, 5), 35, "bid", "the cash") is None
    True
    >>> price_refusal(range(20, 51, 5), 33, "bid", "the cash")
    'bid 33 must exceed the minimum 20 by a multiple of 5'
    """
    low = prices.start
    if price in prices:
        return None
    if price < low:
        return f"{what} {price} below the minimum {low}"
    if (price - low) % prices.step:
        return f"{what} {price} must exceed the minimum {low} by a multiple of {prices.step}"
    return f"{what} {price} exceeds {most} ({prices.stop - 1})"


def among(action: Action, options: Iterable[Action], reason: str) -> None:
    """Refuse ``action`` unless it is one of ``options`` (same type, entity and deciding
    fields): the listing and the check then cannot disagree."""
    wanted = action.key()
    require(any(option.key() == wanted for option in options), reason)


class Step:
    """One kind of decision within a round; ``takes`` maps each action type the step
    accepts to its handler."""

    def __init__(self, game: Game1817) -> None:
        self.game = game
        self.takes: Mapping[str, Handler] = {}

    @property
    def name(self) -> str:
        """The reference's name for the step (the traces record it): our steps are named
        alike."""
        return type(self).__name__

    def blocking(self) -> bool:
        """Whether this step waits for a decision now."""
        raise NotImplementedError

    def actor(self) -> int | str | None:
        """The entity that decides: a player id or a corporation symbol."""
        raise NotImplementedError

    def legal(self) -> list[Action]:
        """Every legal action of :meth:`actor` (map decisions excepted)."""
        raise NotImplementedError

    def check_actor(self, action: Action) -> None:
        """Refuse an action that is not the actor's (a private acts for its owner, with its
        abilities on the map alone: a lay or a bridge)."""
        if action.entity_type == "company":
            ability = action.type == "lay_tile" or (
                action.type == "assign" and action.get("target_type") == "hex"
            )
            require(ability, f"{action.entity} (a private) cannot {action.type}")
        actor = self.actor()
        who = self.game.acting_entity(action)
        require(who == actor, f"{action.entity} cannot act now: {self.name} waits for {actor}")

    def active_players(self) -> list[int]:
        """Player ids expected to act (a corporation's president acts for it; for one
        without a president, the market's after a bankruptcy, every player still in the
        game may, as on 18xx.games)."""
        actor = self.actor()
        if isinstance(actor, int):
            return [actor]
        if isinstance(actor, str) and actor in self.game.corps:
            owner = self.game.corps[actor].owner
            if isinstance(owner, int):
                return [owner]
            return [p.id for p in self.game.active_players()]
        return []


class Round:
    """A round receives actions until ``finished``; the game then starts the next one."""

    name = ""

    def __init__(self, game: Game1817, round_num: int = 1) -> None:
        self.game = game
        self.round_num = round_num
        self.finished = False

    def steps(self) -> Sequence[Step]:
        """The round's steps, the first blocking one deciding."""
        raise NotImplementedError

    def beside(self, step: Step) -> Sequence[Step]:
        """Steps that never block but take actions beside the blocking ``step`` (their
        actions are listed with its own)."""
        return ()

    def active_step(self) -> Step | None:
        if self.finished:
            return None
        for step in self.steps():
            if step.blocking():
                return step
        return None

    def process(self, action: Action) -> None:
        step = self.active_step()
        if step is None:
            raise IllegalAction(f"the {self.name} round has no decision open")
        handler = step.takes.get(action.type)
        for other in self.beside(step):
            handler = handler or other.takes.get(action.type)
        if handler is None:
            offered = ", ".join(sorted({t for s in (step, *self.beside(step)) for t in s.takes}))
            raise IllegalAction(
                f"{action.type} is not possible now: the {self.name} round's {step.name} "
                f"step takes {offered}"
            )
        step.check_actor(action)
        handler(action)

    def legal_actions(self) -> list[Action]:
        step = self.active_step()
        return [] if step is None else step.legal()

    def step(self) -> str:
        """The name of the step waiting for a decision (the reference's step class name)."""
        step = self.active_step()
        return "" if step is None else step.name

    def current(self) -> int | str | None:
        """The entity expected to act (a player id or a corporation symbol)."""
        step = self.active_step()
        return None if step is None else step.actor()

    def active(self) -> list[int]:
        """Player ids expected to act now."""
        step = self.active_step()
        return [] if step is None else step.active_players()

    def auction_view(self) -> dict[str, Any] | None:
        """An auction under way, for views: target, standing bids and bidders."""
        return None
