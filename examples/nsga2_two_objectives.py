#!/usr/bin/env python3
"""NSGA-II on two objectives at once: a knapsack whose value is maximised while its weight is
minimised (one direction per objective), with a capacity as a constraint (Deb's rule: feasible
selections first). A few trade-offs of the Pareto front are printed from the lightest selection
to the heaviest, and its most valuable selection beside the knapsack's optimum (dynamic
programming).

    python3 examples/nsga2_two_objectives.py [--items 20] [--generations 100]
"""

import argparse
import random

from evoplay import evo


class ValueAndWeight(evo.Problem):
    n_objectives = 2

    def __init__(self, values, weights, capacity):
        super().__init__(genome="bits", size=len(values))
        self.maximize = [True, False]  # value up, weight down
        self.values, self.weights, self.capacity = values, weights, capacity

    def fitness(self, genome):
        value = sum(v for v, g in zip(self.values, genome) if g)
        weight = sum(w for w, g in zip(self.weights, genome) if g)
        return value, weight

    def violation(self, genome):
        weight = sum(w for w, g in zip(self.weights, genome) if g)
        return max(0, weight - self.capacity)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=20)
    parser.add_argument("--generations", type=int, default=100)
    args = parser.parse_args()
    rng = random.Random(4)
    values = [rng.randint(1, 30) for _ in range(args.items)]
    weights = [rng.randint(1, 20) for _ in range(args.items)]
    capacity = sum(weights) // 2
    problem = ValueAndWeight(values, weights, capacity)
    result = evo.NSGA2(problem, population=60, generations=args.generations,
                       mutation="bit-flip", seed=1).run()
    front = sorted(set(map(tuple, result.front.objectives)), key=lambda o: o[1])
    print(f"{args.items} items, capacity {capacity}: {len(front)} trade-offs on the Pareto front "
          f"({result.evaluations} evaluations)")
    for k in range(0, len(front), max(1, len(front) // 8)):
        print(f"  value {front[k][0]:4.0f}  weight {front[k][1]:4.0f}")
    best = [0] * (capacity + 1)  # best[c]: the most value within weight c
    for v, w in zip(values, weights):
        for c in range(capacity, w - 1, -1):
            best[c] = max(best[c], best[c - w] + v)
    print(f"most valuable on the front: {front[-1][0]:.0f} (weight {front[-1][1]:.0f}); "
          f"the optimum within the capacity: {best[capacity]}")

if __name__ == "__main__":
    main()
