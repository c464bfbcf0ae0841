"""Populations as values: read from a run (in progress or done), injected, set, used as a warm
start (GA(..., initial=)) and evolved pygmo-style, seeded as every run."""

import numpy as np
import pytest

from evoplay import evo


class Ones(evo.Problem):
    def __init__(self, size=20):
        super().__init__(genome="bits", size=size)

    def fitness(self, genome):
        return float(sum(genome))


class Sphere(evo.Problem):
    def __init__(self):
        super().__init__(genome="reals", size=3, low=-2, high=2, maximize=False)

    def fitness(self, genome):
        return sum(x * x for x in genome)


def test_a_runs_population_holds_its_genomes_and_their_fitnesses():
    run = evo.GA(Ones(), population=12, generations=5, seed=1)
    run.start()
    pop = run.population()
    assert isinstance(pop, evo.Population) and len(pop) == 12
    for genome, fitness in pop:
        assert len(genome) == 20 and fitness == sum(genome)
    genome, fitness = pop.best()
    assert fitness == max(pop.fitnesses) and fitness == sum(genome)
    X, f = pop.to_numpy()
    assert X.shape == (12, 20) and f.shape == (12,) and list(f) == pop.fitnesses
    assert pop.problem is not None and pop.maximize
    assert len(pop[2:5]) == 3 and pop[2:5][0] == pop[2]


def test_a_finished_runs_population_is_the_last_one():
    run = evo.GA(Sphere(), population=10, generations=30, seed=2)
    result = run.run()
    pop = run.population()
    assert len(pop) == 10 and not pop.maximize
    assert pop.best()[1] == min(pop.fitnesses) >= result.best_fitness
    for genome, fitness in pop:
        assert fitness == pytest.approx(sum(x * x for x in genome))
    cro = evo.CRO(Ones(), generations=3, seed=1)
    cro.run()
    assert all(f == sum(g) for g, f in cro.population())
    with pytest.raises(TypeError, match="GA"):
        live = evo.CRO(Ones(), generations=3, seed=1)
        live.start()
        live.population()


def test_initial_genomes_start_the_ga_and_the_rest_is_drawn_as_without_them():
    plain = evo.GA(Ones(), population=8, generations=3, seed=5)
    plain.start()
    given = [[1] * 20, [0] * 20]
    warm = evo.GA(Ones(), population=8, generations=3, seed=5, initial=given)
    warm.start()
    p, w = plain.population(), warm.population()
    assert w.genomes[:2] == given and w.fitnesses[:2] == [20.0, 0.0]
    assert w.genomes[2:] == p.genomes[2:]  # the same random streams for individuals 2..7
    evaluations = [r.result().history[-1]["evaluations"] for r in (warm, plain)]
    assert evaluations == [8, 8]
    assert warm.result().best_fitness == 20.0


def test_a_population_as_initial_keeps_its_fitnesses_and_is_not_evaluated_again():
    first = evo.GA(Ones(), population=10, generations=4, seed=1)
    first.run()
    pop = first.population()
    second = evo.GA(Ones(), population=10, generations=0, seed=9, initial=pop)
    r = second.run()
    assert r.evaluations == 0 and second.population().genomes == pop.genomes
    # A numpy array of genomes is evaluated.
    X, _ = pop.to_numpy()
    third = evo.GA(Ones(), population=10, generations=0, seed=9, initial=X)
    assert third.run().evaluations == 10 and third.population().fitnesses == pop.fitnesses


def test_warm_starts_are_seeded():
    pop = evo.GA(Ones(40), population=16, generations=3, seed=1)
    pop.run()
    pop = pop.population()
    a = evo.evolve(evo.GA, pop, generations=6, seed=4)
    b = evo.evolve(evo.GA, pop, generations=6, seed=4)
    assert a.genomes == b.genomes and a.fitnesses == b.fitnesses
    assert max(a.fitnesses) >= max(pop.fitnesses)  # the elite is kept
    c = evo.evolve(evo.GA, pop, generations=6, seed=5)
    assert c.genomes != a.genomes


def test_cro_and_aco_refuse_a_warm_start_by_name():
    """Their engines have no warm start: initial= is a TypeError naming the GA's, not an unknown
    keyword."""
    given = [[1] * 20, [0] * 20]
    with pytest.raises(TypeError, match=r"^evo.CRO\(\) got initial=, but warm starts are the GA's"):
        evo.CRO(Ones(), generations=2, initial=given)
    with pytest.raises(TypeError, match=r"^evo.ACO\(\) got initial=, but warm starts are the GA's"):
        evo.ACO(Ones(), generations=2, initial=given)
    run = evo.GA(Ones(), population=4, generations=1, seed=1)
    run.run()
    with pytest.raises(TypeError, match="warm starts are the GA's"):
        evo.evolve(evo.CRO, run.population())


def test_evolve_needs_a_problem():
    pop = evo.Population([[0, 1], [1, 1]], [1.0, 2.0])
    assert pop.best() == ([1, 1], 2.0)
    with pytest.raises(ValueError, match="problem"):
        evo.evolve(evo.GA, pop, generations=1)
    out = evo.evolve(evo.GA, pop, problem=Ones(2), population=2, generations=3, seed=1)
    assert len(out) == 2 and out.best() == ([1, 1], 2.0)


def test_inject_puts_genomes_in_place_of_the_worst():
    run = evo.GA(Ones(), population=10, generations=10, seed=3)
    run.start()
    before = run.population()
    worst = min(before.fitnesses)
    run.inject([[1] * 20])
    after = run.population()
    assert [1] * 20 in after.genomes
    assert sorted(after.fitnesses) == sorted(
        before.fitnesses[:before.fitnesses.index(worst)] + [20.0] +
        before.fitnesses[before.fitnesses.index(worst) + 1:])
    assert run.result().best_fitness == 20.0
    run.step()
    assert run.result().best_fitness == 20.0
    assert run.result().history[-1]["evaluations"] >= 11  # 10, the injected one, the children


def test_set_population_replaces_everyone():
    run = evo.GA(Ones(4), population=3, generations=2, seed=1)
    run.start()
    run.set_population([[0, 0, 0, 0], [1, 0, 0, 0], [1, 1, 0, 0]])
    assert run.population().fitnesses == [0.0, 1.0, 2.0]
    run.set_population(evo.Population([[1, 1, 1, 1]] * 3, [4.0] * 3))
    assert run.population().fitnesses == [4.0] * 3 and run.result().best_fitness == 4.0


def test_bad_populations_are_refused_by_name():
    with pytest.raises(ValueError, match="initial: .*genes"):
        evo.GA(Ones(), population=4, initial=[[1, 0]])
    with pytest.raises(ValueError, match="initial.*5 genomes for a population of 4"):
        evo.GA(Ones(2), population=4, initial=[[1, 0]] * 5)
    with pytest.raises(TypeError, match="initial: each genome"):
        evo.GA(Ones(2), population=4, initial=[["a", "b"]])
    with pytest.raises(ValueError, match="from -2 to 2"):
        evo.GA(Sphere(), population=4, initial=[[0, 0, 3.5]])
    run = evo.GA(Ones(2), population=4, generations=2, seed=1)
    with pytest.raises(RuntimeError, match="inject.*in progress"):
        run.inject([[1, 1]])
    run.start()
    with pytest.raises(ValueError, match="genomes: .*from 0 to 1"):
        run.inject([[2, 1]])
    with pytest.raises(ValueError, match="population: 1 genomes for a population of 4"):
        run.set_population([[1, 1]])
    with pytest.raises(ValueError, match="fitnesses"):
        evo.Population([[1]], [])
    with pytest.raises(TypeError, match="initial"):
        evo.CRO(Ones(2), initial=[[1, 1]])


def test_native_problems_take_populations_too():
    run = evo.GA(evo.OneMax(8), population=4, generations=3, threads=2, seed=1,
                 initial=[[1] * 7 + [0]])
    run.start()
    assert run.population()[0] == ([1] * 7 + [0], 7.0)
    run.inject([[0] * 8])
    assert sorted(run.population().fitnesses)[0] == 0.0
    with pytest.raises(ValueError, match="genomes: .*expected 0 or 1, found 2"):
        run.inject([[2] * 8])
    with pytest.raises(ValueError, match="initial: .*permutation"):
        evo.GA(evo.CircleTsp(5), initial=[[0, 0, 1, 2, 3]])
    tsp = evo.ACO(evo.CircleTsp(6), generations=3, seed=1)
    tsp.run()
    assert len(tsp.population()) == 100 and not tsp.population().maximize


@pytest.mark.parametrize("size", [7, 64, 130, 300])
def test_a_bit_populations_diversity_is_its_sampled_mean_pairwise_hamming_share(size):
    # The history's diversity: the mean share of differing bits over the pairs of an evenly
    # spaced sample (every n/s-th genome), computed here from the population itself.
    n, s = 40, 32
    run = evo.GA(Ones(size), population=n, generations=3, seed=4, diversity_sample=s)
    run.start()
    genomes = run.population().genomes
    sample = [genomes[a * n // s] for a in range(s)]
    pairs = [(a, b) for a in range(s) for b in range(a + 1, s)]
    shares = [sum(x != y for x, y in zip(sample[a], sample[b])) / size for a, b in pairs]
    assert run.result().history[0]["diversity"] == pytest.approx(sum(shares) / len(pairs),
                                                                  rel=1e-12)
