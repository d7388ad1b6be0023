"""Inputs a careless user or an attacker might send: JSON-ish values, near-miss entries, bytes."""

from __future__ import annotations

import json

from hypothesis import strategies as st

from firmware.rules.api import JsonValue

WORDS = ["e", "match", "round", "do", "undo", "end", "game", "culls", "cubulus", "rules", "record"]
WORDS += ["first", "moves", "format", "token", "cell", "pin", "button", "players", "mode"]
WORDS += ["rounds", "level", "blue", "red", "h8", "xh8", "h8-c3", "F000", "N111", "undo", "new"]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(WORDS),
    st.text(max_size=12),
)
json_values: st.SearchStrategy[JsonValue] = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(st.one_of(st.sampled_from(WORDS), st.text(max_size=6)), inner, max_size=5),
    ),
    max_leaves=20,
)


def _text_of(value: JsonValue) -> bytes:
    return json.dumps(value).encode()


# Raw bytes that are mostly JSON-shaped: valid JSON, then cut, spliced or salted with nonsense.
SPICE = [b"[" * 200, b"9" * 60, b"NaN", b"1e999", b'"\\ud800"', b"\xff", b"\x00", b"{", b"]"]
json_bytes = st.one_of(
    json_values.map(_text_of),
    st.tuples(json_values.map(_text_of), st.integers(min_value=0, max_value=200)).map(
        lambda pair: pair[0][: pair[1]]
    ),
    st.tuples(json_values.map(_text_of), st.sampled_from(SPICE), st.integers(0, 200)).map(
        lambda t: t[0][: t[2]] + t[1] + t[0][t[2] :]
    ),
    st.binary(max_size=64),
)
