"""Pingus levels through the Python module: loaded from tests/data/pingus (images from
pingus-data), played by the Pingus rules, solved, the same as the command line."""

import pathlib

import pytest

from conftest import SOURCE_DIR
from evoplay import lemmings

PINGUS_DATA = pathlib.Path("/usr/share/games/pingus/data")
LEVEL = SOURCE_DIR / "tests" / "data" / "pingus" / "blocker.pingus"

pytestmark = pytest.mark.skipif(not (PINGUS_DATA / "images").exists(),
                                reason="pingus-data is not installed (scripts/install-deps --pingus)")


def test_a_pingus_level_plays_by_the_pingus_rules():
    level = lemmings.Level.load(str(LEVEL))
    assert level.is_pingus
    assert (level.lemmings, level.save) == (4, 3)
    # A blocker sends the others back to the exit behind them; without it they walk off the end.
    assert lemmings.run(level, lemmings.Plan.parse("200 blocker"))["saved"] == 3
    assert lemmings.run(level)["saved"] == 0


def test_a_pingus_level_is_solved_as_the_command_line_does(evoplay_cli, tmp_path):
    level = lemmings.Level.load(str(LEVEL))
    mine = lemmings.solve(level, evaluations=200, seed=3)
    cli = evoplay_cli.json("lemmings", "solve", LEVEL, "--evaluations", 200, "--seed", 3,
                           "--json", "--quiet", "--out", tmp_path / "run")
    assert mine["result"]["best_plan"] == cli["best_plan"]
    assert mine["result"]["outcome"]["saved"] == cli["outcome"]["saved"]
