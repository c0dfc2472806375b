"""Research adapters for Acquire: PettingZoo, OpenSpiel and Gymnasium (``takeover[rl]``).

>>> from takeover.rl import acquire_env
>>> env = acquire_env(players=4)          # PettingZoo AEC
>>> import takeover.rl.openspiel          # registers "python_takeover_acquire" with pyspiel

Importing this package also registers ``takeover/Acquire-v0`` with PettingZoo's
registry (``pettingzoo.make("aec", "takeover/Acquire-v0")``, where the installed
PettingZoo has one) and with Gymnasium (``gymnasium.make("takeover/Acquire-v0")``,
the single-agent wrapper). The encodings are documented in ``docs/research.md``.
"""

from __future__ import annotations

from takeover.rl.actions import ActionSpace
from takeover.rl.gym_env import AcquireGymEnv
from takeover.rl.observation import ObservationEncoder
from takeover.rl.pettingzoo_env import AcquireAECEnv, acquire_env
from takeover.rl.rewards import rank_returns, win_returns
from takeover.rl.table import Table, rl_ruleset

ENV_ID = "takeover/Acquire-v0"


def _register() -> None:
    import gymnasium
    import pettingzoo

    if ENV_ID not in gymnasium.registry:
        gymnasium.register(ENV_ID, entry_point="takeover.rl.gym_env:AcquireGymEnv")
    register = getattr(pettingzoo, "register", None)  # PettingZoo >= 1.27
    registry = getattr(pettingzoo, "aec_registry", {})
    if register is not None and ENV_ID not in registry:
        register("aec", ENV_ID, entry_point="takeover.rl.pettingzoo_env:acquire_env")


_register()

__all__ = [
    "ENV_ID",
    "AcquireAECEnv",
    "AcquireGymEnv",
    "ActionSpace",
    "ObservationEncoder",
    "Table",
    "acquire_env",
    "rank_returns",
    "rl_ruleset",
    "win_returns",
]
