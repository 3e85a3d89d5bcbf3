"""QA point 3 and 4: messages that say what is really wrong."""

from __future__ import annotations

import re

import pytest

from mastermind_tui.cli.main import main
from mastermind_tui.game.rivals import read_strategies
from mastermind_tui.game.settings import Settings


@pytest.mark.parametrize(
    ("names", "said"),
    [
        (["knuth", "knuth"], "knuth was named twice: name 2 to 4 different strategies"),
        (["knuth", "KNUTH", "knuth"], "knuth was named 3 times: name 2 to 4 different"),
        (["knuth"], "name 2 to 4 different strategies to compare (got 1)"),
    ],
)
def test_a_strategy_named_twice_is_said(names: list[str], said: str) -> None:
    with pytest.raises(Exception, match=re.escape(said)):
        read_strategies(names, Settings.build())


def test_compare_knuth_knuth_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "RGBY", "knuth", "knuth"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "knuth was named twice" in err
