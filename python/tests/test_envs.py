"""The Gymnasium- and PettingZoo-shaped environments (evoplay.envs), checked against the
protocols as their documentation states them: reset(seed, options) -> (obs, info); step(action)
-> (obs, reward, terminated, truncated, info) with obs in observation_space; seeded resets
repeat; spaces sample what they contain; render_mode "rgb_array" gives (H, W, 3) uint8; the AEC
loop of agent_iter / last / step(None) for finished agents."""

import numpy as np
import pytest

import evoplay
from evoplay import envs


def check_env(env, seed=0, steps=60):
    """Gymnasium's documented contract, over random legal play."""
    obs, info = env.reset(seed=seed)
    assert env.observation_space.contains(obs), obs
    assert isinstance(info, dict)
    trajectory = [obs]
    for _ in range(steps):
        mask = info.get("action_mask")
        action = env.action_space.sample(mask) if mask is not None else env.action_space.sample()
        assert env.action_space.contains(action)
        out = env.step(action)
        assert len(out) == 5
        obs, reward, terminated, truncated, info = out
        assert env.observation_space.contains(obs), obs
        assert isinstance(reward, float)
        assert isinstance(terminated, bool) and isinstance(truncated, bool)
        assert isinstance(info, dict)
        trajectory.append(obs)
        if terminated or truncated:
            break
    return trajectory, terminated


def test_spaces_sample_what_they_contain():
    d = envs.Discrete(9, seed=3)
    a, b = envs.Discrete(9, seed=3), envs.Discrete(9, seed=3)
    assert [a.sample() for _ in range(20)] == [b.sample() for _ in range(20)]
    assert all(d.contains(d.sample()) for _ in range(50))
    assert not d.contains(9) and not d.contains(-1) and not d.contains(1.5)
    mask = np.array([0, 0, 1, 0, 0, 0, 0, 1, 0], dtype=np.int8)
    assert {d.sample(mask) for _ in range(50)} == {2, 7}
    box = envs.Box(np.array([-45.0, -1.0]), np.array([90.0, 5.0]), (2,), np.float32, seed=1)
    assert all(box.contains(box.sample()) for _ in range(50))
    assert not box.contains(np.array([100.0, 0.0], dtype=np.float32))


@pytest.mark.parametrize("env_id", ["evoplay/TicTacToe-v0", "evoplay/ConnectFour-v0"])
def test_board_games_keep_the_contract(env_id):
    env = envs.make(env_id, opponent="random")
    assert env.spec.id == env_id
    for seed in range(5):
        first, done = check_env(env, seed=seed)
        again, _ = check_env(env, seed=seed)  # the same seed: the same episode
        assert done
        assert len(first) == len(again) and all(np.array_equal(x, y) for x, y in zip(first, again))
    env.close()


def test_capture_the_flag_env(data_dir):
    env = envs.BoardGameEnv("capture_the_flag(map=%s)" % (data_dir / "flags" / "01-duel.map"),
                            opponent="greedy", render_mode="rgb_array")
    obs, info = env.reset(seed=1)
    assert obs.shape == (10, 7, 7) and obs.dtype == np.float32
    assert list(np.flatnonzero(info["action_mask"])) == [0, 1, 2, 3, 4]  # player 1: n e s w rest
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
    check_env(env, seed=2, steps=300)


def test_the_perfect_opponent_is_never_beaten():
    env = envs.make("evoplay/TicTacToe-v0", opponent="perfect")
    rewards = []
    for seed in range(20):
        _, info = env.reset(seed=seed)
        terminated, reward = False, 0.0
        while not terminated:
            _, reward, terminated, _, info = env.step(env.action_space.sample(info["action_mask"]))
        rewards.append(reward)
    assert max(rewards) <= 0.0 and min(rewards) == -1.0


def test_playing_second_and_illegal_actions():
    env = envs.BoardGameEnv("tic_tac_toe", opponent="random", player=1, render_mode="rgb_array")
    obs, info = env.reset(seed=4)
    assert obs[2].sum() == 1.0 and obs[1].sum() == 0.0  # the opponent's X is on the board
    taken = int(np.flatnonzero(obs[2].ravel())[0])
    assert info["action_mask"][taken] == 0 and info["action_mask"].sum() == 8
    frame = env.render()
    assert frame.shape == (96, 96, 3) and frame.dtype == np.uint8
    obs, reward, terminated, truncated, info = env.step(taken)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    strict = envs.BoardGameEnv("tic_tac_toe", illegal="raise")
    strict.reset(seed=1)
    strict.step(4)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(4)
    with pytest.raises(evoplay.Error):
        envs.BoardGameEnv("tic_tac_toe", opponent="nobody")
    with pytest.raises(ValueError, match="render_mode"):
        envs.BoardGameEnv("tic_tac_toe", render_mode="human")


def test_aec_loop_as_pettingzoo_documents_it():
    env = envs.make("evoplay/TicTacToe-AEC-v0")
    env.reset(seed=42)
    assert env.agents == ["player_0", "player_1"] and env.agent_selection == "player_0"
    script = iter([0, 3, 1, 4, 2])  # X completes the top row
    seen = []
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        assert obs["observation"].shape == (3, 3, 3)
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        seen.append((agent, reward, termination))
        env.step(None if termination or truncation else next(script))
    assert env.agents == []
    # After the win each agent sees the end once, with its reward, then leaves.
    assert seen[-2:] == [("player_1", -1.0, True), ("player_0", 1.0, True)]
    assert [a for a, _, _ in seen[:5]] == ["player_0", "player_1"] * 2 + ["player_0"]


def test_aec_random_games_sum_to_zero():
    env = envs.BoardGameAECEnv("connect_four")
    for seed in range(10):
        env.reset(seed=seed)
        totals = {}
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            totals[agent] = totals.get(agent, 0.0) + reward
            if termination or truncation:
                env.step(None)
            else:
                env.step(env.action_space(agent).sample(obs["action_mask"]))
        assert sum(totals.values()) == 0.0
    env.reset(seed=0)
    with pytest.raises(ValueError, match="expected an action"):
        env.step(None)


def test_lemmings_env_replays_the_known_solution(data_dir):
    # data/lemmings/solutions/easy-01-down-the-hole.plan is "9 digger": saves 8 of 8 in 48 steps.
    level = str(data_dir / "lemmings" / "easy-01-down-the-hole.lvl")
    env = envs.make("evoplay/Lemmings-v0", level=level, render_mode="rgb_array")
    obs, info = env.reset(seed=0)
    assert obs.shape == (8, 2) and env.action_space.n == 1 + 8 * 9
    assert env.observation_space.contains(obs)
    digger_on_leader = 1 + 7 * 9 + 0
    total, terminated, t = 0.0, False, 0
    while not terminated:
        action = digger_on_leader if t == 9 else 0
        obs, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs)
        total += reward
        t += 1
    assert info["plan"] == "9 digger"
    assert (info["saved"], info["solved"], info["steps"], total) == (8, True, 48, 8.0)
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.shape[2] == 3
    # Waiting only: the run of no plan (what `lemmings run` reports with no skills).
    _, info = env.reset()
    done = False
    while not done:
        _, reward, done, _, info = env.step(0)
    assert info["saved"] == evoplay.lemmings.run(env.level)["saved"] == reward


def test_birds_env_shoots_one_bird_a_step(data_dir):
    level = str(data_dir / "birds" / "sciencebirds_level-1.xml")
    env = envs.make("evoplay/AngryBirds-v0", level=level, render_mode="rgb_array")
    obs, info = env.reset(seed=0)
    pigs, birds, score = obs
    assert birds >= 1 and pigs >= 1 and score == 0.0 and info["status"] == "playing"
    total, terminated, shots = 0.0, False, 0
    while not terminated:
        shot = np.array([40.0, -1.0], dtype=np.float32)
        obs, reward, terminated, truncated, info = env.step(shot)
        shots += 1
        total += reward
        assert reward == float(info["score"]) and obs[1] == birds - shots
    assert shots <= birds and obs[2] == total
    assert env.play.status in ("won", "lost")
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.shape[2] == 3
    with pytest.raises(ValueError, match="the game is over"):
        env.step(np.array([40.0, -1.0]))


def test_unknown_environment():
    with pytest.raises(ValueError, match="unknown environment"):
        envs.make("evoplay/Chess-v0")
    assert "evoplay/TicTacToe-v0" in envs.registry


def test_png_decoder_reads_the_module_pictures():
    s = evoplay.connect4.State("4453")
    rgb = envs.png_to_rgb(s.png())
    assert rgb.ndim == 3 and rgb.shape[2] == 3 and rgb.dtype == np.uint8
    assert len(np.unique(rgb.reshape(-1, 3), axis=0)) > 3  # a picture, not a blank
    with pytest.raises(ValueError, match="not a PNG"):
        envs.png_to_rgb(b"GIF89a")


def _png(pixels, colour, filters):
    """A PNG of `pixels` (H, W, channels) uint8 whose row y is filtered with filters[y % 5]
    (0 none, 1 sub, 2 up, 3 average, 4 Paeth): the encoder's side of the PNG specification."""
    import struct
    import zlib
    height, width, channels = pixels.shape
    rows, prev = [], np.zeros(width * channels, dtype=np.int32)
    for y in range(height):
        line, kind = pixels[y].reshape(-1).astype(np.int32), filters[y % len(filters)]
        out = []
        for x, v in enumerate(line):
            a = int(line[x - channels]) if x >= channels else 0
            b, c = int(prev[x]), (int(prev[x - channels]) if x >= channels else 0)
            pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
            p = [0, a, b, (a + b) >> 1, a if pa <= pb and pa <= pc else (b if pb <= pc else c)][kind]
            out.append((int(v) - p) & 255)
        rows.append(bytes([kind]) + bytes(out))
        prev = line

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(
            ">I", zlib.crc32(kind + body))
    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) +
            chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b""))


@pytest.mark.parametrize("colour, channels", [(0, 1), (2, 3), (4, 2), (6, 4)])
def test_png_decoder_undoes_every_filter_of_every_colour_type(colour, channels):
    pixels = np.random.default_rng(colour).integers(0, 256, (10, 7, channels), dtype=np.uint8)
    rgb = envs.png_to_rgb(_png(pixels, colour, [0, 1, 2, 3, 4]))
    expected = np.repeat(pixels[:, :, :1], 3, axis=2) if channels < 3 else pixels[:, :, :3]
    assert rgb.shape == (10, 7, 3)
    assert (rgb == expected).all()


def test_png_decoder_refuses_what_it_cannot_read():
    pixels = np.zeros((2, 2, 3), dtype=np.uint8)
    good = _png(pixels, 2, [0])
    with pytest.raises(ValueError, match="cut short"):
        envs.png_to_rgb(good[:45])  # in the IDAT chunk
    with pytest.raises(ValueError, match="only 8-bit"):
        envs.png_to_rgb(good[:24] + bytes([16]) + good[25:])  # IHDR's bit depth: 16
    broken = bytearray(_png(pixels, 2, [0]))
    broken[broken.index(b"IDAT") + 6] ^= 0xFF  # corrupt the deflate stream
    with pytest.raises(ValueError, match="inflate"):
        envs.png_to_rgb(bytes(broken))


def rule_mask(grid):
    """The mask as the rules say it, cell by cell (independent of the environment's numpy)."""
    mask = np.zeros(729, dtype=np.int8)
    for r in range(9):
        for c in range(9):
            if grid[r][c]:
                continue
            seen = {grid[r][k] for k in range(9)} | {grid[k][c] for k in range(9)}
            seen |= {grid[r - r % 3 + i][c - c % 3 + j] for i in range(3) for j in range(3)}
            for d in range(1, 10):
                mask[(r * 9 + c) * 9 + d - 1] = d not in seen
    return mask


def test_sudoku_reset_draws_a_puzzle_by_seed(data_dir):
    path = str(data_dir / "sudoku" / "qqwing_easy_50.txt")
    puzzles = evoplay.sudoku.load(path)
    env = envs.make("evoplay/Sudoku-v0", puzzles=path)
    assert env.spec.id == "evoplay/Sudoku-v0" and env.action_space.n == 729
    drawn = []
    for seed in range(10):
        obs, info = env.reset(seed=seed)
        again, info2 = env.reset(seed=seed)
        assert np.array_equal(obs, again) and info["index"] == info2["index"]
        assert obs.dtype == np.int8 and obs.shape == (9, 9) and env.observation_space.contains(obs)
        assert list(obs.ravel()) == puzzles[info["index"]].cells
        assert info["puzzle"] == puzzles[info["index"]].to_line()
        assert info["empty"] == 81 - puzzles[info["index"]].givens
        drawn.append(info["index"])
    assert len(set(drawn)) >= 5  # seeds draw different puzzles
    first, done = check_env(env, seed=3, steps=100)  # masked random play: the same for a seed
    again, _ = check_env(env, seed=3, steps=100)
    assert done and len(first) == len(again) and all(map(np.array_equal, first, again))
    # Unseeded resets go on from the last seed's stream, the same way in a new environment.
    other = envs.SudokuEnv(puzzles=puzzles[:])
    runs = [[e.reset(seed=7)[1]["index"]] + [e.reset()[1]["index"] for _ in range(5)]
            for e in (env, other)]
    assert runs[0] == runs[1] and len(set(runs[0])) > 1
    obs, info = env.reset(options={"index": 3})
    assert info["index"] == 3 and list(obs.ravel()) == puzzles[3].cells
    line = puzzles[4].to_line()
    obs, info = env.reset(seed=1, options={"puzzle": line})
    assert info["index"] is None and info["puzzle"] == line


def test_sudoku_mask_follows_the_rules(data_dir):
    env = envs.SudokuEnv(puzzles=str(data_dir / "sudoku" / "qqwing_expert_50.txt"))
    for seed in range(5):
        obs, info = env.reset(seed=seed)
        solution = evoplay.sudoku.solve(env.puzzle).solutions[0]
        while True:
            assert np.array_equal(info["action_mask"], rule_mask(obs.tolist()))
            # No given or filled cell is open; the solution's digit is open in every empty cell
            # while the grid agrees with the solution.
            assert not info["action_mask"].reshape(81, 9)[obs.ravel() != 0].any()
            agrees = all(v in (0, int(s)) for v, s in zip(obs.ravel(), solution))
            if agrees:
                for cell in np.flatnonzero(obs.ravel() == 0):
                    assert info["action_mask"][cell * 9 + int(solution[cell]) - 1] == 1
            obs, reward, terminated, truncated, info = env.step(
                env.action_space.sample(info["action_mask"]))
            if terminated or truncated:
                break
        assert terminated and not truncated and not info["illegal_action"]


def test_sudoku_played_solution_terminates_with_reward_one(data_dir):
    puzzle = evoplay.sudoku.load(str(data_dir / "sudoku" / "qqwing_intermediate_50.txt"))[0]
    solution = evoplay.sudoku.solve(puzzle).solutions[0]
    env = envs.make("evoplay/Sudoku-v0", puzzles=[puzzle], render_mode="rgb_array")
    obs, info = env.reset(seed=0)
    empty = [i for i in range(81) if obs.ravel()[i] == 0]
    rewards = []
    for k, cell in enumerate(empty):
        obs, reward, terminated, truncated, info = env.step(cell * 9 + int(solution[cell]) - 1)
        rewards.append(reward)
        assert terminated == (k == len(empty) - 1) and not truncated and not info["dead_end"]
        assert info["empty"] == len(empty) - k - 1
    assert rewards == [0.0] * (len(empty) - 1) + [1.0]
    assert "".join(map(str, obs.ravel())) == solution and info["action_mask"].sum() == 0
    frame = env.render()
    assert frame.shape == (496, 472, 3) and frame.dtype == np.uint8
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    assert envs.SudokuEnv(puzzles=[puzzle], render_mode="ansi").render() is None  # no reset yet


def test_sudoku_legal_play_ends_solved_or_stuck(data_dir):
    # A random digit in a cell with the fewest open digits: it solves some puzzles and is stuck
    # in others; every episode ends within as many steps as the puzzle has empty cells.
    env = envs.SudokuEnv(puzzles=str(data_dir / "sudoku" / "qqwing_expert_50.txt"))
    rng = np.random.default_rng(1)
    ends = set()
    for seed in range(20):
        obs, info = env.reset(seed=seed)
        steps, empty = 0, info["empty"]
        while True:
            open_digits = info["action_mask"].reshape(81, 9)
            counts = np.where(open_digits.sum(axis=1) > 0, open_digits.sum(axis=1), 10)
            cell = int(np.argmin(counts))
            digit = int(rng.choice(np.flatnonzero(open_digits[cell])))
            obs, reward, terminated, truncated, info = env.step(cell * 9 + digit)
            steps += 1
            if terminated:
                break
        assert steps <= empty and not truncated
        if info["dead_end"]:  # an empty cell no digit may fill
            assert reward == 0.0 and info["empty"] > 0
            stuck = rule_mask(obs.tolist()).reshape(81, 9).sum(axis=1) == 0
            assert (stuck & (obs.ravel() == 0)).any()
        else:
            assert reward == 1.0 and info["empty"] == 0
            assert env.puzzle.is_solved_by("".join(map(str, obs.ravel())))
        ends.add(info["dead_end"])
    assert ends == {True, False}  # both ends happen


def test_sudoku_illegal_actions_and_truncation(data_dir):
    line = evoplay.sudoku.load(str(data_dir / "sudoku" / "qqwing_easy_50.txt"))[0].to_line()
    assert line.startswith("..47")  # r1c3 holds the given 4
    env = envs.SudokuEnv(puzzles=[line], max_steps=4)
    obs, info = env.reset()
    given = 2 * 9 + 4 - 1                       # write 4 on the given of r1c3
    clash = 0 * 9 + 7 - 1                       # 7 in r1c1: r1 holds 7 already
    assert info["action_mask"][given] == 0 and info["action_mask"][clash] == 0
    legal = int(np.flatnonzero(info["action_mask"])[0])
    for action in (given, clash):
        after, reward, terminated, truncated, info = env.step(action)
        assert np.array_equal(after, obs) and info["illegal_action"]
        assert (reward, terminated, truncated) == (-0.1, False, False)
    after, reward, terminated, truncated, info = env.step(legal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (0.0, False, False, False)
    assert after[divmod(legal // 9, 9)] == legal % 9 + 1
    _, reward, terminated, truncated, info = env.step(legal)   # the cell is filled now
    assert (reward, terminated, truncated, info["illegal_action"]) == (-0.1, False, True, True)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(legal)
    # Legal steps are truncated at max_steps too.
    env = envs.SudokuEnv(puzzles=[line], max_steps=2)
    _, info = env.reset()
    for _ in range(2):
        first_open = int(np.flatnonzero(info["action_mask"])[0])
        _, reward, terminated, truncated, info = env.step(first_open)
    assert (reward, terminated, truncated) == (0.0, False, True)
    lose = envs.SudokuEnv(puzzles=[line], illegal="lose")
    lose.reset()
    assert lose.step(given)[1:4] == (-1.0, True, False)
    strict = envs.SudokuEnv(puzzles=[line], illegal="raise", max_steps=1)
    obs, _ = strict.reset()
    with pytest.raises(ValueError, match=r"action 39 \(digit 4 in r1c5\) is not legal"):
        strict.step(4 * 9 + 4 - 1)              # 4 in r1c5: r1 holds 4 in r1c3
    assert strict.step(legal)[1:4] == (0.0, False, True)   # the refused action was no step


def test_sudoku_env_refuses_bad_input(data_dir, tmp_path):
    line = "..47.......9.....1....4....8..2.7..6.26.3.1.71.....8..9....63.2..1.8.....3...27.8"
    env = envs.SudokuEnv(puzzles=[line])
    with pytest.raises(ValueError, match="3 cells: expected a puzzle of 16, 36, 81"):
        env.reset(options={"puzzle": "123"})
    with pytest.raises(ValueError, match="r1c1 and r1c2 both hold 1"):
        env.reset(options={"puzzle": "11" + "." * 79})
    with pytest.raises(ValueError, match=r"options\['puzzle'\]: expected a 9x9 puzzle, found 4x4"):
        env.reset(options={"puzzle": "." * 16})
    with pytest.raises(ValueError, match="empty cell, found a full grid"):
        env.reset(options={"puzzle": evoplay.sudoku.solve(line).solutions[0]})
    with pytest.raises(ValueError, match="no digit may go in r1c9"):
        env.reset(options={"puzzle": "12345678." + "." * 8 + "9" + "." * 63})
    with pytest.raises(TypeError, match="expected a sudoku.Puzzle or an 81-symbol text"):
        env.reset(options={"puzzle": 5})
    with pytest.raises(ValueError, match="options: expected"):
        env.reset(options={"level": 1})
    with pytest.raises(ValueError, match=r"options\['index'\]: expected 0 to 0, found 1"):
        env.reset(options={"index": 1})
    env.reset()
    with pytest.raises(ValueError, match="action: expected 0 to 728"):
        env.step(729)
    with pytest.raises(TypeError, match="action: expected an integer"):
        env.step(1.5)
    with pytest.raises(ValueError, match="16x16_10.txt line 1: expected a 9x9 puzzle"):
        envs.SudokuEnv(puzzles=str(data_dir / "sudoku" / "16x16_10.txt"))
    with pytest.raises(ValueError, match="no file 'nowhere.txt'"):
        envs.SudokuEnv(puzzles="nowhere.txt")
    with pytest.raises(ValueError, match="non-empty list"):
        envs.SudokuEnv(puzzles=[])
    with pytest.raises(ValueError, match="max_steps"):
        envs.SudokuEnv(puzzles=[line], max_steps=0)
    with pytest.raises(ValueError, match="illegal"):
        envs.SudokuEnv(puzzles=[line], illegal="ignore")
    with pytest.raises(ValueError, match="render_mode"):
        envs.SudokuEnv(puzzles=[line], render_mode="human")
    bad = tmp_path / "bad.txt"
    bad.write_text(line + "\n" + line[:-1] + "x\n")
    with pytest.raises(evoplay.Error, match="unknown symbol 'x'"):
        envs.SudokuEnv(puzzles=bad)


def test_sudoku_puzzle_checker_and_picture():
    sudoku = evoplay.sudoku
    puzzle = sudoku.parse("..47.......9.....1....4....8..2.7..6.26.3.1.71.....8..9....63.2..1"
                          ".8.....3...27.8")[0]
    solution = sudoku.solve(puzzle).solutions[0]
    assert puzzle.is_solved_by(solution) and puzzle.is_solved_by(sudoku.parse(solution)[0])
    assert not puzzle.is_solved_by(puzzle)                      # not complete
    relabelled = solution.translate(str.maketrans("123456789", "234567891"))
    assert sudoku.parse("." * 81)[0].is_solved_by(relabelled)
    assert not puzzle.is_solved_by(relabelled)                  # a grid, but not these givens
    with pytest.raises(ValueError, match="expected a 9x9 grid like the puzzle, found 4x4"):
        puzzle.is_solved_by("." * 16)
    with pytest.raises(TypeError, match="grid: expected a Puzzle"):
        puzzle.is_solved_by(81)
    png = puzzle.png(solution)
    assert png.startswith(b"\x89PNG") and puzzle._repr_png_().startswith(b"\x89PNG")
    assert envs.png_to_rgb(png).shape == (496, 472, 3)
    assert not np.array_equal(envs.png_to_rgb(png), envs.png_to_rgb(puzzle.png()))
