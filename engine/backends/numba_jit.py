"""numba's ``njit`` for the numba backend's kernels, with their code read back from numba's
disk cache without preparing the compiler.

Before it reads a cached function, numba refreshes its whole compiler target: it imports
and installs every typing and lowering registry it has (0.07-0.1 s of CPU here, a sixth of
a whole `stats --strategy optimal --all` on 6x4). Reading object code back and running it
needs only numba's runtime (the arrays the kernels allocate), so that is all prepared
here (``_load_overload``); a function that is not in the cache is compiled as ever, and
compiling refreshes the target itself. Should numba's cache change shape, its own loading
is used. Importing this imports numba: only the runs that compile import it. The kernels
(``numba_partitions``, ``engine.backends.numba_search``) import ``njit`` from here.

Two more imports that reading back needs none of (``_rebuild_env``, ``_typeof_ndarray``:
0.05-0.07 s of CPU, an eighth of the whole 6x4 optimum from nothing): the modules where
numba's own overloads live (``numba.np.arrayobj`` and what it imports, for the
environments pickled beside ``np.empty``'s code), and ``numpy.ma`` (for numba's check
that an array is not a masked one).
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..storage import files


def _import_numba() -> None:
    """Import numba without the two optional packages it imports for nothing here: PyYAML
    (for a ``.numba_config.yaml`` in the current folder: imported when there is one) and
    colorama (colours in numba's own compile errors, never shown by this program): 0.01 s
    of CPU where both are installed (the docs' extra brings PyYAML). The collector is off
    meanwhile, and on the command line (no app) what exists then is frozen, left out of
    later collections (``gc.freeze``, made for this): 0.03 s less on 6x4's optimum."""
    if "numba" in sys.modules:
        return
    wanted = ("colorama",) if os.path.isfile(".numba_config.yaml") else ("yaml", "colorama")
    blocked = [name for name in wanted if name not in sys.modules]
    for name in blocked:
        sys.modules[name] = None  # type: ignore[assignment]  # "import yaml": ImportError
    collecting = gc.isenabled()
    gc.disable()  # its hundreds of thousands of lasting objects, walked again and again
    try:
        import numba  # noqa: F401
    finally:
        for name in blocked:
            if sys.modules.get(name, 0) is None:
                del sys.modules[name]
        if "textual" not in sys.modules:  # a command's objects so far are there to stay
            gc.freeze()
        if collecting:
            gc.enable()


_import_numba()

from numba import njit  # noqa: E402
from numba.core import caching, environment  # noqa: E402

with contextlib.suppress(ImportError):  # another numba: its own typeof
    from numba.core.typing.typeof import typeof_impl
    from numba.np import numpy_support

__all__ = ["njit"]

_numba_load: Callable[..., Any] = caching.Cache.load_overload


def _load_overload(cache: Any, sig: Any, target_context: Any) -> Any:
    """``Cache.load_overload`` less the refresh of the compiler's registries, and never
    undone by a damaged cache: a file of it that is not a regular one, or that cannot be
    read back, is reported in one line naming the folder and moved aside (``….bad``); the
    function is then compiled afresh (None: not in the cache) and stored anew."""
    try:
        _check_files(cache)
        try:
            _runtime(cache, target_context)
            with cache._guard_against_spurious_io_errors():
                return cache._load_overload(sig, target_context)
        except (ImportError, AttributeError):  # another numba: its own way
            return _numba_load(cache, sig, target_context)
    except KeyboardInterrupt:
        raise
    except Exception as error:  # pickle, EOF, LLVM, Unicode, a pipe: all of it is damage
        _recompile(cache, error)
        return None


def _runtime(cache: Any, target_context: Any) -> None:
    """numba's runtime prepared (``rtsys.initialize``), its own few functions (reference
    counts, atomic adds) read back as object code from a file beside the kernel's cache
    rather than compiled from LLVM's IR in every process (0.02 s against 0.003 s)."""
    from numba.core.runtime import nrtdynmod
    from numba.core.runtime.nrt import rtsys

    if rtsys._init:
        return
    compile_nrt: Callable[[Any], Any] = nrtdynmod.compile_nrt_functions
    create: Callable[[Any], tuple[Any, Any]] = nrtdynmod.create_nrt_module

    def read_back(context: Any) -> Any:
        codegen = context.codegen()
        place = Path(cache._cache_path) / f"nrt-{_runtime_key(codegen)}.nbc"
        with contextlib.suppress(Exception):  # absent or damaged: compiled, written anew
            return codegen.unserialize_library(pickle.loads(files.read_bounded(place)))
        ir_module, library = create(context)
        library.enable_object_caching()
        library.add_ir_module(ir_module)
        library.finalize()
        with contextlib.suppress(OSError):  # a read-only cache: compiled each time
            temporary = place.with_name(f"{place.name}.{os.getpid()}.tmp")
            temporary.write_bytes(pickle.dumps(library.serialize_using_object_code()))
            os.replace(temporary, place)
        return library

    nrtdynmod.compile_nrt_functions = read_back
    try:
        rtsys.initialize(target_context)
    finally:
        nrtdynmod.compile_nrt_functions = compile_nrt


def _runtime_key(codegen: Any) -> str:
    """What the runtime's object code depends on: numba, LLVM and the processor (the key
    numba's own cache uses for a function's object code)."""
    import numba

    seen = (numba.__version__, sys.modules["llvmlite"].__version__, codegen.magic_tuple())
    return hashlib.sha256(repr(seen).encode()).hexdigest()[:16]


#: The most a compiled-cache file is read (the search kernel's is well under a megabyte).
_NUMBA_LIMIT = 64 * 1024 * 1024


def _own_files(cache: Any) -> list[Path]:
    """The index and data files of ``cache``'s function (numba names them after it)."""
    folder = Path(cache._cache_path)
    index = Path(cache._cache_file._index_path)
    stem = index.name.removesuffix(".nbi")
    try:
        found = [path for path in folder.iterdir() if path.name.startswith(stem + ".")]
    except OSError:
        return []
    return [p for p in found if p.name == index.name or p.name.endswith(".nbc")]


def _check_files(cache: Any) -> None:
    """``files.Refused`` for a file of the cache numba would block on or read without
    end (a pipe, a device, a folder, a link to one, or one past the bound)."""
    for path in _own_files(cache):
        status = files.check_regular(path)
        if status.st_size > _NUMBA_LIMIT:
            raise files.Refused(f"{path} is larger than {_NUMBA_LIMIT >> 20} MB: not read")


#: The cache folders already reported damaged in this process: one line for each.
_told: set[str] = set()


def _recompile(cache: Any, error: Exception) -> None:
    """Move the damaged function's files aside and say so, once for its folder."""
    moved = [path for path in _own_files(cache) if files.move_aside(path, any_kind=True)]
    if cache._cache_path in _told:
        return
    _told.add(cache._cache_path)
    kind = type(error).__name__ if not isinstance(error, files.Refused) else str(error)
    what = "its damaged files moved aside as ….bad" if moved else "nothing moved"
    line = f"mastermind: numba's compiled cache in {cache._cache_path} is damaged ({kind}); "
    print(f"{line}{what}; recompiling", file=sys.stderr)


_numba_save: Callable[..., Any] = caching.Cache.save_overload


def _save_overload(cache: Any, sig: Any, data: Any) -> None:
    """numba's ``save_overload``, which reads the index back first: only when its files
    are regular ones (a pipe would block it), and a failure to save costs nothing but the
    next run's compile."""
    try:
        _check_files(cache)
        _numba_save(cache, sig, data)
    except KeyboardInterrupt:
        raise
    except OSError:
        pass  # a read-only or full disk: compiled all the same, next time too
    except Exception:  # a damaged index (or a pipe, a folder): moved aside for the next run
        for path in _own_files(cache):
            files.move_aside(path, any_kind=True)


caching.Cache.load_overload = _load_overload  # type: ignore[method-assign]
caching.Cache.save_overload = _save_overload  # type: ignore[method-assign]


_numba_rebuild_env: Callable[..., Any] = environment._rebuild_env
_lookup_environment: Callable[[str], Any] = environment.lookup_environment


def _rebuild_env(modname: str, consts: Any, env_name: str) -> Any:
    """numba's ``_rebuild_env`` without importing the module of one of numba's own
    functions that is not imported yet: an environment's globals serve object mode alone,
    and nopython code (all a kernel holds) reads only its constants. The globals keep
    ``__name__``, so that the environment still pickles and caches as numba's would."""
    found = _lookup_environment(env_name)
    if found is not None or not modname.startswith("numba.") or modname in sys.modules:
        return found or _numba_rebuild_env(modname, consts, env_name)
    env = environment.Environment({"__name__": modname})
    env.consts[:] = consts
    env.env_name = env_name
    environment.Environment._memo[env_name] = env
    return env


def _typeof_ndarray(val: Any, c: Any) -> Any:
    """numba's type of an array, its own way for anything but a plain ``ndarray`` while
    ``numpy.ma`` is not imported (no masked array can exist then, and asking for
    ``np.ma`` imports it: 0.02-0.03 s)."""
    if type(val) is not np.ndarray or "numpy.ma" in sys.modules:
        return _numba_typeof_ndarray(val, c)
    try:
        dtype = numpy_support.from_dtype(val.dtype)
    except Exception:  # numba's own words for a dtype it does not take
        return _numba_typeof_ndarray(val, c)
    layout = numpy_support.map_layout(val)
    return types.Array(dtype, val.ndim, layout, readonly=not val.flags.writeable)


environment._rebuild_env = _rebuild_env
if "typeof_impl" in globals():
    from numba.core import types

    _numba_typeof_ndarray: Callable[..., Any] = typeof_impl.dispatch(np.ndarray)
    typeof_impl.register(np.ndarray)(_typeof_ndarray)
