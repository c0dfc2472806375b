"""The analysis board: every decision of a finished game appraised by the strongest bot.

For each move where the seat had a choice, the game's analysis bot (:func:`analysis_spec`,
the one seam to change when a stronger bot lands) searches the position *from that seat's
observation* (what it could not see is re-dealt, as its own search would), with the move
taken among the options, and says:

- ``before``: what the seat could expect with best play (the better of the bot's choice
  and the move taken), ``after``: what it could expect after the move taken;
- ``loss``: ``before - after``; a decision whose loss is at least :data:`BLUNDER` is
  ``costly``;
- ``best``: the bot's own choice, and ``seats``: every seat's expectation after the move
  taken (the graph along the game).

Values are the bots' search rewards in [0, 1] (``measure``): for Acquire an estimated
win probability, for 1817 an expected place (1: first, 0: last). A short search is noisy:
a loss below the threshold says little, and a costly mark means the search, at this
budget, found the move clearly worse.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from takeover.analysis.moves import Game, Move
from takeover.bots import make_bot
from takeover.bots.appraisal import Appraiser
from takeover.bots.base import Observation
from takeover.core.errors import TakeoverError
from takeover.core.protocol import GameState

BLUNDER = 0.10
"""The loss (in the measure's units, a tenth of the scale) from which a decision is costly."""

STRONGEST = {"acquire": "mcts", "1817": "mcts"}
"""The strongest level of each game's bots, which the analysis uses (the seam for a
stronger bot: name its level here; it must offer ``appraise``)."""

SECONDS = {"acquire": 0.25, "1817": 0.15}
"""CPU seconds of search per decision by default (1817: a 1,700-action game within
10 CPU minutes; measured in docs/bots.md)."""

MEASURE = {"acquire": "win", "1817": "rank"}
"""What a value estimates: ``win`` a win probability, ``rank`` an expected place
(1 first, 0 last)."""


def analysis_spec(game: str, seconds: float | None = None, clock: str = "cpu") -> str:
    """The bot spec that analyses ``game``'s decisions at ``seconds`` a decision."""
    level = STRONGEST.get(game, "mcts")
    time = SECONDS.get(game, 0.25) if seconds is None else seconds
    return f"{level}:time={time:g},clock={clock}"


def analysis_bot(game: str, spec: str | None = None) -> Appraiser:
    """The game's analysis bot (``spec``: another spec of it, e.g. an iteration budget for
    tests); ``TypeError`` if that level cannot appraise a decision."""
    bot = make_bot(spec or analysis_spec(game), game)
    if not isinstance(bot, Appraiser):
        raise TypeError(f"the {bot.name} bot of {game} cannot appraise a decision")
    return bot


def appraise(
    state: GameState, seat: int | None, action: Any, step: int, bot: Appraiser, seed: int
) -> dict[str, Any] | None:
    """Move ``step`` (``seat`` took ``action`` in ``state``, which is left as it is)
    appraised; ``None`` where there was nothing to decide: no one seat decided, one
    action was legal, or the action is no listed kind of decision (a message, a trade
    offer)."""
    if seat is None:
        return None
    legal = list(state.legal_actions(seat))
    if len(legal) < 2 or action.type not in {a.type for a in legal}:
        return None
    obs = Observation(state.clone(), seat, legal)
    try:
        found = bot.appraise(obs, action, random.Random(seed))
    except TakeoverError:  # the move cannot be searched from this seat's view
        return None
    before = max(found.best_value, found.taken_value)
    loss = before - found.taken_value
    best = found.best
    return {
        "step": step,
        "seat": seat,
        "action": state.action_to_dict(action),
        "text": state.action_text(action),
        "before": round(before, 4),
        "after": round(found.taken_value, 4),
        "loss": round(loss, 4),
        "costly": loss >= BLUNDER,
        "best": state.action_to_dict(best),
        "best_text": state.action_text(best),
        "seats": [round(v, 4) for v in found.seats],
        "iterations": found.iterations,
    }


def header(game: Game, spec: str) -> dict[str, Any]:
    """The analysis document before its decisions."""
    return {
        "game": game.game,
        "players": game.players,
        "analyser": spec,
        "measure": MEASURE.get(game.game, "win"),
        "blunder": BLUNDER,
        "total": game.total,
        "done": 0,
        "decisions": [],
    }


def analyse(
    game: Game, spec: str | None = None, seed: int = 0
) -> Iterator[tuple[Move, dict[str, Any] | None]]:
    """Each move of ``game`` with its appraisal by ``spec`` (default
    :func:`analysis_spec`; ``None``: nothing was decided), one at a time as they are done."""
    bot = analysis_bot(game.game, spec)
    for move in game.moves:
        yield move, appraise(move.before, move.seat, move.action, move.step, bot, seed + move.step)


def document(
    game: Game,
    spec: str | None = None,
    seed: int = 0,
    progress: Callable[[int, dict[str, Any] | None], None] | None = None,
) -> dict[str, Any]:
    """The whole analysis (:func:`header` and every decision) by ``spec`` (default
    :func:`analysis_spec`), calling ``progress`` with each move's number and appraisal as
    it goes."""
    spec = spec or analysis_spec(game.game)
    out = header(game, spec)
    for move, entry in analyse(game, spec, seed):
        if entry is not None:
            out["decisions"].append(entry)
        out["done"] = move.step
        if progress is not None:
            progress(move.step, entry)
    return out


def costliest(doc: dict[str, Any], per_player: int = 3) -> list[list[dict[str, Any]]]:
    """Each seat's costliest decisions (most lost first; costly or not), at most
    ``per_player``."""
    seats: list[list[dict[str, Any]]] = [[] for _ in doc["players"]]
    for entry in doc["decisions"]:
        if 0 <= entry["seat"] < len(seats) and entry["loss"] > 0:
            seats[entry["seat"]].append(entry)
    return [sorted(s, key=lambda e: -e["loss"])[:per_player] for s in seats]


def report(doc: dict[str, Any], per_player: int = 3) -> str:
    """A short text report: each player's costliest decisions."""
    unit = "win probability" if doc["measure"] == "win" else "expected place (0-1)"
    lines = [
        f"{doc['game']}: {len(doc['decisions'])} decisions of {doc['total']} moves "
        f"appraised by {doc['analyser']}; costly from a loss of {doc['blunder']:g} "
        f"in {unit}"
    ]
    for seat, worst in enumerate(costliest(doc, per_player)):
        costly = sum(1 for e in doc["decisions"] if e["seat"] == seat and e["costly"])
        lines.append(f"{doc['players'][seat]}: {costly} costly")
        for e in worst:
            mark = "??" if e["costly"] else "  "
            lines.append(
                f"  {mark} move {e['step']}: {e['text']} ({e['before']:.2f} -> "
                f"{e['after']:.2f}, -{e['loss']:.2f}); the bot: {e['best_text']}"
            )
    return "\n".join(lines)
