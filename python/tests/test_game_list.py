"""The games of the list (src/evoplay/games/CMakeLists.txt) in Python: each game with bindings is
a submodule of the native module, made by its add_GAME (python/src/module.cpp), and the package
re-exports it as evoplay.GAME (python/evoplay/__init__.py), importable as such. CMake passes the
list as EVOPLAY_PYTHON_GAMES (python/CMakeLists.txt)."""

import importlib
import os
import types

import pytest

import evoplay
from evoplay import _evoplay

GAMES = [g for g in os.environ.get("EVOPLAY_PYTHON_GAMES", "").split(",") if g]
pytestmark = pytest.mark.skipif(not GAMES, reason="EVOPLAY_PYTHON_GAMES is not set (ctest sets it)")


def test_the_native_submodules_are_the_games_and_evo():
    native = sorted(n for n in dir(_evoplay) if isinstance(getattr(_evoplay, n), types.ModuleType))
    assert native == sorted(GAMES + ["evo"])


@pytest.mark.parametrize("game", GAMES)
def test_the_package_reexports_every_game(game):
    native = getattr(_evoplay, game)
    assert getattr(evoplay, game) is native
    assert game in evoplay.__all__
    assert importlib.import_module("evoplay." + game) is native
    assert native.__doc__, game
