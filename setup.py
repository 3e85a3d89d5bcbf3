"""The install builds the exact search's kernel ahead of time, for this processor, so
that a fresh install's first HINT off every shipped tree waits on no compiler
(``engine/backends/numba_aot.py``). Everything else about the package is in
pyproject.toml. Where it cannot be built (no C compiler, no Python headers), the install
goes on without it and numba's JIT compiles in the background as before."""

import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

MODULE = "engine.backends.mastermind_search_aot"
HERE = Path(__file__).resolve().parent


class BuildSearchModule(build_ext):
    """numba's ``pycc`` instead of a compiler run over sources."""

    def build_extension(self, ext: Extension) -> None:
        sys.path.insert(0, str(HERE))
        from engine.backends import numba_aot_build

        module = Path(self.get_ext_fullpath(ext.name)).resolve()
        record = numba_aot_build.install(module)
        beside = HERE / "engine" / "backends" / record.name if record is not None else None
        if beside is not None and beside != record and getattr(self, "editable_mode", False):
            # An editable install: setuptools copies the module into the source tree
            # (copy_extensions_to_source), and its record must lie beside it there.
            shutil.copyfile(record, beside)


setup(
    ext_modules=[Extension(MODULE, sources=[], optional=True)],
    cmdclass={"build_ext": BuildSearchModule},
)
