"""`stats` limits and time estimates: every run is bounded and announced."""

import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from waiting import wait_until

from engine import CodeSpace, make_strategy
from engine.errors import ConfigError
from engine.run import Run
from engine.trees.strategy_tree import walk
from engine.walks.stats import MAX_GAMES, choose_secrets, estimate_seconds, run_stats
from mastermind_tui.cli.progress import ProgressBar
from mastermind_tui.modes.main import main

ROOT = Path(__file__).resolve().parent.parent


def test_every_secret_is_refused_past_the_game_limit() -> None:
    with pytest.raises(ConfigError, match=r"16,777,216 games.*10,000,000.*--games"):
        choose_secrets(CodeSpace(8, 8), None, None)
    assert len(choose_secrets(CodeSpace(6, 4), None, None)) == 1296


def test_sampled_games_are_bounded_too() -> None:
    with pytest.raises(ConfigError, match="between 1 and 10,000,000"):
        choose_secrets(CodeSpace(6, 4), MAX_GAMES + 1, 1)


def test_estimates_grow_with_games_and_size_and_warn_of_long_runs() -> None:
    small = estimate_seconds(CodeSpace(6, 4), "knuth", 1296)
    assert 0 < small < 5
    assert estimate_seconds(CodeSpace(8, 8), "knuth", 1000) > 60
    assert estimate_seconds(CodeSpace(8, 8), "random", 2_000_000) > 3600
    # Deterministic strategies think once per distinct secret: repeats cost little.
    assert estimate_seconds(CodeSpace(6, 4), "knuth", 1_000_000) < 10 * small + 5
    assert estimate_seconds(CodeSpace(6, 4), "random", 1000) < estimate_seconds(
        CodeSpace(6, 4), "random", 100_000
    )


def test_knuths_walk_past_the_answer_table_is_estimated_as_the_kernel_runs() -> None:
    """Every 8x5 secret: 2.5 s of CPU measured in one process (bench_knuth_walk.py); the
    estimate is the walk's, once a quarter of the codes or more are played."""
    assert 1 < estimate_seconds(CodeSpace(8, 5), "knuth", 32_768) < 5
    assert estimate_seconds(CodeSpace(8, 5), "knuth", 8192) < 5
    assert estimate_seconds(CodeSpace(7, 5), "knuth", 16_807) < 2


def test_sampled_games_of_a_deterministic_strategy_match_the_walk() -> None:
    """Few secrets for the space: played one by one with a memo, not walked; same depths."""
    space = CodeSpace(5, 4)
    secrets = choose_secrets(space, 40, 3)
    played = run_stats(space, "entropy", secrets)
    depths = walk(space, make_strategy("entropy")).depths[secrets]
    assert played.total_guesses == int(depths.sum())
    assert played.distribution == dict(sorted(Counter(depths.tolist()).items()))


@pytest.mark.parametrize(
    ("name", "colours", "positions", "games"),
    [("knuth", 4, 4, None), ("random", 4, 5, 300), ("most-parts", 5, 4, 30)],
)
def test_two_processes_give_the_same_results_as_one(
    name: str, colours: int, positions: int, games: int | None
) -> None:
    space = CodeSpace(colours, positions)
    secrets = choose_secrets(space, games, 11)
    one = run_stats(space, name, secrets, seed=5)
    seen = []
    run = Run(lambda d, t: seen.append(d), jobs=2)
    two = run_stats(space, name, secrets, seed=5, run=run, parallel_after=0)
    assert (two.total_guesses, two.distribution) == (one.total_guesses, one.distribution)
    assert seen[-1] == len(secrets) and seen == sorted(seen)


def test_random_games_depend_on_the_seed_only() -> None:
    space = CodeSpace(6, 4)
    secrets = choose_secrets(space, 200, 1)
    a = run_stats(space, "random", secrets, seed=9)
    assert a.distribution == run_stats(space, "random", secrets, seed=9).distribution
    assert 4.3 < a.average < 5.0


def test_ctrl_c_ends_every_worker_and_exits_130(tmp_path: Path) -> None:
    """A long run over two processes, interrupted: one clean line, exit 130, no worker
    left behind."""
    command = [
        sys.executable, "-m", "mastermind_tui", "stats", "--strategy", "random",
        "--colours", "8", "--positions", "6", "--games", "100000", "--jobs", "2",
    ]  # fmt: skip
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT
    )
    wait_until(lambda: len(_children(process.pid)) >= 2)
    workers = _children(process.pid)
    assert len(workers) >= 2, "the workers never started"
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert out == ""  # no partial result
    assert err.strip().splitlines()[-1] == "mastermind: interrupted"
    assert "Traceback" not in err
    wait_until(lambda: not _alive(workers))  # the resource tracker leaves once it sees the end
    assert not _alive(workers)


def _alive(pids: list[int]) -> list[str]:
    """Command lines of the processes still running (not zombies) among ``pids``."""
    out = []
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0]
            if state != "Z":
                out.append(Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " "))
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue
    return out


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def test_the_progress_bar_is_drawn_by_time_not_by_count(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing in the first second; then at most ten redraws a second, whatever the count."""
    now = [0.0]
    bar = ProgressBar(clock=lambda: now[0])
    bar.tty = True
    for step in range(1, 25):  # 3 s in steps of 1/8 s, 1250 games done per step
        now[0] = step / 8
        for k in range(5):
            bar(step * 1250 - 4 + k, 30_000)
    drawn = capsys.readouterr().err.split("\r")
    frames = [frame for frame in drawn if frame.startswith("[")]
    assert len(frames) == 17  # from 1 s to 3 s, once per step: the first call of each
    assert frames[0].rstrip().endswith(" 9,996/30,000 games, about 2 s left")
    assert frames[-1].rstrip().endswith("29,996/30,000 games, about 0 s left")
    bar.close()
    assert capsys.readouterr().err.strip() == ""


def test_progress_of_a_walk_counts_games_not_codes() -> None:
    space = CodeSpace(4, 4)
    secrets = choose_secrets(space, 1000, 2)  # 1000 games over 256 codes: walked
    seen = []
    run_stats(space, "knuth", secrets, run=Run(lambda done, total: seen.append((done, total))))
    assert seen[-1] == (1000, 1000)
    assert all(total == 1000 and 0 <= done <= 1000 for done, total in seen)


def test_stats_all_beyond_the_limit_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Games played one by one (a strategy with no level walk: Knuth's ``--all`` is one
    walk of its tree, which the cap leaves out, ``test_big_walk``)."""
    code = main(["stats", "--all", "--colours", "8", "--positions", "8", "--strategy", "entropy"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code != 0  # the command line's usage-error code (one rule for every command)
    assert err == [
        "mastermind: every secret of 8x8 is 16,777,216 games, more than the limit of "
        "10,000,000: sample some with --games N"
    ]


def test_a_sample_past_the_answer_table_walks_the_tree() -> None:
    """`stats --games 30` on 8x5 walks Knuth's whole tree (2.5 s of CPU) rather than play
    30 games without the kernel (10.8 s); below the table a sample is played game by game,
    and strategies that draw are always played."""
    knuth = make_strategy("knuth")
    assert knuth.walks(CodeSpace(8, 5), 30)
    assert not knuth.walks(CodeSpace(6, 4), 30) and knuth.walks(CodeSpace(6, 4), 1296)
    assert not make_strategy("random").walks(CodeSpace(8, 5), 32768)
