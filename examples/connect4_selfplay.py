#!/usr/bin/env python3
"""Self-play data from Connect Four as numpy arrays: MCTS plays itself; every position becomes
an observation (2 x 6 x 7 planes), the move played and the final outcome for the side to move
(what a value/policy network trains on). Writes selfplay.npz when given a path.

    python3 examples/connect4_selfplay.py [--games N] [--out selfplay.npz]
"""

import argparse

import numpy as np

from evoplay import connect4, search


def self_play(games, iterations, seed):
    observations, moves, outcomes = [], [], []
    for game in range(games):
        players = [search.MCTS(iterations=iterations, seed=seed + 2 * game),
                   search.MCTS(iterations=iterations, seed=seed + 2 * game + 1)]
        state = connect4.State()
        movers = []
        while not state.is_terminal():
            observations.append(state.observation())
            movers.append(state.current_player())
            move = players[state.current_player()](state)
            moves.append(move)
            state.play(move)
        returns = state.returns()
        outcomes.extend(returns[p] for p in movers)
    return (np.stack(observations), np.array(moves, dtype=np.int8),
            np.array(outcomes, dtype=np.float32))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=400, help="MCTS iterations per move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="write the arrays to this .npz file")
    args = parser.parse_args()
    obs, moves, outcomes = self_play(args.games, args.iterations, args.seed)
    print(f"{args.games} games, {len(moves)} positions")
    print(f"observations {obs.shape} {obs.dtype}, moves {moves.shape}, outcomes {outcomes.shape}")
    print(f"first player's results: mean outcome of its positions "
          f"{outcomes[::2].mean():+.2f}")
    if args.out:
        np.savez_compressed(args.out, observations=obs, moves=moves, outcomes=outcomes)
        print(f"written {args.out}")


if __name__ == "__main__":
    main()
