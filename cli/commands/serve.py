"""``serve --stdio``: JSON-RPC 2.0 for the Open Design daemon, one object per line.

Requests arrive on standard input and answers leave on standard output, one JSON object per line
and nothing else on standard output (anything printed by mistake goes to standard error, where
the logs are). The process serves until standard input closes. A request that cannot be read or
answered gets a JSON-RPC error whose ``data`` holds the CLI's error ``kind`` and sentence, and the
next line is served as usual. The methods are in ``services/host.py``.
"""

from __future__ import annotations

import argparse
import gc
import json
import logging
import sys
from typing import IO, Any

from creative_memory.cli.output import Out
from creative_memory.services.context import Context
from creative_memory.services.errors import CreativeMemoryError, InvalidInput
from creative_memory.services.host import Host

log = logging.getLogger("cm.serve")

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
SERVER_ERROR = -32000  # a CreativeMemoryError other than bad input: data.kind says which

_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def error(rid: Any, code: int, kind: str, sentence: str) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": rid,
        "error": {"code": code, "message": sentence, "data": {"kind": kind, "message": sentence}},
    }


def answer(host: Host, line: bytes) -> dict[str, Any] | None:
    """The response to one request line, or None for a notification (a request without an id)."""
    try:
        req = json.loads(line)
    except (ValueError, RecursionError):
        return error(
            None, PARSE_ERROR, "invalid_input", "The line is not valid JSON; send one JSON object per line."
        )
    if not isinstance(req, dict):
        return error(
            None, INVALID_REQUEST, "invalid_input", "Send one JSON-RPC request object per line (no batches)."
        )
    rid = req.get("id")
    if isinstance(rid, bool) or not (rid is None or isinstance(rid, str | int | float)):
        return error(None, INVALID_REQUEST, "invalid_input", "The id must be a string, a number or null.")
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


def serve_lines(host: Host, lines: IO[bytes], out: IO[bytes]) -> None:
    seen_modules = 0
    for line in lines:
        if not line.strip():
            continue
        response = answer(host, line)
        if response is not None:
            out.write(_encode(response).encode("utf-8") + b"\n")
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
