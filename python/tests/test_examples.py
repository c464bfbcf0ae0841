"""Every script of examples/ runs (with small settings) and prints what it promises."""

import subprocess
import sys

import pytest

from conftest import SOURCE_DIR, study_tables

EXAMPLES = {
    "connect4_selfplay.py": (["--games", "2", "--iterations", "50"], "observations ("),
    "cro_custom_problem.py": (["--items", "15", "--epochs", "20"], "CRO best value"),
    "tictactoe_bots.py": (["--games", "1"], "perfect"),
    "birds_evaluate_levels.py": ([str(SOURCE_DIR / "data" / "birds" / name) for name in
                                  ("baseline_generated_level-22.xml",
                                   "generated_playable_level.xml")] + ["--seconds", "2",
                                                                       "--png", "first.png"],
                                 "diversity of 2 levels"),
    "ga_tsp_stepwise.py": (["--cities", "10", "--generations", "50"], "python twin"),
    "multiprocessing_states.py": (["--playouts", "50"], "the same scores as here"),
    "warm_start_population.py": (["--bits", "30", "--generations", "10"], "evolve round 3"),
    "nsga2_two_objectives.py": (["--items", "12", "--generations", "60"],
                                "the optimum within the capacity"),
    "gym_training_loop.py": (["--episodes", "300", "--tests", "20"], "q-learning vs random:"),
    "pyspiel_style_playout.py": (["--games", "200"], "serialize() round trip: True"),
    "dask_lemmings_study.py": (["--levels", str(SOURCE_DIR / "data" / "lemmings" /
                                                "easy-01-down-the-hole.lvl"),
                                "--methods", "ga,aco", "--fitness", "heuristic", "--runs", "2",
                                "--evaluations", "200", "--population", "10", "--seed", "3"],
                               "|"),
}


@pytest.mark.parametrize("script", sorted(EXAMPLES))
def test_example_runs(script, tmp_path):
    if script.startswith("dask"):
        pytest.importorskip("distributed")
    args, expected = EXAMPLES[script]
    done = subprocess.run([sys.executable, str(SOURCE_DIR / "examples" / script), *args],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert expected in done.stdout


def test_every_example_is_tested():
    assert sorted(p.name for p in (SOURCE_DIR / "examples").glob("*.py")) == sorted(EXAMPLES)


def test_birds_example_generates_the_levels_it_evaluates(tmp_path):
    done = subprocess.run([sys.executable, str(SOURCE_DIR / "examples" / "birds_evaluate_levels.py"),
                           "--generate", "2", "--generations", "2", "--population", "4",
                           "--seconds", "2"], capture_output=True, text=True, timeout=600,
                          cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "generation 2: best fitness" in done.stdout
    assert "generated 2 levels" in done.stdout and "level-05.xml" in done.stdout
    assert "diversity of 2 levels" in done.stdout


def test_dask_study_gives_the_command_lines_tables(evoplay_cli, tmp_path):
    pytest.importorskip("distributed")
    args, _ = EXAMPLES["dask_lemmings_study.py"]
    done = subprocess.run([sys.executable, str(SOURCE_DIR / "examples" / "dask_lemmings_study.py"),
                           *args], capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    cli = evoplay_cli("lemmings", "compare", *args[:2], *args[2:], "--out", tmp_path / "run")
    assert "| easy-01-down-the-hole |" in done.stdout
    assert study_tables(done.stdout) == study_tables(cli.stdout)
