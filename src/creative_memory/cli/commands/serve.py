"""``serve --stdio``: JSON-RPC 2.0 for the Open Design daemon, one object per line.

Requests arrive on standard input and answers leave on standard output, one JSON object per line
and nothing else on standard output (anything printed by mistake goes to standard error, where
the logs are). The process serves until standard input closes. A request that cannot be read or
answered gets a JSON-RPC error whose ``data`` holds the CLI's error ``kind`` and sentence, and the
next line is served as usual. The methods are in ``services/rpc/host.py``.

Every line written is JSON as RFC 8259 has it, whatever came in (decision 0074): ``NaN`` and
``Infinity`` are not JSON and are refused on the way in, an id that is not a JSON-RPC id (not
finite, or text that is not Unicode) is answered with a null id, text that is not Unicode (a lone
surrogate escaped as ``\\ud800``) is written as that escape, spelled out, and a line longer than
:data:`MAX_LINE_BYTES` is answered with an error without being held in memory.
"""

from __future__ import annotations

import argparse
import gc
import json
import logging
import math
import sys
from collections.abc import Iterator
from typing import IO, Any, NoReturn

from creative_memory.cli.output import Out
from creative_memory.model.constants import MAX_PAYLOAD_BYTES
from creative_memory.services.common.errors import CreativeMemoryError, InvalidInput
from creative_memory.services.context import Context
from creative_memory.services.rpc.host import MAX_EVENTS_PER_CALL, Host

log = logging.getLogger("cm.serve")

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
SERVER_ERROR = -32000  # a CreativeMemoryError other than bad input: data.kind says which

#: the longest request line read: the largest ingest (1000 events of 64 KiB) and room around it
MAX_LINE_BYTES = MAX_EVENTS_PER_CALL * MAX_PAYLOAD_BYTES + (1 << 20)

_encode = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode


def _not_json(constant: str) -> NoReturn:
    raise ValueError(f"{constant} is not JSON")


def _decode(line: bytes) -> Any:
    return json.loads(line, parse_constant=_not_json)


def _unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _valid_id(rid: Any) -> bool:
    """A JSON-RPC id this transport can send back as it came: null, a string of Unicode text, or a
    finite number (JSON has no NaN or Infinity; ``1e999`` decodes to infinity)."""
    if rid is None or (isinstance(rid, int) and not isinstance(rid, bool)):
        return True
    if isinstance(rid, float):
        return math.isfinite(rid)
    return isinstance(rid, str) and _unicode(rid)


def _inert(value: Any) -> Any:
    """The value with every string made Unicode (a lone surrogate written as the text ``\\udXXX``)
    and every non-finite number null, so that it encodes as strict JSON."""
    if isinstance(value, str):
        return value if _unicode(value) else value.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {_inert(k) if isinstance(k, str) else k: _inert(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_inert(v) for v in value]
    return value


def encode(response: dict[str, Any]) -> bytes:
    """One answer as one line of strict JSON in UTF-8."""
    try:
        return _encode(response).encode("utf-8") + b"\n"
    except (ValueError, UnicodeEncodeError):  # only text or numbers that came from the request
        return _encode(_inert(response)).encode("utf-8") + b"\n"


def error(rid: Any, code: int, kind: str, sentence: str) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": rid,
        "error": {"code": code, "message": sentence, "data": {"kind": kind, "message": sentence}},
    }


def answer(host: Host, line: bytes) -> dict[str, Any] | None:
    """The response to one request line, or None for a notification (a request without an id)."""
    try:
        req = _decode(line)
    except (ValueError, RecursionError):
        return error(
            None, PARSE_ERROR, "invalid_input", "The line is not valid JSON; send one JSON object per line."
        )
    if not isinstance(req, dict):
        return error(
            None, INVALID_REQUEST, "invalid_input", "Send one JSON-RPC request object per line (no batches)."
        )
    rid = req.get("id")
    if not _valid_id(rid):
        return error(
            None,
            INVALID_REQUEST,
            "invalid_input",
            "The id must be a string of Unicode text, a finite number or null.",
        )
    method = req.get("method")
    if req.get("jsonrpc") != "2.0" or not isinstance(method, str):
        return error(
            rid, INVALID_REQUEST, "invalid_input", 'A request needs "jsonrpc": "2.0" and a "method" string.'
        )
    notification = "id" not in req
    if method not in host.methods:
        exc = host.no_such_method(method)
        return None if notification else error(rid, METHOD_NOT_FOUND, exc.kind, str(exc))
    try:
        result = host.call(method, req.get("params"))
    except InvalidInput as exc:
        response = error(rid, INVALID_PARAMS, exc.kind, str(exc))
    except CreativeMemoryError as exc:
        response = error(rid, SERVER_ERROR, exc.kind, str(exc))
    except Exception as exc:  # one bad request must not end the service
        log.exception("%s failed", method)
        response = error(
            rid,
            INTERNAL_ERROR,
            "failed",
            f"{method} failed unexpectedly ({type(exc).__name__}); the details are on standard error.",
        )
    else:
        response = {"jsonrpc": "2.0", "id": rid, "result": result}
    return None if notification else response


def settle_memory(seen_modules: int) -> int:
    """After an answer: when modules were imported since last time (the store's libraries load on
    the first call that needs them), freeze every object there is, so that the collector's full
    passes no longer walk those long-lived objects. Unfrozen, a full pass over them took up to 77 ms
    inside one retrieval in 100 (measured on the M store); frozen, under half a millisecond. (No
    collection first: it would cost the next call tens of milliseconds once; what little garbage
    the imports left is frozen with them.) Returns the number of modules now loaded."""
    if len(sys.modules) != seen_modules:
        gc.freeze()
    return len(sys.modules)


def _too_long() -> dict[str, Any]:
    return error(
        None,
        INVALID_REQUEST,
        "invalid_input",
        f"The line is longer than {MAX_LINE_BYTES // (1 << 20)} MiB; send at most "
        f"{MAX_EVENTS_PER_CALL} events of at most 64 KiB per call.",
    )


def read_lines(lines: IO[bytes], limit: int = MAX_LINE_BYTES) -> Iterator[bytes | None]:
    """Each request line, or None for a line longer than ``limit`` (read past, never held whole)."""
    while True:
        line = lines.readline(limit)
        if not line:
            return
        if len(line) < limit or line.endswith(b"\n"):
            yield line
            continue
        while line and not line.endswith(b"\n"):  # the rest of the long line, a piece at a time
            line = lines.readline(limit)
        yield None


def answer_safely(host: Host, line: bytes | None) -> dict[str, Any] | None:
    """:func:`answer`, and an error instead of any exception it lets through (no input ends serve)."""
    if line is None:
        return _too_long()
    try:
        return answer(host, line)
    except Exception as exc:
        log.exception("a request could not be answered")
        return error(
            None,
            INTERNAL_ERROR,
            "failed",
            f"The request could not be answered ({type(exc).__name__}); the details are on standard error.",
        )


def serve_lines(host: Host, lines: IO[bytes], out: IO[bytes]) -> None:
    seen_modules = 0
    for line in read_lines(lines):
        if line is not None and not line.strip():
            continue
        response = answer_safely(host, line)
        if response is not None:
            out.write(encode(response))
            out.flush()
        host.settle()  # the answered retrieval recorded; the next prepared after an ingest
        seen_modules = settle_memory(seen_modules)


def serve(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    protocol = sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print can never reach the daemon as protocol
    host = Host(ctx, record_after_answer=True, ask_before_setup=True)
    log.info("serving %s for user %s on stdio", ctx.data_dir.store, ctx.user)
    try:
        serve_lines(host, sys.stdin.buffer, protocol)
    except BrokenPipeError:  # the daemon went away mid-answer
        return 0
    return 0
