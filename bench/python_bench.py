#!/usr/bin/env python3
"""Figures of the Python module (called by bench/run with PYTHONPATH at the Release build):
a GA with a Python fitness against DEAP with the same configuration (OneMax of 100 bits,
population 100, tournament of 3, one-point crossover at 0.9, bit-flip mutation 1/100 per bit
for 10% of the children, no elitism), the cost of one Connect Four play() call from Python, and
1,000 random Connect Four games played by a Python loop. Prints `name value unit` lines."""

import random
import sys
import time

import evoplay
from evoplay import connect4, evo

GENERATIONS = 200


class OneMax(evo.Problem):
    def __init__(self):
        super().__init__(genome="bits", size=100)

    def fitness(self, genome):
        return float(sum(genome))


def evoplay_ga():
    run = evo.GA(OneMax(), population=100, generations=GENERATIONS, selection="tournament:3",
                 crossover="one-point", mutation="bit-flip:0.01", crossover_rate=0.9,
                 mutation_rate=0.1, elite=0, seed=1)
    start = time.perf_counter()
    result = run.run()
    return result.generations / (time.perf_counter() - start)


def deap_ga():
    from deap import algorithms, base, creator, tools
    creator.create("FitnessMax", base.Fitness, weights=(1.0,))
    creator.create("Individual", list, fitness=creator.FitnessMax)
    tb = base.Toolbox()
    tb.register("bit", random.randint, 0, 1)
    tb.register("individual", tools.initRepeat, creator.Individual, tb.bit, 100)
    tb.register("population", tools.initRepeat, list, tb.individual)
    tb.register("evaluate", lambda ind: (float(sum(ind)),))
    tb.register("mate", tools.cxOnePoint)
    tb.register("mutate", tools.mutFlipBit, indpb=0.01)
    tb.register("select", tools.selTournament, tournsize=3)
    random.seed(1)
    pop = tb.population(n=100)
    start = time.perf_counter()
    algorithms.eaSimple(pop, tb, cxpb=0.9, mutpb=0.1, ngen=GENERATIONS, verbose=False)
    return GENERATIONS / (time.perf_counter() - start)


def play_overhead_ns():
    rng = random.Random(1)
    games = []
    for _ in range(2000):
        s, moves = connect4.State(), []
        while not s.is_terminal():
            m = rng.choice(s.legal_moves())
            s.play(m)
            moves.append(m)
        games.append(moves)
    plays = sum(map(len, games))
    State = connect4.State
    start = time.perf_counter()
    for moves in games:
        s = State()
        play = s.play
        for m in moves:
            play(m)
    return (time.perf_counter() - start) / plays * 1e9


def random_games_seconds(n=1000):
    rng = random.Random(2)
    choice = rng.choice
    start = time.perf_counter()
    for _ in range(n):
        s = connect4.State()
        while not s.is_terminal():
            s.play(choice(s.legal_moves()))
    return time.perf_counter() - start


def main():
    ours = evoplay_ga()
    print(f"python_ga_onemax100_python_fitness {ours:.1f} generations/s", flush=True)
    try:
        theirs = deap_ga()
        print(f"deap_ga_onemax100 {theirs:.1f} generations/s")
        print(f"python_ga_vs_deap {ours / theirs:.1f} x")
    except ImportError:
        print("# DEAP is not installed (python3-deap): no comparison", file=sys.stderr)
    print(f"python_connect4_play {play_overhead_ns():.0f} ns")
    print(f"python_connect4_1000_random_games {random_games_seconds():.3f} s")


if __name__ == "__main__":
    main()
