#!/usr/bin/env python3
"""Evaluating generated Angry Birds levels from Python: each level (Science Birds XML, e.g. what
`evoplay birds generate` or another generator delivers, or levels generated here by
`evoplay.birds.generate`) is simulated with Box2D as the game would, its stability reported,
and the set's diversity measured; a picture of the first level is written when asked.

    python3 examples/birds_evaluate_levels.py [LEVEL.xml ...] [--seconds 5] [--png first.png]
    python3 examples/birds_evaluate_levels.py --generate 3 [--generations 20] [--population 10]
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
    parser.add_argument("--generate", type=int, metavar="N",
                        help="generate N levels with the paper's GA instead of reading files")
    parser.add_argument("--generations", type=int, default=20, help="with --generate")
    parser.add_argument("--population", type=int, default=10, help="with --generate")
    parser.add_argument("--seed", type=int, default=1, help="with --generate")
    args = parser.parse_args()
    if args.generate:
        # No generation past those asked for (the command's default looks on for stable,
        # distinct levels for up to 20 times as many).
        made = birds.generate(levels=args.generate, generations=args.generations,
                              max_generations=args.generations, population=args.population,
                              seed=args.seed, callback=lambda r: print(
                                  f"generation {r['generation']}: best fitness {r['best']:.1f}"))
        args.levels = [record["file"] for record in made.to_dict()["levels"]]
        levels = made.levels
        print(f"generated {len(levels)} levels ({made.stable_levels} stable by the generator)")
    else:
        levels = [birds.Level.load(path) for path in args.levels]
    print(f"{'level':40s} {'pieces':>6s} {'stable':>6s} {'moved':>5s} {'destroyed':>9s} "
          f"{'score':>5s}")
    for path, level in zip(args.levels, levels):
        r = birds.simulate(level, game_seconds=args.seconds)
        print(f"{path[-40:]:40s} {level.pieces:6d} {str(r['stable']):>6s} {r['moved']:5d} "
              f"{r['destroyed']:9d} {r['score']:5.2f}")
    if len(levels) >= 2:
        d = birds.diversity(levels)
        s = d["structural"]
        print(f"diversity of {d['levels']} levels: structural distance mean "
              f"{s['mean']:.3f} (min {s['min']:.3f}, max {s['max']:.3f}); object-count "
              f"distance mean {d['counts']['mean']:.1f}")
    if args.png and levels:
        with open(args.png, "wb") as out:
            out.write(levels[0].png())
        print(f"picture: {args.png}")


if __name__ == "__main__":
    main()
