"""Bots: players that choose among the legal actions from what their seat may know.

Levels: ``random`` (uniform, but it declares the end when it may), ``heuristic``
(a hand-written club player's strategy) and ``mcts`` (information-set Monte
Carlo tree search). :func:`make_bot` builds one from a spec string.
"""

from __future__ import annotations

from takeover.bots.base import Bot, Observation
from takeover.bots.spec import BotSpecError, as_bool, as_choice, as_float, as_int, parse_spec

LEVELS = ("random", "heuristic", "mcts")


def make_bot(spec: str) -> Bot:
    """A bot from a spec such as ``heuristic`` or ``mcts:time=0.5,rollout=heuristic``.

    Raises :class:`BotSpecError` naming what was wrong.

    >>> make_bot("mcts:iterations=50").name
    'mcts:iterations=50'
    """
    level, settings = parse_spec(spec)
    if level == "random":
        _no_settings(level, settings, ())
        from takeover.bots.random_bot import RandomBot

        return RandomBot()
    if level == "heuristic":
        _no_settings(level, settings, ("trade",))
        from takeover.bots.heuristic import HeuristicBot

        trade = as_bool(level, "trade", settings["trade"]) if "trade" in settings else True
        return HeuristicBot(trade=trade)
    if level == "mcts":
        _no_settings(
            level, settings, ("time", "iterations", "rollout", "depth", "c", "width", "clock")
        )
        from takeover.bots.mcts import MctsBot

        kwargs: dict[str, object] = {}
        if "time" in settings:
            kwargs["time"] = as_float(level, "time", settings["time"], 0.001, 600.0)
        if "iterations" in settings:
            kwargs["iterations"] = as_int(level, "iterations", settings["iterations"], 1, 10**7)
        if "rollout" in settings:
            kwargs["rollout"] = as_choice(
                level, "rollout", settings["rollout"], ("heuristic", "random")
            )
        if "depth" in settings:
            kwargs["depth"] = as_int(level, "depth", settings["depth"], 0, 1000)
        if "c" in settings:
            kwargs["c"] = as_float(level, "c", settings["c"], 0.0, 100.0)
        if "clock" in settings:
            kwargs["clock"] = as_choice(level, "clock", settings["clock"], ("wall", "cpu"))
        if "width" in settings:
            kwargs["width"] = as_int(level, "width", settings["width"], 1, 1000)
        return MctsBot(**kwargs)  # type: ignore[arg-type]
    raise BotSpecError(f"unknown bot level {level!r} in {spec!r} (levels: {', '.join(LEVELS)})")


def _no_settings(level: str, settings: dict[str, str], allowed: tuple[str, ...]) -> None:
    for key in settings:
        if key not in allowed:
            known = ", ".join(allowed) or "none"
            raise BotSpecError(f"{level}: unknown setting {key!r} (settings: {known})")


__all__ = ["LEVELS", "Bot", "BotSpecError", "Observation", "make_bot", "parse_spec"]
