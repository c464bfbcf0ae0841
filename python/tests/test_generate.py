"""Generation and experiments from Python give the command line's answers for the same seed and
settings: `birds generate` (the same levels, fitness and history) and `sudoku experiment` (the
same runs and summaries); bad settings raise evoplay.Error; a callback may stop a run."""

import csv
import io
import json
import os
import subprocess

import pytest

import evoplay
from conftest import without
from evoplay import birds, sudoku

TIMES = ("seconds", "mean_seconds", "elapsed")

# Small and quick: 4 individuals, 2 generations (no more looking for qualified levels), levels
# of about 4 composites with any number of blocks.
BIRDS = dict(levels=2, population=4, generations=2, max_generations=2, length=4, blocks=(0, 1000),
             crossover_rate=1.0, mutation_rate=0.5, seed=3)
BIRDS_CLI = ["--levels", 2, "--population", 4, "--generations", 2, "--max-generations", 2,
             "--length", 4, "--blocks", "0,1000", "--crossover-rate", 1, "--mutation-rate", 0.5,
             "--seed", 3, "--no-pictures", "--quiet"]


@pytest.fixture(scope="module")
def cli_levels(tmp_path_factory):
    """The command line's run folder for BIRDS (run once for the module's tests)."""
    binary = os.environ.get("EVOPLAY_BINARY")
    if not binary or not os.path.exists(binary):
        pytest.skip("EVOPLAY_BINARY is not set to the built program")
    out = tmp_path_factory.mktemp("cli") / "gen"
    subprocess.run([binary, "birds", "generate", *map(str, BIRDS_CLI), "--out", str(out)],
                   check=True, capture_output=True, text=True, timeout=600)
    return out


def test_birds_generate_gives_the_command_lines_levels(cli_levels):
    seen = []
    mine = birds.generate(**BIRDS, callback=lambda record: seen.append(record))
    result = json.loads((cli_levels / "result.json").read_text())
    assert len(mine.levels) == len(result["levels"]) == 2
    for level, record in zip(mine.levels, result["levels"]):
        assert isinstance(level, birds.Level)
        assert level == birds.Level.load(str(cli_levels / record["file"]))
        assert level.to_xml() == (cli_levels / record["file"]).read_text()
    assert without(mine.to_dict()["levels"], *TIMES) == without(result["levels"], *TIMES)
    assert without(mine.to_dict()["layers"], *TIMES) == without(result["layers"], *TIMES)
    cli_history = list(csv.DictReader(io.StringIO((cli_levels / "history.csv").read_text())))
    assert [r["best"] for r in mine.history] == [float(r["best"]) for r in cli_history]
    assert [r["generation"] for r in seen] == [r["generation"] for r in mine.history]
    assert mine.stop_reason == "generations" and not mine.cancelled and mine.out == ""
    assert "level-04.xml" in mine.text


def test_birds_generate_writes_the_run_folder_and_stops_on_false(tmp_path, cli_levels):
    out = tmp_path / "run"
    r = birds.generate(**BIRDS, out=str(out), pictures=False)
    assert r.out == str(out)
    for name in ("config.json", "result.json", "history.csv", "level-04.xml", "level-05.xml"):
        assert (out / name).exists(), name
    assert (out / "level-04.xml").read_text() == (cli_levels / "level-04.xml").read_text()
    assert json.loads((out / "config.json").read_text())["command"] == "birds generate"
    # Again into the same folder (an earlier run is cleared), stopped after the first generation.
    stopped = birds.generate(**BIRDS, out=str(out), pictures=False, callback=lambda r: False)
    assert stopped.cancelled and stopped.stop_reason == "cancelled"
    assert len(stopped.history) == 1 and len(stopped.levels) >= 1
    assert json.loads((out / "result.json").read_text())["stopped"] == "cancelled"


def test_birds_generate_islands_give_the_command_lines_levels(evoplay_cli, tmp_path):
    # Without the two-birds check (the tests above compare it with the command line's).
    islands = dict(islands=3, migration_interval=1, migrants=1, topology="fully-connected",
                   min_birds=1)
    out = tmp_path / "cli"
    evoplay_cli("birds", "generate", *BIRDS_CLI, "--islands", 3, "--migration-interval", 1,
                "--migrants", 1, "--topology", "fully-connected", "--min-birds", 1, "--out", out)
    mine = birds.generate(**BIRDS, **islands)
    result = json.loads((out / "result.json").read_text())
    assert [level.to_xml() for level in mine.levels] == [
        (out / record["file"]).read_text() for record in result["levels"]]
    assert without(mine.to_dict()["levels"], *TIMES) == without(result["levels"], *TIMES)
    # The archipelago's history: all three islands' evaluations from the first population on.
    assert mine.history[0]["evaluations"] == 3 * BIRDS["population"]
    alone = birds.generate(**BIRDS, min_birds=1)
    assert [level.to_xml() for level in alone.levels] != [level.to_xml() for level in mine.levels]


@pytest.mark.parametrize("bad, words", [
    (dict(population=1), "population"),
    (dict(islands=2, topology="star"), "star"),
    (dict(islands=0), "islands"),
    (dict(pigs=(5, 2)), "pigs"),
    (dict(blocks=(60, 30)), "blocks: expected MIN,MAX"),
    (dict(tnt="1"), "tnt: expected MIN,MAX"),
    (dict(crossover="sideways"), "sideways"),
    (dict(selection="best-of-all"), "best-of-all"),
    (dict(layers=0), "layers"),
    (dict(threads=5000), "threads"),
    (dict(threads=-1), "threads"),
])
def test_birds_generate_refuses_bad_settings(bad, words):
    with pytest.raises(evoplay.Error) as caught:
        birds.generate(**{**BIRDS, **bad})
    assert words in str(caught.value)


def test_birds_generate_names_an_unknown_keyword_and_its_nearest():
    with pytest.raises(TypeError) as caught:
        birds.generate(**BIRDS, populaton=4)
    assert "populaton" in str(caught.value) and "population" in str(caught.value)


def test_birds_generate_keywords_are_declared_with_their_options_and_types():
    """The keywords come from the declaration the command's options come from: each with its
    option, its Python type and its default; evoplay.settings resolves them."""
    fields = {f["keyword"]: f for f in evoplay.settings_fields("birds.generate")}
    assert {"levels", "pigs", "blocks", "crossover", "islands", "pictures"} <= set(fields)
    assert fields["pigs"]["type"] == "Tuple[int, int]" and fields["pigs"]["default"] == [2, 4]
    assert fields["difficulty"]["option"] == "--difficulty"
    resolved = evoplay.settings("birds.generate", pigs=(1, 3), crossover="uniform")
    assert resolved["pigs"] == [1, 3] and resolved["crossover"] == "uniform"


def test_birds_generate_reads_a_ruleset_file(tmp_path):
    rules = tmp_path / "rules.txt"
    rules.write_text("1\nwood RectSmall\n1,1\n10\n\n1\n\n2,2\n10\n")
    r = birds.generate(**{**BIRDS, "levels": 5}, ruleset=str(rules))
    assert [b["block"] for b in r.to_dict()["blocks"]] == [1, 2]
    assert len(r.levels) == 2
    # ... and names its bad line.
    rules.write_text("1\n\nlots\n10\n")
    with pytest.raises(evoplay.Error) as caught:
        birds.generate(**BIRDS, ruleset=str(rules))
    assert caught.value.line == 3


# Sudoku experiment

EXPERIMENT = dict(runs=2, crossover="combined,one-point", mutation="rotation",
                  compare="combined,one-point", population=20, generations=10, seed=4, first=2)
EXPERIMENT_CLI = ["--runs", 2, "--crossover", "combined,one-point", "--mutation", "rotation",
                  "--compare", "combined,one-point", "--population", 20, "--generations", 10,
                  "--seed", 4, "--first", 2, "--quiet"]


def test_sudoku_experiment_gives_the_command_lines_runs(data_dir, evoplay_cli, tmp_path):
    path = data_dir / "sudoku" / "qqwing_easy_50.txt"
    seen = []
    mine = sudoku.experiment(sudoku.load(str(path)), threads=2,
                             progress=lambda done, total: seen.append((done, total)), **EXPERIMENT)
    out = tmp_path / "exp"
    evoplay_cli("sudoku", "experiment", "--puzzles", path, *EXPERIMENT_CLI, "--out", out)
    result = json.loads((out / "result.json").read_text())
    assert without(mine.to_dict(), *TIMES) == without(result, *TIMES)
    assert len(mine.configs) == 2 and len(mine.comparisons) == 2
    cli_runs = list(csv.DictReader(io.StringIO((out / "runs.csv").read_text())))
    assert len(mine.runs) == len(cli_runs) == 8
    # Puzzles and runs count from 0 in the records, from 1 in runs.csv.
    assert sorted((r["crossover"], r["puzzle"] + 1, r["run"] + 1, r["fitness"], r["seed"])
                  for r in mine.runs) == \
        sorted((r["crossover"], int(r["puzzle"]), int(r["run"]), int(r["best_fitness"]),
                int(r["seed"])) for r in cli_runs)
    drop_seconds = lambda rows: [{k: v for k, v in r.items() if k != "seconds"} for r in rows]
    assert drop_seconds(csv.DictReader(io.StringIO(mine.runs_csv))) == drop_seconds(cli_runs)
    assert seen[-1] == (8, 8)
    # The same with a list of operators, one thread, written to a run folder.
    again = sudoku.experiment(str(path.read_text()), out=str(tmp_path / "py"),
                              **{**EXPERIMENT, "crossover": ["combined", "one-point"],
                                 "compare": ("combined", "one-point")})
    assert without(again.to_dict(), *TIMES) == without(result, *TIMES)
    assert (tmp_path / "py" / "summary.csv").exists() and again.out == str(tmp_path / "py")


def test_sudoku_experiment_stops_when_progress_says_false(data_dir):
    puzzles = sudoku.load(str(data_dir / "sudoku" / "qqwing_easy_50.txt"))
    r = sudoku.experiment(puzzles, progress=lambda done, total: done < 3,
                          **{**EXPERIMENT, "first": None, "runs": 5})
    assert r.cancelled and 3 <= len(r.runs) < 500


@pytest.mark.parametrize("bad, words", [
    (dict(crossover="sideways"), "sideways"),
    (dict(vary="colour=1:2:1"), "colour"),
    (dict(runs=0), "runs"),
    (dict(population=1), "population"),
    (dict(compare="combined"), "compare"),
])
def test_sudoku_experiment_refuses_bad_settings(bad, words):
    with pytest.raises(evoplay.Error) as caught:
        sudoku.experiment("." * 81, **{**EXPERIMENT, **bad})
    assert words in str(caught.value)
