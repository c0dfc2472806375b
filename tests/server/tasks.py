"""Work for the worker-pool tests, imported by the worker processes."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path


def label(text: str, seconds: float) -> tuple[str, int]:
    """``text`` and the worker's process id, after ``seconds`` of sleep."""
    time.sleep(seconds)
    return text, os.getpid()


def fail(text: str) -> None:
    raise ValueError(text)


HELD_AT_MOST = 60.0
"""The longest :func:`slow_replay` holds a step before it gives up waiting."""


def release_file(import_id: str) -> Path:
    """The file whose existence lets :func:`slow_replay` go on with ``import_id``."""
    return Path(tempfile.gettempdir()) / f"takeover-test-{import_id}.release"


def slow_replay(job: str, seconds: float, *args: object) -> object:
    """The replay workers' task (:func:`takeover.server.replays.work`), except that a step
    of an import whose id a test made start with ``slow`` first computes (pure Python,
    holding the interpreter, blind to its deadline) until the test creates its
    :func:`release_file`: a deliberately heavy replay, as long as the test needs."""
    from takeover.server.replays import work

    if job.endswith(":step_at") and str(args[1]).startswith("slow"):
        release = release_file(str(args[1]))
        end = time.monotonic() + HELD_AT_MOST
        while not release.exists() and time.monotonic() < end:
            sum(i * i for i in range(10_000))
    return work(job, seconds, *args)
