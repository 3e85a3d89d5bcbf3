"""Challenge codes: a secret, or the adversary who keeps none, with its size and every
rule that changes play in a short code a friend types to play the same game (``mastermind
play --challenge CODE``), optionally with the sender's result.

A code is 15 characters, ``XXXXX-XXXXX-XXX``, in Crockford's base 32 (digits and capital
letters without I, L, O and U; read back in any case, I and L as 1, O as 0, dashes and
spaces ignored): the format, 11 characters of payload, and a check character. The payload
packs, from its lowest digit up, colours, positions, repeats, the answer rule, the move
limit, hard mode, the sender's result and the secret's index, then scrambles them by a
fixed bijection (``_mix``) so that the secret cannot be read off the code; the check
character is a weighted sum of the others modulo 32.

The format says what is played: 1, a secret; 2, the adversary (``engine.play.adversary``),
its payload format 1's with the secret's index 0 and hard mode off (the adversary keeps no
secret and has no hard mode). A secret's code is written in format 1 as it always was, so
every earlier version still plays it; an earlier version refuses an adversary's code as
made by a later one, asking for an upgrade, rather than misreading it. A code made by one
version plays in every later one: the tests pin test vectors of both formats. Nothing here
imports Textual.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from engine import CodeSpace, MastermindError, Rules
from engine.answers import named as answer_rule
from engine.codes import MIN_COLOURS, MIN_POSITIONS, check_size
from engine.play.rules import MAX_MOVES

from .kinds import ADVERSARY
from .settings import Settings

#: Crockford's base 32: no I, L, O or U, so that no two characters are mistaken.
ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: How a typed character is read (lower case, and the ones mistaken for digits).
_READ: Final = {c: i for i, c in enumerate(ALPHABET)} | {"I": 1, "L": 1, "O": 0}
#: The formats, the code's first character: a secret's, and the adversary's. A code of a
#: later format is refused, saying so.
SECRET_FORMAT: Final = 1
ADVERSARY_FORMAT: Final = 2
#: The payload's characters and bits (5 a character).
_DIGITS: Final = 11
_BITS: Final = 5 * _DIGITS
_MASK: Final = (1 << _BITS) - 1
#: The answer rules by their number in a code (a new rule is added at the end).
ANSWERS: Final = ("classic", "black")
#: The fields below the secret, each as (its count of values) from the lowest digit up.
_COLOURS: Final = 32
_POSITIONS: Final = 32
_MOVES: Final = 128
#: The sender's result: 0 none carried, else twice the guesses they took, plus 1 if solved.
_RESULT: Final = 256
#: Odd multipliers of the scrambling rounds (any odd number is a bijection mod 2**55).
_ROUNDS: Final = (0x2545F4914F6CDD1D & _MASK, 0x9E3779B97F4A7C15 & _MASK)


@dataclass(frozen=True)
class Sent:
    """The sender's result: how many guesses they took, and whether they broke it."""

    guesses: int
    solved: bool

    def words(self) -> str:
        """ "your friend took 5 guesses" or "your friend did not break it in 10"."""
        if self.solved:
            return f"your friend took {self.guesses} guess{'es' * (self.guesses != 1)}"
        return f"your friend did not break it in {self.guesses}"


@dataclass(frozen=True)
class Challenge:
    """A game to play again elsewhere: the secret (or the adversary), its size and the
    rules of play."""

    colours: int
    positions: int
    repeats: bool
    #: The answer rule's name (``ANSWERS``).
    answers: str
    max_moves: int
    hard: bool
    #: The secret's index in the code space (``CodeSpace.to_digits``); None: the
    #: adversary, who keeps no secret.
    secret: int | None
    sent: Sent | None = None

    @property
    def adversary(self) -> bool:
        return self.secret is None

    @property
    def space(self) -> CodeSpace:
        return CodeSpace(self.colours, self.positions, self.repeats, answer_rule(self.answers))

    def settings(self, base: Settings) -> Settings:
        """``base`` (the notation, strategy, lab view of the player's) with the size and
        rules of this challenge: one game (against the adversary, for its code)."""
        rules = Rules(
            self.colours,
            self.positions,
            1,
            self.max_moves,
            self.repeats,
            answer_rule(self.answers),
        )
        mode = ADVERSARY if self.adversary else base.mode
        return replace(base, mode=mode, rules=rules, hard=self.hard, seed=None)

    def with_result(self, guesses: int, solved: bool) -> Challenge:
        return replace(self, sent=Sent(guesses, solved))


def challenge_of(settings: Settings, secret: int | None) -> Challenge:
    """The challenge of a game of ``settings`` on ``secret`` (None: the adversary's)."""
    rules = settings.rules
    return Challenge(
        rules.colours,
        rules.positions,
        rules.repeats,
        rules.answers.name,
        rules.max_moves,
        settings.hard,
        secret,
    )


def encode(challenge: Challenge) -> str:
    """The challenge's code, ``XXXXX-XXXXX-XXX``."""
    c = challenge
    assert not (c.adversary and c.hard), "the adversary has no hard mode"
    sent = c.sent
    result = 0 if sent is None else sent.guesses * 2 + sent.solved
    value = 0 if c.secret is None else c.secret
    for digit, base in (
        (result, _RESULT),
        (int(c.hard), 2),
        (c.max_moves - 1, _MOVES),
        (ANSWERS.index(c.answers), 4),
        (int(c.repeats), 2),
        (c.positions - MIN_POSITIONS, _POSITIONS),
        (c.colours - MIN_COLOURS, _COLOURS),
    ):
        value = value * base + digit
    assert value <= _MASK, "a challenge's fields fit its payload"
    digits = [ADVERSARY_FORMAT if c.adversary else SECRET_FORMAT, *_base32(_mix(value))]
    text = "".join(ALPHABET[d] for d in [*digits, _check(digits)])
    return f"{text[:5]}-{text[5:10]}-{text[10:]}"


def decode(text: str) -> Challenge:
    """The challenge of a typed code, or MastermindError saying in a line what is wrong
    (a character no code has, its length, a check that fails: mistyped)."""
    typed = "".join(text.split()).replace("-", "").upper()
    shown = text.strip()[:30]
    bad = sorted({c for c in typed if c not in _READ})
    if bad:
        raise MastermindError(
            f"{shown!r} is no challenge code: {''.join(bad)!r} is in none (they are "
            "digits and letters, without U)"
        )
    if len(typed) != _DIGITS + 2:
        raise MastermindError(
            f"{shown!r} is no challenge code: it has {len(typed)} characters where a code "
            f"has {_DIGITS + 2} (dashes aside)"
        )
    digits = [_READ[c] for c in typed]
    if _check(digits[:-1]) != digits[-1]:
        raise MastermindError(f"{shown!r}: its check character does not match (mistyped?)")
    if digits[0] not in (SECRET_FORMAT, ADVERSARY_FORMAT):
        raise MastermindError(
            f"{shown!r} was made by a later version of mastermind (format {digits[0]}); "
            "upgrade to play it"
        )
    value = _unmix(sum(d << (5 * i) for i, d in enumerate(reversed(digits[1:-1]))))
    fields = []
    for base in (_COLOURS, _POSITIONS, 2, 4, _MOVES, 2, _RESULT):
        value, digit = divmod(value, base)
        fields.append(digit)
    colours, positions, repeats, answers, moves, hard, result = fields
    colours, positions, moves = colours + MIN_COLOURS, positions + MIN_POSITIONS, moves + 1
    try:
        check_size(colours, positions, bool(repeats))
        space = CodeSpace(colours, positions, bool(repeats))
        if answers >= len(ANSWERS) or moves > MAX_MOVES or value >= space.size:
            raise MastermindError("its fields are out of range")
        adversary = digits[0] == ADVERSARY_FORMAT
        if adversary and (value or hard):
            raise MastermindError("an adversary's code carries no secret and no hard mode")
        if not adversary and not space.repeats and len(set(space.to_digits(value))) < positions:
            raise MastermindError("its secret repeats a colour")
    except MastermindError as error:
        raise MastermindError(f"{shown!r} is no challenge code ({error})") from None
    sent = None if result == 0 else Sent(result // 2, bool(result % 2))
    secret = None if adversary else value
    return Challenge(
        colours, positions, bool(repeats), ANSWERS[answers], moves, bool(hard), secret, sent
    )


def _base32(value: int) -> list[int]:
    return [(value >> (5 * i)) & 31 for i in reversed(range(_DIGITS))]


def _check(digits: list[int]) -> int:
    """The check digit: odd weights modulo 32 catch every single mistyped character, and
    two neighbours swapped unless they are 16 apart."""
    return sum((2 * i + 1) * d for i, d in enumerate(digits)) % 32


def _mix(value: int) -> int:
    """A fixed bijection of the payload's 55 bits: multiply by an odd number and fold the
    high bits into the low ones, twice, so that a secret one apart reads nothing alike."""
    for odd in _ROUNDS:
        value = (value * odd) & _MASK
        value ^= value >> 28
    return value


def _unmix(value: int) -> int:
    for odd in reversed(_ROUNDS):
        value ^= value >> 28  # its own inverse: 28 of 55 bits is more than half
        value = (value * pow(odd, -1, 1 << _BITS)) & _MASK
    return value


def sent_code(settings: Settings, secret: int | None, guesses: int, solved: bool) -> str:
    """The code of a finished game, for a friend: its secret (None: the adversary) and
    rules, and how it went."""
    return encode(challenge_of(settings, secret).with_result(guesses, solved))
