"""Argument types shared by the benchmarks: a count of zero or a negative duration is
refused by the parser, naming the option, before anything runs."""

from __future__ import annotations

import argparse
import math


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def positive_ints(text: str) -> list[int]:
    """A comma-separated list of counts, e.g. ``1,20,100``."""
    values = [positive_int(part) for part in text.split(",") if part.strip()]
    if not values:
        raise argparse.ArgumentTypeError(f"expected counts separated by commas, not {text!r}")
    return values


def seconds(text: str) -> float:
    """A duration in seconds, more than zero."""
    value = _finite(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {text}")
    return value


def seconds_or_zero(text: str) -> float:
    """A duration in seconds, zero allowed (a warm-up that can be skipped)."""
    value = _finite(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 seconds or more, not {text}")
    return value


def _finite(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"not a finite number: {text!r}")
    return value
