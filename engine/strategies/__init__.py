"""Every strategy by name: ``make_strategy("knuth")``.

A strategy says everything the rest of the program needs to know about it as attributes
and methods of ``Strategy`` (``base``): its measure (what a score means, how it reads,
whether higher is better), whether it draws at random, what it must prepare before a run,
its time model, whether a long run may use worker processes, the settings it takes
(``parameters``, checked by ``make_strategy``) and whether the Statistics screen ticks it
at first. Nothing outside this package asks a strategy's name, so adding one takes two
places:

1. a module here with a ``Strategy`` subclass (a ``PartitionStrategy`` needs only
   ``name``, ``summary``, ``measure`` and ``keys``, whose rule its docstring gives; a
   strategy with no score of its own is rated by expected size and may say why it chose
   in ``Choice.why``);
2. its class in ``STRATEGIES`` below (or ``register(cls)`` for one made elsewhere, as the
   tests do).

The command line's ``--strategy`` choices, ``solve``, ``stats``, the trace, ratings and the
home and Statistics screens all read it from there.
"""

from __future__ import annotations

from ..codes import CodeSpace
from ..errors import ConfigError
from ..notation import Notation
from ..run import Run
from .base import NO_DRAWS, Measure, Parameter, Position, Strategy
from .consistent import Classic, RandomConsistent, Sequential
from .heuristics import Entropy, ExpectedSize, Knuth, MostParts
from .openings import FROM, Opened, opening_text, read_opened, sweep_patterns
from .optimal import Optimal, OptimalPossible, OptimalWorst, capped_measure
from .own import from_entry_point, from_file, is_file_name
from .partitioning import PartitionStrategy
from .shipped_tree import ShippedTree

STRATEGIES: dict[str, type[Strategy]] = {
    cls.name: cls
    for cls in (
        Knuth,
        ExpectedSize,
        Entropy,
        MostParts,
        Optimal,
        OptimalPossible,
        OptimalWorst,
        Sequential,
        Classic,
        RandomConsistent,
        ShippedTree,
    )
}

#: The strategy a game, a command or a screen uses when none is chosen.
DEFAULT_STRATEGY = Knuth.name


def register(cls: type[Strategy]) -> type[Strategy]:
    """Add a strategy to ``STRATEGIES`` under its name (usable as a class decorator)."""
    STRATEGIES[cls.name] = cls
    return cls


#: The largest cap on guesses taken: the exact search's sizes need a dozen at most.
MOST_GUESSES = 100


def _capped(base: str, guesses: int) -> type[Strategy]:
    """Strategy ``base`` never needing more than ``guesses`` guesses, or ConfigError."""
    cls = STRATEGIES.get(base)
    if cls is None or not issubclass(cls, Optimal) or cls.worst_first or cls.max_guesses:
        takes = ", ".join(n for n, c in STRATEGIES.items() if _takes_cap(c))
        raise ConfigError(f"a cap on guesses applies to {takes}, not to {base!r}")
    if guesses < 1:
        raise ConfigError(f"the cap on guesses must be 1 or more (got {guesses})")
    if guesses > MOST_GUESSES:  # checked before any work: no loop runs to a person's number
        raise ConfigError(
            f"the cap on guesses must be at most {MOST_GUESSES}: no size the "
            "search reaches needs that many; leave the cap out for none"
        )
    return cls.capped(guesses)


def _takes_cap(cls: type[Strategy]) -> bool:
    return issubclass(cls, Optimal) and not cls.worst_first


def capped_name(name: str, guesses: int) -> str:
    """The name of strategy ``name`` never needing more than ``guesses`` guesses (what
    ``--max-guesses`` makes of ``--strategy``); ConfigError if it takes no cap."""
    return _capped(name.lower(), guesses).name


def strategy_class(name: str) -> type[Strategy]:
    """The class of strategy ``name``: registered, a cap on one ("optimal-max5"), a file
    of Python (``own``) or one an installed package names; ConfigError if there is none."""
    if is_file_name(name):
        return from_file(name)
    name = name.lower()
    cls = STRATEGIES.get(name)
    if cls is not None:
        return cls
    opened = read_opened(name, STRATEGIES)  # knuth-from11223: a partition strategy's own opening
    if opened is not None:
        return opened
    base, _, cap = name.rpartition("-max")
    if base in STRATEGIES and cap.isascii() and cap.isdigit():
        # A number past any cap is refused before Python reads thousands of digits.
        return _capped(base, int(cap) if len(cap) < 10 else 10**9)
    installed = from_entry_point(name)
    if installed is not None:
        return installed
    shown = name if len(name) <= 40 else name[:40] + "…"
    raise ConfigError(
        f"unknown strategy {shown!r}; choose one of {', '.join(STRATEGIES)} "
        "(optimal and optimal-fit also as e.g. optimal-max5: never more than 5 guesses; "
        "a partition strategy as e.g. knuth-from1122: opening with 1122; your own as mine.py)"
    )


def opened_name(base: str, space: CodeSpace, code: int) -> str:
    """The name of strategy ``base`` opening with ``code``: ``knuth-from11223``; ConfigError
    when ``base`` is not a partition strategy (the others choose no opening of their own to
    replace: the optimum's is part of its proof, a random one draws)."""
    cls = strategy_class(base)
    if not issubclass(cls, PartitionStrategy) or issubclass(cls, Opened):
        takes = ", ".join(n for n, c in STRATEGIES.items() if issubclass(c, PartitionStrategy))
        raise ConfigError(
            f"an opening applies to the partition strategies ({takes}), not to "
            f"{cls.name!r}, which chooses no opening of its own to replace"
        )
    return f"{cls.name}{FROM}{opening_text(space, code)}"


def shown_name(name: str, space: CodeSpace, notation: Notation) -> str:
    """``name`` as a title shows it: its opening written in ``notation``, the one codes
    were typed in (``knuth-from3344`` in letters: ``knuth-fromRRGG``). The name itself,
    counted from 1, is what records, caches and ``--strategy`` keep; numbers show it so."""
    if notation.name == "numbers" or FROM not in name:
        return name
    try:
        strategy = make_strategy(name)
        if not isinstance(strategy, Opened):
            return name
        opening = strategy.opening_code(space)
    except ConfigError:  # an opening the size forbids: its name says it as it is
        return name
    return f"{strategy.base_name()}{FROM}{notation.format(space, opening)}"


def without_opening(name: str) -> str:
    """The strategy ``name`` names without an opening given to it (``knuth-from1234``:
    ``knuth``), what is kept as a preference, which outlives the size the opening fits."""
    cls = strategy_class(name)
    return cls.base_name() if isinstance(cls, type) and issubclass(cls, Opened) else cls.name


def make_strategy(name: str, **settings: int) -> Strategy:
    """The strategy called ``name``, with ``settings`` among its ``parameters`` (checked
    here, so that a bad one is refused with a reason before a game starts)."""
    cls = strategy_class(name)
    known = {p.name: p for p in cls.parameters}
    for key, value in settings.items():
        parameter = known.get(key)
        if parameter is None:
            takes = ", ".join(known) or "none"
            raise ConfigError(f"the {cls.name} strategy has no setting {key!r} (it takes: {takes})")
        if value < parameter.low:
            raise ConfigError(f"{cls.name}'s {key} must be at least {parameter.low} (got {value})")
    return cls(**settings)


def prepare(space: CodeSpace, name: str, run: Run | None = None) -> str:
    """What strategy ``name`` needs for this size, made ready now, before a run (the
    optimal tree: ``run`` hears a long search, stops it, and may say where it runs);
    what a person should hear once about it, or ""."""
    return make_strategy(name).prepare(space, run)


def measure_of(label: str) -> Measure | None:
    """The measure whose trace label is ``label`` (what a recorded decision carries)."""
    for cls in STRATEGIES.values():
        if cls.measure is not None and cls.measure.label == label:
            return cls.measure
    optima = [cls for cls in STRATEGIES.values() if issubclass(cls, Optimal)]
    return capped_measure(label, optima)


__all__ = [
    "DEFAULT_STRATEGY",
    "NO_DRAWS",
    "STRATEGIES",
    "Measure",
    "Parameter",
    "Position",
    "Strategy",
    "capped_name",
    "make_strategy",
    "measure_of",
    "opened_name",
    "prepare",
    "register",
    "shown_name",
    "strategy_class",
    "sweep_patterns",
    "without_opening",
]
