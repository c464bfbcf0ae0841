#!/usr/bin/env python3
"""The Lemmings comparison study (CRO, GA and ACO on levels, by solutions found over repeated
runs) spread over a dask.distributed cluster: each unit (one run of one algorithm with one
fitness on one level) is a task; the tables are the same as `evoplay lemmings compare` prints
for the same seed, whichever worker ran which unit.

    python3 examples/dask_lemmings_study.py --levels data/lemmings/easy-*.lvl --runs 3
    python3 examples/dask_lemmings_study.py --scheduler tcp://host:8786 ...   # a real cluster

Without --scheduler it starts a LocalCluster (--workers processes, one thread each).
"""

import argparse
import functools
import glob

from dask.distributed import Client, LocalCluster

from evoplay import lemmings


@functools.lru_cache(maxsize=4)
def study_of(settings):
    """One Study per worker and settings (levels are read once per worker)."""
    kwargs = dict(settings)
    return lemmings.Study(list(kwargs.pop("levels")), **kwargs)


def run_unit(settings, index):
    return study_of(settings).run_unit(index)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", nargs="+", default=sorted(glob.glob("data/lemmings/*.lvl")))
    parser.add_argument("--methods", default="cro,ga,aco")
    parser.add_argument("--fitness", default="original,heuristic")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--evaluations", type=int, default=20000)
    parser.add_argument("--population", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scheduler", help="address of a running scheduler (default: local)")
    parser.add_argument("--workers", type=int, default=2, help="local worker processes")
    args = parser.parse_args()
    settings = (("levels", tuple(args.levels)), ("methods", args.methods),
                ("fitness", args.fitness), ("runs", args.runs),
                ("evaluations", args.evaluations), ("population", args.population),
                ("seed", args.seed))
    study = study_of(settings)
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    try:
        futures = client.map(run_unit, [settings] * study.units, range(study.units), pure=False)
        results = client.gather(futures)
    finally:
        client.close()
        if not args.scheduler:
            cluster.close()
    summary = study.summarize(results)
    print(summary["markdown"])


if __name__ == "__main__":
    main()
