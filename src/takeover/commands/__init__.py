"""Subcommands of the ``takeover`` CLI (see :mod:`takeover.cli`)."""
