"""The games the conformance suite plays, and what it must know of each.

The suite itself speaks only the game protocol. What it cannot know of a game, each
:class:`GameCase` says: the setups to play (together they change every option of the
game's schema), which strings are a seat's secrets (to look for in what other seats
are shown), which action kinds ``legal_actions`` lists completely, and candidate
open-ended offers (Acquire's trades) to try where the game's ``TRADE_OFFERS`` allows.

Both games are in :data:`COMPLETE`: random play over their listed actions finishes a
game (1817 lists the map's decisions too: lays, tokens, the best routes).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from takeover.core import registry
from takeover.core.protocol import Action, GameDefinition, GameState

Leak = Callable[[GameState, "int | None", Any, "set[str]"], "str | None"]


@dataclass(frozen=True)
class GameCase:
    game: str
    setups: tuple[tuple[Any, int], ...]
    """(ruleset in record form, players) pairs to play."""
    leak: Leak
    """What of ``shown`` (a view, event view or action view for a seat) that seat may not
    see, in words; ``None`` when nothing. The last argument: strings the rules have
    revealed to everyone so far (see ``revealed``)."""
    fully_listed: Callable[[GameState, Action], bool]
    """Whether ``legal_actions`` lists every legal action of this one's kind now (so
    ``apply`` must refuse it when it is not listed)."""
    revealed: Callable[[dict[str, Any]], set[str]] = field(default=lambda event: set())
    """Secrets an event (as a spectator sees it) reveals to everyone by rule."""
    offers: Callable[[GameState, int, random.Random], list[dict[str, Any]]] = field(
        default=lambda state, seat, rng: []
    )
    """Record forms of open-ended offers ``seat`` might make (``TRADE_OFFERS``)."""
    world_forgets: Callable[[GameState], frozenset[str]] = field(default=lambda state: frozenset())
    """Top-level view fields a sampled world may lose (not a secret: what it drops to
    keep one, see ``ACQUIRE``)."""

    @property
    def definition(self) -> GameDefinition:
        return registry.get(self.game)

    def new_game(self, setup: int, seed: int) -> GameState:
        ruleset, players = self.setups[setup]
        names = [f"P{i + 1}" for i in range(players)]
        return self.definition.new_game(names, ruleset, seed=seed)

    def __str__(self) -> str:
        return self.game


# -- what a seat may see ----------------------------------------------------------------------


def strings(shown: Any) -> Iterator[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(shown, str):
        yield shown
    elif isinstance(shown, dict):
        for key, value in shown.items():
            yield str(key)
            yield from strings(value)
    elif isinstance(shown, list | tuple):
        for value in shown:
            yield from strings(value)


def _trade_terms(shown: Any, player: Any = None) -> Iterator[tuple[set[Any], dict[str, Any]]]:
    """Each trade's terms in ``shown`` with the seats party to it (an action view names
    its proposer as ``player``, an event as ``from``)."""
    if isinstance(shown, dict):
        player = shown.get("player", player)
        if "give" in shown or "get" in shown:
            yield {shown.get("from", player), shown.get("to")}, shown
        for value in shown.values():
            yield from _trade_terms(value, player)
    elif isinstance(shown, list):
        for value in shown:
            yield from _trade_terms(value, player)


def acquire_leak(
    state: Any, seat: int | None, shown: Any, known: set[str] | None = None
) -> str | None:
    """Acquire's secrets: other hands and the bag (less tiles revealed by rule); with
    ``hidden_holdings``, the terms of a trade between two other players (rule 9.2)."""
    names = state.ctx.board.names
    hidden = set(state.bag[state.bag_pos :])
    for p in range(state.num_players):
        if p != seat:
            hidden |= set(state.hands[p])
    secret = {names[t] for t in hidden} - (known or set())
    for text in strings(shown):
        if text in secret:
            return f"tile {text}, which seat {seat} cannot see"
    if state.ctx.ruleset.hidden_holdings:
        for parties, terms in _trade_terms(shown):
            if seat not in parties:
                return f"the terms of a trade between seats {sorted(parties, key=str)}: {terms}"
    return None


def no_secrets(state: GameState, seat: int | None, shown: Any, known: set[str]) -> str | None:
    """1817 has no hidden information."""
    return None


# -- Acquire ------------------------------------------------------------------------------------


def acquire_offers(state: Any, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """A few trade proposals, some the other side can deliver, some not."""
    names = state.ctx.chain_names
    out = []
    for _ in range(2):
        to = rng.choice([p for p in range(state.num_players) if p != seat])
        mine = {
            names[c]: 1 for c in range(len(names)) if state.shares[seat][c] and rng.random() < 0.5
        }
        theirs = {names[c]: rng.randint(1, 3) for c in rng.sample(range(len(names)), 2)}
        out.append(
            {
                "type": "propose_trade",
                "to": to,
                "give": {"cash": 100 * rng.randint(0, 5), "shares": mine},
                "get": {"cash": 100 * rng.randint(0, 3), "shares": theirs},
            }
        )
    return out


def _standard(**options: Any) -> dict[str, Any]:
    return {"preset": "standard", "options": options}


ACQUIRE = GameCase(
    game="acquire",
    setups=(
        ("standard", 4),
        ("tlstyer", 3),
        ("tlstyer", 1),
        (_standard(player_trading=False), 2),
        (_standard(hidden_holdings=True), 4),
        ({"preset": "tlstyer", "options": {"hidden_holdings": True}}, 5),
        (_standard(edition="2008"), 3),
        (_standard(edition="2016"), 6),
        (_standard(starting_cash=2000, max_trade_offers=1), 3),
        (_standard(hand_size=3, shares_per_chain=8), 4),
        (_standard(max_purchase=1, safe_size=5, end_size=15), 3),
        (_standard(min_players=3, max_players=3), 3),
        (_standard(closest_tile="column", turn_order="drawn"), 4),
        (_standard(dead_replacement="repeat", bonuses_first=True, grow_survivor_first=True), 5),
        (_standard(declare_end="with_purchase", max_trade_offers=0), 2),
    ),
    leak=acquire_leak,
    # A player who cannot place shows the hand (rule 5.3).
    revealed=lambda event: set(event["tiles"]) if event["type"] == "hand_revealed" else set(),
    fully_listed=lambda state, action: action.type != "propose_trade",
    offers=acquire_offers,
    # With hidden_holdings a sampled world drops the history (its trades would tell
    # their terms), and with it the last tile placed, which the view shows.
    world_forgets=lambda state: frozenset(
        {"last_tile"} if state.ctx.ruleset.hidden_holdings else ()  # type: ignore[attr-defined]
    ),
)


# -- 1817 ---------------------------------------------------------------------------------------


def _g1817_listed(state: Any, action: Action) -> bool:
    """A kind 1817 lists in full, and not an action a listed price range covers (it is
    listed, in that form)."""
    from takeover.g1817.legal import covers, is_listed_kind

    return bool(is_listed_kind(state, action)) and not covers(state.legal_actions(), action)


def _titled(title: str, *options: str) -> dict[str, Any]:
    return {"preset": title, "options": dict.fromkeys(options, True)}


G1817 = GameCase(
    game="1817",
    setups=(
        ("1817", 3),
        (_titled("1817", "volatility"), 4),
        (_titled("1817", "short_squeeze", "five_shorts", "modern_trains"), 12),
        ("1817NA", 2),
        (_titled("1817NA", "short_squeeze", "five_shorts"), 6),
        ("1817WO", 5),
        (_titled("1817WO", "modern_trains"), 2),
    ),
    leak=no_secrets,
    fully_listed=_g1817_listed,
)

CASES: Sequence[GameCase] = (ACQUIRE, G1817)
"""Every registered game (a test checks none is missing)."""

COMPLETE: Sequence[GameCase] = (ACQUIRE, G1817)
"""The games random play can finish."""


# -- 1817's real games ------------------------------------------------------------------------


def real_1817_games() -> list[str]:
    from g1817.games import GAMES

    return list(GAMES)


def real_1817_record(name: str) -> dict[str, Any]:
    from g1817.games import fixture_path

    data: dict[str, Any] = json.loads(Path(fixture_path(name)).read_text())
    return data
