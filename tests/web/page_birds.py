"""Angry Birds: a level played with the slingshot (mouse and touch drags, a tap, undo, restart,
"show me") to a win, the shots checked against `evoplay birds shoot`; a level's stability
check; levels generated live and played."""
import json
import math
import os
import shlex
import subprocess
import tempfile

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from browser_support import SOURCE, fail

LEVEL = "sciencebirds_level-1.xml"  # three red birds, one pig behind TNT


def drawn(s, canvas="view"):
    """Colours on a canvas (the game's by default): a blank (or sky-only) canvas has one or two."""
    return s.d.execute_script(
        f"const c = document.getElementById('{canvas}');"
        "const p = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
        "const seen = new Set();"
        "for (let i = 0; i < p.length; i += 4 * 97) seen.add(p[i] << 16 | p[i + 1] << 8 | p[i + 2]);"
        "return seen.size;")


def bird_at(s):
    """The bird on the slingshot in viewport pixels (the page says where it draws it)."""
    canvas = s.d.find_element(By.ID, "view")
    left, top = s.d.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top];", canvas)
    return (round(left + float(canvas.get_attribute("data-bird-x"))),
            round(top + float(canvas.get_attribute("data-bird-y"))))


def expected_shot(s, mx, my):
    """The shot the game makes of a drag of (mx, my) CSS pixels: the launch from the pulled bird
    through the rest point (docs/birds-play.md), to hundredths as the page keeps it."""
    unit = float(s.d.find_element(By.ID, "view").get_attribute("data-unit"))
    angle = math.floor(math.degrees(math.atan2(my, -mx)) * 100 + 0.5) / 100
    return angle, min(1.0, math.hypot(mx, my) / unit)


def drag(s, mx, my, touch=False):
    """Presses the bird, drags it by (mx, my) in four moves and lets go; then the flight's
    state. Returns the shot the page sent (checked against the geometry)."""
    shots = int(s.attr("data-shots"))
    x, y = bird_at(s)
    pointer = PointerInput(interaction.POINTER_TOUCH if touch else interaction.POINTER_MOUSE,
                           "finger" if touch else "mouse")
    actions = ActionBuilder(s.d, mouse=pointer)
    actions.pointer_action.move_to_location(x, y).pointer_down()
    for k in range(4):
        actions.pointer_action.move_by(mx // 4 + (mx % 4 if k == 3 else 0),
                                       my // 4 + (my % 4 if k == 3 else 0))
    actions.pointer_action.pointer_up()
    actions.perform()
    angle, pull = expected_shot(s, mx, my)
    aim = s.attr("data-aim").split()
    if float(aim[0]) != angle or abs(float(aim[1]) - pull) > 0.006:
        fail(f"birds: a drag of ({mx}, {my}) aimed {aim}, not {angle} deg, pull {pull:.3f}")
    return shots


def skip_flight(s, shots):
    """Once the bird flies, skips to the flight's end (the Skip button, as an impatient player
    does): the test waits for the game's states, not for the animation's seconds. (data-frame
    keeps the last flight's frame until the next one starts: the state says when it flies.)"""
    s.wait(lambda d: s.attr("data-state") == "flying" or int(s.attr("data-shots")) != shots,
           "the flight")
    s.d.execute_script("const b = document.getElementById('skip'); if (!b.disabled) b.click();")


def landed(s, shots, *states):
    """Waits for the shot to land (data-shots one more) and the game's next state."""
    s.wait(lambda d: int(s.attr("data-shots")) == shots + 1, "the shot to land")
    return s.wait_state(*states)


def cli_game(s, command):
    """The page's shots typed to the command line, its JSON."""
    args = shlex.split(command)
    if args[:3] != ["evoplay", "birds", "shoot"]:
        fail(f"birds: not a birds shoot command: {command!r}")
    out = subprocess.run([s.evoplay, *args[1:], "--json"], cwd=SOURCE, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def check_against_cli(s, won):
    """The page's game (score, pigs, won) is `evoplay birds shoot`'s for the same shots."""
    game = cli_game(s, s.text("command"))
    pigs_left = game["pigs"] - game["pigs_killed"]
    if (game["won"] != won or str(game["score"]) != s.attr("data-score")
            or str(pigs_left) != s.attr("data-pigs")):
        fail(f"birds: the page shows score {s.attr('data-score')}, {s.attr('data-pigs')} pigs, "
             f"the command line {game['score']}, {pigs_left} pigs ({s.text('command')})")
    return game


def tapped_frame_by_frame(s):
    """Frame by frame, the tap comes at the frame the player chose: half a second into the
    Yellow bird's flight, where its ability fires (`birds shoot --tap 0.5` speeds it up; before
    0.25 s it is too close to the slingshot, after 1.0 s it has hit the tower), whatever the
    machine's speed. The page says the ability was used, and the command line agrees."""
    s.click("#restart")
    s.wait(lambda d: s.attr("data-shots") == "0" and s.attr("data-state") == "aiming", "the restart")
    s.select("flight-speed", "frame by frame")
    drag(s, -200, 60)
    s.wait(lambda d: s.attr("data-state") == "flying" and s.attr("data-frame") == "0",
           "the flight held at its first frame")
    step = "document.getElementById('step-frame').click()"
    while float(s.attr("data-flight-time")) < 0.45:
        frame = s.attr("data-frame")
        s.d.execute_script(step)
        s.wait(lambda d: s.attr("data-frame") != frame, "the next frame")
        if int(s.attr("data-frame")) > 100:
            fail(f"birds: frame by frame reached frame {s.attr('data-frame')} at "
                 f"{s.attr('data-flight-time')} s")
    held = s.attr("data-frame")
    ActionChains(s.d).send_keys(Keys.SPACE).perform()
    s.wait(lambda d: s.attr("data-ability-used") is not None, "the tap's answer")
    if s.attr("data-ability-used") != "true" or s.text("status") != "Ability used":
        fail(f"birds: a tap at {s.attr('data-tap')} s: ability used {s.attr('data-ability-used')}, "
             f"status {s.text('status')!r}")
    if s.attr("data-frame") != held or s.attr("data-state") != "flying":
        fail(f"birds: frame by frame went on after the tap: frame {s.attr('data-frame')} "
             f"(held {held}), {s.attr('data-state')}")
    s.click("#skip")
    landed(s, 0, "aiming", "won")
    game = check_against_cli(s, s.attr("data-state") == "won")
    shot = game["shots"][0]
    if not shot["ability_used"] or str(shot["tap"]) != s.attr("data-tap"):
        fail(f"birds: the command line's shot {shot} (the page tapped at {s.attr('data-tap')})")
    s.select("flight-speed", "real time")


def birds_play(s):
    """The first level drawn on load; a tapped shot on it checked against the command line; then
    a level played to a win: a touch drag (half pull), undo, a mouse drag, skip, the winning
    mouse drag; the shots typed to `birds shoot` give the page's score; restart and "show me"
    (the search agent's shot, as `birds play`)."""
    s.open("")  # from another page: the Birds page anew, on its first level
    s.open("birds")
    s.wait_state("aiming")
    if drawn(s) < 6:
        fail("birds: the level is not drawn before anything is pressed")
    if s.attr("data-bird") != "BirdYellow" or s.attr("data-shots") != "0":
        fail(f"birds: first level's bird {s.attr('data-bird')}, shots {s.attr('data-shots')}")
    if s.d.find_element(By.ID, "command").is_displayed():
        fail("birds: the shots' command line is shown before any shot")
    # A Yellow bird shot and tapped (Space) in flight: whenever the tap came, the page's shot is
    # the command line's.
    shots = drag(s, -200, 60)
    ActionChains(s.d).send_keys(Keys.SPACE).perform()
    landed(s, shots, "aiming", "won")
    sent = json.loads(s.attr("data-last-shot"))
    if sent["tap"] < 0 or str(sent["tap"]) != s.attr("data-tap"):
        fail(f"birds: the tap was not sent: {sent}, data-tap {s.attr('data-tap')}")
    if not s.d.find_element(By.ID, "command").is_displayed():
        fail("birds: the shots' command line is not shown after a shot")
    check_against_cli(s, s.attr("data-state") == "won")
    tapped_frame_by_frame(s)
    # The level to win, chosen in the menu.
    s.select("level", LEVEL)
    s.wait(lambda d: s.attr("data-level") == LEVEL and s.attr("data-state") == "aiming",
           "the level chosen")
    shots = drag(s, -20, 20, touch=True)  # about half a pull at 45 degrees: short of everything
    skip_flight(s, shots)
    if landed(s, shots, "aiming", "won", "lost") != "aiming" or s.attr("data-birds-left") != "2":
        fail(f"birds: after a short shot: {s.attr('data-state')}, "
             f"{s.attr('data-birds-left')} birds left")
    s.click("#undo")
    s.wait(lambda d: s.attr("data-shots") == "0" and s.attr("data-state") == "aiming", "the undo")
    if s.attr("data-birds-left") != "3":
        fail(f"birds: undo left {s.attr('data-birds-left')} birds")
    shots = drag(s, -150, 150)  # full pull at 45 degrees: over the level
    s.wait(lambda d: int(s.attr("data-frame") or -1) >= 0 or s.attr("data-shots") != "0",
           "the flight")
    s.click("#skip")
    landed(s, shots, "aiming", "won", "lost")
    if s.attr("data-bird") != "BirdRed" or s.attr("data-birds-left") != "2":
        fail(f"birds: the second bird is {s.attr('data-bird')}, {s.attr('data-birds-left')} left")
    shots = drag(s, -200, 30)  # 8.53 degrees: into the TNT beside the pig
    skip_flight(s, shots)
    if landed(s, shots, "won", "aiming", "lost") != "won":
        fail(f"birds: not won: {s.attr('data-state')}, {s.text('status')}")
    if s.attr("data-pigs") != "0" or int(s.attr("data-score")) <= 0:
        fail(f"birds: won with {s.attr('data-pigs')} pigs, score {s.attr('data-score')}")
    if "Level cleared" not in s.text("status"):
        fail(f"birds: no word of the win: {s.text('status')}")
    s.shot("birds-won")
    game = check_against_cli(s, True)
    if [round(x["angle"], 2) for x in game["shots"]] != [45.0, 8.53]:
        fail(f"birds: the command line played {game['shots']}")
    # Restart, then the search agent's shot: `birds play`'s first shot.
    s.click("#restart")
    s.wait(lambda d: s.attr("data-shots") == "0" and s.attr("data-state") == "aiming", "the restart")
    s.click("#show-me")
    s.wait_state("thinking", "flying", "won", "aiming")
    skip_flight(s, 0)
    landed(s, 0, "won", "aiming", "lost", "error")
    played = subprocess.run([s.evoplay, "birds", "play", f"data/birds/{LEVEL}", "--json", "-q"],
                            cwd=SOURCE, check=True, capture_output=True, text=True).stdout
    first = json.loads(played)["games"][0]["shots"][0]
    if s.attr("data-score") != str(first["score"]):
        fail(f"birds: show me scored {s.attr('data-score')}, `birds play`'s shot {first['score']}")


def birds(s):
    """The first level's aim drawn (screenshot); a shipped level's stability check to its
    verdict; then levels generated live, the first of them played at once (the menu names it)."""
    s.open("birds")
    s.wait_state("aiming")
    x, y = bird_at(s)
    actions = ActionBuilder(s.d)
    actions.pointer_action.move_to_location(x, y).pointer_down().move_by(-90, 30).move_by(-60, 20)
    actions.perform()
    s.shot("birds")
    actions = ActionBuilder(s.d)
    actions.pointer_action.move_by(150, -50).pointer_up()  # back where it was pressed: no shot
    actions.perform()
    s.wait_state("aiming")
    # The level is drawn for its check before any simulation.
    s.wait(lambda d: s.attr("data-check") == "ready", "the level drawn for its check")
    if drawn(s, "check-view") < 6:
        fail("birds: the stability check's canvas is blank before Simulate")
    s.click("#simulate")
    s.wait(lambda d: s.attr("data-check") in ("done", "error"), "the stability check")
    if s.attr("data-check") != "done":
        fail(f"birds: the check ended {s.attr('data-check')}: {s.text('check-status')}")
    if s.attr("data-verdict") not in ("stable", "moved", "destroyed"):
        fail(f"birds: no verdict: {s.attr('data-verdict')}")
    if int(s.attr("data-frame")) < 1:
        fail("birds: no animation")
    # The generator, live (tiny settings): its curve, then the levels; the first one played.
    for field, value in (("gen-levels", "2"), ("gen-population", "4"), ("gen-generations", "3")):
        box = s.d.find_element(By.ID, field)
        box.clear()
        box.send_keys(value)
    # More settings, from the route's declaration: one pig a level, no two-birds check.
    s.wait(lambda d: d.find_elements(By.ID, "more-settings"), "the generator's settings")
    s.click("#more-settings summary")
    for field, value in (("set-pigs-min", "1"), ("set-pigs-max", "1"), ("set-min_birds", "1")):
        box = s.d.find_element(By.ID, field)
        box.clear()
        box.send_keys(value)
    Select(s.d.find_element(By.ID, "set-crossover")).select_by_value("uniform")
    s.shot("birds-generate-settings")
    s.click("#generate")
    s.wait(lambda d: s.attr("data-generate") in ("done", "error", "cancelled"), "the generator")
    if s.attr("data-generate") != "done" or not s.attr("data-levels"):
        fail(f"birds: the generator ended {s.attr('data-generate')}: {s.text('gen-error')}")
    if int(s.attr("data-live-levels") or 0) < 1:
        fail("birds: no levels shown while the generator ran")
    if "stable" not in s.text("gen-status"):
        fail(f"birds: no generator status: {s.text('gen-status')}")
    levels = [e.text for e in s.d.find_elements(By.CSS_SELECTOR, ".gen-level")]
    if not levels or any(not t.endswith(", 1 pig") for t in levels):
        fail(f"birds: the levels do not have the one pig asked for: {levels}")
    s.click(".gen-level")
    name = "level-04.xml (generated)"
    s.wait(lambda d: s.attr("data-level") == name, "the generated level")
    state = s.wait_state("aiming", "won", "error")
    menu = s.d.execute_script("return document.getElementById('level').value")
    if state == "error" or menu != name:
        fail(f"birds: the generated level: {state} {s.text('error')}, menu {menu!r}")
    # The check now shows the generated level, not the last level's verdict.
    s.wait(lambda d: s.attr("data-check") == "ready", "the generated level drawn for its check")
    if s.attr("data-verdict") or drawn(s, "check-view") < 6:
        fail(f"birds: the check after a new level: verdict {s.attr('data-verdict')!r}")
    s.d.execute_script("window.scrollTo(0, 0)")
    s.shot("birds-generate")
    # A parameters file opened in the page (one block: one level of two pigs) replaces the Levels
    # field and the pigs of More settings.
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "parameters.txt")
        with open(path, "w") as f:
            f.write("1\n\n2,2\n5\n")
        s.d.find_element(By.ID, "gen-ruleset").send_keys(path)
        s.click("#generate")
        s.wait(lambda d: s.attr("data-generate") in ("done", "error", "cancelled")
               and s.attr("data-levels"), "the generator with a parameters file")
    levels = [e.text for e in s.d.find_elements(By.CSS_SELECTOR, ".gen-level")]
    if s.attr("data-generate") != "done" or len(levels) != 1 or not levels[0].endswith(", 2 pigs"):
        fail(f"birds: with a parameters file of one level of two pigs: {s.attr('data-generate')}, "
             f"{levels}, {s.text('gen-error')}")


PAGES = (birds, birds_play)
