"""A population as a value: genomes with their fitnesses, what Run.population() gives and what
GA(..., initial=pop), Run.set_population(pop) and evolve() take (pygmo's population, as a value
that can be kept, sliced and passed on), and Front, the genomes of several objectives that
NSGA2 gives."""

__all__ = ["Population", "Front", "evolve"]


class Population:
    """Genomes and their fitnesses (one each), whether fitness is maximised, and the problem
    they belong to (or None).

        pop = run.population()
        len(pop), pop[0]          # (genome, fitness)
        pop.best()                # the best (genome, fitness); ties: the first
        X, f = pop.to_numpy()     # a 2-D array of genomes and an array of fitnesses
    """

    def __init__(self, genomes, fitnesses, maximize=True, problem=None):
        genomes = [list(g) for g in (genomes.tolist() if hasattr(genomes, "tolist") else genomes)]
        fitnesses = [float(f) for f in fitnesses]
        if len(genomes) != len(fitnesses):
            raise ValueError(f"fitnesses: one per genome expected, {len(genomes)} genomes and "
                             f"{len(fitnesses)} fitnesses given")
        self._genomes = genomes
        self._fitnesses = fitnesses
        self.maximize = bool(maximize)
        self.problem = problem

    @property
    def genomes(self):
        """The genomes, as lists (a copy)."""
        return [list(g) for g in self._genomes]

    @property
    def fitnesses(self):
        """The fitnesses, in the genomes' order (a copy)."""
        return list(self._fitnesses)

    def to_numpy(self):
        """(genomes as a 2-D array, fitnesses as a 1-D array)."""
        import numpy as np
        return np.asarray(self._genomes), np.asarray(self._fitnesses, dtype=float)

    def __len__(self):
        return len(self._genomes)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return Population(self._genomes[index], self._fitnesses[index], self.maximize,
                              self.problem)
        return list(self._genomes[index]), self._fitnesses[index]

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    def best(self):
        """The best individual as (genome, fitness); ties: the first."""
        if not self._genomes:
            raise ValueError("an empty population has no best individual")
        pick = max if self.maximize else min
        i = pick(range(len(self)), key=self._fitnesses.__getitem__)
        return self[i]

    def __repr__(self):
        if not self._genomes:
            return "<Population of 0>"
        return f"<Population of {len(self)} best_fitness={self.best()[1]:g}>"


class Front:
    """Genomes with their objective vectors (as the problem states them: each objective in its
    own direction) and constraint violations (0: feasible): NSGA2's Pareto front or last
    population, best first.

        result.front.genomes, result.front.objectives
        genome, objectives = result.front[0]
        X, F = result.front.to_numpy()
    """

    def __init__(self, genomes, objectives, violations=None):
        self.genomes = [list(g) for g in genomes]
        self.objectives = [[float(v) for v in o] for o in objectives]
        self.violations = [0.0] * len(self.genomes) if violations is None else \
            [float(v) for v in violations]

    def to_numpy(self):
        """(genomes as a 2-D array, objectives as a 2-D array)."""
        import numpy as np
        return np.asarray(self.genomes), np.asarray(self.objectives, dtype=float)

    def __len__(self):
        return len(self.genomes)

    def __getitem__(self, index):
        return self.genomes[index], self.objectives[index]

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    def __repr__(self):
        return f"<Front of {len(self)}>"


def evolve(algorithm, pop, problem=None, **keywords):
    """Runs `algorithm` (evo.GA) from `pop` and returns the population it ends with (pygmo's
    algorithm.evolve(pop)): algorithm(problem, initial=pop, population=len(pop),
    **keywords).run(), where `problem` defaults to the population's own. Give `generations=`
    (how many more generations) and a `seed=`: the same seed draws the same random numbers at
    each call."""
    problem = pop.problem if problem is None else problem
    if problem is None:
        raise ValueError("problem: this population does not say its problem; give problem=")
    keywords.setdefault("population", len(pop))
    run = algorithm(problem, initial=pop, **keywords)
    run.run()
    return run.population()
