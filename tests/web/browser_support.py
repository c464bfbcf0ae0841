"""What the browser tests share: `evoplay serve` on a free loopback port, real run folders,
headless Chromium through Selenium (Debian's chromium, chromium-driver, python3-selenium), and a
Session that waits for the page's states (data-state, data-page, ...), clicks, and saves
screenshots. Every wait is for a state of the page, with a generous bound that only a broken
page reaches.
"""
import os
import re
import shutil
import subprocess
import sys

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
        [evoplay, "serve", "--port", "0", "--runs-dir", runs, "--threads", "2"],
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
        """Clicks the element, found again if the page replaced it meanwhile (the runs list
        redraws itself every second while a run is running)."""
        def clicked(d):
            d.find_element(By.CSS_SELECTOR, css).click()
            return True
        self.wait(clicked, f"a click on {css}")

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
