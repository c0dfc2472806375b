"""Benchmarks, run with ``takeover bench NAME``; figures go to docs/performance.md."""
