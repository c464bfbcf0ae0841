"""scripts/install-deps against stand-ins for dpkg-query and apt-get (first on the PATH): on a
machine that has never heard of the packages (dpkg-query exits 1 and lists nothing) it installs
every one of them; where all are installed it calls apt-get not at all; a failing apt-get ends
it with a message that names the step, and an unknown option with status 2. Nothing is
installed for real."""

import os
import pathlib
import re
import stat
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "install-deps"
# What the script installs without options (make demo), in its order: its own first
# `packages=(...)` list, read from it (comments dropped), not written again here.
LIST = re.search(r"^packages=\((.*?)^\)", SCRIPT.read_text(), re.S | re.M).group(1)
BASE = " ".join(re.sub(r"#.*", "", LIST).split()).split()
assert "libbox2d-dev" in BASE and "build-essential" in BASE, BASE


def tool(folder, name, body):
    path = folder / name
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def run(dpkg_query, apt_status=0, args=()):
    with tempfile.TemporaryDirectory() as d:
        d = pathlib.Path(d)
        log = d / "apt.log"
        tool(d, "dpkg-query", dpkg_query)
        tool(d, "apt-get", f'echo "$@" >> {log}\nexit {apt_status}\n')
        tool(d, "sudo", 'exec "$@"\n')  # when the tests do not run as root
        env = dict(os.environ, PATH=f"{d}:{os.environ['PATH']}")
        done = subprocess.run([str(SCRIPT), *args], env=env, capture_output=True, text=True,
                              timeout=60)
        calls = log.read_text().splitlines() if log.exists() else []
        return done, calls


def main():
    # A fresh machine: dpkg-query knows none of them (exit 1, nothing listed).
    done, calls = run("exit 1\n")
    assert done.returncode == 0, done.stderr
    assert calls == ["update -qq", "install -y -qq --no-install-recommends " + " ".join(BASE)], calls
    assert "install-deps: installing build-essential" in done.stderr, done.stderr

    # Everything installed: apt-get is not called.
    listed = ('for p in "$@"; do case "$p" in -*) ;; *) echo "$p install ok installed" ;; esac; '
              'done\n')
    done, calls = run(listed)
    assert done.returncode == 0, done.stderr
    assert calls == [], calls
    assert done.stderr == "", done.stderr

    # One package missing: only it is installed.
    one_missing = listed.replace('*) echo', 'libbox2d-dev) ;; *) echo')
    done, calls = run(one_missing)
    assert done.returncode == 0, done.stderr
    assert calls == ["update -qq", "install -y -qq --no-install-recommends libbox2d-dev"], calls

    # apt-get fails: a non-zero status and a message naming the step.
    done, calls = run("exit 1\n", apt_status=100)
    assert done.returncode == 100, (done.returncode, done.stderr)
    assert "install-deps: failed (status 100)" in done.stderr, done.stderr
    assert "apt-get update" in done.stderr, done.stderr

    # An unknown option.
    done, calls = run("exit 1\n", args=["--pythn"])
    assert done.returncode == 2, done.returncode
    assert "unknown option --pythn" in done.stderr, done.stderr
    assert calls == [], calls
    print("install-deps: 5 cases passed")


if __name__ == "__main__":
    sys.exit(main())
