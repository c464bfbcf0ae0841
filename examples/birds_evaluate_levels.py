#!/usr/bin/env python3
"""Evaluating generated Angry Birds levels from Python: each level (Science Birds XML, e.g. what
`evoplay birds generate` or another generator delivers) is simulated with Box2D as the game
would, its stability reported, and the set's diversity measured; a picture of the first level
is written when asked.

    python3 examples/birds_evaluate_levels.py [LEVEL.xml ...] [--seconds 5] [--png first.png]
"""

import argparse
import glob

from evoplay import birds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("levels", nargs="*",
                        default=sorted(glob.glob("data/birds/*generated*.xml")))
    parser.add_argument("--seconds", type=float, default=5.0, help="game time simulated")
    parser.add_argument("--png", help="write a picture of the first level here")
    args = parser.parse_args()
    levels = [birds.Level.load(path) for path in args.levels]
    print(f"{'level':40s} {'pieces':>6s} {'stable':>6s} {'moved':>5s} {'destroyed':>9s} "
          f"{'score':>5s}")
    for path, level in zip(args.levels, levels):
        r = birds.simulate(level, seconds=args.seconds)
        print(f"{path[-40:]:40s} {level.pieces:6d} {str(r['stable']):>6s} {r['moved']:5d} "
              f"{r['destroyed']:9d} {r['score']:5.2f}")
    if len(levels) >= 2:
        d = birds.diversity(levels)
        print(f"diversity of {d['levels']} levels: structural distance mean "
              f"{d['structural_mean']:.3f} (min {d['structural_min']:.3f}, max "
              f"{d['structural_max']:.3f}); object-count distance mean {d['count_mean']:.1f}")
    if args.png and levels:
        with open(args.png, "wb") as out:
            out.write(levels[0].png())
        print(f"picture: {args.png}")


if __name__ == "__main__":
    main()
