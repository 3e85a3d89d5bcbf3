"""The engine's version, in a module of its own: caches written by the engine carry it, and
the modules that write them sit below the package's ``__init__``, which imports them all."""

__version__ = "0.1.0"
