"""Mastermind engine: codes, scoring, solvers with a step-by-step trace, rules and
statistics. Pure Python and numpy; it knows nothing of any user interface."""

from .codes import MAX_CODES, MAX_COLOURS, CodeSpace
from .errors import (
    AnswerError,
    CodeError,
    ConfigError,
    InconsistentAnswersError,
    MastermindError,
)
from .feedback import Answer, score
from .notation import NOTATIONS, Notation, get_notation, parse_any
from .play.rules import ComputerBreaks, Outcome, PersonBreaks, Rules
from .play.solver import Solver, play
from .storage.version import __version__ as __version__
from .strategies import STRATEGIES, Strategy, make_strategy
from .trace import Alternative, Choice, Decision, Step

__all__ = [
    "MAX_CODES",
    "MAX_COLOURS",
    "NOTATIONS",
    "STRATEGIES",
    "Alternative",
    "Answer",
    "AnswerError",
    "Choice",
    "CodeError",
    "CodeSpace",
    "ComputerBreaks",
    "ConfigError",
    "Decision",
    "InconsistentAnswersError",
    "MastermindError",
    "Notation",
    "Outcome",
    "PersonBreaks",
    "Rules",
    "Solver",
    "Step",
    "Strategy",
    "get_notation",
    "make_strategy",
    "parse_any",
    "play",
    "score",
]
