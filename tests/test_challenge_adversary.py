"""Challenge codes of the adversary: fixed test vectors of their format beside the secrets'
(which keep theirs), a round trip for every size and rule, the refusals in one line, the
code at the end of a game against the adversary, and that code played again: the same
adversary on the same size and rules, told the friend's result, recorded as the
adversary's game."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import enter, game_session, message, screen_text, until
from hypothesis import given as holds
from hypothesis import strategies as st
from test_challenge import VECTORS
from textual.widgets import Input, Select, Static

from engine import CodeSpace, MastermindError
from engine.codes import MAX_CODES
from engine.run import Run
from mastermind_tui.cli.launch import given, opening
from mastermind_tui.game.adversary import Par
from mastermind_tui.game.challenge import ALPHABET, ANSWERS, Challenge, Sent, decode, encode
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import build_parser, main
from mastermind_tui.records.store import Records
from mastermind_tui.screens.adversary import MESSAGE_LINES, AdversaryScreen
from mastermind_tui.screens.home import HomeScreen

SIZE = (80, 24)

#: Codes of the adversary (format 2): each must decode to its challenge in every later
#: version.
ADVERSARY_VECTORS = [
    ("2CHJN-Q9XMQ-HEB", Challenge(6, 4, True, "classic", 10, False, None)),
    ("25R08-12S6M-FQV", Challenge(6, 4, True, "classic", 10, False, None, Sent(5, True))),
    ("2T3B3-AVSD9-Y09", Challenge(3, 2, True, "classic", 10, False, None, Sent(4, True))),
    ("2RHFW-ETXKJ-X2B", Challenge(8, 5, True, "black", 12, False, None, Sent(12, False))),
    ("2MHXM-61RD3-65G", Challenge(10, 4, False, "classic", 8, False, None, Sent(7, True))),
    ("2N5WJ-FTY4V-Y0M", Challenge(8, 8, True, "classic", 99, False, None, Sent(99, True))),
    ("2RJSJ-BT0NG-ER3", Challenge(2, 1, True, "classic", 1, False, None)),
]


@pytest.mark.parametrize(("code", "challenge"), ADVERSARY_VECTORS)
def test_the_adversary_s_test_vectors_still_play(code: str, challenge: Challenge) -> None:
    assert encode(challenge) == code
    assert decode(code) == challenge and decode(code).adversary


def test_a_secret_s_code_is_still_written_in_the_first_format() -> None:
    """Every earlier version plays a secret's code made now: the same characters."""
    for code, challenge in VECTORS:
        assert code[0] == "1" and encode(challenge) == code and not decode(code).adversary


@st.composite
def adversaries(draw: st.DrawFn) -> Challenge:
    repeats = draw(st.booleans())
    colours = draw(st.integers(2, 20))
    positions = draw(st.integers(1, 8 if repeats else min(colours, 8)))
    if colours**positions > MAX_CODES:
        colours, positions = 6, 4
    CodeSpace(colours, positions, repeats)  # a size the engine plays
    sent = draw(st.none() | st.builds(Sent, st.integers(1, 99), st.booleans()))
    answers = draw(st.sampled_from(ANSWERS))
    return Challenge(
        colours, positions, repeats, answers, draw(st.integers(1, 99)), False, None, sent
    )


@holds(adversaries())
def test_every_adversary_comes_back_from_its_code(challenge: Challenge) -> None:
    code = encode(challenge)
    assert len(code) == 15 and code[0] == "2" and decode(code) == challenge


def with_format(code: str, first: int) -> str:
    """``code`` with another format, its check character made right again."""
    digits = [first] + [ALPHABET.index(c) for c in code.replace("-", "")[1:-1]]
    check = sum((2 * i + 1) * d for i, d in enumerate(digits)) % 32
    return "".join(ALPHABET[d] for d in [*digits, check])


def test_an_adversary_s_code_with_a_secret_or_hard_mode_is_none() -> None:
    """The adversary keeps no secret and has no hard mode: a payload that says otherwise
    is no code this version made."""
    for code in (VECTORS[1][0], VECTORS[2][0]):  # a secret 1295; hard mode
        with pytest.raises(MastermindError, match="carries no secret and no hard mode"):
            decode(with_format(code, 2))


def test_the_first_format_past_the_adversary_s_is_a_later_version_s() -> None:
    with pytest.raises(MastermindError, match="made by a later version of mastermind"):
        decode(with_format(ADVERSARY_VECTORS[0][0], 3))


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["adversary", "--challenge", VECTORS[0][0]],
            f"--challenge '{VECTORS[0][0]}' is a secret's code, not the adversary's: "
            f"`mastermind play --challenge {VECTORS[0][0]}` plays it",
        ),
        (
            ["play", "--challenge", ADVERSARY_VECTORS[0][0], "--strategy", "entropy"],
            f"--challenge '{ADVERSARY_VECTORS[0][0]}' plays the adversary, advised by "
            "Knuth's rule: leave out --strategy",
        ),
        (
            ["adversary", "--challenge", ADVERSARY_VECTORS[0][0], "--max-guesses", "5"],
            "the adversary's advice is Knuth's rule, which it is built against: leave out "
            "--max-guesses",
        ),
        (
            ["adversary", "--strategy", "entropy"],
            "the adversary's advice is Knuth's rule, which it is built against: leave out "
            "--strategy",
        ),
        (
            ["adversary", "--challenge", ADVERSARY_VECTORS[0][0], "--moves", "5"],
            "--challenge carries its size and rules: leave out --moves",
        ),
        (
            ["adversary", "--challenge", "2CHJN-Q9XMQ-HEA"],
            "--challenge '2CHJN-Q9XMQ-HEA': its check character does not match (mistyped?)",
        ),
        (
            ["challenge", "--adversary", "RGBY"],
            "the adversary keeps no secret and has no hard mode: leave out SECRET",
        ),
        (
            ["challenge", "--adversary", "--hard"],
            "the adversary keeps no secret and has no hard mode: leave out --hard",
        ),
    ],
)
def test_a_code_where_it_cannot_be_played_is_one_line(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err == f"mastermind: {said}\n"


def test_mastermind_challenge_prints_an_adversary_s_code(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["challenge", "--adversary", "--colours", "5", "--positions", "3"]) == 0
    code, line = capsys.readouterr().out.splitlines()
    assert decode(code) == Challenge(5, 3, True, "classic", 10, False, None)
    assert line == (
        "5 colours x 3 positions, 10 moves at most, against the adversary: "
        f"`mastermind adversary --challenge {code}` plays it."
    )


def app_of(*argv: str, path: Path | None = None) -> MastermindApp:
    args = build_parser().parse_args(list(argv))
    return MastermindApp(opening(args, given(args), {}), records=path)


async def test_the_adversary_s_end_gives_its_code() -> None:
    app = app_of("adversary", "--colours", "3", "--positions", "2")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, AdversaryScreen)
        await until(pilot, lambda: screen.par_known)
        session = game_session(app)
        while not session.over:
            adversary = session.adversary
            assert adversary is not None
            await enter(pilot, session.format(int(adversary.possible[0])))
        moves = len(session.rows())
        said = " ".join(message(pilot).split())
        assert said.startswith(f"YOU PINNED IT DOWN IN {moves} MOVES!") and "par 3" in said
        assert "Challenge a friend to the adversary: " in said
        code = said.split("Challenge a friend to the adversary: ")[1][:15]
        assert decode(code) == Challenge(3, 2, True, "classic", 10, False, None, Sent(moves, True))
        await pilot.press("f6")
        await until(pilot, lambda: message(pilot).startswith("Copied"))
        assert app.clipboard == f"mastermind adversary --challenge {code}"


@pytest.mark.parametrize("command", ["play", "adversary"])
async def test_an_adversary_s_code_plays_the_same_adversary(command: str, tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    code = ADVERSARY_VECTORS[2][0]  # 3x2; the friend pinned it down in 4
    app = app_of(command, "--challenge", code, path=path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, AdversaryScreen))
        session = game_session(app)
        assert (session.space.colours, session.space.positions, session.rules.max_moves) == (
            3,
            2,
            10,
        )
        assert session.settings.strategy == "knuth" and session.game.secret is not None
        assert "A friend's challenge; your friend took 4 guesses. Pin one down!" in " ".join(
            message(pilot).split()
        )
        assert session.status().startswith("Challenge · move 1 of 10")
        while not session.over:
            adversary = session.adversary
            assert adversary is not None
            await enter(pilot, session.format(int(adversary.possible[0])))
        said = " ".join(message(pilot).split())
        assert "(Your friend took 4 guesses.) Challenge a friend to the adversary: " in said
        await until(pilot, lambda: path.exists() and Records(path).games())
        ended = app.screen
        await enter(pilot, "")  # plays again: a fresh adversary, no one's challenge
        await until(pilot, lambda: app.screen is not ended)
        assert isinstance(app.screen, AdversaryScreen)
        assert game_session(app).status().startswith("Round 1/1: you break · move 1 of 10")
        assert "I keep no secret" in message(pilot) and "friend" not in message(pilot)
        await enter(pilot, "BW")
        await enter(pilot, "QUIT")
        await until(pilot, lambda: len(Records(path).games()) == 2)
    second, first = Records(path).games()  # newest first
    assert (first.mode, first.challenge, first.won, first.hard) == ("adversary", code, True, False)
    assert (first.colours, first.positions, first.strategy) == (3, 2, "knuth")
    assert (second.mode, second.challenge) == ("adversary", None)


async def test_the_home_screen_plays_an_adversary_s_code() -> None:
    code, _ = ADVERSARY_VECTORS[3]  # 8x5, black pegs only
    app = MastermindApp()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        home = app.screen
        assert isinstance(home, HomeScreen)
        assert home.query_one("#mode", Select).value == "play"
        home.query_one("#challenge", Input).value = code
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, AdversaryScreen))
        session = game_session(app)
        assert (session.space.colours, session.space.positions) == (8, 5)
        assert session.space.answers.name == "black" and session.settings.mode.adversary
        assert "your friend did not break it in 12" in " ".join(message(pilot).split())


async def test_a_move_limit_s_end_fits_with_the_code_at_80x24() -> None:
    """The codes still possible are named as far as the room allows: the friend's result
    and the code to send are shown whole."""
    code = encode(Challenge(6, 4, True, "classic", 1, False, None, Sent(1, False)))
    app = app_of("play", "--challenge", code)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, AdversaryScreen))
        await enter(pilot, "RRGG")
        said = " ".join(message(pilot).split())
        assert said.startswith("YOU RAN OUT OF MOVES! I had no secret: 256 codes were")
        mine = said.split("Challenge a friend to the adversary: ")[1][:15]
        assert decode(mine).sent == Sent(1, False)
        shown = " ".join(screen_text(pilot).split())
        assert "(Your friend did not break it in 1.)" in shown
        assert f"the adversary: {mine} (F6 copies it)." in shown
        assert app.screen.query_one("#message", Static).size.height <= MESSAGE_LINES


@holds(adversaries(), st.integers(0, 12), st.integers(1, 31))
def test_any_one_character_of_an_adversary_s_code_mistyped_is_refused(
    challenge: Challenge, at: int, by: int
) -> None:
    digits = encode(challenge).replace("-", "")
    wrong = ALPHABET[(ALPHABET.index(digits[at]) + by) % 32]
    with pytest.raises(MastermindError):
        decode(digits[:at] + wrong + digits[at + 1 :])


async def test_par_worked_out_after_the_end_keeps_the_code_on_show(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The end says par is still being worked out; when it comes, the end is said again
    with par, the code to send still in it."""
    import threading

    from mastermind_tui.game import adversary as game_adversary
    from mastermind_tui.screens import adversary as screen_module

    release = threading.Event()

    def held(space: CodeSpace, run: Run) -> Par | None:
        release.wait(60)
        return game_adversary.par(space, run)

    monkeypatch.setattr(screen_module, "par", held)
    app = app_of("adversary", "--colours", "2", "--positions", "1")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, AdversaryScreen))
        field = app.screen.query_one("#command", Input)
        session = game_session(app)
        field.value = "B"  # answered 0: W is left
        await pilot.press("enter")
        await until(pilot, lambda: len(session.rows()) == 1)
        field.value = "W"
        await pilot.press("enter")
        await until(pilot, lambda: session.over)
        said = " ".join(message(pilot).split())
        assert "(Par is still being worked out.)" in said and "to the adversary: " in said
        code = said.split("to the adversary: ")[1][:15]
        release.set()
        await until(pilot, lambda: "par 2" in message(pilot))
        said = " ".join(message(pilot).split())
        assert said.startswith("YOU PINNED IT DOWN IN 2 MOVES! You matched par 2")
        assert f"Challenge a friend to the adversary: {code} (F6 copies it)." in said
