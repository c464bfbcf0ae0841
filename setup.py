"""Builds the extension evoplay._evoplay with CMake (Release, only the module's target) into the
package; the rest of the package metadata is in pyproject.toml.

The CMake build folder is build/pip (kept, so a second install rebuilds only what changed).
EVOPLAY_CMAKE_ARGS adds arguments to the configure step. EVOPLAY_BUILD_DIR names an existing,
configured CMake build folder to build the module in instead (no configure step)."""

import os
import pathlib
import shlex
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        existing = os.environ.get("EVOPLAY_BUILD_DIR")
        build_dir = pathlib.Path(existing).resolve() if existing else ROOT / "build" / "pip"
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build_dir), "-G", "Ninja",
            "-DCMAKE_BUILD_TYPE=Release", "-DEVOPLAY_BUILD_TESTS=OFF",
            "-DEVOPLAY_BUILD_BENCH=OFF", "-DEVOPLAY_BUILD_PYTHON=ON",
            "-DEVOPLAY_REQUIRE_PYTHON=ON",
            "-DPython_EXECUTABLE=" + sys.executable,
        ] + shlex.split(os.environ.get("EVOPLAY_CMAKE_ARGS", ""))
        if not existing:
            subprocess.run(configure, check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 2))
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "_evoplay", "-j", jobs],
                       check=True)
        built = next((build_dir / "python" / "evoplay").glob("_evoplay*.so"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        self.copy_file(str(built), str(target))


setup(ext_modules=[CMakeExtension("evoplay._evoplay")], cmdclass={"build_ext": CMakeBuild})
