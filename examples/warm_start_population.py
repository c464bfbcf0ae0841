#!/usr/bin/env python3
"""Populations as values: a GA's population read at any generation, a few hand-made genomes
injected, the population handed to a new run as its warm start (GA(..., initial=pop)), and
evolve() continuing it pygmo-style, all seeded. The problem scores a bit string by the length
of its longest run of ones, evaluated a whole generation at a time with numpy (fitness_batch).

    python3 examples/warm_start_population.py [--bits 60] [--generations 40]
"""

import argparse

import numpy as np

from evoplay import evo


class LongestRun(evo.Problem):
    """Maximise the longest run of ones."""

    def __init__(self, bits):
        super().__init__(genome="bits", size=bits)

    def fitness(self, genome):
        return float(self.fitness_batch(np.asarray([genome]))[0])

    def fitness_batch(self, genomes):
        run = np.zeros(len(genomes))
        best = np.zeros(len(genomes))
        for column in genomes.T:  # one pass over the genes for the whole generation
            run = (run + 1) * column
            best = np.maximum(best, run)
        return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bits", type=int, default=60)
    parser.add_argument("--generations", type=int, default=40)
    args = parser.parse_args()
    problem = LongestRun(args.bits)

    run = evo.GA(problem, population=30, generations=args.generations, seed=1)
    run.start()
    print(f"generation 0: best {run.population().best()[1]:.0f} of {args.bits}")
    half = [1] * (args.bits // 2) + [0] * (args.bits - args.bits // 2)
    run.inject([half])  # takes the place of the worst individual
    print(f"injected a half of ones: best {run.population().best()[1]:.0f}")
    result = run.run()
    pop = run.population()
    print(f"first run: best {result.best_fitness:.0f} after {result.generations} generations "
          f"({result.evaluations} evaluations)")

    # A new run from that population: its fitnesses are kept, not evaluated again.
    warm = evo.GA(problem, population=30, generations=args.generations, seed=2, initial=pop)
    second = warm.run()
    print(f"warm start: best {second.best_fitness:.0f} ({second.evaluations} evaluations)")

    # pygmo's algorithm.evolve(pop): the population in, the population out.
    for round_ in range(3):
        pop = evo.evolve(evo.GA, pop, generations=args.generations // 2, seed=10 + round_)
        genomes, fitnesses = pop.to_numpy()
        print(f"evolve round {round_ + 1}: best {fitnesses.max():.0f}, "
              f"mean {fitnesses.mean():.1f} over {len(pop)} genomes of {genomes.shape[1]} bits")


if __name__ == "__main__":
    main()
