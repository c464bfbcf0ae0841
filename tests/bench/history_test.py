#!/usr/bin/env python3
"""bench/run --compare and bench/history.py on synthetic figure files (no benchmark is run).

A baseline is made from three runs whose times vary by a few per cent; the comparison must
flag a figure made 20% slower (and say it is worse), a changed node count (deterministic in the
baseline) and a peer ratio 20% worse, and must flag nothing for a run whose figures stay within
their noise, nor for a peer's absolute times that moved with the load while the ratio held.
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HISTORY = os.path.join(ROOT, "bench", "history.py")
RUN = os.path.join(ROOT, "bench", "run")

# name, unit, value, source: the baseline's centre values.
FIGURES = [
    ("connect4_solve_Test_L2_R2_mean_time", "us", 2500.0, "bench_connect4"),
    ("connect4_solve_Test_L2_R2_mean_nodes", "nodes", 38352.0, "bench_connect4"),
    ("connect4_solve_Test_L2_R2_wrong_scores", "of_1000", 0.0, "bench_connect4"),
    ("sudoku_exact_top95_puzzles_per_s", "puzzles/s", 52000.0, "bench_sudoku"),
    ("connect4_process_random_290_evoplay_seconds", "s", 11.1, "peer:connect4_pons"),
    ("connect4_process_random_290_pons_seconds", "s", 17.4, "peer:connect4_pons"),
    ("connect4_process_random_290_evoplay_vs_pons_ratio", "x(goal<=1,wall)", 0.64,
     "peer:connect4_pons"),
    ("tictactoe_solve_alphabeta_time", "ms(goal<=1)", 0.12, "bench_tictactoe"),
]
# Relative noise of the three baseline runs, by figure (0: the same value every time).
NOISE = [(-0.03, 0.0, 0.025), (0, 0, 0), (0, 0, 0), (0.02, -0.02, 0.0), (0.3, -0.2, 0.0),
         (0.25, -0.2, 0.0), (0.02, -0.01, 0.0), (0.02, 0.0, -0.02)]


def figures_text(values):
    lines, source = [], None
    for (name, unit, _, src), value in zip(FIGURES, values):
        if src != source:
            lines.append(f"#source {src}")
            source = src
        lines.append(f"{name} {value:.6g} {unit}")
    lines.append("# a comment line, ignored")
    return "\n".join(lines) + "\n"


class OneRunBaselineTest(unittest.TestCase):
    """A baseline of a single run: no noise is known, so a move beyond 10% is reported."""

    def test_a_one_run_baseline_reports_moves_beyond_ten_percent(self):
        with tempfile.TemporaryDirectory() as tmp:
            runs = []
            for name, factor in (("base", 1.0), ("near", 1.08), ("far", 1.2)):
                text = os.path.join(tmp, f"{name}.txt")
                with open(text, "w", encoding="utf-8") as f:
                    f.write(figures_text([v[2] * factor for v in FIGURES]))
                r = subprocess.run([sys.executable, HISTORY, "record", text, "--out",
                                    os.path.join(tmp, name)],
                                   check=True, capture_output=True, text=True, cwd=ROOT)
                runs.append(r.stdout.strip())
            baseline = os.path.join(tmp, "baseline.json")
            subprocess.run([sys.executable, HISTORY, "baseline", runs[0], "--out", baseline],
                           check=True, capture_output=True, text=True)
            with open(baseline, encoding="utf-8") as f:
                figure = json.load(f)["figures"]["connect4_solve_Test_L2_R2_mean_time"]
            self.assertIsNone(figure["noise"])
            near = subprocess.run([RUN, "--compare", runs[1], "--baseline", baseline],
                                  capture_output=True, text=True)
            self.assertEqual(near.returncode, 0, near.stdout)
            self.assertNotIn("WORSE", near.stdout)
            far = subprocess.run([RUN, "--compare", runs[2], "--baseline", baseline],
                                 capture_output=True, text=True)
            self.assertEqual(far.returncode, 1, far.stdout)
            worse = [line for line in far.stdout.splitlines() if line.startswith("WORSE")]
            self.assertTrue(any("connect4_solve_Test_L2_R2_mean_time" in line and
                                "noise unknown (one run)" in line for line in worse), far.stdout)


class CompareTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        cls.tmp = cls.dir.name
        runs = []
        for k in range(3):
            values = [f[2] * (1 + n[k]) for f, n in zip(FIGURES, NOISE)]
            runs.append(cls.record(values, f"base{k}"))
        cls.baseline = os.path.join(cls.tmp, "baseline.json")
        subprocess.run([sys.executable, HISTORY, "baseline", *runs, "--out", cls.baseline],
                       check=True, capture_output=True, text=True)

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    @classmethod
    def record(cls, values, name):
        text = os.path.join(cls.tmp, f"{name}.txt")
        with open(text, "w", encoding="utf-8") as f:
            f.write(figures_text(values))
        out = tempfile.mkdtemp(dir=cls.tmp, prefix=name)
        r = subprocess.run([sys.executable, HISTORY, "record", text, "--out", out,
                            "--load-before", "0.5", "--load-after", "0.7"],
                           check=True, capture_output=True, text=True, cwd=ROOT)
        return r.stdout.strip()

    def compare(self, values, baseline=None):
        path = self.record(values, "new")
        r = subprocess.run([RUN, "--compare", path, "--baseline", baseline or self.baseline],
                           capture_output=True, text=True)
        flagged = [line for line in r.stdout.splitlines() if line and not line.startswith("#")]
        return r.returncode, flagged, r.stdout

    def centre(self):
        return [f[2] for f in FIGURES]

    def baseline_with_identical_time(self):
        """A baseline of two runs in which the tic-tac-toe time was the same both times."""
        runs = [self.record([f[2] * (1 + n[k] if i != 7 else 1)
                             for i, (f, n) in enumerate(zip(FIGURES, NOISE))], f"same{k}")
                for k in range(2)]
        path = os.path.join(self.tmp, "baseline-same-time.json")
        subprocess.run([sys.executable, HISTORY, "baseline", *runs, "--out", path],
                       check=True, capture_output=True, text=True)
        with open(path, encoding="utf-8") as f:
            self.assertEqual(json.load(f)["figures"]["tictactoe_solve_alphabeta_time"]["noise"], 0)
        return path

    def test_a_run_records_the_machine_and_the_commit(self):
        with open(self.record(self.centre(), "one"), encoding="utf-8") as f:
            run = json.load(f)
        self.assertIn("kind", run["machine"])
        self.assertGreater(run["machine"]["cores"], 0)
        self.assertTrue(run["commit"])
        self.assertEqual(run["load_average"], {"before": "0.5", "after": "0.7"})
        fig = run["figures"]["connect4_process_random_290_pons_seconds"]
        self.assertEqual(fig, {"value": 17.4, "unit": "s", "source": "peer:connect4_pons"})
        with open(self.baseline, encoding="utf-8") as f:
            base = json.load(f)
        self.assertAlmostEqual(base["figures"]["connect4_solve_Test_L2_R2_mean_time"]["noise"],
                               0.03)
        self.assertEqual(base["figures"]["connect4_solve_Test_L2_R2_mean_nodes"]["noise"], 0)

    def test_noise_is_not_flagged(self):
        values = [f[2] * (1 + n)
                  for f, n in zip(FIGURES, (0.04, 0, 0, -0.03, 0.5, 0.4, 0.02, 0.01))]
        code, flagged, out = self.compare(values)
        self.assertEqual(flagged, [], out)
        self.assertEqual(code, 0, out)
        self.assertIn("taken together: this run 1.03 times as slow as the baseline (median of 3 "
                      "figures)", out)
        self.assertNotIn("moved together", out)

    def test_a_machine_slower_for_everything_is_said_apart(self):
        # Every time 30% longer, every rate 30% lower: each is flagged, and the note says why.
        values = [f[2] * (1.3 if f[1].startswith(("us", "ms", "s")) else 1 / 1.3
                          if f[1].endswith("/s") else 1) for f in FIGURES]
        code, flagged, out = self.compare(values)
        self.assertEqual(sorted(f.split()[1] for f in flagged),
                         ["connect4_solve_Test_L2_R2_mean_time", "sudoku_exact_top95_puzzles_per_s",
                          "tictactoe_solve_alphabeta_time"], out)
        self.assertIn("this run 1.30 times as slow as the baseline (median of 3 figures)", out)
        self.assertIn("most figures moved together", out)
        self.assertEqual(code, 1, out)

    def test_a_20_percent_slowdown_is_flagged(self):
        values = self.centre()
        values[0] *= 1.2  # mean time per position, 20% slower
        code, flagged, out = self.compare(values)
        self.assertEqual(len(flagged), 1, out)
        self.assertTrue(flagged[0].startswith("WORSE connect4_solve_Test_L2_R2_mean_time"), out)
        self.assertIn("+20.0%", flagged[0])
        self.assertEqual(code, 1, out)

    def test_a_lower_rate_is_worse_and_a_higher_one_better(self):
        values = self.centre()
        values[3] *= 0.8
        code, flagged, out = self.compare(values)
        self.assertEqual([f.split()[0] for f in flagged], ["WORSE"], out)
        values[3] = FIGURES[3][2] * 1.25
        code, flagged, out = self.compare(values)
        self.assertEqual([f.split()[0] for f in flagged], ["better"], out)
        self.assertEqual(code, 0, out)

    def test_a_deterministic_count_that_moves_at_all_is_flagged(self):
        values = self.centre()
        values[1] += 1
        code, flagged, out = self.compare(values)
        self.assertEqual(len(flagged), 1, out)
        self.assertTrue(flagged[0].startswith("changed connect4_solve_Test_L2_R2_mean_nodes"), out)

    def test_a_time_the_same_in_every_run_is_not_deterministic(self):
        # A deadline-bound time (the same in every baseline run, so no noise measured) that
        # moved 3% is within the 5% every timed figure gets; 8% is beyond it, and worse.
        base = self.baseline_with_identical_time()
        values = self.centre()
        values[7] *= 1.03
        code, flagged, out = self.compare(values, base)
        self.assertEqual(flagged, [], out)
        values[7] = FIGURES[7][2] * 1.08
        code, flagged, out = self.compare(values, base)
        self.assertEqual(len(flagged), 1, out)
        self.assertTrue(flagged[0].startswith("WORSE tictactoe_solve_alphabeta_time"), out)

    def test_peers_are_compared_by_their_ratio_not_their_times(self):
        values = self.centre()
        values[4] *= 2.0  # the machine was busy: both programs took twice as long
        values[5] *= 2.0
        code, flagged, out = self.compare(values)
        self.assertEqual(flagged, [], out)
        values[6] *= 1.2  # evoplay 20% slower than the peer
        code, flagged, out = self.compare(values)
        self.assertEqual(len(flagged), 1, out)
        self.assertTrue(flagged[0].startswith("WORSE connect4_process_random_290_evoplay_vs_pons"),
                        out)

    def test_missing_and_new_figures_are_listed(self):
        path = self.record(self.centre(), "new")
        with open(path, encoding="utf-8") as f:
            run = json.load(f)
        del run["figures"]["sudoku_exact_top95_puzzles_per_s"]
        run["figures"]["flags_new_figure"] = {"value": 1, "unit": "s", "source": "bench_flags"}
        with open(path, "w", encoding="utf-8") as f:
            json.dump(run, f)
        r = subprocess.run([RUN, "--compare", path, "--baseline", self.baseline],
                           capture_output=True, text=True)
        self.assertIn("missing sudoku_exact_top95_puzzles_per_s", r.stdout)
        self.assertIn("new flags_new_figure", r.stdout)
        self.assertEqual(r.returncode, 0, r.stdout)

    def test_a_broken_file_is_an_error(self):
        bad = os.path.join(self.tmp, "bad.json")
        with open(bad, "w", encoding="utf-8") as f:
            f.write("{not json")
        r = subprocess.run([RUN, "--compare", bad, "--baseline", self.baseline],
                           capture_output=True, text=True)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("bad.json", r.stderr)


if __name__ == "__main__":
    unittest.main()
