#!/usr/bin/env python3
"""Angry Birds level generators side by side: evoplay's `birds generate` and, when they are
present outside the repository, the AIBIRDS baseline generator (Blaxzter/Master-Thesis_GAN-level-gen
@ a15f37b, src/generator/baseline/baseline.py) and IratusAves (stepmat/IratusAves @ 375a409,
generator_competition.py, the 2017 and 2018 level-generation winner). Every set of levels is
judged by the same evoplay commands:

  birds simulate --robust --json   stable in the game's physics, robust (nudged and leaned)
  birds diversity --json           blocks, pieces resting only on circles or triangle tips,
                                   pigs sheltered, closest pair and mean structural distance
  birds difficulty --json          the search agent's wins and first-bird wins, the naive
                                   agent's win rate (mean and spread)

and the CPU seconds each generator spent per level delivered (its own process, one core).
Prints a Markdown table (one row per set, `#` lines) and `name value unit` figures.

Settings (environment): BIRDS_BENCH_LEVELS (evoplay levels per seed, 100), BIRDS_BENCH_SEEDS
("1 2"), BIRDS_BENCH_PEER_LEVELS (40), BIRDS_BENCH_PIGS ("2,4"), BIRDS_BENCH_KEEP (a folder to
keep the sets in; default a temporary one), EVOPLAY_AIBIRDS_BASELINE and EVOPLAY_IRATUSAVES (the
peers' scripts; default ../peers/... next to the project), EVOPLAY_BINARY (default
build/release/evoplay). The generators run on one thread; the judging commands on every core
(their reports do not depend on the thread count).
"""
import glob
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EVOPLAY = os.environ.get("EVOPLAY_BINARY", os.path.join(ROOT, "build", "release", "evoplay"))


def cpu_of_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(cmd, cwd=None):
    """Runs a command, returns (stdout, CPU seconds of it)."""
    before = cpu_of_children()
    out = subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True).stdout
    return out, cpu_of_children() - before


def evoplay_set(folder, levels, seed, pigs):
    _, cpu = run([EVOPLAY, "birds", "generate", "--levels", str(levels), "--seed", str(seed),
                  "--pigs", pigs, "--threads", "1", "--no-pictures", "--quiet", "--out", folder])
    return cpu


def peer_set(script, folder, levels, seed, pigs):
    """A peer's script in a folder of its own, seeded (both draw from Python's `random`)."""
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "parameters.txt"), "w") as f:
        f.write(f"{levels}\n\n{pigs}\n30\n")
    code = (f"import random; random.seed({seed}); "
            f"exec(compile(open({script!r}).read(), {script!r}, 'exec'))")
    _, cpu = run([sys.executable, "-c", code], cwd=folder)
    # IratusAves leaves its structure files there; only the levels are judged.
    return cpu


def judge(folder, asked, cpu):
    files = sorted(glob.glob(os.path.join(folder, "level-*.xml")))
    row = {"asked": asked, "delivered": len(files), "cpu_per_level": cpu / max(1, len(files))}
    if not files:
        return row
    out, _ = run([EVOPLAY, "birds", "simulate", "--robust", "--json", "--threads", "0"] + files)
    reports = [json.loads(line) for line in out.splitlines() if line.strip()]
    row["stable"] = sum(r["stable"] for r in reports)
    row["robust"] = sum(r["robustness"]["robust"] for r in reports)
    d = json.loads(run([EVOPLAY, "birds", "diversity", "--json"] + files)[0])
    row["blocks"] = d["blocks"]["mean"]
    row["badly_carried"] = d["badly_carried"]
    row["off_ground"] = d["off_ground"]
    row["sheltered"] = 100.0 * d["sheltered_pigs"] / max(1, d["pigs"])
    row["closest"] = d["structural"]["min"]
    row["mean_distance"] = d["structural"]["mean"]
    diff = json.loads(run([EVOPLAY, "birds", "difficulty", "--json", "--threads", "0"] + files)[0])
    s = diff["summary"]
    row["search_won"] = s["solvable"]
    row["first_bird"] = 100.0 * s["first_bird_share"]
    row["naive_mean"] = s["naive_win_rate"]
    row["naive_sd"] = s["naive_win_rate_sd"]
    return row


def print_row(name, r):
    if r["delivered"] == 0:
        print(f"| {name} | 0/{r['asked']} | | | | | | | | | |")
        return
    print(f"| {name} | {r['delivered']}/{r['asked']} | {r['stable']} | {r['robust']} | "
          f"{r['blocks']:.1f} | {r['badly_carried']} of {r['off_ground']} | {r['sheltered']:.0f}% | "
          f"{r['search_won']} won, {r['first_bird']:.0f}% | {r['naive_mean']:.2f} +- "
          f"{r['naive_sd']:.2f} | {r['closest']:.3f} / {r['mean_distance']:.3f} | "
          f"{r['cpu_per_level']:.2f} |")


def figures(tag, r):
    units = {"delivered": "levels", "stable": "levels", "robust": "levels", "blocks": "blocks",
             "badly_carried": "pieces", "sheltered": "%", "search_won": "levels",
             "first_bird": "%", "naive_mean": "rate", "naive_sd": "rate", "closest": "distance",
             "mean_distance": "distance", "cpu_per_level": "s"}
    for key, unit in units.items():
        if key in r:
            print(f"birds_gen_{tag}_{key} {r[key]:.4g} {unit}")


def main():
    if not os.access(EVOPLAY, os.X_OK):
        print("# skipped birds_generators: build/release/evoplay not built")
        return
    levels = int(os.environ.get("BIRDS_BENCH_LEVELS", "100"))
    seeds = os.environ.get("BIRDS_BENCH_SEEDS", "1 2").split()
    peer_levels = int(os.environ.get("BIRDS_BENCH_PEER_LEVELS", "40"))
    pigs = os.environ.get("BIRDS_BENCH_PIGS", "2,4")
    peers_dir = os.path.join(ROOT, "..", "peers")
    baseline = os.environ.get("EVOPLAY_AIBIRDS_BASELINE", os.path.join(
        peers_dir, "Master-Thesis_GAN-level-gen", "src", "generator", "baseline", "baseline.py"))
    iratus = os.environ.get("EVOPLAY_IRATUSAVES",
                            os.path.join(peers_dir, "IratusAves", "generator_competition.py"))
    keep = os.environ.get("BIRDS_BENCH_KEEP")
    work = keep or tempfile.mkdtemp(prefix="birds-generators-")
    os.makedirs(work, exist_ok=True)
    print(f"# birds_generators: load average {os.getloadavg()[0]:.1f} before (sets in {work})")
    rows = []
    try:
        for seed in seeds:
            folder = os.path.join(work, f"evoplay-seed{seed}")
            cpu = evoplay_set(folder, levels, seed, pigs)
            rows.append((f"evoplay seed {seed}", f"evoplay_seed{seed}", judge(folder, levels, cpu)))
        for name, tag, script in (("AIBIRDS baseline", "aibirds_baseline", baseline),
                                  ("IratusAves", "iratusaves", iratus)):
            if not os.path.isfile(script):
                print(f"# skipped birds_generators {tag}: {script} not found")
                continue
            folder = os.path.join(work, tag)
            cpu = peer_set(os.path.abspath(script), folder, peer_levels, 1, pigs)
            rows.append((name, tag, judge(folder, peer_levels, cpu)))
        print("# | generator | delivered/asked | stable (game physics) | robust | blocks/level | "
              "carried only by circles or tips | pigs sheltered | search agent: won, first bird "
              "| naive win rate | closest pair / mean distance | CPU s/level |")
        for name, _, r in rows:
            sys.stdout.write("# ")
            print_row(name, r)
        for _, tag, r in rows:
            figures(tag, r)
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f"# birds_generators: load average {os.getloadavg()[0]:.1f} after")


if __name__ == "__main__":
    main()
