#!/usr/bin/env python3
"""Random playouts written as for pyspiel (load_game, new_initial_state, legal_actions,
apply_action, returns), on evoplay's native games: the outcome shares and the speed; then a
state saved with serialize() and read back with deserialize_state(), and MCTS visit counts of
the last position's predecessor.

    python3 examples/pyspiel_style_playout.py [--game connect_four] [--games 10000] [--seed 1]
"""

import argparse
import random
import time

import evoplay
from evoplay.games import mcts_policy


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="connect_four",
                        help="tic_tac_toe, connect_four or capture_the_flag(map=PATH)")
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = evoplay.load_game(args.game)
    rng = random.Random(args.seed)
    outcomes = {1.0: 0, 0.0: 0, -1.0: 0}
    start = time.perf_counter()
    for _ in range(args.games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        outcomes[state.returns()[0]] += 1
    seconds = time.perf_counter() - start
    print(f"{game}: {args.games} random games, {args.games / seconds:,.0f} games/s")
    print("player 0 wins {:.1%}, draws {:.1%}, player 1 wins {:.1%}".format(
        *(outcomes[r] / args.games for r in (1.0, 0.0, -1.0))))
    text = state.serialize()
    back = game.deserialize_state(text)
    print(f"last game: {len(state.history())} actions, serialize() round trip: {back == state}")
    before = game.deserialize_state("\n".join(map(str, state.history()[:-1])))
    visits = mcts_policy(before, iterations=500, seed=args.seed)
    best = max(visits, key=visits.get)
    print(f"MCTS before the last action: {best} ({before.action_to_string(best)}) visited "
          f"{visits[best]} of 500 times; played: {state.history()[-1]}")


if __name__ == "__main__":
    main()
