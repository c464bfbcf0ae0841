"""Pingus levels through the Python module: loaded from tests/data/pingus (images from
pingus-data), played by the Pingus rules, solved, the same as the command line."""

import pathlib

import pytest

from conftest import SOURCE_DIR
import evoplay
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


def test_a_demo_is_the_command_lines_file(evoplay_cli, tmp_path):
    level = lemmings.Level.load(str(LEVEL))
    assert repr(level) == "<lemmings.Level 'Blocker' (Pingus), 4 lemmings, 3 to save>"
    plan = lemmings.Plan.parse("200 blocker")
    (tmp_path / "plan").write_text("200 blocker\n")
    evoplay_cli("lemmings", "export-demo", tmp_path / "plan", LEVEL, "--out",
                tmp_path / "cli.pingus-demo")
    text = lemmings.export_demo(level, plan)
    assert text == (tmp_path / "cli.pingus-demo").read_text()
    assert text.startswith('(level (name "evoplay/blocker")') and "(action \"blocker\")" in text
    assert lemmings.export_demo(level, plan, name="mine/x").startswith('(level (name "mine/x")')
    drawn = lemmings.Level.load(str(SOURCE_DIR / "data" / "lemmings" / "easy-01-down-the-hole.lvl"))
    with pytest.raises(evoplay.Error, match="a Lemmings level; a demo is of a Pingus level"):
        lemmings.export_demo(drawn, plan)
