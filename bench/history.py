#!/usr/bin/env python3
"""The benchmark history: figure files, baselines and comparisons (docs/reliability.md).

`bench/run` calls it; it can also be run by hand:

  bench/history.py record FIGURES --out DIR [--load-before L] [--load-after L]
      FIGURES holds `name value unit` lines as the benchmark programs print them, each after a
      `#source NAME` line naming the program or peer script that printed it (bench/run writes
      those). Writes DIR/<date>-<commit>.json: the figures, the machine's description and kind,
      the commit (and whether the tree had changes) and the load average; prints its path.

  bench/history.py baseline RUN.json RUN.json ... --out BASELINE.json
      A baseline from repeated runs on one machine kind: each figure's median and its noise,
      the largest relative distance of a run from the median (unknown for a figure of one run:
      then a move of more than 10% is reported).

  bench/history.py compare RUN.json [--baseline BASELINE.json]
      Prints every figure of RUN that moved from the baseline by more than its noise allows
      (default baseline: bench/baselines/<machine kind of RUN>.json). Exit status 1 if a figure
      got worse, else 0.

What is compared: evoplay's own figures as they are; of a peer script's figures (bench/peers/),
only the ratios to the peer (names containing "ratio"): both programs ran in the same minutes,
so the ratio carries over between runs where absolute times move with the machine's load. A
figure identical in every baseline run (a node count, a number of wrong answers) is
deterministic: any change is reported, unless it is a time or a rate (a time limit's cap, a
figure rounded to a few digits), which is held to 5% like the others. Any other figure is
reported when its relative change exceeds max(3 x its noise, 5%). Last, the median slowdown of
evoplay's own times and rates tells a machine of the same kind running at another speed (every
figure moves together) from a change to a few.
"""

import argparse
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile

NOISE_FACTOR = 3.0  # a change must exceed this many times the noise seen in the baseline runs
MIN_CHANGE = 0.05  # and at least this share, for figures that varied between baseline runs
# A figure seen in one baseline run only has no measured noise: it is reported when it moved
# by more than this share (deterministic or not: one run cannot tell).
ONE_RUN_CHANGE = 0.10
# The figures moved together when the median of evoplay's timed figures moved by more than this
# share (a note, not a verdict), over at least MIN_SPEED_FIGURES figures.
COMMON_SHIFT = 0.10
MIN_SPEED_FIGURES = 3


def read_figures(path):
    """Figures of a `name value unit` file, each with the source named by the last `#source`."""
    figures = {}
    source = "unknown"
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("#source "):
                source = line.split(None, 1)[1]
                continue
            if not line or line.startswith("#"):
                continue
            parts = line.split()
            if len(parts) < 2:
                continue
            try:
                value = float(parts[1])
            except ValueError:
                continue
            figures[parts[0]] = {
                "value": value,
                "unit": parts[2] if len(parts) > 2 else "",
                "source": source,
            }
    return figures


def machine():
    """This machine's description and its kind (the name of its baseline)."""
    model = platform.processor() or "unknown"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    cores = os.cpu_count() or 0
    memory_gib = 0
    try:
        with open("/proc/meminfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    memory_gib = round(int(line.split()[1]) / (1024 * 1024))
                    break
    except OSError:
        pass
    slug = re.sub(r"[^a-z0-9]+", "-", model.lower()).strip("-") or "unknown"
    return {
        "cpu": model,
        "cores": cores,
        "memory_gib": memory_gib,
        "system": f"{platform.system()} {platform.release()}",
        "kind": f"{slug}-{cores}c",
    }


def git(*args):
    try:
        return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return ""


def write_json(path, data):
    """Writes atomically (a temporary file in the same folder, then a rename)."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=True)
            f.write("\n")
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as an ordinary file (mkstemp makes it private)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        sys.exit(f"bench/history: error: {path}: {e}")
    if not isinstance(data.get("figures"), dict):
        sys.exit(f"bench/history: error: {path}: expected an object with \"figures\"")
    return data


def cmd_record(args):
    commit = git("rev-parse", "HEAD").strip() or "unknown"
    dirty = bool(git("status", "--porcelain", "--untracked-files=no").strip())
    now = datetime.datetime.now(datetime.timezone.utc)
    run = {
        "date": now.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": commit,
        "dirty": dirty,
        "machine": machine(),
        "load_average": {"before": args.load_before, "after": args.load_after},
        "figures": read_figures(args.figures),
    }
    name = f"{now.strftime('%Y%m%d-%H%M%S')}-{commit[:10]}{'-dirty' if dirty else ''}.json"
    path = os.path.join(args.out, name)
    write_json(path, run)
    print(path)


def cmd_baseline(args):
    runs = [load(p) for p in args.runs]
    kinds = {r.get("machine", {}).get("kind") for r in runs}
    if len(kinds) != 1:
        sys.exit(f"bench/history: error: the runs come from different machine kinds: {kinds}")
    figures = {}
    names = sorted({n for r in runs for n in r["figures"]})
    for name in names:
        seen = [r["figures"][name] for r in runs if name in r["figures"]]
        values = [f["value"] for f in seen]
        median = statistics.median(values)
        spread = max(abs(v - median) for v in values)
        if len(values) == 1:
            noise = None  # unknown: see ONE_RUN_CHANGE
        else:
            noise = spread / abs(median) if median else (0.0 if spread == 0 else float("inf"))
        figures[name] = {
            "value": median,
            "unit": seen[0]["unit"],
            "source": seen[0].get("source", "unknown"),
            "runs": len(values),
            "values": values,
            "noise": noise,
        }
    baseline = {
        "machine": runs[0]["machine"],
        "runs": [{"date": r.get("date"), "commit": r.get("commit"), "dirty": r.get("dirty"),
                  "load_average": r.get("load_average")} for r in runs],
        "figures": figures,
    }
    write_json(args.out, baseline)
    print(f"bench/history: baseline of {len(runs)} runs, {len(figures)} figures: {args.out}")


def compared(name, figure):
    """Whether a figure takes part in comparisons: a peer's figures only through ratios."""
    source = figure.get("source", "")
    return not source.startswith("peer:") or "ratio" in name


def better_when(unit):
    """+1 if a higher value is better, -1 if lower is better, 0 if the unit does not say."""
    if "goal>=" in unit or unit.endswith("/s") or "per_s" in unit:
        return 1
    if "goal<=" in unit or "goal<" in unit or unit in ("s", "ms", "us", "ns") or \
            unit.startswith(("s(", "ms(", "us(")):
        return -1
    return 0


def timed(unit):
    """Whether the unit is a time or a rate (measured with a clock, never deterministic)."""
    base = unit.split("(")[0]
    return base in ("s", "ms", "us", "ns") or base.endswith("/s") or "per_s" in base


def cmd_compare(args):
    run = load(args.run)
    kind = run.get("machine", {}).get("kind", "unknown")
    base_path = args.baseline or os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                              "baselines", f"{kind}.json")
    if not os.path.exists(base_path):
        sys.exit(f"bench/history: error: no baseline for machine kind {kind} ({base_path}); "
                 "make one with `bench/run --make-baseline`")
    base = load(base_path)
    base_kind = base.get("machine", {}).get("kind")
    print(f"# comparing {args.run} ({run.get('commit', '?')[:10]}, load "
          f"{run.get('load_average', {}).get('before')}) with {base_path} "
          f"({len(base.get('runs', []))} runs)")
    if base_kind != kind:
        print(f"# warning: the baseline is of machine kind {base_kind}, this run of {kind}")
    worse = better = changed = 0
    for name in sorted(base["figures"]):
        b = base["figures"][name]
        if not compared(name, b):
            continue
        r = run["figures"].get(name)
        if r is None:
            print(f"missing {name} (baseline {b['value']:g} {b['unit']})")
            continue
        old, new = b["value"], r["value"]
        noise = b.get("noise", 0.0)
        if old == new:
            continue
        change = (new - old) / abs(old) if old else float("inf")
        if noise is None:
            allowed = ONE_RUN_CHANGE
        elif noise == 0 and not timed(b["unit"]):
            allowed = 0.0  # a count or a share the same in every run: deterministic
        else:
            # A time or a rate the same in every run is not deterministic (a deadline's cap, a
            # value printed to a few digits): the smallest change that counts still applies.
            allowed = max(NOISE_FACTOR * noise, MIN_CHANGE)
        if abs(change) <= allowed:
            continue
        direction = better_when(b["unit"])
        if direction == 0:
            verdict = "changed"
            changed += 1
        elif (change > 0) == (direction > 0):
            verdict = "better"
            better += 1
        else:
            verdict = "WORSE"
            worse += 1
        noise_text = "unknown (one run)" if noise is None else f"{noise:.1%}"
        print(f"{verdict} {name} {old:g} -> {new:g} {b['unit']} ({change:+.1%}; noise "
              f"{noise_text}, allowed {allowed:.1%})")
    for name in sorted(set(run["figures"]) - set(base["figures"])):
        if compared(name, run["figures"][name]):
            print(f"new {name} {run['figures'][name]['value']:g} {run['figures'][name]['unit']}")
    print(f"# {worse} worse, {better} better, {changed} changed beyond their noise")
    common = speed_factor(base["figures"], run["figures"])
    if common is not None:
        factor, count = common
        print(f"# evoplay's own times and rates, taken together: this run {factor:.2f} times as "
              f"slow as the baseline (median of {count} figures)")
        if abs(factor - 1) > COMMON_SHIFT:
            print("# most figures moved together: a machine of this kind running at another "
                  "speed, or a change that slows or speeds up everything (a build flag); read "
                  "each line above against it")
    return 1 if worse else 0


def speed_factor(base_figures, run_figures):
    """How many times as slow as the baseline the run is over evoplay's own times and rates
    (times: new / old; rates: old / new): the median and how many figures, or None when fewer
    than MIN_SPEED_FIGURES can be compared."""
    factors = []
    for name, b in base_figures.items():
        r = run_figures.get(name)
        if r is None or b.get("source", "").startswith("peer:"):
            continue
        # "ms(goal<=60,wall)" is a time, "%(goal<=10)" neither: timed() reads the unit's base.
        old, new = b["value"], r["value"]
        if not timed(b["unit"]) or old <= 0 or new <= 0:
            continue
        is_rate = better_when(b["unit"].split("(")[0]) > 0
        factors.append(old / new if is_rate else new / old)
    if len(factors) < MIN_SPEED_FIGURES:
        return None
    return statistics.median(factors), len(factors)


def main():
    parser = argparse.ArgumentParser(prog="bench/history.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("record")
    p.add_argument("figures")
    p.add_argument("--out", required=True)
    p.add_argument("--load-before", default="unknown")
    p.add_argument("--load-after", default="unknown")
    p = sub.add_parser("baseline")
    p.add_argument("runs", nargs="+")
    p.add_argument("--out", required=True)
    p = sub.add_parser("compare")
    p.add_argument("run")
    p.add_argument("--baseline")
    args = parser.parse_args()
    if args.command == "record":
        cmd_record(args)
    elif args.command == "baseline":
        cmd_baseline(args)
    else:
        sys.exit(cmd_compare(args))


if __name__ == "__main__":
    main()
