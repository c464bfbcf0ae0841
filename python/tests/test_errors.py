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
