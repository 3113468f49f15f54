"""Numbers a client writes as text, measured before they are read.

Python's int() refuses text of more than 4300 digits with a ValueError (a 500 wherever
nobody expects one), and below that limit reading a number costs time that grows with the
square of its length. So nothing here hands int() or float() text it has not measured:

* A number whose exact value matters (an integer filter value, a number in a JSON body)
  may be at most `MAX_NUMBER_LENGTH` characters long; a longer one is refused, with
  `number_too_long`'s text. Reading 1000 digits costs a few microseconds.
* A number that is only ever compared with small ones (a page size, an offset, an id in a
  path, what the challenges read) is read by `saturated_int`: past `EXACT_DIGITS`
  significant digits it reads as `BEYOND`, which is larger than every id and every page,
  so every comparison comes out as it would for the number itself.

Measuring is a len() before the conversion; nothing is matched against a pattern.
"""

from __future__ import annotations

# Longest number text whose exact value is read (sign, point and exponent included).
MAX_NUMBER_LENGTH = 1000
# Significant digits read exactly by `saturated_int`; 18 digits always fit 64 bits, and
# every id, page size and offset the API keeps is far smaller.
EXACT_DIGITS = 18
BEYOND = 10**EXACT_DIGITS


class NumberTooLong(ValueError):
    """A number longer than `MAX_NUMBER_LENGTH` characters."""

    def __init__(self) -> None:
        super().__init__(number_too_long("a number"))


def number_too_long(what: str) -> str:
    """Why `what` (a number) was refused: `a number is more than 1000 characters long`."""
    return f"{what} is more than {MAX_NUMBER_LENGTH} characters long"


def bounded_int(text: str) -> int:
    """int(text) for text at most `MAX_NUMBER_LENGTH` long; NumberTooLong otherwise.

    The `parse_int` of the JSON reader: its text is already a JSON integer literal.
    """
    if len(text) > MAX_NUMBER_LENGTH:
        raise NumberTooLong
    return int(text)


def bounded_float(text: str) -> float:
    """float(text) for text at most `MAX_NUMBER_LENGTH` long; NumberTooLong otherwise.

    The `parse_float` of the JSON reader: float() never fails on a long literal (it reads
    as infinity), but its cost grows with the length.
    """
    if len(text) > MAX_NUMBER_LENGTH:
        raise NumberTooLong
    return float(text)


def saturated_int(text: str) -> int | None:
    """The integer `text` spells in Java's `parseInt` form (an optional sign, then ASCII
    digits, nothing else), or None when it spells none.

    A number of more than `EXACT_DIGITS` significant digits reads as `BEYOND` (or
    `-BEYOND`): it is compared only with ids and page sizes, which are all smaller, so
    its exact value never matters and is never converted.
    """
    sign = text[:1]
    digits = text[1:] if sign in ("+", "-") else text
    if not (digits.isascii() and digits.isdigit()):
        return None
    digits = digits.lstrip("0")
    value = int(digits or "0") if len(digits) <= EXACT_DIGITS else BEYOND
    return -value if sign == "-" else value
