"""The arena: matches between bots, with seats rotated over the same tile bags, and
the statistics that say which bot is stronger (win share with a confidence
interval, mean score and rank, an openskill rating)."""

from takeover.arena.match import GameResult, play_game
from takeover.arena.schedule import Fixture, schedule
from takeover.arena.stats import BotStats, summarise

__all__ = ["BotStats", "Fixture", "GameResult", "play_game", "schedule", "summarise"]
