"""The home page and the board games against the bots: tic-tac-toe, Connect Four (winning line,
move list, a game pasted, exact column scores and their job cancelled by a move)."""
import json
import urllib.request

from selenium.webdriver.common.by import By

from browser_support import fail, new_game, play


def home(s):
    s.open("")
    s.wait_state("ready")
    s.shot("home")


def empty_cells(s):
    return [b for b in s.d.find_elements(By.CSS_SELECTOR, "#board button") if not b.text]


def tictactoe(s):
    # The learned agent of the runs folder is in the bot menu; a game against it ends.
    state = new_game(s, "tictactoe", "agent:ttt-agent")
    if s.attr("data-agents") != "1":
        fail(f"tic-tac-toe: {s.attr('data-agents')} learned agents in the menu, expected 1")
    while state != "over":
        state = play(s, empty_cells(s)[0])
    if "/" in s.text("i-bot"):
        fail(f"tic-tac-toe: the agent is named by a path: {s.text('i-bot')}")
    # Then a new game on the same page against the perfect player.
    s.select("bot", "perfect")
    s.click("#new")
    s.wait(lambda d: int(s.attr("data-moves")) == 0, "a new game")
    state = s.wait_state("your-move", "over")
    while state != "over":
        state = play(s, empty_cells(s)[0])
    winner = s.attr("data-winner")
    if winner not in ("-1", "1"):  # a perfect player never loses
        fail(f"tic-tac-toe: the perfect bot lost (winner {winner})")
    if "(proven)" not in s.text("i-value"):
        fail(f"tic-tac-toe: the perfect bot's score is not proven: {s.text('i-value')!r}")
    line = s.d.find_elements(By.CSS_SELECTOR, "#board button.win")
    if len(line) != (0 if winner == "-1" else 3):
        fail(f"tic-tac-toe: {len(line)} cells of the winning line highlighted (winner {winner})")
    s.shot("tictactoe")


def discs(s):
    return len(s.d.find_elements(By.CSS_SELECTOR, "#board .cell.p1, #board .cell.p2"))


def free_columns(s):
    columns = s.d.find_elements(By.CSS_SELECTOR, "#board .col")
    return [c for c in columns
            if c.find_elements(By.CSS_SELECTOR, ".cell")[0].get_attribute("class") == "cell"]


def connect4(s):
    state = new_game(s, "connect4", "alphabeta:100ms")
    undone = False
    while state != "over":
        moves = int(s.attr("data-moves"))
        if moves >= 4 and not undone:
            s.click("#undo")
            s.wait(lambda d: int(s.attr("data-moves")) == moves - 2, "undo")
            s.wait_state("your-move")
            undone = True
        state = play(s, free_columns(s)[0])
    winner = s.attr("data-winner")
    if winner not in ("-1", "0", "1"):
        fail("connect4: no result")
    if winner != "-1" and len(s.d.find_elements(By.CSS_SELECTOR, "#board .cell.win")) < 4:
        fail("connect4: the winning four is not highlighted")
    if not s.text("i-pv") or s.text("i-pv") == "-":
        fail("connect4: no principal line shown")
    if s.text("i-value") in ("", "-"):
        fail("connect4: no score shown")
    s.shot("connect4")
    step_through(s)
    column_scores(s)


def step_through(s):
    """Back one move, then to the second move by the move list, then to the end."""
    total = int(s.attr("data-line"))
    s.click("#back")
    s.wait(lambda d: int(s.attr("data-moves")) == total - 1, "one move back")
    if discs(s) != total - 1 or int(s.attr("data-line")) != total:
        fail(f"connect4: one move back shows {discs(s)} discs of a {s.attr('data-line')}-move line")
    s.click('#move-list button[data-ply="2"]')
    s.wait(lambda d: int(s.attr("data-moves")) == 2 and discs(s) == 2, "the position after move 2")
    s.click("#last")
    s.wait(lambda d: int(s.attr("data-moves")) == total, "the last position")
    s.wait_state("over")


def column_scores(s):
    # Back to the last position before the end, then the exact score of every column (a decided
    # position late in the game: the solver is quick).
    moves = int(s.attr("data-moves"))
    s.click("#undo")
    s.wait(lambda d: int(s.attr("data-moves")) < moves, "undo")
    s.wait_state("your-move")
    s.click("#scores")
    s.wait(lambda d: s.attr("data-scores") in ("done", "error", "cancelled"), "scores")
    if s.attr("data-scores") != "done":
        fail(f"connect4: column scores ended {s.attr('data-scores')}: {s.text('error')}")
    outcomes = [c.get_attribute("data-outcome")
                for c in s.d.find_elements(By.CSS_SELECTOR, "#scores-row div")]
    if not any(o in ("win", "loss", "draw") for o in outcomes):
        fail(f"connect4: no exact column score shown: {outcomes}")
    if "Red (X) (to move)" not in s.text("scores-label"):
        fail(f"connect4: the scores do not say whose they are: {s.text('scores-label')!r}")
    s.shot("connect4-scores")


def job_state(s, job):
    try:
        with urllib.request.urlopen(f"{s.base}/api/jobs/{job}") as r:
            return json.load(r)["state"]
    except OSError as e:  # HTTPError included: the answer is the test's to see
        return repr(e)


def connect4_paste(s):
    """The solver given 1 s for the first move (the empty board takes minutes to solve) says its
    move is not proven; a game pasted as the command line writes it is the position shown; exact
    scores of the empty board are cancelled on the server by a move."""
    new_game(s, "connect4", "perfect:1s")
    s.select("seat", "Yellow (O) (second)")
    s.wait(lambda d: s.attr("data-moves") == "1", "the solver's first move")
    s.wait_state("your-move")
    if "not proven" not in s.text("i-note") or "(estimate)" not in s.text("i-value"):
        fail(f"connect4: no note that the opening move is not proven: {s.text('i-note')!r}")
    s.shot("connect4-note")
    s.select("bot", "alphabeta:100ms")
    s.select("seat", "Red (X) (first)")
    s.wait(lambda d: s.attr("data-moves") == "0", "a new game")
    s.wait_state("your-move")
    s.click("#scores")
    s.wait(lambda d: s.attr("data-scores") == "running" and s.attr("data-scores-job"), "scores started")
    job = s.attr("data-scores-job")
    play(s, free_columns(s)[3])
    s.wait(lambda d: s.attr("data-scores") == "cancelled", "the scores cancelled by the move")
    s.wait(lambda d: job_state(s, job) == "cancelled",
           f"the server's job {job} cancelled (it is {job_state(s, job)})")
    box = s.d.find_element(By.ID, "game-text")
    box.clear()
    box.send_keys("4453")
    s.click("#paste")
    s.wait(lambda d: s.attr("data-moves") == "4" and discs(s) == 4, "the pasted position")
    s.wait_state("your-move")
    column4 = s.d.find_elements(By.CSS_SELECTOR, '#board .col[data-col="4"] .cell')
    if [c.get_attribute("class") for c in column4[-2:]] != ["cell p2", "cell p1"]:
        fail("connect4: the pasted game's column 4 is not X below O")


PAGES = (home, tictactoe, connect4, connect4_paste,)
