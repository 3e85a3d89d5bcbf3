"""The session's parts see what they need: no Protocol of the app is wider than twelve
members (a view's own and those it extends), each part of a game takes its own view,
and a move asked of the session does what follows it (the parts act on nothing but
themselves)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import mastermind_tui
from mastermind_tui.game.answering import PersonAnswering
from mastermind_tui.game.context import AnsweringView, GuessingView, RatingView, Table
from mastermind_tui.game.guessing import PersonGuessing
from mastermind_tui.game.rating_book import RatingBook
from mastermind_tui.game.session import GameSession
from mastermind_tui.game.settings import Settings
from mastermind_tui.records.types import Game

#: The widest a Protocol of the app may be.
MOST_MEMBERS = 12


def bases(node: ast.ClassDef) -> list[str]:
    return [ast.unparse(base).split("[")[0] for base in node.bases]


def members(node: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> set[str]:
    """A class's members: its methods and annotated names, and those of its bases in
    ``classes`` (the same file's)."""
    own = {item.name for item in node.body if isinstance(item, ast.FunctionDef)}
    own |= {
        item.target.id
        for item in node.body
        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
    }
    for base in bases(node):
        if base in classes:
            own |= members(classes[base], classes)
    return own


def protocols() -> dict[str, int]:
    """Every Protocol the app defines, by file and name, with its number of members (its
    own and those of the Protocols it extends in the same file)."""
    widths: dict[str, int] = {}
    for path in Path(mastermind_tui.__file__).parent.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        classes = {node.name: node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
        for name, node in classes.items():
            if "Protocol" in bases(node):
                widths[f"{path.name}:{name}"] = len(members(node, classes))
    return widths


def test_no_protocol_is_wider_than_twelve_members() -> None:
    widths = protocols()
    assert {"context.py:GuessingView", "base.py:GameScreen"} <= set(widths)
    assert {name: n for name, n in widths.items() if n > MOST_MEMBERS} == {}


def test_each_part_takes_its_own_view_of_the_session() -> None:
    views = {PersonGuessing: GuessingView, PersonAnswering: AnsweringView, RatingBook: RatingView}
    for part, view in views.items():
        assert inspect.signature(part).parameters["session"].annotation == view.__name__
    assert all(Table in view.__mro__ for view in views.values())


def test_a_guess_asked_of_the_session_is_counted_and_recorded() -> None:
    kept: list[Game] = []
    session = GameSession(Settings.build(seed=3, colours=2, positions=1), recorder=kept.append)
    session.guess("B" if session.secret_text == "W" else "W")
    assert not session.over and kept == []  # one wrong guess: moves are left
    session.take_back_guess()
    assert session.practice and not session.rows()
    session.guess(session.secret_text)
    assert session.over and [(game.outcome, game.practice) for game in kept] == [("solved", True)]
