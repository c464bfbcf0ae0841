"""Every value type pickles: pickle.loads(pickle.dumps(x)) is equal in content (moves, legal
moves, observations, fields) and independent of x; states cross a multiprocessing pool; a
malformed state is a ValueError; a Run in progress (and a Study) is a TypeError saying what to
pickle instead."""

import copy
import multiprocessing
import pickle
import random

import numpy as np
import pytest

import evoplay
from evoplay import birds, connect4, evo, flags, lemmings, sudoku, tictactoe


def round_trip(x):
    y = pickle.loads(pickle.dumps(x))
    assert type(y) is type(x) and y is not x
    return y


def same_state(a, b):
    assert a == b and hash(a) == hash(b)
    assert str(a) == str(b)
    assert a.legal_moves() == b.legal_moves()
    assert a.current_player() == b.current_player() and a.returns() == b.returns()
    np.testing.assert_array_equal(a.observation(), b.observation())


# ---- board games --------------------------------------------------------------------------------

def test_connect4_state_keeps_its_stones_and_side():
    s = connect4.State("4453")  # X: d1, e1; O: d2, c1 (columns 0-based: 3, 4 and 3, 2)
    t = round_trip(s)
    same_state(s, t)
    assert t.stones == 4 and t.current_player() == 0
    assert [t.cell(3, 0), t.cell(3, 1), t.cell(4, 0), t.cell(2, 0), t.cell(2, 1)] == [1, 2, 1, 2, 0]
    t.play(3)  # independent: the copy moves on, the original does not
    assert t.cell(3, 2) == 1 and s.cell(3, 2) == 0 and s.stones == 4
    assert t == connect4.State("44534")


def test_connect4_states_along_games_and_at_the_end():
    rng = random.Random(5)
    for _ in range(20):
        s = connect4.State()
        while True:
            same_state(s, round_trip(s))
            if s.is_terminal():
                break
            s.play(rng.choice(s.legal_moves()))
    won = connect4.State("4455667")  # X's four on the bottom row: over, X (player 0) won
    t = round_trip(won)
    assert t.is_terminal() and t.returns() == [1.0, -1.0] and t.legal_moves() == []


def _bit_boards(moves):
    """Each player's stones as a bit board: column c (0-based) holds bits 7c (bottom) to 7c + 5."""
    boards, heights = [0, 0], [0] * 7
    for k, m in enumerate(moves):
        c = int(m) - 1
        boards[k % 2] |= 1 << (7 * c + heights[c])
        heights[c] += 1
    return tuple(boards)


def test_connect4_state_pickles_by_its_stones_at_every_protocol():
    s = connect4.State("44444435333332222221")
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        data = pickle.dumps(s, protocol)
        assert b"_state_from_stones" in data  # the constructor by name, not copyreg's path
        same_state(s, pickle.loads(data))
    stones = s.__reduce_ex__(4)[1]
    assert stones == _bit_boards("44444435333332222221")
    assert connect4._state_from_stones(*stones) == s
    assert copy.copy(s) == s and copy.deepcopy(s) == s
    with pytest.raises(ValueError, match="both players"):
        connect4._state_from_stones(1, 1)
    with pytest.raises(ValueError, match="expected 2 items"):
        connect4._state_from_stones(1)


def test_a_connect4_state_pickled_by_getstate_still_loads():
    """The format before __reduce_ex__ (copyreg: __new__, then __setstate__ of the two ints)."""
    old = (b"\x80\x04\x957\x00\x00\x00\x00\x00\x00\x00\x8c\x19evoplay._evoplay.connect4"
           b"\x94\x8c\x05State\x94\x93\x94)\x81\x94J\x00\xd5\xaa\x02J\x81\nE\x15\x86\x94b.")
    assert pickle.loads(old) == connect4.State("44444435333332222221")


def test_tictactoe_and_flags_states():
    t = tictactoe.State.from_moves("5193")
    u = round_trip(t)
    same_state(t, u)
    assert u.cells == "O.O.X...X"
    f = flags.State.from_map("data/flags/01-duel.map")
    same_state(f, round_trip(f))


def test_flags_state_carries_dug_rock_energy_and_ply():
    """Prefer digging (rock turns to floor) and play on: each copy has the same terrain,
    players, energies and ply as the original, and the game continues the same from both."""
    rng = random.Random(2)
    s = flags.State.from_map("data/flags/05-quarry.map")
    rock_plane = 5
    rock_start = s.observation()[rock_plane].sum()
    copies = []
    while not s.is_terminal() and s.ply < 120:
        t = round_trip(s)
        same_state(s, t)
        assert t.ply == s.ply and t.total_energy(0) == s.total_energy(0)
        assert t.total_energy(1) == s.total_energy(1) and t.captured(0) == s.captured(0)
        copies.append((t, s.clone()))
        moves = s.legal_moves()
        digs = [m for m in moves if flags.State.move_name(m).endswith("dig")]
        s.play(rng.choice(digs or moves))
    assert s.observation()[rock_plane].sum() < rock_start  # rock was dug: terrain changed
    for t, original in copies[::10]:  # a copy plays on exactly as the original would
        for _ in range(3):
            if t.is_terminal():
                break
            m = t.legal_moves()[0]
            t.play(m)
            original.play(m)
            same_state(t, original)


def test_bots_are_remade_from_spec_and_seed():
    for game, state, spec in ((connect4, connect4.State("4453"), "alphabeta:6"),
                              (tictactoe, tictactoe.State(), "perfect"),
                              (flags, flags.State.from_map("data/flags/01-duel.map"), "alphabeta:2")):
        bot = game.Bot(spec, seed=4)
        copy_ = round_trip(bot)
        assert copy_.name == bot.name and copy_.settings() == bot.settings()
        assert copy_(state) == bot(state)
    mcts = connect4.Bot("mcts:200", seed=9)
    assert round_trip(mcts)(connect4.State("44")) == connect4.Bot("mcts:200", seed=9)(connect4.State("44"))
    with pytest.raises(TypeError, match="Bot.alphabeta"):
        pickle.dumps(connect4.Bot.alphabeta(2, evaluate=lambda s: 0.0))


# ---- the seeds' systems ---------------------------------------------------------------------------

def test_sudoku_puzzle_and_results(data_dir):
    puzzles = sudoku.load(str(data_dir / "sudoku" / "qqwing_easy_50.txt"))[:2]
    p = round_trip(puzzles[1])
    assert p.line == 2 and p.cells == puzzles[1].cells and p.to_line() == puzzles[1].to_line()
    assert p.to_line().startswith("..78....4.4.3....2") and p.givens == puzzles[1].givens
    r = sudoku.solve(puzzles)
    q = round_trip(r)
    assert q.solutions == r.solutions and q.solved == 2 and q.puzzles == r.puzzles
    assert q.to_dict() == r.to_dict() and q.cancelled is False
    x = sudoku.experiment(puzzles, runs=2, crossover="one-point", population=20, generations=5,
                          seed=2)
    y = round_trip(x)
    assert (y.configs, y.runs, y.text, y.runs_csv, y.summary_csv, y.to_dict()) == \
        (x.configs, x.runs, x.text, x.runs_csv, x.summary_csv, x.to_dict())
    assert len(y.runs) == 4 and repr(y) == repr(x)


def test_lemmings_level_plan_and_study_results(data_dir):
    level = lemmings.Level.load(str(data_dir / "lemmings" / "easy-01-down-the-hole.lvl"))
    plan = lemmings.Plan.load(str(data_dir / "lemmings" / "solutions" / "easy-01-down-the-hole.plan"))
    lv, pl = round_trip(level), round_trip(plan)
    assert lv.to_dict() == level.to_dict() and str(lv) == str(level) and lv.name == "Down the hole"
    assert str(pl) == str(plan) and len(pl) == len(plan) > 0
    assert lemmings.run(lv, pl) == lemmings.run(level, plan)  # saved 8 of 8 with either
    assert lemmings.run(lv, pl)["saved"] == 8
    study = lemmings.Study([str(data_dir / "lemmings" / "easy-01-down-the-hole.lvl")],
                           methods="ga", runs=1, evaluations=100, population=10, seed=1)
    unit = study.run_unit(0)
    assert round_trip(unit) == unit
    with pytest.raises(TypeError, match="run_unit"):
        pickle.dumps(study)


def test_birds_level_and_generate_result(data_dir):
    level = birds.Level.load(str(data_dir / "birds" / "sciencebirds_level-1.xml"))
    lv = round_trip(level)
    assert lv == level and lv.to_xml() == level.to_xml() and lv.objects == level.objects
    g = birds.generate(levels=1, population=4, generations=1, max_generations=1, length=4,
                       blocks=(0, 1000), seed=3)
    h = round_trip(g)
    assert h.levels == g.levels and [x.to_xml() for x in h.levels] == [x.to_xml() for x in g.levels]
    assert (h.history, h.to_dict(), h.text, h.stop_reason, h.stable_levels, h.notes) == \
        (g.history, g.to_dict(), g.text, g.stop_reason, g.stable_levels, g.notes)


# ---- evo ------------------------------------------------------------------------------------------

def test_evo_problems_and_run_result():
    one = round_trip(evo.OneMax(30))
    assert one.bits == 30 and one.fitness([1] * 10 + [0] * 20) == 10
    tsp = evo.CircleTsp(12, radius=2.0, seed=3)
    t = round_trip(tsp)
    tour = list(range(12))
    assert t.fitness(tour) == tsp.fitness(tour) and t.optimum == tsp.optimum
    assert t.optimum == pytest.approx(2 * 12 * 2.0 * np.sin(np.pi / 12))  # the 12-gon's perimeter
    r = evo.GA(tsp, population=20, generations=5, seed=1).run()
    s = round_trip(r)
    assert s.to_dict() == r.to_dict() and s.history_csv == r.history_csv and s.best == r.best
    assert sorted(s.best) == tour
    s.history.append("x")  # independent lists
    assert len(r.history) == 6
    # the copy of a problem runs the same as the original
    assert evo.GA(t, population=20, generations=5, seed=1).run().to_dict()["best"] == r.best


def test_a_run_in_progress_is_refused_with_what_to_pickle_instead():
    run = evo.GA(evo.OneMax(10), generations=2)
    with pytest.raises(TypeError, match=r"cannot pickle a Run: .*run.result\(\)"):
        pickle.dumps(run)
    with pytest.raises(TypeError, match="cannot pickle a Run"):
        copy.copy(run)
    assert round_trip(run.run()).generations == 2


# ---- malformed states -----------------------------------------------------------------------------

BAD_STATES = [
    (connect4.State, (1, 1)),                 # one cell, both players
    (connect4.State, (1 << 1, 0)),            # a stone floating above an empty cell
    (connect4.State, (1 << 6, 0)),            # the row above the board
    (connect4.State, (0, 1)),                 # player 1 has more stones than player 0
    (connect4.State, (1 | 1 << 7 | 1 << 14 | 1 << 21, 2 | 1 << 8 | 1 << 15 | 1 << 22)),  # O has
    (connect4.State, (-1, 0)),                # four too (bottom row X, next row O, O to move)
    (connect4.State, ("1", 0)),
    (connect4.State, (1,)),
    (connect4.State, "4453"),
    (tictactoe.State, ("XXX......",)),        # three X and no O
    (tictactoe.State, ("XX",)),
    (tictactoe.State, (9,)),
    (evo.OneMax, (0,)),
    (evo.CircleTsp, (10, -1.0, 7)),
    (sudoku.Puzzle, ("12", 1)),
    (lemmings.Level, ("lvl", "nonsense", "")),
    (lemmings.Level, ("zip", "", "")),
    (lemmings.Plan, ("5 flying",)),
    (birds.Level, ("<Level",)),
    (evo.RunResult, (1, 2)),
    (evo.RunResult, ([1], "high", False, 1, 1, "solved", 0.0, [], "")),
]


@pytest.mark.parametrize("cls,state", BAD_STATES)
def test_a_malformed_state_is_a_value_error(cls, state):
    obj = cls.__new__(cls)
    with pytest.raises(ValueError):
        obj.__setstate__(state)


def test_malformed_flags_states_are_value_errors():
    s = flags.State.from_map("data/flags/01-duel.map")
    text, terrain, players, captured, side, ply = s.__getstate__()
    wall = terrain.index(2)
    bad = [
        (text, terrain[:-1], players, captured, side, ply),           # a cell short
        (text, terrain, players, captured, 1, 0),                     # B to move at ply 0
        (text, terrain, players, 1 << 20, side, ply),                 # a flag the map lacks
        (text, terrain, (wall,) + players[1:], captured, side, ply),  # a player in a wall
        (text, terrain, players[:3] + players[:3] + players[6:], captured, side, ply),  # two on a cell
        (text, terrain, players[:1] + (0,) + players[2:], captured, side, ply),  # alive, no energy
        (text, bytes([9]) * len(terrain), players, captured, side, ply),
        ("not a map", terrain, players, captured, side, ply),
        (text, terrain, players, captured, side),
    ]
    for state in bad:
        obj = flags.State.__new__(flags.State)
        with pytest.raises(ValueError):
            obj.__setstate__(state)
    good = flags.State.__new__(flags.State)
    good.__setstate__((text, terrain, players, captured, side, ply))
    assert good == s


# ---- multiprocessing ------------------------------------------------------------------------------

def _playout(args):
    """A random game from `state` to its end (seeded): the final state and its returns."""
    state, seed = args
    rng = random.Random(seed)
    while not state.is_terminal():
        state.play(rng.choice(state.legal_moves()))
    return state, state.returns()


def test_states_cross_a_spawned_process_pool():
    starts = [connect4.State(m) for m in ("", "4", "4453", "444333")] + \
             [flags.State.from_map("data/flags/01-duel.map")]
    jobs = [(s, i) for i, s in enumerate(starts)]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        results = pool.map(_playout, jobs)
    for (start, seed), (end, returns) in zip(jobs, results):
        here_end, here_returns = _playout((start.clone(), seed))
        assert end == here_end and returns == here_returns and end.is_terminal()
        assert returns in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
