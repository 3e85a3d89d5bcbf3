"""The level-by-level walk of the big spaces (``engine.walks.big``) chooses every guess as
the ordinary tree walk does: the same depth for every secret, from the strategy's own
opening or another, whole or resumed after a stop, in one process or two."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine import CodeSpace
from engine.errors import ConfigError
from engine.feedback import against, encode
from engine.strategies import make_strategy
from engine.trees.strategy_tree import walk
from engine.walks import big as big
from engine.walks import big_parts
from engine.walks.games import walk_depths


@pytest.mark.slow
@pytest.mark.parametrize(
    ("colours", "positions", "strategy"),
    [
        (6, 4, "knuth"),
        (6, 4, "most-parts"),
        (5, 5, "knuth"),
        (7, 4, "most-parts"),
        (4, 6, "knuth"),
        (3, 7, "most-parts"),
        (2, 8, "knuth"),
        pytest.param(4, 3, "knuth", marks=pytest.mark.kernel),
        pytest.param(3, 3, "most-parts", marks=pytest.mark.kernel),
    ],
)
def test_every_secret_takes_the_ordinary_walks_guesses(
    colours: int, positions: int, strategy: str
) -> None:
    space = CodeSpace(colours, positions)
    depths = big.big_walk_depths(space, strategy)
    assert np.array_equal(depths, walk_depths(space, strategy))


def test_knuths_published_total_on_6x4() -> None:
    depths = big.big_walk_depths(CodeSpace(6, 4), "knuth")
    assert int(depths.sum()) == 5801 and int(depths.max()) == 5


def _ordinary_from(space: CodeSpace, strategy: str, opening: int) -> np.ndarray:
    """The ordinary walk under each answer to ``opening``."""
    chosen = make_strategy(strategy)
    cls = against(space, opening, None)
    depths = np.zeros(space.size, dtype=np.uint8)
    depths[opening] = 1
    for answer in np.unique(cls):
        if answer != encode(space.positions, 0, space.positions):
            cands = space.allowed[cls == answer]
            part = walk(space, chosen, cands, ((opening, int(answer)),)).depths
            depths[cands] = part[cands]
    return depths


@pytest.mark.parametrize(("strategy", "opening"), [("knuth", "1234"), ("most-parts", "1112")])
def test_another_opening_is_walked_as_the_ordinary_walk_goes_on_from_it(
    strategy: str, opening: str
) -> None:
    space = CodeSpace(6, 4)
    code = space.from_digits([int(d) - 1 for d in opening])
    depths = big.big_walk_depths(space, strategy, opening=code)
    assert depths[code] == 1
    assert np.array_equal(depths, _ordinary_from(space, strategy, code))


def test_two_processes_give_the_same_depths() -> None:
    space = CodeSpace(5, 5)
    one = big.big_walk_depths(space, "knuth")
    assert np.array_equal(big.big_walk_depths(space, "knuth", jobs=2), one)


@pytest.mark.parametrize(
    ("colours", "positions", "strategy"), [(6, 4, "knuth"), (5, 5, "most-parts")]
)
def test_big_parts_opened_a_level_deeper_give_the_same_depths(
    colours: int, positions: int, strategy: str, tmp_path: Path
) -> None:
    """Dealt to workers, a part over ``DEEPER`` of the codes is opened first and the nodes
    under its guess dealt as parts of their own; every secret keeps its depth, and no save
    is left behind."""
    space = CodeSpace(colours, positions)
    expected = walk_depths(space, strategy)
    dealt: list[tuple[str, object]] = []

    def here(task: object, parts: list[tuple[object, ...]], jobs: int) -> object:
        dealt.extend((getattr(task, "__name__", ""), part[4]) for part in parts)
        return (task(*part) for part in parts)  # type: ignore[operator]

    depths = big.big_walk_depths(space, strategy, jobs=2, runner=here, folder=tmp_path)
    assert np.array_equal(depths, expected)
    opened = [index for task, index in dealt if task == "open_part"]
    deeper = [index for task, index in dealt if task == "walk_part" and "." in str(index)]
    assert opened and deeper and not list(tmp_path.glob("*.npz"))
    one_process = big.big_walk_depths(space, strategy, runner=here)
    assert np.array_equal(one_process, expected)


def test_a_stopped_walk_goes_on_from_where_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Saved after every batch of a few candidates, stopped in the middle of a level,
    then run again: the same depths, and the parts already ended are read back."""
    space = CodeSpace(5, 5)
    expected = big.big_walk_depths(space, "knuth")
    monkeypatch.setattr(big_parts, "SAVE_EVERY", -1.0)
    monkeypatch.setattr(big_parts, "BATCH_CODES", 20)
    kernel = big_parts._kernel()
    calls = {"n": 0}
    real = kernel.choose_level

    def stopping(*args: object) -> None:
        calls["n"] += 1
        if calls["n"] == 40:
            raise KeyboardInterrupt
        real(*args)

    monkeypatch.setattr(kernel, "choose_level", stopping)
    with pytest.raises(KeyboardInterrupt):
        big.big_walk_depths(space, "knuth", folder=tmp_path)
    assert list(tmp_path.glob("*-done.npz")) and list(tmp_path.glob("*part*[0-9].npz"))
    calls["n"] = -(10**9)  # no more stops
    resumed = big.big_walk_depths(space, "knuth", folder=tmp_path)
    assert np.array_equal(resumed, expected)
    assert not list(tmp_path.glob("*.npz"))  # whole: nothing kept


def test_a_damaged_save_is_walked_afresh(tmp_path: Path) -> None:
    space = CodeSpace(4, 4)
    expected = big.big_walk_depths(space, "knuth")
    opening = space.from_digits([0, 0, 1, 2])
    for index in range(20):
        (tmp_path / f"knuth-4x4-{opening}-part{index}.npz").write_bytes(b"not a zip")
        (tmp_path / f"knuth-4x4-{opening}-part{index}-done.npz").write_bytes(b"PK\x03\x04")
    assert np.array_equal(big.big_walk_depths(space, "knuth", folder=tmp_path), expected)
    assert not list(tmp_path.glob("*.npz"))


def test_stats_walks_past_the_kernels_reach_level_by_level(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the ordinary walk would weigh a sample (here: past a lowered limit), every
    secret of Knuth's tree is walked level by level, exactly, and says so."""
    from engine.strategies import partitioning
    from engine.walks import stats

    monkeypatch.setenv("MASTERMIND_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(partitioning, "EXACT_LIMIT", 1000)
    calls = []
    real = big.big_walk_depths

    def spy(*args: object, **kwargs: object) -> np.ndarray:
        calls.append(args)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(big, "big_walk_depths", spy)
    space = CodeSpace(6, 4)
    result = stats.run_stats(space, "knuth", space.allowed)
    assert calls and result.total_guesses == 5801 and result.exact
    assert not list((tmp_path / "big-walk").glob("*.npz"))


def test_stats_walks_an_opening_level_by_level(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``stats --all --opening`` past the kernel's reach (``knuth-from1123``): the
    level-by-level walk plays the base strategy from that opening, as the ordinary walk
    goes on from it."""
    from engine.strategies import partitioning
    from engine.walks import stats

    space = CodeSpace(6, 4)
    code = space.from_digits([0, 0, 1, 2])
    expected = _ordinary_from(space, "knuth", code)
    monkeypatch.setenv("MASTERMIND_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(partitioning, "EXACT_LIMIT", 1000)
    calls = []
    real = big.big_walk_depths

    def spy(*args: object, **kwargs: object) -> np.ndarray:
        calls.append((args, kwargs))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(big, "big_walk_depths", spy)
    result = stats.run_stats(space, "knuth-from1123", space.allowed)
    assert calls == [((space, "knuth"), calls[0][1])] and calls[0][1]["opening"] == code
    assert result.total_guesses == int(expected.sum()) and result.exact
    assert result.worst == int(expected.max())


def test_the_cap_on_games_leaves_out_a_walk_of_the_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    """8x8's 16.8 M codes are past the 10 M-game cap for games played one by one, but
    ``--all`` for Knuth or Most Parts is one walk of the tree level by level:
    the cap does not apply to it, and still applies to everything else."""
    from engine.walks import stats
    from mastermind_tui.cli.commands import _walked

    big = CodeSpace(8, 8)
    assert _walked("knuth", big) and _walked("most-parts", big)
    assert _walked("knuth-from11223344", big)
    assert not _walked("random", big) and not _walked("entropy", big)
    assert not _walked("knuth", CodeSpace(6, 4))  # the ordinary walk's size
    monkeypatch.setattr(stats, "MAX_GAMES", 1000)
    space = CodeSpace(6, 4)
    with pytest.raises(ConfigError, match="more than the limit of 1,000"):
        stats.choose_secrets(space, None, None)
    assert len(stats.choose_secrets(space, None, None, walked=True)) == 1296
