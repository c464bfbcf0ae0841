#!/usr/bin/env python3
"""Pickling's speed (called by bench/run with PYTHONPATH at the Release build): the round trip
pickle.loads(pickle.dumps(state)) of a Connect Four State of 20 stones (goal: at most 5 us), of
a capture-the-flag State (its map's text travels with it and is parsed again), and of a GA's
RunResult of 101 history rows. The best of 5 rounds. Prints `name value unit` lines."""

import pickle
import time

from evoplay import connect4, evo, flags


def round_trip_us(x, count, rounds=5):
    loads, dumps = pickle.loads, pickle.dumps
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(count):
            loads(dumps(x))
        best = min(best, (time.perf_counter() - start) / count)
    return best * 1e6


def main():
    c4 = connect4.State("44444435333332222221")
    print(f"python_pickle_connect4_state {round_trip_us(c4, 100000):.2f} us", flush=True)
    f = flags.State.from_map("data/flags/04-crossroads.map")  # bench/run runs at the top
    print(f"python_pickle_flags_state {round_trip_us(f, 2000):.1f} us", flush=True)
    r = evo.GA(evo.OneMax(100), population=100, generations=100, seed=1).run()
    print(f"python_pickle_run_result {round_trip_us(r, 2000):.1f} us")


if __name__ == "__main__":
    main()
