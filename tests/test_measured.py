"""Each strategy in its own measure wherever a split is weighed: Knuth by the largest
class, entropy by bits, expected size, Most Parts by parts, the optimum by guesses
expected; the runner-up in the chosen one's measure; "worst case" only where the largest
class is the measure; a strategy with no measure tells its rule."""

import subprocess
import sys

import pytest

from engine import CodeSpace, Decision, Solver, make_strategy
from engine.explain.decisions import runner_up
from engine.explain.measured import in_measure, marks_worst, pair_text, runner_up_of, why_text
from engine.notation import NOTATIONS

SPACE = CodeSpace(6, 4)
SOLVE = (sys.executable, "-m", "mastermind_tui", "solve")
FMT = NOTATIONS["letters"].format


def first(strategy: str) -> Decision:
    """The strategy's first decision on 6x4."""
    return Solver(SPACE, make_strategy(strategy)).decide()


def fmt(code: int) -> str:
    return FMT(SPACE, code)


@pytest.mark.parametrize(
    ("strategy", "said", "worst"),
    [
        ("knuth", "largest class 256", True),
        ("entropy", "3.057 bits", False),
        ("expected-size", "expected size 185.269", False),
        ("most-parts", "14 parts", False),
        ("optimal", "4.340 guesses expected", False),
    ],
)
def test_a_first_guess_in_its_own_measure(strategy: str, said: str, worst: bool) -> None:
    decision = first(strategy)
    assert in_measure(decision.score_label, decision.score) == said
    assert marks_worst(decision.score_label) is worst
    rival = runner_up_of(decision)
    assert rival is not None
    # The runner-up beside, weighed in the same measure, its words said once.
    drawn = runner_up(SPACE, decision, SPACE.allowed)
    assert drawn is not None and drawn[0] == rival.guess
    pair = pair_text(
        decision.score_label,
        (fmt(decision.guess), decision.partition, decision.score),
        (fmt(drawn[0]), drawn[1], rival.score),
        "runner-up",
    )
    assert pair.startswith(f"{fmt(decision.guess)}: {said}; runner-up {fmt(rival.guess)}: ")
    assert "largest" not in pair or strategy == "knuth"  # no minimax words elsewhere
    assert why_text(decision, fmt).startswith(f"{said}; {fmt(rival.guess)} ")


def test_a_strategy_with_no_measure_tells_its_rule() -> None:
    decision = first("sequential")
    assert in_measure(decision.score_label, decision.score) == ""
    assert not marks_worst(decision.score_label)
    assert why_text(decision, fmt) == "BBBB is the first code still possible in index order."


def test_solve_weighs_the_runner_up_in_the_strategys_measure() -> None:
    out = subprocess.run(
        [*SOLVE, "RGBY", "--strategy", "entropy"],
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    assert "      weighed: BWRG: 3.057 bits; runner-up BBWR: 3.044\n" in out


def test_only_knuths_handout_marks_a_worst_case() -> None:
    def page(strategy: str) -> str:
        return subprocess.run(
            [*SOLVE, "YOBR", "--strategy", strategy, "--html", "-"],
            capture_output=True,
            text=True,
            timeout=120,
        ).stdout

    entropy, knuth = page("entropy"), page("knuth")
    assert "worst case" not in entropy and "bits; runner-up" in entropy
    assert "worst case" in knuth and "largest class 256; runner-up BBWR: 276" in knuth
