"""Test-wide settings: reproducible hypothesis runs.

The default ``ci`` profile is derandomized (the same examples on every run and
machine), so a failure in CI reproduces locally. ``HYPOTHESIS_PROFILE=explore``
draws fresh random examples, for hunting new failures.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("explore", deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
