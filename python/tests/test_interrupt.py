"""Ctrl-C in a long call raises KeyboardInterrupt promptly: a search or solve running without
the GIL, a native optimiser, an optimiser over a Python problem, the Birds generator, the
diversity of a set of Birds levels and a Sudoku experiment."""

import signal
import time

import pytest

from conftest import SOURCE_DIR, run_python

BIRDS_LEVEL = str(SOURCE_DIR / "data" / "birds" / "sciencebirds_level-4.xml")

LONG_CALLS = {
    "solve": "evoplay.connect4.solve('')",  # the empty board: minutes
    "search": "evoplay.connect4.Bot('alphabeta:600s').choose(evoplay.connect4.State())",
    "native_ga": "evoplay.evo.GA(evoplay.evo.OneMax(100000), generations=10**9).run()",
    "python_ga": (
        "evoplay.evo.GA(type('P', (evoplay.evo.Problem,), {'fitness': lambda s, g: 0.0})"
        "(genome='bits', size=10), generations=10**9).run()"),
    "birds_generate": "evoplay.birds.generate(generations=10**6, max_generations=10**7)",
    "sudoku_experiment": "evoplay.sudoku.experiment('.' * 81, runs=10**6, generations=10**6)",
    # 3,000 levels: minutes of pairs (it held the GIL and ignored Ctrl-C).
    "birds_diversity": f"evoplay.birds.diversity([evoplay.birds.Level.load({BIRDS_LEVEL!r})] * 3000)",
}


@pytest.mark.parametrize("call", sorted(LONG_CALLS))
def test_ctrl_c_raises_keyboard_interrupt(call):
    code = ("import evoplay, sys\n"
            "try:\n"
            "    print('started', flush=True)\n"
            "    " + LONG_CALLS[call] + "\n"
            "except KeyboardInterrupt:\n"
            "    print('interrupted', flush=True)\n"
            "    sys.exit(3)\n")
    proc = run_python(code)
    assert proc.stdout.readline().strip() == "started"
    time.sleep(0.5)  # inside the call (or about to be: the signal is then seen on entry)
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=120)
    except Exception:
        proc.kill()
        raise
    assert proc.returncode == 3, err
    assert "interrupted" in out
