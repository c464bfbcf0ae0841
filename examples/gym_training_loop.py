#!/usr/bin/env python3
"""Tabular Q-learning on tic-tac-toe against a random opponent, through the Gymnasium-shaped
environment evoplay.envs.make("evoplay/TicTacToe-v0"): the agent learns from the rewards alone
(+1 win, -1 loss or illegal move, 0 draw), acting epsilon-greedily among the legal moves
(info["action_mask"]); then it plays greedily and is compared with a random agent.

    python3 examples/gym_training_loop.py [--episodes 20000] [--seed 1]
"""

import argparse
from collections import defaultdict

import numpy as np

from evoplay import envs


def key(obs):
    return obs.tobytes()


def greedy(q, obs, mask):
    values = np.where(mask == 1, q[key(obs)], -np.inf)
    return int(np.argmax(values))


def evaluate(env, policy, episodes, seed):
    wins = draws = losses = 0
    for i in range(episodes):
        obs, info = env.reset(seed=seed + i)
        done = False
        while not done:
            obs, reward, done, truncated, info = env.step(policy(obs, info["action_mask"]))
        wins += reward > 0
        draws += reward == 0
        losses += reward < 0
    return wins, draws, losses


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=20000, help="training episodes")
    parser.add_argument("--tests", type=int, default=500, help="evaluation episodes")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    env = envs.make("evoplay/TicTacToe-v0", opponent="random")
    rng = np.random.default_rng(args.seed)
    q = defaultdict(lambda: np.zeros(env.action_space.n))
    alpha, gamma = 0.3, 1.0
    for episode in range(args.episodes):
        epsilon = max(0.05, 1.0 - episode / (0.6 * args.episodes))
        obs, info = env.reset(seed=args.seed * 1_000_003 + episode)
        done = False
        while not done:
            mask = info["action_mask"]
            if rng.random() < epsilon:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action = greedy(q, obs, mask)
            nxt, reward, done, truncated, info = env.step(action)
            target = reward
            if not done:
                target += gamma * np.max(np.where(info["action_mask"] == 1, q[key(nxt)], -np.inf))
            q[key(obs)][action] += alpha * (target - q[key(obs)][action])
            obs = nxt
    print(f"trained on {args.episodes} episodes: {len(q)} positions seen")
    learned = evaluate(env, lambda o, m: greedy(q, o, m), args.tests, seed=10**6)
    random_agent = evaluate(env, lambda o, m: int(rng.choice(np.flatnonzero(m))), args.tests,
                            seed=10**6)
    for name, (w, d, l) in (("q-learning", learned), ("random", random_agent)):
        print(f"{name:10s} vs random: {w} wins, {d} draws, {l} losses in {args.tests} games")


if __name__ == "__main__":
    main()
