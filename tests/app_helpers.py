"""Shared helpers for the app's Pilot tests: type a line, read the message line, wait for
what a test reads (never a fixed time)."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.dom import DOMNode
from textual.message import Message
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input, Static
from textual.worker import WorkerState

from mastermind_tui.cli.launch import given, opening
from mastermind_tui.game.kinds import GameKind
from mastermind_tui.game.session import GameSession
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.base import Mode
from mastermind_tui.modes.main import COMMANDS
from mastermind_tui.screens.base import GameScreen

#: The modes' kinds of game by name, in the home screen's order.
MODES: dict[str, GameKind] = {c.kind.name: c.kind for c in COMMANDS if isinstance(c, Mode)}


async def enter(pilot: Pilot[Any], text: str) -> None:
    """Type a whole line into the command line and press Enter, then wait for the screen to
    take the line, for the work it started and for what that work sends back."""
    field = pilot.app.screen.query_one("#command", Input)
    field.focus()
    field.value = text
    screen, taken = pilot.app.screen, entered(pilot)
    await pilot.press("enter")
    await until(pilot, lambda: taken or pilot.app.screen is not screen)  # (a line may leave it)
    await pilot.app.workers.wait_for_complete()
    await idle(pilot)


def message(pilot: Pilot[Any]) -> str:
    return str(pilot.app.screen.query_one("#message", Static).render())


def screen_text(pilot: Pilot[Any]) -> str:
    """The whole screen as plain text, one line per row (colour and style dropped)."""
    strips = pilot.app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


async def until(pilot: Pilot[Any], condition: Callable[[], object], seconds: float = 60) -> None:
    """Let the app run until ``condition()`` holds: the tests wait for what they need, never
    a fixed time. The deadline is only a safety net for a hung test (generous, so that a
    machine whose cores are busy with other work still passes)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition never came true"
        await pilot.pause(0.02)


async def idle(pilot: Pilot[Any], seconds: float = 60) -> None:
    """Until the app is idle: every message sent to it so far handled, and every message
    those sent in turn, every widget mounted, no worker left running. Not Pilot's pause,
    which waits for the process to use little CPU, as it does early on a busy machine. For
    a test that reads after something whose effect it cannot name beforehand (a fuzz
    test's last line, a snapshot), that reads what must not have changed, or that leaves a
    screen (or ends) just after it came (a widget still mounting then fails, as Textual's
    Header does). Nothing pending anywhere, twice running with a pause between (a pause
    waits for a handler under way to finish)."""
    app = pilot.app
    calm = 0

    def quiet() -> bool:
        nonlocal calm
        widgets = [n for s in app.screen_stack for n in s.walk_children(Widget, with_self=True)]
        pending = (
            app.message_queue_size
            or any(w.message_queue_size or not w.is_mounted for w in widgets)
            or any(w.is_running or w.state == WorkerState.PENDING for w in app.workers)
        )
        calm = 0 if pending else calm + 1
        return calm >= 2

    await until(pilot, quiet, seconds)


async def ready(pilot: Pilot[Any]) -> None:
    """On the computer-breaks screen, say the code is in mind (Enter), as a person must
    before its first guess; nothing elsewhere."""
    from mastermind_tui.screens.make import MakeScreen

    # no wait for workers: a test may hold one back on purpose
    await until(pilot, lambda: pilot.app.screen.is_mounted)
    screen = pilot.app.screen
    if isinstance(screen, MakeScreen) and not screen.ready_to_guess:
        field = screen.query_one("#command", Input)
        field.focus()
        field.value = ""
        await pilot.press("enter")
        await until(pilot, lambda: screen.ready_to_guess)


def tree_drawn(pilot: Pilot[Any], cursor: bool = True) -> bool:
    """The decision tree (F4) on show and drawn and, with ``cursor``, its cursor on the
    current node (moved there after a refresh), where the keys a test presses next act."""
    from textual.widgets import Tree

    from mastermind_tui.screens.decision_tree import DecisionTreeScreen

    screen = pilot.app.screen
    if not isinstance(screen, DecisionTreeScreen) or screen.current is None:
        return False
    return not cursor or screen.query_one(Tree).cursor_node is screen.current


def records_read(pilot: Pilot[Any]) -> bool:
    """The Records screen on show has read its file: its status line says what it found
    (the figures and recent games filled in with it)."""
    status = pilot.app.screen.query("#records-status").results(Static)
    return any(not str(s.content).startswith("Reading your records") for s in status)


def game_session(app: App[Any]) -> GameSession:
    """The session of the game on screen (Textual types ``app.screen`` as any screen)."""
    assert isinstance(app.screen, GameScreen), app.screen
    return app.screen.session


def handled(node: DOMNode, kind: type[Message]) -> list[Message]:
    """Every message of ``kind`` that ``node`` has handled from now on, in order. A test that
    reads what a change must leave as it was waits for the change to reach its handler
    (``until(pilot, lambda: changes)``): there is nothing new on screen to wait for."""
    seen: list[Message] = []

    def note(message: Message) -> None:
        if isinstance(message, kind):
            seen.append(message)

    node.message_signal.subscribe(node, note, immediate=True)
    return seen


def entered(pilot: Pilot[Any]) -> list[Message]:
    """Every line the screen on show takes from its command line from now on (Enter's
    message handled): the wait of a test that types key by key."""
    from mastermind_tui.widgets.command_line import CommandLine

    return handled(pilot.app.screen, CommandLine.Entered)


def heard(app: App[Any]) -> list[str]:
    """Every message the app notifies from now on, as said: a toast expires (after five
    seconds), so ``app._notifications`` may be empty again on a slow machine."""
    said: list[str] = []
    notify = app.notify

    def spy(message: str, **options: Any) -> None:
        said.append(message)
        notify(message, **options)

    app.notify = spy  # type: ignore[method-assign]
    return said


def settings_from(
    args: argparse.Namespace, saved: dict[str, object] | None = None
) -> tuple[Settings | None, int | None]:
    """The settings and secret the command line's start carries (``launch.opening``, as
    ``mastermind`` runs it), or (None, None) for the home screen."""
    if args.command is None:
        return None, None
    start = opening(args, given(args), saved or {})
    return start.settings, start.secret
