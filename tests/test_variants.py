"""Rule variants: codes without repeated colours, and the presets.

The engine's no-repeat games are checked against plain-Python enumerations written
independently of it: the codes allowed, the codes left after answers, every deterministic
strategy's guesses and totals (the partition strategies from their published rules, the
optimum by exhaustive search), on sizes small enough to enumerate (4x3 and 5x3).
"""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from app_helpers import enter, message, screen_text, settings_from, until
from hypothesis import given, settings
from hypothesis import strategies as st
from textual.widgets import Checkbox, Input, Select, Static

from engine import STRATEGIES, CodeSpace, MastermindError, Rules, get_notation, make_strategy
from engine.errors import CodeError, ConfigError
from engine.explain.slips import find_slips
from engine.feedback import Answer
from engine.play.rules import ComputerBreaks, PersonBreaks
from engine.play.solver import Solver, play
from engine.strategies.optimal import Optimal
from engine.trees.strategy_tree import build_tree
from engine.walks.stats import choose_secrets, run_stats
from mastermind_tui.game.kinds import WATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import build_parser, main
from mastermind_tui.navigation import Start
from mastermind_tui.screens.home import HomeScreen
from mastermind_tui.screens.play import PlayScreen
from mastermind_tui.screens.stats import StatsScreen

SMALL = [(4, 3), (5, 3)]
#: The strategies that play any size (not a tree kept for one size, as best-8x5).
ANY_SIZE = [name for name, cls in STRATEGIES.items() if not cls.sizes]
DETERMINISTIC = [name for name in ANY_SIZE if STRATEGIES[name].deterministic]
#: The exact searches (the optimum, and the optimum guessing possible codes only).
EXACT = {name for name, cls in STRATEGIES.items() if issubclass(cls, Optimal)}
PARTITION_KEYS: dict[str, Callable[[list[int]], float]] = {
    "knuth": lambda parts: max(parts),
    "expected-size": lambda parts: sum(n * n for n in parts),
    "entropy": lambda parts: round(sum(n * math.log2(n) for n in parts), 9),
    "most-parts": lambda parts: -len(parts),
}


# -- plain Python, written without the engine -------------------------------------------


def plain_score(secret: tuple[int, ...], guess: tuple[int, ...]) -> tuple[int, int]:
    black = sum(a == b for a, b in zip(secret, guess, strict=True))
    return black, sum((Counter(secret) & Counter(guess)).values()) - black


def plain_codes(colours: int, positions: int) -> list[tuple[int, ...]]:
    """Every code without a repeated colour, in index order (first position fastest)."""
    codes = list(itertools.permutations(range(colours), positions))
    return sorted(codes, key=lambda code: plain_index(code, colours))


def plain_index(code: tuple[int, ...], colours: int) -> int:
    return sum(d * colours**i for i, d in enumerate(code))


def plain_partition(
    guess: tuple[int, ...], codes: list[tuple[int, ...]]
) -> list[list[tuple[int, ...]]]:
    """The codes split by the answer each gives ``guess``, the all-black class dropped."""
    parts: dict[tuple[int, int], list[tuple[int, ...]]] = {}
    for code in codes:
        parts.setdefault(plain_score(code, guess), []).append(code)
    return [part for answer, part in parts.items() if answer[0] != len(guess)]


def plain_partition_guess(
    name: str, codes: list[tuple[int, ...]], allowed: list[tuple[int, ...]]
) -> tuple[int, ...]:
    """The published rule: the smallest key over every allowed guess; ties to a code that
    could be the secret, then the first as written (first position most significant)."""
    key = PARTITION_KEYS[name]

    def rank(guess: tuple[int, ...]) -> tuple[float, bool, tuple[int, ...]]:
        sizes = Counter(plain_score(code, guess) for code in codes).values()
        return key(list(sizes)), guess not in codes, guess

    return min(allowed, key=rank)


def plain_depths(name: str, colours: int, positions: int) -> dict[tuple[int, ...], int]:
    """Guesses each secret takes under a deterministic strategy's plain rule."""
    allowed = plain_codes(colours, positions)
    out: dict[tuple[int, ...], int] = {}

    def walk(codes: list[tuple[int, ...]], depth: int) -> None:
        # sequential: the lowest index still possible
        sequential = name == "sequential"
        guess = codes[0] if sequential else plain_partition_guess(name, codes, allowed)
        if guess in codes:
            out[guess] = depth
        for part in plain_partition(guess, codes):
            walk(part, depth + 1)

    walk(allowed, 1)
    return out


def plain_optimum(colours: int, positions: int) -> int:
    """Fewest guesses in total over every secret, any allowed code as a guess: the
    recurrence T(S) = |S| + min over guesses of the sum of T over the classes."""
    allowed = plain_codes(colours, positions)

    @cache
    def total(codes: frozenset[tuple[int, ...]]) -> int:
        if len(codes) == 1:
            return 1
        ordered = sorted(codes)
        splits = set()  # guesses that split alike cost alike: each split weighed once
        for guess in allowed:
            parts = plain_partition(guess, ordered)
            if sum(map(len, parts)) < len(codes) or len(parts) > 1:  # it tells something
                splits.add(frozenset(frozenset(part) for part in parts))
        # A set of m codes costs at least 2m - 1 (one found by the first guess at best):
        # splits that cannot beat the best so far are skipped.
        best: float = math.inf  # a set of two or more codes always splits: best is a sum
        for split in sorted(splits, key=lambda parts: -len(parts)):
            if sum(2 * len(part) - 1 for part in split) < best:
                best = min(best, sum(map(total, split)))
        return len(codes) + int(best)

    return total(frozenset(allowed))


# -- the code space ---------------------------------------------------------------------


@pytest.mark.parametrize(("colours", "positions"), [*SMALL, (6, 4), (10, 4), (3, 1), (4, 4)])
def test_allowed_codes_are_the_codes_without_repeats(colours: int, positions: int) -> None:
    space = CodeSpace(colours, positions, repeats=False)
    want = [plain_index(code, colours) for code in plain_codes(colours, positions)]
    assert space.allowed.tolist() == want
    assert space.count == len(want) == math.perm(colours, positions)
    assert space.size == colours**positions  # indices are shared with the game with repeats


def test_bulls_and_cows_has_5040_codes() -> None:
    assert CodeSpace(10, 4, repeats=False).count == 5040


def test_more_positions_than_colours_is_refused_with_the_reason() -> None:
    with pytest.raises(ConfigError) as refused:
        CodeSpace(3, 4, repeats=False)
    assert str(refused.value) == (
        "4 positions need 4 different colours when no colour may repeat, and there are "
        "only 3: add colours or allow repeats"
    )
    with pytest.raises(ConfigError, match="4 positions need 4 different colours"):
        Rules(3, 4, repeats=False)
    assert CodeSpace(3, 4).count == 81  # with repeats it is an ordinary size


@pytest.mark.parametrize(
    ("notation", "text", "message"),
    [
        ("letters", "RRGB", "R appears twice: this game has no repeated colours"),
        ("letters", "bwbb", "B appears 3 times: this game has no repeated colours"),
        ("digits", "4204", "4 appears twice: this game has no repeated colours"),
        ("numbers", "1 2 3 1", "1 appears twice: this game has no repeated colours"),
    ],
)
def test_a_code_with_a_repeated_colour_is_refused_naming_it(
    notation: str, text: str, message: str
) -> None:
    space = CodeSpace(6 if notation != "digits" else 10, 4, repeats=False)
    with pytest.raises(CodeError) as refused:
        get_notation(notation).parse(space, text)
    assert str(refused.value) == message
    assert get_notation(notation).parse(CodeSpace(space.colours, 4), text) >= 0  # else fine


def test_a_repeated_code_cannot_enter_a_game_by_index() -> None:
    rules = Rules(6, 4, repeats=False)
    space = rules.space
    repeated = space.from_digits([2, 2, 3, 1])
    with pytest.raises(CodeError, match="appears more than once: this game has no repeated"):
        PersonBreaks(rules, repeated)
    game = PersonBreaks(rules, int(space.allowed[7]))
    with pytest.raises(CodeError, match="no repeated colours"):
        game.guess(repeated)
    assert game.moves == []  # refused, nothing counted
    with pytest.raises(CodeError, match="no repeated colours"):
        ComputerBreaks.start(rules, "knuth", secret=repeated)
    with pytest.raises(CodeError, match="no repeated colours"):
        Solver(space, make_strategy("knuth")).observe(repeated, 0, 0)


def test_random_secrets_and_stats_samples_are_allowed_codes() -> None:
    rules = Rules(6, 4, repeats=False)
    rng = np.random.default_rng(1)
    secrets = {PersonBreaks.random(rules, rng).secret for _ in range(300)}
    assert secrets <= set(rules.space.allowed.tolist())
    assert len(secrets) > 200  # drawn across the 360, not stuck on a few
    sample = choose_secrets(rules.space, 1000, seed=3)
    assert set(sample.tolist()) <= set(rules.space.allowed.tolist())
    assert choose_secrets(rules.space, None, None).tolist() == rules.space.allowed.tolist()


# -- against the plain enumeration ------------------------------------------------------


@pytest.mark.parametrize(("colours", "positions"), SMALL)
@pytest.mark.parametrize("name", ANY_SIZE)
def test_codes_left_match_a_plain_enumeration(name: str, colours: int, positions: int) -> None:
    """Every game of every strategy: each guess allowed, each set of codes left exactly
    the plain filter of the codes without repeats."""
    space = CodeSpace(colours, positions, repeats=False)
    codes = plain_codes(colours, positions)
    for secret in codes:
        solver = Solver(space, make_strategy(name), seed=plain_index(secret, colours))
        history = []
        while not solver.solved:
            step = solver.answer_for(plain_index(secret, colours))
            guess = space.to_digits(step.guess)
            assert len(set(guess)) == positions, (name, guess)
            history.append((guess, tuple(step.answer)))
            want = [
                plain_index(c, colours)
                for c in codes
                if all(plain_score(c, g) == a for g, a in history)
            ]
            assert solver.candidates.tolist() == want
        assert len(solver.steps) <= len(codes)


@pytest.mark.parametrize(("colours", "positions"), SMALL)
@pytest.mark.parametrize("name", [n for n in DETERMINISTIC if n not in EXACT])
def test_deterministic_totals_match_the_plain_rules(
    name: str, colours: int, positions: int
) -> None:
    """Each secret's guesses, tree walk and game by game, equal the strategy's rule played
    in plain Python over every allowed guess (no symmetry shortcuts)."""
    space = CodeSpace(colours, positions, repeats=False)
    want = {plain_index(c, colours): d for c, d in plain_depths(name, colours, positions).items()}
    secrets = choose_secrets(space, None, None)
    walked = run_stats(space, name, secrets)
    assert walked.total_guesses == sum(want.values())
    assert walked.games == len(want) == space.count
    assert walked.repeats is False and walked.as_json()["repeats"] is False
    for secret in secrets.tolist():
        assert len(play(space, make_strategy(name), secret)) == want[secret]


@pytest.mark.slow
@pytest.mark.parametrize(("colours", "positions"), SMALL)
def test_the_optimum_matches_an_exhaustive_search(
    colours: int, positions: int, cache_dir: Path
) -> None:
    space = CodeSpace(colours, positions, repeats=False)
    result = run_stats(space, "optimal", choose_secrets(space, None, None))
    assert result.total_guesses == plain_optimum(colours, positions)
    for name in DETERMINISTIC:  # and no heuristic beats it
        assert run_stats(space, name, space.allowed).total_guesses >= result.total_guesses
    root = build_tree(space, make_strategy("optimal"))
    assert root.candidates == space.count


def test_the_optimal_tree_is_cached_apart_from_the_game_with_repeats(cache_dir: Path) -> None:
    for repeats in (True, False):
        space = CodeSpace(4, 3, repeats)
        run_stats(space, "optimal", space.allowed)
    assert sorted(p.name for p in cache_dir.iterdir()) == [
        "optimal-4x3-no-repeats.json",
        "optimal-4x3.json",
    ]


@pytest.mark.parametrize("name", ANY_SIZE)
def test_every_strategy_solves_all_360_secrets_of_6x4_without_repeats(
    name: str, cache_dir: Path
) -> None:
    space = CodeSpace(6, 4, repeats=False)
    result = run_stats(space, name, choose_secrets(space, None, None), seed=9)
    assert result.games == 360
    assert sum(result.distribution.values()) == 360
    assert 0 not in result.distribution  # every secret reached and solved
    assert result.worst <= 7
    # From 360 codes at least 4.0 guesses are needed on average; the optimum is 1446.
    assert 1446 <= result.total_guesses <= 1520
    if make_strategy(name).deterministic:  # every guess of the whole tree is allowed
        nodes = [build_tree(space, make_strategy(name))]
        while nodes:
            node = nodes.pop()
            assert len(set(space.to_digits(node.guess))) == 4, (name, node.guess)
            nodes.extend(node.children.values())


@settings(max_examples=40, deadline=None)
@given(
    size=st.sampled_from([(4, 2), (5, 3), (6, 3), (6, 4), (7, 3), (8, 3), (4, 4)]),
    name=st.sampled_from([n for n in ANY_SIZE if n not in EXACT]),
    pick=st.integers(0, 10**6),
    seed=st.integers(0, 2**32),
)
def test_no_strategy_ever_guesses_a_code_with_a_repeat(
    size: tuple[int, int], name: str, pick: int, seed: int
) -> None:
    space = CodeSpace(*size, repeats=False)
    secret = int(space.allowed[pick % space.count])
    steps = play(space, make_strategy(name), secret, seed=seed)
    assert steps[-1].guess == secret
    for step in steps:
        digits = space.to_digits(step.guess)
        assert len(set(digits)) == len(digits), (name, digits)
        assert all(
            len(set(space.to_digits(a.guess))) == len(digits) for a in step.decision.alternatives
        )


# -- presets and the command line -------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "want"),
    [
        ("original", (6, 4, 10, True, "letters")),
        ("mini", (6, 4, 6, True, "letters")),
        ("super", (8, 5, 12, True, "letters")),
        ("bulls-and-cows", (10, 4, 10, False, "digits")),
    ],
)
def test_presets_fill_every_setting(preset: str, want: tuple[int, int, int, bool, str]) -> None:
    built = Settings.build(preset=preset)
    rules = built.rules
    got = (rules.colours, rules.positions, rules.max_moves, rules.repeats, built.notation.name)
    assert got == want
    assert built.space.count == (5040 if preset == "bulls-and-cows" else want[0] ** want[1])


def test_explicit_options_override_a_preset() -> None:
    def rules(*argv: str) -> tuple[int, int, int, bool, str]:
        settings, _ = settings_from(build_parser().parse_args(argv))
        assert settings is not None
        r = settings.rules
        return r.colours, r.positions, r.max_moves, r.repeats, settings.notation.name

    assert rules("play", "--preset", "super", "--moves", "20") == (8, 5, 20, True, "letters")
    assert rules("play", "--preset", "bulls-and-cows", "--repeats") == (10, 4, 10, True, "digits")
    assert rules("match", "--preset", "mini", "--no-repeats", "--colours", "7") == (
        7,
        4,
        6,
        False,
        "letters",
    )
    assert rules("play", "--no-repeats") == (6, 4, 10, False, "letters")
    with pytest.raises(MastermindError, match="letters notation can show at most 8 colours"):
        rules("play", "--preset", "bulls-and-cows", "--notation", "letters")
    with pytest.raises(MastermindError, match="unknown preset 'chess'; choose one of original"):
        Settings.build(preset="chess")


def test_watch_refuses_a_secret_with_a_repeated_colour() -> None:
    args = build_parser().parse_args(["watch", "0012", "--preset", "bulls-and-cows"])
    with pytest.raises(CodeError, match=r"^0 appears twice: this game has no repeated colours$"):
        settings_from(args)


def test_help_lists_the_presets_and_the_rule(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("solve", "stats", "play", "watch", "tree"):
        assert main([command, "--help"]) == 0
        out = " ".join(capsys.readouterr().out.split())
        assert "bulls-and-cows (Bulls and Cows: 10 digits, 4 positions, no repeats)" in out
        assert "super (Super Mastermind: 8 colours, 5 positions, 12 moves)" in out
        assert "--repeats, --no-repeats" in out
    assert main(["stats", "--all", "--preset", "chess"]) == 2
    assert "invalid choice: 'chess'" in capsys.readouterr().err


def test_solve_bulls_and_cows(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "4207", "--preset", "bulls-and-cows"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        "Breaking 4207 with knuth (10 colours x 4 positions, no repeats, 5,040 codes)"
    )
    assert "1. 0123   " in out and "possible codes 5,040 -> " in out
    assert main(["solve", "4207", "--preset", "bulls-and-cows", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["repeats"] is False and data["colours"] == 10
    assert all(len(set(g["guess"])) == 4 for g in data["guesses"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "RRGB", "--no-repeats"], "R appears twice: this game has no repeated colours"),
        (["solve", "1 2 2 2", "--no-repeats"], "2 appears 3 times: this game has no repeated"),
        (
            ["stats", "--all", "--no-repeats", "--colours", "3"],
            "4 positions need 4 different colours when no colour may repeat, and there are "
            "only 3: add colours or allow repeats",
        ),
        (["tree", "--preset", "bulls-and-cows", "--positions", "11"], "11 positions need 11"),
    ],
)
def test_the_command_line_refuses_in_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("mastermind: " + message)


def test_stats_and_tree_without_repeats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--all", "--no-repeats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["games"], data["total_guesses"], data["repeats"]) == (360, 1490, False)
    assert main(["stats", "--all", "--no-repeats", "--strategy", "sequential"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("sequential on 6 colours x 4 positions, no repeats\ngames          360")
    assert main(["tree", "--no-repeats", "--format", "json"]) == 0
    root = json.loads(capsys.readouterr().out)
    assert root["codes"] == 360 and root["guess"] == "BWRG"

    assert main(["tree", "--no-repeats"]) == 0
    assert capsys.readouterr().out.startswith(
        "knuth on 6 colours x 4 positions, no repeats: 360 codes, at most 5 guesses"
    )


# -- the full-screen app ----------------------------------------------------------------


@pytest.mark.slow
async def test_home_preset_fills_the_fields_and_a_game_refuses_repeats() -> None:
    app = MastermindApp()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, HomeScreen)
        assert screen.query_one("#no-repeats", Checkbox).value is False
        screen.query_one("#preset", Select).value = "bulls-and-cows"
        # the preset's handler fills every field at once: one of them is enough to wait for
        await until(pilot, lambda: screen.query_one("#no-repeats", Checkbox).value)
        fields = [screen.query_one(f"#{n}", Input).value for n in ("colours", "positions", "moves")]
        assert fields == ["10", "4", "10"]
        assert screen.query_one("#notation", Select).value == "digits"
        assert screen.query_one("#no-repeats", Checkbox).value is True
        assert screen.query_one("#preset", Select).value == "bulls-and-cows"  # still its own
        to_watch = screen.query_one("#secret", Input)
        await until(pilot, lambda: to_watch.placeholder == "e.g. 0123")  # written in digits
        screen.query_one("#moves", Input).value = "12"  # typed after the preset: it wins
        await until(pilot, lambda: screen.query_one("#preset", Select).value == Select.NULL)
        screen.query_one("#lab", Checkbox).value = True  # the trace below, as it comes
        await pilot.press("ctrl+s")
        await app.workers.wait_for_complete()
        assert isinstance(app.screen, PlayScreen)
        rules = app.screen.session.rules
        assert (rules.colours, rules.positions, rules.max_moves, rules.repeats) == (
            10,
            4,
            12,
            False,
        )
        assert message(pilot).endswith("from 0 1 2 3 4 5 6 7 8 9, no colour twice. Guess!")
        assert app.screen.session.person is not None
        secret = app.screen.session.person.secret
        assert len(set(app.screen.session.space.to_digits(secret))) == 4
        await enter(pilot, "1123")
        assert "1 appears twice: this game has no repeated colours" in message(pilot)
        assert app.screen.session.rows() == []  # refused: no move spent
        await enter(pilot, "1234")
        assert len(app.screen.session.rows()) == 1
        assert "of 5,040 codes" in screen_text(pilot)


@pytest.mark.slow
async def test_home_preset_back_to_original_and_more_positions_than_colours() -> None:
    app = MastermindApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await app.push_screen(HomeScreen(app.kinds, Settings.build(preset="bulls-and-cows")))
        screen = app.screen
        assert screen.query_one("#no-repeats", Checkbox).value is True
        screen.query_one("#preset", Select).value = "super"
        await until(pilot, lambda: screen.query_one("#colours", Input).value == "8")
        assert screen.query_one("#colours", Input).value == "8"
        assert screen.query_one("#no-repeats", Checkbox).value is False
        screen.query_one("#no-repeats", Checkbox).value = True
        screen.query_one("#positions", Input).value = "9"
        await pilot.press("ctrl+s")
        assert isinstance(screen, HomeScreen)
        text = screen.form.error
        assert "9 positions need 9 different colours" in text
        assert isinstance(app.screen, HomeScreen)


@pytest.mark.slow
async def test_statistics_screen_runs_without_repeats() -> None:
    app = MastermindApp()
    async with app.run_test(size=(100, 40)):
        await app.push_screen(StatsScreen(Settings.build(repeats=False)))
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert screen.query_one("#no-repeats", Checkbox).value is True
        assert screen.query_one("#games", Input).value == ""  # 360 codes: every secret
        plan = screen._plan()
        assert plan.space.repeats is False and len(plan.secrets) == 360


@pytest.mark.slow
async def test_watch_bulls_and_cows_to_the_end() -> None:
    settings = Settings.build(mode=WATCH, preset="bulls-and-cows", strategy="entropy")
    secret = settings.notation.parse(settings.space, "9876")
    app = MastermindApp(Start(settings, secret))
    async with app.run_test(size=(100, 36)) as pilot:
        await app.workers.wait_for_complete()

        def shown(selector: str) -> str:
            return str(app.screen.query_one(selector, Static).render())

        await until(
            pilot,
            lambda: shown("#status").endswith("a beat") and "5,040 codes" in shown("#caption"),
        )
        status = str(app.screen.query_one("#status", Static).render())
        assert status == (
            "Watching entropy break 9876 (10 colours x 4 positions, no repeats) · "
            "paused, 1 s a beat"
        )
        caption = app.screen.query_one("#caption", Static)
        assert "5,040 codes possible" in str(caption.render())
        await pilot.press("n")
        assert "5,040 →" in str(caption.render())
        await pilot.press("end")
        steps = play(settings.space, make_strategy("entropy"), secret)
        assert str(caption.render()).endswith(
            f"Solved in {len(steps)} guesses. The end: Space plays it again from move 1."
        )
        assert all(len(set(settings.space.to_digits(s.guess))) == 4 for s in steps)


def test_slips_are_found_among_allowed_codes_only() -> None:
    """A miscounted answer: the fixes offered lead to codes without repeats only."""
    space = CodeSpace(6, 4, repeats=False)
    secret = space.from_digits([3, 5, 1, 0])
    moves = []
    solver = Solver(space, make_strategy("knuth"))
    while not solver.solved:
        step = solver.answer_for(secret)
        moves.append((step.guess, step.answer))
    guess, right = moves[1]
    moves[1] = (guess, Answer(right.black, right.white + 1 if right.white < 2 else 0))
    fixes = find_slips(space, moves)
    assert fixes
    for fix in fixes:
        fixed = dict(fix.corrections)
        answers = [fixed.get(i, a) for i, (_, a) in enumerate(moves)]
        fitting = [
            c
            for c in itertools.product(range(6), repeat=4)
            if all(
                plain_score(c, space.to_digits(g)) == tuple(a)
                for (g, _), a in zip(moves, answers, strict=True)
            )
        ]
        assert fix.codes_left == sum(len(set(c)) == 4 for c in fitting) > 0


@pytest.mark.parametrize("name", ["sequential", "classic"])
@pytest.mark.parametrize("secret", [0, 17, 59])
def test_index_scans_count_only_allowed_codes_as_skipped(name: str, secret: int) -> None:
    """Without repeats the scan passes forbidden indices too; "skipped N impossible codes"
    counts only codes the rules allow that the answers ruled out (enumerated here)."""
    space = CodeSpace(5, 3, repeats=False)
    allowed = {c for c in range(space.size) if len(set(space.to_digits(c))) == 3}
    solver = Solver(space, make_strategy(name), seed=secret)
    target = sorted(allowed)[secret]
    while not solver.solved:
        possible = {int(c) for c in solver.candidates}
        decision = solver.decide()
        start, guess = decision.details["scan_start"], decision.guess
        passed = range(start, guess) if start <= guess else [*range(start, 125), *range(guess)]
        expected = sum(1 for c in passed if c in allowed and c not in possible)
        assert decision.details["skipped"] == expected
        assert f"skipped {expected:,} impossible code" in decision.note or expected == 0
        solver.answer_for(target)


PRESETS = {
    "original": (6, 4, True),
    "mini": (6, 4, True),
    "super": (8, 5, True),
    "bulls-and-cows": (10, 4, False),
}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_reaches_solve_stats_tree_play_and_watch(
    preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each command takes the preset's size and rule (the sequential strategy keeps the
    big sizes quick): solve and stats say them in JSON, tree counts its root's codes,
    play and watch build their settings from it."""
    colours, positions, repeats = PRESETS[preset]
    count = math.perm(colours, positions) if not repeats else colours**positions
    secret = "0123" if positions == 4 else "01234"
    fast = ("--preset", preset, "--strategy", "sequential")
    assert main(["solve", secret, *fast, "--json"]) == 0
    solved = json.loads(capsys.readouterr().out)
    assert (solved["colours"], solved["positions"], solved["repeats"]) == PRESETS[preset]
    assert solved["guesses"][0]["candidates_before"] == count
    assert main(["stats", *fast, "--games", "2", "--seed", "1", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert (stats["colours"], stats["positions"], stats["repeats"]) == PRESETS[preset]
    assert main(["tree", *fast, "--depth", "1", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["codes"] == count
    for argv in (["play", "--preset", preset], ["watch", secret, "--preset", preset]):
        settings, _ = settings_from(build_parser().parse_args(argv))
        assert settings is not None
        assert (settings.space.colours, settings.space.positions) == (colours, positions)
        assert settings.space.repeats is repeats and settings.space.count == count


@pytest.mark.parametrize("command", ["solve", "stats", "tree", "play", "watch"])
def test_no_repeats_reaches_every_command(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """--no-repeats on its own (6 colours x 4 positions, 360 codes) on each command."""
    if command in ("play", "watch"):
        argv = [command, *(["RGOY"] if command == "watch" else []), "--no-repeats"]
        settings, _ = settings_from(build_parser().parse_args(argv))
        assert settings is not None and settings.space.count == 360
        return
    argv = {
        "solve": ["solve", "RGOY", "--json"],
        "stats": ["stats", "--games", "3", "--seed", "2", "--json"],
        "tree": ["tree", "--depth", "1", "--format", "json"],
    }[command]
    assert main([*argv, "--no-repeats"]) == 0
    data = json.loads(capsys.readouterr().out)
    if command == "tree":
        assert data["codes"] == 360 and len(set(data["guess"])) == 4
    else:
        assert data["repeats"] is False


@pytest.mark.parametrize(
    ("name", "total", "worst"),
    [
        ("entropy", 26424, 8),
        ("expected-size", 26551, 7),
        ("most-parts", 26751, 8),
        ("knuth", 27139, 7),
    ],
)
def test_bulls_and_cows_every_secret_gives_the_readmes_totals(
    name: str, total: int, worst: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """``stats --all`` on Bulls and Cows finishes for the partition strategies, with the
    totals the README publishes (the best known is 26,274: none may beat it)."""
    argv = ["stats", "--all", "--preset", "bulls-and-cows", "--strategy", name, "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["games"], data["total_guesses"], data["worst"]) == (5040, total, worst)
    assert data["total_guesses"] >= 26274
