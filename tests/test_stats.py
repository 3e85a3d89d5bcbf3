"""`stats` limits and time estimates: every run is bounded and announced."""

import pytest

from engine import CodeSpace
from engine.errors import ConfigError
from engine.stats import MAX_GAMES, choose_secrets, estimate_seconds


def test_every_secret_is_refused_past_the_game_limit():
    with pytest.raises(ConfigError, match=r"16,777,216 games.*10,000,000.*--games"):
        choose_secrets(CodeSpace(8, 8), None, None)
    assert len(choose_secrets(CodeSpace(6, 4), None, None)) == 1296


def test_sampled_games_are_bounded_too():
    with pytest.raises(ConfigError, match="between 1 and 10,000,000"):
        choose_secrets(CodeSpace(6, 4), MAX_GAMES + 1, 1)


def test_estimates_grow_with_games_and_size_and_warn_of_long_runs():
    small = estimate_seconds(CodeSpace(6, 4), "knuth", 1296)
    assert 0 < small < 5
    assert estimate_seconds(CodeSpace(8, 8), "knuth", 1000) > 60
    assert estimate_seconds(CodeSpace(8, 8), "random", 2_000_000) > 3600
    # Deterministic strategies think once per distinct secret: repeats cost little.
    assert estimate_seconds(CodeSpace(6, 4), "knuth", 1_000_000) < 10 * small + 5
    assert estimate_seconds(CodeSpace(6, 4), "random", 1000) < estimate_seconds(
        CodeSpace(6, 4), "random", 100_000
    )
