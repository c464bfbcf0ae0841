"""Capture the flag: bots watched, a unit moved by clicking it and then a highlighted cell, a
whole game played so, and a bad map that leaves no stale board."""
from selenium.webdriver.common.by import By

from browser_support import fail

CELL = 40  # the drawing's cell size (flags.js)


def unit_cell(s, name):
    disc = s.d.find_element(By.CSS_SELECTOR, f'#flags-board [data-unit="{name}"] circle')
    return (int(float(disc.get_attribute("cy")) + 2) // CELL, int(float(disc.get_attribute("cx"))) // CELL)


def click_move(s, prefer="move"):
    """Clicks the first unit that can move, then one of its highlighted cells (a step if it has
    one): the cell aimed at, after the move is played and the bot has answered."""
    moves = int(s.attr("data-moves"))
    if not s.d.find_elements(By.CSS_SELECTOR, "#flags-board .unit.selected"):
        s.d.find_elements(By.CSS_SELECTOR, "#flags-board .unit.movable")[0].click()
    targets = s.d.find_elements(By.CSS_SELECTOR, "#flags-board .target[data-move]")
    if not targets:
        fail("flags: a chosen unit shows no moves")
    chosen = ([t for t in targets if prefer in t.get_attribute("class").split()] or targets)[0]
    cell = (int(float(chosen.get_attribute("y"))) // CELL, int(float(chosen.get_attribute("x"))) // CELL)
    chosen.click()
    s.wait(lambda d: int(s.attr("data-moves")) >= moves + 1, "the move to be played")
    return cell, s.wait_state("your-move", "over")


def flags(s):
    """Capture the flag on a shipped map: bot against bot (step, play, pause), then a whole game
    of team A, moved by clicks on the board, against the bot."""
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
    s.wait_state("your-move")
    s.d.find_elements(By.CSS_SELECTOR, "#flags-board .unit.movable")[0].click()
    s.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#flags-board .target.move"), "highlighted moves")
    labels = [b.text for b in s.d.find_elements(By.CSS_SELECTOR, "#unit-actions button")]
    if not labels or not all(l.startswith("A1 ") for l in labels):
        fail(f"flags: the chosen unit's moves are not named by it: {labels}")
    s.shot("flags-select")
    cell, state = click_move(s)
    if state != "over" and unit_cell(s, "A1") != cell:
        fail(f"flags: A1 is on {unit_cell(s, 'A1')}, not on the cell clicked {cell}")
    if not s.text("i-move").startswith("B1 "):
        fail(f"flags: the bot's move is not named: {s.text('i-move')!r}")
    while state != "over":
        _, state = click_move(s)
    if s.attr("data-winner") not in ("-1", "0", "1"):
        fail("flags: no result")
    if "energy" not in s.text("flags-teams") or "mud" not in s.text("flags-legend"):
        fail("flags: no tally or no legend")
    s.shot("flags")
    bad_map(s)


def bad_map(s):
    """A pasted map with a mistake: its error, and no board or status of the map before."""
    s.d.find_element(By.CSS_SELECTOR, "details summary").click()
    box = s.d.find_element(By.ID, "map-text")
    box.clear()
    box.send_keys("name: x\n..Q\n")
    s.click("#use-map")
    s.wait_state("error")
    if not s.text("error").startswith("map:2"):
        fail(f"flags: the bad map's error does not name its line: {s.text('error')!r}")
    if s.d.find_elements(By.CSS_SELECTOR, "#flags-board *") or s.text("status"):
        fail("flags: the board or status of the previous map is left next to the error")


flags.allowed_console = ("status of 400",)

PAGES = (flags,)
