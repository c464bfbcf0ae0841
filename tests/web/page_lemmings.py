"""Lemmings: the levels easiest first, a plan replayed, a lemming outlined under the pointer and
selected by a click that builds the plan, the plan copied and pasted, an optimiser live."""
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
    # The levels easiest first: easy, medium, hard (their names start with their difficulty).
    names = [o.get_attribute("value") for o in s.d.find_elements(By.CSS_SELECTOR, "#level option")
             if not o.get_attribute("value").startswith("pingus:")]
    ranks = [("easy", "medium", "hard").index(n.split("-")[0]) for n in names]
    if len(names) < 3 or ranks != sorted(ranks):
        fail(f"lemmings: the levels are not easy, medium, hard: {names}")
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
    # The pointer over the lemming: outlined and named; a click selects it (and gives the skill).
    ActionChains(s.d).move_to_element_with_offset(
        canvas, x - canvas.size["width"] / 2, y - canvas.size["height"] / 2).perform()
    s.wait(lambda d: s.attr("data-hovered") not in (None, ""), "the lemming under the pointer")
    hovered = s.attr("data-hovered")
    if not s.text("lemming").startswith(f"pointing at lemming {hovered} "):
        fail(f"lemmings: the lemming under the pointer is not named: {s.text('lemming')!r}")
    ActionChains(s.d).click().perform()
    s.wait(lambda d: s.attr("data-selected") == hovered, "the clicked lemming selected")
    s.wait(lambda d: re.search(r"^\d+ digger 1$", d.find_element(By.ID, "plan").get_attribute("value"),
                                re.M), "the clicked skill in the plan")
    s.wait_state("paused", "ended")
    s.shot("lemmings-plan")
    # The plan copied to the clipboard, the plan cleared, the clipboard's plan pasted back.
    s.d.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": s.base, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    plan = s.d.find_element(By.ID, "plan").get_attribute("value")
    s.click("#copy")
    s.wait(lambda d: s.text("lemming") == "plan copied", "the plan copied")
    s.click("#clear")
    s.wait(lambda d: d.find_element(By.ID, "plan").get_attribute("value") == "", "the plan cleared")
    s.wait_state("paused")
    s.click("#paste")
    s.wait(lambda d: d.find_element(By.ID, "plan").get_attribute("value") == plan, "the plan pasted")
    s.wait_state("paused", "ended")
    # CRO on the level, live: its curve, then its best plan replayed.
    s.select("algorithm", "cro")
    budget = s.d.find_element(By.ID, "evaluations")
    budget.clear()
    budget.send_keys("300")
    # A setting of More settings (from the route's declaration) goes with the run: the original
    # fitness (the paper's), which the result names.
    s.wait(lambda d: d.find_elements(By.ID, "set-fitness"), "the solver's More settings")
    s.click("#more-settings summary")
    s.select("set-fitness", "original")
    s.click("#solve")
    s.wait(lambda d: s.attr("data-solve") in ("done", "error", "cancelled"), "the optimiser")
    if s.attr("data-solve") != "done":
        fail(f"lemmings: the solve ended {s.attr('data-solve')}: {s.text('error')}")
    if "evaluations" not in s.text("solve-status") or "CRO, original fitness" not in s.text("solve-status"):
        fail(f"lemmings: no solve status of CRO with the original fitness: {s.text('solve-status')}")
    s.wait_state("paused", "ended")
    s.shot("lemmings-solve")


def lemmings_pingus(s):
    """A Pingus level (pingus-data, installed by make test) after the drawn ones: a plan's
    replay and paths drawn by the server, the outcome; CRO on it, live."""
    s.open("lemmings")
    s.wait_state("paused")
    level = "pingus:tutorial/digger-tutorial2-grumbel"
    if not s.d.find_elements(By.CSS_SELECTOR, f'#level option[value="{level}"]'):
        fail("lemmings: no Pingus levels in the menu (is pingus-data installed?)")
    from selenium.webdriver.support.ui import Select
    menu = Select(s.d.find_element(By.ID, "level"))
    groups = [g.get_attribute("label") for g in s.d.find_elements(By.CSS_SELECTOR, "#level optgroup")]
    if groups[:1] != ["Pingus: tutorial"] or len(groups) != 12:  # the tutorial and 11 level sets
        fail(f"lemmings: the Pingus levels' groups: {groups}")
    menu.select_by_value(level)
    s.wait_state("ended", "error")
    plan = s.d.find_element(By.ID, "plan")
    plan.send_keys("255 digger\n")
    s.click("#replay")
    s.wait(lambda d: s.attr("data-outcome-saved") == "10", "the digger's plan replayed")
    # Pingus itself saves all 10 with this plan (scripts/pingus-replay of its demo, 2026-12-06).
    s.wait_state("ended")
    for picture in ("pingus-replay", "pingus-paths"):
        s.wait(lambda d: d.execute_script(
            f"const i = document.getElementById('{picture}'); return i.complete && i.naturalWidth > 0;"),
            f"the {picture} picture")
    if s.d.find_element(By.ID, "view").is_displayed() or s.d.find_element(By.ID, "play").is_enabled():
        fail("lemmings: a Pingus level shows the drawn levels' canvas and player")
    if "saved 10 of 10 (5 needed)" not in s.text("status"):
        fail(f"lemmings: the Pingus replay's status: {s.text('status')!r}")
    s.shot("lemmings-pingus")
    # The GA on it, live, a small budget: the job takes the level by its id.
    s.select("algorithm", "ga")
    budget = s.d.find_element(By.ID, "evaluations")
    budget.clear()
    budget.send_keys("40")
    s.click("#solve")
    s.wait(lambda d: s.attr("data-solve") in ("done", "error", "cancelled"), "the optimiser")
    if s.attr("data-solve") != "done" or not s.text("solve-status").startswith("GA, "):
        fail(f"lemmings: the GA on a Pingus level ended {s.attr('data-solve')}: "
             f"{s.text('solve-status')!r} {s.text('error')!r}")
    s.wait_state("ended")


PAGES = (lemmings, lemmings_pingus)
