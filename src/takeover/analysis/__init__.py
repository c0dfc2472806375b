"""The analysis board: a finished game's decisions appraised by the strongest bot
(:mod:`.board`), over the moves of its record (:mod:`.moves`). A players-layer package:
the command line (``takeover analyse``) and the server's bot workers use it."""

from __future__ import annotations

from takeover.analysis.board import BLUNDER, analyse, appraise, document, report
from takeover.analysis.moves import Game, Move, read

__all__ = ["BLUNDER", "Game", "Move", "analyse", "appraise", "document", "read", "report"]
