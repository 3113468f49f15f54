"""Basic / Bearer / X-AUTH-TOKEN header parsing, as unit tests."""

from __future__ import annotations

from base64 import b64encode

import pytest

from secrets_app.auth import (
    BasicCredentials,
    credentials_match,
    parse_basic,
    parse_bearer,
    presented_token,
    same_secret,
)

ADMIN = "Basic YWRtaW46cGFzc3dvcmQ="  # admin:password


def basic(text: str) -> str:
    return "Basic " + b64encode(text.encode()).decode()


class TestParseBasic:
    def test_it_decodes_admin_password(self) -> None:
        assert parse_basic(ADMIN) == BasicCredentials("admin", "password")

    @pytest.mark.parametrize("scheme", ["basic", "BASIC", "bAsIc"])
    def test_the_scheme_is_case_insensitive(self, scheme: str) -> None:
        assert parse_basic(f"{scheme} YWRtaW46cGFzc3dvcmQ=") == BasicCredentials(
            "admin", "password"
        )

    def test_it_ignores_repeated_spaces(self) -> None:
        assert parse_basic("  Basic    YWRtaW46cGFzc3dvcmQ=  ") is not None

    def test_it_splits_at_the_first_colon(self) -> None:
        assert parse_basic(basic("user:pa:ss")) == BasicCredentials("user", "pa:ss")

    def test_it_accepts_missing_padding(self) -> None:
        assert parse_basic("Basic YWRtaW46cGFzc3dvcmQ") == BasicCredentials("admin", "password")

    def test_it_decodes_utf8(self) -> None:
        assert parse_basic(basic("zoë:pässword")) == BasicCredentials("zoë", "pässword")

    @pytest.mark.parametrize(
        "header",
        [
            None,
            "",
            "   ",
            "Basic",
            "Basic ",
            "YWRtaW46cGFzc3dvcmQ=",
            "Bearer YWRtaW46cGFzc3dvcmQ=",
            "Basic YWRtaW46cGFzc3dvcmQ= extra",
            "Basic YWRtaW46 cGFzc3dvcmQ=",
            "BasicYWRtaW46cGFzc3dvcmQ=",
        ],
    )
    def test_it_rejects_malformed_headers(self, header: str | None) -> None:
        assert parse_basic(header) is None

    @pytest.mark.parametrize(
        "encoded",
        [
            "not base64!",
            "YWRtaW46cGFzc3dvcmQ==",  # too much padding
            "YQ==YQ==",  # data after padding
            "Y",  # a length no padding can fix
            "YWRt-W46",  # URL-safe alphabet
            "é",  # not ASCII at all
            "//8=",  # bytes that are not UTF-8
        ],
    )
    def test_it_treats_invalid_base64_as_no_credentials(self, encoded: str) -> None:
        assert parse_basic(f"Basic {encoded}") is None

    @pytest.mark.parametrize("text", ["adminpassword", ":password", "admin:", ":", ""])
    def test_it_needs_a_user_and_a_password(self, text: str) -> None:
        assert parse_basic(basic(text)) is None


class TestParseBearer:
    def test_it_returns_the_token(self) -> None:
        assert parse_bearer("Bearer abc123") == "abc123"

    @pytest.mark.parametrize("scheme", ["bearer", "BEARER", "BeArEr"])
    def test_the_scheme_is_case_insensitive(self, scheme: str) -> None:
        assert parse_bearer(f"{scheme} abc") == "abc"

    def test_it_ignores_repeated_spaces(self) -> None:
        assert parse_bearer("Bearer    abc  ") == "abc"

    def test_it_names_the_second_part_when_there_are_more(self) -> None:
        assert parse_bearer("Bearer abc def") == "abc"

    @pytest.mark.parametrize("header", [None, "", "Bearer", "Bearer   ", "Basic abc", "abc"])
    def test_it_rejects_headers_without_a_bearer_token(self, header: str | None) -> None:
        assert parse_bearer(header) is None


class TestPresentedToken:
    def test_a_bearer_token_wins_over_x_auth_token(self) -> None:
        assert presented_token("Bearer from-bearer", "from-header") == "from-bearer"

    def test_x_auth_token_is_used_without_a_bearer_header(self) -> None:
        assert presented_token(None, "from-header") == "from-header"

    def test_x_auth_token_is_used_when_authorization_is_not_bearer(self) -> None:
        assert presented_token(ADMIN, "from-header") == "from-header"

    def test_x_auth_token_is_used_when_the_bearer_header_is_invalid(self) -> None:
        assert presented_token("Bearer", "from-header") == "from-header"

    @pytest.mark.parametrize("value", [None, "", "   "])
    def test_an_empty_x_auth_token_counts_as_missing(self, value: str | None) -> None:
        assert presented_token(None, value) is None


class TestComparisons:
    def test_same_secret_is_exact(self) -> None:
        assert same_secret("abc", "abc")
        assert not same_secret("abc", "ABC")
        assert not same_secret("abc", "abcd")

    def test_same_secret_survives_non_ascii(self) -> None:
        assert not same_secret("tökén", "token")
        assert same_secret("tökén", "tökén")

    def test_credentials_match_the_configured_pair_only(self) -> None:
        assert credentials_match(BasicCredentials("admin", "password"), "admin", "password")
        assert not credentials_match(BasicCredentials("Admin", "password"), "admin", "password")
        assert not credentials_match(BasicCredentials("admin", "Password"), "admin", "password")
        assert not credentials_match(None, "admin", "password")
