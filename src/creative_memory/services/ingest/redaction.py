"""Free text as it may be stored (an event's diff, at ingest and import): obvious secrets redacted,
the words that spell a blocked pattern replaced, and a bound on its size."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection

from creative_memory.services.common import spellings
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.ingest.blocklist import BlockChecker, Blocked

_REDACTIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/=\-]{8,}"), "[redacted:token]"),
    (re.compile(r"\beyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"), "[redacted:token]"),
    (re.compile(r"\b(?:sk|pk|rk)-(?:[A-Za-z0-9]+-)?[A-Za-z0-9_\-]{16,}"), "[redacted:key]"),
    (re.compile(r"\bAKIA[0-9A-Z]{16}\b"), "[redacted:key]"),
    (re.compile(r"\bAIza[0-9A-Za-z_\-]{35}\b"), "[redacted:key]"),
    (re.compile(r"\bgh[pousr]_[A-Za-z0-9]{30,}\b"), "[redacted:key]"),
    (re.compile(r"\bxox[abprs]-[A-Za-z0-9\-]{10,}"), "[redacted:key]"),
    (
        re.compile(
            r"(?i)\b(api[_\-]?key|secret|password|passwd|token)\b(\s*[:=]\s*)(\"[^\"]*\"|'[^']*'|\S+)"
        ),
        r"\1\2[redacted:secret]",
    ),
    (re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}"), "[redacted:email]"),
)


def redact(text: str) -> str:
    """Remove obvious secrets (API keys, bearer tokens, e-mail addresses) from free text."""
    for rx, repl in _REDACTIONS:
        text = rx.sub(repl, text)
    return text


BLOCKED_TEXT = "[blocked]"
# The largest diff a stored event holds. The wire allows 60,000 characters; NFC and redaction
# markers can lengthen them, never this far for real text. Import holds bundles to the same bound.
MAX_STORED_DIFF_BYTES = 256 * 1024


def scrub_blocked(text: str, blocks: BlockChecker, fps: Collection[str]) -> str:
    """``text`` with every mention of a blocked name (known by fingerprint and length only)
    replaced by ``[blocked]``: a diff, or what the extractor wrote of a page (a font's name)."""
    if not fps:
        return text
    lengths, legacy = (fps.lengths, fps.legacy) if isinstance(fps, Blocked) else (frozenset(), True)
    spans = spellings.blocked_spans(
        text, lengths, lambda canon: blocks.text_blocked(fps, canon), legacy=legacy
    )
    return spellings.scrub_spans(text, spans, BLOCKED_TEXT) if spans else text


def clean_diff(diff: str | None, blocks: BlockChecker | None, fps: Collection[str] | None) -> str | None:
    """A diff as it may be stored: NFC, secrets redacted, every mention of a blocked pattern (as
    ``services.common.spellings`` defines one: any case, separator, compatibility form, wherever it
    stands) replaced by ``[blocked]``."""
    if diff is None:
        return None
    text = redact(unicodedata.normalize("NFC", diff))
    if blocks is not None and fps:
        text = scrub_blocked(text, blocks, fps)
    if len(text.encode("utf-8", "surrogatepass")) > MAX_STORED_DIFF_BYTES:
        raise InvalidInput(
            f"diff: longer than {MAX_STORED_DIFF_BYTES // 1024} KiB once normalised and redacted; shorten it. "
            "Nothing was stored."
        )
    return text
