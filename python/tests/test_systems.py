"""The seeds' systems from Python give the command line's answers for the same inputs and seed:
a Lemmings plan's report, a Birds simulation report, Sudoku solutions (exact and GA), and the
Lemmings study's tables from units run anywhere."""

import json

import numpy as np
import pytest

import evoplay
from conftest import study_tables, without
from evoplay import birds, lemmings, sudoku

PNG = b"\x89PNG\r\n\x1a\n"


TIMES = ("seconds", "micros", "elapsed", "cpu_seconds", "simulation_seconds")


# Sudoku

def test_sudoku_parse_names_a_bad_line():
    with pytest.raises(evoplay.Error) as caught:
        sudoku.parse("# two puzzles\n" + "." * 81 + "\n" + "1" * 80 + "x\n", "mine.txt")
    assert caught.value.file == "mine.txt" and caught.value.line == 3


def test_sudoku_exact_solutions_match_the_command_line(data_dir, evoplay_cli, tmp_path):
    lines = (data_dir / "sudoku" / "qqwing_easy_50.txt").read_text().splitlines()[:3]
    path = tmp_path / "three.txt"
    path.write_text("\n".join(lines) + "\n")
    mine = sudoku.solve(sudoku.load(str(path)))
    assert mine.solved == 3
    cli = [json.loads(l) for l in evoplay_cli("sudoku", "solve", path, "--json").stdout.splitlines()]
    assert without(mine.puzzles, *TIMES) == without(cli[:3], *TIMES)
    for puzzle, solution in zip(lines, mine.solutions):
        assert all(p in ".0" or p == s for p, s in zip(puzzle, solution))


def test_sudoku_ga_matches_the_command_line_for_a_seed(data_dir, evoplay_cli, tmp_path):
    line = (data_dir / "sudoku" / "qqwing_easy_50.txt").read_text().splitlines()[0]
    path = tmp_path / "one.txt"
    path.write_text(line + "\n")
    mine = sudoku.solve(line, method="ga", seed=5, population=30, generations=15)
    cli = json.loads(evoplay_cli("sudoku", "solve", path, "--method", "ga", "--seed", 5,
                                 "--population", 30, "--generations", 15,
                                 "--json").stdout.splitlines()[0])
    assert without(mine.puzzles[0], *TIMES) == without(cli, *TIMES)


def test_sudoku_ga_islands_match_the_command_line(data_dir, evoplay_cli, tmp_path):
    line = (data_dir / "sudoku" / "qqwing_easy_50.txt").read_text().splitlines()[0]
    path = tmp_path / "one.txt"
    path.write_text(line + "\n")
    mine = sudoku.solve(line, method="ga", seed=5, population=10, generations=15, islands=3,
                        migration_interval=4, migrants=2, topology="fully-connected", threads=2)
    cli = json.loads(evoplay_cli("sudoku", "solve", path, "--method", "ga", "--seed", 5,
                                 "--population", 10, "--generations", 15, "--islands", 3,
                                 "--migration-interval", 4, "--migrants", 2, "--topology",
                                 "fully-connected", "--json").stdout.splitlines()[0])
    assert without(mine.puzzles[0], *TIMES) == without(cli, *TIMES)
    assert mine.puzzles[0]["evaluations"] > 3 * 10  # three islands evolved
    with pytest.raises(evoplay.Error):
        sudoku.solve(line, method="ga", islands=2, topology="star")


# Lemmings

def level_and_plan(data_dir):
    level = data_dir / "lemmings" / "easy-01-down-the-hole.lvl"
    plan = data_dir / "lemmings" / "solutions" / "easy-01-down-the-hole.plan"
    return level, plan


def test_lemmings_run_is_the_command_lines_report(data_dir, evoplay_cli):
    level, plan = level_and_plan(data_dir)
    mine = lemmings.run(lemmings.Level.load(str(level)), lemmings.Plan.load(str(plan)))
    cli = evoplay_cli.json("lemmings", "run", level, "--plan", plan, "--json")
    assert mine == cli
    assert mine == lemmings.run(lemmings.Level.parse(level.read_text()),
                                lemmings.Plan.parse(plan.read_text()))


def test_lemmings_trace_follows_every_lemming(data_dir):
    level, plan = level_and_plan(data_dir)
    lvl, pln = lemmings.Level.load(str(level)), lemmings.Plan.load(str(plan))
    trace = lemmings.trace(lvl, pln)
    report = lemmings.run(lvl, pln)
    assert trace.shape[1:] == (lvl.lemmings, 2) and trace.dtype == np.int32
    assert (trace[0, 1:] == -1).all()  # only the first lemming is out after step 0
    out = trace[:, :, 0] >= 0
    assert out[:, 0].any()
    assert (trace[:, :, 0] < lvl.width).all() and (trace[:, :, 1] < lvl.height).all()
    assert not out[-1].any() or report  # at the end every lemming is saved, dead or still out


def test_lemmings_level_error_names_the_line(data_dir):
    text = (data_dir / "lemmings" / "easy-01-down-the-hole.lvl").read_text().splitlines()
    text[1] = "nonsense: 1"
    with pytest.raises(evoplay.Error) as caught:
        lemmings.Level.parse("\n".join(text), "bad.lvl")
    assert caught.value.file == "bad.lvl" and caught.value.line == 2


def test_lemmings_png(data_dir):
    level, plan = level_and_plan(data_dir)
    png = lemmings.render_png(lemmings.Level.load(str(level)), lemmings.Plan.load(str(plan)))
    assert png.startswith(PNG)


def test_lemmings_gif_is_the_command_lines(data_dir, evoplay_cli, tmp_path):
    level, plan = level_and_plan(data_dir)
    lv, pl = lemmings.Level.load(str(level)), lemmings.Plan.load(str(plan))
    gif = lemmings.render_gif(lv, pl, delay=20, scale=8)
    assert gif.startswith(b"GIF89a")
    out = tmp_path / "replay.gif"
    evoplay_cli("lemmings", "render", level, "--plan", plan, "--image", out, "--delay", 20,
                "--scale", 8)
    assert gif == out.read_bytes()  # the same replay, byte for byte
    assert gif != lemmings.render_gif(lv, pl)  # the delay and scale were used
    with pytest.raises(evoplay.Error, match="step: one frame is a PNG picture"):
        lemmings.render_gif(lv, pl, step=3)


def test_lemmings_study_units_give_the_command_lines_tables(data_dir, evoplay_cli, tmp_path):
    level = str(data_dir / "lemmings" / "easy-01-down-the-hole.lvl")
    study = lemmings.Study([level], methods="ga,aco", fitness="heuristic", runs=2,
                           evaluations=200, population=10, seed=3)
    assert study.units == 4
    results = [study.run_unit(i) for i in reversed(range(study.units))]  # any order
    mine = study.summarize(results)
    out = evoplay_cli("lemmings", "compare", "--levels", level, "--methods", "ga,aco", "--fitness",
                      "heuristic", "--runs", 2, "--evaluations", 200, "--population", 10,
                      "--seed", 3, "--out", tmp_path / "run").stdout
    assert study_tables(mine["markdown"]) == study_tables(out)


# Birds

def test_birds_simulate_is_the_command_lines_report(data_dir, evoplay_cli):
    path = data_dir / "birds" / "sciencebirds_level-1.xml"
    level = birds.Level.load(str(path))
    mine = birds.simulate(level, game_seconds=2, damage=False, thin_skin=True)
    cli = json.loads(evoplay_cli("birds", "simulate", path, "--game-seconds", 2, "--no-damage",
                                 "--thin-skin", "--json").stdout)
    cli.pop("file")
    assert mine == cli
    # The keywords are the options' (one declaration): the old seconds= still works, warned.
    with pytest.warns(DeprecationWarning, match="game_seconds"):
        assert birds.simulate(level, seconds=2) == birds.simulate(level, game_seconds=2)
    with pytest.raises(TypeError, match="game_seconds"):
        birds.simulate(level, game_second=2)
    with pytest.raises(evoplay.Error, match="game_seconds"):
        birds.simulate(level, game_seconds=0)


def test_birds_level_round_trip_and_picture(data_dir):
    level = birds.Level.load(str(data_dir / "birds" / "sciencebirds_level-4.xml"))
    again = birds.Level.parse(level.to_xml())
    assert again == level and level.pieces > 0
    assert level._repr_png_().startswith(PNG)


def test_levels_and_plans_say_what_they_hold(data_dir):
    # Counted from the files themselves: level-1 holds <Bird> x3, <Block> x2, <Pig> x1, <TNT> x1.
    path = data_dir / "birds" / "sciencebirds_level-1.xml"
    text = path.read_text(encoding="utf-8")  # the header says utf-16; the bytes are ASCII
    counts = [text.count(f"<{tag} ") + text.count(f"<{tag}/") for tag in ("Bird", "Pig", "Block")]
    assert counts == [3, 1, 2]
    assert repr(birds.Level.load(str(path))) == \
        "<birds.Level 3 birds, 1 pig, 2 blocks, 1 TNT, 0 platforms>"
    level = lemmings.Level.load(str(data_dir / "lemmings" / "easy-01-down-the-hole.lvl"))
    head = (data_dir / "lemmings" / "easy-01-down-the-hole.lvl").read_text()
    assert f"lemmings: {level.lemmings}" in head and f"save: {level.save}" in head
    assert repr(level) == (f"<lemmings.Level 'Down the hole', {level.lemmings} lemmings, "
                           f"{level.save} to save>")
    assert repr(lemmings.Plan.parse("9 digger")) == "<lemmings.Plan 9 digger (1 gene)>"
    many = lemmings.Plan.parse("\n".join(f"{10 * k} digger" for k in range(1, 9)))
    assert repr(many) == ("<lemmings.Plan 10 digger; 20 digger; 30 digger; 40 digger; 50 digger; "
                          "60 digger; ... (8 genes)>")


def test_birds_diversity_is_the_command_lines(data_dir, evoplay_cli):
    files = sorted((data_dir / "birds").glob("sci*.xml"))
    levels = [birds.Level.load(str(p)) for p in files]
    d = birds.diversity(levels, matrix=True)
    assert d["levels"] == len(levels) == 3
    assert len(d["structural_matrix"]) == 3 and d["structural_matrix"][0][0] == 0
    s = d["structural"]
    assert s["min"] <= s["mean"] <= s["max"]
    # The command's --json, key for key, but its files.
    cli = evoplay_cli.json("birds", "diversity", *files, "--json", "--matrix")
    assert cli.pop("files") == [str(f) for f in files]
    assert d == cli
    assert "structural_matrix" not in birds.diversity(levels)  # as without --matrix
    two = birds.diversity([levels[0], levels[0]])
    assert two["structural"]["max"] == 0 and two["level"]["min"] == 0


def test_birds_check_is_the_command_lines(data_dir, evoplay_cli):
    # sciencebirds_level-1.xml starts with a block sunk 0.015 into another, a pig 0.125 into a
    # block and TNT 0.83 into the ground (the game's own file).
    path = data_dir / "birds" / "sciencebirds_level-1.xml"
    level = birds.Level.load(str(path))
    c = birds.check(level)
    assert not c["ok"] and c["overlap_count"] == 3 and c["outside"] == []
    done = evoplay_cli("birds", "check", path, "--json", check=False)
    assert done.returncode == 3  # problems found
    cli = json.loads(done.stdout)
    assert cli.pop("file") == str(path)
    assert c == cli
    # A tolerance above the deepest overlap: nothing left, as --tolerance 0.9.
    assert birds.check(level, tolerance=0.9)["ok"]
    assert birds.check(level, tolerance=0.1)["overlap_count"] == 2
    with pytest.raises(evoplay.Error, match="tolerance: expected a number from 0 to 10"):
        birds.check(level, tolerance=11)


def test_birds_render_png_is_the_command_lines(data_dir, evoplay_cli, tmp_path):
    files = sorted((data_dir / "birds").glob("sci*.xml"))
    levels = [birds.Level.load(str(p)) for p in files]
    names = [p.stem for p in files]  # as the command captions them
    for chosen, keywords, options in (
            (levels[:1], {}, []),
            (levels, {"width": 200, "columns": 2}, ["--width", 200, "--columns", 2]),
            (levels, {"after": True, "game_seconds": 2}, ["--after", "--game-seconds", 2])):
        png = birds.render_png(chosen, names[:len(chosen)], **keywords)
        out = tmp_path / "sheet.png"
        evoplay_cli("birds", "render", *files[:len(chosen)], "--image", out, *options)
        assert png == out.read_bytes(), keywords  # the same picture, byte for byte
    assert birds.render_png(levels[:1]) != birds.render_png(levels[:1], width=300)
    with pytest.raises(evoplay.Error, match="width: expected a whole number from 120 to 8000"):
        birds.render_png(levels, width=50)
    with pytest.raises(evoplay.Error, match="names: 1 names for 3 levels"):
        birds.render_png(levels, ["one"])
    with pytest.raises(evoplay.Error, match="format: render_png writes PNG"):
        birds.render_png(levels, format="svg")


def test_birds_bad_xml_is_an_error():
    with pytest.raises(evoplay.Error):
        birds.Level.parse("<Level><Birds><Bird type=", "bad.xml")


def test_lemmings_solve_is_the_command_lines_result(data_dir, evoplay_cli, tmp_path):
    path = data_dir / "lemmings" / "easy-01-down-the-hole.lvl"
    mine = lemmings.solve(lemmings.Level.load(str(path)), method="ga", evaluations=300, seed=2)
    cli = evoplay_cli.json("lemmings", "solve", path, "--method", "ga", "--evaluations", 300,
                           "--seed", 2, "--json", "--out", tmp_path / "run")
    assert without(mine["result"], *TIMES) == without(cli, *TIMES, "run_dir")
    assert str(mine["best"]) == cli["best_plan"]


def test_lemmings_solve_on_islands_is_the_command_lines_result(data_dir, evoplay_cli, tmp_path):
    path = data_dir / "lemmings" / "easy-04-two-walls.lvl"
    mine = lemmings.solve(lemmings.Level.load(str(path)), method="cro", evaluations=400,
                          population=12, islands=2, migration_interval=3, seed=2, threads=2)
    cli = evoplay_cli.json("lemmings", "solve", path, "--method", "cro", "--evaluations", 400,
                           "--population", 12, "--islands", 2, "--migration-interval", 3,
                           "--seed", 2, "--json", "--out", tmp_path / "run")
    assert without(mine["result"], *TIMES) == without(cli, *TIMES, "run_dir")


def test_lemmings_study_run_equals_its_units(data_dir):
    level = str(data_dir / "lemmings" / "easy-02-up-the-stairs.lvl")
    kw = dict(methods="cro,aco", fitness="original", runs=2, evaluations=150, population=10, seed=4)
    study = lemmings.Study([level], **kw)
    whole = study.run(threads=2)
    parts = study.summarize([study.run_unit(i) for i in range(study.units)])
    assert study_tables(whole["markdown"]) == study_tables(parts["markdown"])


def test_tictactoe_learn_is_the_command_lines_run(evoplay_cli, tmp_path):
    from evoplay import tictactoe
    mine = tictactoe.learn(str(tmp_path / "py"), preset="strong", seed=3, threads=1, cycles=6,
                           measure_every=3)
    cli = evoplay_cli.json("tictactoe", "learn", "--preset", "strong", "--seed", 3, "--threads",
                           1, "--cycles", 6, "--measure-every", 3, "--json",
                           "--out", tmp_path / "cli")
    assert mine["run_dir"] == str(tmp_path / "py")
    assert without(mine, *TIMES, "run_dir") == without(cli, *TIMES, "run_dir")
    assert (tmp_path / "py" / "result.json").exists()


def test_tictactoe_learn_resumes_as_the_command_line(evoplay_cli, tmp_path):
    from evoplay import tictactoe
    first = dict(preset="strong", seed=3, threads=1, cycles=4, measure_every=2)
    tictactoe.learn(str(tmp_path / "py"), **first)
    evoplay_cli("tictactoe", "learn", "--preset", "strong", "--seed", 3, "--threads", 1,
                "--cycles", 4, "--measure-every", 2, "--quiet", "--out", tmp_path / "cli")
    mine = tictactoe.learn(resume=str(tmp_path / "py"), cycles=8)
    cli = evoplay_cli.json("tictactoe", "learn", "--resume", tmp_path / "cli", "--cycles", 8,
                           "--json")
    assert mine["cycles"] == 8
    assert without(mine, *TIMES, "run_dir") == without(cli, *TIMES, "run_dir")
    assert ((tmp_path / "py" / "history.csv").read_text().count("\n")
            == (tmp_path / "cli" / "history.csv").read_text().count("\n"))
    with pytest.raises(evoplay.Error):  # only the run's limits may change
        tictactoe.learn(resume=str(tmp_path / "py"), cycles=20, agents=10)
    with pytest.raises(evoplay.Error):
        tictactoe.learn(resume=str(tmp_path / "nothing-here"))


def test_sudoku_check_counts_solutions_as_the_command_line(data_dir, evoplay_cli, tmp_path):
    unique = (data_dir / "sudoku" / "qqwing_easy_50.txt").read_text().splitlines()[0]
    several = "." * 81
    none = "12345678." + "........9" + "." * 63  # r1c9 can only be 9, which its column has
    path = tmp_path / "three.txt"
    path.write_text("\n".join([unique, several, none]) + "\n")
    mine = sudoku.check(sudoku.load(str(path)))
    assert [r["solutions"] for r in mine["results"]] == [1, 2, 0]
    cli = [json.loads(l) for l in evoplay_cli("sudoku", "check", path, "--json").stdout.splitlines()]
    assert mine["results"] == cli
