"""The piecewise JSON reader gives json.loads's verdict and values — on valid documents in any
member order and whitespace, on malformed, truncated and trailing-garbage text, on nesting — with
the one difference decided in decision 0085: a top-level member named twice is refused."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from creative_memory.services.transfer import json_stream
from creative_memory.services.transfer.json_stream import BytesSource, NotJson, Reader, RepeatedName, TooLarge


class Twice(Exception):
    pass


def ours(data: bytes, limit: int = 10**9) -> Any:
    """The whole document as the reader reads it: arrays and objects of the top level piece by piece."""
    r = Reader(BytesSource(data), limit=limit)
    if r.peek() != "{":
        value, _text = r.value()
        r.end()
        return value
    out: dict[str, Any] = {}
    for name in r.members():
        if name in out:
            raise Twice(name)
        nxt = r.peek()
        if nxt == "[":
            out[name] = [v for v, _t in r.elements()]
        elif nxt == "{":
            out[name] = dict(r.entries())
        else:
            out[name] = r.value()[0]
    r.end()
    return out


def verdict(data: bytes) -> tuple[str, Any]:
    try:
        return "ok", ours(data)
    except (NotJson, RecursionError):
        return "not json", None


def theirs(data: bytes) -> tuple[str, Any]:
    try:
        return "ok", json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return "not json", None


def same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


@pytest.fixture(params=[7, 64, json_stream.CHUNK], ids=["chunk7", "chunk64", "chunk1MiB"])
def chunk(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> int:
    """Small chunks put every boundary inside a string, a number, a multi-byte character."""
    monkeypatch.setattr(json_stream, "CHUNK", request.param)
    return int(request.param)


VALID = [
    b"{}",
    b" \t\r\n{ } \n",
    b'{"a":1}',
    b'{"events":[],"page_digests":{}}',
    b'{"events" : [ 1 , 2.5e3 , -0 , true , false , null , "x" , [ ] , { } ] }',
    b'{"n": 12345678901234567890, "f": 1.0e-7, "neg": -42}',
    b'{"nan": NaN, "inf": [Infinity, -Infinity]}',
    '{"é": "caf\u00e9 \u65e5\u672c \U0001f600", "esc": "\\u00e9\\ud83d\\ude00\\n\\t\\"\\\\"}'.encode(),
    b'{"deep": ' + b"[" * 200 + b"]" * 200 + b"}",
    b'{"events": [{"a": {"b": [1, {"c": "d"}]}}], "z": {"y": {"x": 1}}, "k": "v"}',
    b'{"lone": "\\ud800"}',
    b"[1, 2]",
    b'"just a string"',
    b"3",
]

INVALID = [
    b"",
    b"   ",
    b"{",
    b'{"a"',
    b'{"a":',
    b'{"a":1',
    b'{"a":1,}',
    b'{"events":[1,]}',
    b'{"events":[1 2]}',
    b'{"events":[1}',
    b'{"a":1}}',
    b'{"a":1} x',
    b'{"a":1}{}',
    b"{'a':1}",
    b"{a:1}",
    b'{"a":01}',
    b'{"a":"tab\there"}',
    b'{"a":"\\x"}',
    b'{"a": tru}',
    b'{"a": nan}',
    b"\xef\xbb\xbf{}",  # a byte-order mark
    b'{"a":"\xff"}',  # not UTF-8
    b'{"a":"\xc3"}',  # a character cut short at the end
    b"{1: 2}",
    b'{"a" 1}',
    b'{"deep": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
]


@pytest.mark.parametrize("data", VALID + INVALID)
def test_the_verdict_and_value_are_json_loads_s(chunk: int, data: bytes) -> None:
    got, want = verdict(data), theirs(data)
    assert got[0] == want[0], (data[:80], got, want)
    assert same(got[1], want[1])


def test_every_truncation_of_a_bundle_is_refused_as_json_loads_refuses_it(chunk: int) -> None:
    doc = json.dumps(
        {"format": "f", "events": [{"id": i, "t": "dé" * i, "n": i * 1.5} for i in range(4)], "x": 10}
    ).encode()
    assert verdict(doc)[0] == "ok"
    for cut in range(len(doc)):
        assert verdict(doc[:cut]) == theirs(doc[:cut]) == ("not json", None), doc[:cut]
    for tail in (b"x", b",", b"]", b"}", b'""', b"0", b"\x00"):
        assert verdict(doc + tail)[0] == theirs(doc + tail)[0] == "not json"
    assert verdict(doc + b" \n\t\r")[0] == "ok"


def test_a_top_level_member_named_twice_is_refused_where_json_loads_keeps_the_last() -> None:
    data = b'{"events": [1], "x": 1, "events": [2]}'
    assert json.loads(data) == {"events": [2], "x": 1}
    with pytest.raises(Twice):
        ours(data)
    # Deeper down too (decision 0106): json.loads would keep the last one silently.
    with pytest.raises(RepeatedName):
        ours(b'{"events": [{"a": 1, "a": 2}]}')
    assert ours(b'{"events": [{"a": 1, "b": {"a": 2}}]}') == {"events": [{"a": 1, "b": {"a": 2}}]}


def test_a_value_longer_than_the_limit_is_refused_and_an_array_of_small_ones_is_not(chunk: int) -> None:
    big = json.dumps({"events": ["x" * 100] * 50, "small": 1}).encode()
    assert ours(big, limit=200)["small"] == 1  # 50 elements of 102 characters, one at a time
    with pytest.raises(TooLarge):
        ours(json.dumps({"one": "x" * 1000}).encode(), limit=200)


def test_the_reader_holds_little_more_than_one_element_of_a_long_array(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(json_stream, "CHUNK", 4096)
    data = json.dumps({"events": [{"i": i, "pad": "p" * 500} for i in range(4000)]}).encode()
    r = Reader(BytesSource(data), limit=10**9)
    most = 0
    for _name in r.members():
        for _value, _text in r.elements():
            most = max(most, len(r._buf))
    r.end()
    assert len(data) > 2_000_000 and most < 3 * 4096


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    doc=st.dictionaries(st.text(max_size=8), json_values, max_size=6),
    indent=st.sampled_from([None, 0, 1, 3, "\t"]),
    ascii_only=st.booleans(),
    cut=st.integers(min_value=0, max_value=10**6),
    flip=st.integers(min_value=0, max_value=255),
)
def test_random_documents_their_cuts_and_changed_bytes_get_json_loads_s_verdict(
    monkeypatch: pytest.MonkeyPatch,
    doc: dict[str, Any],
    indent: int | str | None,
    ascii_only: bool,
    cut: int,
    flip: int,
) -> None:
    monkeypatch.setattr(json_stream, "CHUNK", 5)
    data = json.dumps(doc, indent=indent, ensure_ascii=ascii_only).encode()
    assert verdict(data) == theirs(data)
    at = cut % (len(data) + 1)
    for variant in (data[:at], data[:at] + bytes([flip]) + data[at + 1 :]):
        got, want = verdict(variant), theirs(variant)
        if got[0] == "ok" or want[0] == "ok":
            assert got[0] == want[0] and same(got[1], want[1]), variant
