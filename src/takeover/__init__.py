"""takeover: merger-and-acquisition stock games (Acquire, 1817).

Layers, each depending only on those below: ``core`` and the game packages
(pure rules, no I/O) <- ``bots`` and ``arena`` <- ``server`` <- ``web``.
"""

__version__ = "0.1.0"
