"""The typed stubs: python/evoplay/_evoplay/*.pyi and py.typed are what python/make_stubs.py makes
from the built module (a changed signature fails here until the stubs are made again), they
parse, every public name of the module has one, and inspect.signature works on evo's calls."""

import ast
import inspect
import pathlib
import subprocess
import sys
import types

import evoplay
from conftest import SOURCE_DIR

PACKAGE = SOURCE_DIR / "python" / "evoplay"


def test_checked_in_stubs_are_what_the_generator_makes():
    done = subprocess.run([sys.executable, str(SOURCE_DIR / "python" / "make_stubs.py"),
                           "--check", "--out", str(PACKAGE)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr + \
        "\nrun: PYTHONPATH=<build>/python python3 python/make_stubs.py"


def stub_names(path):
    tree = ast.parse(path.read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        elif isinstance(node, ast.ImportFrom):
            names.update(a.asname or a.name for a in node.names)
    return names, tree


def test_every_public_name_has_a_stub_that_parses():
    assert (PACKAGE / "py.typed").exists()
    modules = {"__init__": evoplay._evoplay}
    modules.update({n: m for n, m in vars(evoplay._evoplay).items()
                    if isinstance(m, types.ModuleType)})
    assert {"connect4", "tictactoe", "flags", "evo", "sudoku", "lemmings", "birds"} <= set(modules)
    for name, module in modules.items():
        names, tree = stub_names(PACKAGE / "_evoplay" / (name + ".pyi"))
        public = {n for n in vars(module) if not n.startswith("_")}
        assert public <= names, (name, sorted(public - names))
        classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
        for cname, node in classes.items():  # and every public method of every class
            members = {m.name for m in node.body if isinstance(m, ast.FunctionDef)} | \
                      {m.target.id for m in node.body if isinstance(m, ast.AnnAssign)}
            cls = getattr(module, cname)
            assert {n for n in vars(cls) if not n.startswith("_")} <= members, cname


def test_stubs_say_real_signatures():
    text = (PACKAGE / "_evoplay" / "connect4.pyi").read_text()
    assert "def play(self, move: int) -> None: ..." in text
    assert "def __init__(self, moves: str = ...) -> None: ..." in text
    assert "def __setstate__(self" in text  # pickling is part of the interface
    assert "def solve(position: Union[State, str], weak: bool = ..., seconds: float = ...) -> Any: ..." in text


def test_signature_of_the_optimisers():
    sig = inspect.signature(evoplay.evo.GA)
    assert list(sig.parameters)[0] == "problem"
    assert sig.parameters["population"].default == 100
    assert sig.parameters["selection"].default == "tournament:3"
    assert sig.parameters["callback"].kind is inspect.Parameter.KEYWORD_ONLY
    assert inspect.signature(evoplay.evo.CRO).parameters["generations"].default == 100
    assert "ants" in inspect.signature(evoplay.evo.ACO).parameters
    assert evoplay.evo.GA.__doc__.startswith("GA(problem")
    # every keyword the signature names is taken (and a wrong one is still the native error)
    sig.bind(evoplay.evo.OneMax(5), population=10, seed=2, callback=None)
    r = evoplay.evo.GA(evoplay.evo.OneMax(8), population=10, generations=3, seed=2).run()
    assert r.generations <= 3 and r.best_fitness <= 8


def test_declared_keywords_are_typed_in_the_stubs():
    """A call that takes its declared settings as **kwargs (evo.GA, birds.generate, ...) lists
    each keyword with its Python type in its stub, so that a type checker catches a misspelt
    keyword or a value of the wrong type."""
    checked = 0
    for name in evoplay.settings_names:
        module, call = name.split(".")
        tree = ast.parse((PACKAGE / "_evoplay" / f"{module}.pyi").read_text())
        node = next(n for n in tree.body if getattr(n, "name", None) == call)
        if isinstance(node, ast.ClassDef):
            node = next(n for n in node.body if getattr(n, "name", None) == "__init__")
        assert node.args.kwarg is None, f"{name}: **kwargs left in its stub"
        typed = {a.arg: ast.unparse(a.annotation) for a in node.args.kwonlyargs}
        for f in evoplay.settings_fields(name):
            assert typed.get(f["keyword"]) == f["type"], (name, f["keyword"], typed.get(f["keyword"]))
            checked += 1
    assert checked >= 100, checked
