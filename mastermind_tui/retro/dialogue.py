"""The 1978 Creative Computing MASTERMIND as a dialogue: typed lines in, the exact text the
original printed out. No Textual here; both the teletype screen and the plain mode drive it.

API::

    d = Dialogue(seed=None, gwbasic_rnd=False, newline="\\n")
    text = d.start()       # title and the first prompt, "NUMBER OF COLORS? "
    text = d.feed("6")     # what the program prints after that line, up to the next prompt
    d.prompt               # the current line so far (e.g. "MOVE #  1  GUESS ? ")
    d.finished             # True after GOOD BYE or the FINAL SCORE

``feed`` output does not repeat the typed line nor the line end after it: the interpreter
echoed those, so a frontend shows them (a terminal echoes by itself; a pipe gets
``line + d.newline`` from the plain mode; the teletype shows what was typed).

The listing is written below as a generator, one Python statement per BASIC line or two, so
that its control flow (GOTO 380 after BOARD, GOTO 660 after inconsistent information, the
FOR loop variable 11 after a loop runs out) can be read against the original. A BASIC
run-time error prints ``<message> in <line>`` and, where the interpreter would stop, the
dialogue asks for the number of colours again so that the person can try again.

The match here is the listing's own copy, not ``engine.match`` nor ``engine.rules``, on
purpose: the 1978 program differs from the full-screen game's rules (QUIT ends the whole
program with GOOD BYE, the move limit is always 10, each round is you then the computer,
inconsistent answers send the computer back to line 660), and those differences are what
this mode reproduces. The scoring of a guess and the code space are the engine's.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from engine.feedback import score
from engine.notation import COLOUR_NAMES, LETTERS
from engine.strategies.consistent import Classic

from ..records.types import Game, Move, code_text
from .code_lists import Codes, EngineCodes, ListingCodes, dimension
from .gwbasic import (
    SUBSCRIPT,
    BasicError,
    Redo,
    Rnd,
    basic_for,
    draw,
    make_rnd,
    number_text,
    parse_numbers,
    parse_string,
    power,
    tab,
)

MOVES = 10

#: The listing's INPUT statements wait for a line: the generator yields, and gets the line.
Program = Generator[None, str, None]


class Dialogue:
    """The 1978 program, fed one typed line at a time (see the module docstring)."""

    def __init__(
        self,
        seed: int | None = None,
        gwbasic_rnd: bool = False,
        newline: str = "\n",
        rnd: Rnd | None = None,
        recorder: Callable[[Game], None] | None = None,
    ) -> None:
        """``newline`` is the line end printed ("\\r\\n" gives the original's bytes);
        ``rnd`` overrides the random source (tests); ``recorder`` is handed each game that
        ends, either role, for the records."""
        self.newline = newline
        self.recorder = recorder
        self.finished = False
        self._rnd = rnd or make_rnd(seed, gwbasic_rnd)
        self._out: list[str] = []
        self._line = ""
        self.scores = [0, 0]  # computer, human: H and C of the listing
        self._program = self._run()
        self._started = False

    @property
    def prompt(self) -> str:
        """What is printed on the current line, up to where the typed text goes."""
        return self._line

    def start(self) -> str:
        """Run the program up to its first INPUT; return what it printed."""
        if self._started:
            raise RuntimeError("the dialogue has already started")
        self._started = True
        next(self._program)
        return self._take()

    def feed(self, line: str) -> str:
        """Give the typed line (without its line end) to the waiting INPUT; return what the
        program prints next, up to the next prompt or the end."""
        if not self._started or self.finished:
            raise RuntimeError("the dialogue is not waiting for a line")
        try:
            self._program.send(line)
        except StopIteration:
            self.finished = True
        return self._take()

    # output

    def _take(self) -> str:
        text = "".join(self._out)
        self._out.clear()
        return text if self.newline == "\n" else text.replace("\n", self.newline)

    def _write(self, text: str) -> None:
        """PRINT ...; (no line end)."""
        self._out.append(text)
        self._line = (self._line + text).rpartition("\n")[2]

    def _print(self, text: str = "") -> None:
        self._write(text + "\n")

    # input

    def _input_numbers(self, prompt: str, count: int) -> Generator[None, str, list[float]]:
        while True:
            self._write(prompt + "? ")
            line = yield
            try:
                return parse_numbers(line, count)
            except Redo:
                self._print("?Redo from start")

    def _input_string(self, prompt: str) -> Generator[None, str, str]:
        while True:
            self._write(prompt + "? ")
            line = yield
            try:
                return parse_string(line)
            except Redo:
                self._print("?Redo from start")

    # the program

    def _run(self) -> Program:
        self._print(" " * 29 + "MASTERMIND")
        self._print(" " * 14 + "CREATIVE COMPUTING  MORRISTOWN, NEW JERSEY")
        self._print("\n\n")
        while True:
            try:
                yield from self._game()
                return
            except BasicError as error:
                # The interpreter would stop here; the person gets to try again instead.
                self._print(str(error))

    def _game(self) -> Program:
        while True:
            (colours,) = yield from self._input_numbers("NUMBER OF COLORS", 1)
            if colours <= 8:
                break
            self._print("NO MORE THAN 8, PLEASE!")
        (positions,) = yield from self._input_numbers("NUMBER OF POSITIONS", 1)
        (rounds,) = yield from self._input_numbers("NUMBER OF ROUNDS", 1)
        total, warning = power(colours, positions, 120)
        if warning:
            self._print(warning)
        self._print("TOTAL POSSIBILITIES =" + number_text(total))
        self.scores = [0, 0]  # line 140, H=0:C=0
        dimension(positions, total)
        if 2 <= colours == int(colours) and positions == int(positions) >= 1:
            codes: Codes = EngineCodes(int(colours), int(positions))
        else:
            codes = ListingCodes(colours, positions, total)
        self._print("\n")
        self._print("COLOR     LETTER")
        self._print("=====     ======")
        for x in basic_for(colours):
            self._print(COLOUR_NAMES[x - 1].upper() + tab(COLOUR_NAMES[x - 1], 13) + LETTERS[x - 1])
        self._print()
        letters = LETTERS[: len(list(basic_for(colours)))]
        for r in basic_for(rounds):
            self._print()
            self._print("ROUND NUMBER" + number_text(r) + "----")
            self._print()
            self._print("GUESS MY COMBINATION.")
            self._print()
            secret = codes.code(draw(total, self._rnd))
            moves = yield from self._human_turn(secret, letters, positions, codes)
            if moves is None:
                return
            self.scores[1] += moves
            self._score()
            self.scores[0] += yield from self._computer_turn(codes, positions, total)
            self._score()
        self._print("GAME OVER")
        self._print("FINAL SCORE:")
        self._score(final=True)

    def _score(self, final: bool = False) -> None:
        if not final:
            self._print("SCORE:")
        self._print("     COMPUTER " + number_text(self.scores[0]))
        self._print("     HUMAN    " + number_text(self.scores[1]))
        self._print()

    def _human_turn(
        self, secret: str, letters: str, positions: float, codes: Codes
    ) -> Generator[None, str, int | None]:
        """Lines 370-640: the moves it took (11 when they ran out), or None after QUIT."""
        board: list[tuple[str, int, int]] = []

        def ended(outcome: str, last: tuple[str, int, int] | None = None) -> None:
            self._record(codes, "person", outcome, [*board, *([last] if last else [])], secret)

        for move in range(1, MOVES + 1):
            while True:
                self._write("MOVE # " + number_text(move) + " GUESS ")
                guess = yield from self._input_string("")
                if guess == "BOARD":
                    self._board(board)
                elif guess == "QUIT":
                    ended("quit")
                    self._print("QUITTER!  MY COMBINATION WAS: " + secret)
                    self._print("GOOD BYE")
                    return None
                elif len(guess) != positions:
                    self._print("BAD NUMBER OF POSITIONS.")
                else:
                    bad = [ch for ch in guess if ch not in letters]
                    if not bad:
                        break
                    self._print(f"'{bad[0]}' IS UNRECOGNIZED.")
            black, white = score(secret, guess)
            if black == positions:
                ended("solved", (guess, black, white))
                self._print("YOU GUESSED IT IN " + number_text(move) + " MOVES!")
                return move
            self._print(
                "YOU HAVE " + number_text(black) + " BLACKS AND " + number_text(white) + " WHITES."
            )
            board.append((guess, black, white))
        ended("out of moves")
        self._print("YOU RAN OUT OF MOVES!  THAT'S ALL YOU GET!")
        return MOVES + 1

    def _record(
        self,
        codes: Codes,
        breaker: str,
        outcome: str,
        moves: list[tuple[str, float, float]],
        secret: str | None,
    ) -> None:
        """Hand an ended game to the recorder, as the full-screen game's are (the computer
        plays ``classic``). Only ordinary games: a game of fractional colours, or one whose
        answers no code could give (2.5 blacks), is no game the records can hold."""
        if self.recorder is None or not isinstance(codes, EngineCodes):
            return
        space = codes.space
        if not all(
            b == int(b) and w == int(w) and 0 <= b <= b + w <= space.positions for _, b, w in moves
        ):
            return

        def stored(code: str) -> str:
            return code_text([LETTERS.index(ch) for ch in code])

        kept = tuple(Move(stored(g), int(b), int(w)) for g, b, w in moves)
        self.recorder(
            Game(
                space.colours,
                space.positions,
                MOVES,
                "retro",
                breaker,
                outcome,
                Classic.name,
                kept,
                secret=None if secret is None else stored(secret),
                notation="letters",
            )
        )

    def _board(self, board: list[tuple[str, int, int]]) -> None:
        """Lines 2025-2075: PRINT Z;TAB(9);S$(Z);TAB(25);S(Z,1);TAB(35);S(Z,2)."""
        self._print()
        self._print("BOARD")
        self._print("MOVE     GUESS          BLACK     WHITE")
        for z, (guess, black, white) in enumerate(board, 1):
            row = number_text(z)
            row += tab(row, 9) + guess
            row += tab(row.rpartition("\n")[2], 25) + number_text(black)
            row += tab(row.rpartition("\n")[2], 35) + number_text(white)
            self._print(row)
        self._print()

    def _computer_turn(
        self, codes: Codes, positions: float, total: float
    ) -> Generator[None, str, int]:
        """Lines 660-1130: the moves the computer took (11 when they ran out)."""
        while True:
            codes.reset()
            played: list[tuple[str, float, float]] = []  # afresh after inconsistent answers
            self._print("NOW I GUESS.  THINK OF A COMBINATION.")
            yield from self._input_string("HIT RETURN WHEN READY:")
            for move in range(1, MOVES + 1):
                start = draw(total, self._rnd)
                if start > codes.bound:
                    raise BasicError(SUBSCRIPT, 780)
                k = codes.choose(start)
                if k is None:
                    self._print("YOU HAVE GIVEN ME INCONSISTENT INFORMATION.")
                    self._print("TRY AGAIN, AND THIS TIME PLEASE BE MORE CAREFUL.")
                    break
                guess = codes.code(k)
                self._write("MY GUESS IS: " + guess)
                black, white = yield from self._input_numbers("  BLACKS, WHITES ", 2)
                played.append((guess, black, white))
                if black == positions:
                    self._record(codes, "computer", "solved", played, guess)
                    self._print("I GOT IT IN " + number_text(move) + " MOVES!")
                    return move
                codes.eliminate(k, guess, black, white)
            else:
                self._record(codes, "computer", "out of moves", played, None)
                self._print("I USED UP ALL MY MOVES!")
                self._print("I GUESS MY CPU IS JUST HAVING AN OFF DAY.")
                return MOVES + 1
