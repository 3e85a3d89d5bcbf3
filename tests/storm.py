"""Key storms: seeded, replayable random input for the app's screens.

A storm is printable keys, function keys, Ctrl keys, the palette, the keys that move
through lists, and terminal resizes, some delivered together (posted without a pause, as a
terminal delivers a burst). Any exception Textual catches ends the app with an internal
error; ``run_test`` raises it again, so a storm passes only if the app survived it. The
same seed gives the same storm: a failure prints the seed and the start to replay.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable
from dataclasses import dataclass

from textual import events
from textual.app import App

from mastermind_tui.app.retro import RetroApp
from mastermind_tui.game.kinds import COMPARE, MAKE, MATCH, PLAY, GameKind
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.retro.screen import TeletypeScreen

PRINTABLE = string.ascii_letters + string.digits + " ,.-?/!"
FUNCTION = [f"f{n}" for n in range(1, 13)]
#: Ctrl keys but Ctrl+Q (leaves: the storm would end) and Ctrl+Z (suspends the process).
CONTROL = [f"ctrl+{c}" for c in string.ascii_lowercase if c not in "qz"]
#: How a storm may end the app: not at all, or by a key that leaves (Ctrl+C is among the
#: storm's keys: an interrupt, exit status 130); anything else is an error.
ENDED_CLEANLY = (None, 0, 130)
MOVING = [
    "enter", "escape", "tab", "shift+tab", "up", "down", "left", "right", "home", "end",
    "pageup", "pagedown", "backspace", "delete", "space",
]  # fmt: skip
#: Terminal sizes a storm resizes to, 20x5 to 200x60, as tmux storms by hand did.
SIZES = [(20, 5), (40, 10), (60, 20), (80, 24), (100, 30), (120, 36), (200, 60)]


def small(mode: GameKind = PLAY, **rules: object) -> Settings:
    """A size where every strategy, rating and tree is quick: a storm tests input, not speed."""
    return Settings.build(mode=mode, colours=4, positions=3, seed=3, **rules)  # type: ignore[arg-type]


#: Each start: a name and how to make the app (the keys then reach every other screen).
STARTS: dict[str, Callable[[], App[None]]] = {
    "home": lambda: MastermindApp(),
    "play": lambda: MastermindApp(Start(small())),
    "make": lambda: MastermindApp(Start(small(MAKE))),
    "match": lambda: MastermindApp(Start(small(MATCH))),
    "watch": lambda: MastermindApp(Start(small(), 5)),
    "compare": lambda: MastermindApp(Start(small(COMPARE), 5, ("knuth", "entropy"))),
    "statistics": lambda: _then(MastermindApp(Start(small())), "action_statistics"),
    "records": lambda: _then(MastermindApp(Start(small())), "action_records"),
    "retro": lambda: RetroApp(3, False, False, None),
}


def _then(app: MastermindApp, action: str) -> MastermindApp:
    """The app, which opens a screen by ``action`` once mounted."""
    app.call_after_refresh(getattr(app, action))
    return app


@dataclass(frozen=True)
class Storm:
    start: str
    seed: int
    events: int = 100

    def keys(self) -> list[tuple[str, object]]:
        """The storm's steps: ("key", name), ("burst", [names]), ("resize", (w, h)) or
        ("pause", None)."""
        rng = random.Random(f"{self.start}:{self.seed}")
        steps: list[tuple[str, object]] = []
        for _ in range(self.events):
            roll = rng.random()
            if roll < 0.45:
                steps.append(("key", rng.choice(PRINTABLE)))
            elif roll < 0.55:
                steps.append(("key", rng.choice(FUNCTION)))
            elif roll < 0.63:
                steps.append(("key", rng.choice(CONTROL)))
            elif roll < 0.68:
                steps.append(("key", "ctrl+p"))
            elif roll < 0.85:
                steps.append(("key", rng.choice(MOVING)))
            elif roll < 0.93:
                pool = [*MOVING, *FUNCTION, "ctrl+p", *PRINTABLE]
                steps.append(("burst", [rng.choice(pool) for _ in range(rng.randint(2, 6))]))
            elif roll < 0.97:
                steps.append(("resize", rng.choice(SIZES)))
            else:
                steps.append(("pause", None))
        return steps


def _key(name: str) -> events.Key:
    character = name if len(name) == 1 else (" " if name == "space" else None)
    return events.Key(name, character)


async def run_storm(storm: Storm) -> App[None]:
    """Play ``storm`` on a fresh app; raises whatever internal error the app met."""
    TeletypeScreen.cursor_blink = False
    app = STARTS[storm.start]()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for step, (kind, value) in enumerate(storm.keys()):
            if not app.is_running:
                break
            if kind == "key":
                app.post_message(_key(str(value)))
                if step % 3 == 0:  # most keys typed between frames, some after one
                    await pilot.pause()
            elif kind == "burst":
                for name in value:  # type: ignore[attr-defined]
                    app.post_message(_key(name))
                await pilot.pause()
            elif kind == "resize":
                await pilot.resize_terminal(*value)  # type: ignore[misc]
            else:
                await pilot.pause(0.05)
        await pilot.pause()
    return app
