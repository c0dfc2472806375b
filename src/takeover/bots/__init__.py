"""Bots: players that choose among the legal actions from what their seat may know."""
