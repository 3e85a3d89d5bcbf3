"""The value types of the command line's options (argparse ``type=``): a number, a port,
a size; each refuses a bad value with the sentence argparse prints."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from ..game.settings import NumberError, whole


def number(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number of ``minimum`` or more, checked by ``whole``."""

    def read(text: str) -> int:
        try:
            return whole(text, minimum)
        except NumberError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return read


def size_of(text: str) -> tuple[int, int]:
    from .records import parse_size

    return parse_size(text)


def port(text: str) -> int:
    value = number(0)(text)
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{text} is not a port; give 1 to 65535")
    return value
