"""Capture the flag: bots watched, then a whole game played by clicking."""
from selenium.webdriver.common.by import By

from browser_support import fail, play


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


PAGES = (flags,)
