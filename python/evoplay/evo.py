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
(OneMax, CircleTsp) run without the GIL and use `threads`; a Python problem's fitness runs on
the calling thread, unless the problem defines fitness_batch(genomes) (a generation's new
genomes in one call, as a 2-D numpy array) or the optimiser is given map= (map(fitness,
genomes), e.g. a process pool's map). Run.population(), GA(..., initial=pop) and evolve() hand
populations over (see Population). NSGA2 optimises several objectives at once (its result's
front: a Front of genomes and objective vectors).
"""

from ._evoplay import evo as _native
from ._evoplay.evo import (ACO, CRO, GA, NSGA2, CircleTsp, Nsga2Result, Nsga2Run, OneMax, Run,
                           RunResult)
from .population import Front, Population, evolve

__all__ = ["Problem", "GA", "CRO", "ACO", "NSGA2", "OneMax", "CircleTsp", "Run", "RunResult",
           "Nsga2Run", "Nsga2Result", "Population", "Front", "evolve"]


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


def _with_signature(native, settings, extras):
    """`native` (a pybind11 function taking problem, **kwargs) behind a Python function whose
    inspect.signature lists its keywords: the declared settings (evoplay.settings_fields, with
    their defaults) and the Python objects it also takes (`extras`, default None)."""
    import functools
    import inspect

    from ._evoplay import settings_fields

    keyword = inspect.Parameter.KEYWORD_ONLY
    params = [inspect.Parameter("problem", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    params += [inspect.Parameter(f["keyword"], keyword, default=f["default"])
               for f in settings_fields(settings)]
    params += [inspect.Parameter(name, keyword, default=None) for name in extras]

    @functools.wraps(native)
    def call(problem, **kwargs):
        return native(problem, **kwargs)

    call.__signature__ = inspect.Signature(params, return_annotation=Run)
    call.__module__ = __name__
    return call


# inspect.signature(evo.GA) works (pybind11's functions have no __signature__); the calls and
# their errors are the native ones.
GA = _with_signature(_native.GA, "evo.GA", ("callback", "map", "initial"))
CRO = _with_signature(_native.CRO, "evo.CRO", ("callback", "map"))
ACO = _with_signature(_native.ACO, "evo.ACO", ("callback", "map"))
NSGA2 = _with_signature(_native.NSGA2, "evo.NSGA2", ("map",))
