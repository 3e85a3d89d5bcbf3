"""The 1978 dialogue, line by line, against the reference's description of the listing."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.codes import CodeSpace
from engine.feedback import against, decode
from mastermind_tui.retro.code_lists import EngineCodes, ListingCodes
from mastermind_tui.retro.dialogue import Dialogue
from mastermind_tui.retro.gwbasic import GwBasicRnd

TABLE_6 = (
    "COLOR     LETTER\n=====     ======\nBLACK       B\nWHITE       W\nRED         R\n"
    "GREEN       G\nORANGE      O\nYELLOW      Y\n"
)


def session(lines: list[str], **kwargs: Any) -> tuple[Dialogue, str]:
    """Run typed lines like a piped session: each line echoed after its prompt."""
    d = Dialogue(**{"gwbasic_rnd": True, **kwargs})
    out = d.start()
    for line in lines:
        out += line + "\n" + d.feed(line)
    return d, out


def after_setup(out: str) -> str:
    return out.split("TOTAL POSSIBILITIES =", 1)[1]


def test_start_prints_title_and_first_prompt() -> None:
    d = Dialogue(gwbasic_rnd=True)
    text = d.start()
    assert text == (
        " " * 29 + "MASTERMIND\n" + " " * 14 + "CREATIVE COMPUTING  MORRISTOWN, NEW JERSEY\n"
        "\n\n\nNUMBER OF COLORS? "
    )
    assert d.prompt == "NUMBER OF COLORS? "
    assert not d.finished


def test_more_than_8_colours_is_refused_and_asked_again() -> None:
    _d, out = session(["9", "6"])
    assert out.endswith(
        "NUMBER OF COLORS? 9\nNO MORE THAN 8, PLEASE!\nNUMBER OF COLORS? 6\nNUMBER OF POSITIONS? "
    )


def test_redo_repeats_the_input_prompt() -> None:
    d, out = session(["abc"])
    assert out.endswith("NUMBER OF COLORS? abc\n?Redo from start\nNUMBER OF COLORS? ")
    assert d.prompt == "NUMBER OF COLORS? "


def test_three_empty_lines_play_the_0_0_0_game() -> None:
    d, out = session(["", "", ""])
    assert after_setup(out) == (
        " 1 \n\n\nCOLOR     LETTER\n=====     ======\n\n"
        "GAME OVER\nFINAL SCORE:\n     COMPUTER  0 \n     HUMAN     0 \n\n"
    )
    assert d.finished


def test_spaces_in_numbers_and_signs_and_exponents() -> None:
    _d, out = session(["+6", "1e0", " 0 "])
    assert "TOTAL POSSIBILITIES = 6 \n" in out
    _d, out = session(["4 5", "0", "0"])
    assert "NUMBER OF COLORS? 4 5\nNO MORE THAN 8, PLEASE!\nNUMBER OF COLORS? 0\n" in out


def test_zero_rounds_go_straight_to_game_over() -> None:
    d, out = session(["6", "4", "0"])
    assert after_setup(out) == (
        " 1296 \n\n\n" + TABLE_6 + "\nGAME OVER\nFINAL SCORE:\n     COMPUTER  0 \n"
        "     HUMAN     0 \n\n"
    )
    assert d.finished


@pytest.mark.parametrize(
    ("colours", "positions", "secret"),
    [
        ("6", "4", "WROB"),
        ("2", "2", "BB"),
        ("3", "3", "BWB"),
        ("4", "3", "GWB"),
        ("4", "4", "GGWB"),
        ("8", "2", "TB"),
        ("4", "5", "BGGWB"),
    ],
)
def test_first_secret_from_gwbasic_rnd(colours: str, positions: str, secret: str) -> None:
    d, out = session([colours, positions, "3", "QUIT"])
    assert out.endswith(f"? QUIT\nQUITTER!  MY COMBINATION WAS: {secret}\nGOOD BYE\n")
    assert d.finished  # QUIT ends the whole program, rounds left or not


def test_quoted_board_and_spaced_quit() -> None:
    _d, out = session(["6", "4", "1", "GGRR", '"BOARD"', "  QUIT"])
    assert 'MOVE #  2  GUESS ? "BOARD"\n\nBOARD\nMOVE     GUESS          BLACK     WHITE\n' in out
    assert " 1      GGRR             0         1 \n\nMOVE #  2  GUESS ? " in out
    assert out.endswith("QUITTER!  MY COMBINATION WAS: WROB\nGOOD BYE\n")


def test_bad_guesses_use_no_move_and_no_random_number() -> None:
    calls = []
    rnd = GwBasicRnd()

    def counting() -> float:
        calls.append(1)
        return rnd()

    d = Dialogue(rnd=counting)
    d.start()
    for line in ["6", "4", "1"]:
        d.feed(line)
    assert len(calls) == 1
    for line, reply in [
        ("rgby", "'r' IS UNRECOGNIZED.\n"),
        ("RGBP", "'P' IS UNRECOGNIZED.\n"),
        ("RGB", "BAD NUMBER OF POSITIONS.\n"),
        ("BOARD", "\nBOARD\nMOVE     GUESS          BLACK     WHITE\n\n"),
    ]:
        assert d.feed(line) == reply + "MOVE #  1  GUESS ? "
    assert len(calls) == 1


def test_comma_in_guess_redoes_with_a_bare_prompt() -> None:
    d, out = session(["6", "4", "1", "RG,BY"])
    assert out.endswith("MOVE #  1  GUESS ? RG,BY\n?Redo from start\n? ")
    assert d.prompt == "? "
    assert d.feed("GGRR") == "YOU HAVE  0  BLACKS AND  1  WHITES.\nMOVE #  2  GUESS ? "


def test_running_out_of_moves_scores_11() -> None:
    _d, out = session(["6", "4", "1"] + ["BBBB"] * 10)
    assert out.endswith(
        "MOVE #  10  GUESS ? BBBB\nYOU HAVE  1  BLACKS AND  0  WHITES.\n"
        "YOU RAN OUT OF MOVES!  THAT'S ALL YOU GET!\nSCORE:\n     COMPUTER  0 \n"
        "     HUMAN     11 \n\nNOW I GUESS.  THINK OF A COMBINATION.\nHIT RETURN WHEN READY:? "
    )
    assert "WROB" not in out  # the combination is not shown


def test_inconsistent_information_restarts_the_computers_turn() -> None:
    d, _out = session(["6", "4", "1", "WROB", ""])
    for _ in range(10):
        reply = d.feed("0,0")
        if "INCONSISTENT" in reply:
            break
    assert reply.startswith(
        "YOU HAVE GIVEN ME INCONSISTENT INFORMATION.\n"
        "TRY AGAIN, AND THIS TIME PLEASE BE MORE CAREFUL.\n"
        "NOW I GUESS.  THINK OF A COMBINATION.\nHIT RETURN WHEN READY:? "
    )
    assert d.feed("").startswith("MY GUESS IS: ")
    assert d.feed("4,0") == (
        "I GOT IT IN  1  MOVES!\nSCORE:\n     COMPUTER  1 \n     HUMAN     1 \n\n"
        "GAME OVER\nFINAL SCORE:\n     COMPUTER  1 \n     HUMAN     1 \n\n"
    )
    assert d.finished


def test_computer_using_up_its_moves_scores_11_and_never_reports_the_10th_answer() -> None:
    """Always drawing RND = 0 makes the computer guess the lowest possible code; answering
    with the most common answer class keeps it busy for ten moves in 2 x 13."""
    d = Dialogue(rnd=lambda: 0.0)
    d.start()
    for line in ["2", "13", "1", "QUIT"][:3]:
        d.feed(line)
    d.feed("B" * 13)  # secret is code 1, all B
    space = CodeSpace(2, 13)
    cands = space.all_indices()
    reply = d.feed("")
    for move in range(10):
        guess = space.from_digits(["BW".index(ch) for ch in reply.split("IS: ")[1][:13]])
        classes = against(space, guess, cands)
        cls = int(np.argmax(np.bincount(classes)))
        black, white = decode(cls, space)
        cands = cands[(classes == cls) & (cands != guess)]
        answer = f"{black},{white}" if move < 9 else "9,9"
        reply = d.feed(answer)
    assert reply.startswith(
        "I USED UP ALL MY MOVES!\nI GUESS MY CPU IS JUST HAVING AN OFF DAY.\nSCORE:\n"
        "     COMPUTER  11 \n"
    )


def test_total_possibilities_and_size_limits_then_try_again() -> None:
    for (c, p), total, error in [
        (("8", "8"), " 1.677722E+07 ", "Overflow in 150"),
        (("7", "8"), " 5764801 ", "Overflow in 150"),
        (("6", "6"), " 46656 ", "Overflow in 150"),
        (("7", "5"), " 16807 ", "Out of memory in 150"),
        (("2", "14"), " 16384 ", "Out of memory in 150"),
        (("2", "-1"), " .5 ", "Illegal function call in 150"),
        (("-2", "3"), "-8 ", "Illegal function call in 150"),
    ]:
        d, out = session([c, p, "1"])
        assert out.endswith(f"TOTAL POSSIBILITIES ={total}\n{error}\nNUMBER OF COLORS? ")
        assert not d.finished


def test_overflow_at_line_120() -> None:
    _d, out = session(["8", "50", "1"])
    assert out.endswith(
        "Overflow\nTOTAL POSSIBILITIES = 1.701412E+38 \nOverflow in 150\nNUMBER OF COLORS? "
    )


def test_largest_games_fit() -> None:
    _d, out = session(["2", "13", "1"])
    assert "TOTAL POSSIBILITIES = 8192 \n" in out and out.endswith("MOVE #  1  GUESS ? ")


def test_zero_positions_fail_as_the_round_starts_then_try_again() -> None:
    _d, out = session(["6", "0", "1", "6", "4", "1", "QUIT"])
    assert "GUESS MY COMBINATION.\n\nSubscript out of range in 3522\nNUMBER OF COLORS? 6\n" in out
    assert out.endswith("GOOD BYE\n")


def test_one_colour_fifty_positions() -> None:
    d, out = session(["1", "50", "1", "B" * 50, "", "50,0"])
    assert (
        "TOTAL POSSIBILITIES = 1 \n\n\nCOLOR     LETTER\n=====     ======\nBLACK       B\n" in out
    )
    line = "MY GUESS IS: " + "B" * 50 + "  BLACKS, WHITES ? 50,0\n"
    assert len(line) == 87 and line in out
    assert "YOU GUESSED IT IN  1  MOVES!" in out and d.finished


def test_zero_colours_recognize_no_letter_and_quit_shows_all_black() -> None:
    _d, out = session(["0", "4", "1", "BBBB", "QUIT"])
    assert "TOTAL POSSIBILITIES = 0 \n\n\nCOLOR     LETTER\n=====     ======\n\n" in out
    assert out.endswith(
        "'B' IS UNRECOGNIZED.\nMOVE #  1  GUESS ? QUIT\n"
        "QUITTER!  MY COMBINATION WAS: BBBB\nGOOD BYE\n"
    )


def test_two_rounds_add_up() -> None:
    _d, out = session(["1", "1", "2", "B", "", "1,0", "B", "", "1,0"])
    assert "ROUND NUMBER 2 ----" in out
    assert out.endswith("FINAL SCORE:\n     COMPUTER  2 \n     HUMAN     2 \n\n")


def test_crlf_line_ends() -> None:
    d = Dialogue(gwbasic_rnd=True, newline="\r\n")
    text = d.start() + d.feed("abc")
    assert "\n" not in text.replace("\r\n", "")
    assert text.endswith("NUMBER OF COLORS? ?Redo from start\r\nNUMBER OF COLORS? ")


def test_feeding_a_finished_dialogue_is_an_error() -> None:
    d, _ = session(["6", "4", "0"])
    with pytest.raises(RuntimeError):
        d.feed("")


@pytest.mark.parametrize(("colours", "positions"), [(2, 3), (3, 3), (4, 2)])
def test_engine_codes_match_the_listings_odometer(colours: int, positions: int) -> None:
    """The engine path and the step-by-step listing path make the same choices."""
    fast, slow = (
        EngineCodes(colours, positions),
        ListingCodes(colours, positions, colours**positions),
    )
    rng = np.random.default_rng(1)
    for _ in range(3):
        fast.reset()
        slow.reset()
        for _ in range(4):
            start = int(rng.integers(1, colours**positions + 1))
            k = fast.choose(start)
            assert k == slow.choose(start)
            if k is None:
                break
            assert fast.code(k) == slow.code(k)
            black, white = (float(v) for v in rng.integers(0, 2, size=2))
            fast.eliminate(k, fast.code(k), black, white)
            slow.eliminate(k, slow.code(k), black, white)


def test_dialogue_does_not_import_textual() -> None:
    code = "import sys, mastermind_tui.retro.dialogue; print('textual' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


VOCABULARY = [
    *["", "0", "1", "2", "3", "4", "6", "8", "9", "-1", "-2", "2.5", "0.6", "8.4", "1e0", "x"],
    *["BBBB", "WROB", "BW", "B", "BOARD", "QUIT", "rgby", "A,B", '"BW"', "1,0", "0,0", "2,1"],
    *["4,0", "1.5,0", "-1,3", "9,9"],
]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(VOCABULARY), max_size=60), st.integers(0, 2**16))
def test_any_typed_lines_never_raise(lines: list[str], seed: int) -> None:
    """Whatever is typed, the dialogue answers in the original's words, never a traceback."""
    d = Dialogue(seed=seed)
    d.start()
    for line in lines:
        if d.finished:
            break
        d.feed(line)
        assert d.finished or d.prompt.endswith("? ")


ODD = ["0", "1", "-1", "-2", "2", "2.5", "3", "8.4", "0.6", "0.4", "-0.4", "4"]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(ODD),
    st.sampled_from(ODD),
    st.lists(st.sampled_from(VOCABULARY), max_size=40),
    st.integers(0, 2**16),
)
def test_odd_games_never_raise(colours: str, positions: str, lines: list[str], seed: int) -> None:
    d = Dialogue(seed=seed)
    d.start()
    for line in [colours, positions, "2", *lines]:
        if d.finished:
            break
        d.feed(line)
        assert d.finished or d.prompt.endswith("? ")
