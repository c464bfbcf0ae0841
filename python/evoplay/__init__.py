"""evoplay for Python: games as environments, search bots, and the optimisers (GA, CRO, ACO)
over problems written in Python, on evoplay's C++ core.

    import evoplay
    state = evoplay.connect4.State("4453")
    evoplay.connect4.solve(state)            # Pons' score for the side to move
    bot = evoplay.search.AlphaBeta(depth=6)
    state.play(bot(state))

Submodules: tictactoe, connect4, flags (games), search (bots), evo (optimisers), sudoku,
lemmings, birds (the seeds' systems), games (load_game: the games the pyspiel way), envs
(Gymnasium- and PettingZoo-shaped environments).
Errors in input are evoplay.Error (a ValueError with .file, .line, .column, .message).
See docs/python.md.
"""

import sys as _sys

from . import _evoplay
from ._evoplay import Error, __version__, settings, settings_fields, settings_names

tictactoe = _evoplay.tictactoe
connect4 = _evoplay.connect4
flags = _evoplay.flags
sudoku = _evoplay.sudoku
lemmings = _evoplay.lemmings
birds = _evoplay.birds
# `import evoplay.connect4` and `from evoplay.connect4 import State` find the native submodules.
for _name in ("tictactoe", "connect4", "flags", "sudoku", "lemmings", "birds"):
    _sys.modules[__name__ + "." + _name] = getattr(_evoplay, _name)

from . import evo, search  # noqa: E402  (pure-Python modules over the native ones)
from . import games  # noqa: E402  (the games the pyspiel way)
from .games import load_game  # noqa: E402


def __getattr__(name):
    """evoplay.envs on first use (it needs numpy; `import evoplay` does not)."""
    if name == "envs":
        import importlib
        return importlib.import_module(__name__ + ".envs")
    raise AttributeError("module 'evoplay' has no attribute %r" % name)

__all__ = ["Error", "__version__", "settings", "settings_fields", "settings_names", "tictactoe", "connect4", "flags", "sudoku", "lemmings",
           "birds", "search", "evo", "games", "envs", "load_game"]
