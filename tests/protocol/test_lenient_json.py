"""`practiceapi.protocol.lenientjson`: bodies as the classic engine's Gson read them."""

from __future__ import annotations

import pytest

from practiceapi.protocol.lenientjson import LenientJsonError, loads_object


def test_strict_json_reads_with_every_number_a_double() -> None:
    document = loads_object('{"a": 1, "b": [true, null, "x"], "c": {"d": -2.5e1}}')
    assert document == {"a": 1.0, "b": [True, None, "x"], "c": {"d": -25.0}}
    assert isinstance(document["a"], float)


def test_lenient_numbers_are_doubles_too() -> None:
    assert isinstance(loads_object("{a: 1}")["a"], float)


def test_unquoted_names_and_values_are_text() -> None:
    assert loads_object("{title: done, n: 12abc}") == {"title": "done", "n": "12abc"}


def test_keywords_are_read_in_any_case() -> None:
    assert loads_object("{a: TRUE, b: False, c: NULL}") == {"a": True, "b": False, "c": None}


def test_single_quotes_separators_and_comments() -> None:
    text = "{'a' => 'it''s'; # note\n b = 1 // end\n}"
    with pytest.raises(LenientJsonError):
        loads_object(text)  # two strings in a row are still an error
    assert loads_object("{'a' => 'x'; # note\n b = 1 // end\n}") == {"a": "x", "b": 1.0}


def test_escapes_are_decoded() -> None:
    assert loads_object(r'{"a": "\u0041\n\'"}') == {"a": "A\n'"}


@pytest.mark.parametrize(
    "text",
    ['{"title": a', "[1]", '"x"', "{} {}", '{"a": 1, "a": 2}', "{a 1}", '{"a": "\\q"}', "{/* x"],
)
def test_anything_else_is_an_error(text: str) -> None:
    with pytest.raises(LenientJsonError):
        loads_object(text)


def test_nesting_is_bounded() -> None:
    with pytest.raises(LenientJsonError):
        loads_object("{a:" * 100 + "1" + "}" * 100)
