"""Names the dead-code check (vulture, `make deadcode`) must not report: code that only a
framework, a serialiser or an outside user reaches, so nothing in this repository calls it.

This file is read by vulture, never imported. One line per name, with why it is used.
"""

# Dataclass fields written out by dataclasses.asdict (the arena's JSON and tables).
rating_sigma  # arena/stats.py: BotStats, serialised

# argparse: sub-command parsers set `required` on the subparsers action.
_.required  # cli.py, commands/bench.py, commands/db.py

# Gymnasium and PettingZoo call these (the environments' API).
_.action_space  # rl/gym_env.py (attribute), rl/pettingzoo_env.py (method)

# OpenSpiel calls these on its Python games, states and observers.
_.make_py_observer  # rl/openspiel.py: AcquireSpielGame
_._legal_actions  # rl/openspiel.py: AcquireSpielState
_._apply_action  # rl/openspiel.py: AcquireSpielState
_._action_to_string  # rl/openspiel.py: AcquireSpielState
_.set_from  # rl/openspiel.py: AcquireObserver
_.string_from  # rl/openspiel.py: AcquireObserver

# 1817's bots, built by name from the bot registry (bots/registry.py: "module:Class").
Random1817  # bots/g1817/random_bot.py
Heuristic1817  # bots/g1817/heuristic.py
Mcts1817  # bots/g1817/mcts.py

# Replay workers' jobs, named by "module:function" (server/replays.py runs them).
encoded_record  # server/archive.py
position_at  # server/archive.py
step_at  # server/imports.py
record_of  # server/imports.py
slow_replay  # tests/server/tasks.py: the replay workers' task in tests/server/test_replays.py

# aiosmtpd calls a handler's hooks by name (the tests' SMTP server).
_.handle_RCPT  # tests/server/smtp.py
_.handle_DATA  # tests/server/smtp.py

# http.server calls a request handler's methods by name (the tests' webhook receiver).
_.do_POST  # tests/server/receiver.py
_.log_message  # tests/server/receiver.py
