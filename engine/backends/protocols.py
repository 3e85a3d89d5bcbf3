"""What a backend offers the engine, as protocols: the partition kernel (``PartitionKernel``),
the exact search's kernel (``SearchKernel``) and the backend module itself (``Backend``).
Apart from the registry (``engine.backends``) so that a backend names them without
importing the package that imports it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ..codes import CodeSpace


@runtime_checkable
class PartitionKernel(Protocol):
    """How the guesses of a pool split the candidates (int32 codes, any order)."""

    def counts(
        self, space: CodeSpace, pool: npt.NDArray[np.int32], cands: npt.NDArray[np.int32]
    ) -> npt.NDArray[np.int64]:
        """Every guess's class counts, (guesses, ``feedback.classes(positions)``)."""
        ...

    def largest(
        self,
        space: CodeSpace,
        pool: npt.NDArray[np.int32],
        cands: npt.NDArray[np.int32],
        stop: float,
    ) -> npt.NDArray[np.float64]:
        """Each guess's largest class, up to the first at most ``stop`` (every later one
        above any class); a guess may be left with any value above the smallest, which
        is exact, as is every guess reaching it."""
        ...


@runtime_checkable
class SearchKernel(Protocol):
    """The exact search's compiled calls (their arguments: ``engine.optimal.search``
    builds them; the numba kernel's docstrings say what each holds)."""

    VALUE: int
    TIES: int
    RUNNER_UP: int
    UNLIMITED: int
    NODES: int
    CHOSEN: int
    STOP: int
    LIMIT: int
    DEPTH: int
    PROGRESS: int
    COUNTERS: int

    def search(
        self, ctx: Any, codes: Any, rows: Any, pool: Any, beta: Any, mode: Any, skip: Any,
        out: Any, left: Any,
    ) -> Any: ...  # fmt: skip

    def finishable(self, ctx: Any, codes: Any, rows: Any, pool: Any, left: Any) -> Any: ...

    def orbit_pool(
        self, colours: Any, positions: Any, rank: Any, allowed: Any, everything: Any, rows: Any
    ) -> Any: ...

    def fixing(self, colours: Any, positions: Any, rows: Any, guess: Any) -> Any: ...

    def first_image(self, colours: Any, positions: Any, rank: Any, rows: Any, code: Any) -> Any: ...

    def colour_table(self, sigmas: Any, position_images: Any) -> Any: ...

    def hash_codes(self, codes: Any) -> Any: ...

    def recall(self, keys: Any, vals: Any, h1: Any, h2: Any) -> Any: ...

    def keep(self, keys: Any, vals: Any, h1: Any, h2: Any, value: Any) -> None: ...

    def restore(self, keys: Any, vals: Any, saved_keys: Any, saved_vals: Any) -> None: ...


class Backend(Protocol):
    """A backend module: what it offers of the two, None for what it does not."""

    def partitions(self) -> PartitionKernel | None: ...

    def search(self) -> SearchKernel | None: ...
