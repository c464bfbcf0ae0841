"""The board games the pyspiel way (evoplay.load_game, Game, SpielState): OpenSpiel's names and
conventions, checked on positions whose answers are known from the rules."""

import copy
import pickle
import random

import pytest

import evoplay
from evoplay import connect4, flags, tictactoe
from evoplay.games import GameType, PlayerId


def ttt_after(*actions):
    state = evoplay.load_game("tic_tac_toe").new_initial_state()
    for a in actions:
        state.apply_action(a)
    return state


def test_games_by_name_and_their_facts(data_dir):
    ttt = evoplay.load_game("tic_tac_toe")
    c4 = evoplay.load_game("connect_four")
    ctf = evoplay.load_game("capture_the_flag", {"map": str(data_dir / "flags" / "01-duel.map")})
    assert (ttt.num_players(), ttt.num_distinct_actions(), ttt.max_game_length()) == (2, 9, 9)
    assert (c4.num_distinct_actions(), c4.max_game_length()) == (7, 42)
    assert ttt.observation_tensor_shape() == [3, 3, 3] and ttt.observation_tensor_size() == 27
    assert c4.observation_tensor_shape() == [3, 6, 7]
    assert ctf.observation_tensor_shape() == [10, 7, 7]  # the map is 7 x 7
    assert ctf.max_game_length() == 120  # "turns: 120" in the map's header
    assert ctf.num_distinct_actions() == 32  # player * 8 + action, four players a side
    assert (c4.min_utility(), c4.max_utility(), c4.utility_sum()) == (-1.0, 1.0, 0.0)
    t = c4.get_type()
    assert (t.short_name, t.long_name) == ("connect_four", "Connect Four")
    assert t.dynamics == GameType.Dynamics.SEQUENTIAL
    assert t.utility == GameType.Utility.ZERO_SUM
    assert t.reward_model == GameType.RewardModel.TERMINAL
    assert t.chance_mode == GameType.ChanceMode.DETERMINISTIC
    assert str(c4) == "connect_four()"
    names = evoplay.games.registered_names()
    assert names == ["capture_the_flag", "connect_four", "tic_tac_toe"]


def test_the_string_form_takes_parameters(data_dir):
    path = str(data_dir / "flags" / "01-duel.map")
    game = evoplay.load_game("capture_the_flag(map=%s)" % path)
    assert game.get_parameters() == {"map": path}
    assert str(game) == "capture_the_flag(map=%s)" % path
    state = game.new_initial_state()
    names = [state.action_to_string(a) for a in state.legal_actions()]
    assert names == ["1n", "1e", "1s", "1w", "1rest"]
    assert isinstance(state, flags.State)


def test_bad_names_and_parameters_are_value_errors():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        evoplay.load_game("chess")
    with pytest.raises(ValueError, match="parameter 'map' is required"):
        evoplay.load_game("capture_the_flag")
    with pytest.raises(ValueError, match="unknown parameter 'rows'"):
        evoplay.load_game("connect_four(rows=7)")
    with pytest.raises(TypeError, match="name"):
        evoplay.load_game(3)
    with pytest.raises(evoplay.Error):
        evoplay.load_game("capture_the_flag", {"map": "no/such.map"})


def test_a_known_tic_tac_toe_position():
    # OpenSpiel's serialize() example: x at 4 and 1, o at 2 and 5 (".xo / .xo / ...").
    s = ttt_after(4, 2, 1, 5)
    assert s.legal_actions() == [0, 3, 6, 7, 8]
    assert s.legal_actions(0) == [0, 3, 6, 7, 8] and s.legal_actions(1) == []
    assert list(s.legal_actions_mask()) == [1, 0, 0, 1, 0, 0, 1, 1, 1]
    assert s.history() == [4, 2, 1, 5] and s.move_number() == 4
    assert s.history_str() == "4, 2, 1, 5"
    assert s.current_player() == 0 and not s.is_terminal()
    assert s.action_to_string(0) == "x(0,0)" and s.action_to_string(1, 8) == "o(2,2)"
    assert s.string_to_action("x(2,1)") == 7
    assert s.serialize() == "4\n2\n1\n5\n"
    assert s.cells == ".XO.XO..."
    assert not s.is_chance_node() and not s.is_simultaneous_node() and s.is_player_node()
    assert s.returns() == [0.0, 0.0] and s.rewards() == [0.0, 0.0]
    # Planes: empty, O, X (OpenSpiel's order), cells row by row.
    t = s.observation_tensor()
    assert len(t) == 27 and sum(t) == 9.0
    assert t[0 * 9 + 0] == 1.0 and t[2 * 9 + 4] == 1.0 and t[2 * 9 + 1] == 1.0
    assert t[1 * 9 + 2] == 1.0 and t[1 * 9 + 5] == 1.0 and t[0 * 9 + 4] == 0.0


def test_a_win_ends_the_game_the_pyspiel_way():
    s = ttt_after(0, 3, 1, 4)
    child = s.child(2)  # x completes the top row
    assert s.history() == [0, 3, 1, 4] and not s.is_terminal()  # the parent is unchanged
    assert child.is_terminal() and child.returns() == [1.0, -1.0] and child.rewards() == [1.0, -1.0]
    assert child.current_player() == PlayerId.TERMINAL == -4
    assert child.legal_actions() == [] and child.player_return(1) == -1.0
    with pytest.raises(ValueError, match="the game is over"):
        child.apply_action(5)


def test_illegal_actions_are_value_errors():
    s = ttt_after(4)
    with pytest.raises(ValueError, match="4 is not a legal action"):
        s.apply_action(4)
    with pytest.raises(ValueError, match="9 is not a legal action"):
        s.apply_action(9)
    with pytest.raises(ValueError, match="-1 is not a legal action"):
        s.child(-1)
    assert s.history() == [4]


def test_connect_four_columns_fill_and_the_tensor_is_player_relative():
    game = evoplay.load_game("connect_four")
    s = game.new_initial_state()
    for _ in range(6):
        s.apply_action(0)
    assert s.legal_actions() == [1, 2, 3, 4, 5, 6]
    assert s.action_to_string(3) == "x3"
    s = game.new_initial_state().child(3)  # player 0's stone at the bottom of column 3
    mine, theirs = s.observation_tensor(0), s.observation_tensor(1)
    assert mine[0 * 42 + 3] == 1.0 and mine[1 * 42 + 3] == 0.0
    assert theirs[1 * 42 + 3] == 1.0 and theirs[0 * 42 + 3] == 0.0
    assert sum(mine[2 * 42:]) == 41.0  # empty cells
    assert str(s) == str(connect4.State("4"))


def test_random_episodes_sum_to_zero_and_round_trip():
    rng = random.Random(7)
    for name in ("tic_tac_toe", "connect_four"):
        game = evoplay.load_game(name)
        outcomes = set()
        for _ in range(200):
            s = game.new_initial_state()
            while not s.is_terminal():
                s.apply_action(rng.choice(s.legal_actions()))
            r = s.returns()
            assert r[0] + r[1] == 0.0 and r[0] in (-1.0, 0.0, 1.0)
            outcomes.add(r[0])
            back = game.deserialize_state(s.serialize())
            assert back == s and back.history() == s.history() and back.returns() == r
            assert len(s.history()) == s.move_number() <= game.max_game_length()
        assert outcomes == {-1.0, 0.0, 1.0} or name == "connect_four"


def test_deserialize_names_the_bad_line():
    game = evoplay.load_game("tic_tac_toe")
    assert game.deserialize_state("\n").history() == []
    with pytest.raises(ValueError, match="line 2: expected an action"):
        game.deserialize_state("4\nx\n")
    with pytest.raises(ValueError, match="line 2: 4 is not a legal action"):
        game.deserialize_state("4\n4\n")


def test_copies_keep_their_own_history():
    s = ttt_after(4, 0)
    for c in (s.clone(), copy.copy(s), copy.deepcopy(s)):
        c.apply_action(8)
        assert c.history() == [4, 0, 8] and s.history() == [4, 0]
    assert s.get_game().num_distinct_actions() == 9


def test_the_states_are_the_games_states_for_bots_and_pictures():
    s = ttt_after(0, 4, 8)
    assert isinstance(s, tictactoe.State)
    move = tictactoe.Bot("perfect", 1).choose(s)
    assert move in s.legal_actions()
    s.play(1)  # the State method records the action too
    assert s.history() == [0, 4, 8, 1]
    c = evoplay.load_game("connect_four").new_initial_state().child(3)
    assert c.png()[:8] == b"\x89PNG\r\n\x1a\n" and c.observation().shape == (2, 6, 7)


def test_states_and_games_pickle_as_their_serialization(data_dir):
    s = ttt_after(4, 2, 1)
    back = pickle.loads(pickle.dumps(s))
    assert back.history() == [4, 2, 1] and back == s and type(back) is type(s)
    game = evoplay.load_game("capture_the_flag(map=%s)" % (data_dir / "flags" / "01-duel.map"))
    f = game.new_initial_state().child(0)
    again = pickle.loads(pickle.dumps(f))
    assert again.history() == [0] and str(again.get_game()) == str(game)

