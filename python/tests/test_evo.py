"""The optimisers over Python problems and native ones: seeded, step-wise, with callbacks, and
the same runs as the native engine for the same seed."""

import math

import pytest

import evoplay
from evoplay import evo


class OneMaxPy(evo.Problem):
    def __init__(self, bits=40):
        super().__init__(genome="bits", size=bits)

    def fitness(self, genome):
        return float(sum(genome))


def strip_time(history):
    return [{k: v for k, v in row.items() if k != "elapsed"} for row in history]


def test_python_onemax_runs_exactly_as_the_native_one():
    # The same seed, operators and genome draws: the same generations, record by record.
    kw = dict(population=30, generations=25, crossover="one-point", mutation="bit-flip", seed=9)
    py = evo.GA(OneMaxPy(40), **kw).run()
    native = evo.GA(evo.OneMax(40), **kw).run()
    assert strip_time(py.history) == strip_time(native.history)
    assert py.best == native.best and py.best_fitness == native.best_fitness


def test_ga_solves_onemax_and_says_why_it_stopped():
    r = evo.GA(OneMaxPy(30), population=40, generations=300, seed=1).run()
    assert r.best_fitness == 30 and sum(r.best) == 30
    assert r.stop_reason in ("target", "solved", "generations")
    n = evo.GA(evo.OneMax(30), population=40, generations=300, seed=1).run()
    assert n.solved and n.stop_reason == "solved"


def test_seeded_runs_repeat_and_seeds_differ():
    a = evo.GA(OneMaxPy(), generations=10, seed=4).run()
    b = evo.GA(OneMaxPy(), generations=10, seed=4).run()
    c = evo.GA(OneMaxPy(), generations=10, seed=5).run()
    assert strip_time(a.history) == strip_time(b.history)
    assert strip_time(a.history) != strip_time(c.history)


def test_step_wise_equals_run():
    kw = dict(population=20, generations=8, seed=2)
    whole = evo.GA(OneMaxPy(), **kw).run()
    run = evo.GA(OneMaxPy(), **kw)
    run.start()
    steps = 0
    while not run.done():
        run.step()
        steps += 1
    assert steps == 8 and run.generation == 8
    assert strip_time(run.result().history) == strip_time(whole.history)
    # The counters are the whole run's, and a finished run takes no further step.
    assert run.result().evaluations == whole.evaluations > 0
    assert run.result().seconds > 0
    with pytest.raises(RuntimeError, match="the run is done"):
        run.step()


def test_python_mistakes_are_errors_not_crashes():
    tsp = evo.CircleTsp(5)
    with pytest.raises(ValueError, match="permutation of 0..4"):
        tsp.fitness([0, 10**8, 2, 3, 4])
    with pytest.raises(ValueError, match="expected 5 cities, found 2"):
        tsp.fitness([0, 1])
    assert tsp.fitness([0, 1, 2, 3, 4]) >= tsp.optimum - 1e-9  # a valid tour is scored

    class Wide:
        genome, size, low, high = "ints", 4, 0, 10**9

        def fitness(self, g):
            return sum(g)

    with pytest.raises(ValueError, match="pheromone value per gene and value"):
        evo.ACO(Wide(), generations=1)

    class PerGene(Wide):
        low, high = [0, 0, 0, 0], [1, 2, 3, 4]

    with pytest.raises(TypeError, match="problem.low must be a number"):
        evo.GA(PerGene(), generations=1)


def test_callback_sees_each_generation_and_false_stops():
    seen = []

    def callback(record):
        seen.append(record["generation"])
        return record["generation"] < 3

    r = evo.GA(OneMaxPy(), generations=50, seed=1, callback=callback).run()
    assert seen == [0, 1, 2, 3]
    assert r.stop_reason == "cancelled" and r.generations == 3


def test_native_callback_runs_without_the_gil():
    seen = []
    r = evo.GA(evo.OneMax(64), generations=5, seed=1, threads=2,
               callback=lambda rec: seen.append(rec["best"])).run()
    assert len(seen) == 6 and r.generations == 5


def test_permutation_problem_in_python_matches_native_tsp():
    tsp = evo.CircleTsp(12)

    class Tour(evo.Problem):
        def __init__(self):
            super().__init__(genome="permutation", size=12, maximize=False)

        def fitness(self, genome):
            return tsp.fitness(genome)

    r = evo.GA(Tour(), population=40, generations=60, seed=3, mutation="inversion").run()
    assert sorted(r.best) == list(range(12))
    assert math.isclose(r.best_fitness, tsp.fitness(r.best))
    assert r.best_fitness >= tsp.optimum - 1e-9
    assert r.history[-1]["best"] < r.history[0]["best"]


def test_real_problem_improves():
    class Sphere(evo.Problem):
        def __init__(self):
            super().__init__(genome="reals", size=5, low=-5, high=5, maximize=False)

        def fitness(self, genome):
            return sum(x * x for x in genome)

    r = evo.GA(Sphere(), population=40, generations=60, seed=1, mutation="gaussian:0.3:0.5").run()
    assert all(isinstance(x, float) and -5 <= x <= 5 for x in r.best)
    assert r.best_fitness < r.history[0]["best"]


def test_ints_with_cro_and_aco():
    class Target(evo.Problem):
        def __init__(self):
            super().__init__(genome="ints", size=8, low=0, high=9)

        def fitness(self, genome):
            return -float(sum(abs(g - 7) for g in genome))

    cro = evo.CRO(Target(), reef="6x6", generations=30, seed=2).run()
    aco = evo.ACO(Target(), ants=20, generations=30, seed=2).run()
    for r in (cro, aco):
        assert all(0 <= g <= 9 for g in r.best)
        assert r.best_fitness >= r.history[0]["best"]
        assert len(r.history) >= r.generations


class HiddenOrder(evo.Problem):
    """Guess a hidden order of `size` items: fitness = the positions right (optimum `size`, at
    the hidden order). Keeps every genome it is asked to evaluate."""

    def __init__(self, size=10):
        super().__init__(genome="permutation", size=size)
        self.hidden = [(7 * i + 3) % size for i in range(size)]  # a permutation: gcd(7, 10) = 1
        self.seen = []

    def fitness(self, genome):
        self.seen.append(list(genome))
        return float(sum(g == h for g, h in zip(genome, self.hidden)))


def test_aco_builds_permutations():
    problem = HiddenOrder(10)
    r = evo.ACO(problem, ants=15, generations=20, seed=3).run()
    assert len(problem.seen) == r.evaluations == 15 * 20
    assert all(sorted(g) == list(range(10)) for g in problem.seen)
    assert sorted(r.best) == list(range(10))


def test_aco_over_permutations_is_seeded():
    def run(seed):
        r = evo.ACO(HiddenOrder(10), ants=15, generations=20, seed=seed).run()
        return strip_time(r.history), r.best

    assert run(4) == run(4)
    assert run(4) != run(5)


def test_aco_finds_a_hidden_order():
    problem = HiddenOrder(10)
    r = evo.ACO(problem, ants=20, generations=300, deposit=0.1, target=10, seed=1).run()
    assert r.best == problem.hidden and r.best_fitness == 10
    assert r.stop_reason == "target"


def test_aco_on_the_native_circle_tsp_at_any_thread_count():
    # The shortest tour of 8 cities evenly spaced on the unit circle: the octagon's perimeter.
    octagon = 8 * 2 * math.sin(math.pi / 8)
    kw = dict(ants=20, generations=300, evaporation=0.05, seed=1)
    one = evo.ACO(evo.CircleTsp(8), **kw).run()
    two = evo.ACO(evo.CircleTsp(8), threads=2, **kw).run()
    assert one.solved and one.best_fitness == pytest.approx(octagon, rel=1e-9)
    assert strip_time(one.history) == strip_time(two.history) and one.best == two.best
    with pytest.raises(ValueError, match="threads"):
        evo.ACO(HiddenOrder(), threads=2)


def test_cro_preset_and_keywords_over_it():
    class Target(evo.Problem):
        def __init__(self):
            super().__init__(genome="ints", size=8, low=0, high=9)

        def fitness(self, genome):
            return -float(sum(abs(g - 7) for g in genome))

    def run(**settings):
        r = evo.CRO(Target(), reef="6x6", generations=15, seed=4, **settings).run()
        return [(h["generation"], h["evaluations"], h["best"], h["mean"]) for h in r.history], r.best

    # The standard preset is its values (Salcedo-Sanz et al.; docs/evo.md) given one by one.
    standard = run(preset="standard")
    by_hand = run(occupancy=0.9, larvae=1.0, broadcast=0.9, gamma=1.0, attempts=3,
                  budding=0.1, depredation_share=0.1, depredation_probability=0.1)
    assert standard == by_hand
    assert run()[0] != standard[0]  # the default is the thesis preset
    assert run(larvae=1.0)[0] != run()[0]  # a keyword overrides the preset
    with pytest.raises(evoplay.Error):
        run(preset="sl")  # substrates need a native problem's operators
    with pytest.raises(evoplay.Error):
        run(preset="classic")


def test_wrong_genome_kind_is_a_type_error():
    with pytest.raises(TypeError, match="permutation"):
        evo.GA(OneMaxPy(), crossover="pmx")
    with pytest.raises(TypeError, match="bits"):
        evo.GA(OneMaxPy(), mutation="swap")
    with pytest.raises(TypeError, match="genome kind"):
        evo.GA(evo.Problem(genome="tree", size=3))
    with pytest.raises(TypeError, match="ACO.*'reals'"):
        evo.ACO(evo.Problem(genome="reals", size=3, low=0, high=1))
    with pytest.raises(TypeError, match="ACO.*OneMax"):
        evo.ACO(evo.OneMax(8))
    with pytest.raises(TypeError, match="fitness"):
        evo.GA(object())


def test_unknown_operator_is_an_error():
    with pytest.raises(evoplay.Error):
        evo.GA(OneMaxPy(), crossover="three-point")
    with pytest.raises(evoplay.Error):
        evo.GA(OneMaxPy(), selection="lottery")


def test_fitness_errors_reach_the_caller():
    class Broken(OneMaxPy):
        def fitness(self, genome):
            raise RuntimeError("no fitness today")

    with pytest.raises(RuntimeError, match="no fitness today"):
        evo.GA(Broken()).run()


def test_result_to_dict():
    r = evo.GA(evo.OneMax(500), generations=3).run()
    d = r.to_dict()
    assert d["generations"] == 3 and d["best"] == r.best
    assert r.history_csv.startswith("generation,evaluations,best,mean,worst,diversity,elapsed")
