"""A compiled Acquire kernel for playouts and batched simulation (``takeover[fast]``).

:mod:`.compiled` is the rules in numba over flat arrays (the only module that imports
numba), :mod:`.bridge` converts positions and actions between it and the reference
engine. Neither is imported by this package: without the extra everything else works
as before, and :func:`available` says whether the kernel can be used.
"""

from __future__ import annotations

import importlib.util


def available() -> bool:
    """Whether numba (the ``fast`` extra) is installed."""
    return importlib.util.find_spec("numba") is not None
