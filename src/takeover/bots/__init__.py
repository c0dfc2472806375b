"""Bots: players that choose among the legal actions from what their seat may know.

Levels: ``random`` (any game: uniform, but it takes the game's voluntary end when it
may), and Acquire's ``heuristic`` (a hand-written club player's strategy) and ``mcts``
(information-set Monte Carlo tree search). A spec string is read once into a
:class:`BotSpec`; :func:`make_bot` builds the bot it names for a game
(:mod:`takeover.bots.registry`).
"""

from __future__ import annotations

from takeover.bots.base import Bot, Observation
from takeover.bots.registry import BotLevel, level_of, levels, make_bot, register
from takeover.bots.spec import BotSpec, BotSpecError, Setting, parse_spec

__all__ = [
    "Bot",
    "BotLevel",
    "BotSpec",
    "BotSpecError",
    "Observation",
    "Setting",
    "level_of",
    "levels",
    "make_bot",
    "parse_spec",
    "register",
]
