"""The ``mcts`` bot: information-set Monte Carlo tree search (single observer).

Each iteration draws a *determinisation* from the observation (hidden tiles
re-dealt, :meth:`Observation.sample`), walks the one shared tree choosing among
the actions available in that world (UCB with availability counts, so an
opponent's tile that only some worlds hold is judged fairly), adds one node,
plays a short rollout (the fast heuristic, or random) and scores the end by
:func:`takeover.bots.evaluate.rewards`: exact ranks when the game ended, else
each seat's worth against its best rival. Every seat maximises its own reward.

Wide decisions are pruned by the heuristic: of the purchases and disposals only
the ``width`` best by its reckoning are searched (the tree's node keeps that
list, as those options depend only on public information).

Settings (spec ``mcts:time=0.5,iterations=..,rollout=heuristic,depth=..,c=..,width=..``):
``time`` seconds per decision (default 0.5), ``clock`` ``wall`` (default) or
``cpu`` (the time budget counts this process's CPU seconds, for fair
measurements on a busy machine), ``iterations`` (a cap; alone, it makes the bot
deterministic), ``rollout`` ``heuristic`` or ``random``, ``depth`` rollout
length in decisions, ``c`` the exploration constant, ``width`` options searched
at wide decisions.
"""

from __future__ import annotations

import math
import random
from typing import Any

from takeover.acquire import ANSWER, BUY, DISPOSE, PLACE
from takeover.acquire.actions import BuyShares, DeclareEnd, PlaceTile
from takeover.bots.appraisal import Appraisal, add_seats, appraisal, due, most_visited
from takeover.bots.base import Observation
from takeover.bots.budget import SearchBudget
from takeover.bots.evaluate import rewards
from takeover.bots.heuristic import acquire_world, buy_scores, decide, dispose_scores
from takeover.core.protocol import Action


class _Node:
    __slots__ = ("avail", "children", "key", "options", "reward", "seats", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.key: tuple[int, int | None] | None = None
        self.options: list[Any] | None = None
        """Pruned options at a decision that depends on public information only."""
        self.seats: list[float] | None = None
        """Every seat's summed reward (root children, when appraising)."""


class MctsBot:
    def __init__(
        self,
        time: float | None = None,
        iterations: int | None = None,
        rollout: str = "heuristic",
        depth: int = 8,
        c: float = 0.7,
        width: int = 6,
        clock: str = "wall",
    ) -> None:
        self.budget = SearchBudget.of(time, iterations, clock)
        self.time, self.iterations = self.budget.time, self.budget.iterations
        self.clock = clock
        self.rollout = rollout
        self.depth = depth
        self.c = c
        self.width = width
        self.last_iterations = 0
        self.name = self.budget.label("mcts")
        self._forced: tuple[_Node, Any] | None = None
        """While appraising: the root and the action taken, searched whatever pruning says."""
        self._forced_visits = 0
        """Iterations sent to the action taken for its share (:func:`due`)."""

    # ------------------------------------------------------------------ protocol
    def choose(self, obs: Observation, rng: random.Random) -> Action:
        started = self.budget.now()
        legal = list(obs.legal)
        state = acquire_world(obs, rng)
        if state.phase == PLACE and state.trading_open() and state.trades_offered == 0:
            from takeover.bots.trading import propose_trade

            offer = propose_trade(state, obs.seat, rng)
            if offer is not None:
                return offer
        if len(legal) == 1:
            return legal[0]
        action: Action = self.search(obs, rng, legal, started)
        return action

    def search(
        self, obs: Observation, rng: random.Random, legal: list[Any], started: float | None = None
    ) -> Any:
        """The most visited root action after the budget is spent.

        With a time budget, the search stops before an iteration as long as the
        longest so far would overrun it, so a decision stays within ``time``
        seconds (measured from :meth:`choose`'s start, on the chosen clock).
        """
        root = _Node()
        self.last_iterations = self.budget.spend(
            lambda: self._iterate(root, obs.sample(rng), rng), started
        )
        best, best_visits = None, -1
        for action in legal:
            child = root.children.get(action)
            if child is not None and child.visits > best_visits:
                best, best_visits = action, child.visits
        return best if best is not None else legal[0]

    def appraise(self, obs: Observation, taken: Action, rng: random.Random) -> Appraisal:
        """The search of :meth:`search` with ``taken`` among the root's options, and
        every seat's reward kept at the root (:mod:`takeover.bots.appraisal`)."""
        started = self.budget.now()
        legal = list(obs.legal)
        root = _Node()
        self._forced = (root, taken)
        self._forced_visits = 0
        try:
            self.last_iterations = self.budget.spend(
                lambda: self._iterate(root, obs.sample(rng), rng, True), started
            )
        finally:
            self._forced = None
        best = most_visited(root.children, legal, taken, self._forced_visits)
        return appraisal(root.children, best, taken, obs.num_players, self.last_iterations)

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, root: _Node, state: Any, rng: random.Random, every: bool = False) -> None:
        """One iteration; ``every``: also count every seat's reward at the root's child."""
        path: list[tuple[_Node, int]] = []
        node = root
        top: _Node | None = None
        while not state.is_terminal():
            seat = state.decider
            options = self._options(node, state)
            if len(options) == 1:  # a forced step: followed, but not scored
                action = options[0]
                state.play(action)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node()
                node = child
                continue
            untried = []
            for a in options:
                child = node.children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            forced = self._forced
            if every and node is root and forced is not None and due(root.children, forced[1]):
                self._forced_visits += 1
                action = forced[1]
                child = node.children.get(action) or node.children.setdefault(action, _Node())
                if action in untried:
                    child.avail = 1
                state.play(action)
                path.append((child, seat))
                top = child
                if action in untried:
                    break
                node = child
                continue
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = node.children[action] = _Node()
                child.avail = 1
                state.play(action)
                path.append((child, seat))
                if node is root:
                    top = child
                break
            action = self._select(node, options)
            child = node.children[action]
            state.play(action)
            path.append((child, seat))
            if node is root:
                top = child
            node = child
        result = self._rollout(state, rng)
        if every and top is not None:
            add_seats(top, result)
        for child, seat in path:
            child.visits += 1
            child.reward += result[seat]

    def _select(self, node: _Node, options: list[Any]) -> Any:
        c = self.c
        best, best_score = options[0], -1.0
        for a in options:
            child = node.children[a]
            if not child.visits:
                return a
            score = child.reward / child.visits + c * math.sqrt(
                math.log(child.avail) / child.visits
            )
            if score > best_score:
                best, best_score = a, score
        return best

    def _options(self, node: _Node, state: Any) -> list[Any]:
        """The actions searched here: all of them, or the heuristic's best few.

        Purchases, disposals and answers depend on public information only, so
        the pruned list is kept on the node (keyed by who decides what, since a
        forced step in some worlds can put another decision behind the same node).
        """
        phase = state.phase
        key = (phase, state.decider)
        if phase in (BUY, DISPOSE, ANSWER):
            if node.key != key or node.options is None:
                node.key = key
                node.options = self._with_forced(node, self._pruned(state))
            return node.options
        legal: list[Any] = state.legal_actions()
        if phase == PLACE and legal and not isinstance(legal[-1], PlaceTile):
            # No playable tile: the purchase options (and perhaps declaring the end).
            ends = [a for a in legal if isinstance(a, DeclareEnd)]
            legal = ends + self._best(state, [a for a in legal if isinstance(a, BuyShares)])
        return self._with_forced(node, legal) if self._forced is not None else legal

    def _with_forced(self, node: _Node, options: list[Any]) -> list[Any]:
        """``options``, with the action being appraised at the root."""
        forced = self._forced
        if forced is None or node is not forced[0] or forced[1] in options:
            return options
        return [*options, forced[1]]

    def _pruned(self, state: Any) -> list[Any]:
        legal: list[Any] = state.legal_actions()
        if state.phase == DISPOSE:
            scored = dispose_scores(state, state.decider, legal)
            scored.sort(key=lambda x: -x[0])
            return [a for _, a in scored[: self.width]]
        if state.phase in (BUY, PLACE):
            return self._best(state, legal)
        return legal

    def _best(self, state: Any, legal: list[Any]) -> list[Any]:
        if len(legal) <= self.width:
            return legal
        plain = [a for a in legal if isinstance(a, BuyShares) and not a.end_game]
        scored = buy_scores(state, state.decider, plain)
        scored.sort(key=lambda x: -x[0])
        out = [a for _, a in scored[: self.width]]
        if any(isinstance(a, BuyShares) and a.end_game for a in legal):
            out += [BuyShares(a.shares, True) for a in out]
        return out

    def _rollout(self, state: Any, rng: random.Random) -> list[float]:
        heuristic = self.rollout == "heuristic"
        for _ in range(self.depth):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            if heuristic:
                action = decide(state, state.decider, rng, legal, propose=False, deep=False)
            else:
                action = _random_choice(legal, rng)
            state.play(action)
        return rewards(state)


def _random_choice(legal: list[Any], rng: random.Random) -> Any:
    for a in legal:
        if isinstance(a, DeclareEnd) or getattr(a, "end_game", False):
            return a
    return legal[rng.randrange(len(legal))]
