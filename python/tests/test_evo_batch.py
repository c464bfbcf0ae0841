"""A Python fitness evaluated three ways (fitness(genome) one call each, fitness_batch(array) once
per generation, map=pool.map): the same runs for the same seed, with every optimiser and genome
kind; clear refusals of contradictory settings; threads= for native problems."""

import multiprocessing
from multiprocessing.pool import ThreadPool

import numpy as np
import pytest

from evoplay import evo


def strip_time(history):
    return [{k: v for k, v in row.items() if k != "elapsed"} for row in history]


class Bits(evo.Problem):
    def __init__(self):
        super().__init__(genome="bits", size=30)

    def fitness(self, genome):
        return float(sum(genome))


class Ints(evo.Problem):
    def __init__(self):
        super().__init__(genome="ints", size=8, low=-4, high=4, maximize=False)

    def fitness(self, genome):
        return float(sum(abs(x - 1) for x in genome))


class Reals(evo.Problem):
    def __init__(self):
        super().__init__(genome="reals", size=5, low=-1, high=1, maximize=False)

    def fitness(self, genome):
        return sum(x * x for x in genome)


class Perm(evo.Problem):
    def __init__(self):
        super().__init__(genome="permutation", size=8, maximize=False)

    def fitness(self, genome):
        return float(sum(abs(g - i) for i, g in enumerate(genome)))


def batched(cls):
    """`cls` with fitness_batch: the same values from the whole 2-D array at once (and a log of
    the arrays it was given)."""

    class Batched(cls):
        def __init__(self):
            super().__init__()
            self.calls = []

        def fitness_batch(self, genomes):
            self.calls.append(genomes.copy())
            return [cls.fitness(self, list(row)) for row in genomes.tolist()]

    return Batched


KINDS = [Bits, Ints, Reals, Perm]


def fingerprint(result):
    return (result.best, result.best_fitness, result.evaluations, strip_time(result.history))


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
@pytest.mark.parametrize("algorithm", ["GA", "GA-steady", "CRO", "ACO"])
def test_fitness_fitness_batch_and_map_give_the_same_run(kind, algorithm):
    if algorithm == "ACO" and kind is Reals:
        pytest.skip("ACO takes no 'reals'")
    make = {"GA": lambda p, **k: evo.GA(p, population=20, generations=12, seed=3, **k),
            "GA-steady": lambda p, **k: evo.GA(p, population=20, generations=6, seed=4,
                                                steady_state=True, **k),
            "CRO": lambda p, **k: evo.CRO(p, generations=8, seed=5, **k),
            "ACO": lambda p, **k: evo.ACO(p, generations=6, seed=6, **k)}[algorithm]
    one = make(kind()).run()
    batch = make(batched(kind)()).run()
    mapped = make(kind(), map=map).run()
    with ThreadPool(2) as pool:
        pooled = make(kind(), map=pool.map).run()
    assert fingerprint(batch) == fingerprint(one)
    assert fingerprint(mapped) == fingerprint(one)
    assert fingerprint(pooled) == fingerprint(one)


def test_fitness_batch_sees_each_generations_new_genomes_once_as_a_2d_array():
    p = batched(Bits)()
    r = evo.GA(p, population=20, generations=5, elite=2, seed=1).run()
    assert len(p.calls) == 6  # generation 0 and one call for each of the 5 generations
    first = p.calls[0]
    assert isinstance(first, np.ndarray) and first.shape == (20, 30)
    assert np.issubdtype(first.dtype, np.integer) and set(np.unique(first)) <= {0, 1}
    assert all(c.ndim == 2 and c.shape[0] <= 18 for c in p.calls[1:])  # at most the children
    assert sum(c.shape[0] for c in p.calls) == r.evaluations


def test_reals_are_given_to_fitness_batch_as_floats():
    p = batched(Reals)()
    evo.GA(p, population=10, generations=1, seed=1).run()
    assert p.calls[0].dtype == np.float64 and p.calls[0].shape == (10, 5)
    assert np.all(np.abs(p.calls[0]) <= 1)


def test_a_problem_with_only_fitness_batch_runs_the_steady_state_ga_too():
    class OnlyBatch:
        genome, size, maximize = "bits", 12, True

        def fitness_batch(self, genomes):
            return genomes.sum(axis=1)

    a = evo.GA(OnlyBatch(), population=10, generations=4, steady_state=True, seed=2).run()
    b = evo.GA(evo.OneMax(12), population=10, generations=4, steady_state=True, seed=2).run()
    assert fingerprint(a) == fingerprint(b)


def test_a_process_pool_map_gives_the_same_run():
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(2) as pool:
        pooled = evo.GA(Bits(), population=20, generations=5, seed=7, map=pool.map).run()
    alone = evo.GA(Bits(), population=20, generations=5, seed=7).run()
    assert fingerprint(pooled) == fingerprint(alone)


def test_fitness_batch_must_give_one_number_per_genome():
    class Short(Bits):
        def fitness_batch(self, genomes):
            return [1.0] * (len(genomes) - 1)

    with pytest.raises(ValueError, match="fitness_batch must give one number per genome: 10"):
        evo.GA(Short(), population=10, generations=2, seed=1).run()

    def bad_map(f, genomes):
        return [0.0]

    with pytest.raises(ValueError, match=r"map\(fitness, genomes\) must give one number"):
        evo.GA(Bits(), population=10, generations=2, seed=1, map=bad_map).run()


def test_contradictory_settings_are_refused_by_name():
    with pytest.raises(ValueError, match="map= and a problem with fitness_batch"):
        evo.GA(batched(Bits)(), map=map)
    with pytest.raises(ValueError, match="threads.*map="):
        evo.GA(Bits(), threads=2)
    with pytest.raises(ValueError, match="threads"):
        evo.GA(Bits(), threads=2, map=map)
    with pytest.raises(ValueError, match="map.*native"):
        evo.GA(evo.OneMax(10), map=map)
    with pytest.raises(ValueError, match="map.*callable"):
        evo.CRO(Bits(), map=3)


@pytest.mark.parametrize("threads", [2, 0])
def test_threads_are_honoured_for_native_problems_with_the_same_results(threads):
    kw = dict(population=40, generations=15, seed=8)
    one = evo.GA(evo.OneMax(64), threads=1, **kw).run()
    many = evo.GA(evo.OneMax(64), threads=threads, **kw).run()
    assert fingerprint(many) == fingerprint(one)
    t1 = evo.CRO(evo.CircleTsp(10), generations=6, seed=2, threads=1).run()
    t2 = evo.CRO(evo.CircleTsp(10), generations=6, seed=2, threads=threads).run()
    assert fingerprint(t1) == fingerprint(t2)
