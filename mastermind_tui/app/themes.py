"""The app's two themes, dark and light: colours chosen to keep pegs, answers and the
error line readable on either (Ctrl+T switches; the choice is kept in the preferences)."""

from __future__ import annotations

from textual.theme import Theme

DARK = Theme(
    name="mastermind-dark",
    primary="#5fd7ff",
    secondary="#f6d32d",
    accent="#f77f00",
    success="#2a9d3f",
    error="#ff5f5f",
    background="#10141c",
    surface="#181e2a",
    panel="#202838",
    dark=True,
)
LIGHT = Theme(
    name="mastermind-light",
    primary="#1e6fd9",
    secondary="#b8860b",
    accent="#d35400",
    success="#1e7b34",
    error="#c0392b",
    background="#f4f1ea",
    surface="#ffffff",
    panel="#e6e0d4",
    dark=False,
)
#: For a projector or a classroom screen: black on white, the strongest contrasts, colours
#: that survive a washed-out beam (Ctrl+T cycles to it; the palette's theme picker too).
PROJECTOR = Theme(
    name="mastermind-projector",
    primary="#0033aa",
    secondary="#6b3d00",
    accent="#c00000",
    success="#006400",
    error="#b00000",
    warning="#8a4b00",
    foreground="#000000",
    background="#ffffff",
    surface="#ffffff",
    panel="#e0e0e0",
    dark=False,
)
