"""Sudoku: solved exactly; the grid typed into (digits, arrows) and a puzzle pasted and copied;
the GA's live run on the default puzzle with the page's defaults, to a solution, shown at the
page's pace; a bad puzzle's error with no stale board beside it."""
import math

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_support import SOURCE, fail


def cells(s):
    return [td.text for td in s.d.find_elements(By.CSS_SELECTOR, "#grid td")]


def puzzle(s):
    return s.d.find_element(By.ID, "puzzle").get_attribute("value")


def fresh(s):
    """The page anew (through the home page: the same address would not load it again)."""
    s.open("")
    s.open("sudoku")
    s.wait_state("ready")


def sudoku(s):
    fresh(s)
    s.click("#solve")
    s.expect_state("solved", "unsolved", "error")
    if len(cells(s)) != 81 or any(not c for c in cells(s)):
        fail("sudoku: the solution has empty cells")
    s.shot("sudoku-exact")


def sudoku_typed(s):
    """Typed into the grid: a digit in the first cell, arrows, 0 clears, the keypad; the text
    follows."""
    fresh(s)
    s.click("#clear")
    s.wait(lambda d: puzzle(s) == "." * 81 and len(cells(s)) == 81, "an empty grid")
    s.d.find_element(By.CSS_SELECTOR, "#grid td[data-r='0'][data-c='0']").click()
    grid = s.d.find_element(By.ID, "grid")
    grid.send_keys("5")  # the cursor moves right after a digit
    s.wait(lambda d: puzzle(s) == "5" + "." * 80, "5 in the first cell")
    grid.send_keys(Keys.ARROW_DOWN, "3")  # row 2, column 2
    s.wait(lambda d: puzzle(s)[9 + 1] == "3", "3 in row 2, column 2")
    s.wait(lambda d: cells(s)[0] == "5" and cells(s)[10] == "3", "the typed digits in the grid")
    grid.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT, Keys.ARROW_UP, "0")
    s.wait(lambda d: puzzle(s) == "." * 10 + "3" + "." * 70, "the first cell cleared")
    # A second 3 in row 2: the parser's error, the digit kept on the grid and marked; cleared
    # again, the error goes.
    grid.send_keys(Keys.ARROW_DOWN, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, "3")
    s.wait_state("invalid")
    s.wait(lambda d: s.text("error").startswith("puzzle:"), "the parser's error")
    marked = s.d.find_elements(By.CSS_SELECTOR, "#grid td.conflict")
    if [(td.get_attribute("data-r"), td.get_attribute("data-c"), td.text) for td in marked] != \
            [("1", "2", "3")]:
        fail("sudoku: the refused 3 is not the one cell marked")
    grid.send_keys(Keys.ARROW_LEFT, Keys.DELETE)
    s.wait(lambda d: puzzle(s) == "." * 10 + "3" + "." * 70 and not s.text("error"),
           "the refused 3 cleared, no error")
    # Without a keyboard: the keypad's 7 in the same cell.
    [seven] = [k for k in s.d.find_elements(By.CSS_SELECTOR, "#keypad .key") if k.text == "7"]
    seven.click()
    s.wait(lambda d: puzzle(s)[11] == "7", "the keypad's 7 in row 2, column 3")
    # A puzzle pasted onto the grid (a paste event with its text), then copied.
    with open(f"{SOURCE}/data/sudoku/qqwing_easy_50.txt") as f:
        pasted = f.readline().strip()
    s.d.execute_script(
        "const data = new DataTransfer(); data.setData('text/plain', arguments[1]);"
        "arguments[0].dispatchEvent(new ClipboardEvent('paste', {clipboardData: data,"
        " bubbles: true, cancelable: true}));", grid, pasted)
    s.wait(lambda d: puzzle(s) == pasted, "the pasted puzzle in the text")
    givens = sum(ch not in ".0" for ch in pasted)
    s.wait(lambda d: sum(1 for c in cells(s) if c) == givens, "the pasted puzzle in the grid")
    s.click("#copy")
    s.wait(lambda d: s.attr("data-copied") == pasted, "the puzzle copied")
    s.shot("sudoku-typed")


def sudoku_ga(s):
    """The GA with the page's defaults on its default puzzle: solved, shown generation by
    generation (the chart's points and the generation shown grow), the board without conflict."""
    fresh(s)
    # The route's other settings, from their declaration (left at their defaults here).
    s.wait(lambda d: d.find_elements(By.ID, "set-crossover") and d.find_elements(By.ID, "set-cro_gamma"),
           "the GA's More settings")
    s.click("#run")
    s.wait(lambda d: s.attr("data-generation") not in (None, ""), "a first generation shown")
    s.expect_state("finished", "cancelled", "error")
    if s.attr("data-solved") != "true":
        fail(f"sudoku: the GA's defaults did not solve the default puzzle: {s.text('status')}")
    if "solved" not in s.text("status"):
        fail(f"sudoku: no GA status: {s.text('status')}")
    if s.d.find_elements(By.CSS_SELECTOR, "#grid td.conflict") or any(not c for c in cells(s)):
        fail("sudoku: the GA's solution has conflicts or empty cells")
    # The curve's one pair of axis titles (once also a second, cut one beside the canvas), and the
    # legend in the top corner the falling curve leaves free (it sat over the curve's start).
    canvas = s.d.find_element(By.CSS_SELECTOR, "#chart canvas")
    titles = (canvas.get_attribute("data-x-title"), canvas.get_attribute("data-y-title"))
    if titles != ("generation", "conflicts (best and mean)"):
        fail(f"sudoku: the chart's titles are {titles}")
    if s.d.find_elements(By.CSS_SELECTOR, "#chart .y-title, #chart .x-title"):
        fail("sudoku: axis titles outside the canvas as well as on it")
    # Round ticks along both axes (once only the two ends, unrounded: 29.45 and 0).
    for axis in ("x", "y"):
        ticks = [float(t) for t in canvas.get_attribute(f"data-{axis}-ticks").split(",")]
        step = ticks[1] - ticks[0] if len(ticks) > 1 else 0
        mantissa = step / 10 ** math.floor(math.log10(step)) if step > 0 else 0
        if len(ticks) < 3 or not any(abs(mantissa - m) < 1e-9 for m in (1, 2, 2.5, 5)):
            fail(f"sudoku: the chart's {axis} ticks are {ticks}")
    if canvas.get_attribute("data-legend") != "top-right":
        fail(f"sudoku: the legend is at the {canvas.get_attribute('data-legend')}, over the falling curve")
    s.shot("sudoku-ga")


def sudoku_error(s):
    """A bad puzzle: the command line's error (file:line:column), and no board or status left
    beside it."""
    fresh(s)
    area = s.d.find_element(By.ID, "puzzle")
    area.clear()
    area.send_keys("12345")
    s.click("#show")
    s.wait(lambda d: s.text("error").startswith("puzzle:1:"), "the parser's error")
    if cells(s) or s.text("status"):
        fail(f"sudoku: a stale board ({len(cells(s))} cells) or status ({s.text('status')!r}) "
             "beside the error")
    s.shot("sudoku-error")


PAGES = (sudoku, sudoku_typed, sudoku_ga, sudoku_error)
# The bad puzzles above are refused with 400 on purpose: the browser logs those requests.
sudoku_error.allowed_console = ("status of 400",)
sudoku_typed.allowed_console = ("status of 400",)
