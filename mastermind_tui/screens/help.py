"""HELP: the commands, as a dialog that Escape closes."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from engine import CodeSpace
from engine.notation import Notation
from engine.play.match import Role

from ..game.kinds import GameKind

PERSON = """\
## You break the code
Type a guess in this game's notation ({forms}):
case, spaces and commas do not matter; a code that reads only in another notation is
refused, with what it would be there.
Each answer peg: **●** black = right colour in the right place, **○** white = right colour
in the wrong place.

- `BOARD` (or F2): the list of your moves so far
- `HINT`, `H` or F3: how many codes are still possible; asked again, one suggested guess
  (the one the ratings count as best), nothing more: the advice and ratings are the
  laboratory view's (`H` and Enter: every key goes to the command line first)
- `WHATIF {code}` (laboratory view): how {code} would split the codes still possible,
  answer by answer beside the strategy's choice, with its score in the strategy's
  measure and, where the exact optimum is known, in guesses expected
- F9: the laboratory view on or off: the codes still possible, the advice, F4's tree and
  each guess's rating as it comes (the game is then recorded as assisted)
- F7 or a click on the board: set the next guess peg by peg, no typing. ← → choose a
  place; ↑ ↓, a colour's letter or digit, or a click on a colour of the tray under the
  panes set it; Backspace takes it out; Space holds it (underlined: it carries to the
  next guess, whose row starts from the held pegs); Enter plays the row, the same move
  as typed. While the row has the keys, letters set pegs: Escape or Tab gives the keys
  back to the command line
- `UNDO`: take back your last guess; the game becomes a practice game
- `QUIT`: give up this game and see the secret
- `HELP` (or F1): this page
- Enter on an empty line after a game: the match's next game; after a single game,
  another with the same settings and a new secret (N too); after a match's last round,
  N starts a new match, scores reset; D: the game's debrief; F5 opens the home screen
- Hard mode (`--hard`): every guess must fit every answer so far; HINT suggests such codes
- A HINT that names a code (the second), WHATIF or the laboratory view: the game is
  recorded as assisted, kept apart from unaided games. Leaving a game with a guess
  played (F5, Ctrl+Q, a closed terminal or browser tab) records it as abandoned: it
  ends a streak
- PgUp/PgDn: scroll the History; Ctrl+PgUp/Ctrl+PgDn: scroll the Solver trace (its
  border says when more lies below)
- F8: your records; Escape comes back to this game

The game is spoiler-free: unless the laboratory view is on, the ratings come at the end.
Each guess is rated against the best one there: where the exact optimum is known (up to
6 colours x 4 positions at once, larger sizes once searched: Ctrl+O on the home screen,
or `mastermind stats --strategy optimal --all`), by the guesses still expected after it
with perfect play from then on; elsewhere by the strategy's own score. **Cost** in
History (a column where the terminal is wide enough) is what each guess lost; the summary
at the end adds it up. A click on a bar of the Solver trace lists its codes.
"""

COMPUTER = """\
## The computer breaks your code
Think of a code, then press Enter. Answer each guess with blacks and whites: `2,1`,
`2 1` or `21`.

- `SECRET`: type your code once, hidden; then Enter answers for you
- `UNDO`: take back your last answer (your last move, as when you break the code)
- `FIX 3 2,1`: give move 3 its right answer (after inconsistent answers)
- `BOARD`, `QUIT`, `HELP` as usual; F8 your records
"""

HOME = """\
## Choose a game
Pick the mode, then change any field: Tab and Shift+Tab move between them, Space or the
arrow keys open a list, Space ticks a box.

- Enter (or Ctrl+S, or the Start button): start the game
- F6: statistics for the colours, positions and strategy typed here
- F7: the 1978 teletype
- F8: your records (every finished game is kept unless you started with `--no-record`)
- Ctrl+O: search the exact optimum of the size typed here in the background (again:
  stop it, what it proved kept for next time); the line above the buttons says whether
  it is cached, how long a search would take, or why the size is out of reach. Play on
  meanwhile: once cached, ratings, hints and the strategy `optimal` use it
- Ctrl+P: command palette (theme, screenshot); Ctrl+Q: quit
"""

WATCH = """\
## Watching a strategy
Each move comes in two beats: first the position (the codes still possible, the guesses
weighed and the one chosen, how it would split the codes), then its answer (the codes
shrink). Every line of the trace starts with the move and beat it belongs to.

n or →, p or ←: a beat forward or back; Space: play/pause, + and -: faster, slower;
w: what if (type any code: its split beside the strategy's choice; Escape goes back);
↑ ↓ and Enter, 1-9 or a click: open a bar to list its codes; x on the answer selected:
play on as if it had come (the status line says the path; Backspace goes back, Escape
stops a long one); Shift+arrows or the mouse: name a code on the map and the move that
ruled it out (a click picks a cell's lower code);
g: go to move N (its first beat); s: show or hide the secret (`watch --hide-secret`
keeps it off the screen until it is found, so that a class predicts each answer);
Ctrl+T: dark, light or the projector's high-contrast theme;
PgUp/PgDn: scroll; F4: the decision tree, the path played marked; l: every guess weighed,
ranked (Escape stops the weighing, or closes the list); r: the strategy's rule card (as
above); F5: the home screen.

### The pictures
- **Guesses weighed**: the chosen guess (▶) and the next best, each a bar as long as its
  score in the strategy's own measure (largest class, expected size, bits, classes or
  guesses expected: the title says which, and whether less or more is better); ✓ marks a
  guess that could be the secret, = one tied with the choice, and the last line says how
  the tie was broken
- **Split bars**: one row per answer; the bar is how many codes would get that answer.
  With a second guess beside it (the runner-up, or your what-if), both are drawn on one
  scale, the same answer on the same row: a longer right bar is an answer that guess
  makes worse. The line above weighs both in the strategy's own measure; "worst case"
  marks the largest classes only where the largest class is that measure (Knuth's)
- **Code map**: every code a cell, lit while possible; the listed codes are written in
  their pegs' colours, letters kept
- **Tree (F4)**: the moves played lead down from the top (their other answers folded),
  ◀ now marks where the game stands, ● watched the branch the watched secret takes, and
  "found" a leaf: the one code left there, guessed

- **candidate**: a code still possible: it fits every answer so far
- **answer**: blacks,whites: `1,2` is one peg right in colour and place, two in colour only
- **class**: the candidates that would get the same answer; each bar is one class, and
  ◀ marks the answer the guess really got (bars that do not fit fold into "… N more")
- **worst case**: the largest class, what is left after the least helpful answer
  (knuth makes it as small as it can)
- **expected size**: the size of the class the secret falls in, on average (expected-size)
- **entropy**: what the answer tells, in bits, on average (entropy makes it the largest)
- **most parts**: how many classes a guess makes (most-parts makes the most)
- **runner-up**: the guess that came second; its split is drawn under the chosen one's
- **\\*** after a score: that guess cannot be the secret; it only splits the rest
- **code map**: every code is a cell, lit while possible, dark once ruled out; blank
  without repeats where a colour would repeat (no code of the game)
"""

COMPARE = """\
## Strategies side by side
One secret, a column per strategy: its board, what it does at this beat, and its current
split (one bar per answer, ◀ the answer it got). n or →, p or ←: every column a beat
forward or back together; Space: play/pause, + and -: faster, slower; F5: the home screen.
A strategy that has finished says in how many guesses; at the end the line under the
columns gives the totals. `mastermind compare RGBY knuth optimal entropy` opens it
from the command line.
"""


RECORDS = """\
## Your records
Every finished game, kept unless you started with `--no-record`. **By size**: the figures
of the games you broke unaided, per size, rules and move limit (hard mode and timed games
apart): played, won, average and best moves, the current streak, how many moves each win
took and your rating, the guesses lost per game against the optimum (and over the last 10;
the line under the table says it in words for the row chosen). Games with UNDO
(practice) or help (a HINT that named a code, WHATIF, the laboratory view: assisted) are
kept apart; a game left with a guess played is **abandoned**: played, not won, and it ends
a streak. **Recent games**: Enter replays the one under the cursor.

Tab moves between the tables (the one with the focus has a heavy border); ↑ ↓ choose a
row; Ctrl+R reads the records again; Escape goes back; F5: the home screen.
"""

REPLAY = """\
## A replay
A game from your records, move by move: n, → or Space a move forward; p or ← back;
Home and End jump to the start and the end; Escape goes back to the records. The title
says who broke the code, the rules, the date (and the daily puzzle's) and how it ended,
with the time (practice, assisted, abandoned, hard mode, a challenge or timed where so).
"""

STATS = """\
## Statistics
Strategies play every secret of the size (or a sample) and the table compares them:
average and worst number of guesses, and how many games each length took. Change the
fields, then Ctrl+R runs; a run estimated long asks first. While a run goes, Escape (or
Ctrl+X) cancels it. F5: the home screen; PgUp/PgDn scroll the results.
"""

OTHER = """\
## Keys
Escape goes back; F5 opens the home screen; F8 your records; Ctrl+P the command palette;
Ctrl+Q quits.
"""


def examples(notation: Notation, space: CodeSpace) -> dict[str, str]:
    """A guess written in the game's notation, and the ways of typing it: pairs of
    colours (``RRGG`` on 6x4, ``1 1 2 2`` in numbers)."""
    pegs = [notation.symbol(i // 2 % space.colours) for i in range(space.positions)]
    code = notation.separator.join(pegs)
    forms = [code, *([code.lower()] if code.lower() != code else [])]
    forms += [" ".join(p.lower() for p in pegs), ",".join(pegs)]
    *some, last = [f"`{form}`" for form in dict.fromkeys(forms)]
    ways = f"{', '.join(some)} or {last}" if some else last
    return {"code": code, "forms": f"{ways} in {notation.name}"}


#: The examples of a game in letters of 6 colours x 4 positions (no game in hand).
LETTERS = {"code": "RRGG", "forms": "`RRGG`, `rrgg`, `r r g g` or `R,R,G,G` in letters"}


class Page(enum.Enum):
    """A help page: the text F1 shows on a screen."""

    PERSON = PERSON
    COMPUTER = COMPUTER
    HOME = HOME
    WATCH = WATCH
    COMPARE = COMPARE
    RECORDS = RECORDS
    REPLAY = REPLAY
    STATS = STATS
    OTHER = OTHER

    @classmethod
    def of(cls, role: Role) -> Page:
        """The page of a game in which ``role`` breaks the code."""
        return cls.PERSON if role is Role.PERSON else cls.COMPUTER


def modes_text(kinds: Sequence[GameKind]) -> str:
    """The modes, each with what it is for."""
    return "### Modes\n" + "\n".join(f"- **{m.title}**: {m.help}" for m in kinds)


class HelpScreen(ModalScreen[None]):
    """The help page for the role being played, or for the home screen."""

    CSS_PATH = "help.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,f1,q", "dismiss", "Close")]

    def __init__(
        self,
        page: Page = Page.PERSON,
        written: tuple[Notation, CodeSpace] | None = None,
        lead: str = "",
        kinds: Sequence[GameKind] = (),
    ) -> None:
        """``lead``: Markdown shown first (the watch's strategy's rule card); ``kinds``:
        the modes the home screen's page lists."""
        super().__init__()
        self.page = page
        self.lead = lead
        self.kinds = kinds
        #: The game's notation and size, for examples written as its codes are.
        self.written = written

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            if self.lead:
                yield Markdown(self.lead, id="help-lead")
            page = self.page.value
            if self.page is Page.PERSON:
                page = page.format(**examples(*self.written) if self.written else LETTERS)
            if self.page is Page.HOME:
                page = f"{page}\n{modes_text(self.kinds)}\n"
            yield Markdown(page)
            yield Markdown("Escape closes this page. Ctrl+P: command palette. Ctrl+Q: quit.")
