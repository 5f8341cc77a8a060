"""Where some names are mentioned in the raw bytes of a file: the byte search behind a forget's
receipt and the search of the backups (decision 0091).

Every mention of a name holds one of its anchors or one of the characters that can stand for one
(:class:`~creative_memory.services.common.spelled_bytes.Spelling`). Those hits are found in one of
two ways, which give the same hits (a test runs both on the same bytes):

* **Hyperscan**, where it can be loaded: every anchor of every name (ASCII letters in any case,
  ``_`` as ``_``, ``-`` or a space, as the fold would make them) and every exotic character,
  compiled into one database and found in one pass over the bytes as they are, without holding
  the GIL. No copy of the bytes is folded.
* **The fallback**: the bytes folded (:data:`~creative_memory.services.common.spelled_bytes.FOLD`),
  each anchor found with libc ``memmem`` and the exotic characters with one regular expression.

Each hit is then confirmed in Python on the bytes around it, as they are
(:meth:`~creative_memory.services.common.spelled_bytes.Spelling.anchor_starts` and
:meth:`~creative_memory.services.common.spelled_bytes.Spelling.starts` read the fold themselves).
"""

from __future__ import annotations

import ctypes
import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from creative_memory.services.common import spelled_bytes

log = logging.getLogger("creative_memory.forget")

_hs: Any
try:  # a compiled dependency with wheels for the usual platforms; the fallback covers the rest
    import hyperscan as _hyperscan

    _hs = _hyperscan
except Exception:  # not installed, or its library does not load on this machine
    _hs = None


def _load_memmem() -> Any:
    try:
        fn = ctypes.CDLL(None).memmem
    except Exception:  # no C library to load (Windows), or one without memmem
        return None
    fn.restype = ctypes.c_void_p
    fn.argtypes = (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t)
    return fn


_MEMMEM: Final = _load_memmem()


def hits(buf: bytearray, addr: int, size: int, start: int, end: int, needle: bytes) -> list[int]:
    """Positions in ``[start, end)`` where ``needle`` begins in ``buf[:size]``, overlapping ones too
    (``memmem`` on the buffer's address when libc has it, else ``bytearray.find``)."""
    out: list[int] = []
    pos, k = start, len(needle)
    while pos < end:
        if _MEMMEM is not None:
            hit = _MEMMEM(addr + pos, size - pos, needle, k)
            if not hit:
                break
            at = int(hit) - addr
        else:
            at = buf.find(needle, pos, size)
            if at < 0:
                break
        if at >= end:
            break
        out.append(at)
        pos = at + 1
    return out


def folded(buf: bytearray) -> tuple[bytearray, int]:
    """The buffer folded (:data:`~creative_memory.services.common.spelled_bytes.FOLD`) into a new
    buffer, and that buffer's address (for ``memmem``)."""
    out = buf.translate(spelled_bytes.FOLD)
    return out, ctypes.addressof((ctypes.c_char * len(out)).from_buffer(out))


#: one hit: the names it may belong to (their indexes), where it starts, its width, and whether it
#: is an anchor (else an exotic character)
Hit = tuple[tuple[int, ...], int, int, bool]


#: a run of separators in bytes: ASCII separators, and the JSON escapes of separators (decision 0105)
_SEPARATORS: Final = (
    b"(?:"
    + spelled_bytes.JSON_SEPARATOR_ESCAPE.encode()
    + b"|["
    + b"".join(b"\\x%02x" % c for c in sorted(spelled_bytes.SEP_BYTES))
    + b"])+"
)
_NOT_ASCII: Final = b"[\\x80-\\xff]"


def _expression(needle: bytes) -> bytes:
    """A Hyperscan expression for a folded needle, matched in raw bytes: each byte as itself
    (ASCII letters in any case, by the caseless flag), ``_`` as any byte the fold makes ``_``."""
    return b"".join(b"[_\\- ]" if b == 0x5F else b"\\x%02x" % b for b in needle)


def _tokens(part: bytes) -> list[bytes]:
    """A part of a name written in ASCII, as expressions: a letter or digit each (in any case), a
    separator as a run of any ASCII separators (what :meth:`Spelling._quick` reads)."""
    return [_SEPARATORS if b == 0x5F else b"\\x%02x" % b for b in part]


@dataclass(frozen=True)
class _Pattern:
    expression: bytes
    caseless: bool
    #: the names a match belongs to, and the width of the needle it reports
    names: tuple[int, ...]
    width: int
    anchor: bool
    #: for a match that reaches past its anchor: the folded anchor to find inside the match
    span: bytes = b""


def _patterns(names: spelled_bytes.Spellings) -> list[_Pattern]:
    """What Hyperscan looks for. An anchor of a name written in ASCII is reported only where
    :meth:`Spelling._quick` would not rule it out from the ASCII bytes around it — the whole name
    written in ASCII (then the match spans the name), or a byte that is not ASCII where the rest of
    the name should be (then the fold decides): a busy anchor such as ``spacing`` is part of
    thousands of other names. Every other needle (the anchors of other names, the look-alike
    characters) is reported wherever it is."""
    out: list[_Pattern] = []
    quick: list[int] = []  # the names whose anchors get the patterns below instead of their own
    for k, s in enumerate(names.names):
        head, tail = s.quick_parts()
        if s.whole or head is None or tail is None:
            continue
        quick.append(k)
        (form,) = s.forms
        anchor = b"".join(_tokens(form))
        h, t = _tokens(head), _tokens(tail)
        if h:  # a byte that is not ASCII within the head, read from the anchor backwards
            suffixes = b"|".join(b"".join(h[len(h) - m :]) for m in range(len(h)))
            out.append(_Pattern(_NOT_ASCII + b"(?:" + suffixes + b")" + anchor, True, (k,), len(form), True))
        # the whole head, the anchor, then the whole tail or a byte that is not ASCII within it
        ends = [b"".join(t), *(b"".join(t[:m]) + _NOT_ASCII for m in range(len(t)))]
        body = b"".join(h) + anchor + b"(?:" + b"|".join(ends) + b")"
        out.append(_Pattern(body, True, (k,), len(form), True, span=form))
    out.extend(
        _Pattern(_expression(n), a, ks, len(n), a) for n, a, ks in _needles(names, without_anchors_of=quick)
    )
    return out


def _needles(
    names: spelled_bytes.Spellings, *, without_anchors_of: Sequence[int] = ()
) -> list[tuple[bytes, bool, tuple[int, ...]]]:
    """Every needle of the names — each anchor form and each look-alike — with whether it is an
    anchor and the names (their indexes) it belongs to; the anchors of ``without_anchors_of``
    left out."""
    found: dict[tuple[bytes, bool], list[int]] = {}
    for k, s in enumerate(names.names):
        if k not in without_anchors_of:
            for f in s.forms:
                found.setdefault((f, True), []).append(k)
        for n in s.exotic:
            found.setdefault((n, False), []).append(k)
    return [(needle, anchor, tuple(ks)) for (needle, anchor), ks in sorted(found.items())]


class SpelledScan:
    """The mentions of some names in raw bytes: hits found by Hyperscan (or the fallback), each
    confirmed around it. ``fast=False`` forces the fallback (the tests compare both)."""

    def __init__(self, names: spelled_bytes.Spellings, *, fast: bool | None = None) -> None:
        self.names = names
        #: the fallback's needles: the anchors (with their names), found one by one with memmem,
        #: and the look-alikes, found with one regular expression
        needles = _needles(names)
        self._anchors = [(n, ks) for n, a, ks in needles if a]
        self._exotic = {n: ks for n, a, ks in needles if not a}
        self.longest = max((len(n) for n, _a, _k in needles), default=0)
        self._db: Any = None
        self._patterns: list[_Pattern] = []
        self._local = threading.local()
        if fast is not False and _hs is not None and needles:
            try:
                patterns = _patterns(names)
                db = _hs.Database(mode=_hs.HS_MODE_BLOCK)
                db.compile(
                    expressions=[p.expression for p in patterns],
                    ids=list(range(len(patterns))),
                    elements=len(patterns),
                    flags=[
                        (_hs.HS_FLAG_CASELESS if p.caseless else 0)
                        | (_hs.HS_FLAG_SOM_LEFTMOST if p.span else 0)
                        for p in patterns
                    ],
                )
                self._db, self._patterns = db, patterns
            except Exception as exc:  # any failure of the library: the fallback gives the same mentions
                log.warning("the fast byte search is not available (%s); using the plain one", exc)
        elif fast:
            raise RuntimeError("Hyperscan is not available here")

    @property
    def fast(self) -> bool:
        return self._db is not None

    def hits(self, data: memoryview, lo: int, hi: int) -> list[Hit]:
        """The hits that start in ``[lo, hi)`` of ``data`` (raw bytes, read whole: a mention may begin
        before ``lo`` or end past ``hi``). Hyperscan leaves out the anchors that the bytes around
        them rule out; every mention holds a hit either way."""
        if lo >= min(len(data), hi):
            return []
        if self._db is not None:
            return self._fast_hits(data, lo, hi)
        return self._plain_hits(data, lo, hi, min(len(data), hi + self.longest - 1))

    def _fast_hits(self, data: memoryview, lo: int, hi: int) -> list[Hit]:
        scratch = getattr(self._local, "scratch", None)
        if scratch is None:
            scratch = self._local.scratch = _hs.Scratch(self._db)
        found: list[tuple[int, int, int]] = []

        def on_match(i: int, start: int, to: int, _flags: int, _context: object) -> None:
            found.append((i, start, to))

        self._db.scan(data, match_event_handler=on_match, scratch=scratch)
        out: set[Hit] = set()
        for i, start, to in found:
            p = self._patterns[i]
            if not p.span:
                at = to - p.width
                if lo <= at < hi:
                    out.add((p.names, at, p.width, p.anchor))
                continue
            # the anchor's place in the match (its separators may be runs): every place it is
            span = bytes(data[start:to]).translate(spelled_bytes.FOLD)
            k = span.find(p.span)
            while k >= 0:
                if lo <= start + k < hi:
                    out.add((p.names, start + k, p.width, True))
                k = span.find(p.span, k + 1)
        return sorted(out)

    def _plain_hits(self, data: memoryview, lo: int, hi: int, end: int) -> list[Hit]:
        fold, addr = folded(bytearray(data[:end]))
        out: list[Hit] = [
            (ks, at, len(needle), True)
            for needle, ks in self._anchors
            for at in hits(fold, addr, end, lo, hi, needle)
        ]
        if self._exotic and not fold.isascii():  # every look-alike is a character that is not ASCII
            rx = spelled_bytes.compiled_needles(tuple(self._exotic))  # compiled once (cached)
            for m in rx.finditer(fold, lo, end):
                if m.start() >= hi:
                    break
                out.append((self._exotic[m.group()], m.start(), m.end() - m.start(), False))
        return out

    def starts(self, data: memoryview, lo: int, hi: int) -> dict[int, set[int]]:
        """Per name (its index), where the mentions that hold a hit starting in ``[lo, hi)`` start."""
        anchored, other = self.starts_split(data, lo, hi)
        for k, found in other.items():
            anchored.setdefault(k, set()).update(found)
        return anchored

    def starts_split(
        self, data: memoryview, lo: int, hi: int
    ) -> tuple[dict[int, set[int]], dict[int, set[int]]]:
        """:meth:`starts`, in two parts: the mentions an anchor hit confirmed, and those that only
        a look-alike character's hit did (a mention written without the anchor's ASCII letters)."""
        anchored: dict[int, set[int]] = {}
        other: dict[int, set[int]] = {}
        spelled = self.names.names
        for ks, at, width, anchor in self.hits(data, lo, hi):
            for k in ks:
                s = spelled[k]
                found = s.anchor_starts(data, at, width) if anchor else s.starts(data, at, width)
                if found:
                    (anchored if anchor else other).setdefault(k, set()).update(found)
        for k, found in other.items():
            found -= anchored.get(k, set())
        return anchored, {k: v for k, v in other.items() if v}

    def count(self, data: bytes | bytearray) -> int:
        """Mentions in raw bytes (each once)."""
        return sum(len(s) for s in self.starts(memoryview(data), 0, len(data)).values())
