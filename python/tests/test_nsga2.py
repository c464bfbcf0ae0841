"""NSGA2 over Python problems of several objectives: known Pareto fronts reached (ZDT1's
f2 = 1 - sqrt(f1), Schaffer's x in [0, 2]), directions per objective, Deb's constraint rule,
fitness_batch and map giving the same run, and refusals naming the argument."""

import math

import numpy as np
import pytest

from evoplay import evo


class Zdt1(evo.Problem):
    """ZDT1 over 10 reals in [0, 1], both objectives minimised: its Pareto front is
    f2 = 1 - sqrt(f1) for f1 in [0, 1] (g = 1, every x after the first 0)."""
    n_objectives = 2

    def __init__(self):
        super().__init__(genome="reals", size=10, low=0, high=1, maximize=False)

    def fitness(self, x):
        g = 1 + 9 * sum(x[1:]) / (len(x) - 1)
        return x[0], g * (1 - math.sqrt(x[0] / g))


class Schaffer(evo.Problem):
    """Schaffer's problem on one whole number x in [-10, 10]: minimise x^2 and (x - 2)^2. The
    Pareto set is x in {0, 1, 2}."""

    def __init__(self, maximize=False):
        super().__init__(genome="ints", size=1, low=-10, high=10, maximize=maximize)

    def fitness(self, x):
        return x[0] ** 2, (x[0] - 2) ** 2


KW = dict(population=40, generations=150, mutation="gaussian:0.1:0.2", mutation_rate=1.0, seed=3)


def test_zdt1_reaches_its_pareto_front():
    r = evo.NSGA2(Zdt1(), **KW).run()
    assert r.generations == 150 and r.evaluations == 40 * 151 and r.stop_reason == "generations"
    assert len(r.front) == 40  # the whole population is non-dominated
    f1 = [o[0] for o in r.front.objectives]
    for (genome, (a, b)) in r.front:
        assert len(genome) == 10 and a == genome[0]
        assert b == pytest.approx(1 - math.sqrt(a), abs=0.05)
    assert min(f1) < 0.05 and max(f1) > 0.9  # from end to end
    X, F = r.front.to_numpy()
    assert X.shape == (40, 10) and F.shape == (40, 2)
    assert r.history[-1]["front_size"] == 40 and r.history[0]["generation"] == 0


def test_schaffer_front_is_x_from_0_to_2_whichever_the_direction():
    low = evo.NSGA2(Schaffer(), objectives=2, population=20, generations=30, seed=1).run()
    assert {g[0] for g in low.front.genomes} == {0, 1, 2}
    # Maximising the negated objectives is the same problem: the same genomes, values negated.
    class Negated(Schaffer):
        def fitness(self, x):
            return tuple(-v for v in Schaffer.fitness(self, x))

    high = evo.NSGA2(Negated(maximize=True), objectives=2, population=20, generations=30,
                     seed=1).run()
    assert high.front.genomes == low.front.genomes
    assert high.front.objectives == [[-a, -b] for a, b in low.front.objectives]
    # One flag per objective: maximise -x^2, minimise (x - 2)^2.
    class Mixed(Schaffer):
        n_objectives = 2

        def __init__(self):
            super().__init__()
            self.maximize = [True, False]

        def fitness(self, x):
            return -x[0] ** 2, (x[0] - 2) ** 2

    mixed = evo.NSGA2(Mixed(), population=20, generations=30, seed=1).run()
    assert mixed.front.genomes == low.front.genomes


def test_constraints_put_feasible_genomes_first():
    class Corner(evo.Problem):
        """Minimise x and y subject to x + y >= 1: the front is the segment x + y = 1."""
        n_objectives = 2

        def __init__(self):
            super().__init__(genome="reals", size=2, low=0, high=1, maximize=False)

        def fitness(self, g):
            return g[0], g[1]

        def violation(self, g):
            return max(0.0, 1 - g[0] - g[1])

    r = evo.NSGA2(Corner(), population=30, generations=80, mutation="gaussian:0.05",
                  mutation_rate=1.0, seed=2).run()
    assert len(r.front) > 10 and all(v == 0 for v in r.front.violations)
    for x, y in r.front.objectives:
        assert 1 - 1e-12 <= x + y < 1.05


def test_fitness_batch_and_map_give_the_same_run():
    class Batched(Zdt1):
        def fitness_batch(self, X):
            g = 1 + 9 * X[:, 1:].sum(axis=1) / (X.shape[1] - 1)
            return np.column_stack([X[:, 0], g * (1 - np.sqrt(X[:, 0] / g))])

    kw = dict(KW, generations=20)
    one = evo.NSGA2(Zdt1(), **kw).run()
    batch = evo.NSGA2(Batched(), **kw).run()
    mapped = evo.NSGA2(Zdt1(), map=map, **kw).run()
    assert mapped.front.genomes == one.front.genomes
    assert mapped.front.objectives == one.front.objectives
    assert batch.front.genomes == one.front.genomes
    assert np.allclose(batch.front.objectives, one.front.objectives, rtol=0, atol=1e-12)


def test_stepwise_run_matches_run():
    whole = evo.NSGA2(Schaffer(), objectives=2, population=10, generations=5, seed=4).run()
    run = evo.NSGA2(Schaffer(), objectives=2, population=10, generations=5, seed=4)
    run.start()
    while not run.done():
        run.step()
    assert run.result().front.genomes == whole.front.genomes and run.generation == 5


def test_refusals_name_the_argument():
    with pytest.raises(ValueError, match="objectives"):
        evo.NSGA2(Schaffer())
    with pytest.raises(ValueError, match="objectives.*3 given.*n_objectives is 2"):
        evo.NSGA2(Zdt1(), objectives=3)
    with pytest.raises(ValueError, match="fitness must give 3 numbers"):
        evo.NSGA2(Schaffer(), objectives=3, generations=1).run()
    with pytest.raises(ValueError, match="one flag per objective"):
        flags = Schaffer()
        flags.maximize = [True]
        evo.NSGA2(flags, objectives=2)
    with pytest.raises(ValueError, match="threads"):
        evo.NSGA2(Zdt1(), threads=2)
    with pytest.raises(TypeError, match="NSGA2 needs a problem written in Python"):
        evo.NSGA2(evo.OneMax(8), objectives=2)
    with pytest.raises(ValueError, match="population"):
        evo.NSGA2(Zdt1(), population=1)


def test_its_keywords_are_declared_settings():
    import inspect

    import evoplay
    assert "evo.NSGA2" in evoplay.settings_names
    fields = {f["keyword"]: f for f in evoplay.settings_fields("evo.NSGA2")}
    assert {"objectives", "population", "generations", "evaluations", "seconds", "crossover_rate",
            "mutation_rate", "crossover", "mutation", "threads", "seed"} <= set(fields)
    assert fields["objectives"]["default"] == 0 and fields["objectives"]["option"] == "--objectives"
    assert fields["population"]["default"] == 100 and fields["crossover_rate"]["default"] == 0.9
    s = evoplay.settings("evo.NSGA2", population=12, objectives=2)
    assert s["population"] == 12 and s["objectives"] == 2 and s["mutation_rate"] == 0.1
    with pytest.raises(ValueError, match="population"):
        evoplay.settings("evo.NSGA2", population=1)
    sig = inspect.signature(evo.NSGA2)
    assert sig.parameters["population"].default == 100 and "map" in sig.parameters
