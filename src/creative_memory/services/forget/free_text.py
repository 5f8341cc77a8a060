"""Where a forget's name is mentioned in free text: an event's diff and the explanations the
extractor gave of the patterns a page showed (``because``). The scan of the user's events for
them (a prefilter in SQL, an exact check of each hit with :mod:`creative_memory.services.common.spellings`)
and the scrub of one payload's free text."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy.orm import Session

from creative_memory.model.tables import Event
from creative_memory.services.common import spelled_bytes, spellings
from creative_memory.services.common.like import any_of
from creative_memory.services.common.spellings import canonical_name
from creative_memory.services.derivation.derivation import dbapi_connection
from creative_memory.services.derivation.derivation_rows import rows_in
from creative_memory.services.forget.erasure import FORGOTTEN, Target
from creative_memory.services.ingest.redaction import MAX_STORED_DIFF_BYTES

_EVENTS = Event.__tablename__


@functools.lru_cache(maxsize=256)
def mentions_of(canonical: str) -> spellings.Mentions:
    return spellings.Mentions([canonical])


def scrubbed_free_text(payload: dict[str, Any], mentions: spellings.Mentions) -> dict[str, Any]:
    """``payload`` with every mention of the name (any case, separator, compatibility form:
    "Airy Spacing" or "ａｉｒｙ spacing" for airy_spacing) replaced in its free text: the diff, held
    to the size ingest stores (a one-letter name written thousands of times would otherwise grow
    past it, and the export would no longer import), and each explanation ("tight spacing → airy
    spacing")."""
    out = dict(payload)
    if isinstance(out.get("diff"), str):
        out["diff"] = mentions.scrub_within(out["diff"], FORGOTTEN, MAX_STORED_DIFF_BYTES, _utf8_size)
    out["patterns"] = _scrub_because(out.get("patterns") or [], mentions)
    for side in ("chose", "over"):
        if out.get(side):
            out[side] = {**out[side], "patterns": _scrub_because(out[side]["patterns"], mentions)}
    return out


def _utf8_size(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


def _scrub_because(patterns: list[Any], mentions: spellings.Mentions) -> list[Any]:
    return [
        {**p, "because": mentions.scrub(p["because"], FORGOTTEN)}
        if isinstance(p, dict) and isinstance(p.get("because"), str)
        else p
        for p in patterns
    ]


# A payload is canonical JSON (keys sorted, no spaces: services.derivation.event_content.canonical), so one that has
# a "diff" or the extractor's explanations of what a page showed (always beside "extractor") begins
# with a key that sorts no later than "extractor": its text sorts below '{"f'. The scan compares three
# bytes of the payloads without free text instead of searching them.
_DIFF_BOUND = '{"f'


def diff_mentions(
    session: Session, user_id: str, targets: Sequence[Target], *, after: int = 0
) -> dict[Target, set[int]]:
    """The events whose diff mentions a whole target (services.common.spellings; the prompt block's
    human form included), per target: one scan of the user's events for all of them, a prefilter in
    SQL (the names' ASCII anchors, or any character that is not ASCII) and an exact check of each hit.
    With ``after``, only the events with ``seq > after`` (an index range, not a scan)."""
    seqs = diff_candidates(session, user_id, targets, after=after)
    return mentions_in(payloads(session, seqs), targets)


def diff_candidates(
    session: Session, user_id: str, targets: Sequence[Target], *, after: int = 0
) -> list[int]:
    """The events :func:`diff_mentions` checks: those the SQL prefilter keeps, in seq order. SQLite
    gathers them in one value (``group_concat``), so the scan hands one row, not one per event, to
    the interpreter: run on a thread beside a write (``forget_phases.MentionScan``), it then almost
    never takes the interpreter's lock from the thread that holds the store's."""
    if not any(t.whole for t in targets):
        return []
    condition, likes = diff_prefilter(targets)
    # "+user_id": a scan in table order, not an index lookup per event of the user.
    where = "user_id = ? AND seq > ?" if after else "+user_id = ? AND seq > ?"
    sql = f"SELECT group_concat(seq) FROM {_EVENTS} WHERE {where} AND payload < ? AND ({condition})"
    found = session.connection().exec_driver_sql(sql, (user_id, after, _DIFF_BOUND, *likes)).scalar()
    return sorted(int(seq) for seq in str(found).split(",")) if found else []


def diff_prefilter(targets: Sequence[Target]) -> tuple[str, list[str]]:
    """The SQL condition on ``payload`` (and its parameters) that every stored payload whose diff
    mentions a whole target meets: a mention written in ASCII matches one of the ``LIKE`` patterns
    (the name's words in order, or its anchors: docs/decisions/0029), one written otherwise is in a
    payload with a character that is not ASCII."""
    likes = sorted(
        {
            like
            for t in targets
            if t.whole
            for c in mentions_of(canonical_name(t.pattern)).canonicals
            for like in spelled_bytes.Spelling(c).json_likes()
        }
    )
    terms = ["payload LIKE ? ESCAPE '\\'" for _like in likes] + [spelled_bytes.exotic_sql("payload")]
    return any_of(terms), likes


def payloads(session: Session, seqs: Sequence[int]) -> list[tuple[int, str]]:
    """(seq, payload) of these events (those that are still there)."""
    sql = f"SELECT seq, payload FROM {_EVENTS} WHERE seq IN"
    return [(int(seq), str(payload)) for seq, payload in rows_in(dbapi_connection(session), sql, seqs)]


def mentions_in(rows: Iterable[tuple[int, str]], targets: Sequence[Target]) -> dict[Target, set[int]]:
    """The exact check of :func:`diff_candidates`' events: those whose diff mentions each whole
    target."""
    forms = {t: mentions_of(canonical_name(t.pattern)) for t in targets if t.whole}
    out: dict[Target, set[int]] = {t: set() for t in targets}
    for seq, payload in rows:
        texts = free_texts(json.loads(payload))
        if not texts:
            continue
        for t, m in forms.items():
            if any(m.found(text) for text in texts):
                out[t].add(seq)
    return out


def free_texts(payload: dict[str, Any]) -> list[str]:
    """The free text of a stored payload: its diff and the explanation of each pattern a page
    showed (``because``, on the event and on each side of a comparison)."""
    out = [payload["diff"]] if isinstance(payload.get("diff"), str) else []
    patterns = list(payload.get("patterns") or [])
    for side in ("chose", "over"):
        data = payload.get(side)
        if isinstance(data, dict):
            patterns += data.get("patterns") or []
    out += [p["because"] for p in patterns if isinstance(p, dict) and isinstance(p.get("because"), str)]
    return out
