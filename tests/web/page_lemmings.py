"""Lemmings: a plan replayed, a plan built by clicking, an optimiser live."""
import os
import re

from selenium.webdriver.common.by import By

from browser_support import SOURCE, fail


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


PAGES = (lemmings,)
