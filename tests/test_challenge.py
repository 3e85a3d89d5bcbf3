"""Challenge codes: fixed test vectors (a code made today plays in every later version),
a round trip for every field, a mistyped code refused in one line, `mastermind
challenge`, `play --challenge` (and the home screen) playing the secret, the code at the
end of a game with the sender's result, and records that keep which games were
challenges."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from app_helpers import enter, game_session, message, until
from hypothesis import given as holds
from hypothesis import strategies as st
from textual.widgets import Input, Select

from engine import CodeSpace, MastermindError
from engine.codes import MAX_CODES
from mastermind_tui.cli.launch import given, opening
from mastermind_tui.game.challenge import ALPHABET, ANSWERS, Challenge, Sent, decode, encode
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import build_parser, main
from mastermind_tui.records.store import Records
from mastermind_tui.screens.home import HomeScreen
from mastermind_tui.screens.play import PlayScreen

#: Codes made by format 1: each must decode to its challenge in every later version.
VECTORS = [
    ("1CHJN-Q9XMQ-HEA", Challenge(6, 4, True, "classic", 10, False, 0)),
    ("1XNE0-297FK-2RH", Challenge(6, 4, True, "classic", 10, False, 1295)),
    ("1ZFES-85YC2-A9T", Challenge(6, 4, True, "classic", 6, True, 100, Sent(5, True))),
    ("1Y4HE-EFFJB-QYT", Challenge(8, 5, True, "black", 12, False, 12345, Sent(12, False))),
    ("1XM7Z-B604G-6XR", Challenge(10, 4, False, "classic", 10, False, 4321)),
    ("1Q5NT-NDEVG-836", Challenge(8, 8, True, "classic", 99, True, 8**8 - 1, Sent(99, True))),
    ("12DP8-DHGPJ-WFQ", Challenge(2, 1, True, "classic", 1, False, 1)),
]


@pytest.mark.parametrize(("code", "challenge"), VECTORS)
def test_the_test_vectors_still_play(code: str, challenge: Challenge) -> None:
    assert encode(challenge) == code
    assert decode(code) == challenge
    assert len(code) <= 24 and set(code) <= set(ALPHABET) | {"-"}


def test_a_code_is_read_as_typed_in_any_case_with_look_alikes() -> None:
    code, challenge = VECTORS[2]
    assert decode(code.lower()) == challenge
    assert decode(f"  {code.replace('-', ' ')} ") == challenge
    assert decode("1ZFES85YC2A9T".replace("1", "l")) == challenge  # l for 1
    assert decode("1CHJN-Q9XMQ-HEA".replace("0", "O")) == VECTORS[0][1]


@st.composite
def challenges(draw: st.DrawFn) -> Challenge:
    repeats = draw(st.booleans())
    colours = draw(st.integers(2, 20))
    positions = draw(st.integers(1, 8 if repeats else min(colours, 8)))
    space = CodeSpace(colours, positions, repeats) if colours**positions <= MAX_CODES else None
    if space is None:
        colours, positions = 6, 4
        space = CodeSpace(colours, positions, repeats)
    secret = int(space.allowed[draw(st.integers(0, space.count - 1))])
    sent = draw(st.none() | st.builds(Sent, st.integers(1, 99), st.booleans()))
    return Challenge(
        colours,
        positions,
        repeats,
        draw(st.sampled_from(ANSWERS)),
        draw(st.integers(1, 99)),
        draw(st.booleans()),
        secret,
        sent,
    )


@holds(challenges())
def test_every_challenge_comes_back_from_its_code(challenge: Challenge) -> None:
    code = encode(challenge)
    assert len(code) == 15 and decode(code) == challenge


@holds(challenges(), st.integers(0, 12), st.integers(1, 31))
def test_any_one_character_mistyped_is_refused(challenge: Challenge, at: int, by: int) -> None:
    digits = encode(challenge).replace("-", "")
    wrong = ALPHABET[(ALPHABET.index(digits[at]) + by) % 32]
    with pytest.raises(MastermindError):
        decode(digits[:at] + wrong + digits[at + 1 :])


def test_the_secret_cannot_be_read_off_the_code() -> None:
    """Secrets one apart share hardly a character in place."""
    codes = [encode(Challenge(6, 4, True, "classic", 10, False, s)) for s in range(50, 60)]
    for a, b in pairwise(codes):
        same = sum(x == y for x, y in zip(a[1:-1], b[1:-1], strict=True))
        assert same <= 6, (a, b)


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("hello", "it has 5 characters where a code has 13"),
        ("1CHJN-Q9XMQ-HEU", "'U' is in none"),
        ("1CHJN-Q9XMQ-HEB", "its check character does not match (mistyped?)"),
    ],
)
def test_a_mistyped_code_is_one_line_naming_the_option(
    typed: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "--challenge", typed]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"mastermind: --challenge '{typed}'")
    assert said in err


def test_a_later_format_is_refused_saying_so() -> None:
    digits = [3] + [0] * 11  # 2 is the adversary's (test_challenge_adversary)
    check = sum((2 * i + 1) * d for i, d in enumerate(digits)) % 32
    text = "".join(ALPHABET[d] for d in [*digits, check])
    with pytest.raises(MastermindError, match="made by a later version of mastermind"):
        decode(text)


def test_the_options_a_challenge_carries_are_refused_beside_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--challenge", VECTORS[0][0], "--moves", "5"]) == 2
    err = capsys.readouterr().err
    assert err == "mastermind: --challenge carries its size and rules: leave out --moves\n"


def test_mastermind_challenge_prints_a_code_of_its_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["challenge", "RGBY", "--moves", "6", "--hard"]) == 0
    code, line = capsys.readouterr().out.splitlines()
    played = decode(code)
    space = played.space
    assert (played.max_moves, played.hard, played.sent) == (6, True, None)
    assert played.secret is not None
    assert space.to_digits(played.secret) == (2, 3, 0, 5)  # R G B Y of B W R G O Y
    assert line == (
        "6 colours x 4 positions, 6 moves at most, hard mode: "
        f"`mastermind play --challenge {code}` plays it."
    )
    assert main(["challenge", "--colours", "8", "--positions", "5", "--answers", "black"]) == 0
    drawn = decode(capsys.readouterr().out.splitlines()[0])
    assert (drawn.colours, drawn.positions, drawn.answers) == (8, 5, "black")


async def test_play_challenge_plays_the_secret_and_its_end_gives_a_code(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    code, challenge = VECTORS[2]  # 6x4, 6 moves, hard; the friend took 5
    args = build_parser().parse_args(["play", "--challenge", code])
    app = MastermindApp(opening(args, given(args), {}), records=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        session = game_session(app)
        assert session.game.secret == challenge.secret
        assert (session.rules.max_moves, session.settings.hard) == (6, True)
        assert "A friend's challenge; your friend took 5 guesses. Guess!" in message(pilot)
        await enter(pilot, session.secret_text)
        said = " ".join(message(pilot).split())
        assert "(Your friend took 5 guesses.) Challenge a friend: " in said
        mine = said.split("Challenge a friend: ")[1][:15]
        assert decode(mine) == Challenge(6, 4, True, "classic", 6, True, 100, Sent(1, True))
        await pilot.press("f6")
        await until(pilot, lambda: message(pilot).startswith("Copied"))
        assert app.clipboard == f"mastermind play --challenge {mine}"
        await until(pilot, lambda: path.exists() and Records(path).games())
    (kept,) = Records(path).games()
    assert kept.challenge == code and kept.won and kept.hard


async def test_every_game_a_person_breaks_ends_with_its_code() -> None:
    args = build_parser().parse_args(["play", "--seed", "4"])
    app = MastermindApp(opening(args, given(args), {}))
    async with app.run_test(size=(80, 24)) as pilot:
        session = game_session(app)
        wrong = next(c for c in range(session.space.count) if c != session.game.secret)
        await enter(pilot, session.format(wrong))
        await enter(pilot, "QUIT")
        said = " ".join(message(pilot).split())
        code = said.split("Challenge a friend: ")[1][:15]
        played = decode(code)
        assert played.secret == session.game.secret and played.sent == Sent(1, False)
        assert played.sent.words() == "your friend did not break it in 1"


async def test_the_home_screen_plays_a_challenge(tmp_path: Path) -> None:
    code, challenge = VECTORS[3]  # 8x5, black pegs only
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        home = app.screen
        assert isinstance(home, HomeScreen)
        assert home.query_one("#mode", Select).value == "play"
        home.query_one("#challenge", Input).value = code[:-1] + "0"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "does not match" in home.form.error)
        home.query_one("#challenge", Input).value = code
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        session = game_session(app)
        assert (session.space.colours, session.space.positions) == (8, 5)
        assert session.space.answers.name == "black" and session.game.secret == challenge.secret
        assert session.status().startswith("Challenge · move 1 of 12")


def test_a_challenge_takes_nothing_remembered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Remembered 8x5 from the home screen: a challenge of 6x4 says nothing of it."""
    from mastermind_tui.cli.launch import game
    from mastermind_tui.game import preferences
    from mastermind_tui.navigation import Start

    monkeypatch.setenv(preferences.ENVIRONMENT, str(tmp_path))
    (tmp_path / "preferences.json").write_text(
        '{"theme": null, "settings": {"colours": 8, "positions": 5}}'
    )
    started: list[tuple[Start | None, str]] = []

    def launch(start: Start | None, record: bool, kept: object, note: str) -> int:
        started.append((start, note))
        return 0

    monkeypatch.setattr("mastermind_tui.cli.launch.check_screen", lambda args: None)
    assert game(build_parser().parse_args(["play", "--challenge", VECTORS[0][0]]), launch) == 0
    ((start, note),) = started
    assert note == "" and start is not None and start.options == VECTORS[0][1]


async def test_a_match_s_round_the_person_breaks_ends_with_its_code() -> None:
    args = build_parser().parse_args(["match", "--seed", "2"])
    app = MastermindApp(opening(args, given(args), {}))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        session = game_session(app)
        await enter(pilot, session.secret_text)
        said = " ".join(message(pilot).split())
        assert "Press Enter for the next game. Challenge a friend: " in said
        played = decode(said.split("Challenge a friend: ")[1][:15])
        assert played.secret == session.game.secret and played.sent == Sent(1, True)


def test_a_one_move_challenge_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["challenge", "RGBY", "--moves", "1"]) == 0
    assert ", 1 move at most: " in capsys.readouterr().out
