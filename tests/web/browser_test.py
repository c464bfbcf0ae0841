#!/usr/bin/python3
"""The playground in a real browser: `evoplay serve` on a free loopback port, driven by
Selenium through headless Chromium (Debian's chromium, chromium-driver, python3-selenium).

Plays a whole game of tic-tac-toe, of Connect Four (with undo and the exact column scores) and
of capture the flag (after watching two bots: step, play, pause) by clicking, solves a Sudoku exactly and runs its GA live, opens a run folder and sees its
curve; checks that no page logged a console error; saves a screenshot of each page in OUT_DIR
(and copies them into --docs DIR when given). Every wait is for a state of the page, with a
generous bound that only a broken page reaches.

usage: browser_test.py EVOPLAY OUT_DIR [--docs DIR]
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BOUND = float(os.environ.get("EVOPLAY_BROWSER_BOUND", 300))  # seconds: a page stuck in a state, not a slow machine (the states are waited for)
SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def fail(message):
    print(f"browser_test: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def start_server(evoplay, runs):
    proc = subprocess.Popen(
        [evoplay, "serve", "--port", "0", "--runs", runs, "--threads", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    match = re.search(r"open (http://127\.0\.0\.1:\d+) ", line)
    if not match:
        proc.kill()
        fail(f"the server did not print its address: {line!r} {proc.stderr.read()}")
    return proc, match.group(1)


def make_run(evoplay, runs):
    """Real run folders: the GA on one Sudoku for a few generations, a tic-tac-toe agent."""
    puzzle = os.path.join(runs, "..", "puzzle.txt")
    with open(os.path.join(SOURCE, "data/sudoku/hardest.txt")) as f:
        first = f.readline()
    with open(puzzle, "w") as f:
        f.write(first)
    subprocess.run([evoplay, "sudoku", "solve", puzzle, "--method", "ga", "--generations", "15",
                    "--population", "40", "--quiet", "--out", os.path.join(runs, "sudoku-ga")],
                   check=True, stdout=subprocess.DEVNULL)
    # A learned tic-tac-toe agent, for the bot menu (a short run).
    subprocess.run([evoplay, "tictactoe", "learn", "--agents", "6", "--rules", "20", "--cycles", "4",
                    "--measure-every", "2", "--eval-games", "10", "--quiet",
                    "--out", os.path.join(runs, "ttt-agent")],
                   check=True, stdout=subprocess.DEVNULL)


def browser():
    options = webdriver.ChromeOptions()
    for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1200,900", "--disable-extensions", "--no-first-run"]:
        options.add_argument(arg)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return webdriver.Chrome(service=Service(driver_path), options=options)


class Session:
    def __init__(self, driver, base, out):
        self.d, self.base, self.out = driver, base, out
        self.shots = []

    def open(self, page):
        self.d.get(f"{self.base}/#/{page}")
        self.wait_page(page or "home")

    def wait_page(self, page):
        self.wait(lambda d: d.find_element(By.ID, "page").get_attribute("data-page") == page)

    def wait(self, condition, what="a state"):
        try:
            return WebDriverWait(self.d, BOUND, poll_frequency=0.05,
                                 ignored_exceptions=[StaleElementReferenceException]).until(condition)
        except Exception:
            self.shot("failure")
            fail(f"waited in vain for {what}; page state "
                 f"{self.attr('data-state')!r}, error {self.text('error')!r}")

    def attr(self, name):
        return self.d.find_element(By.ID, "page").get_attribute(name)

    def text(self, element_id):
        found = self.d.find_elements(By.ID, element_id)
        return found[0].text if found else ""

    def wait_state(self, *states):
        self.wait(lambda d: self.attr("data-state") in states, f"state in {states}")
        return self.attr("data-state")

    def expect_state(self, wanted, *others):
        """Waits for `wanted` or one of `others` (the ways to fail); fails on the others."""
        state = self.wait_state(wanted, *others)
        if state != wanted:
            fail(f"{self.attr('data-page')}: ended {state!r}, not {wanted!r}: {self.text('error')}")

    def click(self, css):
        self.d.find_element(By.CSS_SELECTOR, css).click()

    def select(self, element_id, value):
        from selenium.webdriver.support.ui import Select
        Select(self.d.find_element(By.ID, element_id)).select_by_visible_text(value)

    def shot(self, name):
        path = os.path.join(self.out, f"{name}.png")
        self.d.save_screenshot(path)
        self.shots.append(path)

    def console_errors(self, allowed=()):
        errors = [e for e in self.d.get_log("browser") if e["level"] == "SEVERE"]
        return [e for e in errors if not any(a in e["message"] for a in allowed)]


def home(s):
    s.open("")
    s.wait_state("ready")
    s.shot("home")


def new_game(s, page, bot):
    """A board game's page, a new game against `bot`, the person moving first: its state."""
    s.open(page)
    s.wait_state("your-move")
    s.select("bot", bot)
    s.click("#new")
    return s.wait_state("your-move", "over")


def play(s, element):
    """Clicks a cell or a column, then waits for the person's next turn (or the end)."""
    moves = int(s.attr("data-moves"))
    element.click()
    s.wait(lambda d: int(s.attr("data-moves")) >= moves + 1, "the move to be played")
    return s.wait_state("your-move", "over")


def tictactoe(s):
    # The learned agent of the runs folder is in the bot menu; a game against it ends.
    state = new_game(s, "tictactoe", "agent:ttt-agent")
    if s.attr("data-agents") != "1":
        fail(f"tic-tac-toe: {s.attr('data-agents')} learned agents in the menu, expected 1")
    while state != "over":
        empty = [b for b in s.d.find_elements(By.CSS_SELECTOR, "#board button") if not b.text]
        state = play(s, empty[0])
    # Then a new game on the same page against the perfect player.
    s.select("bot", "perfect")
    s.click("#new")
    s.wait(lambda d: int(s.attr("data-moves")) == 0, "a new game")
    state = s.wait_state("your-move", "over")
    while state != "over":
        empty = [b for b in s.d.find_elements(By.CSS_SELECTOR, "#board button") if not b.text]
        state = play(s, empty[0])
    winner = s.attr("data-winner")
    if winner not in ("-1", "1"):  # a perfect player never loses
        fail(f"tic-tac-toe: the perfect bot lost (winner {winner})")
    if s.text("i-depth") in ("", "-"):
        fail("tic-tac-toe: the bot's depth is not shown")
    s.shot("tictactoe")


def connect4(s):
    state = new_game(s, "connect4", "alphabeta:100ms")
    undone = False
    while state != "over":
        moves = int(s.attr("data-moves"))
        if moves >= 4 and not undone:
            s.click("#undo")
            s.wait(lambda d: int(s.attr("data-moves")) == moves - 2, "undo")
            s.wait_state("your-move")
            undone = True
            moves -= 2
        # The first column with room (the page draws the top cell of each column first).
        columns = s.d.find_elements(By.CSS_SELECTOR, "#board .col")
        free = [c for c in columns
                if c.find_elements(By.CSS_SELECTOR, ".cell")[0].get_attribute("class") == "cell"]
        state = play(s, free[0])
    if s.attr("data-winner") not in ("-1", "0", "1"):
        fail("connect4: no result")
    if not s.text("i-pv") or s.text("i-pv") == "-":
        fail("connect4: no principal line shown")
    s.shot("connect4")
    # Back to the last position before the end, then the exact score of every column (a decided
    # position late in the game: the solver is quick).
    moves = int(s.attr("data-moves"))
    s.click("#undo")
    s.wait(lambda d: int(s.attr("data-moves")) < moves, "undo")
    s.wait_state("your-move")
    s.click("#scores")
    s.wait(lambda d: s.attr("data-scores") in ("done", "error", "cancelled"), "scores")
    if s.attr("data-scores") != "done":
        fail(f"connect4: column scores ended {s.attr('data-scores')}: {s.text('error')}")
    shown = [c.text for c in s.d.find_elements(By.CSS_SELECTOR, "#scores-row div")]
    if not any(re.fullmatch(r"-?\d+", t) for t in shown):
        fail(f"connect4: no exact column score shown: {shown}")
    s.shot("connect4-scores")


def flags(s):
    """Capture the flag on a shipped map: bot against bot (step, play, pause), then a whole game
    of team A (the first legal move each turn) against the bot."""
    s.open("flags")
    s.wait_state("your-move")
    s.select("map", "01-duel")
    s.wait_state("your-move")
    s.select("bot", "greedy")
    s.select("seat", "nobody: watch")
    s.wait_state("paused")
    for step in (1, 2):
        s.click("#step")
        s.wait(lambda d: int(s.attr("data-moves")) == step, "a step")
        s.wait_state("paused")
    s.click("#play")
    s.wait(lambda d: int(s.attr("data-moves")) >= 6, "bots playing")
    s.click("#pause")
    s.wait_state("paused", "over")
    s.shot("flags-watch")
    s.select("seat", "team A (first)")
    state = s.wait_state("your-move", "over")
    while state != "over":
        state = play(s, s.d.find_elements(By.CSS_SELECTOR, "#board button[data-move]")[0])
    if s.attr("data-winner") not in ("-1", "0", "1"):
        fail("flags: no result")
    if "A1" not in s.text("flags-board"):
        fail("flags: the board does not show team A's player")
    s.shot("flags")


def lemmings(s):
    """The first shipped level with its reference plan: step, play to the end at 8x, the saved
    count; then a plan built by clicking a lemming."""
    from selenium.webdriver.common.action_chains import ActionChains
    s.open("lemmings")
    s.wait_state("paused")
    with open(os.path.join(SOURCE, "data/lemmings/easy-01-down-the-hole.lvl")) as f:
        save = int(re.search(r"^save: (\d+)", f.read(), re.M).group(1))
    for step in range(3):
        s.click("#step")
        s.wait(lambda d: s.attr("data-step") == str(step), "a step")
    s.select("speed", "8x")
    s.click("#play")
    s.wait_state("ended")
    saved = int(s.attr("data-saved"))
    if saved != int(s.attr("data-outcome-saved")) or saved < save:
        fail(f"lemmings: saved {saved} at the end, outcome {s.attr('data-outcome-saved')}, "
             f"the level needs {save}")
    s.shot("lemmings")
    s.click("#clear")
    s.wait_state("paused")
    s.wait(lambda d: "digger" in d.find_element(By.ID, "skill").text, "the level's skills")
    s.select("skill", "digger (1)")
    while not s.attr("data-first-lemming"):
        step = int(s.attr("data-step"))
        s.click("#step")
        s.wait(lambda d: int(s.attr("data-step")) > step, "a step")
    x, y = (float(v) for v in s.attr("data-first-lemming").split(","))
    canvas = s.d.find_element(By.ID, "view")
    ActionChains(s.d).move_to_element_with_offset(
        canvas, x - canvas.size["width"] / 2, y - canvas.size["height"] / 2).click().perform()
    s.wait(lambda d: re.search(r"^\d+ digger 1$", d.find_element(By.ID, "plan").get_attribute("value"),
                                re.M), "the clicked skill in the plan")
    s.wait_state("paused", "ended")
    s.shot("lemmings-plan")
    # CRO on the level, live: its curve, then its best plan replayed.
    s.select("algorithm", "cro")
    budget = s.d.find_element(By.ID, "evaluations")
    budget.clear()
    budget.send_keys("300")
    s.click("#solve")
    s.wait(lambda d: s.attr("data-solve") in ("done", "error", "cancelled"), "the optimiser")
    if s.attr("data-solve") != "done":
        fail(f"lemmings: the solve ended {s.attr('data-solve')}: {s.text('error')}")
    if "evaluations" not in s.text("solve-status"):
        fail(f"lemmings: no solve status: {s.text('solve-status')}")
    s.wait_state("paused", "ended")
    s.shot("lemmings-solve")


def birds(s):
    """A shipped level simulated: the animation to its end, then the verdict; then levels
    generated live, the first of them simulated."""
    s.open("birds")
    s.wait_state("ready")
    s.click("#simulate")
    s.expect_state("done", "error")
    if s.attr("data-verdict") not in ("stable", "moved", "destroyed"):
        fail(f"birds: no verdict: {s.attr('data-verdict')}")
    if int(s.attr("data-frame")) < 1:
        fail("birds: no animation")
    s.shot("birds")
    # The generator, live (tiny settings): its curve, then the levels; the first one simulated.
    for field, value in (("gen-levels", "2"), ("gen-population", "4"), ("gen-generations", "3")):
        box = s.d.find_element(By.ID, field)
        box.clear()
        box.send_keys(value)
    s.click("#generate")
    s.wait(lambda d: s.attr("data-generate") in ("done", "error", "cancelled"), "the generator")
    if s.attr("data-generate") != "done" or not s.attr("data-levels"):
        fail(f"birds: the generator ended {s.attr('data-generate')}: {s.text('error')}")
    if int(s.attr("data-live-levels") or 0) < 1:
        fail("birds: no levels shown while the generator ran")
    if "stable" not in s.text("gen-status"):
        fail(f"birds: no generator status: {s.text('gen-status')}")
    s.click(".gen-level")
    s.wait_state("simulating", "playing", "done", "error")
    s.expect_state("done", "error")
    s.shot("birds-generate")


def sudoku(s):
    s.open("sudoku")
    s.wait_state("ready")
    s.click("#solve")
    s.expect_state("solved", "unsolved", "error")
    cells = [td.text for td in s.d.find_elements(By.CSS_SELECTOR, "#grid td")]
    if len(cells) != 81 or any(not c for c in cells):
        fail("sudoku: the solution has empty cells")
    s.shot("sudoku-exact")
    generations = s.d.find_element(By.ID, "generations")
    generations.clear()
    generations.send_keys("40")
    s.click("#run")
    s.expect_state("finished", "cancelled", "error")
    if "generation" not in s.text("status") and "solved" not in s.text("status"):
        fail(f"sudoku: no GA status: {s.text('status')}")
    s.shot("sudoku-ga")
    # A bad puzzle: the command line's error, file:line:column.
    area = s.d.find_element(By.ID, "puzzle")
    area.clear()
    area.send_keys("12345")
    s.click("#show")
    s.wait(lambda d: s.text("error").startswith("puzzle:1:"), "the parser's error")


def runs(s):
    s.open("runs")
    s.wait_state("ready")
    if int(s.attr("data-runs")) < 1:
        fail("runs: no run listed")
    s.shot("runs")
    s.click("tr.run")
    s.wait_page("runs")
    s.expect_state("complete", "live", "error")
    s.wait(lambda d: int(s.attr("data-generations") or 0) > 0, "the curve")
    s.d.find_element(By.CSS_SELECTOR, "img.artefact")
    s.shot("run")


def main():
    if len(sys.argv) < 3:
        fail(__doc__)
    evoplay, out = sys.argv[1], sys.argv[2]
    docs = sys.argv[4] if len(sys.argv) > 4 and sys.argv[3] == "--docs" else None
    os.makedirs(out, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="evoplay-browser-")
    runs_dir = os.path.join(scratch, "runs")
    os.makedirs(runs_dir)
    make_run(evoplay, runs_dir)
    proc, base = start_server(evoplay, runs_dir)
    driver = None
    try:
        driver = browser()
        s = Session(driver, base, out)
        for page in (home, tictactoe, connect4, flags, lemmings, birds, runs):
            page(s)
            errors = s.console_errors()
            if errors:
                fail(f"{page.__name__}: console errors: {json.dumps(errors)}")
        sudoku(s)
        # The bad puzzle above is refused with 400 on purpose: the browser logs that request.
        errors = s.console_errors(allowed=("status of 400",))
        if errors:
            fail(f"sudoku: console errors: {json.dumps(errors)}")
        if docs:
            os.makedirs(docs, exist_ok=True)
            for shot in s.shots:
                shutil.copy(shot, docs)
        print(f"browser_test: passed; screenshots in {out}")
    finally:
        if driver:
            driver.quit()
        proc.terminate()  # SIGTERM: the server stops cleanly
        try:
            code = proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            fail("the server did not stop on SIGTERM")
        shutil.rmtree(scratch, ignore_errors=True)
    if code != 0:
        fail(f"the server ended with status {code}: {proc.stderr.read()[-2000:]}")


if __name__ == "__main__":
    main()
