"""1817's ``mcts`` bot: UCT over the legal actions, the heuristic as rollout policy.

1817 hides nothing and its engine is deterministic given the actions, so one tree of
positions is searched: each iteration copies the position, walks the tree by UCB1 (every
seat maximising its own reward), adds a node, plays ``depth`` decisions by the heuristic
(or at random) and scores the end by :func:`takeover.bots.g1817.values.rewards` (exact
ranks if the game ended, else worth against the best rival). Every decision is narrowed
to the heuristic's options, at most its ``width`` best, kept on the node. The
most visited root action is played when its mean reward beats the heuristic's own choice
by more than ``margin``; else the heuristic's choice (a search of a few dozen short
rollouts is noisy, and an 8-decision horizon cannot see a train plan pay off). With a
time budget the search stops before an iteration as long as the longest so far would
overrun it.
"""

from __future__ import annotations

import math
import random

from takeover.bots.appraisal import Appraisal, add_seats, appraisal, due, most_visited
from takeover.bots.base import Observation
from takeover.bots.budget import SearchBudget
from takeover.bots.g1817.heuristic import ranked
from takeover.bots.g1817.values import rewards
from takeover.core.protocol import Action as AnyAction
from takeover.g1817.actions import Action
from takeover.g1817.state import Game1817


class _Node:
    __slots__ = ("children", "options", "reward", "seats", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.options: list[Action] | None = None
        self.seats: list[float] | None = None
        """Every seat's summed reward (root children, when appraising)."""


class Mcts1817:
    def __init__(
        self,
        time: float | None = None,
        iterations: int | None = None,
        rollout: str = "heuristic",
        depth: int = 8,
        c: float = 0.7,
        width: int = 6,
        clock: str = "wall",
        margin: float = 0.05,
    ) -> None:
        self.budget = SearchBudget.of(time, iterations, clock)
        self.time, self.iterations = self.budget.time, self.budget.iterations
        self.clock = clock
        self.rollout = rollout
        self.depth = depth
        self.c = c
        self.width = width
        self.margin = margin
        self.last_iterations = 0
        self.name = self.budget.label("mcts")
        self._taken: Action | None = None
        """While appraising: the action taken, which gets its share of the search."""
        self._forced_visits = 0

    def choose(self, obs: Observation, rng: random.Random) -> AnyAction:
        started = self.budget.now()
        legal = [a for a in obs.legal if isinstance(a, Action)]
        if len(legal) == 1:
            return legal[0]
        game = obs.sample(rng)
        assert isinstance(game, Game1817)
        root = _Node()
        root.options = self._narrow(game, obs.seat, legal, rng)
        if len(root.options) == 1:
            return root.options[0]
        self.last_iterations = self.budget.spend(
            lambda: self._iterate(root, game.clone(), rng), started
        )
        return self._pick(root)

    def appraise(self, obs: Observation, taken: AnyAction, rng: random.Random) -> Appraisal:
        """The search of :meth:`choose` with ``taken`` among the root's options, and
        every seat's reward kept at the root (:mod:`takeover.bots.appraisal`)."""
        started = self.budget.now()
        assert isinstance(taken, Action)
        legal = [a for a in obs.legal if isinstance(a, Action)]
        game = obs.sample(rng)
        assert isinstance(game, Game1817)
        root = _Node()
        options = self._narrow(game, obs.seat, legal, rng) if legal else []
        root.options = options if taken in options else [*options, taken]
        self._taken, self._forced_visits = taken, 0
        self.last_iterations = self.budget.spend(
            lambda: self._iterate(root, game.clone(), rng, True), started
        )
        best = self._pick(root, taken, self._forced_visits) if options else taken
        return appraisal(root.children, best, taken, obs.num_players, self.last_iterations)

    def _pick(self, root: _Node, taken: Action | None = None, forced: int = 0) -> Action:
        """The most visited root action if its mean reward beats the heuristic's choice
        (the first option) by more than ``margin``, else the heuristic's choice (when
        appraising, not counting the ``forced`` visits of the action ``taken``)."""
        assert root.options
        default = root.options[0]
        best = most_visited(
            root.children, root.options, default if taken is None else taken, forced
        )
        if best is default or best not in root.children or default not in root.children:
            return default
        chosen, held = root.children[best], root.children[default]
        gain = chosen.reward / chosen.visits - held.reward / held.visits
        return best if gain > self.margin else default

    def _narrow(
        self, game: Game1817, seat: int, legal: list[Action], rng: random.Random
    ) -> list[Action]:
        """The heuristic's options, best first, at most ``width`` of them."""
        return ranked(game, seat, legal, rng)[: self.width]

    def _iterate(
        self, root: _Node, state: Game1817, rng: random.Random, every: bool = False
    ) -> None:
        """One iteration; ``every``: also count every seat's reward at the root's child."""
        path: list[tuple[_Node, int]] = []
        node = root
        while (decision := state.pending()) is not None:
            seat = decision.seats[0]
            if node.options is None:
                node.options = self._narrow(state, seat, list(state.legal_actions(seat)), rng)
            options = node.options
            if not options:
                break
            taken = self._taken
            if every and node is root and taken is not None and due(root.children, taken):
                self._forced_visits += 1  # the action taken, for its share
                action = taken
                child = node.children.get(action)
                state.apply(action, seat)
                if child is None:
                    child = node.children[action] = _Node()
                    path.append((child, seat))
                    break
                node = child
                path.append((node, seat))
                continue
            untried = [a for a in options if a not in node.children]
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = node.children[action] = _Node()
                state.apply(action, seat)
                path.append((child, seat))
                break
            action = self._select(node, options)
            state.apply(action, seat)
            node = node.children[action]
            path.append((node, seat))
        result = self._rollout(state, rng)
        root.visits += 1
        if every and path:
            add_seats(path[0][0], result)
        for child, seat in path:
            child.visits += 1
            child.reward += result[seat]

    def _select(self, node: _Node, options: list[Action]) -> Action:
        log_n = math.log(max(1, sum(node.children[a].visits for a in options)))
        best, best_score = options[0], -1.0
        for a in options:
            child = node.children[a]
            score = child.reward / child.visits + self.c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = a, score
        return best

    def _rollout(self, state: Game1817, rng: random.Random) -> list[float]:
        for _ in range(self.depth):
            decision = state.pending()
            if decision is None:
                break
            seat = decision.seats[0]
            legal = list(state.legal_actions(seat))
            if not legal:
                break
            if self.rollout == "heuristic":
                action = ranked(state, seat, legal, rng)[0]
            else:
                action = legal[rng.randrange(len(legal))]
            state.apply(action, seat)
        return rewards(state)
