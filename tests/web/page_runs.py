"""The Runs page: run folders nested in run folders, a command-line run watched while it runs
(its curve grows from history.csv as the command appends to it), then complete; one run's
pictures, each a link to its file; a series of games' run, its curve the seats' shares of wins."""
import os
import signal
import subprocess

from selenium.webdriver.common.by import By

from browser_support import SOURCE, fail


def start_live_run(s):
    """`evoplay sudoku solve` with the GA, long enough to watch (a population of 100 on the
    hardest puzzle, 10^6 generations: stopped by the test with Ctrl-C, never by a clock)."""
    puzzle = os.path.join(s.runs_dir, "..", "live-puzzle.txt")
    with open(os.path.join(SOURCE, "data/sudoku/hardest.txt")) as f:
        first = f.readline()
    with open(puzzle, "w") as f:
        f.write(first)
    out = os.path.join(s.runs_dir, "watch", "sudoku-live")
    return subprocess.Popen(
        [s.evoplay, "sudoku", "solve", puzzle, "--method", "ga", "--generations", "1000000",
         "--population", "100", "--threads", "1", "--quiet", "--out", out],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def nested_runs(s):
    """A run folder with runs inside it (as `evoplay demo` makes): a small demo's parts."""
    subprocess.run([s.evoplay, "demo", "--only", "tsp", "--quiet", "--threads", "1",
                    "--out", os.path.join(s.runs_dir, "demo")],
                   check=True, stdout=subprocess.DEVNULL)


def row_status(s, path):
    rows = s.d.find_elements(By.CSS_SELECTOR, f'tr.run[data-path="{path}"]')
    return rows[0].get_attribute("data-status") if rows else None


def generations(s):
    return int(s.attr("data-generations") or 0)


def runs(s):
    nested_runs(s)
    live = start_live_run(s)
    try:
        watch(s, live)
    finally:
        if live.poll() is None:
            live.kill()
            live.wait()


def watch(s, live):
    # The command has made its folder and marked it running (a state, not a time).
    marker = os.path.join(s.runs_dir, "watch", "sudoku-live", ".running")
    s.wait(lambda d: os.path.exists(marker) or live.poll() is not None, "the live run's marker")
    if live.poll() is not None:
        fail(f"runs: the live run ended at once with status {live.returncode}: {live.stderr.read()}")
    s.open("runs")
    s.wait_state("ready")
    # The list refreshes while a run is running: the live run appears, and says so.
    s.wait(lambda d: row_status(s, "watch/sudoku-live") == "running", "the live run listed as running")
    for path, status in (("demo", "complete"), ("demo/tsp", "complete"), ("sudoku-ga", "complete")):
        if row_status(s, path) != status:
            fail(f"runs: {path} listed as {row_status(s, path)!r}, not {status!r}")
    s.shot("runs")
    s.click('tr.run[data-path="watch/sudoku-live"] a')
    s.wait_page("runs")
    s.wait_state("running")
    # The curve grows as the command appends to history.csv.
    s.wait(lambda d: generations(s) > 0, "the first generations")
    seen = generations(s)
    s.wait(lambda d: generations(s) > seen, "the curve to grow")
    s.shot("run-live")
    # Ctrl-C: the command stops and writes its result; the page sees the run complete.
    live.send_signal(signal.SIGINT)
    code = live.wait()
    if code not in (0, 130):
        fail(f"runs: the live run ended with status {code}: {live.stderr.read()}")
    s.expect_state("complete", "stopped", "error")
    if not os.path.exists(os.path.join(s.runs_dir, "watch", "sudoku-live", "result.json")):
        fail("runs: the stopped run has no result.json")
    final = generations(s)
    with open(os.path.join(s.runs_dir, "watch", "sudoku-live", "history.csv")) as f:
        rows = len(f.read().splitlines()) - 1
    if final != rows:
        fail(f"runs: the page shows {final} generations, history.csv holds {rows}")
    pictures(s)
    series(s)


def series(s):
    """A series of games' run: its curve is each seat's share of the games won so far."""
    out = os.path.join(s.runs_dir, "series")
    subprocess.run([s.evoplay, "tictactoe", "play", "--x", "random", "--o", "perfect", "--games",
                    "300", "--seed", "2", "--quiet", "--out", out], check=True,
                   stdout=subprocess.DEVNULL)
    s.d.get(f"{s.base}/#/runs/series")
    s.wait_page("runs")
    s.expect_state("complete", "stopped", "running", "error")
    s.wait(lambda d: generations(s) == 300, "the series' 300 games in the curve")
    title = s.d.find_element(By.ID, "curve-title").text
    if title != "Games":
        fail(f"runs: a series' curve is titled {title!r}, not 'Games'")
    s.shot("run-series")


def pictures(s):
    """A finished run's pictures, each a link to the file."""
    s.d.get(f"{s.base}/#/runs/demo/tsp")
    s.wait_page("runs")
    s.expect_state("complete", "stopped", "running", "error")
    s.wait(lambda d: generations(s) > 0, "the tsp curve")
    links = s.d.find_elements(By.CSS_SELECTOR, "#pictures figure.artefact a")
    names = sorted(a.get_attribute("href").rsplit("/", 1)[1] for a in links)
    if names != ["fitness.png", "tour.png"]:
        fail(f"runs: the tsp run's pictures are {names}")
    # Its result as a reader takes it: the tour of 60 cities on one line, cut after 16 of them.
    result = s.text("result")
    tour = [line for line in result.splitlines() if '"best_tour"' in line]
    if len(tour) != 1 or not tour[0].rstrip(",").endswith("… 60 in all]"):
        fail(f"runs: the tsp result's tour is not one cut line: {result[:400]!r}")
    s.shot("run")


PAGES = (runs,)
