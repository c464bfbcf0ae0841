"""The source distribution and the wheel: `python3 -m build --sdist` (python3-build; else the
backend's build_sdist) holds every source a build needs and nothing of build/, runs/ or data/;
its tree configures with CMake; pip installs it into a venv (the module built in the folder the
tests run against, EVOPLAY_BUILD_DIR, so that this takes seconds: scripts/check-pip-install with
SDIST=1 builds it from nothing), and the installed package imports, pickles, and carries its
stubs and the list of libraries it links against."""

import os
import pathlib
import shutil
import subprocess
import sys
import tarfile

import pytest

from conftest import SOURCE_DIR

import evoplay


def without_sanitizer(env=None):
    """The environment for tools that never load the module (python -m build, cmake, venv, pip):
    without the AddressSanitizer runtime the sanitizer build preloads into every process (it
    intercepts every allocation of those tools too: half of this file's time)."""
    env = dict(os.environ if env is None else env)
    env.pop("LD_PRELOAD", None)
    return env


def make_sdist(out):
    try:
        import build  # noqa: F401  (python3-build)
        subprocess.run([sys.executable, "-m", "build", "--sdist", "--no-isolation", "--outdir",
                        str(out), str(SOURCE_DIR)], check=True, capture_output=True, text=True,
                       env=without_sanitizer())
    except ImportError:
        sys.path.insert(0, str(SOURCE_DIR / "python"))
        import build_backend
        build_backend.build_sdist(str(out))
    (tarball,) = out.glob("evoplay-*.tar.gz")
    return tarball


@pytest.fixture(scope="module")
def sdist(tmp_path_factory):
    return make_sdist(tmp_path_factory.mktemp("sdist"))


def test_sdist_holds_the_sources_and_nothing_else(sdist):
    with tarfile.open(sdist) as t:
        names = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
    for needed in ("CMakeLists.txt", "pyproject.toml", "README.md", "PKG-INFO",
                   "cmake/evoplay.cmake", "src/evoplay/games/connect4/board.cpp",
                   "python/build_backend.py", "python/CMakeLists.txt", "python/src/module.cpp",
                   "python/evoplay/__init__.py", "python/evoplay/py.typed",
                   "python/evoplay/_evoplay/connect4.pyi", "docs/python.md"):
        assert needed in names, needed
    tops = {n.split("/")[0] for n in names}
    assert not tops & {"build", "runs", "data", ".git"}, tops
    assert not any("__pycache__" in n for n in names)


def test_sdist_tree_configures(sdist, tmp_path):
    if not shutil.which("cmake"):
        pytest.skip("cmake is not installed")
    with tarfile.open(sdist) as t:
        t.extractall(tmp_path)
    (tree,) = tmp_path.glob("evoplay-*")
    done = subprocess.run(["cmake", "-S", str(tree), "-B", str(tmp_path / "b"), "-G", "Ninja",
                           "-DCMAKE_BUILD_TYPE=Release", "-DEVOPLAY_BUILD_TESTS=OFF",
                           "-DEVOPLAY_BUILD_BENCH=OFF", "-DEVOPLAY_REQUIRE_PYTHON=ON"],
                          capture_output=True, text=True, timeout=300, env=without_sanitizer())
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]


def test_pip_installs_the_sdist_and_it_imports(sdist, tmp_path):
    try:
        import venv  # noqa: F401
        import ensurepip  # noqa: F401
    except ImportError:
        pytest.skip("venv/ensurepip missing (Debian: python3-venv)")
    build_dir = pathlib.Path(evoplay.__file__).resolve().parents[2]  # <build>/python/evoplay
    env = dict(os.environ, EVOPLAY_BUILD_DIR=str(build_dir), CMAKE_BUILD_PARALLEL_LEVEL="1")
    env.pop("PYTHONPATH", None)
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(tmp_path / "v")],
                   check=True, env=without_sanitizer())
    pip = subprocess.run([str(tmp_path / "v" / "bin" / "pip"), "install", "--no-build-isolation",
                          "--no-index", "--no-deps", str(sdist)],
                         capture_output=True, text=True, env=without_sanitizer(env), timeout=3000)
    assert pip.returncode == 0, pip.stdout[-3000:] + pip.stderr[-3000:]
    code = ("import pickle, pathlib, evoplay, importlib.metadata as m\n"
            "from evoplay import connect4\n"
            "s = pickle.loads(pickle.dumps(connect4.State('4453')))\n"
            "root = pathlib.Path(evoplay.__file__).parent\n"
            "print(s.stones, (root / 'py.typed').exists(), (root / '_evoplay' / 'evo.pyi').exists())\n"
            "print('libtbb' in m.distribution('evoplay').read_text('LINKED'))\n"
            "print(root.parent.name)\n")
    done = subprocess.run([str(tmp_path / "v" / "bin" / "python"), "-c", code], cwd=tmp_path,
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:3] == ["4 True True", "True", "site-packages"]
