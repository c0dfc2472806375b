"""1817's bots: ``random`` (with the biases that finish a game), ``heuristic`` (small named
policies, one module per part of the game) and ``mcts`` (search with the heuristic as its
rollout policy). They read a sampled copy of the position (1817 has no hidden
information) and the rules' ``PLANNING`` extension, and choose only listed actions.
"""
