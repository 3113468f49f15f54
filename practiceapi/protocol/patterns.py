"""Clients' regular expressions, compiled by RE2 within bounds of size, memory and work.

Every pattern a client sends (`~=` filters in URLs and form bodies, structured `matches`,
JSONPath `match()`/`search()`) is compiled by `_compile` below, with RE2 (google-re2), an
engine made for untrusted patterns: it never backtracks, so a match takes time linear in
the text, and each compiled pattern, program and match caches together, lives within a
memory budget (`max_mem`). Backreferences, lookaround and possessive or atomic repeats are
therefore not available; a pattern that uses them is refused with RE2's reason.

What is left to bound here:

- a pattern's length, before anything parses it;
- the work of one request: it may hold several patterns, and a list many rows, so the
  compiles and matches of one request draw on one budget of steps (`RegexWork`);
- how many patterns one request compiles, which bounds the memory it holds at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

import re2
from iregexp_check import check as iregexp_valid
from jsonpath_rfc9535.function_extensions._pattern import map_re

from practiceapi.protocol.errors import ApiError

# A pattern longer than this is refused before it is parsed.
MAX_PATTERN_LENGTH = 1000

# RE2's memory budget for one compiled pattern: its program and the caches its matches
# build. 1 MiB holds any pattern sized to a todo's 50-character title, Unicode classes
# included (`[\pL\pN ]{1,50}` is about 67,000 instructions), and refuses `\pL{100}` and
# the like. It also bounds what a worker keeps: RE2's Python module holds on to the 128
# patterns it compiled last, whose caches fill only partly (hundreds of hostile patterns
# matched against long values leave a few tens of MB).
MAX_PATTERN_MEMORY = 1 << 20

# One request's regex work, counted in steps: a match costs at most one step per program
# instruction per byte of text (RE2's slowest engine, which it falls back to when its
# match cache is full, runs every instruction over every byte) plus the call itself; compiling costs a few hundred steps per instruction. A step is a few
# nanoseconds, so a request's regex work stays under about half a second, while a
# class's filters over a full list use well under 1 % of it.
MAX_REQUEST_STEPS = 100_000_000
MATCH_CALL_STEPS = 1_000
COMPILE_STEPS_PER_INSTRUCTION = 400
# Distinct patterns one request may compile; each holds up to MAX_PATTERN_MEMORY while
# the request runs.
MAX_PATTERNS_PER_REQUEST = 32

TOO_LONG_MESSAGE = f"Regular expression is too long (max {MAX_PATTERN_LENGTH} characters)"
TOO_COMPLEX_MESSAGE = (
    "Regular expression is too complex: its compiled form would need more than "
    f"{MAX_PATTERN_MEMORY >> 20} MiB"
)
REPEAT_TOO_LARGE_MESSAGE = (
    "Regular expression is too complex: a repeat count, multiplied by the counts of the "
    "repeats around it, may be at most 1000"
)
TOO_MUCH_WORK_MESSAGE = (
    "Regular expressions need too much work for one request: use fewer or simpler "
    "patterns, or filter fewer rows"
)
TOO_MANY_MESSAGE = f"Too many regular expressions in one request (max {MAX_PATTERNS_PER_REQUEST})"

_OPTIONS = re2.Options()
_OPTIONS.max_mem = MAX_PATTERN_MEMORY
# Matches only answer yes or no: no groups to capture, which keeps programs smaller.
_OPTIONS.never_capture = True
# A client's bad pattern is answered, not written to the server's error output.
_OPTIONS.log_errors = False

# RE2's texts (re2.h, RE2::ErrorCode) for the limits rather than the syntax.
_PATTERN_TOO_LARGE = "pattern too large"
_BAD_REPEAT_SIZE = "invalid repetition size"


class RegexWork:
    """The steps left for regex work within one request, and the patterns it compiled."""

    __slots__ = ("compiled", "left")

    def __init__(self, steps: int = MAX_REQUEST_STEPS) -> None:
        self.left = steps
        self.compiled: dict[str, Pattern] = {}

    def charge(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise ApiError(400, TOO_MUCH_WORK_MESSAGE)


_current_work: ContextVar[RegexWork | None] = ContextVar("regex_work", default=None)


@contextmanager
def regex_budget() -> Iterator[RegexWork]:
    """Share one RegexWork across everything compiled and matched inside the block.

    Nested blocks reuse the outer one, so a QUERY request that runs URL filters,
    structured filters and JSONPath functions spends a single total.
    """
    work = _current_work.get()
    if work is not None:
        yield work
        return
    work = RegexWork()
    token = _current_work.set(work)
    try:
        yield work
    finally:
        _current_work.reset(token)


class Pattern:
    """A compiled client pattern; each match is charged to the work it was compiled under."""

    __slots__ = ("_regexp", "_size", "_work")

    def __init__(self, regexp: Any, size: int, work: RegexWork) -> None:
        self._regexp = regexp  # a compiled re2 pattern
        self._size = size  # its program's instructions
        self._work = work

    def fullmatch(self, text: str) -> bool:
        """Does the pattern match the whole of `text`?"""
        data = _utf8(text)
        self._work.charge(self._size * (len(data) + 1) + MATCH_CALL_STEPS)
        return self._regexp.fullmatch(data) is not None

    def search(self, text: str) -> bool:
        """Does the pattern match anywhere in `text`?"""
        data = _utf8(text)
        self._work.charge(self._size * (len(data) + 1) + MATCH_CALL_STEPS)
        return self._regexp.search(data) is not None


def _utf8(text: str) -> bytes:
    """`text` as the UTF-8 RE2 reads. Given bytes, the module also skips mapping match
    positions back to characters, which a yes-or-no answer does not need. A lone surrogate
    (JSON can carry one) has no UTF-8 form: it is given as the bytes Python writes for it."""
    return text.encode("utf-8", "surrogatepass")


def check_pattern_length(pattern: str, *, status: int = 400) -> None:
    """Refuse a pattern too long to be worth parsing."""
    if len(pattern) > MAX_PATTERN_LENGTH:
        raise ApiError(status, TOO_LONG_MESSAGE)


def compile_pattern(pattern: str, *, status: int = 400) -> Pattern:
    """Compile a client's pattern (RE2 syntax); a refusal is `status` with the reason."""
    check_pattern_length(pattern, status=status)
    return _compile(pattern, status)


def compile_iregexp(pattern: str) -> Pattern | None:
    """Compile an I-Regexp (RFC 9485) for JSONPath's `match()`/`search()`: None when it
    is not one (the function is then false, RFC 9535), a 400 when it is one too long or
    too complex to run."""
    check_pattern_length(pattern)
    translated = _iregexp_to_re2(pattern)
    return None if translated is None else _compile(translated, 400)


# The library's translation of an I-Regexp `.` (any character but CR and LF) uses a
# lookahead, which RE2 does not have; in RE2, which reads whole code points, that
# character is `[^\n\r]`. The text cannot occur in a valid I-Regexp otherwise: `(?` is
# not I-Regexp syntax.
_LIBRARY_DOT = map_re(".")
_RE2_DOT = r"[^\n\r]"


@lru_cache(maxsize=256)
def _iregexp_to_re2(pattern: str) -> str | None:
    if not iregexp_valid(pattern):
        return None
    return map_re(pattern).replace(_LIBRARY_DOT, _RE2_DOT)


def _compile(pattern: str, status: int) -> Pattern:
    """The one place a client's pattern is compiled: by RE2, within the request's work
    (outside `regex_budget()`, a pattern gets a budget of its own)."""
    work = _current_work.get() or RegexWork()
    known = work.compiled.get(pattern)
    if known is not None:
        return known
    if len(work.compiled) >= MAX_PATTERNS_PER_REQUEST:
        raise ApiError(status, TOO_MANY_MESSAGE)
    try:
        regexp = re2.compile(pattern, _OPTIONS)
    except re2.error as exc:
        raise ApiError(status, _refusal(exc)) from None
    except UnicodeEncodeError:
        raise ApiError(status, "Invalid regular expression: a lone surrogate") from None
    size: int = regexp.programsize
    work.charge(size * COMPILE_STEPS_PER_INSTRUCTION)
    compiled = work.compiled[pattern] = Pattern(regexp, size, work)
    return compiled


def _refusal(exc: re2.error) -> str:
    """The client's message for RE2's refusal of a pattern."""
    reason = exc.args[0] if exc.args else ""
    if isinstance(reason, bytes):
        reason = reason.decode("utf-8", "replace")
    if reason.startswith(_PATTERN_TOO_LARGE):
        return TOO_COMPLEX_MESSAGE
    if reason.startswith(_BAD_REPEAT_SIZE):
        return f"{REPEAT_TOO_LARGE_MESSAGE} ({reason})"
    return f"Invalid regular expression: {reason}"
