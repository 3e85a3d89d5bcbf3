"""``mastermind retro --plain``: the 1978 dialogue on standard input and output, line by line.

A terminal echoes what is typed; a pipe or file does not, so then each line read is echoed
after the prompt and a piped session reads like the printed transcript of the original.
"""

from __future__ import annotations

import os
import sys
from functools import partial
from pathlib import Path

from ..records.faults import fault
from ..records.store import Records
from ..records.types import Game
from .dialogue import Dialogue
from .lines import read_line

EXIT_INTERRUPTED = 130
#: Input ran out before the game ended (the environment's doing): one line on stderr.
EXIT_ENDED = 1


def run_plain(
    seed: int | None = None,
    gwbasic_rnd: bool = False,
    crlf: bool = False,
    records: Path | None = None,
) -> int:
    """Play until the program ends (0) or input runs out (1, said on stderr, the transcript
    on stdout as it was); return the exit code. ``crlf`` ends
    lines in CR LF, as the original's bytes did; each game that ends is kept in
    ``records`` (None: nowhere)."""
    for stream in (sys.stdin, sys.stdout):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")  # odd bytes in or out never stop the game
    newline = "\r\n" if crlf else "\n"
    recorder = None if records is None else partial(_record, records, set())
    dialogue = Dialogue(seed=seed, gwbasic_rnd=gwbasic_rnd, newline=newline, recorder=recorder)
    echo = not sys.stdin.isatty()
    out = sys.stdout
    try:
        out.write(dialogue.start())
        out.flush()
        while not dialogue.finished:
            line = read_line(sys.stdin)
            if line is None:  # end of input: finish the prompt's line and say so apart
                out.write(dialogue.newline)
                out.flush()
                # The line so far holds the questions answered on it too: the last one.
                questions = [q for q in dialogue.prompt.split("?") if q.strip()]
                asked = " ".join(questions[-1].split()) + "?" if questions else "its next line"
                print(f"mastermind: end of input: the game stopped at {asked}", file=sys.stderr)
                return EXIT_ENDED
            if echo:
                out.write(line + dialogue.newline)
            out.write(dialogue.feed(line))
            out.flush()
        out.flush()
    except KeyboardInterrupt:
        out.write(dialogue.newline)
        out.flush()
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away: say nothing more, and keep Python quiet about it at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _record(path: Path, said: set[str], game: Game) -> None:
    """Write a game that ended at once (the dialogue waits for the next line anyway); a
    fault of any kind is one line on stderr, apart from the transcript on stdout, said once
    per cause (a round ends two games), and play goes on."""
    try:
        Records(path).add(game)
    except Exception as error:  # of any kind: see ``fault``
        why = fault(path, error)
        if why not in said:
            said.add(why)
            print(f"mastermind: {why}. This game is not recorded; play goes on.", file=sys.stderr)
