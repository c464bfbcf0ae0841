"""Angry Birds: a level simulated, levels generated live."""
from selenium.webdriver.common.by import By

from browser_support import fail


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


PAGES = (birds,)
