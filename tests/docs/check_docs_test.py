#!/usr/bin/env python3
"""scripts/check-docs on the project's docs, and on small pages that are wrong on purpose.

  check_docs_test.py EVOPLAY_BINARY

The docs must pass. Each wrong page (a dead link, a missing anchor, an option the command does
not have, a bool written `--x on`, a default the program does not give, an output the program
does not print) must make check-docs fail and name the page, the line and the problem; the same
pages made right must pass, so the failures come from the wrong line and not from the setup.
Timings in shown outputs are masked: a shown output whose times differ still passes.
"""

import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
CHECK = ROOT / "scripts" / "check-docs"
BINARY = None

GOOD = textwrap.dedent("""\
    # A page

    ## Options of serve

    See [the other page](other.md#second-part) and [this part](#options-of-serve).

    ```sh
    evoplay serve --port 8080 --runs-dir runs
    evoplay tictactoe learn --cycles 10 --symmetry --no-sharing
    ```

    One game: `evoplay connect4 play --x random --o random --games 1`.

    <!-- check: run -->
    ```console
    $ echo 4455 | evoplay connect4 solve --quiet
    4455 18 3 ...
    $ echo 4455 | evoplay connect4 solve > /dev/null
    1 position solved in 9.999 s (mean 1234.5 us, 3 nodes)
    $ evoplay help serve --markdown | grep -e --port
    | `--port` | N | `8080` | port (0: any free port) (from 0 to 65535) |
    ```

    <!-- options: serve -->
    {table}<!-- end options -->
    """)

OTHER = "# Other\n\n## First part\n\n## Second part\n\nBack to [the start](../README.md).\n"

# A block too long for the tests, shown wrong: only --long runs it.
LONG = ("# Long\n\n<!-- check: long -->\n```console\n$ echo 4455 | evoplay connect4 solve --quiet\n"
        "4455 17 3 ...\n```\n")

# Wrong pages, each wrong in one place: (page, what check-docs must say about it).
WRONG = [
    ("See [the other page](missing.md#second-part).\n", "link to missing.md"),
    ("See [the other page](other.md#third-part).\n", "no heading #third-part"),
    ("## Here\n\nSee [this part](#there).\n", "no heading #there"),
    ("```sh\nevoplay serve --port 8080 --runs runs\n```\n",
     "`evoplay serve` has no option --runs"),
    ("```sh\nevoplay tictactoe learn --cycles 10 --symmetry on\n```\n",
     "--symmetry is a flag"),
    ("One game: `evoplay connect4 play --x random --o random --game 1`.\n",
     "`evoplay connect4 play` has no option --game"),
    ("The bool `--sharing on` of learning.\n", "--sharing is a flag"),
    ("An option `--algos` no command has.\n", "--algos: no command has this option"),
    ("```sh\nevoplay lemmings solvee LEVEL --seed 1\n```\n",
     "`evoplay lemmings solvee`: no such command"),
    ("<!-- check: run -->\n```console\n$ echo 4455 | evoplay connect4 solve --quiet\n"
     "4455 17 3 ...\n```\n",
     "`echo 4455 | evoplay connect4 solve --quiet` printed other than shown"),
    ("<!-- check: run -->\n```console\n$ echo 4455 | evoplay connect4 solve > /dev/null\n"
     "1 position solved in 0.001 s (mean 745.0 us, 4 nodes)\n```\n", "printed other than shown"),
    ("<!-- check: run -->\n```console\n$ evoplay help serve --markdown | grep -e --port\n"
     "| `--port` | N | `8081` | port (0: any free port) (from 0 to 65535) |\n```\n", "printed other than shown"),
    ("<!-- options: serve -->\n{table80}<!-- end options -->\n",
     "options table of 'serve' is not what the program says"),
]


def start_check(root, *extra):
    return subprocess.Popen([sys.executable, str(CHECK), "--binary", BINARY, "--root",
                             str(root), *extra], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def make_root(pages):
    root = pathlib.Path(tempfile.mkdtemp(prefix="check-docs-test-"))
    (root / "docs").mkdir()
    (root / "README.md").write_text("# Readme\n\n[Docs](docs/other.md)\n")
    (root / "docs" / "other.md").write_text(OTHER)
    for name, text in pages.items():
        (root / "docs" / name).write_text(text)
    return root


RESULTS = {}


def setUpModule():
    """Starts the checks at once (the program is slow to start under the sanitizers): the
    project's docs; one tree of small pages, the right one and every wrong one; and the long
    page alone with --long."""
    table = subprocess.run([BINARY, "help", "serve", "--markdown"], capture_output=True,
                           text=True, check=True).stdout
    assert "| `--port` | N | `8080` |" in table
    pages = {f"w{k}.md": "# Wrong\n\n" + text.replace(
        "{table80}", table.replace("`8080`", "`80`")) for k, (text, _) in enumerate(WRONG)}
    pages["a.md"] = GOOD.replace("{table}", table)
    pages["long.md"] = LONG
    roots = {"pages": make_root(pages), "long": make_root({"long.md": LONG})}
    # The docs' option tables are checked in-process by tests/cli/docs_options_test.cpp.
    procs = {"project": start_check(ROOT, "--no-tables"), "pages": start_check(roots["pages"]),
             "long --long": start_check(roots["long"], "--long")}
    for name, proc in procs.items():
        out, _ = proc.communicate(timeout=600)
        RESULTS[name] = (proc.returncode, out)
    for root in roots.values():
        shutil.rmtree(root)


def problems_of(page):
    return [line for line in RESULTS["pages"][1].splitlines()
            if line.startswith(f"docs/{page}:")]


class SyntheticDocs(unittest.TestCase):
    def test_a_right_page_passes(self):
        self.assertEqual(problems_of("a.md"), [], RESULTS["pages"][1])

    def test_every_wrong_page_fails_on_its_line(self):
        status, out = RESULTS["pages"]
        self.assertEqual(status, 1, out)
        for k, (text, said) in enumerate(WRONG):
            with self.subTest(page=f"w{k}.md", wrong=text):
                mine = problems_of(f"w{k}.md")
                self.assertEqual(len(mine), 1, out)
                self.assertIn(said, mine[0])
        self.assertIn(f"{len(WRONG)} problem(s)", out)

    def test_a_long_block_runs_only_with_long(self):
        self.assertEqual(problems_of("long.md"), [], RESULTS["pages"][1])
        status, out = RESULTS["long --long"]
        self.assertEqual(status, 1, out)
        self.assertIn("docs/long.md:5: `echo 4455 | evoplay connect4 solve --quiet` printed "
                      "other than shown", out)


class ProjectDocs(unittest.TestCase):
    def test_the_docs_say_what_the_program_does(self):
        status, out = RESULTS["project"]
        self.assertEqual(status, 0, out)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: check_docs_test.py EVOPLAY_BINARY")
    BINARY = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
