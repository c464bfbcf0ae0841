"""Sudoku: solved exactly, the GA live, a bad puzzle's error."""
from selenium.webdriver.common.by import By

from browser_support import fail


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


PAGES = (sudoku,)
# The bad puzzle above is refused with 400 on purpose: the browser logs that request.
sudoku.allowed_console = ("status of 400",)
