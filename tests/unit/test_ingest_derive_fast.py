"""The fast ingest and re-derivation paths give exactly what the straightforward ones gave.

* ``content_hash_canonical`` (spliced text) equals ``content_hash`` (parse + canonical dump);
* ``state_json`` (field tuple) equals the ``dataclasses.asdict`` form it replaced;
* ``Deriver.apply_flat`` + ``flat_items`` fold like ``Deriver.apply`` + ``payload_items``;
* the write-back (update changed columns in place, insert new rows, delete vanished ones) leaves
  the preference table as delete-all + insert-all would, apart from the surrogate ids;
* ingest derives in its own transaction, also when other events are waiting to be folded;
* sqlite3 errors of the direct DB-API calls reach ``Store`` as the SQLAlchemy errors it translates.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from dataclasses import asdict
from typing import Any

import pytest
from engine_helpers import DAY, T0, ev, item
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.exc import OperationalError

from creative_memory.model.constants import NEGATIVE_TAGS, POSITIVE_TAGS, WIRE_SIGNAL_TYPES, SignalType
from creative_memory.model.events import EventIn, FoldEvent, payload_items
from creative_memory.model.records import PrefState
from creative_memory.services.common.errors import StoreLocked
from creative_memory.services.derivation import derivation_rows, event_content, rebuild
from creative_memory.services.derivation.derivation import PREF_COLUMNS, flat_items, sa_errors, state_json
from creative_memory.services.derivation.event_content import content_hash, content_hash_canonical
from creative_memory.services.engine.bulk import fold_stored
from creative_memory.services.engine.derive import Deriver, derive
from creative_memory.services.ingest import ingest
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

USER = "local"
NOW = T0 + 400 * DAY
SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

ids = st.text(st.sampled_from("abcXYZ019_-é"), min_size=1, max_size=12)
opt_ids = st.none() | ids
texts = st.text(max_size=30)  # any unicode, including quotes, backslashes, controls, U+2028


# --------------------------------------------------------------------------- content hash
@SETTINGS
@given(
    user=ids,
    project=opt_ids,
    session=opt_ids,
    artifact=opt_ids,
    occurred=st.integers(-(2**53), 2**53),
    diff=st.none() | texts,
    tag=st.none() | st.sampled_from(POSITIVE_TAGS + NEGATIVE_TAGS),
    pattern=ids,
)
def test_spliced_content_hash_equals_the_parsed_one(
    user: str,
    project: str | None,
    session: str | None,
    artifact: str | None,
    occurred: int,
    diff: str | None,
    tag: str | None,
    pattern: str,
) -> None:
    payload: dict[str, Any] = {
        "scope": "global",
        "patterns": [{"preference_type": "layout", "pattern": pattern, "polarity": "positive"}],
    }
    if diff is not None:
        payload["diff"] = diff
    if tag is not None:
        payload["tag"] = tag
    row = {
        "user_id": user,
        "project_id": project,
        "signal_type": "thumbs_up",
        "occurred_at": occurred,
        "session_id": session,
        "artifact_id": artifact,
        "scope": "global" if project is None else f"project:{project}",
        "payload": event_content.canonical(payload),
    }
    assert content_hash_canonical(row) == content_hash(row)


# --------------------------------------------------------------------------- fold forms
@st.composite
def raw_event(draw: st.DrawFn) -> dict[str, Any]:
    signal = draw(st.sampled_from(WIRE_SIGNAL_TYPES))
    ptype = draw(st.sampled_from(("layout", "type")))
    pats = ("airy", "dense", "serif")
    tag = None
    if signal is SignalType.PAIRWISE_COMPARISON:
        a, b = draw(st.lists(st.sampled_from(pats), min_size=2, max_size=2, unique=True))
        items = [item(a, "positive", ptype, "chose"), item(b, "negative", ptype, "over")]
    else:
        polarity = draw(st.sampled_from(("positive", "negative")))
        chosen = draw(st.lists(st.sampled_from(pats), min_size=1, max_size=2, unique=True))
        items = [item(p, polarity, ptype) for p in chosen]
        if signal is SignalType.EXPLICIT_TAG:
            tag = draw(st.sampled_from(POSITIVE_TAGS if polarity == "positive" else NEGATIVE_TAGS))
    return {
        "t": T0 + draw(st.integers(0, 400 * DAY)),
        "signal": signal,
        "items": items,
        "session": draw(st.sampled_from(("s1", "s2", "s3", "s4", None))),
        "scope": draw(st.sampled_from(("global", "project:p1"))),
        "tag": tag,
    }


def _events(raws: list[dict[str, Any]]) -> list[FoldEvent]:
    """Fold events whose content hash is ``f"{seq:064x}"`` (what the stored rows below say)."""
    built = [
        dataclasses.replace(
            ev(i + 1, r["t"], r["signal"], r["items"], scope=r["scope"], session=r["session"], tag=r["tag"]),
            content_hash=f"{i + 1:064x}",
        )
        for i, r in enumerate(raws)
    ]
    return sorted(built, key=lambda e: e.order_key)


def _payload(e: FoldEvent) -> dict[str, Any]:
    """The stored payload of a fold event (the shape ``ingest.payload_of`` writes)."""
    out: dict[str, Any] = {"scope": e.scope, "patterns": []}
    for i in e.items:
        if i.role == "":
            out["patterns"].append(
                {"preference_type": i.preference_type, "pattern": i.pattern, "polarity": str(i.polarity)}
            )
        else:
            side = out.setdefault(i.role, {"artifact_id": None, "patterns": []})
            side["patterns"].append({"preference_type": i.preference_type, "pattern": i.pattern})
    return out


def _asdict_json(s: PrefState) -> str:
    d = asdict(s)
    # Derivation version 2: the creation position and the provisional mark lead the text, so a
    # retrieval reads them from its first bytes (services/retrieval/candidate_ties.py).
    head = ("created_at", "created_seq", "created_item", "provisional")
    d = {**{k: d[k] for k in head}, **{k: v for k, v in d.items() if k not in head}}
    d["polarity"] = str(s.polarity)
    d["confidence"] = str(s.confidence)
    d["status"] = str(s.status)
    return json.dumps(d, separators=(",", ":"), ensure_ascii=False)


@SETTINGS
@given(raws=st.lists(raw_event(), min_size=1, max_size=50))
def test_flat_fold_equals_the_event_fold_and_state_json_is_unchanged(raws: list[dict[str, Any]]) -> None:
    events = _events(raws)
    full = derive(events)
    flat = Deriver(track_touched=False)
    for e in events:
        payload = _payload(e)
        assert [(t, p, pol) for t, p, pol, _role in payload_items(payload)] == [
            (t, p, str(pol)) for t, p, pol in flat_items(payload)
        ]
        flat.apply_flat(e, flat_items(payload))
    assert flat.records == full
    assert list(flat.records) == list(full)  # same creation order
    assert flat.touched == set()
    for s in full.values():
        assert state_json(s) == _asdict_json(s)


@st.composite
def runs_of_one_polarity(draw: st.DrawFn) -> dict[str, Any]:
    """Mostly unary signals of one polarity on two patterns, days to months apart: the bulk fold's
    own path (the group holds only this polarity's record) meets the provisional cap, lifting
    signals, decay, archival and reactivation."""
    raw = draw(raw_event())
    if draw(st.integers(0, 9)) < 8:
        signal = draw(st.sampled_from((SignalType.THUMBS_UP, SignalType.REPEATED_ACCEPTANCE)))
        pats = draw(st.lists(st.sampled_from(("airy", "dense")), min_size=1, max_size=2, unique=True))
        raw.update(
            signal=signal, tag=None, scope="global", items=[item(p, "positive", "layout") for p in pats]
        )
    raw["t"] = T0 + draw(st.integers(0, 30)) * draw(st.sampled_from((DAY, DAY, DAY, 20 * DAY)))
    return raw


@SETTINGS
@given(
    raws=st.lists(raw_event(), min_size=1, max_size=60)
    | st.lists(runs_of_one_polarity(), min_size=1, max_size=120),
    split=st.integers(0, 120),
)
def test_bulk_fold_of_stored_rows_equals_the_event_fold(raws: list[dict[str, Any]], split: int) -> None:
    """``engine.bulk.fold_stored`` (the full derivation's loop over stored rows) gives the records
    ``Deriver.apply`` gives, in the same creation order, also continuing an incremental state."""
    events = _events(raws)
    full = derive(events)
    rows = [
        (
            e.seq,
            e.event_id,
            e.occurred_at,
            str(e.signal_type),
            e.scope,
            e.session_id,
            e.tag,
            event_content.canonical(_payload(e)),
            f"{e.seq:064x}",
        )
        for e in events
    ]
    bulk = Deriver(track_touched=False)
    ticks: list[int] = []
    digest, count, top = fold_stored(bulk, rows, 7, ticks.append)
    assert bulk.records == full
    assert list(bulk.records) == list(full)
    assert (digest, count, top) == (sum(e.seq for e in events), len(events), max(e.seq for e in events))
    assert ticks == list(range(7, len(events) + 1, 7))
    assert bulk.last_key == events[-1].order_key
    k = min(split, len(events))
    prefix = derive(events[:k])
    resumed = Deriver(prefix.values(), events[k - 1].order_key if k else None)
    fold_stored(resumed, rows[k:])
    assert resumed.records == full
    for key, rec in full.items():
        if prefix.get(key) != rec:
            assert key in resumed.touched
    with pytest.raises(ValueError, match="not after"):
        fold_stored(bulk, rows[:1])
    # only some groups (a forget's re-derivation): exactly their records, in the same order
    groups = sorted({key[:3] for key in full})
    only = set(groups[: max(1, split % (len(groups) + 1))])
    some = Deriver(track_touched=False)
    fold_stored(some, rows, only=only)
    assert list(some.records.items()) == [(k, v) for k, v in full.items() if k[:3] in only]
    assert some.last_key == events[-1].order_key


def test_a_fold_of_some_groups_passes_over_the_snapshots_of_others() -> None:
    """``fold_stored(..., only=...)``: a legacy snapshot of another group creates no record, yet
    keeps its place in the fold order (an event out of order is still refused)."""
    snap = {
        "strength": 0.42,
        "confidence": "low",
        "status": "stable",
        "last_seen": T0,
        "decay_at": T0 + 30 * DAY,
        "first_seen": T0 - 5 * DAY,
    }

    def row(seq: int, t: int, pattern: str, signal: SignalType) -> tuple[Any, ...]:
        item = {"preference_type": "layout", "pattern": pattern, "polarity": "positive"}
        payload: dict[str, Any] = {"scope": "global", "patterns": []}
        if signal is SignalType.LEGACY_SNAPSHOT:
            payload["snapshot"] = {**snap, **item}
        else:
            payload["patterns"].append(item)
        text = event_content.canonical(payload)
        return (seq, f"e{seq}", t, str(signal), "global", None, None, text, f"{seq:064x}")

    rows = [
        row(1, T0, "airy", SignalType.LEGACY_SNAPSHOT),
        row(2, T0 + 1, "dense", SignalType.LEGACY_SNAPSHOT),
        row(3, T0 + DAY, "airy", SignalType.THUMBS_UP),
        row(4, T0 + DAY, "dense", SignalType.THUMBS_UP),
    ]
    full = Deriver(track_touched=False)
    fold_stored(full, rows)
    airy = {("global", "layout", "airy")}
    some = Deriver(track_touched=False)
    fold_stored(some, rows, only=airy)
    assert list(some.records.items()) == [(k, v) for k, v in full.records.items() if k[:3] in airy]
    assert some.last_key == full.last_key
    with pytest.raises(ValueError, match="not after"):
        fold_stored(Deriver(track_touched=False), [rows[2], rows[1]], only=airy)


def test_apply_flat_refuses_snapshots_and_out_of_order_events() -> None:
    d = Deriver()
    d.apply_flat(ev(2, T0, SignalType.THUMBS_UP, [item("airy")]), [])
    with pytest.raises(ValueError, match="not after"):
        d.apply_flat(ev(1, T0, SignalType.THUMBS_UP, [item("airy")]), [])
    with pytest.raises(ValueError, match="snapshot"):
        d.apply_flat(ev(3, T0, SignalType.LEGACY_SNAPSHOT, [item("airy")]), [])


# --------------------------------------------------------------------------- store paths
def _wire(n: int, start: int = 0, *, t0: int = T0) -> list[EventIn]:
    kinds = [("layout", f"grid_{i}") for i in range(7)] + [("color", f"hue_{i}") for i in range(5)]
    out = []
    for i in range(start, start + n):
        t, p = kinds[(i * 5) % len(kinds)]
        pol = "negative" if i % 4 == 0 else "positive"
        signal = "thumbs_down" if pol == "negative" else ("thumbs_up" if i % 3 else "manual_refinement")
        obj: dict[str, Any] = {
            "event_id": f"e{i}",
            "user_id": USER,
            "project_id": f"p_{i % 3}" if i % 5 == 0 else None,
            "signal_type": signal,
            "occurred_at": f"2026-01-{1 + (i // 24) % 28:02d}T{i % 24:02d}:00:00Z",
            "session_id": f"s{i % 4}",
            "patterns": [{"preference_type": t, "pattern": p, "polarity": pol}],
            "diff": "more air" if signal == "manual_refinement" else None,
        }
        if i % 7 == 3:  # a comparison (version 2: weighs more than any unary signal, lifts provisional)
            t2, p2 = kinds[(i * 5 + 3) % len(kinds)]
            del obj["patterns"], obj["diff"]
            obj["signal_type"] = "pairwise_comparison"
            obj["chose"] = {"patterns": [{"preference_type": t, "pattern": p}]}
            obj["over"] = {"patterns": [{"preference_type": t2, "pattern": p2}]}
        out.append(EventIn.model_validate(obj))
    return out


def _prefs(store: Store) -> list[tuple[Any, ...]]:
    con = sqlite3.connect(f"file:{store.path}?mode=ro", uri=True)
    try:
        return con.execute(
            f"SELECT {', '.join(PREF_COLUMNS)} FROM creative_memory_preferences "
            "ORDER BY user_id, scope, preference_type, pattern, polarity"
        ).fetchall()
    finally:
        con.close()


def _open(path: Any) -> Store:
    return Store.open(DataDir(path, "flag"))


def test_rebuild_write_back_equals_delete_all_insert_all(store: Store, tmp_path: Any) -> None:
    events = _wire(300)
    ingest.ingest_events(store, events, default_user=USER, now=NOW, derive=False)
    rebuild.rebuild(store, USER, NOW)
    reference = _prefs(store)
    assert reference
    # Tamper with the cache: a vanished row, a changed one, a stranger, an injection time.
    con = sqlite3.connect(store.path)
    con.execute(
        "DELETE FROM creative_memory_preferences WHERE id = (SELECT min(id) FROM creative_memory_preferences)"
    )
    con.execute("UPDATE creative_memory_preferences SET strength = 0.01, state = '{}' WHERE id % 3 = 1")
    copied = ", ".join("'ghost'" if c == "pattern" else c for c in PREF_COLUMNS)
    con.execute(
        f"INSERT INTO creative_memory_preferences ({', '.join(PREF_COLUMNS)}) "
        f"SELECT {copied} FROM creative_memory_preferences LIMIT 1"
    )
    con.execute("UPDATE creative_memory_preferences SET last_injected_at = 42 WHERE id % 5 = 2")
    injected = set(
        con.execute(
            "SELECT scope, preference_type, pattern, polarity FROM creative_memory_preferences "
            "WHERE last_injected_at = 42"
        )
    )
    con.commit()
    con.close()
    rebuild.rebuild(store, USER, NOW)
    after = _prefs(store)
    inj = PREF_COLUMNS.index("last_injected_at")
    # Every row as before; the injection times the rows had survive the rebuild.
    expected = [
        (*r[:inj], 42 if (r[1], r[3], r[4], r[5]) in injected else r[inj], *r[inj + 1 :]) for r in reference
    ]
    assert after == expected
    # … and a store that never had a cache gets the very same rows.
    other = _open(tmp_path / "other")
    try:
        ingest.ingest_events(other, events, default_user=USER, now=NOW, derive=False)
        rebuild.rebuild(other, USER, NOW)
        assert _prefs(other) == reference
    finally:
        other.close()


def _views(store: Store, now: int) -> list[dict[str, Any]]:
    """Every stored record as the read commands show it at ``now`` (``services.derivation.pref_view``)."""
    from sqlalchemy import select

    from creative_memory.model.tables import Preference
    from creative_memory.services.derivation.pref_view import preference_view

    with store.read() as s:
        rows = [
            preference_view(p, now).as_json()
            for p in s.scalars(select(Preference).where(Preference.user_id == USER))
        ]
    return sorted(({k: v for k, v in r.items() if k != "id"} for r in rows), key=str)


def test_a_later_rebuild_rewrites_only_the_rows_whose_values_changed(store: Store, tmp_path: Any) -> None:
    """A row whose values at the new moment equal the stored ones keeps its bookkeeping (the key it
    was written under, the moment it was evaluated at), as after an incremental derivation, and
    reads exactly as the rows of a store derived from scratch at that moment."""
    events = _wire(300)
    ingest.ingest_events(store, events, default_user=USER, now=NOW, derive=False)
    first = T0 + 40 * DAY  # after the January events: nothing decayed yet
    rebuild.rebuild(store, USER, first)
    before = _prefs(store)
    evaluated = PREF_COLUMNS.index("evaluated_at")
    soon, later = first + DAY, first + 70 * DAY  # nothing due / records decayed since
    rebuild.rebuild(store, USER, soon)
    assert _prefs(store) == before  # not a row written
    for now in (soon, later):
        rebuild.rebuild(store, USER, now)
        fresh = _open(tmp_path / f"fresh-{now}")
        try:
            ingest.ingest_events(fresh, events, default_user=USER, now=NOW, derive=False)
            rebuild.rebuild(fresh, USER, now)
            assert _views(store, now) == _views(fresh, now)
        finally:
            fresh.close()
    after = _prefs(store)
    rewritten = [a for a, b in zip(after, before, strict=True) if a != b]
    assert rewritten  # the records that decayed by then
    assert all(r[evaluated] == later for r in rewritten)


def test_ingest_keeps_the_cache_equal_to_a_full_derivation(store: Store, tmp_path: Any) -> None:
    batches = [_wire(150, start) for start in range(0, 600, 150)]
    ingest.ingest_events(store, batches[0], default_user=USER, now=NOW)  # first: a full derivation
    ingest.ingest_events(store, batches[1], default_user=USER, now=NOW)  # folded in its transaction
    # Events stored without derivation (another writer) are waiting when the next batch arrives:
    # they are read back and folded with it.
    ingest.ingest_events(store, batches[2][:70], default_user=USER, now=NOW, derive=False)
    ingest.ingest_events(store, batches[2][70:], default_user=USER, now=NOW)
    ingest.ingest_events(store, batches[3], default_user=USER, now=NOW + DAY)
    con = sqlite3.connect(f"file:{store.path}?mode=ro", uri=True)
    (max_seq,) = con.execute("SELECT max(seq) FROM creative_memory_events").fetchone()
    (folded,) = con.execute("SELECT max_seq FROM creative_memory_derivations").fetchone()
    con.close()
    assert folded == max_seq == 600
    incremental = {r[:6]: r for r in _prefs(store)}
    other = _open(tmp_path / "other")
    try:
        for b in batches:
            ingest.ingest_events(other, b, default_user=USER, now=NOW, derive=False)
        rebuild.rebuild(other, USER, NOW + DAY)
        full = {r[:6]: r for r in _prefs(other)}
    finally:
        other.close()
    assert incremental.keys() == full.keys()
    state = PREF_COLUMNS.index("state")
    for k, row in full.items():
        assert incremental[k][state] == row[state], k  # the fold states are identical


def test_event_seqs_follow_autoincrement_and_are_never_reused(store: Store) -> None:
    ingest.ingest_events(store, _wire(5), default_user=USER, now=NOW, derive=False)
    con = sqlite3.connect(store.path)
    con.execute("DELETE FROM creative_memory_events WHERE seq >= 4")
    con.commit()
    con.close()
    with store.write() as s:
        rows = [
            {
                "event_id": f"x{i}",
                "user_id": USER,
                "project_id": None,
                "scope": "global",
                "signal_type": "thumbs_up",
                "occurred_at": T0,
                "tag": None,
                "session_id": None,
                "artifact_id": None,
                "payload": event_content.canonical(
                    {
                        "scope": "global",
                        "patterns": [{"preference_type": "a", "pattern": "b", "polarity": "positive"}],
                    }
                ),
                "source": "cli",
                "ingested_at": NOW,
            }
            for i in range(2)
        ]
        assert ingest.insert_event_rows(s, rows) == [6, 7]
    con = sqlite3.connect(f"file:{store.path}?mode=ro", uri=True)
    got = con.execute(
        "SELECT seq, content_hash FROM creative_memory_events WHERE event_id LIKE 'x%' ORDER BY seq"
    ).fetchall()
    pats = con.execute(
        "SELECT seq, pattern, role FROM creative_memory_event_patterns WHERE seq >= 6 ORDER BY id"
    ).fetchall()
    con.close()
    assert [g[0] for g in got] == [6, 7]
    assert all(h == content_hash({**rows[0], "payload": rows[0]["payload"]}) for _s, h in got)
    assert pats == [(6, "b", ""), (7, "b", "")]


def test_sqlite_errors_of_direct_calls_are_translated(store: Store) -> None:
    with pytest.raises(OperationalError), sa_errors():
        raise sqlite3.OperationalError("database is locked")
    # A real SQLITE_BUSY (the code, not the message, says "locked"): our own write transaction
    # holds the lock that a direct connection asks for.
    direct = sqlite3.connect(store.path, timeout=0, isolation_level=None)
    try:
        with pytest.raises(StoreLocked), store.write(), sa_errors():
            direct.execute("BEGIN IMMEDIATE")
    finally:
        direct.close()


def test_iter_events_pages_in_fold_order_across_ties(store: Store) -> None:
    """The keyset read (a row value over the fold order) visits each event once, in order, also
    when a page boundary falls inside a run of equal times (decision 0089)."""
    evs = _wire(40)
    # many events at the same instant: ties broken by content
    same = [e.model_copy(update={"occurred_at": evs[0].occurred_at}) for e in evs[:25]]
    ingest.ingest_events(store, same + evs[25:], default_user=USER, now=NOW, derive=False)
    con = sqlite3.connect(f"file:{store.path}?mode=ro", uri=True)
    expected = con.execute(
        "SELECT seq FROM creative_memory_events ORDER BY occurred_at, content_hash, seq"
    ).fetchall()
    con.close()
    with store.read() as s:
        for batch in (1, 3, 7, 1000):
            got = [r[0] for r in derivation_rows.iter_events(s, USER, batch=batch)]
            assert got == [e[0] for e in expected]


def test_a_long_writes_kept_connection_waits_for_a_busy_store_then_says_so(tmp_path: Any) -> None:
    """The rebuild's write-back runs on the kept connection (writes.WalKeeper.transaction): it
    waits out another program's write lock within the store's budget, then refuses in the store's
    own sentence and changes nothing; once the lock is gone it commits."""
    from creative_memory.services.store.writes import lease_holder, take_lease, wal_kept

    store = Store.open(DataDir(tmp_path / "od", "flag"), busy_timeout_s=0.05, lock_budget_s=0.3)
    other = sqlite3.connect(store.path, timeout=0, isolation_level=None)
    try:
        with wal_kept(store) as keeper:
            other.execute("BEGIN IMMEDIATE")
            with pytest.raises(StoreLocked, match="busy"), keeper.transaction(store) as con:
                take_lease(con, USER, "rebuild")
            other.execute("ROLLBACK")
            assert lease_holder(other, USER) is None  # nothing was written
            with keeper.transaction(store) as con:
                take_lease(con, USER, "rebuild")
            assert lease_holder(other, USER) == "rebuild"  # committed, seen by another connection
    finally:
        other.close()
        store.close()
