"""evoplay.Error: a ValueError carrying file, line, column and message from evoplay::Error."""

import pytest

import evoplay


def test_error_is_a_value_error():
    assert issubclass(evoplay.Error, ValueError)
    assert evoplay.Error.__module__ == "evoplay"


def test_bad_connect4_moves_name_the_column():
    with pytest.raises(evoplay.Error) as caught:
        evoplay.connect4.State("4458")
    e = caught.value
    assert e.column == 4
    assert "8" in e.message
    assert isinstance(e, ValueError)


def test_bad_map_names_its_line(data_dir, tmp_path):
    lines = (data_dir / "flags" / "01-duel.map").read_text().splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith(".#"))
    lines[row] = lines[row].replace("#", "?", 1)
    bad = tmp_path / "bad.map"
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(evoplay.Error) as caught:
        evoplay.flags.State.from_map(str(bad))
    e = caught.value
    assert e.file == str(bad)
    assert e.line == row + 1
    assert str(bad) in str(e)


def test_bad_map_text_is_an_error_too():
    with pytest.raises(evoplay.Error) as caught:
        evoplay.flags.State.from_map("name: x\nnot a map\n")
    assert caught.value.line >= 1


def test_missing_map_file():
    with pytest.raises(evoplay.Error) as caught:
        evoplay.flags.State.from_map("/nonexistent/map.map")
    assert "nonexistent" in str(caught.value)


def test_unknown_bot_spec():
    with pytest.raises(evoplay.Error) as caught:
        evoplay.connect4.Bot("wizard")
    assert "wizard" in caught.value.message


def test_out_of_range_arguments_are_errors_not_crashes(data_dir):
    duel = evoplay.flags.State.from_map(str(data_dir / "flags" / "01-duel.map"))
    for player in (2, -1):
        with pytest.raises(ValueError, match="player: expected 0 or 1"):
            duel.evaluate(player)
        with pytest.raises(ValueError, match="player: expected 0 or 1"):
            evoplay.connect4.State().evaluate(player)
    assert isinstance(duel.evaluate(1), int)
    # A move is player * 8 + action (actions 0-6): 7 and 31 are no move, 30 is player 4's dig.
    for bad in (-5, 7, 31):
        with pytest.raises(ValueError, match="move: expected player \\* 8 \\+ action"):
            evoplay.flags.State.move_name(bad)
    assert evoplay.flags.State.move_name(0) == "1n"
    assert evoplay.flags.State.move_name(30) == "4dig"
    with pytest.raises(IndexError, match=r"cell \(100, 100\)"):
        evoplay.connect4.State().cell(100, 100)
    assert evoplay.connect4.State("4").cell(3, 0) == 1  # 1-based columns in the text, 0-based here


def test_a_table_the_command_line_refuses_is_refused():
    with pytest.raises(evoplay.Error, match="table_mib: expected a number from 1 to 65536"):
        evoplay.connect4.Solver(table_mib=0)


def test_sudoku_lines_in_a_list_are_puzzles():
    r = evoplay.sudoku.solve(["." * 81, "0" * 16])
    assert r.solved == 2
    with pytest.raises(TypeError, match=r"puzzles\[1\]: expected a Puzzle or a text, found int"):
        evoplay.sudoku.solve(["." * 81, 5])
