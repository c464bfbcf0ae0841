"""docs/python.md and docs/getting-started.md run as they read: every `>>>` block of a page, in
order, in one interpreter session (a block may use what an earlier one made), prints what the
page shows.

Blank lines are not compared (a printed board ends with one the page leaves out); times are
masked (`'elapsed': 0.0065`, `0.26 s`, an experiment's mean seconds). A block the page marks
`<!-- not run: WHY -->` on the line before it is skipped. The session's names live in a module
(`__console__`) that a forked process pool finds, so classes the page defines pickle.
"""

import code
import contextlib
import io
import re
import sys
import types

import pytest

TIMES = [(re.compile(r"('(?:elapsed|seconds|cpu_seconds|wall_seconds)': )[0-9.e+-]+"), r"\1T"),
         (re.compile(r"\b[0-9]+(?:\.[0-9]+)? (s|ms|us)\b"), r"T \1"),
         # a row of an experiment's table: its last column is the mean seconds of a run
         (re.compile(r"^(\S+ +\d+ +\d+ \[\d+, \d+\] .*) [0-9]+\.[0-9]+$"), r"\1 T")]


def blocks(page):
    """The `>>>` blocks of a page, without those marked not run."""
    out = []
    for m in re.finditer(r"(<!-- not run: [^>]*-->\n)?```python\n(.*?)```", page, re.S):
        if m.group(1) is None and ">>> " in m.group(2):
            out.append(m.group(2))
    return out


def masked(lines):
    out = []
    for line in lines:
        if not line.strip():
            continue
        for pattern, repl in TIMES:
            line = pattern.sub(repl, line)
        out.append(line.rstrip())
    return out


def transcript(console, block):
    """The block's statements run in `console`, shown as the page shows them: each statement,
    then what it printed (an exception as its last line)."""
    lines, out, i = block.splitlines(), [], 0
    while i < len(lines):
        if not lines[i].startswith(">>> "):
            i += 1
            continue
        stmt = [lines[i]]
        i += 1
        while i < len(lines) and lines[i].startswith("... "):
            stmt.append(lines[i])
            i += 1
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
            more = False
            for s in stmt:
                more = console.push(s[4:])
            if more:
                console.push("")
        text = buf.getvalue()
        if "Traceback" in text:
            text = text.strip().splitlines()[-1] + "\n"
        out.extend(stmt)
        out.extend(text.splitlines())
    return out


@pytest.mark.parametrize("name, least_blocks", [("python.md", 10), ("getting-started.md", 1)])
def test_every_block_of_the_page_prints_what_it_shows(name, least_blocks, data_dir, tmp_path,
                                                      monkeypatch):
    try:
        import gymnasium  # noqa: F401
        pytest.skip("with Gymnasium installed the spaces print as Gymnasium's")
    except ImportError:
        pass
    page = (data_dir.parent / "docs" / name).read_text()
    all_blocks = blocks(page)
    assert len(all_blocks) >= least_blocks
    (tmp_path / "data").symlink_to(data_dir)
    monkeypatch.chdir(tmp_path)
    session = types.ModuleType("__console__")
    monkeypatch.setitem(sys.modules, "__console__", session)
    console = code.InteractiveConsole(locals=session.__dict__)
    for block in all_blocks:
        assert masked(transcript(console, block)) == masked(block.splitlines())


def test_a_changed_output_fails_the_comparison(data_dir, tmp_path, monkeypatch):
    """The comparison can fail: a block whose shown output is wrong does not pass."""
    monkeypatch.chdir(tmp_path)
    console = code.InteractiveConsole()
    block = ">>> 6 * 7\n43\n"
    assert masked(transcript(console, block)) != masked(block.splitlines())
    assert masked(transcript(console, ">>> 6 * 7\n42\n")) == [">>> 6 * 7", "42"]


def documented_calls(page):
    """Each bullet of the reference that starts with a call and its keywords' defaults:
    (dotted name, {keyword: default text}) for `- \\`mod.func(a, k=v, ...)\\``; keywords shown
    without a value (`runs=`) or as `...` are left out."""
    calls = []
    for m in re.finditer(r"^- `([a-z_]+(?:\.[A-Za-z_]+)+)\((.*?)\)`", page, re.M | re.S):
        args, depth, part = [], 0, ""
        for ch in m.group(2).replace("\n", " "):
            if ch == "," and depth == 0:
                args.append(part.strip())
                part = ""
                continue
            depth += ch in "([{"
            depth -= ch in ")]}"
            part += ch
        args.append(part.strip())
        defaults = {}
        for a in args:
            name, eq, value = a.partition("=")
            if eq and value.strip() and value.strip() != "..." and name.strip().isidentifier():
                defaults[name.strip()] = value.strip()
        if defaults:
            calls.append((m.group(1), defaults))
    return calls


def actual_defaults(dotted):
    """A callable's keyword defaults as Python values: its signature (inspect, or the first line
    of a native function's docstring), and the declared settings of the keywords it takes
    through **kwargs (evoplay.settings_fields)."""
    import ast
    import inspect

    import evoplay
    obj = evoplay
    for part in dotted.split("."):
        obj = getattr(obj, part)
    out = {}
    try:
        for p in inspect.signature(obj).parameters.values():
            if p.default is not inspect.Parameter.empty:
                out[p.name] = p.default
    except (TypeError, ValueError):
        first = (obj.__doc__ or "").splitlines()[0]
        for name, value in re.findall(r"(\w+): [^=,]*(?:\[[^\]]*\])? = ((?:\([^)]*\))|[^,)]+)", first):
            try:
                out[name] = ast.literal_eval(value.strip())
            except (ValueError, SyntaxError):
                out[name] = value.strip()
    try:
        for f in evoplay.settings_fields(dotted):
            out.setdefault(f["keyword"], f["default"])
    except KeyError:
        pass
    return out


def test_the_defaults_the_reference_shows_are_the_calls_defaults(data_dir):
    """`- \\`birds.generate(levels=5, blocks=(60, 100), ...)\\``: every default shown is the
    callable's (a changed default fails here until the page follows)."""
    import ast
    page = (data_dir.parent / "docs" / "python.md").read_text()
    calls = documented_calls(page)
    assert len(calls) >= 4, calls
    checked = 0
    for dotted, shown in calls:
        actual = actual_defaults(dotted)
        for name, text in shown.items():
            if name not in actual:
                continue
            try:
                value = ast.literal_eval(text)
            except (ValueError, SyntaxError):
                continue  # an expression such as pop or N: not a default
            got = actual[name]
            if isinstance(got, list):
                got = tuple(got)
            assert value == got, f"docs/python.md: {dotted}({name}={text}) but the default is {got!r}"
            checked += 1
    assert checked >= 20, checked


def test_a_changed_default_in_the_reference_is_found():
    page = "- `birds.generate(levels=5, blocks=(30, 60), tnt=(0, 2))` is ...\n"
    (dotted, shown), = documented_calls(page)
    actual = actual_defaults(dotted)
    assert dotted == "birds.generate" and shown["blocks"] == "(30, 60)"
    assert tuple(actual["blocks"]) != (30, 60) and tuple(actual["tnt"]) == (0, 2)
