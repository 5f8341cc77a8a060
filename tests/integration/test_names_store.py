"""Names and spellings on real stores: every name that can be stored can be inspected, forgotten,
switched and exported (in any script, in decomposed form), every spelling of a forgotten pattern
goes, a block holds for every spelling and for diffs, and gates are read under the normalised id.

"Gone" is checked by our own search of the raw bytes of the store's three files, folded for case
and separators, not by the service's receipt alone.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

import keyring.backends.fail
import pytest
from sqlalchemy import select

from creative_memory.model.constants import Actor
from creative_memory.model.tables import Event, Preference, ProjectSettings
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.context import check_user
from creative_memory.services.controls import controls
from creative_memory.services.derivation import rebuild
from creative_memory.services.forget import erasure, forgetting
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_events, validate_event
from creative_memory.services.inspection import queries
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval import retrieval
from creative_memory.services.store.store import Store
from creative_memory.services.transfer import exporting, importing

USER = "u"
T0 = 1_767_225_600_000  # 2026-01-01T00:00:00Z
NOW = T0 + 2 * 86_400_000

SCRIPTS = {  # preference type -> pattern, in several scripts
    "layout": "गहरा_नीला",  # Hindi: vowel signs and a virama are combining marks
    "imagery": "余白_広め",  # Japanese
    "typography": "خَط_عريض",  # Arabic with a haraka
    "color": "café_crème",  # Latin with accents
}
PROJECT = "p_café"


def nfd(s: str) -> str:
    return unicodedata.normalize("NFD", s)


def files_bytes(path: Path) -> bytes:
    out = b""
    for suffix in ("", "-wal", "-shm"):
        f = path.with_name(path.name + suffix)
        if f.exists():
            out += f.read_bytes()
    return out


def folded_forms(name: str) -> list[bytes]:
    """Our own list of what must not be left: the name's case and separator forms, NFC and NFD,
    searched in bytes folded for ASCII case and separators."""
    forms = set()
    for f in (name, name.upper(), name.title(), name.replace("_", " "), name.replace("_", "-")):
        for nf in ("NFC", "NFD"):
            forms.add(unicodedata.normalize(nf, f).encode().lower().replace(b"-", b"_").replace(b" ", b"_"))
    return sorted(forms)


def trace_count(path: Path, name: str) -> int:
    data = files_bytes(path).lower().replace(b"-", b"_").replace(b" ", b"_")
    return sum(data.count(f) for f in folded_forms(name))


@pytest.fixture
def blocks(tmp_path: Path) -> BlockChecker:
    return BlockChecker(
        SecretStore(config_dir=tmp_path / "cfg", keyring_backend=keyring.backends.fail.Keyring())
    )


def ingest(store: Store, events: list[dict[str, Any]], blocks: BlockChecker, user: str = USER) -> Any:
    return ingest_events(
        store, [validate_event(e) for e in events], default_user=user, now=NOW, blocks=blocks
    )


def ev(i: int, ptype: str, pattern: str, **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "event_id": f"e{i}",
        "signal_type": "explicit_tag",
        "tag": "love this",
        "occurred_at": f"2026-01-01T{i // 60:02d}:{i % 60:02d}:00Z",
        "session_id": f"s{i}",
        "patterns": [{"preference_type": ptype, "pattern": pattern, "polarity": "positive"}],
    }
    out.update(kw)
    return out


def script_events() -> list[dict[str, Any]]:
    """Each name three times, sent decomposed, some in a project whose id is decomposed too."""
    events = []
    n = 0
    for ptype, pattern in SCRIPTS.items():
        for k in range(3):
            n += 1
            extra = {"project_id": nfd(PROJECT)} if k == 2 else {}
            events.append(ev(n, nfd(ptype), nfd(pattern), **extra))
    n += 1
    events.append(ev(n, "layout", "keep_me", diff="made it " + nfd("café crème") + " and कम गहरा नीला"))
    return events


def test_names_in_several_scripts_can_be_inspected_switched_forgotten_and_exported(
    store: Store, blocks: BlockChecker, tmp_path: Path
) -> None:
    assert ingest(store, script_events(), blocks).accepted == 13
    with store.read() as s:
        shown = {(p.preference_type, p.pattern) for p in queries.inspect(s, USER)}
        stored_projects = set(s.scalars(select(Event.project_id).where(Event.project_id.is_not(None))))
    assert set(SCRIPTS.items()) <= shown  # stored NFC, whatever form was sent
    assert stored_projects == {PROJECT}

    # Switched: the decomposed spelling of the project id reaches the same switch and gate.
    row = controls.set_project(
        store, USER, nfd(PROJECT), use_memory=False, learn_from_project=False, actor=Actor.CLI, now=NOW
    )
    assert row.id == PROJECT and not row.use_memory
    with store.read() as s:
        assert [p.project_id for p in s.scalars(select(ProjectSettings))] == [PROJECT]
    for given in (PROJECT, nfd(PROJECT)):
        out = retrieval.run(store, retrieval.RetrievalRequest(USER, project_id=given, now=NOW, dry_run=True))
        assert out.block == "" and out.result.empty_reason is not None, given

    # Exported, and imported into an empty store (the bundle holds project:p_café scopes).
    bundle = tmp_path / "b.json"
    exporting.export_bundle(store, USER, bundle, now=NOW, actor=Actor.CLI)
    other = Store.open(DataDir(tmp_path / "other", "flag"))
    try:
        res = importing.import_file(other, USER, bundle, now=NOW, actor=Actor.CLI)
        assert res.events == 13
        with other.read() as s:
            assert set(SCRIPTS.items()) <= {
                (p.preference_type, p.pattern) for p in s.scalars(select(Preference))
            }
    finally:
        other.close()

    # Forgotten, each named in decomposed form: records, events, diff mentions and bytes all go.
    for ptype, pattern in SCRIPTS.items():
        assert trace_count(store.path, pattern) > 0
        r = forgetting.forget(
            store, USER, [erasure.Target(nfd(ptype), nfd(pattern))], blocks=blocks, actor=Actor.CLI, now=NOW
        )
        assert r.verified and r.preferences >= 1, (pattern, r.as_json())
        assert trace_count(store.path, pattern) == 0, pattern
    with store.read() as s:
        left = {(p.preference_type, p.pattern) for p in s.scalars(select(Preference))}
        diff = json.loads(s.scalars(select(Event.payload).where(Event.event_id == "e13")).one())["diff"]
    assert left == {("layout", "keep_me")}
    assert diff == "made it [forgotten] and कम [forgotten]"


def test_a_user_id_in_decomposed_form_is_the_same_user(store: Store, blocks: BlockChecker) -> None:
    user = check_user(nfd("zoë"))
    assert user == "zoë"
    with pytest.raises(InvalidInput, match="is not a user id"):
        check_user("zoë ")


# --------------------------------------------------------------------------- spellings
def test_forgetting_one_spelling_forgets_every_spelling_in_patterns_and_diffs(
    store: Store, blocks: BlockChecker
) -> None:
    events = [
        ev(1, "layout", "airy_spacing"),
        ev(2, "layout", "Airy-Spacing"),
        ev(3, "Layout", "AIRY_SPACING"),
        ev(4, "layout", "tight_grid", diff="Airy Spacing went; AIRY-SPACING too; airy spacing"),
        ev(5, "layout", "airy_spacings_v2"),  # another name: must stay
        ev(6, "layout", "tight_grid", project_id="p_1"),
    ]
    assert ingest(store, events, blocks).accepted == 6
    assert trace_count(store.path, "airy_spacing") > 0

    r = forgetting.forget(
        store, USER, [erasure.Target("layout", "airy_spacing")], blocks=blocks, actor=Actor.CLI, now=NOW
    )

    assert r.verified, r.as_json()
    assert r.events_deleted == 3 and r.events_rewritten == 1
    with store.read() as s:
        left = {(p.preference_type, p.pattern) for p in s.scalars(select(Preference))}
        diff = json.loads(s.scalars(select(Event.payload).where(Event.event_id == "e4")).one())["diff"]
    assert left == {("layout", "tight_grid"), ("layout", "airy_spacings_v2")}
    assert diff == "[forgotten] went; [forgotten] too; [forgotten]"
    # What is left in the files is exactly the other pattern that contains the name (live data).
    with store.read() as s:
        live = s.scalars(select(Preference.pattern).where(Preference.pattern == "airy_spacings_v2")).all()
    assert live and r.occurrences > 0 and any("other remembered data" in n for n in r.notes)


def test_a_block_holds_for_every_spelling_and_scrubs_incoming_diffs(
    store: Store, blocks: BlockChecker
) -> None:
    assert ingest(store, [ev(1, "imagery", "drop_shadows")], blocks).accepted == 1
    r = forgetting.forget(
        store,
        USER,
        [erasure.Target("imagery", "drop_shadows")],
        blocks=blocks,
        block=True,
        actor=Actor.CLI,
        now=NOW,
    )
    assert r.verified and r.blocked

    later = [
        ev(10, "imagery", "drop-shadows"),
        ev(11, "Imagery", "Drop_Shadows"),
        ev(12, "imagery", "DROP_SHADOWS"),
        ev(13, "layout", "flat_cards", diff="no more Drop Shadows, nor DROP-SHADOWS; drop shadowsy stays"),
    ]
    rep = ingest(store, later, blocks)
    assert rep.accepted == 1 and rep.ignored.get("blocked") == 3
    with store.read() as s:
        patterns = {p.pattern for p in s.scalars(select(Preference))}
        diff = json.loads(s.scalars(select(Event.payload).where(Event.event_id == "e13")).one())["diff"]
    assert patterns == {"flat_cards"}
    assert diff == "no more [blocked], nor [blocked]; [blocked]y stays"  # a mention inside a word too (0076)
    out = retrieval.run(store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW, dry_run=True))
    assert "shadow" not in out.block.lower()


def test_a_block_written_before_the_canonical_form_still_holds(store: Store, blocks: BlockChecker) -> None:
    """Old blocks keyed the exact spelling; they are honoured for that spelling."""
    from creative_memory.model.tables import Blocklist

    old_fp = blocks._secrets.fingerprint("imagery", "Drop_Shadows")  # the old key: exact spelling
    with store.write() as s:
        s.add(Blocklist(user_id=USER, fingerprint=old_fp, created_at=NOW))
    rep = ingest(store, [ev(1, "imagery", "Drop_Shadows"), ev(2, "imagery", "lens_flare")], blocks)
    assert rep.accepted == 1 and rep.ignored.get("blocked") == 1


# --------------------------------------------------------------------------- gates on the canonical id
def test_a_malformed_project_id_is_refused_never_a_bypass(store: Store, blocks: BlockChecker) -> None:
    assert ingest(store, [ev(i, "layout", "airy_spacing") for i in range(1, 4)], blocks).accepted == 3
    controls.set_project(
        store, USER, "p_nda", use_memory=False, use_global_memory=False, actor=Actor.CLI, now=NOW
    )
    assert (
        retrieval.run(
            store, retrieval.RetrievalRequest(USER, project_id="p_nda", now=NOW, dry_run=True)
        ).block
        == ""
    )
    assert (
        "airy spacing"
        in retrieval.run(
            store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW, dry_run=True)
        ).block
    )
    for bad in ("p_nda ", " p_nda", "p_nda\n", "p nda", ""):
        with pytest.raises(InvalidInput, match="is not a project id"):
            retrieval.run(store, retrieval.RetrievalRequest(USER, project_id=bad, now=NOW, dry_run=True))
        with pytest.raises(InvalidInput, match="is not a project id"):
            controls.set_project(store, USER, bad, use_memory=True, actor=Actor.CLI, now=NOW)
        with store.read() as s, pytest.raises(InvalidInput, match="is not a project id"):
            queries.inspect(s, USER, project_id=bad)
    with store.read() as s:
        assert [(p.project_id, p.use_memory) for p in s.scalars(select(ProjectSettings))] == [
            ("p_nda", False)
        ]


def test_a_decomposed_project_id_reads_the_gate_of_its_composed_form(
    store: Store, blocks: BlockChecker
) -> None:
    assert ingest(store, [ev(i, "layout", "airy_spacing") for i in range(1, 4)], blocks).accepted == 3
    controls.set_project(
        store, USER, "p_ndá", use_memory=False, use_global_memory=False, actor=Actor.CLI, now=NOW
    )
    assert (
        retrieval.run(
            store, retrieval.RetrievalRequest(USER, project_id=nfd("p_ndá"), now=NOW, dry_run=True)
        ).block
        == ""
    )


def test_a_spelling_stored_decomposed_by_an_earlier_version_is_forgotten(
    store: Store, blocks: BlockChecker
) -> None:
    """Earlier versions stored names as sent; forget finds every stored spelling in the index."""
    assert (
        ingest(
            store, [ev(i, "color", "café_crème") for i in (1, 2)] + [ev(3, "color", "cafe_creme")], blocks
        ).accepted
        == 3
    )
    decomposed = nfd("Café-Crème")
    with store.raw() as con:  # as an earlier version would have stored event e2
        con.execute("BEGIN IMMEDIATE")
        payload = con.execute("SELECT payload FROM creative_memory_events WHERE event_id = 'e2'").fetchone()[
            0
        ]
        con.execute(
            "UPDATE creative_memory_events SET payload = ? WHERE event_id = 'e2'",
            (payload.replace("café_crème", decomposed),),
        )
        con.execute(
            "UPDATE creative_memory_event_patterns SET pattern = ? WHERE seq = "
            "(SELECT seq FROM creative_memory_events WHERE event_id = 'e2')",
            (decomposed,),
        )
        con.execute("COMMIT")

    rebuild.rebuild(store, USER, NOW)
    r = forgetting.forget(
        store, USER, [erasure.Target("color", "CAFÉ_CRÈME")], blocks=blocks, actor=Actor.CLI, now=NOW
    )
    assert r.verified and r.events_deleted == 2, r.as_json()
    with store.read() as s:
        assert {p.pattern for p in s.scalars(select(Preference))} == {"cafe_creme"}  # another name
    assert trace_count(store.path, "café_crème") == 0
