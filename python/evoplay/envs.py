"""Environments in the shapes of Gymnasium (single agent) and PettingZoo's AEC API (two agents),
over evoplay's games, with no dependency on either library.

    env = evoplay.envs.make("evoplay/ConnectFour-v0", opponent="alphabeta:4")
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(3)

- BoardGameEnv: a board game (tic_tac_toe, connect_four, capture_the_flag) against a bot (any
  spec of the game's Bot: "random", "alphabeta:4", "mcts:200", "perfect", "agent:DIR"). Reward
  +1/-1/0 at the end; an illegal action loses (-1) unless illegal="raise". info["action_mask"].
- BoardGameAECEnv: the same games for two learners, PettingZoo's AEC protocol (agents,
  agent_selection, observe, last, step, agent_iter; observations {"observation", "action_mask"}).
- LemmingsEnv: every `frame_skip` steps, assign a skill to a lemming or wait; reward: the
  lemmings saved at the end.
- BirdsEnv: one shot per step, action (angle, tap); reward: the shot's points.
- SudokuEnv: a 9x9 Sudoku (drawn with the seed from a puzzle file), one digit a step: action
  cell * 9 + digit - 1; info["action_mask"] allows a digit its row, column and box lack in an
  empty cell; reward +1 when solved, -0.1 for an illegal action (grid unchanged) unless
  illegal="lose" (-1, the end) or "raise"; a dead end terminates with 0; truncated at max_steps.

Spaces are gymnasium.spaces when Gymnasium is installed (and the environments gymnasium.Env
subclasses); else Discrete and Box here, with the same sample(), contains(), seed() and fields.
render_mode="rgb_array" gives numpy (H, W, 3) uint8 frames, "ansi" text.
"""

import operator as _operator
import os as _os
import random as _random

import numpy as _np

from . import _evoplay
from .games import load_game

__all__ = ["make", "register", "registry", "Discrete", "Box", "BoardGameEnv", "BoardGameAECEnv",
           "LemmingsEnv", "BirdsEnv", "SudokuEnv", "png_to_rgb"]

try:  # the real protocol classes when Gymnasium is there
    import gymnasium as _gym
    _EnvBase = _gym.Env
    Discrete = _gym.spaces.Discrete
    Box = _gym.spaces.Box
except ImportError:  # pragma: no cover - Debian 12 has no gymnasium
    _gym = None
    _EnvBase = object

    class Discrete:
        """Integers 0..n-1 (gymnasium.spaces.Discrete's fields and methods)."""

        def __init__(self, n, seed=None, start=0):
            if int(n) <= 0:
                raise ValueError("n: expected a positive number of actions, found %r" % (n,))
            self.n = int(n)
            self.start = int(start)
            self.shape = ()
            self.dtype = _np.dtype(_np.int64)
            self.seed(seed)

        def seed(self, seed=None):
            self.np_random = _np.random.default_rng(seed)
            return [seed]

        def sample(self, mask=None):
            if mask is not None:
                choices = _np.flatnonzero(_np.asarray(mask, dtype=_np.int8))
                if len(choices) == 0:
                    return self.start
                return int(self.start + self.np_random.choice(choices))
            return int(self.start + self.np_random.integers(self.n))

        def contains(self, x):
            if isinstance(x, (int, _np.integer)) or (isinstance(x, _np.ndarray) and x.shape == ()
                                                     and x.dtype.kind in "iu"):
                return self.start <= int(x) < self.start + self.n
            return False

        __contains__ = contains

        def __repr__(self):
            return "Discrete(%d)" % self.n

        def __eq__(self, other):
            return isinstance(other, Discrete) and (other.n, other.start) == (self.n, self.start)

    class Box:
        """A box of reals (or integers) between low and high (gymnasium.spaces.Box's fields)."""

        def __init__(self, low, high, shape=None, dtype=_np.float32, seed=None):
            self.dtype = _np.dtype(dtype)
            if shape is None:
                shape = _np.shape(low) if _np.shape(low) else _np.shape(high)
            self.shape = tuple(int(d) for d in shape)
            self.low = _np.broadcast_to(_np.asarray(low, dtype=self.dtype), self.shape).copy()
            self.high = _np.broadcast_to(_np.asarray(high, dtype=self.dtype), self.shape).copy()
            if _np.any(self.low > self.high):
                raise ValueError("Box: low must not be above high")
            self.seed(seed)

        def seed(self, seed=None):
            self.np_random = _np.random.default_rng(seed)
            return [seed]

        def sample(self, mask=None):
            if self.dtype.kind in "iu":
                return self.np_random.integers(self.low, self.high.astype(_np.int64) + 1,
                                               size=self.shape).astype(self.dtype)
            return self.np_random.uniform(self.low, self.high, size=self.shape).astype(self.dtype)

        def contains(self, x):
            x = _np.asarray(x)
            if x.shape != self.shape:
                return False
            if self.dtype.kind in "iu" and x.dtype.kind not in "iu":
                return False
            return bool(_np.all(x >= self.low) and _np.all(x <= self.high))

        __contains__ = contains

        def __repr__(self):
            return "Box(%s, %s, %s, %s)" % (self.low.min(), self.high.max(), self.shape, self.dtype)


def png_to_rgb(data):
    """A PNG (8-bit, not interlaced: what evoplay's pictures are) as numpy (H, W, 3) uint8;
    ValueError for anything else. Decoded in C++ (milliseconds for a level's picture)."""
    return _evoplay.png_to_rgb(bytes(data))


def _board_raster(state, cell=32):
    """A plain picture of a tic-tac-toe state: X red, O blue, on a grey grid."""
    img = _np.full((3 * cell, 3 * cell, 3), 230, dtype=_np.uint8)
    img[::cell, :, :] = 90
    img[:, ::cell, :] = 90
    for i, c in enumerate(state.cells):
        r, k = divmod(i, 3)
        if c != ".":
            colour = (200, 40, 40) if c == "X" else (40, 60, 200)
            img[r * cell + 8:(r + 1) * cell - 8, k * cell + 8:(k + 1) * cell - 8] = colour
    return img


def _render(state, mode):
    if mode == "ansi":
        return str(state)
    if mode != "rgb_array":
        return None
    if hasattr(state, "png"):
        return png_to_rgb(state.png())
    return _board_raster(state)


def _check_render_mode(mode, allowed):
    if mode is not None and mode not in allowed:
        raise ValueError("render_mode: expected None or one of %s, found %r"
                         % (", ".join(allowed), mode))
    return mode


class BoardGameEnv(_EnvBase):
    """A board game against a bot. Observations: the game's observation tensor (float32, of
    game.observation_tensor_shape()) from the learner's view; actions: Discrete of the game's
    actions; info: {"action_mask": int8 mask, "legal_actions": list}."""

    metadata = {"render_modes": ["rgb_array", "ansi"], "render_fps": 4}

    def __init__(self, game="tic_tac_toe", opponent="random", player=0, illegal="lose",
                 render_mode=None):
        self.game = load_game(game) if isinstance(game, str) else game
        if player not in (0, 1):
            raise ValueError("player: expected 0 (moves first) or 1, found %r" % (player,))
        if illegal not in ("lose", "raise"):
            raise ValueError("illegal: expected 'lose' or 'raise', found %r" % (illegal,))
        self.opponent_spec = opponent
        self.player = player
        self.illegal = illegal
        self.render_mode = _check_render_mode(render_mode, self.metadata["render_modes"])
        shape = tuple(self.game.observation_tensor_shape())
        self.observation_space = Box(0.0, 1.0, shape, _np.float32)
        self.action_space = Discrete(self.game.num_distinct_actions())
        self._state_type = type(self.game.new_initial_state())
        self._state_type.Bot(opponent, 0)  # a bad spec fails here, not at reset
        self.state = None
        self._over = False
        self._opponent = None
        self.np_random = _np.random.default_rng()

    def _obs(self):
        tensor = self.state.observation_tensor(self.player)
        return _np.asarray(tensor, dtype=_np.float32).reshape(self.observation_space.shape)

    def _info(self):
        mask = _np.zeros(self.action_space.n, dtype=_np.int8)
        legal = self.state.legal_actions() if self.state.current_player() == self.player else []
        mask[legal] = 1
        return {"action_mask": mask, "legal_actions": legal}

    def _opponent_moves(self):
        while not self.state.is_terminal() and self.state.current_player() != self.player:
            self.state.apply_action(self._opponent.choose(self.state))

    def reset(self, seed=None, options=None):
        if seed is not None:
            self.np_random = _np.random.default_rng(seed)
            self.action_space.seed(seed)
        bot_seed = int(self.np_random.integers(2**63))
        self._opponent = self._state_type.Bot(self.opponent_spec, bot_seed)
        self.state = self.game.new_initial_state()
        self._over = False
        self._opponent_moves()
        return self._obs(), self._info()

    def step(self, action):
        if self.state is None:
            raise RuntimeError("step() before reset()")
        if self._over or self.state.is_terminal():
            raise RuntimeError("step() after the episode ended: call reset()")
        action = int(action)
        if action not in self.state.legal_actions():
            if self.illegal == "raise":
                raise ValueError("action %d is not legal (info['action_mask'])" % action)
            info = self._info()
            info["illegal_action"] = True
            self._over = True
            return self._obs(), -1.0, True, False, info
        self.state.apply_action(action)
        self._opponent_moves()
        terminated = self.state.is_terminal()
        reward = float(self.state.returns()[self.player]) if terminated else 0.0
        return self._obs(), reward, terminated, False, self._info()

    def render(self):
        return _render(self.state, self.render_mode) if self.state is not None else None

    def close(self):
        self.state = None
        self._opponent = None


class BoardGameAECEnv:
    """Two learners take turns (PettingZoo's AEC protocol): agents "player_0" (moves first) and
    "player_1". observe(agent) -> {"observation": float32 tensor, "action_mask": int8};
    last() -> (observation, reward, termination, truncation, info) of agent_selection; a
    finished agent steps with None (then leaves `agents`). Illegal actions raise ValueError."""

    metadata = {"render_modes": ["rgb_array", "ansi"], "name": "evoplay_board_aec",
                "is_parallelizable": False}

    def __init__(self, game="tic_tac_toe", render_mode=None):
        self.game = load_game(game) if isinstance(game, str) else game
        self.render_mode = _check_render_mode(render_mode, self.metadata["render_modes"])
        self.possible_agents = ["player_0", "player_1"]
        shape = tuple(self.game.observation_tensor_shape())
        n = self.game.num_distinct_actions()
        self.observation_spaces = {a: {"observation": Box(0.0, 1.0, shape, _np.float32),
                                       "action_mask": Box(0, 1, (n,), _np.int8)}
                                   for a in self.possible_agents}
        self.action_spaces = {a: Discrete(n) for a in self.possible_agents}
        self.state = None
        self.agents = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _mask(self, index):
        mask = _np.zeros(self.game.num_distinct_actions(), dtype=_np.int8)
        if self.state.current_player() == index:
            mask[self.state.legal_actions()] = 1
        return mask

    def observe(self, agent):
        index = self.possible_agents.index(agent)
        tensor = _np.asarray(self.state.observation_tensor(index), dtype=_np.float32)
        return {"observation": tensor.reshape(self.game.observation_tensor_shape()),
                "action_mask": self._mask(index)}

    def reset(self, seed=None, options=None):
        if seed is not None:
            for i, a in enumerate(self.possible_agents):
                self.action_spaces[a].seed(seed + i)
        self.state = self.game.new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._update_infos()

    def _update_infos(self):
        for a in self.agents:
            self.infos[a] = {"action_mask": self._mask(self.possible_agents.index(a))}

    def last(self, observe=True):
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        return (obs, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError("%s is done: step(None) removes it" % agent)
            self.agents.remove(agent)
            for d in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations,
                      self.infos):
                del d[agent]
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        if action is None:
            raise ValueError("%s is to move: expected an action, found None" % agent)
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))  # ValueError when illegal
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_terminal():
            returns = self.state.returns()
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = float(returns[i])
                self.terminations[a] = True
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        other = self.possible_agents[1 - self.possible_agents.index(agent)]
        self.agent_selection = other
        self._update_infos()

    def agent_iter(self, max_iter=2**63):
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def render(self):
        return _render(self.state, self.render_mode) if self.state is not None else None

    def close(self):
        self.state = None


_SKILLS = ["climber", "floater", "bomber", "blocker", "builder", "basher", "miner", "digger"]


class LemmingsEnv(_EnvBase):
    """A Lemmings level (.lvl) played by decisions every `frame_skip` steps. Action 0 waits;
    action 1 + s * (L + 1) + k assigns skill s (climber, floater, bomber, blocker, builder,
    basher, miner, digger) to lemming k (0 the leader, 1 to L the k-th released; L the level's
    lemmings), as a plan's gene "STEP SKILL [K]". An assignment the rules refuse (no skill
    left, no such lemming) does nothing.
    Observation: int32 (L, 2), each lemming's (x, y) now, -1 before its release and once saved
    or dead. Reward at the end: the lemmings saved; info: the run's report so far and the plan.
    The simulator replays the plan from the start at each step (a level runs in microseconds)."""

    metadata = {"render_modes": ["rgb_array"], "render_fps": 4}

    def __init__(self, level="data/lemmings/easy-01-down-the-hole.lvl", frame_skip=1,
                 render_mode=None):
        lem = _evoplay.lemmings
        self.level = lem.Level.load(level) if isinstance(level, str) else level
        if self.level.is_pingus:
            raise ValueError("level: LemmingsEnv plays Lemmings levels (.lvl), not Pingus ones")
        if int(frame_skip) < 1:
            raise ValueError("frame_skip: expected at least 1, found %r" % (frame_skip,))
        self.frame_skip = int(frame_skip)
        self.render_mode = _check_render_mode(render_mode, self.metadata["render_modes"])
        n = self.level.lemmings
        self.action_space = Discrete(1 + len(_SKILLS) * (n + 1))
        size = max(self.level.width, self.level.height)
        self.observation_space = Box(-1, size, (n, 2), _np.int32)
        self.genes = []
        self.step_index = 0
        self._plan = None

    def _evaluate(self):
        lem = _evoplay.lemmings
        self._plan = lem.Plan.parse("\n".join(self.genes)) if self.genes else None
        report = lem.run(self.level, self._plan)
        trace = lem.trace(self.level, self._plan)
        t = min(self.step_index, len(trace) - 1)
        if len(trace):
            obs = trace[t].astype(_np.int32)
        else:
            obs = _np.full((self.level.lemmings, 2), -1, _np.int32)
        return obs, report

    def _info(self, report):
        return {"step": self.step_index, "plan": "\n".join(self.genes), "saved": report["saved"],
                "dead": report["dead"], "steps": report["steps"], "solved": report["solved"]}

    def reset(self, seed=None, options=None):
        if seed is not None:
            self.action_space.seed(seed)
        self.genes = []
        self.step_index = 0
        obs, report = self._evaluate()
        return obs, self._info(report)

    def step(self, action):
        action = int(action)
        if not 0 <= action < self.action_space.n:
            raise ValueError("action: expected 0 to %d, found %d"
                             % (self.action_space.n - 1, action))
        if action > 0:
            skill, lemming = divmod(action - 1, self.level.lemmings + 1)
            gene = "%d %s" % (self.step_index, _SKILLS[skill])
            self.genes.append(gene + (" %d" % lemming if lemming else ""))  # no number: the leader
        self.step_index += self.frame_skip
        obs, report = self._evaluate()
        terminated = self.step_index >= report["steps"]
        reward = float(report["saved"]) if terminated else 0.0
        return obs, reward, terminated, False, self._info(report)

    def render(self):
        if self.render_mode != "rgb_array":
            return None
        step = min(self.step_index, 10**8)
        png = _evoplay.lemmings.render_png(self.level, self._plan, step=max(step - 1, -1))
        return png_to_rgb(png)

    def close(self):
        pass


class BirdsEnv(_EnvBase):
    """A Science Birds level, one shot per step (the in-process Box2D game of `birds play`).
    Action: float32 (angle in degrees, 0 right and 90 up; tap: seconds after the release to use
    the bird's ability, negative never). Observation: float32 (pigs alive, birds left, score).
    Reward: the shot's points; the episode ends when the level is won or lost."""

    metadata = {"render_modes": ["rgb_array"], "render_fps": 1}

    def __init__(self, level="data/birds/sciencebirds_level-1.xml", render_mode=None):
        birds = _evoplay.birds
        self.level = birds.Level.load(level) if isinstance(level, str) else level
        self.render_mode = _check_render_mode(render_mode, self.metadata["render_modes"])
        self.action_space = Box(_np.array([-45.0, -1.0]), _np.array([90.0, 5.0]), (2,), _np.float32)
        self.observation_space = Box(0.0, _np.inf, (3,), _np.float32)
        self.play = None

    def _obs(self):
        p = self.play
        return _np.array([p.pigs_alive, p.birds_left, p.score], dtype=_np.float32)

    def reset(self, seed=None, options=None):
        if seed is not None:
            self.action_space.seed(seed)
        self.play = _evoplay.birds.Play(self.level)
        return self._obs(), {"status": self.play.status}

    def step(self, action):
        if self.play is None:
            raise RuntimeError("step() before reset()")
        angle, tap = (float(v) for v in _np.asarray(action, dtype=_np.float64).reshape(2))
        record = self.play.shoot(angle, tap)
        terminated = self.play.status != "playing"
        return self._obs(), float(record["score"]), terminated, False, record

    def render(self):
        if self.render_mode != "rgb_array" or self.play is None:
            return None
        return png_to_rgb(self.play.level().png())

    def close(self):
        self.play = None


_SUDOKU_PENALTY = -0.1  # the reward of an illegal action under illegal="penalty"


def _sudoku_allowed(grid):
    """(9, 9, 9) bool: allowed[r, c, d - 1] when cell (r, c) is empty and digit d is in none of
    its row, column and box."""
    has = grid[:, :, None] == _np.arange(1, 10, dtype=_np.int8)  # has[r, c, d - 1]
    boxes = has.reshape(3, 3, 3, 3, 9).any(axis=(1, 3))  # boxes[R, C, d - 1]
    used = (has.any(axis=1)[:, None, :] | has.any(axis=0)[None, :, :]
            | boxes.repeat(3, axis=0).repeat(3, axis=1))
    return ~used & (grid == 0)[:, :, None]


class SudokuEnv(_EnvBase):
    """A 9x9 Sudoku filled one digit a step. Observation: int8 (9, 9), 0 an empty cell. Action
    cell * 9 + (digit - 1), cell = row * 9 + column (Discrete(729)). info["action_mask"]
    (int8, 729) allows a digit in an empty cell when its row, column and box do not hold it yet
    (the rules, not the solution: a legal digit may still be wrong).
    An illegal action (a given, a filled cell, a digit the mask refuses) leaves the grid as it
    was: reward -0.1 and the episode goes on (illegal="penalty"), or -1 and the episode ends
    (illegal="lose"), or ValueError (illegal="raise"). Reward +1 and terminated when the grid is
    complete (a solution: Puzzle.is_solved_by); terminated with 0 at a dead end, an empty cell
    that no digit may fill (info["dead_end"]). Truncated after max_steps steps (None: never).
    Puzzles: a file (sudoku.load) or a list of sudoku.Puzzle or one-puzzle texts; reset draws
    one with its seed, or plays options={"puzzle": text or Puzzle} or {"index": i}."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}

    def __init__(self, puzzles="data/sudoku/qqwing_easy_50.txt", max_steps=200,
                 illegal="penalty", render_mode=None):
        if illegal not in ("penalty", "lose", "raise"):
            raise ValueError("illegal: expected 'penalty', 'lose' or 'raise', found %r"
                             % (illegal,))
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(
                max_steps, (int, _np.integer)) or max_steps < 1):
            raise ValueError("max_steps: expected a positive number of steps or None, found %r"
                             % (max_steps,))
        self.illegal = illegal
        self.max_steps = None if max_steps is None else int(max_steps)
        self.render_mode = _check_render_mode(render_mode, self.metadata["render_modes"])
        if isinstance(puzzles, (str, _os.PathLike)):
            path = _os.fspath(puzzles)
            if not _os.path.isfile(path):
                raise ValueError("puzzles: expected a puzzle file or a list of puzzles, found "
                                 "no file %r (one puzzle goes in a list)" % path)
            self.puzzles = [self._checked(p, "puzzles: %s line %d" % (path, p.line))
                            for p in _evoplay.sudoku.load(path)]
        elif isinstance(puzzles, (list, tuple)) and puzzles:
            self.puzzles = [self._puzzle_of(p, "puzzles[%d]" % i) for i, p in enumerate(puzzles)]
        else:
            raise ValueError("puzzles: expected a puzzle file or a non-empty list of puzzles, "
                             "found %r" % (puzzles,))
        self.observation_space = Box(0, 9, (9, 9), _np.int8)
        self.action_space = Discrete(81 * 9)
        self.np_random = _np.random.default_rng()
        self.puzzle = None  # the sudoku.Puzzle played
        self.index = None  # its place in self.puzzles (None: options["puzzle"])
        self.grid = None
        self._allowed = None  # _sudoku_allowed(self.grid), kept from step to step
        self.steps = 0
        self._over = False

    @staticmethod
    def _checked(puzzle, where):
        if puzzle.size != 9:
            raise ValueError("%s: expected a 9x9 puzzle, found %dx%d"
                             % (where, puzzle.size, puzzle.size))
        grid = _np.asarray(puzzle.cells, dtype=_np.int8).reshape(9, 9)
        if not (grid == 0).any():
            raise ValueError("%s: expected a puzzle with an empty cell, found a full grid" % where)
        stuck = (grid == 0) & ~_sudoku_allowed(grid).any(axis=2)
        if stuck.any():
            r, c = _np.argwhere(stuck)[0]
            raise ValueError("%s: expected a puzzle with a solution; no digit may go in r%dc%d"
                             % (where, r + 1, c + 1))
        return puzzle

    def _puzzle_of(self, item, where):
        sudoku = _evoplay.sudoku
        if isinstance(item, sudoku.Puzzle):
            return self._checked(item, where)
        if not isinstance(item, str):
            raise TypeError("%s: expected a sudoku.Puzzle or an 81-symbol text, found %s"
                            % (where, type(item).__name__))
        parsed = sudoku.parse(item, where)  # evoplay.Error (a ValueError) says what it expected
        if len(parsed) != 1:
            raise ValueError("%s: expected one puzzle, found %d" % (where, len(parsed)))
        return self._checked(parsed[0], where)

    def _line(self):
        return "".join(str(d) if d else "." for d in self.grid.ravel())

    def _info(self, allowed, illegal=False, dead_end=False):
        return {"action_mask": allowed.reshape(-1).astype(_np.int8),
                "puzzle": self.puzzle.to_line(), "index": self.index,
                "empty": int((self.grid == 0).sum()), "illegal_action": illegal,
                "dead_end": dead_end}

    def reset(self, seed=None, options=None):
        if seed is not None:
            self.np_random = _np.random.default_rng(seed)
            self.action_space.seed(seed)
        options = dict(options or {})
        unknown = set(options) - {"puzzle", "index"}
        if unknown or len(options) > 1:
            raise ValueError("options: expected {'puzzle': text or Puzzle} or {'index': i} or "
                             "nothing, found %r" % (options,))
        if "puzzle" in options:
            self.puzzle, self.index = self._puzzle_of(options["puzzle"], "options['puzzle']"), None
        elif "index" in options:
            i = options["index"]
            if not isinstance(i, (int, _np.integer)) or not 0 <= i < len(self.puzzles):
                raise ValueError("options['index']: expected 0 to %d, found %r"
                                 % (len(self.puzzles) - 1, i))
            self.puzzle, self.index = self.puzzles[int(i)], int(i)
        else:
            self.index = int(self.np_random.integers(len(self.puzzles)))
            self.puzzle = self.puzzles[self.index]
        self.grid = _np.asarray(self.puzzle.cells, dtype=_np.int8).reshape(9, 9)
        self._allowed = _sudoku_allowed(self.grid)
        self.steps = 0
        self._over = False
        return self.grid.copy(), self._info(self._allowed)

    def step(self, action):
        if self.grid is None:
            raise RuntimeError("step() before reset()")
        if self._over:
            raise RuntimeError("step() after the episode ended: call reset()")
        try:
            action = _operator.index(action)
        except TypeError:
            raise TypeError("action: expected an integer 0 to 728, found %r" % (action,)) from None
        if not 0 <= action < 729:
            raise ValueError("action: expected 0 to 728 (cell * 9 + digit - 1), found %d" % action)
        cell, d = divmod(action, 9)
        r, c = divmod(cell, 9)
        allowed = self._allowed
        legal = allowed[r, c, d]
        if not legal and self.illegal == "raise":
            raise ValueError("action %d (digit %d in r%dc%d) is not legal (info['action_mask'])"
                             % (action, d + 1, r + 1, c + 1))
        self.steps += 1
        truncated = self.max_steps is not None and self.steps >= self.max_steps
        if not legal:
            lose = self.illegal == "lose"
            self._over = lose or truncated
            return (self.grid.copy(), -1.0 if lose else _SUDOKU_PENALTY, lose,
                    truncated and not lose, self._info(allowed, illegal=True))
        self.grid[r, c] = d + 1
        allowed = self._allowed = _sudoku_allowed(self.grid)
        empty = self.grid == 0
        dead_end = bool((empty & ~allowed.any(axis=2)).any())
        # A full grid of legal digits is a solution; the independent checker says so.
        solved = not empty.any() and bool(self.puzzle.is_solved_by(self._line()))
        terminated = dead_end or not empty.any()
        truncated = truncated and not terminated
        self._over = terminated or truncated
        return (self.grid.copy(), 1.0 if solved else 0.0, terminated, truncated,
                self._info(allowed, dead_end=dead_end))

    def render(self):
        if self.grid is None or self.render_mode is None:
            return None
        if self.render_mode == "ansi":
            return str(_evoplay.sudoku.parse(self._line())[0])
        return png_to_rgb(self.puzzle.png(self._line()))

    def close(self):
        self.grid = None


class _Spec:
    def __init__(self, id, entry_point, kwargs):
        self.id, self.entry_point, self.kwargs = id, entry_point, kwargs

    def __repr__(self):
        return "EnvSpec(%r)" % self.id


registry = {}


def register(id, entry_point, **kwargs):
    """Registers an environment: make(id, **more) calls entry_point(**kwargs, **more)."""
    registry[id] = _Spec(id, entry_point, kwargs)


def make(id, **kwargs):
    """The environment registered as `id` (see registry), with keyword arguments over its
    defaults."""
    if id not in registry:
        raise ValueError("unknown environment %r (environments: %s)"
                         % (id, ", ".join(sorted(registry))))
    spec = registry[id]
    env = spec.entry_point(**dict(spec.kwargs, **kwargs))
    env.spec = spec
    return env


register("evoplay/TicTacToe-v0", BoardGameEnv, game="tic_tac_toe", opponent="random")
register("evoplay/ConnectFour-v0", BoardGameEnv, game="connect_four", opponent="random")
_DUEL = "capture_the_flag(map=data/flags/01-duel.map)"
register("evoplay/CaptureTheFlag-v0", BoardGameEnv, game=_DUEL, opponent="random")
register("evoplay/TicTacToe-AEC-v0", BoardGameAECEnv, game="tic_tac_toe")
register("evoplay/ConnectFour-AEC-v0", BoardGameAECEnv, game="connect_four")
register("evoplay/CaptureTheFlag-AEC-v0", BoardGameAECEnv, game=_DUEL)
register("evoplay/Lemmings-v0", LemmingsEnv)
register("evoplay/AngryBirds-v0", BirdsEnv)
register("evoplay/Sudoku-v0", SudokuEnv)
