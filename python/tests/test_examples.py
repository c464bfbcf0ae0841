"""Every script of examples/ runs (with small settings) and prints what it promises."""

import subprocess
import sys

import pytest

from conftest import SOURCE_DIR

EXAMPLES = {
    "connect4_selfplay.py": (["--games", "2", "--iterations", "50"], "observations ("),
    "cro_custom_problem.py": (["--items", "15", "--epochs", "20"], "CRO best value"),
    "tictactoe_bots.py": (["--games", "1"], "perfect"),
    "ga_tsp_stepwise.py": (["--cities", "10", "--generations", "50"], "python twin"),
}


@pytest.mark.parametrize("script", sorted(EXAMPLES))
def test_example_runs(script, tmp_path):
    args, expected = EXAMPLES[script]
    done = subprocess.run([sys.executable, str(SOURCE_DIR / "examples" / script), *args],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert expected in done.stdout


def test_every_example_is_tested():
    assert sorted(p.name for p in (SOURCE_DIR / "examples").glob("*.py")) == sorted(EXAMPLES)
