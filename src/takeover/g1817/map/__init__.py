"""The 1817 map: hex grid, tile geometry, the board of a game and its views."""
