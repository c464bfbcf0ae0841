#!/usr/bin/env python3
"""The pyspiel-shaped API's speed (called by bench/run with PYTHONPATH at the Release build): a
random playout of Connect Four written as pyspiel users write it, through evoplay.load_game:

    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(random.choice(state.legal_actions()))

on one core (goal: at least 30,000 games/s), the best of 5 rounds of 10,000 games. Prints
`name value unit` lines."""

import random
import time

import evoplay


def playouts_per_second(game, games=10000, rounds=5, seed=1):
    rng = random.Random(seed)
    choice = rng.choice
    best = 0.0
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
        best = max(best, games / (time.perf_counter() - start))
    return best


def main():
    c4 = evoplay.load_game("connect_four")
    rate = playouts_per_second(c4)
    print(f"python_spiel_connect4_random_playouts {rate:.0f} games/s", flush=True)
    ttt = evoplay.load_game("tic_tac_toe")
    print(f"python_spiel_tictactoe_random_playouts {playouts_per_second(ttt):.0f} games/s")


if __name__ == "__main__":
    main()
