"""The round machine: auction, stock, operating, merger-and-conversion and acquisition."""
