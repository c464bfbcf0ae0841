#!/usr/bin/env python3
"""The GA one generation at a time (start / step / done), as a notebook or an island model
drives it: the native circle TSP (its optimum is known) runs without the GIL on two threads,
and a Python twin of it shows the same interface over a Python fitness.

    python3 examples/ga_tsp_stepwise.py [--cities 30] [--generations 300]
"""

import argparse

from evoplay import evo


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cities", type=int, default=30)
    parser.add_argument("--generations", type=int, default=300)
    args = parser.parse_args()
    tsp = evo.CircleTsp(args.cities)
    run = evo.GA(tsp, population=100, generations=args.generations, crossover="ox",
                 mutation="inversion", threads=2, seed=1)
    run.start()
    while not run.done():
        run.step()
        if run.generation % 50 == 0:
            best = run.result().best_fitness
            print(f"generation {run.generation:4d}: tour {best:.4f} "
                  f"(optimum {tsp.optimum:.4f}, {100 * (best / tsp.optimum - 1):.1f}% above)")
    result = run.result()
    print(f"stopped: {result.stop_reason} after {result.generations} generations")

    class Tour(evo.Problem):
        def __init__(self):
            super().__init__(genome="permutation", size=args.cities, maximize=False)

        def fitness(self, genome):
            return tsp.fitness(genome)

    twin = evo.GA(Tour(), population=100, generations=args.generations, crossover="ox",
                  mutation="inversion", seed=1).run()
    print(f"python twin: tour {twin.best_fitness:.4f} ({twin.evaluations} Python evaluations)")


if __name__ == "__main__":
    main()
