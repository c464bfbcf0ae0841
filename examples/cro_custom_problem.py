#!/usr/bin/env python3
"""Coral Reef Optimization on a problem written in Python: a 0/1 knapsack (take items of given
weights and values; the total weight must stay within the capacity). The same problem runs
under the GA for comparison; both are seeded.

    python3 examples/cro_custom_problem.py [--items 40] [--epochs 150]
"""

import argparse
import random

from evoplay import evo


class Knapsack(evo.Problem):
    def __init__(self, items, seed):
        super().__init__(genome="bits", size=items)
        rng = random.Random(seed)
        self.weights = [rng.randint(1, 30) for _ in range(items)]
        self.values = [rng.randint(1, 50) for _ in range(items)]
        self.capacity = sum(self.weights) // 3

    def fitness(self, genome):
        weight = sum(w for w, g in zip(self.weights, genome) if g)
        value = sum(v for v, g in zip(self.values, genome) if g)
        return value if weight <= self.capacity else self.capacity - weight  # infeasible < 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=40)
    parser.add_argument("--epochs", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    problem = Knapsack(args.items, args.seed)

    def show(record):
        if record["generation"] % 25 == 0:
            print(f"  epoch {record['generation']:4d}  best {record['best']:7.1f}  "
                  f"mean {record['mean']:7.1f}")

    print(f"knapsack of {args.items} items, capacity {problem.capacity}")
    print("CRO:")
    cro = evo.CRO(problem, reef="8x8", generations=args.epochs, seed=args.seed,
                  callback=show).run()
    ga = evo.GA(problem, population=50, generations=args.epochs, seed=args.seed).run()
    print(f"CRO best value {cro.best_fitness:.0f} ({cro.evaluations} evaluations, "
          f"{cro.stop_reason})")
    print(f"GA  best value {ga.best_fitness:.0f} ({ga.evaluations} evaluations, "
          f"{ga.stop_reason})")
    chosen = [i for i, g in enumerate(cro.best) if g]
    print(f"CRO takes items {chosen}")


if __name__ == "__main__":
    main()
