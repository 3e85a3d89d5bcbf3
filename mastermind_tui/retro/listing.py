"""The 1978 Creative Computing MASTERMIND listing, written as a generator: one Python
statement per BASIC line or two, so that its control flow (GOTO 380 after BOARD, GOTO 660
after inconsistent information, the FOR loop variable 11 after a loop runs out) can be read
against the original. It prints through ``BasicIO`` and waits at each INPUT for the line
sent to it; ``dialogue`` drives it. A BASIC run-time error prints ``<message> in <line>``
and, where the interpreter would stop, the listing asks for the number of colours again so
that the person can try again. No Textual here.

The match here is the listing's own copy, not ``engine.play.match`` nor ``engine.play.rules``, on
purpose: the 1978 program differs from the full-screen game's rules (QUIT ends the whole
program with GOOD BYE, the move limit is always 10, each round is you then the computer,
inconsistent answers send the computer back to line 660), and those differences are what
this mode reproduces. The scoring of a guess and the code space are the engine's.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from engine.feedback import score
from engine.notation import COLOUR_NAMES, LETTERS
from engine.play.match import Role
from engine.strategies.consistent import Classic

from ..records.types import Game, Move, code_text
from .basic_io import BasicIO
from .code_lists import Codes, EngineCodes, ListingCodes, dimension
from .gwbasic import SUBSCRIPT, BasicError, Rnd, basic_for, draw, number_text, power, tab

MOVES = 10

#: The listing's INPUT statements wait for a line: the generator yields, and gets the line.
Program = Generator[None, str, None]


class Listing:
    """The 1978 program, run once: ``run`` is the generator that the dialogue sends lines."""

    def __init__(self, io: BasicIO, rnd: Rnd, recorder: Callable[[Game], None] | None) -> None:
        """``recorder`` is handed each game that ends, either role, for the records."""
        self._io = io
        self._rnd = rnd
        self._recorder = recorder
        self._scores = [0, 0]  # computer, human: H and C of the listing

    def run(self) -> Program:
        """The program from its title on; it ends after GOOD BYE or the FINAL SCORE."""
        self._io.print(" " * 29 + "MASTERMIND")
        self._io.print(" " * 14 + "CREATIVE COMPUTING  MORRISTOWN, NEW JERSEY")
        self._io.print("\n\n")
        while True:
            try:
                yield from self._game()
                return
            except BasicError as error:
                # The interpreter would stop here; the person gets to try again instead.
                self._io.print(str(error))

    def _game(self) -> Program:
        while True:
            (colours,) = yield from self._io.input_numbers("NUMBER OF COLORS", 1)
            if colours <= 8:
                break
            self._io.print("NO MORE THAN 8, PLEASE!")
        (positions,) = yield from self._io.input_numbers("NUMBER OF POSITIONS", 1)
        (rounds,) = yield from self._io.input_numbers("NUMBER OF ROUNDS", 1)
        total, warning = power(colours, positions, 120)
        if warning:
            self._io.print(warning)
        self._io.print("TOTAL POSSIBILITIES =" + number_text(total))
        self._scores = [0, 0]  # line 140, H=0:C=0
        dimension(positions, total)
        if 2 <= colours == int(colours) and positions == int(positions) >= 1:
            codes: Codes = EngineCodes(int(colours), int(positions))
        else:
            codes = ListingCodes(colours, positions, total)
        self._io.print("\n")
        self._io.print("COLOR     LETTER")
        self._io.print("=====     ======")
        for x in basic_for(colours):
            name = COLOUR_NAMES[x - 1]
            self._io.print(name.upper() + tab(name, 13) + LETTERS[x - 1])
        self._io.print()
        letters = LETTERS[: len(list(basic_for(colours)))]
        for r in basic_for(rounds):
            self._io.print()
            self._io.print("ROUND NUMBER" + number_text(r) + "----")
            self._io.print()
            self._io.print("GUESS MY COMBINATION.")
            self._io.print()
            secret = codes.code(draw(total, self._rnd))
            moves = yield from self._human_turn(secret, letters, positions, codes)
            if moves is None:
                return
            self._scores[1] += moves
            self._score()
            self._scores[0] += yield from self._computer_turn(codes, positions, total)
            self._score()
        self._io.print("GAME OVER")
        self._io.print("FINAL SCORE:")
        self._score(final=True)

    def _score(self, final: bool = False) -> None:
        if not final:
            self._io.print("SCORE:")
        self._io.print("     COMPUTER " + number_text(self._scores[0]))
        self._io.print("     HUMAN    " + number_text(self._scores[1]))
        self._io.print()

    def _human_turn(
        self, secret: str, letters: str, positions: float, codes: Codes
    ) -> Generator[None, str, int | None]:
        """Lines 370-640: the moves it took (11 when they ran out), or None after QUIT."""
        board: list[tuple[str, int, int]] = []

        def ended(outcome: str, last: tuple[str, int, int] | None = None) -> None:
            self._record(codes, Role.PERSON, outcome, [*board, *([last] if last else [])], secret)

        for move in range(1, MOVES + 1):
            while True:
                self._io.write("MOVE # " + number_text(move) + " GUESS ")
                guess = yield from self._io.input_string("")
                if guess == "BOARD":
                    self._board(board)
                elif guess == "QUIT":
                    ended("quit")
                    self._io.print("QUITTER!  MY COMBINATION WAS: " + secret)
                    self._io.print("GOOD BYE")
                    return None
                elif len(guess) != positions:
                    self._io.print("BAD NUMBER OF POSITIONS.")
                else:
                    bad = [ch for ch in guess if ch not in letters]
                    if not bad:
                        break
                    self._io.print(f"'{bad[0]}' IS UNRECOGNIZED.")
            black, white = score(secret, guess)
            if black == positions:
                ended("solved", (guess, black, white))
                self._io.print("YOU GUESSED IT IN " + number_text(move) + " MOVES!")
                return move
            self._io.print(
                "YOU HAVE " + number_text(black) + " BLACKS AND " + number_text(white) + " WHITES."
            )
            board.append((guess, black, white))
        ended("out of moves")
        self._io.print("YOU RAN OUT OF MOVES!  THAT'S ALL YOU GET!")
        return MOVES + 1

    def _record(
        self,
        codes: Codes,
        breaker: Role,
        outcome: str,
        moves: list[tuple[str, float, float]],
        secret: str | None,
    ) -> None:
        """Hand an ended game to the recorder, as the full-screen game's are (the computer
        plays ``classic``). Only ordinary games: a game of fractional colours, or one whose
        answers no code could give (2.5 blacks), is no game the records can hold."""
        if self._recorder is None or not isinstance(codes, EngineCodes):
            return
        space = codes.space
        if not all(
            b == int(b) and w == int(w) and 0 <= b <= b + w <= space.positions for _, b, w in moves
        ):
            return

        def stored(code: str) -> str:
            return code_text([LETTERS.index(ch) for ch in code])

        kept = tuple(Move(stored(g), int(b), int(w)) for g, b, w in moves)
        self._recorder(
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
        self._io.print()
        self._io.print("BOARD")
        self._io.print("MOVE     GUESS          BLACK     WHITE")
        for z, (guess, black, white) in enumerate(board, 1):
            row = number_text(z)
            row += tab(row, 9) + guess
            row += tab(row.rpartition("\n")[2], 25) + number_text(black)
            row += tab(row.rpartition("\n")[2], 35) + number_text(white)
            self._io.print(row)
        self._io.print()

    def _computer_turn(
        self, codes: Codes, positions: float, total: float
    ) -> Generator[None, str, int]:
        """Lines 660-1130: the moves the computer took (11 when they ran out)."""
        while True:
            codes.reset()
            played: list[tuple[str, float, float]] = []  # afresh after inconsistent answers
            self._io.print("NOW I GUESS.  THINK OF A COMBINATION.")
            yield from self._io.input_string("HIT RETURN WHEN READY:")
            for move in range(1, MOVES + 1):
                start = draw(total, self._rnd)
                if start > codes.bound:
                    raise BasicError(SUBSCRIPT, 780)
                k = codes.choose(start)
                if k is None:
                    self._io.print("YOU HAVE GIVEN ME INCONSISTENT INFORMATION.")
                    self._io.print("TRY AGAIN, AND THIS TIME PLEASE BE MORE CAREFUL.")
                    break
                guess = codes.code(k)
                self._io.write("MY GUESS IS: " + guess)
                black, white = yield from self._io.input_numbers("  BLACKS, WHITES ", 2)
                played.append((guess, black, white))
                if black == positions:
                    self._record(codes, Role.COMPUTER, "solved", played, guess)
                    self._io.print("I GOT IT IN " + number_text(move) + " MOVES!")
                    return move
                codes.eliminate(k, guess, black, white)
            else:
                self._record(codes, Role.COMPUTER, "out of moves", played, None)
                self._io.print("I USED UP ALL MY MOVES!")
                self._io.print("I GUESS MY CPU IS JUST HAVING AN OFF DAY.")
                return MOVES + 1
