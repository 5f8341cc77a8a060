"""Point 4 of issue 32, "every export imports back": after any sequence of ingests (plain patterns,
tags, comparisons, edits that carry pages), forgets (a pattern, one polarity, one side of a
comparison, a session), decays and imports, the store's export imports into an empty store, and the
events it holds there equal the exported ones (property test)."""

from __future__ import annotations

import json
from typing import Any

import keyring.backends.fail
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from creative_memory.model.constants import Actor, Polarity
from creative_memory.model.tables import Event, PageDigest
from creative_memory.services.derivation.decay import refresh_decay
from creative_memory.services.forget import erasure, forgetting, session_forget
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store
from creative_memory.services.transfer.exporting import export_bundle
from creative_memory.services.transfer.importing import import_file

USER = "local"
DAY = 86_400_000
START = 1_793_500_000_000
PATTERNS = [("layout", "airy_spacing"), ("typography", "serif_headlines"), ("typography", "sans_headlines")]
PAGE = "<html><head><style>p{margin:8px 0;font-family:Helvetica,sans-serif}</style></head><body><p>x</p></body></html>"
EDITED = PAGE.replace("8px", "32px").replace("Helvetica,sans-serif", "Georgia,serif")

pattern = st.sampled_from(PATTERNS)
polarity = st.sampled_from(["positive", "negative"])


def _event(kind: str, n: int, day: int, a: tuple[str, str], b: tuple[str, str], pol: str) -> dict[str, Any]:
    base: dict[str, Any] = {
        "event_id": f"e{n}",
        "occurred_at": f"2026-11-{1 + day:02d}T10:00:00Z",
        "session_id": f"s{n % 3}",
        "project_id": "p_one" if n % 2 else None,
    }
    if kind == "plain":
        return base | {
            "signal_type": "manual_refinement",
            "patterns": [{"preference_type": a[0], "pattern": a[1], "polarity": pol}],
        }
    if kind == "tag":
        return base | {
            "signal_type": "explicit_tag",
            "tag": "love" if pol == "positive" else "never",
            "patterns": [{"preference_type": a[0], "pattern": a[1], "polarity": pol}],
        }
    if kind == "comparison":
        return base | {
            "signal_type": "pairwise_comparison",
            "chose": {"patterns": [{"preference_type": a[0], "pattern": a[1]}]},
            "over": {"patterns": [{"preference_type": b[0], "pattern": b[1]}]},
            "patterns": [{"preference_type": "layout", "pattern": "airy_spacing", "polarity": "positive"}],
        }
    if kind == "page_comparison":  # sides that are pages only
        return base | {
            "signal_type": "pairwise_comparison",
            "chose": {"page": EDITED},
            "over": {"page": PAGE},
        }
    if kind == "page_thumb":
        return base | {"signal_type": "thumbs_up", "page": EDITED}
    return base | {"signal_type": "manual_refinement", "page_before": PAGE, "page": EDITED}


ingest_step = st.tuples(
    st.just("ingest"),
    st.lists(
        st.tuples(
            st.sampled_from(["plain", "tag", "comparison", "page", "page_comparison", "page_thumb"]),
            st.integers(0, 20),
            pattern,
            pattern,
            polarity,
        ),
        min_size=1,
        max_size=4,
    ),
)
#: what the pages show (the extractor's names): a forget of one takes the page and keeps the rest
#: the page showed, which must import back too
PAGE_PATTERNS = [("spacing", "airy_spacing"), ("spacing", "tight_spacing"), ("typography", "serif_body_text")]
forget_step = st.tuples(
    st.just("forget"), st.one_of(pattern, st.sampled_from(PAGE_PATTERNS)), st.one_of(st.none(), polarity)
)
step = st.one_of(
    ingest_step,
    forget_step,
    st.tuples(st.just("forget_session"), st.integers(0, 2)),
    st.tuples(st.just("decay"), st.integers(1, 400)),
    st.tuples(st.just("reimport")),
)


def _stored(store: Store) -> tuple[list[tuple[Any, ...]], dict[str, str]]:
    with store.read() as s:
        events = sorted(
            (e.event_id, e.signal_type, e.scope, e.occurred_at, json.loads(e.payload))
            for e in s.scalars(select(Event).where(Event.user_id == USER))
        )
        digests = {d.digest_id: d.body for d in s.scalars(select(PageDigest))}
    return [(i, t, sc, at, json.dumps(p, sort_keys=True)) for i, t, sc, at, p in events], digests


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(step, min_size=1, max_size=6))
# found in review: a forget of a pattern a page showed took the page and left an event the import
# refused (decision 0106), for each kind of event that carries pages
@example(
    [
        ("ingest", [("page_thumb", 0, PATTERNS[0], PATTERNS[0], "positive")]),
        ("forget", PAGE_PATTERNS[0], None),
    ]
)
@example(
    [("ingest", [("page", 1, PATTERNS[0], PATTERNS[0], "positive")]), ("forget", PAGE_PATTERNS[0], None)]
)
@example(
    [
        ("ingest", [("page_comparison", 2, PATTERNS[0], PATTERNS[0], "positive")]),
        ("forget", PAGE_PATTERNS[0], None),
    ]
)
def test_every_export_imports_back(tmp_path_factory: pytest.TempPathFactory, steps: list[Any]) -> None:
    root = tmp_path_factory.mktemp("roundtrip")
    blocks = BlockChecker(
        SecretStore(config_dir=root / "cfg", keyring_backend=keyring.backends.fail.Keyring())
    )
    (root / "a").mkdir()
    store = Store.open(DataDir(root / "a", "flag"))
    now, n = START, 0
    try:
        for st_ in steps:
            now += DAY
            if st_[0] == "ingest":
                lines = []
                for kind, day, a, b, pol in st_[1]:
                    n += 1
                    lines.append(json.dumps(_event(kind, n, day, a, b, pol)))
                ingest_jsonl(
                    store, "\n".join(lines), default_user=USER, now=now, blocks=blocks, skip_invalid=True
                )
            elif st_[0] == "forget":
                (ptype, name), pol = st_[1], st_[2]
                target = erasure.Target(ptype, name, polarity=None if pol is None else Polarity(pol))
                try:
                    forgetting.forget(store, USER, [target], blocks=blocks, actor=Actor.CLI, now=now)
                except Exception as exc:  # nothing remembered about it: a sentence, nothing changed
                    assert "Nothing" in str(exc) or "nothing" in str(exc), exc
            elif st_[0] == "forget_session":
                try:
                    session_forget.forget_session(store, USER, f"s{st_[1]}", actor=Actor.CLI, now=now)
                except Exception as exc:
                    assert "session" in str(exc), exc
            elif st_[0] == "decay":
                refresh_decay(store, USER, now + st_[1] * DAY)
            else:  # the store's own export imported over itself (a merge: nothing new)
                path = root / f"self-{now}.json"
                export_bundle(store, USER, path, now=now, actor=Actor.CLI)
                import_file(store, USER, path, now=now, actor=Actor.CLI, blocks=blocks)
        bundle = root / "bundle.json"
        export_bundle(store, USER, bundle, now=now, actor=Actor.CLI)
        exported = _stored(store)
    finally:
        store.close()
    (root / "b").mkdir()
    other = Store.open(DataDir(root / "b", "flag"))
    try:
        import_file(other, USER, bundle, now=now, actor=Actor.CLI, blocks=blocks)
        assert _stored(other) == exported
    finally:
        other.close()
