"""Without ``takeover[fast]`` everything works as before: nothing imports numba, and the
kernel's bot level is simply not offered."""

from __future__ import annotations

import subprocess
import sys

BLOCKED = """
import sys
sys.modules["numba"] = None  # as if not installed: importing it fails, find_spec finds none
"""

CHECK = """
import random
from takeover import cli
from takeover.bots import make_bot, Observation
from takeover.bots.registry import levels
from takeover.bots.spec import BotSpecError
from takeover.kernel import available
from takeover.acquire import new_game
assert not available()
assert "pimc" not in [lv.level for lv in levels("acquire")]
try:
    make_bot("pimc")
except BotSpecError as exc:
    print("refused:", exc)
state = new_game(3, seed=1)
bot = make_bot("mcts:iterations=5")
for _ in range(10):
    state.apply(bot.choose(Observation(state, state.current_player()), random.Random(0)))
import takeover.server.app, takeover.rl, takeover.bench.kernel
assert sys.modules["numba"] is None, "numba was imported"
assert not [name for name in sys.modules if name.startswith(("numba.", "takeover.kernel."))]
print("ok")
"""


def test_everything_works_without_numba() -> None:
    done = subprocess.run(
        [sys.executable, "-c", BLOCKED + CHECK],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "refused: the pimc bot needs the fast extra: pip install 'takeover[fast]'" in done.stdout
    assert done.stdout.strip().endswith("ok")


def test_with_numba_the_level_is_offered() -> None:
    from takeover.bots.registry import levels

    assert "pimc" in [lv.level for lv in levels("acquire")]
