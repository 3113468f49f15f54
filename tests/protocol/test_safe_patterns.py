"""Clients' regular expressions (practiceapi/protocol/patterns.py): RE2 syntax, refusals
that say why, linear-time matching, one request's work and patterns bounded, and JSONPath's
I-Regexp on the same engine."""

from __future__ import annotations

import time

import pytest

from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.patterns import (
    MAX_PATTERN_LENGTH,
    MAX_PATTERNS_PER_REQUEST,
    REPEAT_TOO_LARGE_MESSAGE,
    TOO_COMPLEX_MESSAGE,
    TOO_LONG_MESSAGE,
    TOO_MANY_MESSAGE,
    TOO_MUCH_WORK_MESSAGE,
    compile_iregexp,
    compile_pattern,
    regex_budget,
)


def refusal(pattern: str, status: int = 400) -> ApiError:
    with pytest.raises(ApiError) as raised:
        compile_pattern(pattern, status=status)
    return raised.value


# ------------------------------------------------------------------------ syntax


def test_fullmatch_must_cover_the_whole_value_and_search_need_not() -> None:
    pattern = compile_pattern("pay.*")
    assert pattern.fullmatch("pay bills")
    assert not pattern.fullmatch("repay")
    assert pattern.search("repay")


@pytest.mark.parametrize(
    ("pattern", "value"),
    [
        ("(?i)PAY", "pay"),
        (r"\d{1,3} items?", "12 items"),
        ("[[:alpha:] ]+", "scan paperwork"),
        (r"\p{Lu}\p{Ll}+", "Émigré"),
        ("(?P<word>file) .*", "file paperwork"),
        (r"tidy \(desk\)", "tidy (desk)"),
        ("(?s)a.b", "a\nb"),
    ],
)
def test_re2_syntax_is_accepted(pattern: str, value: str) -> None:
    assert compile_pattern(pattern).fullmatch(value)


@pytest.mark.parametrize(
    ("pattern", "reason"),
    [
        (r"(a)\1", r"invalid escape sequence: \1"),  # backreference
        ("(?=a)a", "invalid perl operator: (?="),  # lookahead
        ("(?<!a)b", "invalid perl operator: (?<!"),  # lookbehind
        ("a++", "bad repetition operator: ++"),  # possessive
        ("(?>a)", "invalid perl operator: (?>"),  # atomic group
        (r"a\Z", r"invalid escape sequence: \Z"),
        ("(?x)a b", "invalid perl operator: (?x"),  # verbose mode
        ("(unclosed", "missing ): (unclosed"),
    ],
)
def test_what_re2_does_not_have_is_a_400_saying_so(pattern: str, reason: str) -> None:
    err = refusal(pattern)
    assert (err.status, err.messages) == (400, [f"Invalid regular expression: {reason}"])


def test_the_caller_chooses_the_status_of_a_refusal() -> None:
    assert refusal("(x", status=422).status == 422
    assert refusal("a" * (MAX_PATTERN_LENGTH + 1), status=422).status == 422


# ------------------------------------------------------------------------ bounds


def test_a_pattern_over_the_length_cap_is_refused_before_it_is_parsed() -> None:
    compile_pattern("a" * MAX_PATTERN_LENGTH)
    err = refusal("(" * (MAX_PATTERN_LENGTH + 1))
    assert (err.status, err.messages) == (400, [TOO_LONG_MESSAGE])


@pytest.mark.parametrize(
    "pattern",
    [
        r"((?:\\{1000}){1000}){10}u1",  # repeats of an escaped backslash
        "((a{100}){100}){100}",  # nested counts whose product is a million
        "(([a-z]{1000}){1000}){1000}",
        "a{1001}",
    ],
)
def test_repeats_beyond_re2s_limit_are_too_complex(pattern: str) -> None:
    err = refusal(pattern)
    assert err.status == 400
    assert err.messages[0].startswith(REPEAT_TOO_LARGE_MESSAGE)


def test_a_count_with_leading_zeros_is_literal_text_in_re2() -> None:
    compiled = compile_pattern("((a{0001000}){0001000}){0001000}")
    assert compiled.fullmatch("a{0001000}{0001000}{0001000}")
    assert not compiled.fullmatch("a" * 1000)


@pytest.mark.parametrize(
    "pattern", [r"\pL{1000}", r"(?i)[\pL\pN]{500}", "|".join([r"(\pL{900})"] * 5)]
)
def test_a_program_over_the_memory_budget_is_too_complex(pattern: str) -> None:
    err = refusal(pattern)
    assert (err.status, err.messages) == (400, [TOO_COMPLEX_MESSAGE])


def test_a_title_sized_unicode_pattern_fits_the_memory_budget() -> None:
    assert compile_pattern(r"[\pL\pN ]{1,50}").fullmatch("Émigré 42")


@pytest.mark.parametrize(
    "pattern",
    ["(a|aa)+$", "(a+)+$", "(.*a){20}", r"(\w+\s?)+$", "(((((a*)*)*)*)*)*!x", "(.*){1000}"],
)
def test_backtracking_classics_match_in_linear_time(pattern: str) -> None:
    compiled = compile_pattern(pattern)
    started = time.monotonic()
    for _ in range(20):
        compiled.fullmatch("a" * 199 + "!")
        compiled.search("a" * 199 + "!")
    assert time.monotonic() - started < 1.0


# ------------------------------------------------------------------ one request


def test_one_requests_regex_work_is_bounded() -> None:
    value = "a" * 199 + "!"
    with regex_budget(), pytest.raises(ApiError) as raised:
        pattern = compile_pattern("(.*){1000}")  # 9,003 instructions
        for _ in range(1000):
            pattern.fullmatch(value)
    assert (raised.value.status, raised.value.messages) == (400, [TOO_MUCH_WORK_MESSAGE])


def test_a_classs_filters_over_a_full_list_are_well_within_the_work_budget() -> None:
    with regex_budget() as work:
        before = work.left
        for pattern in (".*meeting.*", "(?i)file .*", r"[A-Z]\w+ \d{1,3}"):
            compiled = compile_pattern(pattern)
            for _ in range(20):
                compiled.fullmatch("x" * 200)
        assert before - work.left < before // 100


def test_one_request_may_compile_only_so_many_patterns() -> None:
    with regex_budget(), pytest.raises(ApiError) as raised:
        for n in range(MAX_PATTERNS_PER_REQUEST + 1):
            compile_pattern(f"a{n}")
    assert (raised.value.status, raised.value.messages) == (400, [TOO_MANY_MESSAGE])


def test_a_pattern_used_again_in_a_request_is_compiled_once() -> None:
    with regex_budget():
        first = compile_pattern("pay.*")
        for _ in range(MAX_PATTERNS_PER_REQUEST * 2):
            assert compile_pattern("pay.*") is first


# --------------------------------------------------------------------- I-Regexp


def test_an_invalid_iregexp_is_none_so_the_function_is_false() -> None:
    assert compile_iregexp("(?i)a") is None
    assert compile_iregexp(r"a\d") is None


def test_an_iregexp_dot_is_any_character_but_cr_and_lf() -> None:
    dot = compile_iregexp("a.b")
    assert dot is not None
    assert dot.fullmatch("a\u2028b")
    assert dot.fullmatch("a😀b")
    assert not dot.fullmatch("a\rb")
    assert not dot.fullmatch("a\nb")


def test_a_dot_inside_a_class_or_escaped_stays_a_dot() -> None:
    for pattern in ("a[.]b", r"a\.b"):
        compiled = compile_iregexp(pattern)
        assert compiled is not None
        assert compiled.fullmatch("a.b")
        assert not compiled.fullmatch("axb")


def test_an_iregexp_too_long_or_too_complex_is_a_400() -> None:
    for pattern, message in [
        ("a" * (MAX_PATTERN_LENGTH + 1), TOO_LONG_MESSAGE),
        (r"(\p{L}{9}){9}", TOO_COMPLEX_MESSAGE),
    ]:
        with pytest.raises(ApiError) as raised:
            compile_iregexp(pattern)
        assert (raised.value.status, raised.value.messages) == (400, [message])


def test_a_value_holding_a_lone_surrogate_is_still_searched() -> None:
    compiled = compile_iregexp("a")
    assert compiled is not None
    assert compiled.search("a\ud800")
    assert not compiled.fullmatch("a\ud800")
