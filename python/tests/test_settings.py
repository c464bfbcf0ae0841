"""Keyword arguments bound from the library's declarations: every declared field is a keyword
with the command line's name, limits and messages; unknown keywords are TypeErrors naming the
nearest; renamed keywords still work with a DeprecationWarning; the settings a call would use
can be read (evoplay.settings) and agree with the command line's config.json."""

import json
import warnings

import pytest

import evoplay


def _base(name, keyword):
    """What a field needs beside it: Sudoku's GA fields apply to method ga, CRO's to cro."""
    if name == "sudoku.solve":
        return {"method": "cro" if keyword.startswith("cro_") else "ga"}
    return {}


@pytest.mark.parametrize("name", evoplay.settings_names)
def test_every_declared_field_is_a_keyword_that_takes_its_default(name):
    fields = evoplay.settings_fields(name)
    assert fields, name
    for f in fields:
        if f["default"] is None:
            continue  # an optional field: not given
        base = _base(name, f["keyword"])
        if f["keyword"] in base:
            continue
        given = evoplay.settings(name, **base, **{f["keyword"]: f["default"]})
        assert given == evoplay.settings(name, **base), f["keyword"]


@pytest.mark.parametrize("name", evoplay.settings_names)
def test_keywords_and_options_are_the_same_names(name):
    for f in evoplay.settings_fields(name):
        assert f["option"] == "--" + f["keyword"].replace("_", "-")
        assert f["help"], f["keyword"]


def test_an_unknown_keyword_names_the_nearest():
    with pytest.raises(TypeError, match="popluation.*did you mean 'population'"):
        evoplay.evo.GA(evoplay.evo.OneMax(8), popluation=10)
    with pytest.raises(TypeError, match="cro_gama.*did you mean 'cro_gamma'"):
        evoplay.settings("lemmings.solve", cro_gama=0.5)


def test_a_bad_value_is_refused_in_the_command_lines_words():
    with pytest.raises(evoplay.Error,
                       match=r"^population: expected a whole number from 2 to 1000000, found 1$"):
        evoplay.evo.GA(evoplay.evo.OneMax(8), population=1)
    with pytest.raises(evoplay.Error, match=r"^crossover_rate: expected a number from 0 to 1"):
        evoplay.settings("evo.GA", crossover_rate=float("nan"))
    with pytest.raises(evoplay.Error, match=r"^cro_gamma: expected a number from 0 to 1"):
        evoplay.settings("lemmings.solve", cro_gamma=2)
    with pytest.raises(evoplay.Error, match=r"^method: expected cro, ga or aco"):
        evoplay.settings("lemmings.solve", method="pso")


def test_a_setting_for_another_method_is_refused_by_the_library():
    with pytest.raises(evoplay.Error, match=r"^population: applies to method ga or cro only"):
        evoplay.sudoku.solve("." * 81, population=10)
    with pytest.raises(evoplay.Error, match=r"^cro_gamma: applies to method cro only"):
        evoplay.settings("lemmings.solve", method="ga", cro_gamma=0.5)


def test_a_preset_applies_before_the_keywords_given_over_it():
    strong = evoplay.settings("sudoku.solve", method="ga", preset="strong")
    assert strong["population"] == 40 and strong["restricted"] is True
    over = evoplay.settings("sudoku.solve", method="ga", preset="strong", population=12)
    assert over["population"] == 12 and over["restricted"] is True


def test_sudoku_cro_gamma_follows_the_mutation_rate_as_on_the_command_line():
    # The thesis preset's gamma is the GA's mutation rate; another preset keeps its own unless
    # mutation_rate is given; cro_gamma given wins.
    thesis = evoplay.settings("sudoku.solve", method="cro", cro_preset="thesis")
    assert thesis["cro"]["gamma"] == thesis["mutation_rate"]
    default = evoplay.settings("sudoku.solve", method="cro")
    assert default["cro"]["gamma"] == 1.0
    both = evoplay.settings("sudoku.solve", method="cro", mutation_rate=0.3, cro_gamma=0.7)
    assert both["cro"]["gamma"] == 0.7


def test_renamed_keywords_still_work_with_a_warning(data_dir):
    level = evoplay.lemmings.Level.load(str(data_dir / "lemmings" / "easy-01-down-the-hole.lvl"))
    with pytest.warns(DeprecationWarning, match="'algo' is now 'method'"):
        old = evoplay.lemmings.solve(level, algo="ga", evaluations=300)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        new = evoplay.lemmings.solve(level, method="ga", evaluations=300)
    assert old["result"] == new["result"] or _same_but_time(old["result"], new["result"])
    with pytest.warns(DeprecationWarning, match="'brooding_mutation' is now 'gamma'"):
        evoplay.evo.CRO(evoplay.evo.OneMax(8), brooding_mutation=0.2, generations=1)


def _same_but_time(a, b):
    def strip(x):
        if isinstance(x, dict):
            return {k: strip(v) for k, v in x.items() if "seconds" not in k and k != "elapsed"}
        if isinstance(x, list):
            return [strip(v) for v in x]
        return x
    return strip(a) == strip(b)


def test_the_settings_agree_with_the_command_lines_config(evoplay_cli, data_dir, tmp_path):
    level = data_dir / "lemmings" / "easy-02-up-the-stairs.lvl"
    out = tmp_path / "run"
    evoplay_cli("lemmings", "solve", level, "--method", "ga", "--evaluations", 200, "--population",
                20, "--selection", "tournament:2", "--seed", 5, "--threads", 1, "--out", out,
                "--quiet")
    config = json.loads((out / "config.json").read_text())
    mine = evoplay.settings("lemmings.solve", method="ga", evaluations=200, population=20,
                            selection="tournament:2", seed=5)
    assert config["solver"]["algorithm"] == mine["method"]
    assert config["solver"]["population"] == mine["population"]
    assert config["solver"]["ga"]["selection"] == mine["selection"]
