#!/usr/bin/env python3
"""Connect Four positions judged by random playouts in a multiprocessing pool: each State is
pickled to a worker process (its stones and side to move), played out there many times, and
the workers' scores come back. The same seeds give the same scores whatever the processes.

    python3 examples/multiprocessing_states.py [--playouts 2000] [--processes 2]
"""

import argparse
import multiprocessing
import random

from evoplay import connect4


def playouts(job):
    """Player 0's mean result (1 win, 0.5 draw, 0 loss) over `count` random games from `state`."""
    state, count, seed = job
    rng = random.Random(seed)
    total = 0.0
    for _ in range(count):
        s = state.clone()
        while not s.is_terminal():
            s.play(rng.choice(s.legal_moves()))
        total += (s.returns()[0] + 1) / 2
    return total / count


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=2000, help="random games per position")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    openings = ["", "4", "44", "43", "4453", "1"]  # 1-based columns, as Pons' test sets
    jobs = [(connect4.State(moves), args.playouts, seed) for seed, moves in enumerate(openings)]
    # "spawn": fresh interpreters, so every State really crosses as a pickle
    with multiprocessing.get_context("spawn").Pool(args.processes) as pool:
        scores = pool.map(playouts, jobs)
    here = [playouts(job) for job in jobs[:2]]  # the same seeds here give the same scores
    assert here == scores[:2], (here, scores[:2])
    print(f"{'opening':8s} {'to move':>7s} {'player 0 scores':>15s}")
    for (state, _, _), moves, score in zip(jobs, openings, scores):
        print(f"{moves or '-':8s} {'XO'[state.current_player()]:>7s} {score:15.3f}")
    print(f"{len(jobs)} positions, {args.playouts} playouts each, in {args.processes} processes: "
          "the same scores as here")


if __name__ == "__main__":
    main()
