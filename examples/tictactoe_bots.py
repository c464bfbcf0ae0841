#!/usr/bin/env python3
"""A round robin of tic-tac-toe bots from Python: the perfect player, alpha-beta, MCTS, greedy
and random, each pair playing both sides. Perfect play never loses.

    python3 examples/tictactoe_bots.py [--games 10]
"""

import argparse
import itertools

from evoplay import search, tictactoe


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per pair and side")
    args = parser.parse_args()
    bots = {"perfect": search.Perfect(seed=1), "alphabeta": search.AlphaBeta(depth=9),
            "mcts": search.MCTS(iterations=300, seed=2), "greedy": search.Greedy(seed=3),
            "random": search.Random(seed=4)}
    points = dict.fromkeys(bots, 0.0)
    losses = dict.fromkeys(bots, 0)
    for a, b in itertools.permutations(bots, 2):
        for _ in range(args.games):
            state = tictactoe.State()
            search.play(state, [bots[a], bots[b]])
            ra, rb = state.returns()
            points[a] += (ra + 1) / 2
            points[b] += (rb + 1) / 2
            losses[a] += ra < 0
            losses[b] += rb < 0
    print(f"{'bot':10s} {'points':>7s} {'losses':>7s}")
    for name in sorted(bots, key=points.get, reverse=True):
        print(f"{name:10s} {points[name]:7.1f} {losses[name]:7d}")
    assert losses["perfect"] == 0


if __name__ == "__main__":
    main()
