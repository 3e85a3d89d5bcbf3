"""The Records screen: figures and recent games from a real file, a replay stepped with n/p,
and a damaged file shown in one line."""

from __future__ import annotations

from textual.app import App
from textual.widgets import DataTable, Static

from mastermind_tui.records import Game, Move, Records
from mastermind_tui.screens.records import RecordsScreen, ReplayScreen


def a_game(moves: int, outcome: str = "solved") -> Game:
    played = (*(Move("0 0 1 1", 0, 1) for _ in range(moves - 1)), Move("2 3 4 5", 4, 0))
    return Game(6, 4, 10, "play", "person", outcome, "knuth", played, secret="2 3 4 5")


class Host(App[None]):
    def __init__(self, screen: RecordsScreen) -> None:
        super().__init__()
        self.records_screen = screen

    def on_mount(self) -> None:
        self.push_screen(self.records_screen)


async def test_figures_recent_games_and_replay(tmp_path):
    path = tmp_path / "r.sqlite3"
    store = Records(path)
    store.add(a_game(5))
    store.add(a_game(3))
    app = Host(RecordsScreen(path))
    async with app.run_test(size=(100, 30)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        sizes = screen.query_one("#records-sizes", DataTable)
        assert [str(c) for c in sizes.get_row_at(0)][:6] == ["6x4", "2", "2", "4.00", "3", "2"]
        games = screen.query_one("#records-games", DataTable)
        assert games.row_count == 2
        await pilot.press("enter")  # the newest game: 3 moves
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("n", "n")
        text = str(app.screen.query_one("#replay-moves", Static).content)
        assert "1. BBWW   0,1" in text and "2. BBWW" in text and "3." not in text
        await pilot.press("n")
        text = str(app.screen.query_one("#replay-moves", Static).content)
        assert "3. RGOY   4,0" in text and "The secret: RGOY" in text
        await pilot.press("p", "escape")
        assert isinstance(app.screen, RecordsScreen)


async def test_a_damaged_file_is_one_line_and_nothing_breaks(tmp_path):
    path = tmp_path / "r.sqlite3"
    path.write_bytes(b"garbage" * 500)
    app = Host(RecordsScreen(path))
    async with app.run_test(size=(100, 30)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        status = str(app.screen.query_one("#records-status", Static).content)
        assert "damaged" in status and "\n" not in status
        assert app.screen.query_one("#records-games", DataTable).row_count == 0
