#!/usr/bin/python3
"""The Sudoku paper's GA written with DEAP, the most used Python evolutionary framework.

Same configuration as `evoplay sudoku solve --method ga --preset paper`: one permutation per
row (givens fixed), fitness = digits missing from columns + digits missing from boxes
(minimised), population 200, tournament of 3, crossover 0.8 (the combined crossover, row by
row), mutation 0.2 (rotation of three free cells of one row), elitism 5%.

Usage: sudoku_deap.py PUZZLE GENERATIONS SEED  -> prints "generations seconds best_fitness".
"""
import random
import sys
import time

from deap import base, creator, tools

N = 9


def main():
    puzzle = [0 if ch in ".0" else int(ch) for ch in sys.argv[1].strip()]
    generations = int(sys.argv[2])
    random.seed(int(sys.argv[3]))
    free = [[c for c in range(N) if puzzle[r * N + c] == 0] for r in range(N)]
    missing = [[d for d in range(1, N + 1) if d not in puzzle[r * N:(r + 1) * N]] for r in range(N)]
    rotatable = [r for r in range(N) if len(free[r]) >= 3]
    boxes = [[((r // 3) * 3 + k // 3) * N + (r % 3) * 3 + k % 3 for k in range(N)] for r in range(N)]

    creator.create("FitnessMin", base.Fitness, weights=(-1.0,))
    creator.create("Individual", list, fitness=creator.FitnessMin)

    def random_individual():
        g = list(puzzle)
        for r in range(N):
            values = random.sample(missing[r], len(missing[r]))
            for c, v in zip(free[r], values):
                g[r * N + c] = v
        return creator.Individual(g)

    def evaluate(g):
        missing_count = 0
        for k in range(N):
            missing_count += N - len(set(g[k::N]))
            missing_count += N - len({g[i] for i in boxes[k]})
        return (missing_count,)

    def combined_row(a, b):
        m = len(a)
        children = []
        for k in (0, 1):
            child, have = [], set()
            for i in range(m):
                source, other = (a, b) if (i + k) % 2 == 0 else (b, a)
                v = source[i]
                if v in have:
                    for step in range(m):
                        w = other[(i + step) % m]
                        if w not in have:
                            v = w
                            break
                child.append(v)
                have.add(v)
            children.append(child)
        return children

    def crossover(x, y):
        for r in range(N):
            cols = free[r]
            if len(cols) < 2:
                continue
            a = [x[r * N + c] for c in cols]
            b = [y[r * N + c] for c in cols]
            c1, c2 = combined_row(a, b)
            for c, v1, v2 in zip(cols, c1, c2):
                x[r * N + c], y[r * N + c] = v1, v2
        return x, y

    def rotation(g):
        r = random.choice(rotatable)
        picked = sorted(random.sample(free[r], 3))
        values = [g[r * N + c] for c in picked]
        values = values[-1:] + values[:-1]
        for c, v in zip(picked, values):
            g[r * N + c] = v
        return (g,)

    toolbox = base.Toolbox()
    toolbox.register("individual", random_individual)
    toolbox.register("population", tools.initRepeat, list, toolbox.individual)
    toolbox.register("evaluate", evaluate)
    toolbox.register("mate", crossover)
    toolbox.register("mutate", rotation)
    toolbox.register("select", tools.selTournament, tournsize=3)

    size, elite = 200, 10
    start = time.perf_counter()
    pop = toolbox.population(n=size)
    for ind in pop:
        ind.fitness.values = toolbox.evaluate(ind)
    done = 0
    for _ in range(generations):
        if min(ind.fitness.values[0] for ind in pop) == 0:
            break
        best = tools.selBest(pop, elite)
        offspring = [toolbox.clone(ind) for ind in toolbox.select(pop, size - elite)]
        for i in range(0, len(offspring) - 1, 2):
            if random.random() < 0.8:
                toolbox.mate(offspring[i], offspring[i + 1])
                del offspring[i].fitness.values, offspring[i + 1].fitness.values
        for ind in offspring:
            if random.random() < 0.2:
                toolbox.mutate(ind)
                del ind.fitness.values
        for ind in offspring:
            if not ind.fitness.valid:
                ind.fitness.values = toolbox.evaluate(ind)
        pop = [toolbox.clone(ind) for ind in best] + offspring
        done += 1
    seconds = time.perf_counter() - start
    print(done, seconds, min(ind.fitness.values[0] for ind in pop))


if __name__ == "__main__":
    main()
