"""The checks every bundle event passes before anything is written: the stored payload's shape
(``bundle.check_payloads``) and the rules ingest applies to the wire form (the wire schema, the
tag, the diff's size)."""

from __future__ import annotations

from typing import Any

from creative_memory.model.constants import SignalType
from creative_memory.model.events import iso, to_ms
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.ingest.ingest import MAX_STORED_DIFF_BYTES, validate_event
from creative_memory.services.transfer.bundle import BundleEvent, check_payloads


def wire_form(e: BundleEvent) -> dict[str, Any] | None:
    """The event as a host would have sent it (None for a legacy snapshot, which is not a wire event)."""
    if e.signal_type is SignalType.LEGACY_SNAPSHOT:
        return None
    p = e.payload
    if e.scope != "global" and e.scope != f"project:{e.project_id}":
        raise InvalidInput(
            f"events[{e.event_id}].scope: '{e.scope}' does not match project_id {e.project_id!r}. Nothing was imported."
        )
    out: dict[str, Any] = {
        "event_id": e.event_id,
        "project_id": e.project_id,
        "signal_type": str(e.signal_type),
        "occurred_at": iso(to_ms(e.occurred_at)),
        "session_id": e.session_id,
        "artifact_id": e.artifact_id,
        "scope": "global" if e.scope == "global" else "project",
        "patterns": _hosts(p.get("patterns", []), paged=bool(p.get("pages"))),
        "tag": e.tag,
    }
    # What the extractor found is the stored payload's (checked by check_payloads); the wire form
    # holds the host's patterns and says which pages the event carried (decision 0065).
    for place, digest_id in (p.get("pages") or {}).items():
        out[place] = digest_id
    for side in ("chose", "over"):
        data = p.get(side)
        if data is not None:
            out[side] = {**data, "patterns": _hosts(data.get("patterns", []), paged=bool(data.get("page")))}
    if p.get("dimensions"):
        out["dimensions"] = p["dimensions"]
    if p.get("recall") is not None:  # a recall rating's retrieval and outcome (decision 0088)
        out["recall"] = p["recall"]
    return out


def _hosts(patterns: list[Any], *, paged: bool) -> list[Any]:
    """The patterns a host named, as the wire has them: with its page (``paged``), not those the
    extractor found there (the page stands for them). Without it — a forget took the page and kept
    the others it showed, or a bundle says "from the page" of an event that has none — each is held
    to the rules of a pattern the host named, its explanation left out."""
    if paged:
        return [p for p in patterns if not (isinstance(p, dict) and p.get("from") == "page")]
    return [
        {k: v for k, v in p.items() if k not in ("from", "because")} if isinstance(p, dict) else p
        for p in patterns
    ]


def check_events(events: list[BundleEvent]) -> None:
    """Refuse the bundle (nothing written) if an event breaks a rule ingest applies."""
    check_payloads(events)
    for e in events:
        if "scope" in e.payload and e.payload["scope"] != e.scope:
            raise InvalidInput(
                f"events[{e.event_id}]: the payload's scope differs from the event's. Nothing was imported."
            )
        if e.payload.get("tag") != e.tag:
            raise InvalidInput(
                f"events[{e.event_id}]: the payload's tag differs from the event's. Nothing was imported."
            )
        diff = e.payload.get("diff")
        if diff is not None and len(str(diff).encode("utf-8", "surrogatepass")) > MAX_STORED_DIFF_BYTES:
            raise InvalidInput(
                f"events[{e.event_id}].diff: larger than ingest ever stores ({MAX_STORED_DIFF_BYTES // 1024} KiB). "
                "Nothing was imported."
            )
        wire = wire_form(e)
        if wire is None:
            continue
        try:
            validate_event(wire, stored=True)
        except InvalidInput as exc:
            raise InvalidInput(f"events[{e.event_id}]: {exc}. Nothing was imported.") from None
