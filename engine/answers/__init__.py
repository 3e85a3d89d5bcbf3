"""Answer rules: how a guess is answered. Each rule is one module behind ``AnswerRule``;
a code space carries its rule (``CodeSpace.answers``), so every scorer, search, tree and
record takes the rule from the space it is given."""

from __future__ import annotations

from ..errors import ConfigError
from .base import Answer, AnswerRule, BlackAnswer
from .black import BLACK
from .classic import CLASSIC

#: Every rule by the name ``--answers`` takes.
RULES: dict[str, AnswerRule] = {rule.name: rule for rule in (CLASSIC, BLACK)}


def named(name: str) -> AnswerRule:
    """The rule called ``name``, or ConfigError listing the names."""
    try:
        return RULES[name]
    except KeyError:
        raise ConfigError(f"no answer rule called {name!r}; choose {' or '.join(RULES)}") from None


__all__ = ["BLACK", "CLASSIC", "RULES", "Answer", "AnswerRule", "BlackAnswer", "named"]
