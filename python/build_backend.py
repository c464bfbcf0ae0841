"""The build backend of the Python package `evoplay` (PEP 517; pyproject.toml names it).

Why it exists: the module is a CMake target, and setuptools' own backend needs the `wheel`
package to make a wheel ("invalid command 'bdist_wheel'" with a Python that has setuptools but
not wheel: pyenv's, python.org's, a fresh venv's). This backend needs nothing but the standard
library and CMake: `pip install --no-build-isolation .` works with any Python >= 3.9 that has
its headers (pyenv's and Debian's python3-dev do).

It configures CMake in build/pip/<interpreter tag> (Release, tests and benchmarks off), builds
the target `_evoplay` only, and writes a wheel of python/evoplay/*.py with the module beside
them. EVOPLAY_CMAKE_ARGS adds arguments to the configure step; EVOPLAY_BUILD_DIR names an
existing, configured CMake build folder to build the module in instead (no configure step);
CMAKE_BUILD_PARALLEL_LEVEL the build's jobs (default: every core). The metadata (name, version,
description, requires-python, dependencies) is pyproject.toml's [project] table.

The wheel also holds the typed stubs (python/evoplay/**/*.pyi, py.typed) and
evoplay-VERSION.dist-info/LINKED: the shared libraries the module links against (ldd), since
it is a linux_x86_64 wheel for the Debian it was built on, not a manylinux one. build_sdist
writes evoplay-VERSION.tar.gz of the sources a build needs (SDIST_PARTS), without build/,
runs/ or data/.
"""

import base64
import hashlib
import io
import os
import pathlib
import re
import shlex
import subprocess
import sys
import sysconfig
import tarfile
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "python" / "evoplay"


def _project():
    """pyproject.toml's [project] keys this backend writes into the metadata (a small reader of
    the plain `key = "text"` and `key = ["text", ...]` lines the table uses: tomllib is 3.11+)."""
    text = (ROOT / "pyproject.toml").read_text()
    table = re.search(r"^\[project\]\s*$(.*?)(?=^\[|\Z)", text, re.M | re.S).group(1)
    out = {}
    for key, value in re.findall(r'^([\w-]+)\s*=\s*(".*?"|\[.*?\])\s*$', table, re.M):
        out[key] = re.findall(r'"(.*?)"', value) if value.startswith("[") else value[1:-1]
    return out


def _tag():
    """The wheel's tag for this interpreter: cp311-cp311-linux_x86_64."""
    version = "cp%d%d" % sys.version_info[:2]
    abi = version + getattr(sys, "abiflags", "")
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return "%s-%s-%s" % (version, abi, platform)


def _dist_info(project):
    return "%s-%s.dist-info" % (project["name"], project["version"])


def _metadata(project):
    lines = ["Metadata-Version: 2.1", "Name: " + project["name"],
             "Version: " + project["version"], "Summary: " + project.get("description", "")]
    if "requires-python" in project:
        lines.append("Requires-Python: " + project["requires-python"])
    lines += ["Requires-Dist: " + d for d in project.get("dependencies", [])]
    return "\n".join(lines) + "\n"


def _build_module():
    """Builds the target _evoplay with CMake; the path of the module for this interpreter."""
    existing = os.environ.get("EVOPLAY_BUILD_DIR")
    if existing:
        build_dir = pathlib.Path(existing).resolve()
    else:
        build_dir = ROOT / "build" / "pip" / sys.implementation.cache_tag
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build_dir), "-G", "Ninja",
            "-DCMAKE_BUILD_TYPE=Release", "-DEVOPLAY_BUILD_TESTS=OFF",
            "-DEVOPLAY_BUILD_BENCH=OFF", "-DEVOPLAY_BUILD_PYTHON=ON",
            "-DEVOPLAY_REQUIRE_PYTHON=ON", "-DPython_EXECUTABLE=" + sys.executable,
        ] + shlex.split(os.environ.get("EVOPLAY_CMAKE_ARGS", ""))
        subprocess.run(configure, check=True, stdout=sys.stderr)
    jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 2))
    subprocess.run(["cmake", "--build", str(build_dir), "--target", "_evoplay", "-j", jobs],
                   check=True, stdout=sys.stderr)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    built = build_dir / "python" / "evoplay" / ("_evoplay" + suffix)
    if not built.exists():
        found = sorted(p.name for p in (build_dir / "python" / "evoplay").glob("_evoplay*"))
        raise RuntimeError("%s has no _evoplay%s for %s (found: %s): it was configured for "
                           "another Python; unset EVOPLAY_BUILD_DIR"
                           % (build_dir, suffix, sys.executable, ", ".join(found) or "none"))
    return built


def _package_files():
    """(name in the wheel, bytes) of the package's Python files, stubs and py.typed."""
    files = []
    for p in sorted(PACKAGE.rglob("*")):
        if p.is_file() and (p.suffix in (".py", ".pyi") or p.name == "py.typed") \
                and "__pycache__" not in p.parts:
            files.append(("evoplay/" + p.relative_to(PACKAGE).as_posix(), p.read_bytes()))
    return files


def _linked(module):
    """What the module links against: `ldd` of it, one library a line ('' without ldd)."""
    try:
        out = subprocess.run(["ldd", str(module)], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return ""
    return ("# evoplay's module is built against this system's shared libraries (ldd below): a\n"
            "# linux wheel for the Debian it was built on (Debian 12's libtbb, libfmt, libcairo,\n"
            "# libbox2d, ...), not a manylinux wheel; another system builds its own from the sdist.\n"
            + out.stdout)


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))


# ---- PEP 517 hooks -----------------------------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    project = _project()
    info = pathlib.Path(metadata_directory) / _dist_info(project)
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(_metadata(project))
    return info.name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    project = _project()
    module = _build_module()
    info = _dist_info(project)
    files = _package_files()
    files.append(("evoplay/" + module.name, module.read_bytes()))
    files.append((info + "/METADATA", _metadata(project).encode()))
    files.append((info + "/LINKED", _linked(module).encode()))
    wheel = ("Wheel-Version: 1.0\nGenerator: evoplay build_backend\nRoot-Is-Purelib: false\n"
             "Tag: %s\n" % _tag())
    files.append((info + "/WHEEL", wheel.encode()))
    record = [_record_line(name, data) for name, data in files] + [info + "/RECORD,,"]
    files.append((info + "/RECORD", ("\n".join(record) + "\n").encode()))
    name = "%s-%s-%s.whl" % (project["name"], project["version"], _tag())
    path = pathlib.Path(wheel_directory) / name
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for arcname, data in files:
            info_entry = zipfile.ZipInfo(arcname, date_time=(2020, 1, 1, 0, 0, 0))
            info_entry.external_attr = (0o755 if arcname.endswith(".so") else 0o644) << 16
            info_entry.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info_entry, data)
    return name


# What an sdist holds: every file under these (top-level files and folders), but no __pycache__.
# data/ is not needed to build (the tests and examples read it from a checkout).
SDIST_PARTS = ("CMakeLists.txt", "CMakePresets.json", "pyproject.toml", "README.md", "Makefile",
               ".clang-format", "LICENSE", "cmake", "src", "python", "scripts", "docs/python.md")


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_sdist(sdist_directory, config_settings=None):
    project = _project()
    base = "%s-%s" % (project["name"], project["version"])
    paths = []
    for part in SDIST_PARTS:
        p = ROOT / part
        if p.is_file():
            paths.append(p)
        elif p.is_dir():
            paths += [f for f in sorted(p.rglob("*")) if f.is_file()
                      and "__pycache__" not in f.parts and f.suffix != ".pyc"]
    pkg_info = _metadata(project).encode()
    name = base + ".tar.gz"
    with tarfile.open(pathlib.Path(sdist_directory) / name, "w:gz", format=tarfile.PAX_FORMAT) as t:
        for p in paths:
            data = p.read_bytes()
            entry = tarfile.TarInfo(base + "/" + p.relative_to(ROOT).as_posix())
            entry.size, entry.mtime = len(data), 1577836800  # 2020-01-01: reproducible
            entry.mode = 0o755 if os.access(p, os.X_OK) else 0o644
            t.addfile(entry, io.BytesIO(data))
        entry = tarfile.TarInfo(base + "/PKG-INFO")
        entry.size, entry.mtime, entry.mode = len(pkg_info), 1577836800, 0o644
        t.addfile(entry, io.BytesIO(pkg_info))
    return name
