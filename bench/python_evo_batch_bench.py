#!/usr/bin/env python3
"""Figures of a Python fitness evaluated per genome and a generation at a time (called by
bench/run with PYTHONPATH at the Release build): the GA of python_bench.py (OneMax of 100 bits,
population 100, tournament of 3, one-point crossover at 0.9, bit-flip 1/100 per bit for 10% of
the children, no elitism, 200 generations) with fitness(genome), with fitness_batch(genomes) on
numpy (also without the diversity column, which DEAP does not compute), and with map= (the
builtin map), each against DEAP's eaSimple on the same configuration measured in the same run.
Prints `name value unit` lines."""

import sys
import time
import warnings

from evoplay import evo
from python_bench import GENERATIONS, deap_ga


class OneMax(evo.Problem):
    def __init__(self):
        super().__init__(genome="bits", size=100)

    def fitness(self, genome):
        return float(sum(genome))


class OneMaxBatch(OneMax):
    def fitness_batch(self, genomes):
        return genomes.sum(axis=1)  # one whole number per row; read as floats


def generations_per_second(problem, repeats=5, **extra):
    best = 0.0
    for _ in range(repeats):
        run = evo.GA(problem, population=100, generations=GENERATIONS, selection="tournament:3",
                     crossover="one-point", mutation="bit-flip:0.01", crossover_rate=0.9,
                     mutation_rate=0.1, elite=0, seed=1, **extra)
        start = time.perf_counter()
        result = run.run()
        best = max(best, result.generations / (time.perf_counter() - start))
    return best


def main():
    ours = {
        "fitness": generations_per_second(OneMax()),
        "fitness_batch_numpy": generations_per_second(OneMaxBatch()),
        # DEAP's eaSimple computes no diversity: the same work without the diversity column.
        "fitness_batch_numpy_no_diversity": generations_per_second(OneMaxBatch(),
                                                                   diversity_sample=0),
        "map": generations_per_second(OneMax(), map=map),
    }
    for name, value in ours.items():
        print(f"python_ga_onemax100_{name} {value:.1f} generations/s", flush=True)
    try:
        with warnings.catch_warnings():  # DEAP's creator warns when its classes are made again
            warnings.simplefilter("ignore", RuntimeWarning)
            theirs = max(deap_ga() for _ in range(3))
    except ImportError:
        print("# DEAP is not installed (python3-deap): no comparison", file=sys.stderr)
        return
    print(f"deap_ga_onemax100_eaSimple {theirs:.1f} generations/s")
    for name, value in ours.items():
        print(f"python_ga_{name}_vs_deap {value / theirs:.1f} x")


if __name__ == "__main__":
    main()
