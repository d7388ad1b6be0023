"""The bounded JSON reader: what it reads, and the one-line refusal for everything beyond it."""

from __future__ import annotations

import pytest

from firmware.rules.bounded_json import JsonInputError, JsonLimits, read_json, shorten


def test_ordinary_json_reads_as_json() -> None:
    text = b'{"a": [1, -2.5, "x[{", true, null], "b": "\\ud83d\\ude00", "c": {"d": []}}'
    assert read_json(text) == {"a": [1, -2.5, "x[{", True, None], "b": "😀", "c": {"d": []}}


def test_brackets_inside_strings_do_not_count_as_depth() -> None:
    assert read_json('["' + "[" * 500 + '"]') == ["[" * 500]
    assert read_json('["\\"' + "{" * 500 + '"]') == ['"' + "{" * 500]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"[" * 100_000, "nested more than 64 deep"),
        (b"[" * 65 + b"]" * 65, "nested more than 64 deep"),
        (b"[" + b"1" * 5000 + b"]", "a number longer than 40 characters"),
        (b"1." + b"5" * 60, "a number longer than 40 characters"),
        (b"1e999", "a number too large: 1e999"),
        (b"[NaN]", "NaN is not a JSON number"),
        (b"-Infinity", "-Infinity is not a JSON number"),
        (b'"\\ud800"', "a string holds a lone surrogate"),
        (b'{"\\udfff": 1}', "a string holds a lone surrogate"),
        (b"\xff\xfe", "not UTF-8 text"),
        (b"{]", "not valid JSON: Expecting property name enclosed in double quotes"),
        (b"", "not valid JSON: Expecting value at line 1 column 1"),
    ],
)
def test_input_beyond_the_limits_is_one_short_line(data: bytes, message: str) -> None:
    with pytest.raises(JsonInputError) as caught:
        read_json(data)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value) and len(str(caught.value)) <= 160


def test_the_size_limit_is_checked_before_parsing() -> None:
    with pytest.raises(JsonInputError, match="more than 100 bytes"):
        read_json(b" " * 101 + b"1", JsonLimits(max_bytes=100))


def test_text_with_a_lone_surrogate_is_refused() -> None:
    with pytest.raises(JsonInputError, match="lone surrogate"):
        read_json('"\ud800"')


def test_an_unterminated_string_full_of_escaped_quotes_is_read_in_one_pass() -> None:
    with pytest.raises(JsonInputError, match="nested more than 64 deep"):
        read_json(b"[" * 65 + b'"' + b'\\"' * 400_000)


def test_shorten_keeps_one_line_and_a_bound() -> None:
    assert shorten("a\nb   c") == "a b c"
    assert shorten("x" * 500, 20) == "x" * 19 + "…"
