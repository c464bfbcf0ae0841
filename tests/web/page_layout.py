"""Any screen: every page at a phone's size (390 x 844) and at a desktop's (1280 x 900): every
link of the header visible and clickable, nothing wider than the window (no sideways scrolling),
Connect Four's seventh column on screen; screenshots of a few pages at the phone's size."""
from selenium.webdriver.common.by import By

from browser_support import fail

PAGES_SHOWN = ("", "tictactoe", "connect4", "flags", "sudoku", "lemmings", "birds", "runs")
PHONE, DESKTOP = (390, 844), (1280, 900)
SHOTS = {"": "phone-home", "connect4": "phone-connect4", "sudoku": "phone-sudoku",
         "lemmings": "phone-lemmings", "birds": "phone-birds"}


def viewport(s, width, height):
    """Sets the window so that the page's viewport is width x height (CSS pixels)."""
    s.d.set_window_size(width, height)
    inner = s.d.execute_script("return [innerWidth, innerHeight]")
    if inner != [width, height]:
        s.d.set_window_size(2 * width - inner[0], 2 * height - inner[1])
    inner = s.d.execute_script("return [innerWidth, innerHeight]")
    if inner[0] != width:
        fail(f"layout: the viewport is {inner[0]} px wide, not {width}")


def settle(s, page):
    """Opens a page and waits until it has loaded (whatever state it is then in)."""
    s.open(page)
    s.wait(lambda d: s.attr("data-state") not in (None, "", "loading"), f"{page or 'home'} loaded")


def overflow(s):
    """How many CSS pixels the page is wider than the window (0: none)."""
    return s.d.execute_script(
        "return Math.max(0, document.documentElement.scrollWidth - window.innerWidth)")


def check_nav(s, size):
    """Every link of the header inside the window, on top (not covered), and each opens its page."""
    links = s.d.find_elements(By.CSS_SELECTOR, "header nav a")
    if len(links) < 7:
        fail(f"layout {size}: {len(links)} links in the header")
    for link in links:
        hidden = s.d.execute_script(
            "const r = arguments[0].getBoundingClientRect();"
            "if (r.width === 0 || r.left < 0 || r.right > innerWidth || r.top < 0 ||"
            "    r.bottom > innerHeight) return 'outside the window';"
            "const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
            "return arguments[0].contains(top) ? '' : 'covered';", link)
        if hidden:
            fail(f"layout {size}: the header's link {link.text!r} is {hidden}")
    for i in range(len(links)):
        link = s.d.find_elements(By.CSS_SELECTOR, "header nav a")[i]
        page = link.get_attribute("href").split("#/")[1]
        link.click()
        s.wait_page(page)


def check_page(s, page, size):
    settle(s, page)
    extra = overflow(s)
    if extra:
        wide = s.d.execute_script(
            "return [...document.querySelectorAll('#page *')].filter("
            "  (e) => e.getBoundingClientRect().right > innerWidth + 0.5).slice(0, 5)"
            "  .map((e) => e.tagName + (e.id ? '#' + e.id : '') + '.' + e.className).join(' ')")
        fail(f"layout {size}: {page or 'home'} is {extra} px wider than the window ({wide})")


def check_connect4(s, size):
    settle(s, "connect4")
    columns = s.d.find_elements(By.CSS_SELECTOR, "#page .c4 .col")
    if len(columns) != 7:
        fail(f"layout {size}: Connect Four shows {len(columns)} columns")
    right = s.d.execute_script("return arguments[0].getBoundingClientRect().right", columns[-1])
    width = s.d.execute_script("return innerWidth")
    if right > width:
        fail(f"layout {size}: Connect Four's seventh column ends at {right} px, past {width}")


def layout(s):
    saved = s.d.get_window_size()
    try:
        for size in (PHONE, DESKTOP):
            viewport(s, *size)
            settle(s, "")
            check_nav(s, size)
            for page in PAGES_SHOWN:
                check_page(s, page, size)
                if size == PHONE and page in SHOTS:
                    s.d.execute_script("window.scrollTo(0, 0)")
                    s.shot(SHOTS[page])
            check_connect4(s, size)
    finally:
        s.d.set_window_size(saved["width"], saved["height"])


PAGES = (layout,)
