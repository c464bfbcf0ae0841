"""The board games the pyspiel way: load_game(name) gives a Game whose new_initial_state() is a
state with OpenSpiel's methods (legal_actions, apply_action, child, history, serialize,
observation_tensor, returns, rewards, ...), all native.

    import evoplay, random
    game = evoplay.load_game("connect_four")        # or "tic_tac_toe", "capture_the_flag(map=...)"
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(random.choice(state.legal_actions()))
    state.returns()                                 # [1.0, -1.0], [-1.0, 1.0] or [0.0, 0.0]

The states are the games' own States too (connect4.State, ...): bots, observation(), png() work
on them. mcts_policy(state) gives the visit counts of an MCTS search at `state`.
"""

import enum as _enum

from . import _evoplay

__all__ = ["load_game", "registered_names", "GameType", "PlayerId", "mcts_policy"]


class PlayerId:
    """OpenSpiel's special player ids (current_player() is TERMINAL once the game is over)."""

    CHANCE = -1
    SIMULTANEOUS = -2
    INVALID = -3
    TERMINAL = -4


class GameType:
    """What kind of game it is, with pyspiel.GameType's fields (every game here is sequential,
    deterministic, of perfect information, zero-sum, rewarded at the end, for two players)."""

    class Dynamics(_enum.Enum):
        SIMULTANEOUS = 0
        SEQUENTIAL = 1

    class ChanceMode(_enum.Enum):
        DETERMINISTIC = 0
        EXPLICIT_STOCHASTIC = 1
        SAMPLED_STOCHASTIC = 2

    class Information(_enum.Enum):
        ONE_SHOT = 0
        PERFECT_INFORMATION = 1
        IMPERFECT_INFORMATION = 2

    class Utility(_enum.Enum):
        ZERO_SUM = 0
        CONSTANT_SUM = 1
        GENERAL_SUM = 2
        IDENTICAL = 3

    class RewardModel(_enum.Enum):
        REWARDS = 0
        TERMINAL = 1

    def __init__(self, short_name, long_name):
        self.short_name = short_name
        self.long_name = long_name
        self.dynamics = GameType.Dynamics.SEQUENTIAL
        self.chance_mode = GameType.ChanceMode.DETERMINISTIC
        self.information = GameType.Information.PERFECT_INFORMATION
        self.utility = GameType.Utility.ZERO_SUM
        self.reward_model = GameType.RewardModel.TERMINAL
        self.max_num_players = 2
        self.min_num_players = 2
        self.provides_information_state_string = True
        self.provides_information_state_tensor = False
        self.provides_observation_string = True
        self.provides_observation_tensor = True
        self.parameter_specification = dict(_GAMES[short_name][1])

    def __repr__(self):
        return "<GameType %s>" % self.short_name


# OpenSpiel's name -> (the native Game class, {parameter: its default or None when required}).
_GAMES = {
    "tic_tac_toe": (_evoplay.tictactoe.Game, {}),
    "connect_four": (_evoplay.connect4.Game, {}),
    "capture_the_flag": (_evoplay.flags.Game, {"map": None}),
}


def registered_names():
    """The names load_game knows."""
    return sorted(_GAMES)


def _parse(text):
    """"name(k=v,k2=v2)" -> (name, {k: v}); a bare name -> (name, {})."""
    text = text.strip()
    if "(" not in text:
        return text, {}
    if not text.endswith(")"):
        raise ValueError("game: expected NAME or NAME(KEY=VALUE,...), found %r" % text)
    name, inside = text[:-1].split("(", 1)
    params = {}
    for part in filter(None, (p.strip() for p in inside.split(","))):
        if "=" not in part:
            raise ValueError("game %s: expected KEY=VALUE, found %r" % (name, part))
        key, value = part.split("=", 1)
        params[key.strip()] = value.strip()
    return name.strip(), params


def load_game(name, params=None):
    """The Game of OpenSpiel's `name` ("tic_tac_toe", "connect_four", "capture_the_flag"), with
    `params` as a dict or in the name ("capture_the_flag(map=data/flags/01-duel.map)").
    ValueError for an unknown game or parameter, a missing one, or a bad value."""
    if not isinstance(name, str):
        raise TypeError("name: expected a str such as 'connect_four', found %s"
                        % type(name).__name__)
    name, given = _parse(name)
    if params is not None:
        if not isinstance(params, dict):
            raise TypeError("params: expected a dict, found %s" % type(params).__name__)
        given.update(params)
    if name not in _GAMES:
        raise ValueError("unknown game %r (games: %s)" % (name, ", ".join(registered_names())))
    native, spec = _GAMES[name]
    unknown = sorted(set(given) - set(spec))
    if unknown:
        raise ValueError("game %s: unknown parameter %r (parameters: %s)"
                         % (name, unknown[0], ", ".join(sorted(spec)) or "none"))
    args = {}
    for key, default in spec.items():
        if key in given:
            args[key] = str(given[key])
        elif default is None:
            raise ValueError("game %s: parameter %r is required" % (name, key))
        else:
            args[key] = default
    return native(**args)


def mcts_policy(state, iterations=1000, seed=0, evaluate=None):
    """{action: visits} of the root of an MCTS search of `iterations` at `state` (the visits sum
    to `iterations`); evaluate(state) -> float, if given, judges new leaves instead of random
    playouts (see the game's Bot.mcts)."""
    bot = type(state).Bot.mcts(iterations, evaluate=evaluate, seed=seed)
    bot.choose(state)
    return bot.search_stats()["visits"]
