"""Numbers a client writes as text are measured before they are read
(practiceapi/protocol/numbers.py and its users): none is ever handed whole to int() or
float() past the bound, whatever its length."""

from __future__ import annotations

import json

import pytest

from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.numbers import (
    BEYOND,
    MAX_NUMBER_LENGTH,
    NumberTooLong,
    bounded_float,
    bounded_int,
    saturated_int,
)
from practiceapi.protocol.parsers import decode_strict_json
from practiceapi.protocol.query import parse_integer
from practiceapi.protocol.querybody import jsonpath_compile

# Past Python's 4300-digit limit for int().
HUGE = "9" * 4400


# ------------------------------------------------------------------- saturated_int


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("0", 0),
        ("5", 5),
        ("+5", 5),
        ("-5", -5),
        ("007", 7),
        ("-000", 0),
        ("9" * 18, 10**18 - 1),
        ("0" * 4400 + "5", 5),
    ],
)
def test_saturated_int_reads_an_integer_of_up_to_18_digits_exactly(text: str, number: int) -> None:
    assert saturated_int(text) == number


@pytest.mark.parametrize(
    ("text", "number"),
    [("1" + "0" * 18, BEYOND), (HUGE, BEYOND), ("-" + HUGE, -BEYOND), ("+" + HUGE, BEYOND)],
)
def test_saturated_int_reads_a_longer_integer_as_beyond_every_id(text: str, number: int) -> None:
    assert saturated_int(text) == number


@pytest.mark.parametrize(
    "text", ["", "+", "-", "--5", "+-5", " 5", "5 ", "1.0", "1e3", "1_000", "0x10", "٣", "²"]
)
def test_saturated_int_reads_nothing_but_javas_parse_int_form(text: str) -> None:
    assert saturated_int(text) is None


# ------------------------------------------------------------------- the JSON reader


def test_bounded_int_reads_a_literal_of_the_longest_length() -> None:
    assert bounded_int("9" * MAX_NUMBER_LENGTH) == int("9" * MAX_NUMBER_LENGTH)


def test_bounded_int_refuses_a_longer_literal() -> None:
    with pytest.raises(NumberTooLong, match="a number is more than 1000 characters long"):
        bounded_int("9" * (MAX_NUMBER_LENGTH + 1))


def test_bounded_float_refuses_a_longer_literal() -> None:
    with pytest.raises(NumberTooLong):
        bounded_float("1." + "9" * MAX_NUMBER_LENGTH)


@pytest.mark.parametrize("literal", [HUGE, "-" + HUGE, "1." + HUGE, "1e" + HUGE])
def test_strict_json_refuses_a_number_too_long_to_read(literal: str) -> None:
    with pytest.raises(NumberTooLong):
        decode_strict_json('{"n": ' + literal + "}")


@pytest.mark.parametrize(
    "text",
    ['{"n": 12, "f": 1.5e3, "t": "x"}', "[-0, 1e400, 3]", '"\\ud83d\\ude00"', "  null  "],
)
def test_strict_json_reads_what_json_loads_reads(text: str) -> None:
    assert decode_strict_json(text) == json.loads(text)


@pytest.mark.parametrize("text", ['{"n": NaN}', "Infinity", "-Infinity", "\ufeff{}", "{} x", ""])
def test_strict_json_refuses_what_strict_json_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        decode_strict_json(text)


# ------------------------------------------------------------------- filter values


def test_an_integer_filter_value_of_the_longest_length_is_read() -> None:
    assert parse_integer("-" + "9" * (MAX_NUMBER_LENGTH - 1), "id") == -int("9" * 999)


@pytest.mark.parametrize("value", ["9" * (MAX_NUMBER_LENGTH + 1), HUGE, "0" * 4400 + "1"])
def test_an_integer_filter_value_too_long_to_read_is_400(value: str) -> None:
    with pytest.raises(ApiError) as refused:
        parse_integer(value, "id")
    assert refused.value.status == 400
    assert refused.value.messages == ["The value for field id is more than 1000 characters long"]


# ------------------------------------------------------------------- JSONPath indexes


@pytest.mark.parametrize("expression", [f"$[{HUGE}]", f"$[1:{HUGE}]", "$[" + "9" * 1001 + "]"])
def test_a_jsonpath_index_too_long_to_read_is_out_of_range(expression: str) -> None:
    with pytest.raises(ApiError) as refused:
        jsonpath_compile(expression)
    assert refused.value.status == 400
    assert refused.value.messages[0].startswith("index out of range")


def test_a_jsonpath_index_within_range_still_selects() -> None:
    compiled = jsonpath_compile("$[1]")
    assert [node.value for node in compiled.finditer(["a", "b"])] == ["b"]
