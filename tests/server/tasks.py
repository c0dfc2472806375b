"""Work for the worker-pool tests, imported by the worker processes."""

from __future__ import annotations

import os
import time


def label(text: str, seconds: float) -> tuple[str, int]:
    """``text`` and the worker's process id, after ``seconds`` of sleep."""
    time.sleep(seconds)
    return text, os.getpid()


def fail(text: str) -> None:
    raise ValueError(text)
