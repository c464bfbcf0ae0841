"""The optimisers over problems written in Python (as pygmo's user-defined problems or DEAP's
toolbox) or native ones.

    class Knapsack(evoplay.evo.Problem):
        def __init__(self):
            super().__init__(genome="bits", size=20)
        def fitness(self, genome):
            return float(sum(genome))

    run = evoplay.evo.GA(Knapsack(), population=50, generations=40, seed=3)
    result = run.run()               # or run.start(); while not run.done(): run.step()
    result.best, result.best_fitness, result.history

Genome kinds: "bits" (list of 0/1), "ints" (low..high), "reals" (floats in [low, high]),
"permutation" (of 0..size-1). Operators by name as on the command line. Native problems
(OneMax, CircleTsp) run without the GIL and use `threads`; a Python problem runs on one thread.
"""

from ._evoplay import evo as _native
from ._evoplay.evo import ACO, CRO, GA, CircleTsp, OneMax, Run, RunResult

__all__ = ["Problem", "GA", "CRO", "ACO", "OneMax", "CircleTsp", "Run", "RunResult"]


class Problem:
    """Base class of a Python problem: say the genome kind and size (and bounds for "ints" and
    "reals"), whether fitness is maximised, and define fitness(genome) -> float."""

    def __init__(self, genome, size, low=0, high=1, maximize=True):
        self.genome = genome
        self.size = size
        self.low = low
        self.high = high
        self.maximize = maximize

    def fitness(self, genome):
        raise NotImplementedError("define fitness(genome) -> float")
