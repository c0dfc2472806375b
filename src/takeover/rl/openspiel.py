"""Acquire as an OpenSpiel game, registered as ``python_takeover_acquire``.

Importing this module registers the game (``pyspiel.load_game(
"python_takeover_acquire(players=3,ruleset=tlstyer)")``). Parameters: ``players``
(2-6, default 4), ``ruleset`` (a preset name, default ``standard``, or a ruleset's
record form as JSON) and ``hidden_holdings`` (default false); player-to-player
trading is off.

Every tile draw is an explicit chance node whose outcomes are the tiles still in
the bag, uniformly: the first-player draw and the deal at the start, then each
refill and dead-tile replacement when it happens. The state drives the unchanged
engine through a :class:`~takeover.rl.chance.LazyBag`: a move that reaches a draw
not made yet is set aside, the state becomes a chance node, and once chance has
drawn the tiles the move is applied again, now to its end.

Information: a player sees its own draws, everybody's moves and the public
reveals (dead tiles, a hand shown for having no playable tile). The observation
tensor and string follow the table's view rules; the information-state tensor
adds the holdings that perfect recall of the public moves gives; the
information-state string is the player's whole history plus its observation.
Returns rank the final scores (:func:`takeover.rl.rewards.rank_returns`).
"""

from __future__ import annotations

import json
import random
from bisect import bisect_left
from typing import Any

import numpy as np
import pyspiel

from takeover.acquire import new_game
from takeover.acquire.rules import ruleset_from_json
from takeover.acquire.state import AcquireState
from takeover.core.protocol import Event
from takeover.rl.actions import ActionSpace
from takeover.rl.chance import LazyBag, NeedTiles
from takeover.rl.rewards import rank_returns
from takeover.rl.table import Table

SHORT_NAME = "python_takeover_acquire"
DEFAULTS: dict[str, Any] = {"players": 4, "ruleset": "standard", "hidden_holdings": False}
PUBLIC = -1
"""Owner of a draw everybody saw (the first-player draw)."""
UNKNOWN = -2
"""Owner of a draw not attributed yet (mid-move), or made before an imported position."""

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Acquire (takeover)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


def max_decisions(tiles: int, players: int) -> int:
    """An upper bound on the decisions in one game (OpenSpiel's ``max_game_length``).

    At most ``tiles`` turns place a tile, each with at most a placement, a founding
    or survivor choice, two defunct-order choices, three chains' disposals by every
    player and a purchase; between two placements at most ``players - 1`` turns
    pass with a purchase alone (``players`` such turns in a row end the game).
    """
    return tiles * (5 + 3 * players) + (tiles + 1) * (players - 1) + 1


class AcquireGame(pyspiel.Game):
    """The OpenSpiel game; one per parameter set."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        unknown = set(params) - set(DEFAULTS)
        if unknown:
            raise ValueError(f"unknown parameter(s) {sorted(unknown)} (known: {sorted(DEFAULTS)})")
        players = int(params["players"])
        if not 2 <= players <= 6:
            raise ValueError(f"players must be 2..6, got {players}")
        ruleset = params["ruleset"]
        if isinstance(ruleset, str) and ruleset.lstrip().startswith("{"):
            ruleset = json.loads(ruleset)  # a record form, e.g. {"preset": .., "options": ..}
        if not isinstance(ruleset, str):  # OpenSpiel parameters are plain values
            params["ruleset"] = json.dumps(ruleset_from_json(ruleset).to_json(), sort_keys=True)
        self.table = table = Table(players, ruleset, bool(params["hidden_holdings"]))
        info = pyspiel.GameInfo(
            num_distinct_actions=len(table.space),
            max_chance_outcomes=table.tiles,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_decisions(table.tiles, players),
        )
        super().__init__(GAME_TYPE, info, params)
        self.setup_draws = min(players * (1 + table.hand_size), table.tiles)

    def new_initial_state(self) -> AcquireSpielState:
        return AcquireSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> AcquireObserver:
        return AcquireObserver(self, iig_obs_type, params)

    def state_from_engine(self, engine: AcquireState) -> AcquireSpielState:
        """An OpenSpiel state at ``engine``'s position, its future draws left to chance.

        ``engine`` must already hold only what the searching seat may know (e.g.
        ``Observation.sample(rng)``): its other hands are used as they are.
        """
        table = self.table
        if engine.num_players != table.num_players or ActionSpace.for_state(engine) is not (
            table.space
        ):
            raise ValueError(
                f"a {engine.num_players}-player game on {engine.ctx.board.size} tiles does not "
                f"fit this {table.num_players}-player game on {table.tiles} tiles (or its "
                "purchase and share limits differ)"
            )
        state = AcquireSpielState(self)
        state._core = _Core.imported(self, engine)
        return state


class _Core:
    """Everything a state holds; one object so that OpenSpiel's clone copies it fast."""

    __slots__ = ("engine", "game", "known", "log", "need", "owner", "pending", "pool", "size")

    def __init__(self, game: AcquireGame) -> None:
        self.game = game
        self.engine: AcquireState | None = None
        self.known: list[int] = []
        self.owner: list[int] = []
        self.pool: list[int] = list(range(game.table.tiles))
        self.size = game.table.tiles
        self.pending: tuple[int, int] | None = None
        self.need = game.setup_draws
        self.log: list[tuple[Any, ...]] = []

    @staticmethod
    def imported(game: AcquireGame, engine: AcquireState) -> _Core:
        core = _Core(game)
        bag = tuple(engine.bag)
        core.known = list(bag[: engine.bag_pos])
        core.owner = [UNKNOWN] * engine.bag_pos
        core.pool = sorted(bag[engine.bag_pos :])
        core.size = len(bag)
        core.need = 0
        core.engine = engine.clone()
        core.engine.bag = LazyBag(core.known, core.size)
        core.log = [("r", f"from a position at turn {engine.turn_number}")]
        return core

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        new = object.__new__(_Core)
        new.game = self.game
        new.engine = None if self.engine is None else self.engine.clone()
        new.known = self.known[:]
        new.owner = self.owner[:]
        new.pool = self.pool[:]
        new.size = self.size
        new.pending = self.pending
        new.need = self.need
        new.log = self.log[:]
        return new

    # -------------------------------------------------------------- moves
    def draw(self, tile: int) -> None:
        pool = self.pool
        i = bisect_left(pool, tile)
        if i == len(pool) or pool[i] != tile:
            raise ValueError(f"tile {tile} is not in the bag")
        del pool[i]
        self.log.append(("d", len(self.known)))
        self.known.append(tile)
        self.owner.append(UNKNOWN)
        self.need -= 1
        if self.need > 0:
            return
        if self.engine is None:
            self._setup()
        else:
            self.engine.bag = LazyBag(self.known, self.size)
            self._attempt()

    def _setup(self) -> None:
        table = self.game.table
        n = table.num_players
        engine = new_game(table.players, table.ruleset, tile_bag=self.known)
        engine.bag = LazyBag(self.known, self.size)
        owner = self.owner
        for pos in range(min(n, len(owner))):
            owner[pos] = PUBLIC
        hand = table.hand_size
        for i, seat in enumerate(engine.order):
            for pos in range(n + i * hand, min(n + (i + 1) * hand, len(owner))):
                owner[pos] = seat
        self.engine = engine

    def _attempt(self) -> None:
        """Apply the pending move to a clone; keep it, or ask chance for tiles."""
        assert self.pending is not None and self.engine is not None
        seat, index = self.pending
        trial = self.engine.clone()
        try:
            events = trial.apply(self.game.table.space.actions[index], seat)
        except NeedTiles as need:
            self.need = need.count
            return
        self.engine = trial
        self.pending = None
        self._attribute(events)

    def _attribute(self, events: list[Event]) -> None:
        """Note who drew which tile, and the public reveals, from the move's events."""
        tile_of = self.game.table.notation.tile
        known, owner = self.known, self.owner
        for event in events:
            data = event.data
            if event.type in ("tiles_drawn", "dead_tiles_replaced"):
                for name in data["tiles"]:
                    owner[known.index(tile_of(name))] = data["player"]
            if event.type == "dead_tiles_replaced":
                self.log.append(("r", f"{data['player']} dead {' '.join(data['dead'])}"))
            elif event.type == "hand_revealed":
                self.log.append(("r", f"{data['player']} shows {' '.join(data['tiles'])}"))

    # -------------------------------------------------------------- information
    def history_string(self, player: int) -> str:
        known, owner = self.known, self.owner
        names = self.game.table.notation.board.names
        parts = []
        for entry in self.log:
            kind = entry[0]
            if kind == "a":
                parts.append(f"{entry[1]}:{entry[2]}")
            elif kind == "d":
                who = owner[entry[1]]
                seen = who in (player, PUBLIC)
                parts.append(f"d{who}:{names[known[entry[1]]] if seen else '?'}")
            else:
                parts.append(entry[1])
        return " ".join(parts)

    def resample(self, player: int, rng: random.Random) -> _Core:
        """A copy in which the hands ``player`` cannot see are re-dealt from the unseen tiles."""
        new = self.__deepcopy__({})
        engine = self.engine
        if engine is None or self.need or engine.decider is None:
            return new
        tmp = engine.clone()
        tmp.bag = tuple(self.known) + tuple(self.pool)
        dealt = tmp.determinize(player, rng)
        mapping: dict[int, int] = {}
        for seat in range(engine.num_players):
            if seat != player:
                mapping.update(zip(engine.hands[seat], dealt.hands[seat], strict=True))
        new.known = [mapping.get(t, t) for t in self.known]
        new.pool = sorted(dealt.bag)  # determinize keeps only the undrawn part of the bag
        dealt.bag = LazyBag(new.known, self.size)
        dealt.bag_pos = engine.bag_pos
        new.engine = dealt
        return new


class AcquireSpielState(pyspiel.State):
    """One position, possibly a chance node (a tile draw)."""

    def __init__(self, game: AcquireGame) -> None:
        super().__init__(game)
        self._core = _Core(game)

    # -------------------------------------------------------------- protocol
    def current_player(self) -> int:
        core = self._core
        if core.need > 0:
            return int(pyspiel.PlayerId.CHANCE)
        engine = core.engine
        assert engine is not None
        if engine.decider is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return engine.decider

    def is_terminal(self) -> bool:
        core = self._core
        return core.need == 0 and core.engine is not None and core.engine.decider is None

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player() or player < 0:
            return []
        engine = self._core.engine
        assert engine is not None
        return self._core.game.table.space.legal(engine)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        pool = self._core.pool
        p = 1.0 / len(pool)
        return [(t, p) for t in pool]

    def _apply_action(self, action: int) -> None:
        core = self._core
        if core.need > 0:
            core.draw(int(action))
            return
        engine = core.engine
        assert engine is not None and engine.decider is not None
        index = int(action)
        space = core.game.table.space
        if not 0 <= index < len(space):
            raise ValueError(f"action {index} is outside 0..{len(space) - 1}")
        core.log.append(("a", engine.decider, index))
        core.pending = (engine.decider, index)
        core._attempt()

    def _action_to_string(self, player: int, action: int) -> str:
        table = self._core.game.table
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {table.notation.board.names[action]}"
        return f"{action}: {table.notation.text(table.space.actions[action])}"

    def returns(self) -> list[float]:
        core = self._core
        if not self.is_terminal():
            return [0.0] * core.game.table.num_players
        assert core.engine is not None
        scores = core.engine.scores()
        assert scores is not None
        return rank_returns(scores)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any
    ) -> AcquireSpielState:
        """A state ``player_id`` cannot tell from this one (other hands re-dealt)."""
        seed = int(float(probability_sampler()) * 2**53) if callable(probability_sampler) else None
        new = AcquireSpielState(self._core.game)
        new._core = self._core.resample(player_id, random.Random(seed))
        return new

    def engine(self) -> AcquireState | None:
        """The engine state (``None`` before the deal): the whole truth, hands included."""
        return self._core.engine

    def __str__(self) -> str:
        core = self._core
        head = f"drawn {len(core.known)}/{core.size} pending {core.pending} need {core.need}"
        engine = core.engine
        if engine is None:
            return head
        body = {
            "board": engine.board,
            "hands": engine.hands,
            "cash": engine.cash,
            "shares": engine.shares,
            "bank": engine.bank,
            "removed": engine.removed,
            "decider": engine.decider,
            "decision": engine.decision,
            "turn": engine.turn_number,
        }
        return head + "\n" + json.dumps(body)


class AcquireObserver:
    """Observation and information-state tensors and strings (OpenSpiel's PyObserver)."""

    def __init__(self, game: AcquireGame, iig_obs_type: Any, params: dict[str, Any] | None):
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "only the default observation types are supported (public information "
                "plus one player's private information)"
            )
        self.recall = bool(iig_obs_type.perfect_recall)
        self.encoder = encoder = game.table.encoder
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = {
            name: self.tensor[start:end] for name, (start, end) in encoder.sections().items()
        }

    def set_from(self, state: AcquireSpielState, player: int) -> None:
        engine = state._core.engine
        if engine is None:
            self.tensor.fill(0.0)
            return
        self.encoder.encode(engine, player, recall=self.recall, out=self.tensor)

    def string_from(self, state: AcquireSpielState, player: int) -> str:
        core = state._core
        engine = core.engine
        if engine is None:
            seen = core.history_string(player)
            return f"p{player} setup {seen}"
        view = json.dumps(engine.view(player), sort_keys=True, separators=(",", ":"))
        if self.recall:
            return f"p{player} {core.history_string(player)} | {view}"
        return f"p{player} {view}"


pyspiel.register_game(GAME_TYPE, AcquireGame)
