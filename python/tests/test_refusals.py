"""Python calls once mishandled: what used to crash, hang, print a
warning or be accepted silently is refused with the command line's words, or works. Each test is
a reproducer of the issue turned into a test."""

import subprocess
import sys

import pytest

import evoplay
from evoplay import birds, evo, lemmings, sudoku


def test_native_problems_check_their_size_and_their_genomes():
    # CircleTsp(5).fitness([0, 10**8, ...]) was a segfault, [0, 1] a tour of length 3.80.
    tsp = evo.CircleTsp(5)
    with pytest.raises(evoplay.Error, match=r"permutation of 0..4, found 100000000 \(out of range\)"):
        tsp.fitness([0, 10**8, 2, 3, 4])
    with pytest.raises(evoplay.Error, match="permutation of 0..4, found 1 twice"):
        tsp.fitness([0, 1, 1, 3, 4])
    with pytest.raises(evoplay.Error, match="expected 5 cities, found 2"):
        tsp.fitness([0, 1])
    assert tsp.fitness([0, 1, 2, 3, 4]) > 0
    # OneMax counted whatever it was given.
    onemax = evo.OneMax(4)
    with pytest.raises(evoplay.Error, match="expected 4 bits, found 2"):
        onemax.fitness([1, 1])
    with pytest.raises(evoplay.Error, match=r"genome\[1\]: expected 0 or 1, found 7"):
        onemax.fitness([0, 7, 1, 1])
    assert onemax.fitness([1, 0, 1, 1]) == 3
    # Sizes: CircleTsp(0) was accepted; a huge one would allocate its cities^2 distances.
    for bad in (0, -3, 10_001):
        with pytest.raises(evoplay.Error, match="cities: expected a whole number from 1 to 10000"):
            evo.CircleTsp(bad)
    for bad in (0, -1, 10**7):
        with pytest.raises(evoplay.Error, match="bits: expected a whole number from 1 to 1000000"):
            evo.OneMax(bad)
    for radius in (0.0, -1.0, float("nan"), float("inf")):
        with pytest.raises(evoplay.Error, match="radius: expected a number above 0"):
            evo.CircleTsp(5, radius=radius)


class WideInts:
    genome, size, low, high = "ints", 4, 0, 10**9

    def fitness(self, genome):
        return float(sum(genome))


def test_aco_refuses_a_pheromone_table_too_large_before_allocating():
    # Bounds 0..10**9 grew to ~22 GB and the kernel killed the interpreter. The library's check
    # (evo::check_aco_size) refuses it for every front end, a native problem too.
    with pytest.raises(evoplay.Error, match="ACO keeps a pheromone value per gene and value"):
        evo.ACO(WideInts(), generations=1)
    with pytest.raises(evoplay.Error, match="5000 stages of up to 5000 options"):
        evo.ACO(evo.CircleTsp(5000), generations=1)
    # Within the limit it runs; the GA takes the wide bounds.
    narrow = type("Narrow", (WideInts,), {"high": 9})
    assert all(0 <= g <= 9 for g in evo.ACO(narrow(), ants=5, generations=2).run().best)
    assert evo.GA(WideInts(), population=4, generations=1).run().generations == 1


def test_ints_bounds_are_whole_numbers_a_genome_can_hold():
    for low, high in ((0, 1e30), (0.5, 3), (0, float("inf")), (float("nan"), 3)):
        bounded = type("B", (WideInts,), {"low": low, "high": high})
        with pytest.raises(ValueError, match="problem.low and problem.high"):
            evo.GA(bounded(), generations=1)


@pytest.mark.parametrize("algorithm", ["GA", "CRO", "ACO"])
def test_a_step_wise_run_ends_as_run_does(algorithm):
    make = getattr(evo, algorithm)
    kw = dict(generations=6, seed=3)
    whole = make(evo.CircleTsp(12), **kw).run()
    run = make(evo.CircleTsp(12), **kw)
    with pytest.raises(RuntimeError, match=r"call start\(\) before step\(\)"):
        run.step()
    run.start()
    with pytest.raises(RuntimeError, match=r"start\(\) was already called"):
        run.start()
    while not run.done():
        run.step()
    r = run.result()
    # evaluations and seconds were 0 after a step-wise run.
    assert r.evaluations == whole.evaluations > 0
    assert r.seconds > 0
    assert r.generations == whole.generations == run.generation
    # step() after done() went on.
    with pytest.raises(RuntimeError, match="the run is done"):
        run.step()
    with pytest.raises(RuntimeError, match="the run is done"):
        run.run()
    # Every optimiser's history starts at generation 0, one row per generation.
    generations = [h["generation"] for h in r.history]
    assert generations == list(range(len(generations))) and generations[0] == 0


def test_aco_history_has_generation_0_like_ga_and_cro():
    class Order(evo.Problem):
        def __init__(self):
            super().__init__(genome="permutation", size=8)

        def fitness(self, genome):
            return float(sum(g == (3 * i) % 8 for i, g in enumerate(genome)))

    for make in (evo.GA, evo.CRO, evo.ACO):
        r = make(Order(), generations=3, seed=1).run()
        assert r.history[0]["generation"] == 0, make
        assert r.history[0]["evaluations"] > 0
    # ACO's generation 0 is its first iteration (the ants on the initial pheromone, as the GA's
    # initial population), and `generations` counts iterations: 3 rows, where the GA has the
    # initial population and 3 more (docs/python.md).
    assert [h["generation"] for h in evo.ACO(Order(), generations=3, seed=1).run().history] == [0, 1, 2]


def test_issue_39_nan_and_loose_values_are_refused_as_the_command_line_does(data_dir):
    with pytest.raises(evoplay.Error, match="target: expected a number, found nan"):
        evo.GA(evo.OneMax(10), target=float("nan"))
    with pytest.raises(evoplay.Error, match="seconds: expected a number from 0 to"):
        evo.GA(evo.OneMax(10), seconds=float("nan"))
    level = birds.Level.load(str(data_dir / "birds" / "sciencebirds_level-1.xml"))
    for cell in (float("nan"), 0.0, 5.0):
        # Was "at a cell of nan that is nan cells" (and --cell takes 0.01 to 2).
        with pytest.raises(evoplay.Error, match="cell: expected a number from 0.01 to 2"):
            birds.diversity([level, level], cell=cell)
    lv = lemmings.Level.load(str(data_dir / "lemmings" / "easy-01-down-the-hole.lvl"))
    for step in (-5, -3, 100_000_001):
        with pytest.raises(evoplay.Error, match="step: expected a whole number from -1 to 100000000"):
            lemmings.render_png(lv, step=step)
    assert lemmings.render_png(lv)[:4] == b"\x89PNG"  # the paths
    assert lemmings.render_png(lv, step=-1)[:4] == b"\x89PNG"  # the start
    puzzles = sudoku.load(str(data_dir / "sudoku" / "qqwing_easy_50.txt"))
    for first in (0, -1):
        with pytest.raises(evoplay.Error, match="first: expected a whole number from 1 to 1000000000"):
            sudoku.experiment(puzzles, first=first, runs=1, population=10, generations=1)
    assert len(sudoku.experiment(puzzles, first=2, runs=1, population=10, generations=1).runs) == 2


def test_more_threads_than_cores_print_no_tbb_warning(evoplay_cli, data_dir, tmp_path):
    # "TBB Warning: The number of workers is currently limited to ..." came on stderr.
    code = ("import evoplay\n"
            "evoplay.evo.GA(evoplay.evo.OneMax(50), generations=3, threads=64).run()\n"
            "evoplay.evo.ACO(evoplay.evo.CircleTsp(20), generations=3, threads=64).run()\n"
            "print('ok')\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr
    assert "TBB" not in proc.stderr, proc.stderr
    cli = evoplay_cli("lemmings", "solve", data_dir / "lemmings" / "easy-01-down-the-hole.lvl",
                      "--method", "ga", "--evaluations", 200, "--threads", 64,
                      "--out", tmp_path / "run")
    assert "TBB" not in cli.stderr, cli.stderr


def test_study_summarize_adds_up_the_units_cpu_time(data_dir):
    level = str(data_dir / "lemmings" / "easy-01-down-the-hole.lvl")
    study = lemmings.Study([level], methods="ga,aco", fitness="heuristic", runs=2,
                           evaluations=200, population=10, seed=3)
    units = [study.run_unit(i) for i in range(study.units)]
    assert all(u["cpu_seconds"] > 0 for u in units)
    summary = study.summarize(units)["result"]
    assert summary["cpu_seconds"] == pytest.approx(sum(u["cpu_seconds"] for u in units))
    assert summary["cpu_seconds"] > 0
