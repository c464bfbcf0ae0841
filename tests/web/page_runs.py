"""The Runs page: the run folders, one run's curve and pictures."""
from selenium.webdriver.common.by import By

from browser_support import fail


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


PAGES = (runs,)
