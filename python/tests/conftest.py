"""Shared fixtures: where the sources (data/) and the built program are, and running the program
as a user would (to compare the module's answers with the command line's for the same seed)."""

import json
import os
import pathlib
import subprocess
import sys

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("EVOPLAY_SOURCE_DIR",
                                         pathlib.Path(__file__).resolve().parents[2]))


@pytest.fixture
def data_dir():
    return SOURCE_DIR / "data"


@pytest.fixture
def evoplay_cli():
    """run(*args) -> CompletedProcess of the evoplay program (skips when it was not built)."""
    binary = os.environ.get("EVOPLAY_BINARY")
    if not binary or not os.path.exists(binary):
        pytest.skip("EVOPLAY_BINARY is not set to the built program")

    def run(*args, check=True):
        return subprocess.run([binary, *map(str, args)], capture_output=True, text=True,
                              check=check, timeout=600)

    run.json = lambda *args: json.loads(run(*args).stdout)
    return run


def run_python(code, timeout=300):
    """Runs `code` in a fresh interpreter with this one's environment (for signals)."""
    return subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def study_tables(text):
    """The tables of a Lemmings study's Markdown, without its closing line of times."""
    return "\n".join(line for line in text.strip().splitlines()
                     if "evaluations per second" not in line
                     and not line.startswith("run folder")).strip()


def without(d, *keys):
    """`d` without the keys named, at any depth (timings, before comparing two results)."""
    if isinstance(d, dict):
        return {k: without(v, *keys) for k, v in d.items() if k not in keys}
    if isinstance(d, list):
        return [without(v, *keys) for v in d]
    return d
