"""The bots opened up: learned tic-tac-toe agents as bots (agent:DIR, the run folder of the real
`tictactoe learn`), MCTS root statistics, and Python evaluation functions for alpha-beta and
MCTS."""

import pytest

import evoplay
from evoplay import connect4, tictactoe
from evoplay.games import mcts_policy


def test_mcts_visits_sum_to_the_iterations():
    s = tictactoe.State()
    bot = tictactoe.Bot("mcts:500", 1)
    move = bot.choose(s)
    stats = bot.search_stats()
    assert stats["iterations"] == 500 == sum(stats["visits"].values())
    assert sorted(stats["visits"]) == list(range(9))  # one child per legal move
    assert move == max(stats["visits"], key=stats["visits"].get)  # the most visited is played
    assert abs(sum(stats["policy"].values()) - 1.0) < 1e-12
    assert all(0.0 <= v <= 1.0 for v in stats["values"].values())


def test_mcts_policy_of_a_position_with_one_winning_move():
    # X to move with X at 0 and 1: cell 2 wins at once, and the search sees it.
    s = tictactoe.State("XX.OO....")
    visits = mcts_policy(s, iterations=400, seed=3)
    assert sum(visits.values()) == 400
    assert sorted(visits) == s.legal_moves()
    assert max(visits, key=visits.get) == 2
    c4 = evoplay.load_game("connect_four").new_initial_state()
    assert sum(mcts_policy(c4, iterations=300).values()) == 300


def test_search_stats_needs_an_mcts_bot():
    bot = tictactoe.Bot("alphabeta:3")
    bot.choose(tictactoe.State())
    with pytest.raises(ValueError, match="only an MCTS bot"):
        bot.search_stats()


def corner_8(state):
    """Player 0's view: good when X holds cell 8 (the engine itself prefers the centre)."""
    return 1.0 if state.cells[8] == "X" else 0.0


def test_a_python_evaluation_changes_the_move():
    empty = tictactoe.State()
    assert tictactoe.Bot.alphabeta(1).choose(empty) == 4  # the engine's evaluation: the centre
    assert tictactoe.Bot.alphabeta(1, evaluate=corner_8).choose(empty) == 8
    # Player 1 minimises player 0's value: O goes to the edge cell 1 when that is what is bad
    # for X.
    after_centre = tictactoe.State("....X....")
    edge = lambda s: -1.0 if s.cells[1] == "O" else 0.0  # noqa: E731
    assert tictactoe.Bot.alphabeta(1).choose(after_centre) != 1
    assert tictactoe.Bot.alphabeta(1, evaluate=edge).choose(after_centre) == 1


def test_a_python_evaluation_sees_only_the_leaves_and_wins_are_still_wins():
    calls = []

    def flat(state):
        calls.append(state.cells)
        return 0.0

    s = tictactoe.State("XX.OO....")  # X wins at 2 whatever the evaluation says
    assert tictactoe.Bot.alphabeta(2, evaluate=flat).choose(s) == 2
    assert calls and all(isinstance(c, str) and len(c) == 9 for c in calls)


def test_mcts_with_a_python_leaf_value():
    calls = []

    def value(state):
        calls.append(1)
        return 0.0

    bot = connect4.Bot.mcts(200, evaluate=value, seed=2)
    bot.choose(connect4.State("44"))
    assert bot.search_stats()["iterations"] == 200
    assert 0 < len(calls) <= 200  # one call per new, unfinished leaf


def test_errors_raised_by_the_function_reach_the_caller():
    def boom(state):
        raise RuntimeError("boom")

    bot = tictactoe.Bot.alphabeta(3, evaluate=boom)
    with pytest.raises(RuntimeError, match="boom"):
        bot.choose(tictactoe.State())
    with pytest.raises(TypeError, match="expected the function to return a float, found str"):
        tictactoe.Bot.alphabeta(2, evaluate=lambda s: "high").choose(tictactoe.State())
    with pytest.raises(ValueError, match="finite"):
        tictactoe.Bot.mcts(10, evaluate=lambda s: float("nan")).choose(tictactoe.State())
    with pytest.raises(TypeError, match="expected a function of a state"):
        tictactoe.Bot.alphabeta(2, evaluate=3)
    with pytest.raises(ValueError, match="depth: expected 1 to"):
        tictactoe.Bot.alphabeta(0)
    ok = tictactoe.Bot.alphabeta(1, evaluate=corner_8)  # a bot that raised before still works
    assert ok.choose(tictactoe.State()) == 8


@pytest.fixture
def agent_run(evoplay_cli, tmp_path):
    """A run folder of the real `tictactoe learn`, with a small budget."""
    out = tmp_path / "learn"
    evoplay_cli("tictactoe", "learn", "--cycles", "3", "--agents", "8", "--rules", "20",
                "--measure-every", "3", "--seed", "5", "--out", out)
    assert (out / "population.txt").exists()
    return out


def test_a_learned_agent_is_a_bot(agent_run):
    assert "agent:DIR[:RANK]" in tictactoe.players()
    best = tictactoe.Bot("agent:%s" % agent_run, 1)
    third = tictactoe.Bot("agent:%s:3" % agent_run, 1)
    s = tictactoe.State()
    while not s.is_terminal():
        s.play((best if s.current_player() == 0 else third).choose(s))
    assert s.returns()[0] + s.returns()[1] == 0.0
    # Seeded: the same agent and seed play the same moves.
    a, b = tictactoe.Bot("agent:%s" % agent_run, 4), tictactoe.Bot("agent:%s" % agent_run, 4)
    empty = tictactoe.State()
    assert [a.choose(empty) for _ in range(5)] == [b.choose(empty) for _ in range(5)]
    with pytest.raises(evoplay.Error, match="expected a rank from 1 to 8"):
        tictactoe.Bot("agent:%s:9" % agent_run)


def test_an_agent_needs_a_run_folder(tmp_path):
    with pytest.raises(evoplay.Error):
        tictactoe.Bot("agent:%s" % (tmp_path / "nothing"))
    with pytest.raises(evoplay.Error, match="expected agent:DIR"):
        tictactoe.Bot("agent")


def test_ctrl_c_inside_the_function_stops_the_search():
    calls = [0]

    def interrupted(state):
        calls[0] += 1
        if calls[0] == 50:
            raise KeyboardInterrupt  # what Ctrl-C raises inside Python code
        return 0.0

    with pytest.raises(KeyboardInterrupt):
        connect4.Bot.alphabeta(8, evaluate=interrupted).choose(connect4.State())
    assert calls[0] == 50  # no call after the interrupt: the search stopped
