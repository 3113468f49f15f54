"""JSON read as the public service's 2024-26 engine read request bodies: Gson's lenient mode.

Gson's `fromJson` always reads leniently, so the public service of 2024-26 accepted bodies that are
not JSON: unquoted names and values (`{title: a}`, `"doneStatus": done` is the string
"done"), single-quoted strings, `=`/`=>` between name and value, `;` between members,
and `//`, `#` and `/* */` comments. `true`, `false` and `null` are keywords in any case,
every number is a double. Anything else that does not parse, or a document that is not
one object, is a syntax error. Nesting is bounded, as in the strict reader.
"""

from __future__ import annotations

import json
import re
from typing import Any

# Characters that end an unquoted literal (Gson's `nextUnquotedValue`).
_LITERAL_END = frozenset("{}[]/\\;#=:, \t\f\r\n")
_WHITESPACE = frozenset(" \t\f\r\n")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_ESCAPES = {
    '"': '"',
    "'": "'",
    "\\": "\\",
    "/": "/",
    "b": "\b",
    "f": "\f",
    "n": "\n",
    "r": "\r",
    "t": "\t",
}
MAX_DEPTH = 64


class LenientJsonError(ValueError):
    """The text is not even lenient JSON."""


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def fail(self) -> LenientJsonError:
        return LenientJsonError(f"syntax error at character {self.at}")

    def peek(self) -> str:
        """The next significant character ('' at the end), skipping space and comments."""
        text = self.text
        while self.at < len(text):
            char = text[self.at]
            if char in _WHITESPACE:
                self.at += 1
            elif char == "#" or text.startswith("//", self.at):
                end = text.find("\n", self.at)
                self.at = len(text) if end < 0 else end + 1
            elif text.startswith("/*", self.at):
                end = text.find("*/", self.at + 2)
                if end < 0:
                    raise self.fail()
                self.at = end + 2
            else:
                return char
        return ""

    def value(self, depth: int) -> Any:
        char = self.peek()
        if depth > MAX_DEPTH:
            raise self.fail()
        if char == "{":
            return self.members(depth + 1)
        if char == "[":
            return self.elements(depth + 1)
        if char in ('"', "'"):
            return self.quoted(char)
        return self.literal()

    def members(self, depth: int) -> dict[str, Any]:
        self.at += 1
        result: dict[str, Any] = {}
        if self.peek() == "}":
            self.at += 1
            return result
        while True:
            char = self.peek()
            name = self.quoted(char) if char in ('"', "'") else self.unquoted()
            separator = self.peek()
            if separator == ":":
                self.at += 1
            elif separator == "=":
                self.at += 2 if self.text.startswith("=>", self.at) else 1
            else:
                raise self.fail()
            if name in result:  # Gson refuses a duplicate key in a map
                raise self.fail()
            result[name] = self.value(depth)
            after = self.peek()
            self.at += 1
            if after == "}":
                return result
            if after not in (",", ";"):
                raise self.fail()

    def elements(self, depth: int) -> list[Any]:
        self.at += 1
        result: list[Any] = []
        if self.peek() == "]":
            self.at += 1
            return result
        while True:
            result.append(self.value(depth))
            after = self.peek()
            self.at += 1
            if after == "]":
                return result
            if after not in (",", ";"):
                raise self.fail()

    def quoted(self, quote: str) -> str:
        out: list[str]
        text, at, out = self.text, self.at + 1, []
        while at < len(text):
            char = text[at]
            if char == quote:
                self.at = at + 1
                return "".join(out)
            if char == "\\":
                escape = text[at + 1 : at + 2]
                if escape == "u":
                    digits = text[at + 2 : at + 6]
                    if len(digits) != 4 or not all(c in "0123456789abcdefABCDEF" for c in digits):
                        break
                    out.append(chr(int(digits, 16)))
                    at += 6
                    continue
                if escape not in _ESCAPES:
                    break
                out.append(_ESCAPES[escape])
                at += 2
                continue
            out.append(char)
            at += 1
        self.at = at
        raise self.fail()

    def unquoted(self) -> str:
        start = self.at
        while self.at < len(self.text) and self.text[self.at] not in _LITERAL_END:
            self.at += 1
        if self.at == start:
            raise self.fail()
        return self.text[start : self.at]

    def literal(self) -> Any:
        word = self.unquoted()
        keyword = word.lower()
        if keyword in ("true", "false"):
            return keyword == "true"
        if keyword == "null":
            return None
        if _NUMBER.fullmatch(word):
            return float(word)
        return word


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise LenientJsonError("duplicate name")
    return result


def _not_a_number(name: str) -> Any:
    raise LenientJsonError(name)  # Gson reads an unquoted NaN as text: the slow path's


def loads_object(text: str) -> dict[str, Any]:
    """One lenient JSON object; LenientJsonError for anything else."""
    try:
        # Most bodies are strict JSON, which the C parser reads far faster.
        document = json.loads(
            text, object_pairs_hook=_unique, parse_constant=_not_a_number, parse_int=float
        )
    except (ValueError, RecursionError):
        document = None
    if isinstance(document, dict) and not _too_deep(document, 0):
        return document
    reader = _Reader(text)
    if reader.peek() != "{":
        raise reader.fail()
    document = reader.value(0)
    if reader.peek():  # Gson: "JSON document was not fully consumed"
        raise reader.fail()
    return document


def _too_deep(value: Any, depth: int) -> bool:
    if depth > MAX_DEPTH:
        return True
    if isinstance(value, dict):
        return any(_too_deep(item, depth + 1) for item in value.values())
    if isinstance(value, list):
        return any(_too_deep(item, depth + 1) for item in value)
    return False
