"""Bots for any evoplay game, by keyword: AlphaBeta(depth=6), MCTS(iterations=2000),
Perfect() (tic-tac-toe, Connect Four), Random(), Greedy(), Minimax(depth=4).

A bot is called with a state (of any game) and returns the move it plays:

    bot = evoplay.search.AlphaBeta(seconds=0.1)
    move = bot(state)          # or bot.choose(state)

Each game's own Bot class (evoplay.connect4.Bot("alphabeta:6")) takes the command line's specs;
these classes make those specs from keywords and keep one native bot per game (its tables
survive from move to move). Searches run without the GIL; Ctrl-C stops them (KeyboardInterrupt).
"""

__all__ = ["Bot", "AlphaBeta", "MCTS", "Minimax", "Perfect", "Random", "Greedy", "play"]


def _duration(seconds):
    if seconds <= 0:
        raise ValueError("seconds must be positive")
    return "%gms" % (seconds * 1000.0) if seconds < 1 else "%gs" % seconds


class Bot:
    """A player made from a spec as on the command line ("alphabeta:6", "mcts:1s", ...)."""

    def __init__(self, spec, seed=0):
        self.spec = spec
        self.seed = seed
        self._native = {}

    def native(self, state):
        """The game's own bot for `state`'s game (made on first use)."""
        game = type(state)
        bot = self._native.get(game)
        if bot is None:
            bot = game.Bot(self.spec, self.seed)
            self._native[game] = bot
        return bot

    def choose(self, state):
        """The move this bot plays in `state`."""
        return self.native(state).choose(state)

    __call__ = choose

    def info(self, state_type):
        """What the last search in a game of `state_type` found (value, depth, nodes, pv)."""
        return self._native[state_type].info()

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self.spec)


def _limited_spec(kind, amount_name, amount, seconds):
    """KIND, KIND:AMOUNT or KIND:TIME from keywords (at most one of amount and seconds)."""
    if amount is not None and seconds is not None:
        raise ValueError("%s: give %s or seconds, not both" % (kind, amount_name))
    if amount is not None:
        return "%s:%d" % (kind, amount)
    if seconds is not None:
        return kind + ":" + _duration(seconds)
    return kind


class AlphaBeta(Bot):
    """Alpha-beta with the game's move ordering and table: depth (plies) or seconds (iterative
    deepening under a time limit); neither: the game's default (1 s)."""

    def __init__(self, depth=None, seconds=None, seed=0):
        super().__init__(_limited_spec("alphabeta", "depth", depth, seconds), seed)


class MCTS(Bot):
    """Monte Carlo tree search: a number of iterations or a time limit (seconds)."""

    def __init__(self, iterations=None, seconds=None, seed=0):
        super().__init__(_limited_spec("mcts", "iterations", iterations, seconds), seed)


class Minimax(Bot):
    """Plain minimax to a depth."""

    def __init__(self, depth=None, seed=0):
        super().__init__("minimax" + ("" if depth is None else ":%d" % depth), seed)


class Perfect(Bot):
    """The perfect player of tic-tac-toe (a solved table) or Connect Four (the exact solver,
    within `seconds` per move; a heuristic search when a position takes longer)."""

    def __init__(self, seconds=None, seed=0):
        super().__init__("perfect" + ("" if seconds is None else ":" + _duration(seconds)), seed)


class Random(Bot):
    """A uniformly random legal move (seeded)."""

    def __init__(self, seed=0):
        super().__init__("random", seed)


class Greedy(Bot):
    """One ply of look-ahead with the game's evaluation."""

    def __init__(self, seed=0):
        super().__init__("greedy", seed)


def play(state, players, max_plies=100000):
    """Plays `players` (two bots, player 0 first) from `state` (changed in place) until the game
    ends; returns the list of moves played."""
    moves = []
    while not state.is_terminal() and len(moves) < max_plies:
        move = players[state.current_player()](state)
        state.play(move)
        moves.append(move)
    return moves
