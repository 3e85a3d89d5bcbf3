"""Screens are composed of parts, not cut into mixins: every screen of the app has at most
three of the app's own classes in its method resolution order (itself and the job
classes, ``Working``, included), and no module of the app is longer than 450 lines."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from textual.screen import Screen

import mastermind_tui

#: The most of the app's own classes a screen's MRO may hold.
MOST_CLASSES = 3
#: The most lines a module of the app may have.
MOST_LINES = 450


#: The app's packages that may import Textual (the import contracts keep it out of the
#: others), so every screen is defined in one of them.
DRAWING = ("app", "retro", "screens", "widgets")


def app_screens() -> list[type[Screen[object]]]:
    """Every Screen subclass the app defines, each module that may define one imported."""
    for package in DRAWING:
        path = Path(mastermind_tui.__file__).parent / package
        for module in pkgutil.iter_modules([str(path)], f"mastermind_tui.{package}."):
            importlib.import_module(module.name)
    found: list[type[Screen[object]]] = []
    pending: list[type[Screen[object]]] = [Screen]
    while pending:
        for sub in pending.pop().__subclasses__():
            pending.append(sub)
            if sub.__module__.startswith("mastermind_tui.") and sub not in found:
                found.append(sub)
    return found


def own_classes(screen: type[Screen[object]]) -> list[str]:
    return [c.__qualname__ for c in screen.__mro__ if c.__module__.startswith("mastermind_tui.")]


def test_every_screen_holds_its_parts_rather_than_inheriting_them() -> None:
    screens = app_screens()
    names = {screen.__name__ for screen in screens}
    assert {"PlayScreen", "DailyScreen", "MakeScreen", "WatchScreen", "CompareScreen"} <= names
    over = {s.__name__: own_classes(s) for s in screens if len(own_classes(s)) > MOST_CLASSES}
    assert over == {}


def test_no_module_is_longer_than_its_limit() -> None:
    root = Path(mastermind_tui.__file__).parent
    long = {
        str(path.relative_to(root)): lines
        for path in root.rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert long == {}
