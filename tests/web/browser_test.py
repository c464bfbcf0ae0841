#!/usr/bin/python3
"""The playground in a real browser: `evoplay serve` on a free loopback port, driven by
Selenium through headless Chromium (Debian's chromium, chromium-driver, python3-selenium).

Each page_*.py module holds one page's tests (PAGES, run in order); this script starts the
server on real run folders, runs every page's tests in one browser (or those named by --only),
checks that no page logged a console error (a test may allow some: its allowed_console), and
saves a screenshot of each page in OUT_DIR (copied into --docs DIR when given).

usage: browser_test.py EVOPLAY OUT_DIR [--docs DIR] [--only NAME[,NAME...]]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_support import Session, browser, fail, make_run, start_server  # noqa: E402

# The modules in the order their pages are played (the Runs page last but one: it lists the runs
# the others made).
MODULES = ("page_boards", "page_flags", "page_lemmings", "page_birds", "page_runs",
           "page_sudoku", "page_layout")


def pages():
    import importlib
    for name in MODULES:
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), name + ".py")
        if os.path.exists(path):
            yield from importlib.import_module(name).PAGES


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("evoplay")
    parser.add_argument("out")
    parser.add_argument("--docs")
    parser.add_argument("--only", help="the tests to run, by function name (home,birds_play,...)")
    args = parser.parse_args()
    chosen = list(pages())
    if args.only:
        names = args.only.split(",")
        unknown = set(names) - {p.__name__ for p in chosen}
        if unknown:
            fail(f"--only: no test named {', '.join(sorted(unknown))}")
        chosen = [p for p in chosen if p.__name__ in names]
    os.makedirs(args.out, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="evoplay-browser-")
    runs_dir = os.path.join(scratch, "runs")
    os.makedirs(runs_dir)
    make_run(args.evoplay, runs_dir)
    proc, base = start_server(args.evoplay, runs_dir)
    driver = None
    try:
        driver = browser()
        s = Session(driver, base, args.out)
        s.evoplay, s.runs_dir = args.evoplay, runs_dir
        for page in chosen:
            page(s)
            errors = s.console_errors(allowed=getattr(page, "allowed_console", ()))
            if errors:
                fail(f"{page.__name__}: console errors: {json.dumps(errors)}")
        if args.docs:
            os.makedirs(args.docs, exist_ok=True)
            for shot in s.shots:
                shutil.copy(shot, args.docs)
        print(f"browser_test: passed ({len(chosen)} tests); screenshots in {args.out}")
    finally:
        if driver:
            driver.quit()
        proc.terminate()  # SIGTERM: the server stops cleanly
        try:
            code = proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            fail("the server did not stop on SIGTERM")
        shutil.rmtree(scratch, ignore_errors=True)
    if code != 0:
        fail(f"the server ended with status {code}: {proc.stderr.read()[-2000:]}")


if __name__ == "__main__":
    main()
