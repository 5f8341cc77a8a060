"""Every export imports: random stores (names in any script and in decomposed form, times, diffs
with secrets and any text, tags, comparisons, settings and project switches) are exported — plain,
encrypted, or as ``reset --backup`` writes it — and imported into an empty store (or the reset
one), and both stores' rows are compared, every column that the bundle carries.

The number of generated stores is ``EXAMPLES`` (hypothesis may shrink a failure further).
"""

from __future__ import annotations

import json
import tempfile
import unicodedata
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from creative_memory.model.constants import NEGATIVE_TAGS, POSITIVE_TAGS, Actor
from creative_memory.model.names import is_name
from creative_memory.services.controls import controls
from creative_memory.services.forget import reset
from creative_memory.services.ingest.ingest import ingest_events, validate_event
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store
from creative_memory.services.transfer import exporting, import_plan, importing

EXAMPLES = 40
NOW = int(datetime(2026, 11, 10, 12, tzinfo=UTC).timestamp() * 1000)
PASSPHRASE = "a long enough test passphrase"
SCRIPT_NAMES = [
    "गहरा_नीला",
    "余白_広め",
    "خَط_عريض",
    "café_crème",
    "Überschrift",
    "p_café",
    "ミニマル",
    "می\u200cخواهم",
]

_letters = st.characters(categories=["Lu", "Ll", "Lo", "Mn", "Mc", "Nd"], include_characters="_-")
names = st.one_of(
    st.sampled_from(SCRIPT_NAMES),
    st.sampled_from(SCRIPT_NAMES).map(lambda s: unicodedata.normalize("NFD", s)),
    st.text(_letters, min_size=1, max_size=10).filter(is_name),
)
small_names = st.sampled_from(["airy_spacing", "serif_headings", "drop_shadows", "गहरा_नीला", "café_crème"])
diffs = st.one_of(
    st.none(),
    st.text(max_size=60),
    st.sampled_from(
        ["mail ana@example.com", "token=s3cr3t-value", "Bearer abcdefghijklmnopqrstu", "Airy Spacing"]
    ),
)
times = st.datetimes(
    min_value=datetime(1990, 1, 1), max_value=datetime(2090, 1, 1), timezones=st.sampled_from([UTC])
).map(lambda d: d.replace(microsecond=d.microsecond // 1000 * 1000))


@st.composite
def wire_events(draw: Any) -> list[dict[str, Any]]:
    projects = draw(st.lists(names, min_size=0, max_size=2, unique=True))
    out = []
    for i in range(draw(st.integers(1, 12))):
        kind = draw(st.sampled_from(["plain", "tag", "pair"]))
        ptype = draw(st.sampled_from(["layout", "color", draw(names)]))
        ev: dict[str, Any] = {
            "event_id": draw(st.sampled_from([f"e{i}", draw(names)])),
            "occurred_at": draw(times).isoformat(),
            "session_id": draw(st.one_of(st.none(), names)),
            "artifact_id": draw(st.one_of(st.none(), names)),
            "diff": draw(diffs),
        }
        if projects and draw(st.booleans()):
            ev["project_id"] = draw(st.sampled_from(projects))
            if draw(st.booleans()):
                ev["scope"] = "global"
        pattern = draw(st.one_of(small_names, names))
        if kind == "plain":
            pol = draw(st.sampled_from(["positive", "negative"]))
            ev["signal_type"] = "manual_refinement" if pol == "positive" else "single_rejection"
            ev["patterns"] = [{"preference_type": ptype, "pattern": pattern, "polarity": pol}]
        elif kind == "tag":
            tag = draw(st.sampled_from(sorted({*POSITIVE_TAGS, *NEGATIVE_TAGS})))
            pol = "positive" if tag in POSITIVE_TAGS else "negative"
            ev.update(signal_type="explicit_tag", tag=tag)
            ev["patterns"] = [{"preference_type": ptype, "pattern": pattern, "polarity": pol}]
        else:
            other = draw(small_names.filter(lambda p, chosen=pattern: p != chosen))
            ev["signal_type"] = "pairwise_comparison"
            ev["chose"] = {"patterns": [{"preference_type": ptype, "pattern": pattern}]}
            ev["over"] = {"patterns": [{"preference_type": ptype, "pattern": other}]}
        out.append({k: v for k, v in ev.items() if v is not None})
    return out


def _unseq(column: str, value: Any, ids: dict[int, str]) -> Any:
    """A preference column with the seqs it names replaced by event ids."""
    if column.endswith("_seq"):
        return ids.get(value, value)
    if column == "state" and value:
        state = json.loads(value)
        for key in [k for k in state if k.endswith("_seq")]:
            state[key] = ids.get(state[key], state[key])
        return json.dumps(state, sort_keys=True)
    return value


def rows(store: Store, user: str) -> dict[str, Any]:
    """Every row of the user that a bundle carries or that derivation makes from it, seqs replaced
    by event ids (two stores number their events differently)."""
    with store.raw() as con:
        ids = dict(con.execute("SELECT seq, event_id FROM creative_memory_events WHERE user_id = ?", (user,)))

        def q(sql: str) -> list[tuple[Any, ...]]:
            return con.execute(sql, (user,)).fetchall()

        events = q(
            "SELECT event_id, user_id, project_id, scope, signal_type, occurred_at, tag, session_id, artifact_id, "
            "payload, content_hash, source FROM creative_memory_events WHERE user_id = ? ORDER BY seq"
        )
        patterns = sorted(
            (ids[r[0]], *r[1:])
            for r in q(
                "SELECT seq, user_id, scope, preference_type, pattern, polarity, role "
                "FROM creative_memory_event_patterns WHERE user_id = ?"
            )
        )
        prefs = sorted(
            tuple(_unseq(k, v, ids) for k, v in zip(cols, r, strict=True))
            for cols in [
                [c[1] for c in con.execute("PRAGMA table_info(creative_memory_preferences)") if c[1] != "id"]
            ]
            for r in q(f"SELECT {', '.join(cols)} FROM creative_memory_preferences WHERE user_id = ?")
        )
        settings_ = q(
            "SELECT user_id, memory_enabled, learning_paused_until, using_paused_until, diagnostics_retention_days, "
            "memory_notes FROM creative_memory_settings WHERE user_id = ?"
        )
        projects = q(
            "SELECT user_id, project_id, use_memory, use_global_memory, learn_from_project "
            "FROM creative_memory_project_settings WHERE user_id = ? ORDER BY project_id"
        )
        derivation = q(
            "SELECT derivation_version, cache_key, set_digest, event_count, last_occurred_at "
            "FROM creative_memory_derivations WHERE user_id = ?"
        )
    return {
        "events": events,
        "patterns": patterns,
        "preferences": prefs,
        # No row is the defaults; a restore writes them down.
        "settings": settings_ or [(user, 1, None, None, controls.DEFAULT_RETENTION_DAYS, 0)],
        "projects": projects,
        "derivation": derivation,
    }


def fill(
    store: Store,
    user: str,
    events: list[dict[str, Any]],
    switches: list[tuple[str, bool, bool]],
    paused: bool,
) -> None:
    ingest_events(store, [validate_event(e) for e in events], default_user=user, now=NOW)
    for pid, use, learn in switches:
        controls.set_project(
            store, user, pid, use_memory=use, learn_from_project=learn, actor=Actor.CLI, now=NOW
        )
    if paused:
        controls.pause(store, user, until=NOW + 3_600_000, what="learning", actor=Actor.CLI, now=NOW)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    user=names,
    events=wire_events(),
    switches=st.lists(st.tuples(names, st.booleans(), st.booleans()), max_size=2, unique_by=lambda t: t[0]),
    paused=st.booleans(),
    how=st.sampled_from(["plain", "plain", "plain", "encrypted", "reset-backup"]),
)
def test_every_export_imports_and_gives_the_same_rows(
    user: str, events: list[dict[str, Any]], switches: list[tuple[str, bool, bool]], paused: bool, how: str
) -> None:
    user = unicodedata.normalize("NFC", user)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        source = Store.open(DataDir(folder / "a", "flag"))
        try:
            fill(source, user, events, switches, paused)
            before = rows(source, user)
            bundle = folder / "bundle.json"
            passphrase = PASSPHRASE if how == "encrypted" else None
            exporting.export_bundle(source, user, bundle, now=NOW, actor=Actor.CLI, passphrase=passphrase)
            if how == "reset-backup":  # what `reset --confirm --backup` does, then the restore
                reset.reset(source, user, confirm=True, actor=Actor.CLI, now=NOW)
                assert rows(source, user)["events"] == []
                target = source
            else:
                target = Store.open(DataDir(folder / "b", "flag"))
            try:
                res = importing.import_file(
                    target,
                    user,
                    bundle,
                    mode="replace",
                    now=NOW,
                    actor=Actor.CLI,
                    passphrase=(lambda: PASSPHRASE) if passphrase else None,
                )
                assert res.skipped == 0 and import_plan.RESTORE_NOTE in res.notes
                after = rows(target, user)
            finally:
                if target is not source:
                    target.close()
        finally:
            source.close()
    assert after == before


def test_the_property_covers_what_it_claims() -> None:
    """The generators reach every kind of name, payload and export the property speaks of."""
    seen: set[str] = set()

    @settings(max_examples=200, deadline=None)
    @given(events=wire_events(), how=st.sampled_from(["plain", "encrypted", "reset-backup"]))
    def probe(events: list[dict[str, Any]], how: str) -> None:
        seen.add(how)
        for e in events:
            seen.add(e["signal_type"])
            text = repr(e)
            if any(unicodedata.combining(ch) for ch in text):
                seen.add("combining")
            if e.get("diff") and "@" in e["diff"]:
                seen.add("secret")
            if unicodedata.normalize("NFC", text) != text:
                seen.add("decomposed")

    probe()
    assert {
        "plain",
        "encrypted",
        "reset-backup",
        "explicit_tag",
        "pairwise_comparison",
        "combining",
        "secret",
        "decomposed",
    } <= seen
