"""The records database's schema: its version is SQLite's ``user_version``, and
``MIGRATIONS`` take any older file forward, one statement list per version."""

from __future__ import annotations

#: Statements that take a database from version i to version i + 1.
MIGRATIONS: list[str] = [
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        finished_at TEXT NOT NULL,
        colours INTEGER NOT NULL,
        positions INTEGER NOT NULL,
        repeats INTEGER NOT NULL,
        max_moves INTEGER NOT NULL,
        mode TEXT NOT NULL,
        breaker TEXT NOT NULL CHECK (breaker IN ('person', 'computer')),
        outcome TEXT NOT NULL,
        moves INTEGER NOT NULL,
        strategy TEXT NOT NULL,
        practice INTEGER NOT NULL DEFAULT 0,
        secret TEXT
    );
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        guess TEXT NOT NULL,
        black INTEGER NOT NULL,
        white INTEGER NOT NULL,
        expected REAL,
        best_expected REAL,
        PRIMARY KEY (game_id, number)
    );
    CREATE INDEX games_by_size ON games (colours, positions, repeats, finished_at);
    """,
    # Version 2: a key per game, so that a game is written again (ratings that arrived
    # after it ended) without a second copy; its notation; a rating in the rule's own unit
    # (guesses expected where the optimum is known, the strategy's score elsewhere).
    """
    ALTER TABLE games ADD COLUMN key TEXT;
    ALTER TABLE games ADD COLUMN notation TEXT;
    CREATE UNIQUE INDEX games_by_key ON games (key);
    ALTER TABLE moves RENAME COLUMN expected TO value;
    ALTER TABLE moves RENAME COLUMN best_expected TO best_value;
    ALTER TABLE moves ADD COLUMN best_guess TEXT;
    ALTER TABLE moves ADD COLUMN rule TEXT;
    ALTER TABLE moves ADD COLUMN higher_is_better INTEGER NOT NULL DEFAULT 0;
    """,
    # Version 3: whether the person played with the laboratory view on (codes still
    # possible, advice, ratings as they came): an assisted game.
    """
    ALTER TABLE games ADD COLUMN assisted INTEGER NOT NULL DEFAULT 0;
    """,
    # Version 4: a game left with a guess played (home, quit, a closed terminal) is
    # kept as abandoned: it ends a streak, so a losing game cannot be dodged.
    """
    ALTER TABLE games ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0;
    """,
    # Version 5: a game played in hard mode (every guess fitting every answer so far).
    """
    ALTER TABLE games ADD COLUMN hard INTEGER NOT NULL DEFAULT 0;
    """,
    # Version 6: the date of the daily puzzle a game played (the day it was opened on,
    # whenever it finished), so that each day's puzzle is counted once, for its own day.
    """
    ALTER TABLE games ADD COLUMN day TEXT;
    CREATE INDEX games_by_day ON games (day) WHERE day IS NOT NULL;
    """,
    # Version 7: how the game's guesses were answered ("classic", "black": black pegs
    # only), so that a stored 2,0 of black pegs only is never read as "no white pegs".
    """
    ALTER TABLE games ADD COLUMN answers TEXT NOT NULL DEFAULT 'classic';
    """,
    # Version 8: the names of a duel's two players (two people at one terminal): who
    # broke the code and who made it; NULL for the other games.
    """
    ALTER TABLE games ADD COLUMN breaker_name TEXT;
    ALTER TABLE games ADD COLUMN maker_name TEXT;
    """,
    # Version 9: the challenge code a game was played from (a friend's secret and rules),
    # so that challenges are told apart from games drawn at random; the person's time on
    # a game (seconds) and whether the clock was on show (timed games are figures apart).
    """
    ALTER TABLE games ADD COLUMN challenge TEXT;
    ALTER TABLE games ADD COLUMN seconds REAL;
    ALTER TABLE games ADD COLUMN timed INTEGER NOT NULL DEFAULT 0;
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)
