"""The home page and the board games against the bots: tic-tac-toe, Connect Four."""
import re

from selenium.webdriver.common.by import By

from browser_support import fail, new_game, play


def home(s):
    s.open("")
    s.wait_state("ready")
    s.shot("home")


def tictactoe(s):
    # The learned agent of the runs folder is in the bot menu; a game against it ends.
    state = new_game(s, "tictactoe", "agent:ttt-agent")
    if s.attr("data-agents") != "1":
        fail(f"tic-tac-toe: {s.attr('data-agents')} learned agents in the menu, expected 1")
    while state != "over":
        empty = [b for b in s.d.find_elements(By.CSS_SELECTOR, "#board button") if not b.text]
        state = play(s, empty[0])
    # Then a new game on the same page against the perfect player.
    s.select("bot", "perfect")
    s.click("#new")
    s.wait(lambda d: int(s.attr("data-moves")) == 0, "a new game")
    state = s.wait_state("your-move", "over")
    while state != "over":
        empty = [b for b in s.d.find_elements(By.CSS_SELECTOR, "#board button") if not b.text]
        state = play(s, empty[0])
    winner = s.attr("data-winner")
    if winner not in ("-1", "1"):  # a perfect player never loses
        fail(f"tic-tac-toe: the perfect bot lost (winner {winner})")
    if s.text("i-depth") in ("", "-"):
        fail("tic-tac-toe: the bot's depth is not shown")
    s.shot("tictactoe")


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
            moves -= 2
        # The first column with room (the page draws the top cell of each column first).
        columns = s.d.find_elements(By.CSS_SELECTOR, "#board .col")
        free = [c for c in columns
                if c.find_elements(By.CSS_SELECTOR, ".cell")[0].get_attribute("class") == "cell"]
        state = play(s, free[0])
    if s.attr("data-winner") not in ("-1", "0", "1"):
        fail("connect4: no result")
    if not s.text("i-pv") or s.text("i-pv") == "-":
        fail("connect4: no principal line shown")
    s.shot("connect4")
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
    shown = [c.text for c in s.d.find_elements(By.CSS_SELECTOR, "#scores-row div")]
    if not any(re.fullmatch(r"-?\d+", t) for t in shown):
        fail(f"connect4: no exact column score shown: {shown}")
    s.shot("connect4-scores")


PAGES = (home, tictactoe, connect4,)
