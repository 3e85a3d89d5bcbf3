"""The command line as a user meets it: real processes, real output."""

import json
import subprocess
import sys

import pytest

from mastermind_tui.modes.main import build_parser, main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mastermind_tui", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_version_and_help() -> None:
    assert run("--version").stdout.strip() == "mastermind 0.1.0"
    out = run("--help").stdout
    for command in ("solve", "stats", "play", "watch", "retro"):
        assert command in out


def test_solve_json_reproduces_seed_000() -> None:
    result = run("solve", "4204", "--strategy", "sequential", "--notation", "digits", "--json")
    data = json.loads(result.stdout)
    assert data["solved"] is True
    assert data["secret"] == "4204"
    assert [(g["guess"], g["black"], g["white"]) for g in data["guesses"]] == [
        ("0000", 1, 0),
        ("1110", 0, 1),
        ("2202", 2, 0),
        ("3302", 1, 1),
        ("4204", 4, 0),
    ]
    assert data["guesses"][0]["candidates_before"] == 1296
    assert data["guesses"][-1]["candidates_after"] == 1


def test_solve_prints_a_readable_trace(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "r g b y"]) == 0
    out = capsys.readouterr().out
    assert "Breaking RGBY with knuth" in out
    assert "1. BBWW   0,1   possible codes 1,296 -> 256" in out
    assert "largest class: 256; next best: BBWR 276" in out
    assert out.rstrip().endswith("Solved in 4 guesses.")


def test_solve_numbers_notation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "2 1 6 2", "--notation", "numbers", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["guesses"][0]["guess"] == "1 1 2 2"
    assert data["guesses"][-1]["guess"] == "2 1 6 2"


def test_stats_all_knuth_json() -> None:
    data = json.loads(run("stats", "--all", "--json").stdout)
    assert data["strategy"] == "knuth" and data["games"] == 1296
    assert data["total_guesses"] == 5801 and data["worst"] == 5
    assert data["distribution"] == {"1": 1, "2": 6, "3": 62, "4": 533, "5": 694}
    assert set(data) == {
        "strategy",
        "colours",
        "positions",
        "repeats",
        "answers",
        "exact",
        "games",
        "total_guesses",
        "average",
        "worst",
        "distribution",
        "seconds",
    }


def test_stats_sample_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--strategy", "random", "--games", "50", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "random on 6 colours x 4 positions" in out
    assert "games          50" in out
    assert "guesses  games" in out and "#" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "RGB"], "has 3 pegs; a code here has 4 positions"),
        (["solve", "RGBX"], "'X' is not a colour here"),
        # The real lower bound, never "give 0 or more" where 0 is refused.
        (["solve", "RGBY", "--colours", "1"], "--colors: 1 is too small; give 2 or more"),
        (["solve", "RGBY", "--positions", "0"], "--positions: 0 is too small; give 1 or more"),
        (["solve", "RGBY", "--positions", "-3"], "-3 is too small; give 1 or more"),
        (["stats", "--jobs", "-1"], "--jobs: -1 is too small; give 1 or more"),
        (["solve", "RGBY", "--strategy", "magic"], "unknown strategy 'magic'"),
        (["solve", "1234", "--colours", "12"], "at most 8 colours"),
        (["stats", "--games", "-4"], "-4 is too small; give 1 or more"),
        (["stats", "--games", "0"], "0 is too small; give 1 or more"),
        (["stats", "--games", "100000000000"], "between 1 and 10,000,000"),
        (["solve", "RGBY", "--seed", "-5"], "-5 is negative"),
        (["solve", "1", "--positions", "1000000000", "--notation", "digits"], "too many"),
        (["stats", "--games", "ten"], "'ten' is not a whole number"),
        (["stats", "--colours", "7", "--positions", "5"], "say --all to play every one"),
        (["solve", "RGBY", "--notation", "runes"], "unknown notation 'runes'"),
    ],
)
def test_bad_input_is_one_line_on_stderr(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode != 0
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert message in lines[0]
    assert "Traceback" not in result.stderr


def test_solve_and_stats_do_not_import_textual() -> None:
    code = (
        "import sys; from mastermind_tui.modes.main import main; "
        "main(['solve', 'RGBY', '--json']); "
        "assert 'textual' not in sys.modules, 'textual imported'"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "RGBY", "--strategy", "entropy", "--json"],
        ["stats", "--all", "--strategy", "knuth", "--jobs", "1"],
        ["play", "--colours", "5", "--spoiler-free"],
        ["watch", "RGB", "--positions", "3", "--preset", "mini"],
        ["retro", "--plain", "--seed", "2"],
        ["tree", "--depth", "2", "--format", "dot"],
        ["records", "--size", "6x4", "--json"],
        ["serve", "--port", "8001"],
    ],
)
def test_a_parser_built_for_one_command_reads_it_as_the_whole_one_does(argv: list[str]) -> None:
    """The command line builds only the options of the command it was given (20 ms of a
    stats run): the result must not depend on it."""
    assert vars(build_parser(argv[0]).parse_args(argv)) == vars(build_parser().parse_args(argv))


def test_stats_with_no_options_plays_every_6x4_secret() -> None:
    """No argparse complaint; on a quick size every secret is played."""
    out = run("stats")
    assert out.returncode == 0, out.stderr
    assert "games          1,296" in out.stdout and "total guesses  5,801" in out.stdout


def test_stats_with_no_options_on_a_big_size_says_what_to_type() -> None:
    out = run("stats", "--colours", "8", "--positions", "5")
    assert out.returncode != 0 and out.stdout == ""
    (line,) = out.stderr.splitlines()
    assert "--all" in line and "--games N" in line and "required" not in line


def test_watch_without_a_secret_draws_one() -> None:
    """``watch`` alone watches a random secret (repeatable with --seed)."""
    from app_helpers import settings_from

    from mastermind_tui.modes.main import build_parser

    args = build_parser().parse_args(["watch", "--seed", "3"])
    settings, secret = settings_from(args)
    assert settings is not None and secret is not None
    assert 0 <= secret < settings.space.count
    assert settings_from(build_parser().parse_args(["watch", "--seed", "3"]))[1] == secret
