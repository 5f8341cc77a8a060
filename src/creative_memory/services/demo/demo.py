"""Realistic, deterministic demo data: the standard S / M / L data sets (``od-memory demo``, ``bench/``).

``generate(store, user, size=..., seed=..., now=...)`` writes synthetic raw events (the rows
:func:`services.ingest.ingest.insert_event_rows` would write, through a faster equivalent, see
:func:`services.demo.demo_rows.insert_rows`) and then re-derives the user's preferences with :func:`services.derivation.rebuild.rebuild`.
Everything follows from ``random.Random(seed)`` and ``now``: two stores generated with the same
arguments hold identical event rows and identical preference rows; nothing reads the wall clock.

Shape of the data (sizes in ``quality.md``: S ≈ 1 k preferences / 10 k events, M ≈ 10 k / 100 k,
L ≈ 100 k / 1 M):

- a design vocabulary per preference type (typography, color, layout, spacing, imagery, tone,
  motion, iconography): a curated head of signature patterns (``serif_headlines``,
  ``drop_shadows``, …), then ``<adjective>_<noun>`` combinations, then a long tail of the same in
  a context (``muted_palette_on_mobile``); popularity falls off along that order (Zipf);
- projects (``p_brand_refresh``, ``p_investor_deck``, ``p_cafe_menu``, … then ``p_<word>_<n>``) that
  start and end over the ~400 days before ``now``, some still running, some long finished;
- preference groups (scope, type, pattern) with a heavy-tailed number of signals, a base polarity
  and an active window: tastes that stopped > 90 days ago decay, > 180 days ago are archived;
  a share of groups flips polarity part-way (reversal → ``under_review``, shadows, promotions)
  and many get an odd contradicting signal (the noise guard);
- sessions ``s_<n>`` of 3–30 events inside a project or outside any; about 10 % of the events of
  a project session are sent with scope ``global`` (``EventIn.effective_scope``'s rule);
- a signal mix of mostly thumbs and acceptances, some refinements (with a short diff), explicit
  tags whose polarity matches the tag, a few abandons and reverts, and pairwise comparisons.

Event ids are ``demo-<seed>-<n>`` (chronological), source ``demo``. Rows are inserted in batches of
:data:`services.demo.demo_rows.BATCH_ROWS` per write transaction; a second run with the same seed is
refused. Measured times and figures: ``bench/README.md``.

The parts: :mod:`services.demo.demo_words` (the vocabulary), :mod:`services.demo.demo_plan` (groups, events
and their times), :mod:`services.demo.demo_rows` (rows and the batched writer); this module runs them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from contextlib import suppress
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import delete, func, select

from creative_memory.model.events import iso
from creative_memory.model.tables import Event
from creative_memory.services.common.errors import Cancelled, InvalidInput, ReadOnly
from creative_memory.services.common.naming import valid_name
from creative_memory.services.demo.demo_plan import SIZES, Plan, make_plan, timeline
from creative_memory.services.demo.demo_rows import Row, RowSink, RowWriter
from creative_memory.services.derivation import derivation, rebuild
from creative_memory.services.forget.forgetting import finish_interrupted
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.store.store import Store

Progress = Callable[[int, int], None]
CancelCheck = Callable[[], bool]


def _id_range(seed: int) -> tuple[str, str]:
    """All ``demo-<seed>-…`` ids sort inside [lo, hi) ('.' follows '-' in ASCII)."""
    return f"demo-{seed}-", f"demo-{seed}."


def demo_owner(store: Store, seed: int) -> str | None:
    """The user whose events carry the demo ids of ``seed`` (None if there are none)."""
    lo, hi = _id_range(seed)
    with store.read() as session:
        # Event ids are unique per user (index (user_id, event_id)): probe each user's range.
        user = session.scalar(select(func.min(Event.user_id)))
        while user is not None:
            if session.scalar(
                select(Event.seq)
                .where(Event.user_id == user, Event.event_id >= lo, Event.event_id < hi)
                .limit(1)
            ):
                return str(user)
            user = session.scalar(select(func.min(Event.user_id)).where(Event.user_id > user))
        return None


def _remove(store: Store, user_id: str, seed: int, now: int) -> None:
    """Delete the demo events of ``seed`` (their pattern rows cascade) and re-derive what is left."""
    lo, hi = _id_range(seed)
    with store.write() as session:
        session.execute(
            delete(Event).where(Event.user_id == user_id, Event.event_id >= lo, Event.event_id < hi)
        )
    derivation.ensure_current(store, user_id, now)


_CANCELLED: Final = "The demo data generation was cancelled; the demo events written so far were removed."


def _checked(store: Store, user_id: str, size: str, seed: int) -> tuple[str, str]:
    """The size key and the user id, after every refusal :func:`generate` makes before writing."""
    key = size.strip().upper() if isinstance(size, str) else ""
    if key not in SIZES:
        raise InvalidInput(f"'{size}' is not a demo size; use S, M or L.")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InvalidInput(f"'{seed}' is not a seed; use a whole number of 0 or more.")
    user_id = valid_name(user_id, "user id")
    if store.read_only:
        raise ReadOnly(store.read_only_reason or "This store is read-only.")
    owner = demo_owner(store, seed)
    if owner == user_id:
        raise InvalidInput(
            f"The store already holds demo data for seed {seed}; reset first or pick another seed."
        )
    if owner is not None:
        raise InvalidInput(
            f"Another user of this store already holds demo data for seed {seed} (event ids are unique per "
            "store); pick another seed."
        )
    return key, user_id


def _blocked_patterns(
    store: Store, user_id: str, blocks: BlockChecker | None
) -> Callable[[str, str], bool] | None:
    """Whether a (type, pattern) is one the user forgot and blocked (None: nothing is blocked)."""
    if blocks is None:
        return None
    with store.read() as session:
        fps = blocks.fingerprints(session, user_id)
    if not fps:
        return None
    checker = blocks

    def skip(t: str, p: str) -> bool:
        return checker.blocked(fps, t, p)

    return skip


@dataclass(frozen=True)
class DemoCounts:
    """What a generated data set holds: events written, the user's preference records after the
    re-derivation, projects that received events."""

    events: int
    preferences: int
    projects: int

    def as_json(self) -> dict[str, int]:
        """The wire form (``demo --json``)."""
        return {"events": self.events, "preferences": self.preferences, "projects": self.projects}


def generate(
    store: Store,
    user_id: str,
    *,
    size: str = "S",
    seed: int = 1,
    now: int,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
    blocks: BlockChecker | None = None,
) -> DemoCounts:
    """Fill the store with the standard data set ``size`` for ``user_id``, re-derive, return counts:
    events written, preference records of the user after the re-derivation, projects that received
    events. ``progress(done, total)`` is called
    after every batch and during the re-derivation (abstract work units, ending at
    ``done == total``); ``cancelled()`` is polled at the same points — on cancellation the demo
    events written so far are removed and :class:`Cancelled` is raised. With ``blocks``, patterns
    the user forgot and blocked are never generated. Refuses (``InvalidInput``, nothing changed) a
    seed whose demo data the store already holds.
    """
    key, user_id = _checked(store, user_id, size, seed)
    finish_interrupted(store, user_id)  # a forget that died half-way: the rebuild below refuses its leftovers
    rng = random.Random(seed)
    plan = make_plan(rng, key, _blocked_patterns(store, user_id, blocks))
    derive_units = max(1, plan.items // 2)
    total = plan.items + derive_units
    sink = RowSink(store)

    def emit(w: RowWriter) -> None:
        sink.put(*w.take())
        if progress is not None:
            progress(min(sink.written_items, plan.items), total)
        if cancelled is not None and cancelled():
            raise Cancelled(_CANCELLED)

    writer = RowWriter(user_id, seed, now, plan, emit)
    try:
        _write_events(rng, plan, now, sink, writer, emit)
        if progress is not None:
            progress(plan.items, total)

        def derive_progress(done: int, of: int) -> None:
            if progress is not None:
                progress(plan.items + (derive_units * done) // max(1, of), total)

        info = rebuild.rebuild(store, user_id, now, progress=derive_progress, cancelled=cancelled)
    except Cancelled:
        _remove(store, user_id, seed, now)
        raise Cancelled(_CANCELLED) from None
    except InvalidInput:
        raise  # another run wrote these ids meanwhile: they are not ours to remove
    except BaseException:
        with suppress(Exception):  # best effort: leave no half data set behind
            _remove(store, user_id, seed, now)
        raise
    if progress is not None:
        progress(total, total)
    return DemoCounts(events=writer.n, preferences=info.preferences, projects=len(writer.projects_used))


def _write_events(
    rng: random.Random,
    plan: Plan,
    now: int,
    sink: RowSink,
    writer: RowWriter,
    emit: Callable[[RowWriter], None],
) -> None:
    """Draw the plan's events in time order and write them in batches through ``sink``; raises the
    writer thread's error, if any, once it is closed."""
    try:
        for at, ev, project, session_id, artifact in timeline(rng, plan, now):
            writer.add(rng, ev, at, project, session_id, artifact)
        if writer.rows:
            emit(writer)
    finally:
        sink.close()
    sink.raise_error()


def wire_events(
    user_id: str, *, size: str = "S", seed: int = 1, now: int, limit: int | None = None
) -> Iterator[dict[str, Any]]:
    """The data set as a host would send it: wire-shaped event dicts (``store.md``), chronological.

    Nothing is stored. For ingest benchmarks and tests that need a realistic stream (``occurred_at``
    is ISO 8601 UTC; ``scope`` is given only where a signal inside a project is sent as global).
    """
    key = size.strip().upper()
    if key not in SIZES:
        raise InvalidInput(f"'{size}' is not a demo size; use S, M or L.")
    rng = random.Random(seed)
    plan = make_plan(rng, key, None)
    writer = RowWriter(user_id, seed, now, plan, lambda w: None)
    for n, (at, ev, project, session_id, artifact) in enumerate(timeline(rng, plan, now)):
        if limit is not None and n >= limit:
            return
        writer.add(rng, ev, at, project, session_id, artifact)
        yield _wire(writer.take()[0][0])


def _wire(row: Row) -> dict[str, Any]:
    event_id, user_id, project_id, scope, signal, at, _tag, session_id, artifact_id, payload_text = row[:10]
    payload = json.loads(payload_text)
    out: dict[str, Any] = {
        "event_id": event_id,
        "user_id": user_id,
        "project_id": project_id,
        "signal_type": signal,
        "occurred_at": iso(at),
        "session_id": session_id,
        "artifact_id": artifact_id,
        "patterns": payload["patterns"],
    }
    if project_id is not None and scope == "global":
        out["scope"] = "global"
    for k in ("tag", "diff", "chose", "over"):
        if k in payload:
            out[k] = payload[k]
    return out


def expected(size: str) -> tuple[int, int]:
    """The target (preferences, events) of a standard size."""
    p, e, _ = SIZES[size.upper()]
    return p, e


__all__ = ["SIZES", "demo_owner", "expected", "generate", "wire_events"]
