"""Games as environments: tic-tac-toe, Connect Four and capture the flag states, bots, and the
Connect Four solver against Pons' known scores (data/connect4)."""

import random

import numpy as np
import pytest

import evoplay
from evoplay import connect4, flags, search, tictactoe


def random_game(state, rng):
    moves = []
    while not state.is_terminal():
        move = rng.choice(state.legal_moves())
        state.play(move)
        moves.append(move)
    return moves


@pytest.mark.parametrize("make", [tictactoe.State, connect4.State])
def test_random_games_end_with_zero_sum_returns(make):
    rng = random.Random(5)
    for _ in range(50):
        state = make()
        assert state.current_player() == 0
        assert state.returns() == [0.0, 0.0]
        random_game(state, rng)
        assert state.legal_moves() == []
        assert state.current_player() == -1
        r = state.returns()
        assert r[0] == -r[1] and r[0] in (-1.0, 0.0, 1.0)


def test_tictactoe_rules():
    s = tictactoe.State.from_moves("1425")  # X: 1, 2; O: 4, 5
    assert s.cells == "XX.OO...."
    assert s.current_player() == 0
    s.play(2)  # X completes the top row
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    with pytest.raises(ValueError):
        s.play(8)


def test_illegal_move_is_a_value_error():
    s = connect4.State("111111")  # column 1 is full
    assert 0 not in s.legal_moves()
    with pytest.raises(ValueError):
        s.play(0)
    with pytest.raises(ValueError):
        s.play(7)


def test_clone_is_independent_and_equal():
    s = connect4.State("4453")
    c = s.clone()
    assert c == s and hash(c) == hash(s)
    c.play(3)
    assert c != s and s.stones == 4 and c.stones == 5


def test_connect4_observation_planes():
    s = connect4.State("4453")  # X: 4, 5; O: 4, 3 (1-based columns)
    obs = s.observation()
    assert obs.shape == (2, 6, 7) and obs.dtype == np.float32
    assert obs[0].sum() == 2 and obs[1].sum() == 2
    assert obs[0, 5, 3] == 1  # X's first stone: bottom row (last), column 4
    assert obs[1, 4, 3] == 1  # O on top of it
    assert obs[0, 5, 4] == 1 and obs[1, 5, 2] == 1
    assert "X" in str(s) and str(s).endswith("1234567\n")


def test_tictactoe_observation():
    obs = tictactoe.State("X...O...X").observation()
    assert obs.shape == (2, 3, 3)
    assert obs[0, 0, 0] == 1 and obs[0, 2, 2] == 1 and obs[1, 1, 1] == 1
    assert obs.sum() == 3


def test_perfect_tictactoe_players_draw():
    for seed in range(5):
        s = tictactoe.State()
        search.play(s, [search.Perfect(seed=seed), search.Perfect(seed=seed + 100)])
        assert s.returns() == [0.0, 0.0]  # tic-tac-toe is a draw with perfect play


def test_perfect_tictactoe_never_loses_to_random():
    rng = random.Random(1)
    for game in range(20):
        s = tictactoe.State()
        perfect = search.Perfect(seed=game)
        while not s.is_terminal():
            if s.current_player() == game % 2:
                s.play(perfect(s))
            else:
                s.play(rng.choice(s.legal_moves()))
        assert s.returns()[game % 2] >= 0


def test_alphabeta_takes_an_immediate_win():
    s = connect4.State("445566")  # X to move completes the bottom row with 3 or 7
    bot = search.AlphaBeta(depth=4)
    move = bot(s)
    s.play(move)
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    info = bot.info(connect4.State)
    assert info["pv"][0] == move


@pytest.mark.parametrize("bot", [search.AlphaBeta(depth=3), search.AlphaBeta(seconds=0.05),
                                 search.MCTS(iterations=200), search.Minimax(depth=2),
                                 search.Greedy(), search.Random(seed=3)])
def test_every_bot_kind_plays_legal_moves(bot):
    s = connect4.State()
    for _ in range(6):
        move = bot(s)
        assert move in s.legal_moves()
        s.play(move)


def test_bot_keywords_make_the_command_line_specs():
    assert search.AlphaBeta(depth=6).spec == "alphabeta:6"
    assert search.AlphaBeta(seconds=0.25).spec == "alphabeta:250ms"
    assert search.MCTS(seconds=2).spec == "mcts:2s"
    assert search.Perfect().spec == "perfect"
    with pytest.raises(ValueError):
        search.AlphaBeta(depth=3, seconds=1)


def read_scores(path, count):
    rows = []
    for line in path.read_text().splitlines()[:count]:
        moves, score = line.split()
        rows.append((moves, int(score)))
    return rows


def test_connect4_solve_matches_pons_end_game_scores(data_dir):
    solver = connect4.Solver(table_mib=16)
    for moves, score in read_scores(data_dir / "connect4" / "Test_L3_R1", 20):
        assert solver.solve(moves) == score, moves
        assert connect4.solve(connect4.State(moves), weak=True) == (score > 0) - (score < 0)


def test_connect4_solve_matches_pons_middle_game_scores(data_dir):
    solver = connect4.Solver(table_mib=16)
    for moves, score in read_scores(data_dir / "connect4" / "Test_L2_R1", 5):
        assert solver.solve(moves) == score, moves


def test_connect4_solve_with_a_time_limit_gives_a_score_or_none():
    score = connect4.solve("", seconds=0.05)  # the empty board: far too long for 50 ms
    assert score is None or score == 1  # a fast machine may finish: the first player wins


def test_connect4_score_agrees_with_the_command_line(evoplay_cli, tmp_path, data_dir):
    lines = (data_dir / "connect4" / "Test_L2_R2").read_text().splitlines()[:3]
    positions = tmp_path / "positions.txt"
    positions.write_text("\n".join(line.split()[0] for line in lines) + "\n")
    out = evoplay_cli("connect4", "solve", positions, "--json").stdout
    import json
    records = [json.loads(r) for r in out.splitlines() if r.strip().startswith("{")]
    scores = [r["score"] for r in records if "score" in r]
    assert scores == [connect4.solve(line.split()[0]) for line in lines]


def flags_map(data_dir):
    return str(data_dir / "flags" / "01-duel.map")


def test_flags_state_from_map_file_and_text(data_dir):
    a = flags.State.from_map(flags_map(data_dir))
    b = flags.State.from_map((data_dir / "flags" / "01-duel.map").read_text())
    assert str(a) == str(b) and a.legal_moves() == b.legal_moves()
    assert (a.width, a.height) == (7, 7)
    assert a.current_player() == 0 and not a.is_terminal()
    moves = a.legal_moves()
    assert moves and all(isinstance(m, int) for m in moves)
    names = [flags.State.move_name(m) for m in moves]
    assert "1n" in names or "1s" in names
    assert a.parse_move(names[0]) == moves[0]


def test_flags_observation_planes(data_dir):
    s = flags.State.from_map(flags_map(data_dir))
    obs = s.observation()
    assert obs.shape == (10, 7, 7) and obs.dtype == np.float32
    assert obs[0].sum() == 1 and obs[1].sum() == 1  # one player a side on duel
    assert obs[6].sum() == 1 and obs[7].sum() == 1  # one flag a side
    assert obs[4].sum() == 4  # the four walls
    terrain = obs[2:8].sum(axis=0)
    assert (terrain == 1).all()  # every cell has exactly one kind of ground
    assert obs[8].max() == 1.0  # A's player at full energy


def test_flags_random_games_end(data_dir):
    rng = random.Random(2)
    for _ in range(3):
        s = flags.State.from_map(flags_map(data_dir))
        random_game(s, rng)
        r = s.returns()
        assert r[0] == -r[1]


def test_flags_bots_play(data_dir):
    s = flags.State.from_map(flags_map(data_dir))
    moves = search.play(s, [search.AlphaBeta(depth=2), search.Greedy(seed=1)], max_plies=10)
    assert len(moves) == 10


def test_players_lists_kinds():
    assert "perfect" in connect4.players()
    assert "perfect" in tictactoe.players()
    assert "alphabeta" in flags.players()


def test_boards_draw_themselves_as_png(data_dir):
    png = b"\x89PNG\r\n\x1a\n"
    assert connect4.State("4453").png().startswith(png)
    assert connect4.State()._repr_png_().startswith(png)
    assert flags.State.from_map(flags_map(data_dir))._repr_png_().startswith(png)


def test_the_solver_says_its_table():
    solver = connect4.Solver(table_mib=8)
    assert (solver.table_mib, repr(solver)) == (8, "<connect4.Solver table_mib=8>")
    assert repr(connect4.Solver()) == "<connect4.Solver table_mib=64>"
